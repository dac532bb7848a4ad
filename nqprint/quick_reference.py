"""The players' quick-reference sheet (``quick-reference-<lang>[-letter].pdf``): two pages of
tables, on A4 or US Letter.

Every table is the engine's (:func:`nqcore.tables.registry.get_table`), formatted as the rulebook
formats it; the sheet adds headings, and the rulebook page of each block, read from the built
rulebook of the same language and paper (:mod:`nqprint.rulebook_pages`), so that it can never
disagree with the rules or the book.
"""

from __future__ import annotations

import re

from nqcore.i18n import N_, ROOT
from nqcore.rules.magic import Aspect
from nqcore.rules.turns import TURN_PHASES
from nqcore.tables import table_text
from nqcore.tables.registry import Table, get_table
from nqprint.imprint import book_pages, imprint
from nqprint.latex import A4, PAGE_BREAK, Paper, PrintError, document, tex
from nqprint.rulebook_pages import RulebookPages
from nqprint.site_address import configured_site_url, page_address, page_title
from nqprint.texts import LOCALE_DIR, cell_text, engine_text, print_text
from nqprint.typeset_signs import english_quotes

TITLE = N_("Quick reference")
SUBTITLE = N_("The rulebook's tables at a glance; each block gives the page of its rule: {book}.")
#: Where the site answers the rolls of this sheet (its calculators, nqcompanion/page/directive.py):
#: the page named by its title, as the site shows it, and its whole address (a path alone is of
#: no use on paper), made from ``conf.py``'s ``nq_site_url`` (:mod:`nqprint.site_address`).  Not
#: the offline archive: opened as files, its calculators cannot run (nqsphinx/site/offline.py).
WORK_IT_OUT = N_(
    "Work out any roll on the website's “{title}” page, {address}; once opened, it works offline "
    "too."
)
#: The site's page of calculators: its source (``docs/<page>.md``) and catalogue
#: (``locale/<lang>/LC_MESSAGES/<page>.po``), where the sheet reads the page's title.
AT_THE_TABLE = "at-the-table"
TURN_SEQUENCE = N_("Turn sequence")
OPPOSED_ASPECTS = N_("Opposed aspects (never in the same army)")
PAGE = N_("p. {page}")
PAGES_REF = N_("pp. {pages}")

#: The sheet, page by page: a heading of the sheet's own, or the key of an engine table.
PAGES: tuple[tuple[str, ...], ...] = (
    (
        "turn-sequence",
        "game-turns",
        "action-costs",
        "chance-to-cast",
        "movement-abilities",
        "close-combat-modifiers",
        "ranged-modifiers",
    ),
    (
        "rolls-needed",
        "armour-modifiers",
        "wound-table",
        "command-modifiers",
        "panic-table",
        "opposed-aspects",
        "support-weapons-model-hit",
    ),
)

#: Where the rulebook explains each block: Sphinx labels (``document:target``) of the print
#: edition; the sheet prints their pages.
SOURCES: dict[str, tuple[str, ...]] = {
    "turn-sequence": ("turn-sequence:turn-sequence",),
    "game-turns": ("victory-conditions:number-of-game-turns",),
    "action-costs": ("actions:actions",),
    "movement-abilities": ("actions:movement-ability-table",),
    "close-combat-modifiers": ("close-combat:close-combat-modifiers",),
    "ranged-modifiers": ("ranged-combat:ranged-attack-modifiers",),
    # Each roll the block gives, at its rule: to hit in close and ranged combat, masterful hits
    # and fumbles, the armour save and a ranked unit's +1, the wound, a template's partly
    # covered model, the command test, casting, cancelling and resisting a spell.
    "rolls-needed": (
        "close-combat:striking-the-enemy",
        "ranged-combat:ranged-combat",
        "actions:masterful-hit",
        "actions:fumbles",
        "armour-and-damage:armour-saves",
        "armour-and-damage:armour-modifier",
        "armour-and-damage:damage",
        "ranged-combat:ranged-combat-teardrop-templates",
        "morale:morale",
        "magic:casting-a-spell",
        "magic:cancelling-a-spell-in-play",
        "magic:resisting-a-spell",
    ),
    "armour-modifiers": ("armour-and-damage:armour-modifier",),
    "wound-table": ("armour-and-damage:damage",),
    "command-modifiers": ("actions:actions-command-test-modifiers",),
    "panic-table": ("morale:panic-table",),
    "chance-to-cast": ("magic:casting-a-spell",),
    "opposed-aspects": ("magic:magic-relationships",),
    "support-weapons-model-hit": ("support-weapons:shooting-at-support-weapons",),
}

