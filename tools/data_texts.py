"""Every text of the engine's data records as its readers get it, in every language: one line each.

``python tools/data_texts.py > texts.tsv`` writes, per language, each translatable text of the
records (spells, mutations, abilities, traits, equipment, weapons, aspects, errata) as the
engine's translator gives it to the pages, cards and answers; every cell, title and note of every
registered table as the books print it; the print products' spell and mutation cards (LaTeX);
``nq errata`` as text and as JSON; and ``nq export``.  Run before and after a change to how the
texts are kept (numbers written as placeholders that the engine fills): the two outputs must be
the same, byte for byte.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nqcore.i18n import LANGUAGES, Msg, translator  # noqa: E402


def messages(value: object, path: str) -> Iterator[tuple[str, Msg]]:
    """Every translatable text held in ``value`` (a record, a tuple of them...), by its path."""
    if isinstance(value, Msg):
        yield path, value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from messages(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from messages(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from messages(item, f"{path}[{key}]")


def records() -> Iterator[tuple[str, object]]:
    from nqcore.army.armoury import hand_weapons, ranged_weapons, support_weapons
    from nqcore.army.features import CATEGORIES, features
    from nqcore.book.errata import all_errata
    from nqcore.rules.magic import Aspect
    from nqcore.rules.mutations import all_mutations
    from nqcore.rules.spells import all_spells, aspect_intro

    yield "spells", all_spells()
    yield "mutations", all_mutations()
    yield "errata", all_errata()
    for category in CATEGORIES:
        yield category, features(category)
    yield "weapons", (*hand_weapons(), *ranged_weapons(), *support_weapons())
    yield "aspects", tuple(aspect_intro(aspect) for aspect in Aspect)


def record_lines(lang: str) -> Iterator[str]:
    said = translator(lang)
    for name, value in records():
        for path, text in messages(value, name):
            yield f"{path}\t{said(text)}"


def table_lines(lang: str) -> Iterator[str]:
    from nqcore.tables.registry import get_table, table_keys
    from nqcore.tables.table_text import printed_text

    said = translator(lang)
    for key in table_keys():
        table = get_table(key)
        yield f"table {key}\t{said(table.title)}"
        yield f"table {key} columns\t" + " | ".join(printed_text(c, lang) for c in table.columns)
        for index, row in enumerate(table.rows):
            yield f"table {key} row {index}\t" + " | ".join(printed_text(c, lang) for c in row)
        for index, note in enumerate(table.notes):
            yield f"table {key} note {index}\t{printed_text(note, lang)}"
        for index, detail in enumerate(table.details):
            yield f"table {key} detail {index}\t{detail!r}"


def card_lines(lang: str) -> Iterator[str]:
    from nqcore.rules.mutations import all_mutations
    from nqcore.rules.spells import all_spells
    from nqprint.spell_cards import mutation_card, spell_card

    for spell in all_spells():
        yield f"card {spell.key}\t{spell_card(spell, lang)!r}"
    for mutation in all_mutations():
        yield f"card {mutation.key}\t{mutation_card(mutation, lang)!r}"


def nq(*argv: str) -> str:
    from nqcore.cli.commands import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(list(argv))
    return out.getvalue()


def lines() -> Iterator[str]:
    for lang in LANGUAGES:
        for part in (record_lines, table_lines, card_lines):
            yield from (f"{lang}\t{line}" for line in part(lang))
        yield f"{lang}\tnq errata\t{nq('--lang', lang, 'errata')!r}"
        yield f"{lang}\tnq --json errata\t{nq('--lang', lang, '--json', 'errata')!r}"
    yield f"en\tnq export\t{nq('export')!r}"


def main() -> int:
    for line in lines():
        print(line.replace("\n", "\\n"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
