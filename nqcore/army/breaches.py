"""The book's army rules as records (``data/army_rules.toml``), and a breach of one of them: a
:class:`Breach`, a :class:`~nqcore.i18n.Refusal` that names the entry, the rule and its section,
said in the reader's language (:mod:`nqcore.army.army_rules` finds them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from nqcore.data import datafiles
from nqcore.i18n import SOURCE_LANGUAGE, Msg, Refusal, colon, translator
from nqcore.rules.game_limits import unit_sizes


@dataclass(frozen=True)
class ArmyRule:
    """One rule of ``data/army_rules.toml``."""

    key: str
    name: Msg
    section: str
    kind: str
    text: Msg
    limit: str | None
    parameters: dict[str, int]
    field: str | None = None
    warning: str | None = None
    remedy: Msg | None = None


@cache
def army_rules() -> dict[str, ArmyRule]:
    """The book's army rules, by key, in the file's order; a rule of a profile's warning says
    that warning's sentence."""
    from nqcore.book.book_warnings import MESSAGES

    return {
        r["key"]: ArmyRule(
            r["key"],
            Msg(r["name"]),
            r["section"],
            r["kind"],
            Msg(r["text"]) if "text" in r else MESSAGES[r["warning"]],
            r.get("limit"),
            dict(r.get("parameters", {})),
            r.get("field"),
            r.get("warning"),
            Msg(r["remedy"]) if "remedy" in r else None,
        )
        for r in datafiles.load("army_rules.toml")["rule"]
    }


def raised_warnings() -> frozenset[str]:
    """The profile warnings an army rule makes breaches of: an entry does not list them as its
    own warnings (:func:`nqcore.army.force.price`), the rule says them once."""
    return frozenset(r.warning for r in army_rules().values() if r.warning is not None)


class Breach(Refusal):
    """A rule the army breaks: ``where`` is the entry (empty for the whole army), ``rule`` the
    rule, ``refused`` whether it is a refusal (else a warning); ``concerns`` names the entries
    an army-wide breach is about (the two Generals), so that each can show it beside itself."""

    rule: ArmyRule
    concerns: tuple[str, ...] = ()

    @property
    def refused(self) -> bool:
        return self.rule.kind == "refusal"

    def text(self, lang: str, *, remedy: bool = True) -> str:
        """The breach in ``lang``, and what the player does about it where the army is edited
        (its rule's ``remedy``); without it (``remedy=False``) on the printed roster, where no
        field can be chosen."""
        said = super().text(lang)
        rule = getattr(self, "rule", None)  # not yet given while the refusal is made
        if not remedy or rule is None or rule.remedy is None:
            return said
        return f"{said}{colon(lang)}{translator(lang)(rule.remedy)}"


def breach(
    key: str, where: str = "", *, concerns: tuple[str, ...] = (), **values: object
) -> Breach:
    """The breach of the rule ``key`` by ``where`` (or by the army, about the entries
    ``concerns``); the rule's limit fills ``{minimum}`` and ``{maximum}`` unless given."""
    rule = army_rules()[key]
    if rule.limit is not None:
        limit = unit_sizes()[rule.limit]
        values = {"minimum": limit.minimum, "maximum": limit.maximum, **values}
    found = Breach(rule.text, where=where, **values)
    found.rule = rule
    found.args = (found.text(SOURCE_LANGUAGE),)  # str(): its remedy too, now that it is known
    found.concerns = tuple(dict.fromkeys(concerns or ([where] if where else [])))
    return found
