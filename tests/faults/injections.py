"""The deliberate mistakes: each changes one thing in a scratch copy and names the checks that
must fail, and what their message must say (the file, and the mistake itself).

A fault is *caught* when every one of its checks exits non-zero and its output holds every
expected piece of text. The same checks pass on an unchanged copy (the baseline), so a check
that fails on the fault fails because of it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from nqcore import po
from nqcore.tables.registry import get_table
from nqsphinx.directives.tables import format_cell
from nqsphinx.messages import engine_text
from tests.faults import catalogue_faults

PAGE = "magic"  # the chapter whose source and catalogue the page faults change
PO = f"locale/fr/LC_MESSAGES/{PAGE}.po"
MD = f"docs/{PAGE}.md"

PYTEST = (
    sys.executable,
    "-m",
    "pytest",
    "-q",
    "-p",
    "no:cacheprovider",
    "--basetemp",
    ".pytest-tmp",
    "-o",
    "addopts=",
    "-p",
    "nqsphinx.page_examples",
)
BUILD_EN = ("make", "--no-print-directory", "html-en")
BUILD_FR = ("make", "--no-print-directory", "html-fr")
PDF_FR = ("make", "--no-print-directory", "pdf-fr")
ENGINE_PO = "nqcore/locale/fr/LC_MESSAGES/nqcore.po"
THEME_PO = "nqsphinx/locale/fr/LC_MESSAGES/theme.po"
EXTENSION_PO = "nqsphinx/locale/fr/LC_MESSAGES/nqsphinx.po"
#: What a build that fails under --keep-going still leaves: the audit deletes only what it refuses.
EN_HOME = "_build/html/en/index.html"
#: Enough folders up to reach / from a page of a scratch copy, wherever it is.
UP = "../" * 12
#: What a file of the build machine, read by mistake, would show in the output.
PASSWD = "root:x:0:0"
EXPORT = (sys.executable, "-m", "nqcore", "export", "--output", "export.json")
#: A question of a reader about a spell, answered in a terminal.
NQ_CAST = (sys.executable, "-m", "nqcore", "cast", "--spell", "fireball")

NUMBERS = (
    f"tests/test_translations.py::test_numbers_dice_measures_and_modifiers_are_kept[{PAGE}.po]"
)
ROLES = f"tests/test_translations.py::test_roles_and_targets_are_kept[{PAGE}.po]"
MARKUP = f"tests/test_translations.py::test_inline_markup_is_kept[{PAGE}.po]"
ORDER = f"tests/test_translations.py::test_numbers_keep_their_order[{PAGE}.po]"
ENGLISH = f"tests/test_translations.py::test_no_long_message_is_left_in_english[{PAGE}.po]"
SPELLING = f"tests/test_spelling.py::test_french_is_spelt_correctly[{PAGE}.po]"
COMPLETE = f"tests/test_catalogues.py::test_catalogue_is_complete[{PAGE}.po]"
COMPILES = f"tests/test_catalogues.py::test_catalogue_compiles[{PAGE}.po]"
TYPED = "tests/test_no_typed_game_tables.py::test_no_game_table_is_typed_in_the_docs"
SPELLS = "tests/engine/test_magic.py"
SAMPLES = "tests/engine/test_sample_profiles.py"

Command = tuple[str, ...]


@dataclass(frozen=True)
class Fault:
    name: str
    what: str
    #: Changes the copy; returns the texts the failure shows (``re:`` starts a pattern).
    inject: Callable[[Path], list[str]]
    checks: tuple[Command, ...]
    #: Texts that must reach no file of the copy's ``_build/`` (nothing published).
    absent: tuple[str, ...] = ()
    #: Files (of the copy, or absolute) that must still be there after the checks.
    kept: tuple[str, ...] = ()


def one_line_error(command: Command) -> bool:
    """A command readers run (not a test): bad input must give one line of error, no traceback."""
    return command[1:3] == ("-m", "nqcore")  # nq: a question, an export


def _translated(catalogue: po.Catalog) -> list[po.Message]:
    return [m for m in po.messages(catalogue) if m.string and not m.fuzzy]


def _comment(entry: po.Message) -> str:
    """The translator comments of ``entry`` (``# ...`` lines), one a line."""
    return "\n".join(entry.user_comments)


def _edit_po(
    copy: Path, pick: Callable[[po.Message], bool], change: Callable[[po.Message], None]
) -> po.Message:
    catalogue = po.read((copy / PO).read_bytes())
    entry = next(m for m in _translated(catalogue) if pick(m))
    change(entry)
    catalogue_faults.save(copy / PO, catalogue)
    return entry


def french_number_changed(copy: Path) -> list[str]:
    number = re.compile(r"(?<![\w<-])(\d+)(?![\w>-])")
    found: list[str] = []

    def change(entry: po.Message) -> None:
        match = number.search(entry.string)
        assert match
        found.append(str(int(match.group(1)) + 1))
        entry.string = entry.string[: match.start()] + found[0] + entry.string[match.end() :]

    _edit_po(
        copy,
        lambda e: bool(number.search(e.string)) and "numbers-differ" not in _comment(e),
        change,
    )
    return [f"{PAGE}.po:", f"'{found[0]}'"]


def french_role_broken(copy: Path) -> list[str]:
    def change(entry: po.Message) -> None:
        entry.string = entry.string.replace("{ref}`", "{ref} `", 1)

    _edit_po(copy, lambda e: "{ref}`" in e.string, change)
    return [f"{PAGE}.po:", "('ref',"]


def _line_of(copy: Path, entry: po.Message, name: str = PO) -> int:
    """The line of the msgid of ``entry`` in the saved catalogue ``name`` (saving rewraps it),
    where the checks place an entry."""
    saved = po.read((copy / name).read_bytes()).get(entry.id, entry.context)
    assert saved is not None, entry.id
    return int(saved.lineno)


def french_heading_left_in_english(copy: Path) -> list[str]:
    """A heading's msgid copied as its French, the English book's Title Case ("Spell List"):
    counted translated and published unwarned before attacker round 28."""
    found: list[po.Message] = []

    def change(entry: po.Message) -> None:
        entry.string = entry.id
        found.append(entry)

    _edit_po(copy, lambda e: e.id in ("Spell List", "Template Effects"), change)
    return [f"{PO}:{_line_of(copy, found[0])}", "in English"]


def french_unclosed_bold(copy: Path) -> list[str]:
    def change(entry: po.Message) -> None:
        words = entry.string.split(" ")
        words[1] = "**" + words[1]  # opened, never closed
        entry.string = " ".join(words)

    entry = _edit_po(copy, lambda e: len(e.id) > 40 and "*" not in e.id, change)
    return [f"{PO}:{_line_of(copy, entry)}: inline markup differs", "unclosed `**` 0 in msgid, 1"]


def french_unclosed_backtick(copy: Path) -> list[str]:
    def change(entry: po.Message) -> None:
        head, _, tail = entry.string.rpartition("`")
        entry.string = head + tail  # the last role's closing backtick lost

    entry = _edit_po(copy, lambda e: "{ref}`" in e.string, change)
    return [f"{PO}:{_line_of(copy, entry)}: inline markup differs", "unclosed backtick 0 in"]


_PLAIN_NUMBER = re.compile(r"(?<![\w<.,½-])\d+(?![\w>.,½-])")


def _two_numbers(entry: po.Message) -> bool:
    found = _PLAIN_NUMBER.findall(entry.string)
    return len(found) >= 2 and found[0] != found[1] and "numbers-" not in _comment(entry)


def french_numbers_swapped(copy: Path) -> list[str]:
    """The first two numbers of a translation swapped, as "10/20" typed "20/10"."""
    swapped: list[str] = []

    def change(entry: po.Message) -> None:
        first, second = list(_PLAIN_NUMBER.finditer(entry.string))[:2]
        text = entry.string
        swapped.extend([first.group(), second.group()])
        entry.string = (
            text[: first.start()]
            + second.group()
            + text[first.end() : second.start()]
            + first.group()
            + text[second.end() :]
        )

    entry = _edit_po(copy, _two_numbers, change)
    return [f"{PO}:{_line_of(copy, entry)}: numbers in another order", f"{swapped[1]} {swapped[0]}"]


def french_left_in_english(copy: Path) -> list[str]:
    def change(entry: po.Message) -> None:
        entry.string = entry.id

    entry = _edit_po(copy, lambda e: len(e.id.split()) >= 8, change)
    return [f"{PO}:{_line_of(copy, entry)}: msgstr is the English msgid"]


def french_misspelt(copy: Path) -> list[str]:
    """« magie » typed « magei » in a translation."""

    def change(entry: po.Message) -> None:
        entry.string = re.sub(r"\bmagie\b", "magei", entry.string, count=1)

    entry = _edit_po(copy, lambda e: re.search(r"\bmagie\b", e.string) is not None, change)
    return [f"{PO}:{_line_of(copy, entry)}: unknown word « magei »"]


def french_untranslated(copy: Path) -> list[str]:
    def change(entry: po.Message) -> None:
        entry.string = ""

    entry = _edit_po(copy, lambda e: len(e.id) > 20, change)
    return [f"{PAGE}.po: untranslated", entry.id[:20]]


def french_fuzzy(copy: Path) -> list[str]:
    def change(entry: po.Message) -> None:
        entry.flags.add("fuzzy")

    entry = _edit_po(copy, lambda e: len(e.id) > 20, change)
    return [f"{PAGE}.po: fuzzy", entry.id[:20]]


def po_syntax_error(copy: Path) -> list[str]:
    """An entry whose msgid lacks its closing quote (msgfmt names its line or the next)."""
    path = copy / PO
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    line = text.count("\n") + 1
    path.write_text(text + 'msgid "An unfinished entry\nmsgstr "Une entrée"\n', encoding="utf-8")
    return [f"re:{PAGE}\\.po:({line}|{line + 1}):"]


def typed_game_table(copy: Path) -> list[str]:
    """The wound table typed into its page from the engine, one value then changed by hand."""
    key = "wound-table"
    directive = re.compile(r"^```\{nq-table\} " + key + r"\n(?::[^\n]*\n)*```\n", re.M)
    page = next(
        p
        for p in sorted((copy / "docs").glob("*.md"))
        if directive.search(p.read_text(encoding="utf-8"))
    )
    table = get_table(key)
    rows = [[engine_text(c, "en") for c in table.columns]]
    rows += [[format_cell(c, "en") for c in row] for row in table.rows]
    rows[1][1] = str(int(rows[1][1]) + 1)
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    text = page.read_text(encoding="utf-8")
    match = directive.search(text)
    assert match
    line = text.count("\n", 0, match.start()) + 1
    page.write_text(directive.sub("\n".join(lines) + "\n", text, count=1), encoding="utf-8")
    return [f"docs/{page.name}:{line}", f"'{key}' typed by hand"]


def doctest_wrong_result(copy: Path) -> list[str]:
    path = copy / MD
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("```{doctest}"))
    number = next(
        i
        for i in range(start + 1, len(lines))
        if lines[i - 1].startswith(">>> ")
        and lines[i].strip()
        and not lines[i].startswith((">>>", "...", "```"))
    )
    wrong = lines[number].rstrip("\n") + "0"
    lines[number] = wrong + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return [f"{PAGE}.md", f"line {number}", wrong]


