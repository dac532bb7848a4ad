"""``python -m nqcore`` is the ``nq`` command."""

from nqcore.cli.commands import main

raise SystemExit(main())
