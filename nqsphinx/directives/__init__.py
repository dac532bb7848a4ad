"""What the book's pages show from the engine: directives (tables, cards, examples, diagrams,
errata, glossary...), the transforms that finish them and the ``nq`` domain of its entities."""
