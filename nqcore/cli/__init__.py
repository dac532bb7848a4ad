"""The engine's front ends: the ``nq`` command, its JSON export, the At the table page's calls."""
