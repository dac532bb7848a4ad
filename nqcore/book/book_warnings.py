"""The book's recommendations that a profile or a created weapon breaks, as data: a code for
scripts, the engine catalogue's sentence with ``{placeholders}`` and the values that fill them.

:mod:`nqcore.army.points` raises them with :func:`warn`; a reader sees :meth:`BookWarning.text` in
their language (the sentence through the engine's gettext catalogue, names and notes translated
one by one, numbers kept), a script reads ``code`` and ``params`` (``nq points --json``).
"""

from __future__ import annotations

from dataclasses import dataclass

from nqcore.i18n import N_, Msg, plural_form, translator
from nqcore.i18n import colon as i18n_colon

#: A value that fills a placeholder: a number or a code is kept, a :class:`Msg` is translated
#: (each of a tuple of them, listed: "Fire, Water"), an :class:`Owner` is an element's name
#: followed by the language's colon.
Param = int | str | tuple[Msg, ...]


class Owner(str):
    """The element a characteristic belongs to ("Horse: AC 9"); empty for the model itself."""

    __slots__ = ()


#: Every warning the engine gives, by code: the sentence of the engine catalogue.
MESSAGES: dict[str, Msg] = {
    "above-maximum": N_(
        "{owner}{key} {value} is above the recommended maximum of {maximum} for {model}"
    ),
    "too-many": N_("{count} {counted}: the recommended maximum for {model} is {maximum}"),
    "restricted": N_("{name}: {note}"),
    "extra-attack": N_("Extra Attack: core and elite models may have at most extra attack (x2)"),
    "undead-double-time": N_(
        "Undead: undead models on foot may not be given the double time ability"
    ),
    "undead-ranged": N_("Undead: core undead models with ranged weapons may not exceed RA 4"),
    "tattoo-maximum": N_("Magic Tattoos: {model} may have at most tattoo armour of AR{maximum}"),
    "tattoos-with-armour": N_(
        "Magic Tattoos: tattoos are for models with limited clothing, not armour"
    ),
    "spells-without-magic": N_("Spells: only initiates and magic users take spells"),
    "too-many-spells-level-0": N_("Spells: a magic user of level 0 takes one spell for the unit"),
    "too-many-spells": N_(
        "Spells: a magic user of level {level} may take {allowed} spells; this one has {count}"
    ),
    "one-aspect": N_(
        "Magic: its spells come from more than one aspect ({aspects}): a wizard is able to use "
        "spells from one of the magic aspects"
    ),
    "magic-level-4": N_(
        "Magic User: level 4 is for characters only (named characters in the 2007 book: see "
        "the errata)"
    ),
    "magic-level-3": N_("Magic User: level 3 is the normal maximum for individuals"),
    "core-points-limit": N_(
        "{points} points is above the core limit of {maximum}: the model is elite"
    ),
    "extra-wound": N_("{name}: extra wound on a close combat weapon: characters only"),
    "two-handed-shield": N_("{name}: two handed, may not be used with a shield"),
    "cavalry-only": N_("{name}: cavalry and chariots only"),
    "no-cavalry": N_("{name}: may not be used by cavalry"),
    "large-teardrop": N_("{name}: medium and large teardrops are for large models only"),
    "support-weapon-size": N_(
        "{name}: a support weapon may not be wielded by a normal man sized model: "
        "crew it in a support unit, or mount it on a large model"
    ),
    "close-combat-use-cost": N_(
        "{name}: UC {uc}; a close combat weapon with ST{bonus} generally has UC {expected}"
    ),
    "teardrop-use-cost": N_("{name}: UC {uc}; a {template} of ST{st} has UC {expected}"),
    "support-use-cost": N_("{name}: UC {uc}; a support weapon's UC is its ST ({st})"),
    "teardrop-strength": N_("{name}: ST{st} is above the recommended ST{maximum} for a {template}"),
    "blast-strength": N_(
        '{name}: ST{st} is above the recommended ST{maximum} for a {blast}" blast'
    ),
    "range-strength": N_(
        "{name}: ST{st} is above the recommended ST{maximum} for the range band {bands}"
    ),
    "unpriced-rule": N_("{name}: the weapon creation tables do not price the rule {rule}"),
}
#: The warnings that say "see the errata": the record whose reading each follows (its id), which
#: the At the table page links (player round 24: the builder's warning linked nowhere).
READINGS = {"magic-level-4": "named-characters-wizardry-4"}
#: The readings an item follows on any model, by its key and level: a character at Magic User
#: level 4 breaks no recommendation of this edition, but the 2007 book kept that level for
#: named characters (player round 27: the builder linked the erratum for others only).
PICK_READINGS = {("magic-user", "4"): "named-characters-wizardry-4"}
#: The warnings the engine says as refusals, each with the label of the section that rules it:
#: the book's "may not" is a prohibition, as "must" and "may never" are (``army_rules.toml``'s
#: kinds), where "should", "normally" or "recommended" is a guideline.  "Support weapons are large
#: powerful weapons that may not be wielded by a normal man sized model" (Support Weapons).
REFUSALS: dict[str, tuple[str, Msg]] = {
    "support-weapon-size": ("support-weapons", N_("Support Weapons")),
}
#: The warnings about a profile's spells: the profile builder says them under its list of
#: spells, where the spell that brings one is added.
SPELL_WARNINGS = frozenset(
    {"spells-without-magic", "too-many-spells-level-0", "too-many-spells", "one-aspect"}
)
#: The warnings said in the singular when a count is one (ngettext's two forms, each its own
#: msgid, chosen by the language's plural rule): the count's name and the singular sentence;
#: :data:`MESSAGES` holds the plural.
SINGULAR: dict[str, tuple[str, Msg]] = {
    "too-many-spells": (
        "allowed",
        N_("Spells: a magic user of level {level} may take {allowed} spell; this one has {count}"),
    ),
}
#: A restriction without a note of its own.
RESTRICTED = N_("restricted")
#: Model types as the warnings name them ("for a core model").
MODEL_TYPES = (
    N_("a core model"),
    N_("an elite model"),
    N_("a unit leader model"),
    N_("an individual model"),
    N_("a character model"),
    N_("a support model"),
)
#: What the ability limits count ("3 abilities: ...").
COUNTED = (N_("abilities"), N_("traits"), N_("equipment"))


