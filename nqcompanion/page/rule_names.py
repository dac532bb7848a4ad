"""The rule sections the engine's answers name in brackets ("… has no effect (Dodge)."), each
with its address, so that the At the table page links the name where an answer says it.

The engine writes a section's heading in brackets after a note or a refusal, in the reader's
language (its catalogue translates the heading with the sentence).  The page is given only the
headings some message of the engine holds in brackets, not every section of the site: a phone
downloads a few kilobytes, not the book's table of contents.
"""

from __future__ import annotations

import functools

from nqcore.i18n import DOMAIN, LOCALE_DIR, SOURCE_LANGUAGE, catalogue_messages
from nqtranslate.cited_rules import cited_names


@functools.cache
def bracketed_names(lang: str) -> frozenset[str]:
    """Every text the engine's messages hold in brackets, in ``lang``: its catalogue's
    translations, or for the source language the messages every catalogue translates."""
    if lang == SOURCE_LANGUAGE:
        languages = sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir())
        texts = [t for other in languages for t in catalogue_messages(LOCALE_DIR, other, DOMAIN)]
    else:
        texts = list(catalogue_messages(LOCALE_DIR, lang, DOMAIN).values())
    return frozenset(name for text in texts for name in cited_names(text))


def named_sections(
    lang: str, labels: dict[str, tuple[str, str, str]], uri: dict[str, str]
) -> dict[str, str]:
    """The headings of ``labels`` (label: document, anchor, heading) that the engine's messages
    name in brackets, each with its address (``uri``: a document's address from the page);
    the first label in sorted order for a heading two sections share."""
    named = bracketed_names(lang)
    found: dict[str, str] = {}
    for _, (document, anchor, heading) in sorted(labels.items()):
        if heading in named and anchor and heading not in found and document in uri:
            found[heading] = f"{uri[document]}#{anchor}"
    return found
