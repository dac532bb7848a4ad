"""``python -m nqcore`` is the ``nq`` command."""

from nqcore.cli import main

raise SystemExit(main())
