"""Which printing a reader holds, named by the sources it was made from, never by the clock, so
that every build of the same commit is the same book: the date and short id of the git commit
the sources are at (``git log -1 --format='%cs %h'``), the date of ``SOURCE_DATE_EPOCH`` instead
when it is set (the reproducible-builds convention); without git, "unversioned sources" with that
date, or no line at all.  The rulebooks' credits (:mod:`nqsphinx.books.front_matter`), their
e-books and the print products' imprint (:mod:`nqprint.imprint`) print the same line."""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from nqcore.i18n import NUMBER_LOCALES, check_language
from nqtranslate.site_words import ui_text


def source_version(folder: Path) -> tuple[str | None, str | None]:
    """The printing's date and the sources' short commit id, each None if unknown: the date
    of ``SOURCE_DATE_EPOCH`` if set, else of the commit ``folder`` is checked out at."""
    date, commit = None, None
    try:
        found = subprocess.run(
            ["git", "-C", str(folder), "log", "-1", "--format=%cs %h"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        found = []
    if len(found) == 2:
        date, commit = found
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        date = datetime.fromtimestamp(int(epoch), UTC).date().isoformat()
    return date, commit


def printing_line(lang: str, date: str | None, commit: str | None) -> str | None:
    """ "This printing: 26 November 2026 (sources 1a2b3c4)" in ``lang``, the day as the
    language writes it (« 2 décembre 2026 »: proof round sixteen read 2026-12-02 in French
    prose); None without a date."""
    if date is None:
        return None
    date = format_day(date, lang)
    if commit is None:
        return ui_text("This printing: {date} (unversioned sources)", lang).format(date=date)
    return ui_text("This printing: {date} (sources {commit})", lang).format(
        date=date, commit=commit
    )


def format_day(iso_date: str, lang: str) -> str:
    """A day (``2026-12-02``) as the language writes it in running text.

    >>> format_day("2026-12-02", "en"), format_day("2026-12-02", "fr")
    ('2 December 2026', '2 décembre 2026')
    """
    from datetime import date

    from babel.dates import format_date

    return str(
        format_date(
            date.fromisoformat(iso_date),
            "long",
            locale=NUMBER_LOCALES.get(check_language(lang), lang),
        )
    )
