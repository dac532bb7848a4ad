"""English writes a percentage against its number ("10%"), as the rules do some 530 times;
French spaces it (« 10 % », a no-break space the build puts in). Checked on the English of every
catalogue: the pages, the engine, the extension, the theme and the print products."""

from __future__ import annotations

import re

from nqcore import po
from tests.test_french_capitals import CATALOGUES, ROOT

SPACED = re.compile(r"\d[ \u00a0\u202f]%")


def test_english_sets_a_percentage_against_its_number() -> None:
    spaced = [
        f"{path.relative_to(ROOT)}:{entry.lineno}: {match.group(0)!r}"
        for path in CATALOGUES
        for entry in po.messages(po.read(path.read_bytes()))
        for english in po.ids(entry)
        for match in SPACED.finditer(english)
    ]
    assert CATALOGUES and spaced == []
