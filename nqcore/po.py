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
(:mod:`nqtranslate.reading`), and ``tests/test_catalogue_differential.py`` compares the two
readings of every catalogue. GNU ``msgcat`` lays out what is written
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


def read(data: bytes | str, *, locale: str | None = None, strict: bool = True) -> Catalog:
    """The catalogue ``data`` (bytes decoded by the charset its header names, as Babel does;
    text as it is), obsolete entries in ``.obsolete``. ``strict``: a syntax error raises
    :class:`PoFileError` (its ``lineno`` counts from 0); else the line is skipped, as Sphinx
    skips it."""
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