#: Words of a table's cell that point elsewhere in the book ("see the retreat rules below", where
#: the rule follows the table in the book but not on the sheet), by block: the words as the
#: engine's text says them, and the label whose page the sheet gives instead ("see p. 72").
ELSEWHERE: dict[str, tuple[str, str]] = {
    "panic-table": (N_("see the retreat rules below"), "morale:when-to-move-a-retreating-unit"),
}
SEE_PAGE = N_("see p. {page}")

#: Blocks that are no table of the book: their rules' sections give their pages.
SECTIONS_ONLY = frozenset({"turn-sequence", "opposed-aspects"})

_NUMERIC = re.compile(r"^[-+\u2212]?[\d½]*[\d½](\s?%)?$|^[\d]+[-\u2013][\d]+$|^–$")
#: The body text: 10 PostScript points (TeX's 10 pt are 9.96), legible at arm's length.
BODY_SIZE = (
    r"\renewcommand{\normalsize}{\fontsize{10.05}{11.8}\selectfont}\AtBeginDocument{\normalsize}"
)
#: Columns longer than this (characters) wrap; shorter ones keep their natural width.
WRAP_AT = 30
#: A column of words longer than this, beside one that wraps, is set in two lines.
NARROW_AT = 12
#: Between a block and the next one's heading (LaTeX adds its \lineskip, 1 pt); a block's last
#: line of text ends on a strut, so the space does not depend on its letters' descenders.
BLOCK_SKIP = "4pt"


def _column_spec(table: Table, lang: str, narrow: bool = False) -> tuple[str, str]:
    """Short columns centred at their natural width; long ones share the rest of the width,
    each in proportion to its average length; if ``narrow``, a column of a few words beside a
    long one (the panic table's results beside their effects) in two lines, its width
    (``\\nqnarrow``) set by the LaTeX that comes first: the sheet's second layout, where the
    first runs over its pages (proof round eighteen: the French sheet's second page)."""
    texts = [[cell_text(c, lang) for c in column] for column in zip(*table.rows, strict=True)]
    longest = [max(len(t) for t in column) for column in texts]
    average = [sum(len(t) for t in column) / len(column) for column in texts]
    wrapping = [i for i, n in enumerate(longest) if n > WRAP_AT]
    total = sum(average[i] for i in wrapping)
    spec = []
    setup = ""
    for i in range(len(texts)):
        numeric = all(_NUMERIC.match(t) for t in texts[i])
        if i in wrapping:
            share = len(wrapping) * average[i] / total
            spec.append(rf">{{\raggedright\arraybackslash\hsize={share:.3f}\hsize}}X")
        elif i and numeric:
            spec.append("c")
        elif narrow and wrapping and not setup and not numeric and longest[i] > NARROW_AT:
            header = engine_text(table.columns[i], lang)
            setup = _narrow_width(header, texts[i], lang)
            spec.append(r">{\raggedright\arraybackslash}p{\nqnarrow}")
        else:
            spec.append("l")
    if not wrapping:  # tabularx needs one X column: the first takes the slack
        spec[0] = r">{\raggedright\arraybackslash}X"
    return "@{}" + "".join(spec) + "@{}", setup


def _narrow_width(header: str, cells: list[str], lang: str) -> str:
    """``\\nqnarrow`` set to the widest line of a column whose cells are each broken into two
    lines of about the same length, and whose bold header is broken between its words."""
    lines = [rf"\textbf{{{tex(word, lang)}}}" for word in header.split()]
    for text in cells:
        words = text.split()
        cut = min(
            range(1, len(words) + 1),
            key=lambda n: max(len(" ".join(words[:n])), len(" ".join(words[n:]))),
        )
        lines += [tex(" ".join(words[:cut]), lang), tex(" ".join(words[cut:]), lang)]
    rows = r"\\".join(line for line in lines if line)
    return rf"\settowidth{{\nqnarrow}}{{\begin{{tabular}}{{@{{}}l@{{}}}}{rows}\end{{tabular}}}}"


def _quoted(text: str, lang: str) -> str:
    """The engine's words with the book's curly quotes and apostrophes in English ("the enemy’s
    fear (X) penalty"), as the rulebook sets them; inch marks stay straight."""
    return english_quotes(text) if lang == "en" else text


