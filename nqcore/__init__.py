"""nqcore: the executable rules of No Quarter Fantasy Wargames.

The engine is the single source of rules data and arithmetic: the rulebook's tables, examples and
print products all read it.  It never imports Sphinx.

Its layout, from the game to its readers:

- ``rules/``: the rules of the game as exact arithmetic (dice, combat, magic, morale, movement...);
- ``army/``: what a player builds, profiles and weapons, and what they cost;
- ``data/``: the TOML files of every rules datum, their one loader and their schema;
- ``tables/``: the reference tables the docs and the print products show, and their registry;
- ``book/``: the book's own records: errata, changes since v2.4b, warnings, one truth;
- ``cli/``: the ``nq`` command, its JSON export and the At the table page's calls;
- ``i18n.py`` (the engine's words in each language), ``atomic.py`` and ``colour.py`` serve all.
"""

__version__ = "0.1.0"
