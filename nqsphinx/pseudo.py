"""A pseudo language: every message of every catalogue, accented and bracketed.

``"Close Combat"`` becomes ``"⟦Ćľōśé Ćōṁƀàţ⟧"``: still readable, yet no ASCII letter is left, so any
English a page shows in that language is a word that bypassed the catalogues (hard-coded in the
extension, the engine or the templates).  Markup, roles' targets, inline code, links' addresses,
placeholders (``{name}``, ``%s``, ``%(title)s``) and numbers are kept exactly, so the pseudo
catalogues build like a real translation.  The test suite writes them into a scratch folder laid
out like the repository (``python -m nqsphinx.pseudo OUT``) and builds that language
(``tests/site/test_pseudo_language.py``); nothing generated here is committed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
#: The pseudo language's code (ISO 639's "qps" is reserved for local use, as Windows' qps-ploc).
PSEUDO = "qps"
#: The language whose catalogues list every msgid.
SOURCE = "fr"
#: Every catalogue folder of the repository: the pages', the engine's, the extension's (its words
#: and the theme's), the examples' and the print products'.
LOCALE_DIRS = ("locale", "nqcore/locale", "nqsphinx/locale", "examples/locale", "nqprint/locale")
OPEN, CLOSE = "⟦", "⟧"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "àƀçďéƒĝĥîĵķľṁñōþǫŕśţûṽŵẍýžÀḂÇĎÉƑĜĤÎĴĶĽṀÑŌÞǪŔŚŢÛṼŴẌÝŽ"
LETTERS = str.maketrans(_PLAIN, _ACCENTED)

#: Spans kept exactly: a role with an explicit title keeps its name and target (group ``title``
#: is translated), other roles keep their content (a label, a key, a page); inline code;
#: a link's address; HTML tags and entities; placeholders; backslash escapes; footnotes.
_KEPT = re.compile(
    r"""
      (?P<role_open>\{[\w:.+-]+\}`)(?P<title>[^`<]*?)(?P<target>\s*<[^`<>]*>)(?P<role_close>`)
    | \{[\w:.+-]+\}`[^`]*`
    | (?P<ticks>`+).+?(?P=ticks)
    | (?P<link_open>\[)(?P<link_text>[^\[\]]*)(?P<link_close>\]\([^()\s]*\))
    | \[\^[\w-]+\]
    | <(?:https?://|mailto:)[^>\s]*>
    | https?://[^\s)>\]]+
    | </?[a-zA-Z][\w-]*(?:\s+[\w:-]+(?:="[^"]*")?)*\s*/?>
    | &(?:\#\d+|\w+);
    | \{\{.*?\}\}
    | \{[\w.]*(?:![rsa])?(?::[^{}]*)?\}
    | %(?:\([\w]+\))?[-+#0]*\d*(?:\.\d+)?[sdifr%]
    | \\.
    """,
    re.VERBOSE | re.DOTALL,
)


def accent(text: str) -> str:
    """Every ASCII letter of ``text`` replaced by an accented look-alike."""
    return text.translate(LETTERS)


def _pieces(text: str) -> Iterator[str]:
    """``text`` with its prose accented and its kept spans as they are."""
    position = 0
    for match in _KEPT.finditer(text):
        yield accent(text[position : match.start()])
        if match.group("role_open"):
            yield match["role_open"] + accent(match["title"]) + match["target"] + "`"
        elif match.group("link_open"):
            yield "[" + pseudo(match["link_text"], bracket=False) + match["link_close"]
        else:
            yield match.group()
        position = match.end()
    yield accent(text[position:])


def pseudo(text: str, bracket: bool = True) -> str:
    """The pseudo translation of one message; its leading and trailing blanks stay outside."""
    core = text.strip()
    if not core:
        return text
    start = text.index(core)
    body = "".join(_pieces(core))
    if bracket:
        body = OPEN + body + CLOSE
    return text[:start] + body + text[start + len(core) :]


def pseudo_catalogue(source: Catalog, lang: str = PSEUDO) -> Catalog:
    """Every message of ``source`` (its msgids, whatever its translations), pseudo-translated."""
    catalogue = Catalog(domain=source.domain, project=source.project, fuzzy=False)
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            string: str | tuple[str, ...] = tuple(pseudo(str(form)) for form in message.id)
        else:
            string = pseudo(str(message.id))
        catalogue.add(message.id, string, context=message.context, flags=())
    return catalogue


class PseudoError(ValueError):
    """A catalogue that cannot be read; the message names its file."""


def source_catalogues(root: Path = ROOT, source: str = SOURCE) -> Iterator[Path]:
    """Every catalogue of ``source`` in the repository's locale folders."""
    for folder in LOCALE_DIRS:
        yield from sorted((root / folder / source / "LC_MESSAGES").glob("*.po"))


def write_pseudo(out: Path, root: Path = ROOT, lang: str = PSEUDO) -> list[Path]:
    """Write the pseudo twin of every catalogue under ``out``, laid out like ``root``."""
    written = []
    for path in source_catalogues(root):
        relative = path.relative_to(root)
        target = out / relative.parents[2] / lang / "LC_MESSAGES" / path.name
        with path.open("rb") as handle:
            try:
                source = read_po(handle, abort_invalid=True)
            except PoFileError as error:
                raise PseudoError(f"{path}: {error}") from error
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_po(handle, pseudo_catalogue(source, lang), width=0, omit_header=False)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nqsphinx.pseudo", description=__doc__)
    parser.add_argument("out", type=Path, help="scratch folder (laid out like the repository)")
    parser.add_argument("--lang", default=PSEUDO, help=f"language code (default {PSEUDO})")
    parser.add_argument("--root", type=Path, default=ROOT, help="repository (default: this one)")
    args = parser.parse_args(argv)
    try:
        written = write_pseudo(args.out, args.root, args.lang)
    except (PseudoError, OSError) as error:
        print(f"nqsphinx.pseudo: {error}", file=sys.stderr)
        return 1
    print(f"{len(written)} catalogues in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
