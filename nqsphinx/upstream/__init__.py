"""Speed-ups of upstream code (Sphinx, MyST) with byte-identical output; each one belongs
upstream (``tools/upstream/``)."""
