"""The print editions: the PDF rulebook's LaTeX, the EPUB, and what both leave out of the site."""
