"""The print products' colours: one per magic aspect, from the engine's data (the Spell List's
Colour column), the same as the site's."""

from __future__ import annotations

from nqcore.rules.magic import Aspect
from nqcore.rules.spells import aspect_colour

ASPECT_COLOURS = {aspect: aspect_colour(aspect) for aspect in Aspect}
