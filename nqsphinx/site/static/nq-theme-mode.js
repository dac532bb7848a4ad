// Furo's theme script, out of the page for the Content-Security-Policy (nqsphinx.site.csp): loaded at
// the start of <body>, it applies the reader's light, dark or automatic choice before drawing.
// A browser that refuses this site its storage (site data blocked) throws at every use of it:
// Furo's, Sphinx's and the page's scripts get a storage in this page's memory instead, marked
// ``nqInMemory``, so that the builders say that nothing they make is kept (nq-kept.js).
for (const name of ["localStorage", "sessionStorage"]) {
  try {
    void window[name].length;
  } catch {
    const items = new Map();
    const memory = {
      nqInMemory: true,
      get length() { return items.size; },
      key: (index) => [...items.keys()][index] ?? null,
      getItem: (key) => (items.has(String(key)) ? items.get(String(key)) : null),
      setItem: (key, value) => { items.set(String(key), String(value)); },
      removeItem: (key) => { items.delete(String(key)); },
      clear: () => items.clear(),
    };
    try { Object.defineProperty(window, name, { value: memory, configurable: true }); } catch { /**/ }
  }
}
document.body.dataset.theme = localStorage.getItem("theme") || "auto";
// Served from the web, not the downloaded copy opened as files (where the browser refuses the
// calculators' module script): the calculators' page says it is loading from the start, not
// that they need the site served (nqcompanion's engine_box, nq-at-table.css).
if (window.location.protocol !== "file:") document.body.classList.add("nq-served");
