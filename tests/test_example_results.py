"""An example whose last answer is a number, a fraction or a few whole numbers says it in words
beside its check mark (``:result:``): a player reads "Checked with the rules engine: 1 attack
with the sword, or 2 at base strength", not the code that checks it (player round sixteen: the
first morale example, in both languages, said only "Checked with the rules engine")."""

from __future__ import annotations

import doctest
import re

from tests.building import ROOT

#: What :func:`nqsphinx.directives.example_view.engine_result` puts in words.
IN_WORDS = re.compile(r"-?\d+|Fraction\(-?\d+, \d+\)|\((-?\d+(?:, -?\d+)+)\)")
OPENING = re.compile(r"^(:{3,})\{example\}\s*$")


def _examples(text: str) -> list[tuple[int, list[str], str]]:
    """(line, options, the code of its last doctest) of each example of a page."""
    lines, found = text.splitlines(), []
    at = 0
    while at < len(lines):
        opening = OPENING.match(lines[at])
        if opening is None:
            at += 1
            continue
        end = lines.index(opening[1], at + 1)
        body = lines[at + 1 : end]
        options = [line for line in body if re.match(r"^:[a-z]+:", line)]
        fences = [n for n, line in enumerate(body) if line == "```{doctest}"]
        code = "\n".join(body[fences[-1] + 1 : body.index("```", fences[-1] + 1)]) if fences else ""
        found.append((at + 1, options, code))
        at = end + 1
    return found


def test_an_example_whose_answer_words_can_say_has_its_words() -> None:
    missing = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        for line, options, code in _examples(page.read_text(encoding="utf-8")):
            examples = doctest.DocTestParser().get_examples(code)
            want = examples[-1].want.strip() if examples else ""
            said = any(option.startswith(":result:") for option in options)
            if IN_WORDS.fullmatch(want) and not said:
                missing.append(f"docs/{page.name}:{line}: {want}")
    assert missing == []


def test_the_pages_examples_are_read() -> None:
    text = (ROOT / "docs" / "morale.md").read_text(encoding="utf-8")
    read = _examples(text)
    assert len(read) >= 2 and all(code.startswith(">>> ") for _, _, code in read)
