"""The schema of the engine's tables of characters: Unicode's look-alike table, as
``tools/confusables.py`` writes it (:mod:`nqcore.army.lookalikes` reads it)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from nqcore.data.schema_types import Strict


class LookAlike(Strict):
    """The characters (``chars``) a reader takes for ``reads``: one character or a few ("m"
    reads as "rn")."""

    reads: Annotated[str, Meta(min_length=1, max_length=24)]
    chars: Annotated[str, Meta(min_length=1)]


class ConfusablesFile(Strict):
    """The look-alike table: the version of Unicode's ``confusables.txt`` it was made from, that
    file's SHA-256, and what each character a name may hold reads as."""

    version: Annotated[str, Meta(pattern=r"^[0-9]+\.[0-9]+\.[0-9]+$")]
    sha256: Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$")]
    look: list[LookAlike]