def table_tex(
    table: Table,
    lang: str,
    ref: str = "",
    elsewhere: tuple[str, str] | None = None,
    narrow: bool = False,
) -> str:
    """An engine table with its title (and rulebook page), notes, booktabs rules, shaded rows;
    ``elsewhere``: words of its cells and what the sheet says instead (:data:`ELSEWHERE`)."""
    columns = zip(*table.rows, strict=True)
    widths = [max(len(cell_text(c, lang)) for c in column) for column in columns]
    headers = [engine_text(c, lang) for c in table.columns]
    group = _grouped(headers[1:])
    if group:  # "Wizardry" over 0 to 4, as a printed table of chances sets it
        headers = [headers[0], *group[1]]
    head = " & ".join(
        _header(text, width, lang) for text, width in zip(headers, widths, strict=True)
    )
    if group:  # two lines of header, as before: the first column's in one
        head = rf"\textbf{{{tex(headers[0], lang)}}} & " + head.split(" & ", 1)[1]
        span = len(headers) - 1
        # no rule between the two lines: its space ran a Letter sheet 2.5 pt into its margin
        head = (
            rf" & \multicolumn{{{span}}}{{c}}{{\textbf{{{tex(group[0], lang)}}}}}\\" + "\n" + head
        )
    cells = [[_quoted(cell_text(c, lang), lang) for c in row] for row in table.rows]
    if elsewhere:
        cells = _say_elsewhere(cells, *elsewhere, table.key)
    rows = []
    for index, row in enumerate(cells):
        shade = r"\rowcolor{nqshade}" if index % 2 else ""
        rows.append(shade + " & ".join(tex(c, lang) for c in row) + r"\\")
    noted = [tex(_quoted(table_text.printed_text(n, lang), lang), lang) for n in table.notes]
    notes = "".join(rf"\par\nopagebreak{{\itshape {note}\strut}}" for note in noted)
    spec, setup = _column_spec(table, lang, narrow)
    return _block(
        _heading(engine_text(table.title, lang), lang, ref)
        + setup
        + rf"\begin{{tabularx}}{{\linewidth}}{{{spec}}}\toprule"
        + "\n"
        + head
        + r"\\\midrule"
        + "\n"
        + "\n".join(rows)
        + "\n"
        + r"\bottomrule\end{tabularx}"
        + notes
    )


def _grouped(headers: list[str]) -> tuple[str, list[str]] | None:
    """The words that three or more headers share before a last word of their own, and those
    last words ("Wizardry", ["0", ..., "4"]); None where they do not, or share only an
    abbreviation ("T 1" to "T 10" fit as they are)."""
    parts = [header.rsplit(" ", 1) for header in headers]
    if len(parts) < 3 or any(len(part) != 2 for part in parts):
        return None
    if len({part[0] for part in parts}) != 1 or len(parts[0][0]) < 4:
        return None
    return parts[0][0], [part[1] for part in parts]


def _say_elsewhere(cells: list[list[str]], words: str, instead: str, key: str) -> list[list[str]]:
    """``cells`` with ``words`` replaced by ``instead``; words no cell holds fail, naming the
    table (the sheet would keep a reference to nothing)."""
    if not any(words in cell for row in cells for cell in row):
        from nqtranslate.pseudo import CLOSE, OPEN  # it brackets each message whole

        words = words.removeprefix(OPEN).removesuffix(CLOSE)
    if not any(words in cell for row in cells for cell in row):
        where = _message_at(ELSEWHERE[key][0]) if key in ELSEWHERE else ""
        raise PrintError(
            f"{where or 'nqprint/quick_reference.py'}: no cell of table {key!r} says {words!r}:"
            " say it with the words the table's cell uses"
        )
    return [[cell.replace(words, instead) for cell in row] for row in cells]


def _message_at(msgid: str) -> str:
    """Where the print products' French catalogue (``nqprint.po``) translates ``msgid``, as
    ``file:line``; "" when it does not."""
    from nqtranslate.reading import read

    for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/nqprint.po")):
        found = [m for m in read(path).messages if m.msgid == msgid]
        if found:
            return f"{path.relative_to(ROOT)}:{found[0].line}"
    return ""


