"""The six mutations of the Mutation trait, read from the mutation cards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from nqcore.data import datafiles
from nqcore.i18n import Msg


@dataclass(frozen=True)
class Mutation:
    key: str
    name: Msg
    points: int
    text: tuple[Msg, ...]
    source: str


@cache
def all_mutations() -> tuple[Mutation, ...]:
    """Every mutation card, in the book's order."""
    return tuple(
        Mutation(
            key=r["key"],
            name=Msg(r["name"]),
            points=int(r["points"]),
            text=tuple(Msg(p) for p in r["text"]),
            source=r["source"],
        )
        for r in datafiles.load("mutations.toml")["mutation"]
    )


def mutation(name_or_key: str) -> Mutation:
    wanted = name_or_key.strip().lower()
    for candidate in all_mutations():
        if wanted in (candidate.key, candidate.name.lower()):
            return candidate
    raise KeyError(f"unknown mutation {name_or_key!r}")
