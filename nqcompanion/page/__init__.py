"""The At the table page: the ``{nq-calculator}`` directive, its forms and answer tables."""
