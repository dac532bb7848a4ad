// Runs several Lighthouse audits in one node process and one Chromium, as the CLI would run each
// (same flags, same desktop preset), writing each result (the CLI's JSON) to its file.
//
//   node audit_all.mjs JOBS.json
//
// JOBS.json: {"chromeFlags": [...], "categories": [...], "jobs": [{"url", "formFactor", "output"}]}.
// Lighthouse opens a new tab per audit and resets the site's storage first, as a fresh profile.
import { readFileSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH,
  chromeFlags: spec.chromeFlags,
  logLevel: "silent",
});
let status = 0;
try {
  for (const job of spec.jobs) {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "silent",
      onlyCategories: spec.categories,
      disableFullPageScreenshot: true,
      enableErrorReporting: false,
      channel: "cli",
      ...(job.formFactor === "desktop" ? {} : { formFactor: "mobile" }),
    };
    const config = job.formFactor === "desktop" ? desktopConfig : undefined;
    const result = await lighthouse(job.url, flags, config);
    writeFileSync(job.output, result.report);
    if (result.lhr.runtimeError) {
      process.stderr.write(`${job.url} (${job.formFactor}): ${result.lhr.runtimeError.message}\n`);
      status = 1;
    }
  }
} finally {
  await chrome.kill();
}
process.exit(status);
