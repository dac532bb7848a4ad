"""The print products: quick-reference sheet, spell cards, templates and counters, per language.

Each product is LaTeX written from engine data (``nqcore``) in the reader's language and compiled
with xelatex: ``python -m nqprint --lang fr --out _build/pdf``.  Nothing is typed twice: labels
come from the engine catalogue, the products' own words from ``nqprint.po``.
"""