@dataclass(frozen=True)
class BookWarning:
    """One broken recommendation: ``code`` (a key of :data:`MESSAGES`) and the values of its
    sentence's placeholders, in the order the sentence names them."""

    code: str
    params: tuple[tuple[str, Param], ...] = ()

    @property
    def refused(self) -> bool:
        """Whether the book forbids what this says (:data:`REFUSALS`): a refusal, not a
        warning."""
        return self.code in REFUSALS

    @property
    def section(self) -> str | None:
        """The label of the section whose rule this states, where the engine knows it: a
        refusal's (:data:`REFUSALS`), or the one its data names (Parry's)."""
        cited = dict(self.params).get("section")
        if isinstance(cited, str):
            return cited
        return REFUSALS[self.code][0] if self.code in REFUSALS else None

    def rule_said(self, lang: str) -> str:
        """A refusal's rule as ``nq`` says it after the text ("rule Support Weapons, section
        support-weapons"); empty for a warning."""
        if self.code not in REFUSALS:
            return ""
        section, heading = REFUSALS[self.code]
        _ = translator(lang)
        return _(N_("rule {heading}, section {section}")).format(
            heading=_(heading), section=section
        )

    @property
    def msgid(self) -> Msg:
        """The sentence of the engine catalogue, with its ``{placeholders}``."""
        return MESSAGES[self.code]

    def sentence(self, lang: str) -> Msg:
        """The msgid said in ``lang``: the singular one when its count is one there."""
        if self.code in SINGULAR:
            counted, singular = SINGULAR[self.code]
            count = dict(self.params).get(counted)
            if isinstance(count, int) and plural_form(count, lang) == "one":
                return singular
        return self.msgid

    def text(self, lang: str = "en") -> str:
        """The warning as a reader of ``lang`` reads it."""
        _ = translator(lang)
        colon = i18n_colon(lang)
        fields: dict[str, str] = {}
        for name, value in self.params:
            if isinstance(value, Owner):
                fields[name] = f"{value}{colon}" if value else ""
            elif isinstance(value, Msg):
                fields[name] = _(value)
            elif isinstance(value, tuple):
                fields[name] = ", ".join(_(item) for item in value)
            else:
                fields[name] = str(value)
        return _(self.sentence(lang)).format(**fields)

    def as_json(self, lang: str) -> dict[str, object]:
        """What ``nq points --json`` shows: the code, the text in ``lang`` and the values (names
        in English, as the engine knows them)."""
        kind = "refusal" if self.refused else "warning"
        return {
            "code": self.code,
            "kind": kind,
            "text": self.text(lang),
            "params": dict(self.params),
        }

    def __str__(self) -> str:
        return self.text("en")


def warn(code: str, **params: Param) -> BookWarning:
    """The warning ``code`` with its values; an unknown code or a missing value is a bug of the
    engine, caught here rather than when a reader asks."""
    message = MESSAGES[code]
    message.format(**{name: "" for name in params})  # KeyError: a placeholder left unfilled
    return BookWarning(code, tuple(params.items()))
