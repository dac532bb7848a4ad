"""The project's one reader and writer of gettext catalogues (``.po``): Babel's, behind this module.

Every module that reads or writes a catalogue does it here; none imports Babel's catalogue
reader or writer, or another library's (``tests/test_catalogue_library.py``). One library,
because where two read a file differently a check passes on one text while the build publishes
another. Babel, because the build reads with it whatever we choose: Sphinx compiles the pages'
catalogues with Babel, and the calculators' engine, which reads its catalogue in the browser,
carries Babel and nothing else. Measured against GNU gettext (``msgfmt``, its ``.mo`` read by
Python's ``gettext``) on the repository's catalogues and the hostile samples of the tests, Babel
reads the charset, the header, plural forms, contexts, obsolete entries and fuzzy flags as GNU
does; where it does not (escapes such as ``\\x41`` or ``\\a``, a NUL, a bare carriage return,
a keyword and its string on two lines), the guard refuses the file at its line
(:mod:`nqtranslate.reading`); where Babel raises and GNU reads (a tab after a keyword, a comment
between a message's strings, a ``#~|`` line), :func:`read` refuses it first, naming file and
line (:func:`nqcore.catalogue_check.syntax_problem`); and
``tests/test_catalogue_differential.py`` compares the two readings of every catalogue. GNU
``msgcat`` lays out what is written
(:func:`nqtranslate.catalogue.gnu_layout`).

Babel is imported with this module: the engine imports it lazily (``import nqcore`` stays fast).
"""

from __future__ import annotations

import io

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, write_po

__all__ = [
    "Catalog",
    "CatalogueSyntaxError",
    "Message",
    "PoFileError",
    "compiled",
    "forms",
    "ids",
    "messages",
    "read",
    "translated",
    "write",
]

#: A width no line reaches: nothing is wrapped (comments included); msgcat lays the lines out.
UNWRAPPED = 1_000_000


class CatalogueSyntaxError(PoFileError):
    """A catalogue that Babel, GNU gettext and the project's checks would not read alike, told
    in one line: ``file:line: why``, its line counted from 1 (``lineno``, Babel's, from 0)."""

    def __init__(self, where: str, number: int, why: str) -> None:
        super().__init__(f"{where}:{number}: {why}", Catalog(), "", number - 1)
        self.where, self.number, self.why = where, number, why

    def __str__(self) -> str:
        return f"{self.where}:{self.number}: {self.why}"


def read(
    data: bytes | str, *, locale: str | None = None, strict: bool = True, where: str = "catalogue"
) -> Catalog:
    """The catalogue ``data`` (bytes decoded by the charset its header names, as Babel does;
    text as it is), obsolete entries in ``.obsolete``. ``strict``: a line that Babel and GNU
    gettext read otherwise, or that either refuses (:func:`nqcore.catalogue_check.syntax_problem`:
    a tab after a keyword, a comment between a message's strings, a ``#~|`` line) raises
    :class:`CatalogueSyntaxError` naming ``where`` (the file) and the line; else the line is
    skipped, as Sphinx skips it. A header Babel stops on, strict or not (a charset other than
    UTF-8, empty or missing; a ``Language:`` that is no language code:
    :mod:`nqcore.catalogue_header`), raises it too."""
    from nqcore.catalogue_check import syntax_problem, text_problem
    from nqcore.catalogue_header import header_problem

    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    if found := header_problem(text):  # Babel stops on it, strict or not: named as the checks do
        raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
        raise CatalogueSyntaxError(where, *(text_problem(raw) or found))
    if not strict:
        return _babel(data, locale=locale, strict=False)
    if found := syntax_problem(text):
        raise CatalogueSyntaxError(where, *found)
    try:
        return _babel(data, locale=locale, strict=True)
    except UnicodeDecodeError as error:  # bytes not of the charset the header names
        line = text.count("\ufffd") and text.split("\ufffd")[0].count("\n") + 1
        raise CatalogueSyntaxError(where, line or 1, f"not its charset ({error.reason})") from None
    except PoFileError as error:  # none known: the check above refuses first what Babel does
        raise CatalogueSyntaxError(
            where, int(error.lineno) + 1, str(error).rsplit(" on ", 1)[0]
        ) from None


def _babel(data: bytes | str, *, locale: str | None, strict: bool) -> Catalog:
    if isinstance(data, bytes):
        return read_po(io.BytesIO(data), locale=locale, abort_invalid=strict)
    return read_po(io.StringIO(data), locale=locale, abort_invalid=strict)


def write(catalogue: Catalog, *, width: int = UNWRAPPED, no_location: bool = False) -> bytes:
    """The ``.po`` text of ``catalogue``: header, live and obsolete entries in the catalogue's
    order, lines unwrapped unless ``width`` says otherwise. Babel reads a previous msgid
    (``#| msgid``) as a translator comment and writes it back as one (``# | msgid``): the
    project's catalogues hold none, and tidy-po never writes a catalogue through Babel."""
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalogue,
        width=width,
        no_location=no_location,
        omit_header=False,
        ignore_obsolete=False,
        sort_output=False,
    )
    return buffer.getvalue()


def compiled(catalogue: Catalog, *, use_fuzzy: bool = False) -> bytes:
    """The ``.mo`` of ``catalogue`` as Sphinx compiles a page's (fuzzy messages left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=use_fuzzy)
    return buffer.getvalue()


def messages(catalogue: Catalog, *, obsolete: bool = False) -> list[Message]:
    """The messages of ``catalogue`` in its order, without its header (Babel's message of
    ``msgid ""``); with ``obsolete``, its obsolete entries after them, as the file lists them."""
    found = [message for message in catalogue if message.id]
    return found + list(catalogue.obsolete.values()) if obsolete else found


def translated(message: Message) -> bool:
    """Whether every form of the msgstr of ``message`` is filled and it is not fuzzy."""
    return all(forms(message)) and not message.fuzzy


def ids(message: Message) -> tuple[str, ...]:
    """The msgid of ``message`` and its ``msgid_plural``, if it has one."""
    found = message.id if isinstance(message.id, tuple | list) else (message.id,)
    return tuple(str(text) for text in found)


def forms(message: Message) -> tuple[str, ...]:
    """Each form of the msgstr of ``message`` (one, or one per plural form); "" untranslated."""
    found = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return tuple(str(text or "") for text in found)
