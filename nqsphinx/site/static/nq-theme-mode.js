// Furo's theme script, out of the page for the Content-Security-Policy (nqsphinx.site.csp): loaded at
// the start of <body>, it applies the reader's light, dark or automatic choice before drawing.
document.body.dataset.theme = localStorage.getItem("theme") || "auto";
// Served from the web, not the downloaded copy opened as files (where the browser refuses the
// calculators' module script): the calculators' page says it is loading from the start, not
// that they need the site served (nqcompanion's engine_box, nq-at-table.css).
if (window.location.protocol !== "file:") document.body.classList.add("nq-served");
