"""The At the table page's profile import (``nqcompanion.bridge.web.import_profile``, the Python
function the page's worker calls through ``ask_json``) given hostile files: random TOML documents,
deep nesting, wrong types, huge and non-finite numbers, control characters, random bytes, invalid
UTF-8.  Every outcome is a profile or a refusal of one line naming the file (and the field where
one is to blame), in the page's language; never an exception; the JSON the page reads is valid."""

from __future__ import annotations

import base64
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nqcompanion.bridge.web import ask_json, file_name, import_profile, profile_toml
from nqcore.cli.files import MAX_FILE_BYTES

PROFILE = {
    "name": "Pikeman",
    "ac": 8,
    "ra": "-",
    "cc": 5,
    "st": 4,
    "t": 5,
    "w": 1,
    "co": 6,
    "weapons": ["spear", {"key": "bow"}],
    "abilities": [{"key": "extra-attack", "level": "x2"}],
    "armour": {"value": 2, "shield": True},
}
FIELDS = [*PROFILE, "type", "size", "traits", "equipment", "element", "mutations", "spells", "ar"]
HOSTILE = dict(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

#: Any text, control characters and lone surrogates included.
texts = st.text(st.characters(codec=None, exclude_categories=()), max_size=20)
numbers = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),  # nan, inf, -0.0 included
    st.sampled_from([1e400, -1e400, 0.5, 7.0, -0.0, 2**63, -(2**63) - 1]),
)
scalars = st.one_of(st.booleans(), numbers, texts)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(FIELDS) | texts, inner, max_size=4),
    ),
    max_leaves=12,
)


def toml_of(record: dict[str, Any]) -> bytes:
    """``record`` as TOML (the builder's own writer: strings as JSON writes them, which TOML
    reads but for lone surrogates, refused as TOML then)."""
    return profile_toml(record).encode("utf-8", "surrogatepass")


def check(outcome: dict[str, Any], name: str) -> None:
    """A profile, or a refusal of a line a problem, each naming the file; JSON as the page
    reads it."""
    json.dumps(outcome, allow_nan=False)
    if "error" in outcome:
        error = outcome["error"]
        assert isinstance(error, str) and "Traceback" not in error
        named = name if not name.startswith("-") else f"./{name}"  # as nq is given it
        for line in error.split("\n"):
            assert line.startswith((f"{named}:", f"{named}\u00a0:", f"{named}, ")), error
            assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in line), error
    else:
        keys = {"toml", "name", "fields", "picks", "points", "card", "summary", "beside"}
        assert set(outcome) == keys, outcome
        assert "error" not in outcome["points"], outcome["points"]
        assert outcome["points"]["json"]["points"] >= 0


@pytest.mark.slow  # 1,500 files priced twice each: a minute (the page's import of a good file)
@settings(max_examples=1500, **HOSTILE)
@given(changes=st.dictionaries(st.sampled_from(FIELDS) | texts, values, max_size=4))
def test_a_profile_with_hostile_fields(changes: dict[str, Any]) -> None:
    check(import_profile(toml_of(PROFILE | changes), "en", "mine.toml"), "mine.toml")


@pytest.mark.slow
@settings(max_examples=500, **HOSTILE)
@given(record=st.dictionaries(texts, values, max_size=6), lang=st.sampled_from(["en", "fr"]))
def test_a_random_toml_document(record: dict[str, Any], lang: str) -> None:
    check(import_profile(toml_of(record), lang, "any.toml"), "any.toml")


@settings(max_examples=500, **HOSTILE)
@given(data=st.binary(max_size=300), name=texts)
def test_random_bytes_under_any_file_name(data: bytes, name: str) -> None:
    answer = json.loads(
        ask_json(
            json.dumps({"import": base64.b64encode(data).decode(), "file": name, "lang": "fr"})
        )
    )
    check(answer, file_name(name))


@settings(max_examples=300, **HOSTILE)
@given(
    depth=st.integers(min_value=1, max_value=4000),
    opening=st.sampled_from(["[", "{ a = ", "[{ b = "]),
    field=st.sampled_from(["weapons", "armour", "element", "name"]),
)
def test_deep_nesting(depth: int, opening: str, field: str) -> None:
    closing = {"[": "]", "{ a = ": " }", "[{ b = ": " }]"}[opening]
    text = f"{field} = {opening * depth}1{closing * depth}\n" + profile_toml(PROFILE)
    check(import_profile(text.encode(), "en", "deep.toml"), "deep.toml")


@settings(max_examples=300, **HOSTILE)
@given(data=st.binary(min_size=1, max_size=40), at=st.integers(min_value=0, max_value=200))
def test_invalid_utf8_and_bytes_inside_a_profile(data: bytes, at: int) -> None:
    text = toml_of(PROFILE)
    check(import_profile(text[:at] + data + text[at:], "fr", "mine.toml"), "mine.toml")


