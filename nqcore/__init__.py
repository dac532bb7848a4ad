"""nqcore: the executable rules of No Quarter Fantasy Wargames.

The engine is the single source of rules data and arithmetic: the rulebook's tables, examples and
print products all read it.  It never imports Sphinx.
"""

__version__ = "0.1.0"
