"""The copy-edits of the 2007 English text (``docs/_data/copy_edits.toml``): typos a publisher
corrects without changing a rule, each listed with where it was and why, so that a reviewer
reads the list rather than a diff, and a later edit of the page cannot bring a typo back
unnoticed (``tests/test_copy_edits.py``).  A change of a rule is an erratum, never a copy-edit.
"""

from __future__ import annotations

from pathlib import Path

from msgspec import Struct

from nqcore.data.datafiles import DataFileError, parse

#: The list, under the documentation's source directory.
COPY_EDITS_FILE = Path("_data") / "copy_edits.toml"


class CopyEdit(Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """One correction: ``printed`` (the 2007 words) became ``corrected`` in ``page``."""

    page: str
    section: str
    printed: str
    corrected: str
    reason: str
    proof: str = ""
    #: The engine's data file that holds the words when the page shows them from data (a spell
    #: card's text), relative to the repository: the correction is there, not in the page.
    data: str = ""


class CopyEditsFile(Struct, forbid_unknown_fields=True, kw_only=True):
    edit: list[CopyEdit]


def load_copy_edits(path: Path) -> tuple[CopyEdit, ...]:
    """Every copy-edit of ``path``; a field missing, unknown or of the wrong type, or an edit
    that changes nothing, is a :class:`DataFileError` of one line naming the file and record.
    """
    import msgspec

    data = parse(path.read_text("utf-8"), str(path), CopyEditsFile)
    edits = msgspec.convert(data, CopyEditsFile).edit
    for number, edit in enumerate(edits, 1):
        if edit.printed == edit.corrected or not edit.reason.strip():
            raise DataFileError(
                f"{path}, edit #{number} ({edit.page}): printed and corrected are the same, "
                "or no reason"
            )
    return tuple(edits)
