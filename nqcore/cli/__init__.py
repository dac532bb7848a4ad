"""The engine's front ends: the ``nq`` command and its JSON export (the At the table
page asks it through :mod:`nqcompanion.bridge`)."""
