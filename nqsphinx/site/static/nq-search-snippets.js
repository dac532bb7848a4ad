// The search page quotes each found page's text (Sphinx's Search.htmlToText): the elements the
// index skips (class no-search: the worked examples' folded engine code) are left out of it,
// so that no snippet quotes Python (nqsphinx/directives/example_view.py adds this file to search.html only).
// So are the forms of the calculators, the engine's notice and the glossary's filter box, which
// the index skips too (nqsphinx/site/search.py, UnindexedRaw): a snippet quoted their labels glued
// ("Models at the start of the gameCasualties in each turn"). Blocks are joined with a space.
// Opened from the disk (file:, the offline archive), the browser refuses to fetch the found pages
// (Chromium logged an error for each one): the results are listed without their snippets.
if (window.location.protocol === "file:" && typeof DOCUMENTATION_OPTIONS !== "undefined") {
  DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;
}
document.addEventListener("DOMContentLoaded", () => {
  if (typeof Search === "undefined" || !Search.htmlToText) return;
  const toText = Search.htmlToText;
  const NOT_PROSE = "form, .nq-engine-status, .nq-glossary-filter, .nq-glossary-az";
  const BLOCKS = "p, li, dt, dd, th, td, caption, h1, h2, h3, h4, h5, h6, label, legend, div";
  Search.htmlToText = (html, anchor) => {
    const page = new DOMParser().parseFromString(html, "text/html");
    page.querySelectorAll(".no-search").forEach((element) => element.remove());
    page.querySelectorAll(NOT_PROSE).forEach((element) => element.remove());
    page.querySelectorAll(BLOCKS).forEach((element) => element.append(" "));
    return toText(page.documentElement.outerHTML, anchor);
  };
});
