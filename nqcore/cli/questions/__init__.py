"""The questions of ``nq``, one module per part of the rules: each question's answer beside its
arguments, and the module's :data:`QUESTIONS` that :mod:`nqcore.cli.parser` lists."""
