"""``{nq-entities}`ability```: every ability (trait, item of equipment, standard weapon,
mutation) of the engine, each by its name in the page's language and linked to its rule, in the
dictionary order of that language (the index's and the glossary's:
:func:`~nqsphinx.directives.glossary.collation_key`).

A list typed in the page kept the English order on the French page (« Hache, Hache de bataille,
Tromblon, Arc… ») and could leave out or misplace an entry; this one is made from the entities of
the ``nq`` domain (:mod:`nqsphinx.directives.entities`), which hold each one's name as the page
that defines it shows it, once every page is read.  The standard weapons are the armoury's hand
and ranged weapons (the support weapons are a list of their own), each linked to its table's
section: a row of a table has no page of its own on paper.  The role's text is the kind,
then any extra entries (`` | `` apart) as a ``{ref}`` writes them (``Claws <weapon-profile-name>``):
a thing the book names with its kind that is not an entity of the engine.  Without a kind
(``| Knock Prone <knock-prone-points-cost> | …``) the list is its extra entries alone, sorted as
its siblings are: the weapon special rules of §23.5, which a typed list left in the English order
on the French page (proof round fourteen).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.nodes import Node, system_message
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from nqcore.army.armoury import hand_weapons, ranged_weapons
from nqcore.army.features import features
from nqcore.rules.mutations import all_mutations
from nqsphinx.directives import entities
from nqsphinx.directives.glossary import collation_key

logger = logging.getLogger(__name__)

ROLE = "nq-entities"
#: The kinds the role lists.
LISTED = ("ability", "trait", "equipment", "weapon", "mutation")
#: An extra entry: its words and its label, as ``{ref}`words <label>``` writes them.
EXTRA = re.compile(r"^(?P<words>.+?)\s*<(?P<label>[a-z0-9-]+)>$")


class EntityList(nodes.inline):  # type: ignore[misc]  # docutils is untyped
    """The place of a list, filled when the pages are written (every entity then known)."""


#: The section of each armoury table whose weapons the list names.
WEAPON_SECTIONS = {"hand-weapons": hand_weapons, "ranged-weapons": ranged_weapons}


def engine_keys(kind: str) -> list[tuple[str, str | None]]:
    """The keys of every entity of ``kind`` that the role lists, each with the label of the
    section it links to (None: the entity's own anchor)."""
    if kind == "weapon":
        return [(w.key, label) for label, table in WEAPON_SECTIONS.items() for w in table()]
    if kind == "mutation":
        return [(mutation.key, None) for mutation in all_mutations()]
    return [(feature.key, None) for feature in features(kind)]


class EntityListRole(SphinxRole):
    def run(self) -> tuple[list[Node], list[system_message]]:
        kind, *extras = (part.strip() for part in self.text.split("|"))
        if kind not in LISTED and (kind or not extras):
            message = f"{ROLE}: {kind!r} is not one of {', '.join(LISTED)}"
            return [], [self.inliner.reporter.error(message, line=self.lineno)]
        node = EntityList(kind=kind, extras=[])
        for extra in extras:
            found = EXTRA.match(extra)
            if found is None:
                message = f"{ROLE}: {extra!r} is not 'words <label>'"
                return [], [self.inliner.reporter.error(message, line=self.lineno)]
            node["extras"].append((found["words"], found["label"]))
        self.set_source_info(node)
        return [node], []


class FillEntityLists(SphinxPostTransform):
    """Each list's entries as references (resolved with the page's others, after this), sorted
    by the names the page's language gives them."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(EntityList)):
            entries = [*self.engine_entries(node)]
            entries += [(w, self.reference("std", "ref", label, w)) for w, label in node["extras"]]
            entries.sort(key=lambda entry: collation_key(entry[0]))
            items: list[Node] = []
            for index, (_, reference) in enumerate(entries):
                items += [nodes.Text(", ")] if index else []
                items.append(reference)
            node.replace_self(items)

    def engine_entries(self, node: EntityList) -> list[tuple[str, Node]]:
        """Each entity of the list's kind: its name on the page, and its reference."""
        known, kind = entities.domain(self.env).entities, node["kind"]
        entries: list[tuple[str, Node]] = []
        if not kind:  # a list of extra entries alone
            return entries
        for key, section in engine_keys(kind):
            entity = known.get((kind, key))
            if entity is None:
                logger.warning("%s: %s %r is shown on no page", ROLE, kind, key, location=node)
            elif section is None:
                entries.append((entity.name, self.reference("nq", kind, key, None)))
            else:
                entries.append((entity.name, self.reference("std", "ref", section, entity.name)))
        return entries

    def reference(self, domain: str, kind: str, target: str, words: str | None) -> Node:
        """A reference as ``{nq:<kind>}`` (its page's name) or ``{ref}`words <label>``` makes it."""
        xref = addnodes.pending_xref(
            "",
            refdomain=domain,
            reftype=kind,
            reftarget=target,
            refexplicit=words is not None,
            refwarn=True,
            refdoc=self.env.docname,
        )
        xref += nodes.inline(words or target, words or target)
        return xref


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("nqsphinx.directives.entities")
    app.add_node(EntityList)
    app.add_role(ROLE, EntityListRole())
    app.add_post_transform(FillEntityLists)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