def _append_to_page(copy: Path, markup: str) -> int:
    """Add ``markup`` at the end of the page; the line where it starts."""
    path = copy / MD
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    path.write_text(text + markup, encoding="utf-8")
    return text.count("\n") + 1


def unknown_directive(copy: Path) -> list[str]:
    line = _append_to_page(copy, "```{nq-tabel} spell-list\n```\n")
    return [f"{PAGE}.md:{line}", "Unknown directive type", "nq-tabel"]


def broken_cross_reference(copy: Path) -> list[str]:
    line = _append_to_page(copy, "As {ref}`the rules say <no-such-rule>`, nothing.\n")
    return [f"{PAGE}.md:{line}", "no-such-rule"]


def external_script(copy: Path) -> list[str]:
    line = _append_to_page(copy, '<script src="https://cdn.example.com/tracker.js"></script>\n')
    return [f"{PAGE}.md:{line}", "raw html output is refused"]


def spell_missing_field(copy: Path) -> list[str]:
    path = copy / "nqcore" / "data" / "spells.toml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"^\[\[spell\]\]\nkey = '([\w-]+)'\n(?:.*\n)*?(level = \d+\n)", text, re.M)
    assert first
    path.write_text(text[: first.start(2)] + text[first.end(2) :], encoding="utf-8")
    return ["spells.toml", f"spell #1 ({first.group(1)}): missing field(s) level"]


