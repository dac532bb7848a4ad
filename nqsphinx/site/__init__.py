"""The HTML site around the pages: search, style, hosting, Content-Security-Policy,
accessibility, the offline companion and archive, downloads, bundles, the "At the table" page.

``python -m nqsphinx.site.root_page`` and ``python -m nqsphinx.site.archive`` run after the
builds and import neither Sphinx nor the extension's other parts."""
