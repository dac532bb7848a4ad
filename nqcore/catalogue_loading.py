"""One catalogue read as the engine reads it at run time: trusted only as far as every reader
of the pipeline would read it alike (:mod:`nqcore.catalogue_check`), each translation checked
against its English before a reader is shown it.

In the browser the catalogues come compiled: read and checked once, when the engine's zip is
made (:func:`compiled_catalogues`), and given to the engine by its worker (:func:`use_compiled`);
reading and checking the French ``.po`` in Pyodide was half of a French page's first answer
(3.7 s of 7 on a loaded machine, 0.7 s natively)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from nqcore.i18n import Translated, _warn, _where, catalogue_key
from nqcore.name_clashes import ENGINE_DOMAIN
from nqcore.typography import french_spacing

#: What a catalogue's translations get as they are read, by the language of its folder.
TYPOGRAPHY: dict[str, Callable[[str], str]] = {"fr": french_spacing}
#: The compiled catalogues the engine was given, by where their ``.po`` is (:func:`_where`).
_compiled: dict[str, dict[str, str]] = {}


def messages(path: Path) -> dict[str, str]:
    """:func:`load_po`'s messages of ``path``: compiled, where the engine was given them."""
    found = _compiled.get(_where(path))
    return found if found is not None else load_po(path)


def compiled_catalogues(paths: Iterable[Path]) -> bytes:
    """What :func:`load_po` reads in each catalogue, as JSON (the same bytes for the same
    catalogues): each message's translation, English and place, by its key."""
    return json.dumps(
        {
            _where(path): {key: _entry(text) for key, text in load_po(path).items()}
            for path in paths
        },
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    ).encode("utf-8")


def _entry(text: str) -> list[str]:
    assert isinstance(text, Translated)  # load_po gives nothing else
    return [str(text), text.msgid, text.where]


def use_compiled(path: str) -> None:
    """Read the catalogues from :func:`compiled_catalogues`' file at ``path``, not their ``.po``:
    only the engine's worker calls it, with the file the zip's maker wrote."""
    with open(path, encoding="utf-8") as file:
        for where, found in json.load(file).items():
            _compiled[where] = {key: Translated(*value) for key, value in found.items()}


class Catalogue(dict[str, str]):
    """A catalogue's translations by key, and where each entry it cannot show stands, and why
    (``unshown``: fuzzy, or not translated): its English is shown, said once when it is asked
    for (:func:`nqcore.i18n.translator`)."""

    unshown: dict[str, tuple[str, str]]


@cache
def load_po(path: Path) -> dict[str, str]:
    """The translated, non-fuzzy messages of one ``.po`` file, by :func:`catalogue_key`, each a
    :class:`Translated` (its English at hand, should it not format).

    A file the engine cannot trust (:mod:`nqcore.catalogue_check`: not UTF-8, another charset,
    a broken line, a message twice, a Plural-Forms that fails) gives no message: one warning
    names file and line, and the reader gets the English.  So does each translation whose
    fields are not its English's (printed internals, a padding of gigabytes)."""
    from nqcore import catalogue_check, po  # imported lazily: keeps `import nqcore` fast

    data = path.read_bytes()
    problem = catalogue_check.text_problem(data)
    if problem is None:
        try:
            catalogue = po.read(data.decode("utf-8"))
        except po.CatalogueSyntaxError as error:  # what the check above names first
            problem = (error.number, error.why)
        else:
            plural = catalogue_check.plural_forms_problem(catalogue.plural_forms)
            problem = (1, plural) if plural else None
    if problem is not None:
        _warn(f"{_where(path)}:{problem[0]}", f"{problem[1]}: the English is shown")
        return {}
    spaced = TYPOGRAPHY.get(path.parent.parent.name, str)
    where = _where(path)  # once: resolving the path for each of 1,600 messages was a third
    found = Catalogue(
        (
            catalogue_key(str(message.id), message.context),
            Translated(spaced(str(message.string)), str(message.id), f"{where}:{message.lineno}"),
        )
        for message in catalogue
        if message.id and message.string and not message.fuzzy and _fits(where, message)
    )
    if path.stem == ENGINE_DOMAIN:
        _drop_clashing_names(where, catalogue, found)
    found.unshown = {
        catalogue_key(str(message.id), message.context): (
            f"{where}:{message.lineno}",
            "its translation is fuzzy" if message.fuzzy else "it has no translation",
        )
        for message in catalogue
        if message.id and (message.fuzzy or not message.string)
    }
    return found


def _fits(where: str, message: Any) -> bool:
    """Whether each form of ``message`` keeps its English's fields exactly, adds no paragraph
    break, and holds no character a reader cannot be shown nor any its English lacks that hides
    text (an invisible character, a pile of combining marks: the build's rule,
    :func:`nqcore.characters.added_hidden_problem`); else: a warning, naming the character by its
    code point, and the English is shown."""
    from nqcore.catalogue_check import field_problem, length_problem, one_line_problem
    from nqcore.characters import added_hidden_problem, unshowable

    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    for form in forms:
        if said := length_problem(str(max(ids, key=len)), str(form or "")):
            _warn(f"{where}:{message.lineno}", f"{said}: the English is shown")
            return False
        if form and (unknown := unshowable(str(form))):
            _warn(f"{where}:{message.lineno}", f"{unknown}: the English is shown")
            return False
        english = "".join(str(msgid) for msgid in ids)
        if form and (hidden := added_hidden_problem(str(form), english)):
            _warn(f"{where}:{message.lineno}", f"{hidden}: the English is shown")
            return False
        problems = [
            field_problem(str(msgid), str(form)) or one_line_problem(str(msgid), str(form))
            for msgid in ids
            if form
        ]
        if problems and all(problems):
            _warn(f"{where}:{message.lineno}", f"{problems[0]}: the English is shown")
            return False
    return True


def _drop_clashing_names(where: str, catalogue: Any, found: dict[str, str]) -> None:
    """The build's name check (:mod:`nqcore.name_clashes`): each name translated as another of
    its kind reads, or with a word of two scripts, is warned about at its line and shown in
    English (attack round twenty-five, finding 9: ``nq`` showed « Fumée » for two spells)."""
    from nqcore.name_clashes import Named, data_names, name_problems

    keys = {}
    named = []
    for message in catalogue:
        key = catalogue_key(str(message.id), message.context)
        if isinstance(message.id, str) and key in found:
            named.append(Named(message.id, str(message.string), message.lineno, message.context))
            keys[message.lineno] = key
    for line, why in name_problems(named, data_names()):
        _warn(f"{where}:{line}", f"{why}: the English is shown")
        found.pop(keys[line], None)