def _header(text: str, body_width: int, lang: str) -> str:
    """A header cell, in two lines when it is much wider than its column's cells (a column
    that does not wrap would otherwise be as wide as its header)."""
    words = text.split()
    if len(text) <= max(10, 2 * body_width) or len(words) < 2:
        return rf"\textbf{{{tex(text, lang)}}}"
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(text) / 2))
    first, second = " ".join(words[:cut]), " ".join(words[cut:])
    return (
        rf"\begin{{tabular}}[b]{{@{{}}c@{{}}}}\textbf{{{tex(first, lang)}}}\\"
        rf"\textbf{{{tex(second, lang)}}}\end{{tabular}}"
    )


def _block(content: str) -> str:
    """A section that never breaks across columns or pages, and the space before the next one
    (dropped at the top of a column)."""
    return (
        r"\begin{minipage}{\linewidth}"
        + content
        + rf"\end{{minipage}}\par\vspace{{{BLOCK_SKIP}}}"
        + "\n"
    )


def _heading(text: str, lang: str, ref: str = "") -> str:
    """A block's title, the rulebook pages where its rules are at the right of the line, or at
    the right of a line of their own where the line cannot hold both (the rolls' many pages):
    the pages are never broken over two lines (TeXbook, exercise 14.30)."""
    page = (
        rf"\unskip\nobreak\hfil\penalty50\hskip1em\hbox{{}}\nobreak\hfil"
        rf"\mbox{{\mdseries {ref}}}\parfillskip=0pt"
        if ref
        else ""
    )
    return (
        r"\par\noindent{\sffamily\bfseries\color{nqred}"
        + tex(text, lang)
        + page
        + r"\par}\nopagebreak\vspace{1pt}"  # the paragraph ends in the group: its \parfillskip
        + "\n"
    )


def _page_order(page: str) -> tuple[int, str]:
    """Pages in the book's order: arabic numbers by value (front matter's roman ones first)."""
    return (int(page), "") if page.isdigit() else (-1, page)


def block_pages(key: str, lang: str, book: RulebookPages) -> list[str]:
    """The rulebook pages of a block: the page of the book's table of that title in the chapter
    of its rule, where the chapter prints it (the table may stand a page after its section's
    heading), else the pages of its rules' sections, and the page of the book's one table of
    that title in another chapter, if any (the chance to cast: its rule in Magic, its table in
    The Odds): every block that is a table of the book gives the page of that table."""
    if key in SECTIONS_ONLY:
        return sorted({book.page(label) for label in SOURCES[key]}, key=_page_order)
    title = block_title(key, lang)
    table = book.table_page(SOURCES[key][0].split(":", 1)[0], title)
    if table:
        return [table]
    pages = {book.page(label) for label in SOURCES[key]}
    elsewhere = book.tables_anywhere(title)
    if len(elsewhere) == 1:
        pages |= set(elsewhere)
    return sorted(pages, key=_page_order)


def page_reference(key: str, lang: str, book: RulebookPages) -> str:
    """ "p. 74" (or "pp. 30, 45"): the rulebook pages of a block, in the reader's language."""
    found = block_pages(key, lang, book)
    if len(found) == 1:
        text = print_text(PAGE, lang).format(page=found[0])
    else:
        text = print_text(PAGES_REF, lang).format(pages=", ".join(found))
    return tex(text, lang).replace(". ", ".~", 1)


def turn_sequence_tex(lang: str, ref: str = "") -> str:
    """The four phases of a game turn, numbered; the list's space above is cut to a table's (the
    sheet has none to spare on US Letter)."""
    items = "".join(rf"\item {tex(engine_text(p, lang), lang)}\strut" for p in TURN_PHASES)
    return _block(
        _heading(print_text(TURN_SEQUENCE, lang), lang, ref)
        + r"\setlength{\topsep}{2pt}\setlength{\partopsep}{0pt}"
        + r"\begin{enumerate}\setlength{\itemsep}{0pt}\setlength{\parskip}{0pt}"
        + items
        + r"\end{enumerate}"
    )


def opposed_aspects_tex(lang: str, ref: str = "") -> str:
    """The three oppositions of the magic aspects ("Magic Relationships")."""
    pairs: list[tuple[Aspect, Aspect]] = []
    for aspect in Aspect:
        if (aspect.opposed, aspect) not in pairs:
            pairs.append((aspect, aspect.opposed))
    text = " \\quad ".join(
        f"{tex(engine_text(a.label, lang), lang)} – {tex(engine_text(b.label, lang), lang)}"
        for a, b in pairs
    )
    return _block(_heading(print_text(OPPOSED_ASPECTS, lang), lang, ref) + text + r"\strut")


