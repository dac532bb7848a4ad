"""The hostile translator's catalogues: each passed every check before (build exit 0). Now the
guard refuses each before the French build reads a page, naming file and line; nothing of it
reaches ``_build/``. (:data:`SPECS` become :class:`tests.faults.injections.Fault` there.)

- a first line naming UTF-16 behind a NUL: the checks read no message, the build all of them;
- placeholders ``{}``, ``{0}``, ``{x!r}``, ``{x:>9}`` in the extension's and the engine's
  catalogues: an IndexError traceback in the build, in ``nq``;
- a Plural-Forms that msgfmt accepts and Python's gettext refuses: the page in English;
- a list, or two paragraphs, for one paragraph: Sphinx drops them and shows the English.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from nqcore import po
from nqtranslate.tidy import keeps_flags, tidied

PAGE = "magic"
PO = f"locale/fr/LC_MESSAGES/{PAGE}.po"
CREDITS_PO = "locale/fr/LC_MESSAGES/credits.po"
EXTENSION_PO = "nqsphinx/locale/fr/LC_MESSAGES/nqsphinx.po"
ENGINE_PO = "nqcore/locale/fr/LC_MESSAGES/nqcore.po"
SPELLS = "nqcore/data/spells.toml"
#: A reader's question about a spell, in French.
NQ_CAST_FR = (sys.executable, "-m", "nqcore", "--lang", "fr", "cast", "--spell", "fireball")
BUILD_FR = ("make", "--no-print-directory", "html-fr")
#: The catalogue check, as translators and CI run it.
GUARD = (sys.executable, "-m", "nqtranslate.guard", "fr")
HIDDEN_LINK = "../../../../etc/passwd"
#: The faults that change a catalogue outside ``locale/``: never seeded from the baseline's build.
PACKAGE_CATALOGUE_FAULTS = frozenset(
    {f"nqsphinx-po-placeholder-{n}" for n in ("empty", "index", "conversion", "spec")}
    | {"nqcore-po-placeholder"}
)


def _msgid_line(path: Path, msgid: str) -> int:
    """The line of ``msgid`` as the build (Babel) and the guard name it."""
    catalogue = po.read(path.read_bytes())
    return int(next(m.lineno for m in catalogue if m.id == msgid))


def save(path: Path, catalogue: po.Catalog) -> None:
    """``catalogue`` written to ``path`` as ``./dev update-po`` writes one: msgcat's layout,
    no format flags (Babel guesses them from a "50%" or a ``{ref}``)."""
    path.write_bytes(tidied(po.write(catalogue), path, keep_flags=keeps_flags(path)))


def _edit(copy: Path, name: str, pick: Callable[[po.Message], bool], change: str) -> str:
    """The first live translation ``pick`` chooses, its msgstr made ``change`` (``{}`` is the
    msgstr); the msgid."""
    catalogue = po.read((copy / name).read_bytes())
    entry = next(m for m in po.messages(catalogue) if m.string and pick(m))
    entry.string = change.replace("{msgstr}", entry.string)
    save(copy / name, catalogue)
    return str(entry.id)


def charset_first_line(copy: Path) -> list[str]:
    """A reader that takes its charset from this line (polib) reads no message; the build
    reads a link to a file of the build machine behind it."""
    _edit(copy, PO, lambda m: len(m.id) > 40, f"[Voir]({HIDDEN_LINK}) {{msgstr}}")
    path = copy / PO
    data = b"#\x00( Content-Type: text/plain; charset=utf-16-le\n" + path.read_bytes()
    path.write_bytes(data + b"\n" * (len(data) % 2))
    return [f"{PO}:1:", "NUL byte"]


def _placeholder(name: str, wanted: str, added: str) -> Callable[[Path], list[str]]:
    """The guard names the placeholder; where the engine's doctests run before the build
    (``make html-fr``), the engine's warning names the line and shows the translation."""

    def inject(copy: Path) -> list[str]:
        msgid = _edit(copy, name, lambda m: wanted in m.id, f"{{msgstr}} {added}")
        line = _msgid_line(copy / name, msgid)
        return [f"{name}:{line}:", added]

    return inject


