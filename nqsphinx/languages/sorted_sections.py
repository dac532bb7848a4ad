"""The chapters of named entries (abilities, traits, equipment) in the alphabetical order of
the page's language: a French reader leafing through for « Peur » or « Vol » expects them among
the P and the V, not where "Fear" and "Flying" stand in English (proof-reader round 26).

The pages named by ``nq_sorted_pages`` (``conf.py``) have one top section whose subsections are
the entries.  In a translated build the entries are put in the order of their translated
titles, compared as a dictionary compares them: accents, case and apostrophes aside
(« Écho d’armure » among the E).  The English pages keep the book's order; anchors and labels
do not change, so a link and the language switch land on the same entry.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

#: After Sphinx's Locale transform (20), which translates the titles, and after docutils'
#: PropagateTargets (260), which moves a label written above a heading (``(fear)=``) into its
#: section: before it, the label is the end of the entry above and would move with that one.
PRIORITY = 700


def dictionary_key(title: str) -> str:
    """A title as a dictionary sorts it: without accents, case or punctuation.

    >>> sorted(["Évasion", "Esquive", "Écho d’armure", "Éblouissement"], key=dictionary_key)
    ['Éblouissement', 'Écho d’armure', 'Esquive', 'Évasion']
    """
    plain = unicodedata.normalize("NFKD", title)
    letters = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join("".join(c if c.isalnum() else " " for c in letters.casefold()).split())


class SortedSections(SphinxTransform):
    """Sort the entries of the pages of ``nq_sorted_pages`` by their translated titles."""

    default_priority = PRIORITY

    def apply(self, **kwargs: Any) -> None:
        language = self.config.language or "en"
        if language == "en" or self.env.docname not in self.config.nq_sorted_pages:
            return
        top = next(iter(self.document.findall(nodes.section)), None)
        if top is None:
            return
        entries = [child for child in top.children if isinstance(child, nodes.section)]
        if not entries:
            return
        _labels_inside(top, entries)  # first: it takes labels out of the page's top section
        first = top.index(entries[0])
        if top.children[first : first + len(entries)] != entries:
            return  # text between the entries: their order is the page's, left as written
        ordered = sorted(entries, key=lambda section: dictionary_key(section[0].astext()))
        top.children[first : first + len(entries)] = ordered


def _labels_inside(top: nodes.section, entries: list[nodes.section]) -> None:
    """Drop what is left of each label written above an entry's heading (``(fear)=``): docutils
    gives its name to the entry's section and leaves, at the end of the entry above, a target
    pointing on (``refid``), where the book's LaTeX sets the label again: moved with the entry
    above, "Peur" was labelled on two pages.  The section keeps the label."""
    owner = {id_: entry for entry in entries for id_ in entry["ids"]}
    for entry in [top, *entries]:
        for index in reversed(range(len(entry.children))):  # where it stands, not .parent
            target = entry.children[index]
            found = owner.get(target.get("refid", "")) if isinstance(target, nodes.target) else None
            if found is not None and found is not entry and not target.get("ids"):
                del entry.children[index]


def setup(app: Sphinx) -> None:
    app.add_config_value("nq_sorted_pages", (), "env", types=frozenset({tuple, list}))
    app.add_transform(SortedSections)
