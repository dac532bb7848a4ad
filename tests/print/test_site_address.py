"""The site's address that the print products and editions give: read from ``conf.py``'s
``nq_site_url`` without Sphinx, each language's page its own address; a wrong setting fails in
one line naming the file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqprint.latex import PrintError
from nqprint.site_address import configured_site_url, page_address


def test_the_configured_address_gives_each_language_its_page() -> None:
    site = configured_site_url()
    assert page_address(site, "en", "at-the-table") == (
        "https://noquarter.readthedocs.io/en/latest/at-the-table.html"
    )
    assert page_address(site, "fr", "at-the-table") == (
        "https://noquarter.readthedocs.io/fr/latest/at-the-table.html"
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("nq_site_url = 3", "conf.py:2: nq_site_url must be a non-empty string"),
        ('nq_site_url = ""', "conf.py:2: nq_site_url must be a non-empty string"),
        ('nq_site_url = "www.example.org/"', "conf.py:2: nq_site_url is not a web address"),
        ('nq_site_url = "https://x.org/{language}/"', "conf.py:2: nq_site_url may hold no field"),
        ("site = 1", "conf.py: no nq_site_url setting"),
    ],
)
def test_a_wrong_setting_fails_naming_file_and_line(
    tmp_path: Path, line: str, message: str
) -> None:
    conf = tmp_path / "conf.py"
    conf.write_text(f'project = "x"\n{line}\n', encoding="utf-8")
    with pytest.raises(PrintError) as error:
        configured_site_url(conf)
    assert message in str(error.value)
    assert "\n" not in str(error.value)
