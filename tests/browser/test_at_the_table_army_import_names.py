"""An army file made on the French page names its entries after their book profiles in French
(« Guerrier squelette »): imported on the English page, in a browser that never opened the
French one, the entries are named in English, and the names the player typed stay (player round
ten: "Unit · Guerrier squelette" on the English roster)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nqcompanion.bridge.web_starting import starting_choices
from tests.browser.conftest import Site, wait_until
from tests.browser.test_at_table_state import _open

FRENCH_ARMY = """name = "Légion du Tertre"
points = 1000

[[unit]]
name = "{skeletons}"
profile = "skeleton-warrior"
models = 20
formation = "ranked"

[[unit]]
name = "Mes goules"
profile = "craven-ghouls"
models = 11
formation = "skirmish"
"""


def test_a_french_file_is_named_in_english_on_a_first_visit(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    french, english = dict(starting_choices("fr")), dict(starting_choices("en"))
    army = tmp_path / "legion.toml"
    army.write_text(FRENCH_ARMY.format(skeletons=french["skeleton-warrior"]), encoding="utf-8")
    watched = _open(browser, site, "1366", "en")
    page = watched.page
    page.set_input_files("#nq-army-import", str(army))
    wait_until(page, "window.nqAtTable.army.state.data?.name === 'Légion du Tertre'", timeout=60)
    wait_until(page, "window.nqAtTable.army.state.data.unit[0].name !== 'Guerrier squelette'")
    names = page.evaluate("window.nqAtTable.army.state.data.unit.map((u) => u.name)")
    assert names == [english["skeleton-warrior"], "Mes goules"]
    field = "document.getElementById('nq-army-unit-0-name').value"
    wait_until(page, f"{field} === {json.dumps(english['skeleton-warrior'])}", timeout=30)
    page.context.close()
