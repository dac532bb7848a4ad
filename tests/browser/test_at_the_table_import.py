"""The At the table page's profile import given hostile files through its file field: each is
refused beside the field, in one sentence of the page's language (what ``nq points FILE`` says,
through ``nqcompanion.bridge.web.import_profile``), the profile kept as it was, no console error."""

from __future__ import annotations

from pathlib import Path

from nqcompanion.bridge.web import build, import_profile, profile_toml
from nqcore.cli.files import MAX_FILE_BYTES
from nqsphinx.messages import ui_text
from tests.browser.conftest import text_is, wait_until
from tests.browser.test_at_the_table import (  # noqa: F401 - the page, per language
    ENGINE_SECONDS,
    Table,
    table,
)

PROFILE = {"name": "Pikeman", "ac": 8, "ra": "-", "cc": 5, "st": 4, "t": 5, "w": 1, "co": 6}


def _profile(**changes: object) -> bytes:
    """The profile with its fields changed (written as the changes say, TOML text)."""
    kept = profile_toml({k: v for k, v in PROFILE.items() if k not in changes})
    return ("".join(f"{k} = {v}\n" for k, v in changes.items()) + kept).encode()


#: The hostile files, by name: deep nesting, a text for a table, arrays for weapons, a number
#: JSON cannot carry, a control character, invalid UTF-8, a file over the size limit, a key of
#: too many parts.
HOSTILE = {
    "deep.toml": _profile(weapons="[" * 3000 + "]" * 3000),
    "lourde.toml": _profile(armour='"lourde"'),
    "nested.toml": _profile(weapons="[[1, [2]]]"),
    "infinite.toml": _profile(ac="1e400"),
    "escape.toml": _profile(name='"Orc\\u001b[2J"', weapons='["sword\\r"]'),
    "latin1.toml": _profile(name='"\xe9t\xe9"').replace("\xe9".encode(), b"\xe9"),
    # 2,000 parts in 4 KB: tomllib's recursion overflowed the engine's stack in the page
    # (Pyodide's fatal error, then "undefined" is not valid JSON)
    "long-key.toml": _profile() + (".".join(["a"] * 2000) + " = 1\n").encode(),
    "huge.toml": _profile() + b"#" * MAX_FILE_BYTES,  # the last: its words checked in French
}


#: The Dwarf chosen at the moment the engine is ready, once, in the page loaded next: after the
#: builder opened its kept profile, before its load (each kept profile priced and named in the
#: page's language) went on.
CHOSEN_AT_ONCE = """(() => {
  if (!sessionStorage.getItem('nq-choose-at-once')) return;
  sessionStorage.removeItem('nq-choose-at-once');
  new MutationObserver((changes, observer) => {
    if (!document.querySelector('.nq-engine-status.nq-engine-ready')) return;
    observer.disconnect();
    const start = document.getElementById('nq-builder-start');
    start.value = 'dwarf';
    start.dispatchEvent(new Event('change', { bubbles: true }));
    window.nqChosenAtOnce = true;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
})()"""
#: The open profile and the list of kept profiles, as the page keeps them.
KEPT = "JSON.stringify([window.nqAtTable.builder.state, window.nqAtTable.builder.kept()])"


def test_hostile_files_are_refused_beside_the_file_field(table: Table, tmp_path: Path) -> None:  # noqa: F811
    """Each refused, the open profile and the list as they were: the first while the page still
    loads (the Dwarf chosen before the builder's load was done, which opened the book's first
    profile: Men At Arms), the others once it is done."""
    page, lang = table.page, table.lang
    page.add_init_script(CHOSEN_AT_ONCE)
    page.evaluate("localStorage.removeItem('nq-profiles')")
    page.evaluate("sessionStorage.setItem('nq-choose-at-once', 1)")
    page.reload()
    wait_until(page, "window.nqChosenAtOnce === true", timeout=ENGINE_SECONDS)
    dwarf = build({"start": "dwarf"}, lang)
    # player round nine: one sentence, its full stop after the engine's refusal
    said = ui_text("This file is not a profile the rules engine can price: {refusal}.", lang)
    box = page.locator("#nq-builder-import-error")
    kept = None
    for name, data in HOSTILE.items():
        path = tmp_path / name
        path.write_bytes(data)
        refusal = import_profile(data[: MAX_FILE_BYTES + 1], lang, name)["error"]
        assert (
            refusal.startswith((f"{name}: ", f"{name}\u00a0: ", f"{name}, "))
            and "\n" not in refusal
        )
        page.set_input_files("#nq-builder-import", str(path))
        choose = ui_text(
            "Choose instead a .toml file made with “Export the profile file (TOML)”.", lang
        )
        first = said.format(refusal=refusal)
        assert first.endswith(f"{refusal}.")
        wait_until(page, text_is("nq-builder-import-error", f"{first}\n{choose}"))
        assert box.is_visible()
        assert page.locator("#nq-builder-import").get_attribute("aria-invalid") == "true"
        page.evaluate("window.nqAtTable.drawn.then(() => window.nqAtTable.builder.idle())")
        assert page.evaluate("window.nqAtTable.builder.state.toml") == dwarf["toml"], name
        assert page.input_value("#nq-builder-name") == dwarf["fields"]["name"], name
        assert kept is None or page.evaluate(KEPT) == kept, name
        kept = page.evaluate(KEPT)
    if lang == "fr":  # the engine's words in French: the size limit, the armour's table
        assert "fichier trop volumineux\u00a0: plus de 1 Mio" in box.inner_text()
        lourde = import_profile(HOSTILE["lourde.toml"], "fr", "x")["error"]
        assert lourde.startswith("x\u00a0: l’armure doit être une table")
        escape = import_profile(HOSTILE["escape.toml"], "fr", "x")["error"]
        said = "x\u00a0: weapons nº 1\u00a0: un caractère de contrôle (U+000D) dans le texte"
        assert escape == said
    assert not table.errors, table.errors


def test_a_file_with_several_problems_shows_them_all(table: Table, tmp_path: Path) -> None:  # noqa: F811
    """Player round sixteen (L2): an import said only its first problem; the player fixed one
    field per try.  The problems counted, then listed, an item each, beside the field."""
    from tests.engine.test_profile_problems import BAD_TOML, SAID

    page, lang = table.page, table.lang
    wait_until(page, "window.nqAtTable && window.nqAtTable.builder", timeout=ENGINE_SECONDS)
    path = tmp_path / "several.toml"
    path.write_text(BAD_TOML, encoding="utf-8")
    problems = import_profile(BAD_TOML.encode(), lang, path.name)["error"].split("\n")
    assert len(problems) == len(SAID)
    counted = ui_text(
        "This file is not a profile the rules engine can price ({count} problems):", lang
    ).format(count=len(SAID))
    choose = ui_text(
        "Choose instead a .toml file made with “Export the profile file (TOML)”.", lang
    )
    page.set_input_files("#nq-builder-import", str(path))
    box = page.locator("#nq-builder-import-error")
    wait_until(page, text_is("nq-builder-import-error", counted + "".join(problems) + choose))
    assert box.locator("li").all_inner_texts() == problems
    assert page.locator("#nq-builder-import").get_attribute("aria-invalid") == "true"
    assert not table.errors, table.errors