def spell_misspelled_field(copy: Path) -> list[str]:
    path = copy / "nqcore" / "data" / "spells.toml"
    text = path.read_text(encoding="utf-8")
    upkeep = re.search(r"^upkeep = \d+$", text, re.M)
    assert upkeep
    before = text[: upkeep.start()]
    number = len(re.findall(r"^\[\[spell\]\]$", before, re.M))
    key = re.findall(r"^key = '([\w-]+)'$", before, re.M)[-1]
    path.write_text(before + "upkep" + text[upkeep.start() + len("upkeep") :], encoding="utf-8")
    return ["nqcore/data/spells.toml", f"spell #{number} ({key}), field upkep: unknown field"]


def sample_out_of_range(copy: Path) -> list[str]:
    path = copy / "nqcore" / "data" / "sample_profiles.toml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"^\[\[profile\]\]\nkey = \"([\w-]+)\"\n(?:.*\n)*?(ac = \d+)\n", text, re.M)
    assert first
    path.write_text(text[: first.start(2)] + "ac = 20" + text[first.end(2) :], encoding="utf-8")
    return [
        "sample_profiles.toml",
        f"profile #1 ({first.group(1)}): AC 20 is beyond its cost table",
    ]


#: A spell's name with a carriage return, a NUL and an escape (TOML escapes of a basic string).
CONTROL_NAME = "Fire\\rball\\u0000\\u001b"