def plural_too_complex(copy: Path) -> list[str]:
    path = copy / CREDITS_PO
    text = path.read_text(encoding="utf-8")
    rule = "(" * 150 + "n > 1" + ")" * 150
    path.write_text(text.replace("plural=(n > 1);", f"plural={rule};", 1), encoding="utf-8")
    line = text[: text.index("Plural-Forms:")].count("\n") + 1
    return [f"{CREDITS_PO}:{line}:", "Plural-Forms refused by Python's gettext: ", "too complex"]


def _one_paragraph(entry: po.Message) -> bool:
    """A long message that MyST reads as one paragraph."""
    from nqtranslate.guard import _markdown
    from nqtranslate.structure import blocks

    return len(entry.id) > 60 and blocks(entry.id, _markdown()) == ["paragraph"]


def _structure(change: str, said: str) -> Callable[[Path], list[str]]:
    def inject(copy: Path) -> list[str]:
        msgid = _edit(copy, PO, _one_paragraph, change)
        line = _msgid_line(copy / PO, msgid)
        return [
            f"{PO}:{line}:",
            f"msgstr is {said} where the msgid is a paragraph",
            "Sphinx would drop",
        ]

    return inject


def name_accent_clash(copy: Path) -> list[str]:
    """Fog translated as Fireball's French with one accent: the engine finds typed names with
    accents folded, so ``--spell "Boule de feu"`` would answer for either."""
    fireball = _msgid_line(copy / ENGINE_PO, "Fireball")
    _edit(copy, ENGINE_PO, lambda m: m.id == "Fog", "Boule dé feu")
    fog = _msgid_line(copy / ENGINE_PO, "Fog")
    return [f"{ENGINE_PO}:{fireball}:", f"{ENGINE_PO}:{fog}:", "read alike"]


def data_file_device(copy: Path) -> list[str]:
    """The spells' data file a link to an endless device: ``nq`` read it until memory ran out."""
    path = copy / SPELLS
    path.unlink()
    path.symlink_to("/dev/zero")
    return [SPELLS, "symbolic link"]


#: name, what, inject, checks, texts that must not reach ``_build/``.
SPECS: tuple[
    tuple[str, str, Callable[[Path], list[str]], tuple[tuple[str, ...], ...], tuple[str, ...]], ...
] = (
    (
        "po-charset-first-line",
        "a first line naming UTF-16 behind a NUL, hiding a link to /etc/passwd from the checks",
        charset_first_line,
        (BUILD_FR, GUARD),
        (HIDDEN_LINK,),
    ),
    *(
        (
            f"nqsphinx-po-placeholder-{name}",
            f"the placeholder {added} added to an extension message",
            _placeholder(EXTENSION_PO, "{printed}", added),
            (BUILD_FR, GUARD),
            (),
        )
        for name, added in (
            ("empty", "{}"),
            ("index", "{0}"),
            ("conversion", "{printed!r}"),
            ("spec", "{printed:>9}"),
        )
    ),
    (
        "nqcore-po-placeholder",
        "the placeholder {x:>9} added to the engine's message of nq cast",
        _placeholder(ENGINE_PO, "Casting a level {level}", "{x:>9}"),
        (GUARD, BUILD_FR),
        (),
    ),
    (
        "po-plural-forms-too-complex",
        "a Plural-Forms msgfmt accepts and Python's gettext refuses (150 nested parentheses)",
        plural_too_complex,
        (BUILD_FR, GUARD),
        (),
    ),
    (
        "nqcore-po-name-accent-clash",
        "Fog translated « Boule dé feu », Fireball's French but for an accent",
        name_accent_clash,
        (GUARD,),
        (),
    ),
    (
        "data-file-device",
        "the spells' data file a symbolic link to /dev/zero",
        data_file_device,
        (NQ_CAST_FR,),
        (),
    ),
    (
        "po-list-for-paragraph",
        "a paragraph translated as a list (Sphinx drops it)",
        _structure("- NQFAULTLIST {msgstr}", "a bullet list"),
        (BUILD_FR, GUARD),
        ("NQFAULTLIST",),
    ),
    (
        "po-two-paragraphs",
        "a paragraph translated as two (Sphinx keeps the first only)",
        _structure("{msgstr}\n\nNQFAULTSECOND paragraphe.", "2 blocks (a paragraph, a paragraph)"),
        (BUILD_FR, GUARD),
        ("NQFAULTSECOND",),
    ),
)
