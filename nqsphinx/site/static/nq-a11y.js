// What the pages need for every reader (WCAG 2.1 AA) that Furo leaves out; each part names the
// failure it removes.  Loaded by nqsphinx.site.accessibility; nq-a11y.css is its stylesheet.

// The theme switch says which mode is on (WCAG 4.1.2, name, role, value): Furo's button names
// only its action ("Toggle Light / Dark / Auto color theme"), in every mode.  Its name starts
// with the mode, in the words of the mode icons' titles (partials/icons.html, translated), and a
// status message says the new mode when it changes.
document.addEventListener("DOMContentLoaded", () => {
  const buttons = [...document.querySelectorAll("button.theme-toggle")];
  if (!buttons.length) return;
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  const action = buttons[0].getAttribute("aria-label");
  const status = document.createElement("p");
  status.className = "nq-visually-hidden nq-theme-status";
  status.setAttribute("role", "status");
  (document.querySelector("[role=main]") || document.body).append(status);
  const mode = () => {
    const theme = document.body.dataset.theme || "auto";
    const icon = theme === "dark" ? "svg-moon" : theme === "light" ? "svg-sun"
      : dark.matches ? "svg-moon-with-sun" : "svg-sun-with-moon";
    const title = document.querySelector(`#${icon} > title`);
    return title ? title.textContent.trim() : theme;
  };
  let shown = null;
  const update = () => {
    const now = mode();
    for (const button of buttons) button.setAttribute("aria-label", `${now} — ${action}`);
    if (shown !== null && now !== shown) status.textContent = now;
    shown = now;
  };
  new MutationObserver(update).observe(document.body, { attributeFilter: ["data-theme"] });
  dark.addEventListener("change", update);
  update();
});

// A code block wider than the screen scrolls inside itself; a keyboard can scroll it only if it
// can take the focus (axe: scrollable-region-focusable, WCAG 2.1.1).  Those that scroll get
// tabindex="0", updated when their width changes (a phone turned, a window resized).
document.addEventListener("DOMContentLoaded", () => {
  const blocks = document.querySelectorAll("div.highlight pre");
  const check = (block) => {
    if (block.scrollWidth > block.clientWidth) block.setAttribute("tabindex", "0");
    else block.removeAttribute("tabindex");
  };
  const observer = new ResizeObserver((entries) => entries.forEach((e) => check(e.target)));
  for (const block of blocks) {
    check(block);
    observer.observe(block);
  }
});