def spell_control_characters(copy: Path) -> list[str]:
    """The first spell's name given control characters: the terminal of ``nq``, the pages and
    the LaTeX of the books would take them as they are."""
    path = copy / "nqcore" / "data" / "spells.toml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"^\[\[spell\]\]\nkey = '([\w-]+)'\n(name = '[^'\n]*')\n", text, re.M)
    assert first
    changed = f'name = "{CONTROL_NAME}"'
    path.write_text(text[: first.start(2)] + changed + text[first.end(2) :], encoding="utf-8")
    return [
        "nqcore/data/spells.toml",
        f"spell #1 ({first.group(1)}), field name: control character U+000D",
        "'Fire\\rball\\x00\\x1b'",
    ]


def glossary_control_character(copy: Path) -> list[str]:
    """A glossary term's English name given an escape character."""
    path = copy / "docs" / "_data" / "glossary.toml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r'^\[\[term\]\]\nkey = "([\w-]+)"\n(en = "[^"\n]*)"\n', text, re.M)
    assert first
    path.write_text(text[: first.end(2)] + '\\u001b[31m"' + text[first.end(2) + 1 :], "utf-8")
    return ["docs/_data/glossary.toml", f"term #1 ({first.group(1)}), field en: control character"]


def _hostile_msgstr(copy: Path, name: str, addition: str, replace: bool = False) -> list[str]:
    """A translation in ``name`` given ``addition`` (after its text, or instead of it)."""
    catalogue = po.read((copy / name).read_bytes())
    entry = next(m for m in _translated(catalogue) if len(m.id) > 40 and "`" not in m.id)
    entry.string = addition if replace else f"{entry.string} {addition}"
    catalogue_faults.save(copy / name, catalogue)
    return [f"{Path(name).name}:{_line_of(copy, entry, name)}"]


def po_include_outside(copy: Path) -> list[str]:
    markup = "```{include} ../../../../../../../../etc/passwd\n```"
    return [*_hostile_msgstr(copy, PO, markup, replace=True), "directive {include}"]


def po_script_element(copy: Path) -> list[str]:
    return [*_hostile_msgstr(copy, PO, "<script>alert(1)</script>"), "HTML <script>"]


def po_raw_role_in_eval_rst(copy: Path) -> list[str]:
    markup = "```{eval-rst}\n.. role:: raw-html(raw)\n   :format: html\n```"
    return [*_hostile_msgstr(copy, PO, markup, replace=True), "directive {eval-rst}"]


def po_raw_latex_role(copy: Path) -> list[str]:
    return [*_hostile_msgstr(copy, PO, r"{raw-latex}`\input{/etc/passwd}`"), "role {raw-latex}"]


def po_remote_image(copy: Path) -> list[str]:
    image = "![](https://images.example.invalid/x.png)"
    return [*_hostile_msgstr(copy, PO, image), "image https://images.example.invalid/x.png"]


def po_foreign_link(copy: Path) -> list[str]:
    link = "[ici](https://phishing.example.invalid/)"
    return [*_hostile_msgstr(copy, PO, link), "link -> https://phishing.example.invalid/"]


def engine_po_include(copy: Path) -> list[str]:
    markup = "```{include} /etc/passwd\n```"
    # Refused before any page reads it: ``{include}`` is no field of the English message.
    return [*_hostile_msgstr(copy, ENGINE_PO, markup, replace=True), "its fields ['{include}']"]


def po_duplicate_msgid(copy: Path) -> list[str]:
    path = copy / PO
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    line = text.count("\n") + 1
    entry = _translated(po.read(path.read_bytes()))[0]
    lines = text.splitlines()  # the duplicate's msgid as the file writes it, then its msgstr
    start = int(entry.lineno) - 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("msgstr "))
    duplicate = "\n".join(lines[start:end]) + '\nmsgstr "Doublon"\n'
    path.write_text(text + duplicate, encoding="utf-8")
    return [f"{PAGE}.po:{line}", f"msgid {entry.id[:40]!r} twice (first at line"]


