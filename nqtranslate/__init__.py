"""The translation tooling: catalogues extracted, merged, tidied, checked and counted.

``python -m nqtranslate update|tidy|status|check|lint|spelling|glossary|pseudo`` (or each module
with ``python -m nqtranslate.<module>``); the Makefile's ``update-po``, ``tidy-po`` and
``translation-status`` call them. The Sphinx extension uses :mod:`nqtranslate.guard` to refuse a
bad catalogue before a translated build reads it; nothing here imports the extension's build
parts (the theme's words are extracted here, :mod:`nqtranslate.theme_words`).
"""
