// The search page quotes each found page's text (Sphinx's Search.htmlToText): the elements the
// index skips (class no-search: the worked examples' folded engine code) are left out of it,
// so that no snippet quotes Python (nqsphinx/directives/example_view.py adds this file to search.html only).
// Opened from the disk (file:, the offline archive), the browser refuses to fetch the found pages
// (Chromium logged an error for each one): the results are listed without their snippets.
if (window.location.protocol === "file:" && typeof DOCUMENTATION_OPTIONS !== "undefined") {
  DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;
}
document.addEventListener("DOMContentLoaded", () => {
  if (typeof Search === "undefined" || !Search.htmlToText) return;
  const toText = Search.htmlToText;
  Search.htmlToText = (html, anchor) => {
    const page = new DOMParser().parseFromString(html, "text/html");
    page.querySelectorAll(".no-search").forEach((element) => element.remove());
    return toText(page.documentElement.outerHTML, anchor);
  };
});