def po_byte_order_mark(copy: Path) -> list[str]:
    path = copy / PO
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    return [f"{PAGE}.po:1", "byte order mark"]


def example_unclosed_fence(copy: Path) -> list[str]:
    """The closing fence of an example's doctest deleted: its prose would become code."""
    path = copy / MD
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(":::{example}"))
    opening = next(i for i in range(start, len(lines)) if lines[i].startswith("```{doctest}"))
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i].strip() == "```")
    del lines[closing]
    path.write_text("".join(lines), encoding="utf-8")
    return [f"{MD}:{opening + 1}: this fence is never closed"]


def docs_include_outside(copy: Path) -> list[str]:
    line = _append_to_page(copy, "```{include} ../../../../../../../../etc/passwd\n```\n")
    return [f"{PAGE}.md:{line}", '"include" disabled']


def docs_remote_image(copy: Path) -> list[str]:
    line = _append_to_page(copy, "![](https://images.example.invalid/x.png)\n")
    return [f"{PAGE}.md:{line}", "remote images are refused"]


def docs_path_link_outside(copy: Path) -> list[str]:
    line = _append_to_page(copy, f"[x](path:{UP}etc/passwd)\n")
    return [f"{MD}:{line}", "linked file", "is outside docs/"]


def docs_download_outside(copy: Path) -> list[str]:
    line = _append_to_page(copy, f"{{download}}`x <{UP}etc/passwd>`\n")
    return [f"{MD}:{line}", "linked file", "is outside docs/"]


def docs_relative_link_outside(copy: Path) -> list[str]:
    line = _append_to_page(copy, f"[raw]({UP}etc/os-release)\n")
    return [f"{MD}:{line}", "linked file", "is outside docs/"]


def static_symlink_file(copy: Path) -> list[str]:
    (copy / "docs/_static/leak.txt").symlink_to("/etc/passwd")
    return ["docs/_static/leak.txt (to /etc/passwd)", "symbolic link", "nothing built"]


def static_symlink_folder(copy: Path) -> list[str]:
    (copy / "docs/_static/etcdir").symlink_to("/etc")
    return ["docs/_static/etcdir (to /etc)", "symbolic link", "nothing built"]


