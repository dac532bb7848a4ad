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

// A renderer that crashes (TARGET_CRASHED: memory pressure on a small CI machine, stop 45) says
// nothing of the page: the audit runs once more in a new tab, and a second crash is reported.
async function audited(job, flags, config) {
  try {
    return await lighthouse(job.url, flags, config);
  } catch (error) {
    if (error?.code !== "TARGET_CRASHED") throw error;
    process.stderr.write(`${job.url} (${job.formFactor}): the tab crashed, audited again\n`);
    return await lighthouse(job.url, flags, config);
  }
}
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
    const result = await audited(job, flags, config);
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
