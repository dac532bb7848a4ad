"""The engine's data: the TOML files of this folder, their one loader and their schema."""