def docs_math_role(copy: Path) -> list[str]:
    line = _append_to_page(copy, "The odds are {math}`\\frac{1}{10}`.\n")
    return [f"{MD}:{line}", "math is refused"]


def _theme_word(copy: Path, name: str, msgid: str, msgstr: str) -> list[str]:
    """The translation of ``msgid`` in the extension's catalogue ``name`` made ``msgstr``, with
    the translator comment lint asks for (its numbers differ)."""
    catalogue = po.read((copy / name).read_bytes())
    entry = catalogue.get(msgid)
    assert entry is not None, msgid
    entry.string, entry.user_comments = msgstr, ["numbers-differ: the address"]
    catalogue_faults.save(copy / name, catalogue)
    lines = (copy / name).read_text(encoding="utf-8").splitlines()
    line = lines.index(f'msgid "{msgid}"') + 1  # where the checks place an entry: its msgid
    return [f"{Path(name).name}:{line}"]


def theme_po_attribute(copy: Path) -> list[str]:
    hostile = 'Langue"><meta/http-equiv="refresh" content="0;url=https://evil.example/"><i title="'
    return [*_theme_word(copy, THEME_PO, "Language", hostile), "adds '<'"]


def extension_po_switch_label(copy: Path) -> list[str]:
    hostile = 'EN : lire cette page en anglais" autofocus onfocus="alert(1)'
    msgid = "EN: read this page in English"
    return [*_theme_word(copy, EXTENSION_PO, msgid, hostile), "adds '\"'"]


def fr_fr_sphinx_mo(copy: Path) -> list[str]:
    """A compiled Sphinx catalogue in ``locale/fr_FR/``, which gettext reads before ``fr/``
    (attack round seventeen: every heading's permalink title broke out of its attribute)."""
    hostile = 'Lien\\"><meta http-equiv=\\"refresh\\" content=\\"0;url=https://evil.example/\\">'
    text = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: fr\\n"\n\n'
    text += f'msgid "Link to this heading"\nmsgstr "{hostile}"\n'
    folder = copy / "locale/fr_FR/LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "sphinx.mo").write_bytes(po.compiled(po.read(text)))
    return ["locale/fr_FR:1", "gettext reads before its language's own"]


def docs_tabularcolumns(copy: Path) -> list[str]:
    """A ``tabularcolumns`` specification, raw LaTeX: it printed a file of TeX's search path
    into the PDF (attack round seventeen)."""
    spec = "|>{\\VerbatimInput[lastline=6]{language.dat}}p{12cm}|l|"
    table = "```{list-table}\n* - a\n  - b\n```\n"
    line = _append_to_page(copy, f"```{{tabularcolumns}} {spec}\n```\n\n{table}")
    return [f"{MD}:{line}", "tabularcolumns is refused"]


