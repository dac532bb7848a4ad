"""The rulebook's things as objects of their own: spells, weapons, abilities, traits, equipment,
mutations, sample profiles and glossary terms.

Each has a language-independent anchor ``<kind>-<key>`` made from its engine data key
(``spell-fireball``, ``weapon-long-bow``, ``ability-infiltrate``, ``profile-dwarf``; glossary
entries keep ``term-<key>``), on the element that shows it: a card
(:mod:`nqsphinx.directives.cards`), a row of an armoury table (:mod:`nqsphinx.directives.tables`,
from the engine's ``Table.row_keys``), the section that defines it (abilities, traits, equipment,
sample profiles: :class:`DefiningSections`), a glossary entry (:mod:`nqsphinx.directives.glossary`).

The ``nq`` domain records each with its name in the page's language.  So the search index lists
it among its objects, in the page's language (:mod:`nqsphinx.site.search` ranks them first), and
``{ref}`spell-fireball``` or ``{nq:spell}`fireball``` links to it.  Recorded when a page is read
and merged after parallel reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Set
from typing import Any, NamedTuple

from docutils import nodes
from docutils.nodes import Element
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from nqcore.army.features import features
from nqcore.army.profile_files import sample_profiles
from nqsphinx.messages import page_language, ui_text

logger = logging.getLogger(__name__)

#: The kinds of entity: their anchors' prefix, the ``nq`` domain's object types and roles.
KINDS = (
    "spell",
    "weapon",
    "ability",
    "trait",
    "equipment",
    "mutation",
    "profile",
    "term",
    "erratum",
)
#: Engine tables whose rows are entities, and their kind.
ROW_ENTITIES: dict[str, str] = {
    "hand-weapons": "weapon",
    "ranged-weapons": "weapon",
    "support-weapons": "weapon",
}
#: The page that defines each ability, trait and item of equipment, one section each.
FEATURE_PAGES = {"ability": "abilities", "trait": "traits", "equipment": "equipment"}
PROFILES_PAGE = "sample-profiles"


class Entity(NamedTuple):
    docname: str
    anchor: str
    name: str


def anchor(kind: str, key: str) -> str:
    return f"{kind}-{key}"


def kind_name(kind: str, lang: str) -> str:
    """What a search result calls an entity of ``kind`` ("spell, in Magic")."""
    names = {
        "spell": ui_text("spell", lang),
        "weapon": ui_text("weapon", lang),
        "ability": ui_text("ability", lang),
        "trait": ui_text("trait", lang),
        "equipment": ui_text("equipment", lang),
        "mutation": ui_text("mutation", lang),
        "profile": ui_text("sample profile", lang),
        "term": ui_text("glossary term", lang),
        "erratum": ui_text("erratum or open question", lang),
    }
    return names[kind]


class NQDomain(Domain):
    """The ``nq`` domain: one object type and one role per kind of entity."""

    name = "nq"
    label = "No Quarter"
    object_types = {kind: ObjType(kind, kind) for kind in KINDS}
    roles = {kind: XRefRole(innernodeclass=nodes.inline) for kind in KINDS}
    initial_data = {"entities": {}}
    data_version = 1

    @property
    def entities(self) -> dict[tuple[str, str], Entity]:
        found: dict[tuple[str, str], Entity] = self.data.setdefault("entities", {})
        return found

    def note_entity(self, kind: str, key: str, name: str, label: str, node: Element) -> None:
        """Record the entity ``key`` of ``kind``, shown on the current page at ``label``."""
        if kind not in KINDS:
            raise ValueError(f"unknown kind of entity {kind!r}")
        known = self.entities.get((kind, key))
        if known is not None and known.docname != self.env.docname:
            logger.warning(
                "%s %r is shown twice: in %s and here", kind, key, known.docname, location=node
            )
        # spaces and line ends as one space; a no-break space kept (French: « Monture : »)
        shown = re.sub(r"[ \t\r\n]+", " ", name).strip()
        self.entities[kind, key] = Entity(self.env.docname, label, shown)

    def clear_doc(self, docname: str) -> None:
        for key, entity in list(self.entities.items()):
            if entity.docname == docname:
                del self.entities[key]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for key, entity in otherdata["entities"].items():
            if entity.docname in docnames:
                self.entities[key] = entity

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        entity = self.entities.get((typ, target))
        if entity is None:
            return None
        if not node.get("refexplicit"):
            contnode = nodes.inline(entity.name, entity.name)
        return make_refnode(
            builder, fromdocname, entity.docname, entity.anchor, contnode, entity.name
        )

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        found = []
        for kind in KINDS:
            ref = self.resolve_xref(env, fromdocname, builder, kind, target, node, contnode)
            if ref is not None:
                found.append((f"{self.name}:{kind}", ref))
        return found

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        """Every entity under its name in the page's language: the search index's objects; an
        erratum under ``errata/`` and its id, shown by its subject (two records may share a
        subject; its bare id would make Sphinx's index write its anchor as "-", type-name)."""
        for (kind, key), entity in sorted(self.entities.items()):
            name = f"errata/{key}" if kind == "erratum" else entity.name
            yield name, entity.name, kind, entity.docname, entity.anchor, 1

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:  # noqa: A002
        return kind_name(str(type.lname), page_language(self.env.config.language))


def domain(env: BuildEnvironment) -> NQDomain:
    found = env.get_domain("nq")
    assert isinstance(found, NQDomain)
    return found


def register(env: BuildEnvironment, kind: str, key: str, name: str, node: Element) -> str:
    """Record an entity shown by ``node`` (which carries its anchor, or gets it here); ``{ref}``
    can target the anchor, titled ``name``.  Returns the anchor."""
    label = anchor(kind, key)
    if label not in node["ids"]:
        node["ids"].append(label)
    std = env.get_domain("std")
    std.note_hyperlink_target(label, env.docname, label, " ".join(name.split()))  # type: ignore[attr-defined]
    domain(env).note_entity(kind, key, name, label, node)
    return label


def _defined_here(docname: str) -> Iterable[tuple[str, str, tuple[str, ...]]]:
    """The entities that ``docname`` defines in sections: (kind, key, possible labels)."""
    for kind, page in FEATURE_PAGES.items():
        if page == docname:
            for feature in features(kind):
                yield kind, feature.key, (feature.key, f"{page}-{feature.key}")
    if docname == PROFILES_PAGE:
        for sample in sample_profiles():
            yield "profile", sample.profile.key, (sample.section,)


class DefiningSections(SphinxTransform):
    """Gives the section that defines an ability, a trait, an item of equipment or a sample
    profile its entity anchor, and records the entity under the section's (translated) title.
    After translation (Locale, 20)."""

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        sections = {
            label: section
            for section in self.document.findall(nodes.section)
            for label in section["ids"]
        }
        for kind, key, labels in _defined_here(self.env.docname):
            section = next((sections[label] for label in labels if label in sections), None)
            if section is None or not isinstance(section[0], nodes.title):
                logger.warning(
                    "%s %r has no section here (labels tried: %s)",
                    kind,
                    key,
                    ", ".join(labels),
                    location=self.document,
                    type="nq",
                    subtype="entity",
                )
                continue
            title = section[0].astext()
            label = anchor(kind, key)
            if label in section["ids"]:  # the section's own label: the std domain has it
                domain(self.env).note_entity(kind, key, title, label, section)
            else:
                register(self.env, kind, key, title, section)
                self.document.ids[label] = section


def _warn_missing(app: Sphinx, domain: Domain, node: pending_xref) -> bool | None:
    """A missing ``{nq:...}`` target named as Python writes it (``'fire\\x1b]0;ball'``), as
    Sphinx's own ``{ref}`` warning does: Sphinx's message for a domain's role printed the page's
    text raw, its escapes reaching the terminal (attack round twenty-two)."""
    if domain is None or domain.name != NQDomain.name:
        return None
    logger.warning(
        "%s:%s reference target not found: %r",
        domain.name,
        node["reftype"],
        node["reftarget"],
        location=node,
        type="ref",
        subtype=node["reftype"],
    )
    return True


def setup(app: Sphinx) -> dict[str, Any]:
    """Loaded by the modules that show entities (``app.setup_extension``), once."""
    app.add_domain(NQDomain)
    app.connect("warn-missing-reference", _warn_missing)
    app.add_transform(DefiningSections)
    return {"env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
