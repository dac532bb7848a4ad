"""The book's own records: its errata, its changes since v2.4b, its warnings, and the data kept
both as a number and in a text (one truth)."""
