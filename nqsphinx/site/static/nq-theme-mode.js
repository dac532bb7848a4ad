// Furo's theme script, out of the page for the Content-Security-Policy (nqsphinx.site.csp): loaded at
// the start of <body>, it applies the reader's light, dark or automatic choice before drawing.
document.body.dataset.theme = localStorage.getItem("theme") || "auto";
