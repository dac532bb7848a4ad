"""Compare two builds of the project file by file, and say why each differing file may differ.

A move of code (a module to another package, a script to another folder) must leave the built
products as they were, but for what names the moved code or digests its bytes::

    python tools/compare_builds.py /tmp/before /tmp/after \\
        --moved nqcore.cli.web=nqcompanion.bridge.web \\
        --moved nqcore/cli/web=nqcompanion/bridge/web --added 'nqcompanion/__init__.py'

Every file of both folders is compared byte for byte.  Archives (``.zip``, ``.epub``) are opened
and their members compared the same way, by name; a PDF whose bytes differ is compared by its
text (``pdftotext``) and its number of pages.  A text that differs is explained when it is the
same once

- each ``--moved OLD=NEW`` is applied to the earlier text (an import, a path, a comment naming
  the moved code), in the order given, PDFs' text too;
- the commits of each ``--revision OLD=NEW`` (the sources the books were built from, which they
  print; give the commits made while the later build ran too) are left out;
- a build time (``2026-11-30T07:00:29Z``) and the extensions' environment versions Sphinx records
  in its search index (bumped when a node class moves) are left out;
- each ``?v=`` checksum Sphinx gives a static file is left out where that file itself differs;
- each long hexadecimal digest (16 digits or more) is left out, when some file's contents differ
  (a digest over several files: the service worker's cache version);
- what is left are the same words wrapped anew (a comment that a longer name made wrap), the
  same imports sorted anew, a gettext catalogue's same entries in another order (its messages
  are extracted in the order of their files' paths), or numbers each changed by no more than
  the files' sizes changed in all (the service worker's sizes of what it keeps; a loose check: a
  small number changed for another reason passes it too).

A member or file only in the later build is explained when it matches an ``--added`` pattern, or
when it is an earlier one renamed by ``--moved``.  Anything else is unexplained: the script
prints it and exits with 1.
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import io
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ARCHIVES = (".zip", ".epub")
#: Sphinx's checksum of a static file in the address that loads it (``nq-at-table.js?v=1a2b3c4d``).
CHECKSUM = re.compile(r"""([^"'\s?=<>]+)\?v=([0-9a-f]{8})""")
DIGEST = re.compile(r"\b[0-9a-f]{16,}\b")
#: A time of the build (the e-books' ``dcterms:modified``).
TIMESTAMP = re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
#: The extensions' environment versions Sphinx writes into its search index.
ENV_VERSIONS = re.compile(r'"envversion":\{[^}]*\}')
#: A line of Python's imports (a sorted block of them may come out in another order).
IMPORT_LINE = re.compile(r"^(?:from \S+ import\b.*|import \S.*|\s+\w+(?: as \w+)?,|\))$")
INTEGER = re.compile(r"\d+")


@dataclass
class Rules:
    """What the move may change: names (old, new) in order, patterns of added files, and the
    commits the sources were built from (old, new), which the books print."""

    moved: list[tuple[str, str]] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    revisions: list[tuple[str, str]] = field(default_factory=list)

    def renamed(self, text: str) -> str:
        for old, new in self.moved:
            text = text.replace(old, new)
        return text

    def revised(self, text: str) -> str:
        """``text`` with each commit named by :attr:`revisions` left out (a build may print
        either of two commits: one made while it ran)."""
        for commit in sorted({c for pair in self.revisions for c in pair}, key=len, reverse=True):
            text = text.replace(commit, "<commit>")
        return text

    def is_added(self, name: str) -> bool:
        return any(fnmatch.fnmatchcase(name, pattern) for pattern in self.added)


@dataclass
class Report:
    compared: int = 0
    identical: int = 0
    explained: list[tuple[str, str]] = field(default_factory=list)
    unexplained: list[tuple[str, str]] = field(default_factory=list)

    def note(self, name: str, reason: str, ok: bool) -> None:
        (self.explained if ok else self.unexplained).append((name, reason))


@dataclass
class Tree:
    """The files of one build (or of one archive), by their name inside it."""

    files: dict[str, bytes]

    @classmethod
    def of_folder(cls, root: Path) -> Tree:
        found = {}
        for path in sorted(root.rglob("*")):
            if path.is_file() and not path.is_symlink():
                found[path.relative_to(root).as_posix()] = path.read_bytes()
        return cls(found)

    @classmethod
    def of_archive(cls, data: bytes) -> Tree:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return cls({n: archive.read(n) for n in archive.namelist() if not n.endswith("/")})


def _pdf_text(data: bytes) -> tuple[str, int]:
    """The text of a PDF and its number of pages (poppler's pdftotext and pdfinfo)."""
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "file.pdf"
        path.write_bytes(data)
        text = subprocess.run(
            ["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True
        ).stdout.decode("utf-8", "replace")
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True).stdout
    pages = re.search(rb"^Pages:\s+(\d+)", info, re.M)
    return text, int(pages.group(1)) if pages else -1


def _changed_files(before: Tree, after: Tree, prefix: str) -> set[str]:
    """The names (with ``prefix``) of the files whose bytes differ, archives' members too."""
    found = set()
    for name in before.files.keys() & after.files.keys():
        if before.files[name] != after.files[name]:
            found.add(prefix + name)
    return found


def _checksums_explained(old: str, new: str, name: str, changed: set[str]) -> tuple[str, str]:
    """Both texts with each ``?v=`` checksum of a file that differs left out."""
    folder = posixpath.dirname(name)

    def mask(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(folder, match.group(1)))
        return f"{match.group(1)}?v=<checksum>" if target in changed else match.group(0)

    return CHECKSUM.sub(mask, old), CHECKSUM.sub(mask, new)


def _imports_sorted_anew(old: str, new: str) -> bool:
    """The same lines, those out of place all imports: a block of imports sorted anew."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    if sorted(old_lines) != sorted(new_lines):
        return False
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    moved = [
        line
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
        for line in old_lines[i1:i2] + new_lines[j1:j2]
    ]
    return all(IMPORT_LINE.match(line) for line in moved)


def _entries(catalogue: str) -> list[str]:
    """A gettext catalogue's entries (separated by blank lines), sorted."""
    return sorted(entry.strip() for entry in catalogue.split("\n\n"))


def _sizes_explained(old: str, new: str, size_change: int) -> bool:
    """Only numbers differ, each by no more than the files' sizes changed in all (a total of
    sizes over files of which some differ: the service worker's sizes of what it keeps)."""
    if size_change == 0 or INTEGER.split(old) != INTEGER.split(new):
        return False
    pairs = zip(INTEGER.findall(old), INTEGER.findall(new), strict=True)
    return all(abs(int(b) - int(a)) <= size_change for a, b in pairs)


def explain_text(old: str, new: str, name: str, rules: Rules, context: Context) -> str | None:
    """Why the text ``name`` may differ, or None when nothing the move does explains it: the
    steps below are taken in turn, each leaving out one kind of difference, until none is left."""
    reasons = []
    steps: list[tuple[str, Callable[[str, str], tuple[str, str]]]] = [
        ("names the moved code", lambda a, b: (rules.renamed(a), b)),
        ("names the commit of the sources", lambda a, b: (rules.revised(a), rules.revised(b))),
        ("a build time", lambda a, b: (TIMESTAMP.sub("<time>", a), TIMESTAMP.sub("<time>", b))),
        (
            "the extensions' environment versions (ENV_VERSION, bumped for a moved node class)",
            lambda a, b: (ENV_VERSIONS.sub("<env>", a), ENV_VERSIONS.sub("<env>", b)),
        ),
        (
            "Sphinx's ?v= checksum of a file that differs",
            lambda a, b: _checksums_explained(a, b, name, context.changed),
        ),
    ]
    if context.changed - {name}:
        steps.append(
            (
                "a digest over files of which some differ",
                lambda a, b: (DIGEST.sub("<digest>", a), DIGEST.sub("<digest>", b)),
            )
        )
    for reason, step in steps:
        if old == new:
            break
        masked_old, masked_new = step(old, new)
        if (masked_old, masked_new) != (old, new):
            reasons.append(reason)
            old, new = masked_old, masked_new
    if old != new:
        if old.split() == new.split():
            reasons.append("the same words, wrapped anew (a longer name moved a line)")
        elif _imports_sorted_anew(old, new):
            reasons.append("the same imports, sorted anew")
        elif name.endswith(".po") and _entries(old) == _entries(new):
            reasons.append(
                "the same catalogue entries in another order (extracted from new places)"
            )
        elif _sizes_explained(old, new, context.size_change):
            reasons.append("sizes of files that differ")
        else:
            return None
    return "; ".join(reasons)


def _decoded(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _first_difference(old: str, new: str) -> str:
    for number, (a, b) in enumerate(zip(old.splitlines(), new.splitlines(), strict=False), 1):
        if a != b:
            return f"line {number}: {a.strip()[:80]!r} became {b.strip()[:80]!r}"
    return f"{len(old.splitlines())} lines became {len(new.splitlines())}"


def compare_file(name: str, old: bytes, new: bytes, context: Context) -> None:
    """One file present in both builds: identical, explained or not."""
    report = context.report
    report.compared += 1
    if old == new:
        report.identical += 1
        return
    suffix = posixpath.splitext(name)[1].lower()
    if suffix in ARCHIVES:
        compare_trees(Tree.of_archive(old), Tree.of_archive(new), context, f"{name}!")
        report.note(name, "an archive: its members are compared one by one (NAME!MEMBER)", True)
        return
    if suffix == ".pdf" and shutil.which("pdftotext"):
        (old_pdf, old_pages), (new_pdf, new_pages) = _pdf_text(old), _pdf_text(new)
        revised = context.rules.revised(context.rules.renamed(old_pdf))
        same = revised == context.rules.revised(new_pdf) and old_pages == new_pages
        why = "its text differs" if not same else f"same text and {new_pages} pages"
        if same and old_pdf != new_pdf:
            why += ", once the moved code and the sources' commit are named anew"
        report.note(name, f"a PDF, {why}", same)
        return
    old_text, new_text = _decoded(old), _decoded(new)
    if old_text is None or new_text is None:
        report.note(name, "binary contents differ", False)
        return
    reason = explain_text(old_text, new_text, name, context.rules, context)
    if reason is None:
        report.note(name, _first_difference(context.rules.renamed(old_text), new_text), False)
    else:
        report.note(name, reason, True)


@dataclass
class Context:
    rules: Rules
    report: Report
    #: The files (and archives' members) whose bytes differ.
    changed: set[str] = field(default_factory=set)
    #: How many bytes the files of the build (archives whole, not their members) changed by.
    size_change: int = 0


def compare_trees(before: Tree, after: Tree, context: Context, prefix: str = "") -> None:
    """Every file of two trees, matched by name (an earlier name renamed by ``--moved`` too)."""
    context.changed |= _changed_files(before, after, prefix)
    by_new_name = {context.rules.renamed(n): n for n in before.files if n not in after.files}
    context.changed |= {prefix + name for name in by_new_name}
    for name in sorted(before.files.keys() | after.files.keys()):
        shown = prefix + name
        if name in before.files and name in after.files:
            compare_file(shown, before.files[name], after.files[name], context)
        elif name in after.files and name in by_new_name:
            old_name = by_new_name[name]
            context.changed.add(shown)
            compare_file(shown, before.files[old_name], after.files[name], context)
            context.report.note(shown, f"moved from {prefix}{old_name}", True)
        elif name in after.files:
            added = context.rules.is_added(shown) or context.rules.is_added(name)
            context.report.note(shown, "only in the later build", added)
        elif context.rules.renamed(name) not in after.files:
            context.report.note(shown, "only in the earlier build", False)


def compare(before: Path, after: Path, rules: Rules) -> Report:
    context = Context(rules, Report())
    old, new = Tree.of_folder(before), Tree.of_folder(after)
    context.size_change = sum(
        abs(len(new.files[name]) - len(old.files[name]))
        for name in old.files.keys() & new.files.keys()
    )
    compare_trees(old, new, context)
    return context.report


def _moved(value: str) -> tuple[str, str]:
    old, sep, new = value.partition("=")
    if not sep or not old:
        raise argparse.ArgumentTypeError(f"{value!r}: expected OLD=NEW")
    return old, new


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the earlier build's folder")
    parser.add_argument("after", type=Path, help="the later build's folder")
    parser.add_argument("--moved", type=_moved, action="append", default=[], metavar="OLD=NEW")
    parser.add_argument("--added", action="append", default=[], metavar="PATTERN")
    parser.add_argument("--revision", type=_moved, action="append", default=[], metavar="OLD=NEW")
    args = parser.parse_args(argv)
    for folder in (args.before, args.after):
        if not folder.is_dir():
            print(f"compare_builds: {folder}: not a folder", file=sys.stderr)
            return 2
    report = compare(args.before, args.after, Rules(args.moved, args.added, args.revision))
    for name, reason in report.explained:
        print(f"differs, explained: {name}: {reason}")
    for name, reason in report.unexplained:
        print(f"DIFFERS, UNEXPLAINED: {name}: {reason}")
    explained, unexplained = len(report.explained), len(report.unexplained)
    print(
        f"{report.compared} files compared (with the members of each archive that differs), "
        f"{report.identical} identical, {explained} explained, {unexplained} unexplained"
    )
    return 1 if report.unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