def block_title(key: str, lang: str) -> str:
    """The heading of a block of the sheet, as plain text in ``lang``."""
    if key == "turn-sequence":
        return print_text(TURN_SEQUENCE, lang)
    if key == "opposed-aspects":
        return print_text(OPPOSED_ASPECTS, lang)
    return engine_text(get_table(key).title, lang)


def section_tex(key: str, lang: str, book: RulebookPages, narrow: bool = False) -> str:
    ref = page_reference(key, lang, book)
    if key == "turn-sequence":
        return turn_sequence_tex(lang, ref)
    if key == "opposed-aspects":
        return opposed_aspects_tex(lang, ref)
    elsewhere = None
    if key in ELSEWHERE:
        words, label = ELSEWHERE[key]
        page = print_text(SEE_PAGE, lang).format(page=book.page(label))
        elsewhere = (print_text(words, lang), page.replace(". ", ".\u00a0", 1))
    return table_tex(get_table(key), lang, ref, elsewhere, narrow)


def at_the_table_address(lang: str) -> str:
    """The address of the site's page of calculators in ``lang``."""
    return page_address(configured_site_url(), lang, AT_THE_TABLE)


def work_it_out(lang: str, address: str = "") -> str:
    """The line that sends a player to the calculators: the site's page, by its title and its
    address (``address`` stands in its place if given)."""
    return print_text(WORK_IT_OUT, lang).format(
        title=page_title(AT_THE_TABLE, lang), address=address or at_the_table_address(lang)
    )


#: The last line of a paragraph a quarter of the line at least: no word alone under the line that
#: sends a player to the calculators (« réseau. » on A4: proof round 39).
LAST_LINE = r"\parfillskip=0pt plus .75\linewidth"


def work_it_out_tex(lang: str) -> str:
    """:func:`work_it_out` as LaTeX, the address a link that may break after its slashes."""
    mark = "\ue000"
    line = tex(work_it_out(lang, mark), lang)
    return line.replace(mark, rf"\url{{{at_the_table_address(lang)}}}")


def quick_reference_tex(
    lang: str, book: RulebookPages, paper: Paper = A4, narrow: bool = False
) -> str:
    """The LaTeX document of the quick-reference sheet, its page references from ``book``;
    ``narrow``: its second layout, short text columns in two lines (:func:`_column_spec`)."""
    title = print_text(TITLE, lang)
    subtitle = print_text(SUBTITLE, lang).format(book=book_pages(lang, paper))
    pages = []
    for number, keys in enumerate(PAGES, start=1):
        header = (
            r"\noindent{\sffamily\bfseries\Large No Quarter Fantasy Wargames}\hfill"
            rf"{{\sffamily\large {tex(title, lang)}}}\quad{{\sffamily\small {number}/{len(PAGES)}}}"
            r"\par\vspace{2pt}{\color{nqred}\rule{\linewidth}{1pt}}\par"
            rf"{{\footnotesize\itshape {tex(subtitle, lang)}}}\par"
            rf"{{\scriptsize {tex(imprint(lang), lang)}}}\par"
            + (rf"{{\footnotesize{LAST_LINE} {work_it_out_tex(lang)}\par}}" if number == 1 else "")
            + "\n"
        )
        body = "".join(section_tex(key, lang, book, narrow) for key in keys)
        pages.append(
            header + r"\begin{multicols}{2}\raggedcolumns" + "\n" + body + r"\end{multicols}"
        )
    return document(
        PAGE_BREAK.join(pages),
        lang=lang,
        title=title,
        paper=paper,
        geometry="margin=10.6mm",
        # Above the columns, 6 pt of multicols' 12: the French sheet fills its first page on
        # US Letter, under a header that has the imprint's line; 3 pt set the columns' first
        # headings 2.5 pt under the line above them, as close as two lines of a paragraph.
        extra=r"\usepackage{colortbl}\setlength{\columnsep}{6mm}\setlength{\multicolsep}{6pt}"
        r"\newlength{\nqnarrow}"
        r"\renewcommand{\arraystretch}{1.0}"
        r"\setlength{\tabcolsep}{3pt}" + BODY_SIZE,
    )
