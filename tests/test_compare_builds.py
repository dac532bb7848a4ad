"""tools/compare_builds.py tells a difference a move explains from one it does not."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from tools import compare_builds

MOVED = [
    "--moved",
    "nqcore.cli.web=nqcompanion.bridge.web",
    "--moved",
    "nqcore/cli=nqcompanion/bridge",
]


def _zip(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def _build(root: Path, files: dict[str, str | bytes]) -> Path:
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode() if isinstance(data, str) else data)
    return root


def _before(tmp_path: Path) -> Path:
    return _build(
        tmp_path / "before",
        {
            "en/index.html": '<script src="_static/app.js?v=0a1b2c3d"></script>',
            "en/_static/app.js": "// asks nqcore.cli.web\n",
            "sw.js": 'const VERSION = "00112233445566778899";',
            "engine.zip": _zip({"nqcore/cli/web.py": "import nqcore.cli.web\n", "a.py": "1\n"}),
        },
    )


def _after(tmp_path: Path, **changed: str) -> Path:
    files: dict[str, str | bytes] = {
        "en/index.html": '<script src="_static/app.js?v=99aa88bb"></script>',
        "en/_static/app.js": "// asks nqcompanion.bridge.web\n",
        "sw.js": 'const VERSION = "ffeeddccbbaa99887766";',
        "engine.zip": _zip(
            {
                "nqcompanion/bridge/web.py": "import nqcompanion.bridge.web\n",
                "nqcompanion/__init__.py": "",
                "a.py": "1\n",
            }
        ),
    }
    files.update(changed)
    return _build(tmp_path / "after", files)


def test_what_the_move_explains_passes(tmp_path: Path, capsys: object) -> None:
    before, after = _before(tmp_path), _after(tmp_path)
    argv = [str(before), str(after), *MOVED, "--added", "engine.zip!nqcompanion/__init__.py"]
    assert compare_builds.main(argv) == 0


def test_a_change_the_move_does_not_explain_fails(tmp_path: Path) -> None:
    before = _before(tmp_path)
    after = _after(
        tmp_path, **{"en/index.html": '<p>new</p><script src="_static/app.js?v=99aa88bb"></script>'}
    )
    argv = [str(before), str(after), *MOVED, "--added", "engine.zip!nqcompanion/__init__.py"]
    assert compare_builds.main(argv) == 1


def test_an_added_file_not_named_fails(tmp_path: Path) -> None:
    before, after = _before(tmp_path), _after(tmp_path)
    assert compare_builds.main([str(before), str(after), *MOVED]) == 1


def test_a_checksum_of_an_unchanged_file_is_no_excuse(tmp_path: Path) -> None:
    before = _before(tmp_path)
    after = _after(tmp_path, **{"en/_static/app.js": "// asks nqcore.cli.web\n"})
    report = compare_builds.compare(
        before, after, compare_builds.Rules([], ["engine.zip!nqcompanion/*"])
    )
    assert [name for name, _ in report.unexplained][:1] == ["en/index.html"]


def test_words_wrapped_anew_are_explained_and_other_words_are_not(tmp_path: Path) -> None:
    before = _build(tmp_path / "before", {"a.py": '"""Asks nqcore.cli.web for\n    answers."""\n'})
    after = _build(
        tmp_path / "after", {"a.py": '"""Asks nqcompanion.bridge.web\nfor answers."""\n'}
    )
    assert compare_builds.main([str(before), str(after), *MOVED]) == 0
    (after / "a.py").write_text('"""Asks nqcompanion.bridge.web for all answers."""\n')
    assert compare_builds.main([str(before), str(after), *MOVED]) == 1


def test_what_a_build_prints_of_itself_is_explained(tmp_path: Path) -> None:
    """The commit and the time of the build, Sphinx's record of the extensions' versions,
    imports sorted anew and the service worker's sizes of files that grew."""
    before = _build(
        tmp_path / "before",
        {
            "book.txt": "This printing (sources 1606b64)",
            "content.opf": "<meta>2026-11-30T07:00:29Z</meta>",
            "searchindex.js": 'Search.setIndex({"envversion":{"nqsphinx":6}})',
            "web.py": "from b import y\nfrom a import (\n    x,\n)\n",
            "sw.js": 'const SIZES = {"en": 1000};',
            "app.js": "// nqcore.cli.web\n",
        },
    )
    after = _build(
        tmp_path / "after",
        {
            "book.txt": "This printing (sources 70088a7)",
            "content.opf": "<meta>2026-11-30T07:15:52Z</meta>",
            "searchindex.js": 'Search.setIndex({"envversion":{"nqsphinx":7}})',
            "web.py": "from a import (\n    x,\n)\nfrom b import y\n",
            "sw.js": 'const SIZES = {"en": 1007};',
            "app.js": "// nqcompanion.bridge.web\n",
        },
    )
    assert (
        compare_builds.main([str(before), str(after), *MOVED, "--revision", "1606b64=70088a7"]) == 0
    )
    assert compare_builds.main([str(before), str(after), *MOVED]) == 1
    (after / "sw.js").write_text('const SIZES = {"en": 2000};')
    assert (
        compare_builds.main([str(before), str(after), *MOVED, "--revision", "1606b64=70088a7"]) == 1
    )


def test_a_catalogue_s_entries_in_another_order_are_explained(tmp_path: Path) -> None:
    entries = ['msgid ""\nmsgstr ""\n', 'msgid "a"\nmsgstr "à"\n', 'msgid "b"\nmsgstr "bé"\n']
    before = _build(tmp_path / "before", {"nqcore.po": "\n".join(entries)})
    after = _build(tmp_path / "after", {"nqcore.po": "\n".join([entries[0], *entries[:0:-1]])})
    assert compare_builds.main([str(before), str(after)]) == 0
    (after / "nqcore.po").write_text("\n".join([entries[0], 'msgid "b"\nmsgstr "b"\n', entries[1]]))
    assert compare_builds.main([str(before), str(after)]) == 1
