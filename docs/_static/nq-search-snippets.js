// The search page quotes each found page's text (Sphinx's Search.htmlToText): the elements the
// index skips (class no-search: the worked examples' folded engine code) are left out of it,
// so that no snippet quotes Python (nqsphinx/example_view.py adds this file to search.html only).
document.addEventListener("DOMContentLoaded", () => {
  if (typeof Search === "undefined" || !Search.htmlToText) return;
  const toText = Search.htmlToText;
  Search.htmlToText = (html, anchor) => {
    const page = new DOMParser().parseFromString(html, "text/html");
    page.querySelectorAll(".no-search").forEach((element) => element.remove());
    return toText(page.documentElement.outerHTML, anchor);
  };
});
