"""The reference tables: their registry, read by the docs and the print products, and the tables."""
