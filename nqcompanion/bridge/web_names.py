"""The names of the profile builder's file (:func:`nqcompanion.bridge.web.build`): the file is the
player's, written once in the language of the page that made it and never rewritten by another
page that prices it; what a page shows of a book's profile is that profile's name in the page's
language; and the subjects of the errata an answer's reading follows, as the page links them."""

from __future__ import annotations

from functools import cache
from typing import Any

from nqcore.army.names import check_name
from nqcore.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, Msg, Refusal, colon, translator
from nqcore.places import place_in

#: The ``source`` of a book's profile the player changed: no longer the book's, made from it.
MADE_FROM = N_("made from {source}")


def made_from(record: dict[str, Any], before: dict[str, Any], lang: str) -> None:
    """A book's profile (its ``key``) the builder changed is the player's: its file loses the
    book's key (``nq`` and the army builder would take it for the book's) and its ``source``
    says what it was made from, in ``lang``."""
    if "key" not in record or record == before:
        return
    key = record.pop("key")
    made = translator(lang)(MADE_FROM).format(source=record.get("source") or key)
    record["source"] = made


def written_name(text: str) -> None:
    """A name the profile's reader would refuse (DEL, U+2028, a lone surrogate), refused before
    it is written into the file the page keeps, as that field's."""
    try:
        check_name(text)
    except Refusal as error:
        raise error.about("name") from None


@cache
def _book_names() -> dict[str, Msg]:
    """The starting profiles' names (engine msgids), by key."""
    from nqcompanion.bridge.web_starting import starting_profiles, starting_record

    return {key: Msg(starting_record(key)["name"]) for key, _name in starting_profiles()}


@cache
def _said_in_any() -> dict[str, Msg]:
    """Each starting profile's name in every language, to its msgid."""
    return {
        translator(code)(msgid): msgid for msgid in _book_names().values() for code in LANGUAGES
    }


def shown_name(record: dict[str, Any], lang: str) -> str:
    """The name the page of ``lang`` shows for the profile ``record``: a book's profile (its
    ``key``), or one named as a book's profile is in any language (made from it, not renamed),
    by that profile's name in ``lang``; so is one never named (the blank profile's name in any
    language); any other name as the file has it."""
    name = str(record.get("name", ""))
    key = record.get("key")
    msgid = _book_names().get(key) if isinstance(key, str) else None
    msgid = msgid or _said_in_any().get(name) or _untitled().get(name)
    return translator(lang)(msgid) if msgid is not None else name


@cache
def _untitled() -> dict[str, Msg]:
    """The blank profile's name in every language ("New profile", « Nouveau profil »), to its
    msgid: a profile the player never named is shown untitled in the page's language."""
    from nqcore.army.characteristics import BLANK_NAME

    return {translator(code)(BLANK_NAME): BLANK_NAME for code in LANGUAGES}


def unplaced(priced: dict[str, Any], name: str, lang: str) -> dict[str, Any]:
    """A refusal of the builder's own profile without the name of the file it is kept in
    ("profile.toml: ST 99 is beyond ..."): the player typed a field, and chose no file."""
    if "error" not in priced:
        return priced
    said = {
        "error": f"{place_in(name, lang)}{colon(lang)}",
        "message": f"{name}{colon(SOURCE_LANGUAGE)}",
    }
    for key, prefix in said.items():
        if str(priced.get(key, "")).startswith(prefix):
            priced = priced | {key: priced[key][len(prefix) :]}
    return priced


def answer_readings(answer: dict[str, Any], lang: str) -> list[dict[str, str]]:
    """The errata and open questions whose readings an answer's notes follow, each once: its
    id (the page links to its record) and its subject in ``lang`` (player round 22: "see the
    errata" linked nowhere)."""
    from nqcore.rules.answer_notes import Note

    ids = [n.reading for n in answer.get("notes", []) if isinstance(n, Note) and n.reading]
    return reading_links(ids, lang)


def reading_links(ids: list[str], lang: str) -> list[dict[str, str]]:
    """Each erratum or open question of ``ids`` once, by its id and its subject in ``lang``."""
    from nqcore.book.errata import all_errata

    records = {erratum.id: erratum for erratum in all_errata()}
    _ = translator(lang)
    return [{"id": key, "subject": _(records[key].subject)} for key in dict.fromkeys(ids)]