FAULTS = (
    Fault(
        "french-number-changed",
        "a number changed in a French translation",
        french_number_changed,
        ((*PYTEST, NUMBERS),),
    ),
    Fault(
        "french-heading-left-in-english",
        "a French heading left as the English msgid, Title Case",
        french_heading_left_in_english,
        ((sys.executable, "-m", "nqtranslate", "lint", PO),),
    ),
    Fault(
        "french-role-broken",
        "a broken MyST role in a French translation",
        french_role_broken,
        ((*PYTEST, ROLES),),
    ),
    Fault(
        "french-unclosed-bold",
        "an unclosed ** in a French translation",
        french_unclosed_bold,
        ((*PYTEST, MARKUP),),
    ),
    Fault(
        "french-unclosed-backtick",
        "a role's closing backtick lost in a French translation",
        french_unclosed_backtick,
        ((*PYTEST, MARKUP),),
    ),
    Fault(
        "french-numbers-swapped",
        "two numbers of a French translation swapped",
        french_numbers_swapped,
        ((*PYTEST, ORDER),),
    ),
    Fault(
        "french-left-in-english",
        "a long message whose French is its English",
        french_left_in_english,
        ((*PYTEST, ENGLISH),),
    ),
    Fault(
        "french-misspelt",
        "a misspelt word in a French translation",
        french_misspelt,
        ((*PYTEST, SPELLING),),
    ),
    Fault(
        "french-untranslated",
        "an untranslated French entry",
        french_untranslated,
        ((*PYTEST, COMPLETE),),
    ),
    Fault("french-fuzzy", "a fuzzy French entry", french_fuzzy, ((*PYTEST, COMPLETE),)),
    Fault(
        "po-syntax-error", "a .po syntax error", po_syntax_error, ((*PYTEST, COMPILES), BUILD_FR)
    ),
    Fault(
        "typed-game-table",
        "a generated table typed and edited by hand in docs/",
        typed_game_table,
        ((*PYTEST, TYPED),),
    ),
    Fault(
        "doctest-wrong-result",
        "a doctest with a wrong result",
        doctest_wrong_result,
        ((*PYTEST, MD), BUILD_EN),
    ),
    Fault("unknown-directive", "an unknown directive", unknown_directive, (BUILD_EN,)),
    Fault(
        "broken-cross-reference", "a broken cross-reference", broken_cross_reference, (BUILD_EN,)
    ),
    Fault(
        "external-script",
        "an external script added to a page",
        external_script,
        (BUILD_EN,),
        ("cdn.example.com",),
    ),
    Fault(
        "spell-missing-field",
        "a spell record with a missing field",
        spell_missing_field,
        ((*PYTEST, SPELLS), EXPORT),
    ),
    Fault(
        "spell-misspelled-field",
        "a misspelled optional field in a spell record (upkep)",
        spell_misspelled_field,
        ((*PYTEST, SPELLS), EXPORT),
    ),
    Fault(
        "sample-out-of-range",
        "a sample profile with an out-of-range characteristic",
        sample_out_of_range,
        ((*PYTEST, SAMPLES), EXPORT),
    ),
    Fault(
        "spell-control-characters",
        "a spell's name with a carriage return, a NUL and an escape character",
        spell_control_characters,
        ((*PYTEST, SPELLS), EXPORT, NQ_CAST, BUILD_EN),
        ("Fire\rball",),
    ),
    Fault(
        "glossary-control-character",
        "a glossary term with an escape character",
        glossary_control_character,
        (BUILD_EN,),
        ("\x1b[31m",),
    ),
    Fault(
        "po-include-outside",
        "a French page message made of an include of /etc/passwd",
        po_include_outside,
        (BUILD_FR,),
        (PASSWD,),
    ),
    Fault(
        "po-script-element",
        "a <script> element added to a French page message",
        po_script_element,
        (BUILD_FR,),
        ("alert(1)",),
    ),
    Fault(
        "po-raw-role-eval-rst",
        "an eval-rst block defining a raw-HTML role in a message",
        po_raw_role_in_eval_rst,
        (BUILD_FR,),
        ("raw-html",),
    ),
    Fault(
        "fr-fr-sphinx-mo",
        "a compiled Sphinx catalogue in locale/fr_FR/, read before fr/",
        fr_fr_sphinx_mo,
        (BUILD_FR,),
        ("evil.example",),
    ),
    Fault(
        "docs-tabularcolumns",
        "a tabularcolumns specification of raw LaTeX in an English page",
        docs_tabularcolumns,
        (BUILD_EN,),
    ),
    Fault(
        "po-raw-latex-role",
        "a raw-LaTeX role reading a file, in a French message",
        po_raw_latex_role,
        (PDF_FR,),
        (PASSWD, "/etc/passwd"),
    ),
    Fault(
        "po-remote-image",
        "a remote image in a French message",
        po_remote_image,
        (BUILD_FR,),
        ("images.example.invalid",),
    ),
    Fault(
        "po-foreign-link",
        "a link to another site in a French message",
        po_foreign_link,
        (BUILD_FR,),
        ("phishing.example.invalid",),
    ),
    Fault(
        "engine-po-include",
        "an include of /etc/passwd as an engine card text",
        engine_po_include,
        (BUILD_FR,),
        (PASSWD,),
    ),
    Fault(
        "po-duplicate-msgid",
        "a duplicate msgid in a French catalogue",
        po_duplicate_msgid,
        (BUILD_FR,),
    ),
    Fault(
        "po-byte-order-mark",
        "a French catalogue saved with a byte order mark",
        po_byte_order_mark,
        (BUILD_FR,),
    ),
    Fault(
        "example-unclosed-fence",
        "a worked example whose doctest fence is never closed",
        example_unclosed_fence,
        (BUILD_EN,),
    ),
    Fault(
        "docs-include-outside",
        "an include of /etc/passwd in an English page",
        docs_include_outside,
        (BUILD_EN,),
        (PASSWD,),
    ),
    Fault(
        "docs-remote-image",
        "a remote image in an English page",
        docs_remote_image,
        (BUILD_EN,),
        ("images.example.invalid",),
    ),
    *(Fault(*spec) for spec in catalogue_faults.SPECS),
)