@pytest.mark.parametrize(
    ("change", "english", "french"),
    [
        (
            "ac = 1e400",
            "mine.toml: ac: not a finite number (inf)",
            "mine.toml\u00a0: ac\u00a0: nombre non fini (inf)",
        ),
        (
            "ac = nan",
            "mine.toml: ac: not a finite number (nan)",
            "mine.toml\u00a0: ac\u00a0: nombre non fini (nan)",
        ),
        (
            "ac = 8.0",
            "mine.toml: AC must be a whole number, not 8.0",
            "Ac doit être un nombre entier, et non 8.0",
        ),
        (
            "ac = 99999999999999999999",
            "mine.toml: ac: an integer beyond TOML's 64-bit range",
            "mine.toml\u00a0: ac\u00a0: ",
        ),
        (
            'armour = "lourde"',
            "mine.toml: armour must be a table such as",
            "mine.toml\u00a0: l’armure doit être une table",
        ),
        (
            "weapons = [[1, [2]]]",
            "mine.toml: weapons #1: [1, [2]] is neither an armoury key nor a weapon table",
            "mine.toml\u00a0: weapons nº 1\u00a0: [1, [2]] n’est ",
        ),
        (
            "weapons = " + "[" * 3000 + "]" * 3000,
            "mine.toml: nested deeper than 32 levels",
            "mine.toml\u00a0: imbriqué sur plus de 32 niveaux",
        ),
    ],
)
def test_the_reported_attacks_are_refused_in_both_languages(
    change: str, english: str, french: str
) -> None:
    field = change.split(" = ")[0]
    text = change + "\n" + profile_toml({k: v for k, v in PROFILE.items() if k != field})
    for lang, said in (("en", english), ("fr", french)):
        answer = json.loads(
            ask_json(
                json.dumps(
                    {
                        "import": base64.b64encode(text.encode()).decode(),
                        "file": "mine.toml",
                        "lang": lang,
                    }
                )
            )
        )
        assert said in answer["error"], answer
        check(answer, "mine.toml")


def test_a_file_over_the_limit_is_refused_as_too_large_naming_the_limit() -> None:
    data = profile_toml(PROFILE).encode() + b"#" * MAX_FILE_BYTES
    assert (
        import_profile(data, "en", "big.toml")["error"]
        == "big.toml: cannot read the file (larger than 1 MiB)"
    )
    said = import_profile(data[: MAX_FILE_BYTES + 1], "fr", "big.toml")["error"]
    assert said.startswith("big.toml\u00a0: ") and "1 Mio" in said


def test_a_good_file_is_imported_and_the_json_is_strict() -> None:
    answer = import_profile(toml_of(PROFILE), "fr", "mine.toml")
    check(answer, "mine.toml")
    assert answer["fields"]["name"] == "Pikeman" and answer["fields"]["shield"] is True

    def no_constant(word: str) -> float:
        raise AssertionError(word)

    request = json.dumps({"import": base64.b64encode(toml_of(PROFILE)).decode(), "lang": "en"})
    assert math.isfinite(
        json.loads(ask_json(request), parse_constant=no_constant)["points"]["json"]["points"]
    )


@pytest.mark.parametrize(
    ("lang", "builder"), [("en", "profile builder"), ("fr", "créateur de profil")]
)
def test_an_unknown_profile_on_the_page_is_not_told_to_name_a_file(lang: str, builder: str) -> None:
    """``nq army`` reads ``profile = { file = ... }`` beside the army file; the page, which then
    refuses it, named that way among the others (player round twelve): here it names the
    profile builder instead, at the entry's field."""
    from nqcompanion.bridge.web_army import import_army

    text = (
        'name = "A"\npoints = 500\n[[unit]]\nname = "X"\nprofile = "no-such-thing"\nmodels = 10\n'
    )
    answer = import_army(text.encode(), lang)
    assert "file =" not in answer["error"] and builder in answer["error"], answer
    assert answer["entry"] == {"kind": "unit", "index": 0} and answer["field"] == "profile"


def test_a_word_a_choice_does_not_take_is_told_with_those_it_takes() -> None:
    """``formation = "wedge"``: the choices, as the file writes them (player round twelve: a
    player could not guess "skirmish" from the builder's "Skirmished")."""
    from nqcompanion.bridge.web_army import import_army

    text = 'name = "A"\npoints = 500\n[[unit]]\nname = "X"\nprofile = "orc-bruiser"\nmodels = 10\n'
    answer = import_army((text + 'formation = "wedge"\n').encode(), "fr")
    assert answer["error"].endswith(
        "« wedge » n’est pas l’un des choix\xa0: ranked, closed, skirmish, dispersed"
    ), answer


def test_the_worker_answers_one_line_to_what_the_page_never_asks() -> None:
    """A request too deep to read (a RecursionError escaped the fault's own reading), and the
    export, which wrote a file on the worker's disk (attack round twenty-two): one line each."""
    deep = json.loads(ask_json("[" * 100_000 + "]" * 100_000))
    assert deep["error"].startswith("the engine could not answer (RecursionError"), deep
    for lang in ("en", "fr"):
        request = {"lang": lang, "argv": ["export", "--output", "/tmp/nq-export-by-the-page.json"]}
        said = json.loads(ask_json(json.dumps(request)))
        assert "nq export" in said["error"] and "\n" not in said["error"], said
    assert not Path("/tmp/nq-export-by-the-page.json").exists()


def test_a_file_under_the_limit_written_out_longer_gets_its_own_refusal() -> None:
    """Attacker round 20: an army of 988,911 bytes (110,000 unknown ``k<i>=1`` keys) was
    refused as "larger than 1 MiB" once the page had written it out (``k0 = 1``); ``nq army``
    names its unknown field."""
    from nqcompanion.bridge.web_army import import_army

    text = 'name = "x"\npoints = 1000\n' + "".join(f"k{i}=1\n" for i in range(110_000))
    assert len(text) < MAX_FILE_BYTES
    said = import_army(text.encode(), "en", "keys.toml")["error"]
    assert "larger than" not in said and "unknown field" in said, said[:300]
