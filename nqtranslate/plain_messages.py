"""Which translations are plain text: one line that MyST turns into a paragraph of that very
text. The build sets such a message without parsing it (:mod:`nqsphinx.upstream.locale_patch`),
and the translators' checks (:mod:`nqtranslate.guard`, :mod:`nqtranslate.structure`) read a
message that is not plain as markup."""

from __future__ import annotations

import re

#: One line of text that MyST turns into a paragraph holding just that text: letters, digits,
#: spaces and punctuation that no Markdown or MyST rule reads (checked against MyST for every
#: message of locale/ by tests/test_upstream_patches.py).
_PLAIN = re.compile(r"[^\W_](?:[^\W_]|[ ,.;:!?'’«»()\-–—…/])*")


_LIST_START = re.compile(r"\d+[.)]")


def plain_text(msgstr: str) -> bool:
    """Whether ``msgstr`` parses to one paragraph of that very text, whatever the parser."""
    return (
        "  " not in msgstr
        and msgstr == msgstr.rstrip()
        and _PLAIN.fullmatch(msgstr) is not None
        and _LIST_START.match(msgstr) is None
        and not msgstr.endswith((":", "-"))
    )