FAULTS += (
    Fault(
        "docs-path-link-outside",
        "a path: link to /etc/passwd in an English page",
        docs_path_link_outside,
        (BUILD_EN,),
        (PASSWD,),
        kept=(MD, "/etc/passwd", EN_HOME),
    ),
    Fault(
        "docs-download-outside",
        "a {download} of /etc/passwd in an English page",
        docs_download_outside,
        (BUILD_EN,),
        (PASSWD,),
        kept=(MD, "/etc/passwd", EN_HOME),
    ),
    Fault(
        "docs-relative-link-outside",
        "a relative link to /etc/os-release in an English page",
        docs_relative_link_outside,
        (BUILD_EN,),
        ("PRETTY_NAME=",),
        kept=(MD, "/etc/os-release", EN_HOME),
    ),
    Fault(
        "static-symlink-file",
        "a symbolic link to /etc/passwd in docs/_static",
        static_symlink_file,
        (BUILD_EN,),
        (PASSWD,),
        kept=("docs/_static/leak.txt", "/etc/passwd", "nqsphinx/site/static/nq.css"),
    ),
    Fault(
        "static-symlink-folder",
        "a symbolic link to /etc in docs/_static",
        static_symlink_folder,
        (BUILD_EN,),
        (PASSWD,),
        kept=("docs/_static/etcdir", "/etc/passwd", "nqsphinx/site/static/nq.css"),
    ),
    Fault(
        "docs-math-role",
        "a {math} role in an English page (MathJax from a CDN)",
        docs_math_role,
        (BUILD_EN,),
        ("mathjax",),
        kept=(MD, EN_HOME),
    ),
    Fault(
        "theme-po-attribute",
        "a theme word whose French closes its attribute and adds a <meta> refresh",
        theme_po_attribute,
        (BUILD_FR,),
        ('http-equiv="refresh"',),
        kept=(THEME_PO,),
    ),
    Fault(
        "extension-po-switch-label",
        "a language switch label whose French closes its attribute and adds a handler",
        extension_po_switch_label,
        (BUILD_FR,),
        ('onfocus="alert(1)"',),
        kept=(EXTENSION_PO,),
    ),
)
#: The faults that build from a clean copy: what they change is no page or page catalogue.
NOT_SEEDED = frozenset(
    {
        "engine-po-include",
        "static-symlink-file",
        "static-symlink-folder",
        "theme-po-attribute",
        "extension-po-switch-label",
        "spell-control-characters",
        "glossary-control-character",
        "fr-fr-sphinx-mo",
    }
)

#: The checks of every fault, run together on an unchanged copy: they must all pass there.
#: (That no request leaves the sites built offline is checked on the sites make builds there,
#: by test_faults.py, rather than on two more builds of them by the site tests' fixture.)
BASELINE_TESTS = (
    *PYTEST,
    NUMBERS,
    ROLES,
    MARKUP,
    ORDER,
    ENGLISH,
    SPELLING,
    COMPLETE,
    COMPILES,
    TYPED,
    MD,
    SPELLS,
    SAMPLES,
)
BASELINE = (BASELINE_TESTS, BUILD_EN, BUILD_FR, EXPORT, catalogue_faults.GUARD)
#: Saved again unchanged in a copy seeded from the baseline's build: what a seeded fault copy
#: rebuilds (its page in English, its catalogue in French).
TOUCHED = (MD, PO)
