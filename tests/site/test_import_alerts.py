"""A file's refusal is read out when it appears (player round 34: the import's error was tied to
the file field by aria-describedby alone, and a screen reader said nothing once a file was
chosen); a field's refusal is not an alert, since it is read with its field."""

from __future__ import annotations

import re

import pytest

from nqcompanion.page.army import army_html
from nqcompanion.page.builder import builder_html


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_imports_refusals_are_alerts_and_the_fields_are_not(lang: str) -> None:
    pages = {
        "nq-builder-import": builder_html(lang, "creating-a-profile.html", "Creating", {}),
        "nq-army-import": army_html(lang, "the-army.html", "The Army", {}),
    }
    for ident, page in pages.items():
        boxes = re.findall(r'<p class="nq-field-error" id="([^"]+)-error"([^>]*)>', page)
        alerts = [name for name, attributes in boxes if 'role="alert"' in attributes]
        assert alerts == [ident], (ident, boxes)
        assert len(boxes) > 1  # the other fields' boxes, no alerts
