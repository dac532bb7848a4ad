"""A refusal as the companion's page marks it: the fields it is about, and (in the profile
builder) every other field the engine would refuse next, so that a player sees them all at once."""

from __future__ import annotations

from typing import Any

from nqcore.cli.parser import one_line
from nqcore.i18n import N_, SOURCE_LANGUAGE, Refusal, translator

#: A question refused by Python's own error, not the engine's: said without Python's words.
UNANSWERED = N_("the engine cannot answer this question as it is asked")


def refusal_answer(error: BaseException, lang: str) -> dict[str, Any]:
    """The page's answer to a refused question: ``error`` in ``lang``, and in English; and, from
    the engine's :class:`~nqcore.i18n.Refusal`, what the page marks: the ``field`` of the form it
    refuses, the ``values`` of it refused (two modifiers' keys), the fields it is ``also`` about."""
    message = one_line(str(error.args[0] if error.args else error))
    if not isinstance(error, Refusal):  # Python's words (a KeyError's key, a repr): not a player's
        return {"error": translator(lang)(UNANSWERED), "message": message}
    said = "\n".join(one_line(line) for line in error.lines(lang))  # a file's problems, a line each
    if len(error.lines(SOURCE_LANGUAGE)) > 1:
        message = "\n".join(one_line(line) for line in error.lines(SOURCE_LANGUAGE))
    answer: dict[str, Any] = {"error": said, "message": message}
    if error.argument:
        answer["field"] = error.argument
    if error.chosen:
        answer["values"] = list(error.chosen)
    if error.also:
        answer["also"] = [{"field": name, "error": answer["error"]} for name in error.also]
    if error.reading:  # "this edition's reading: see the errata", linked (player round 24)
        from nqcompanion.bridge.web_names import reading_links

        answer["readings"] = reading_links([error.reading], lang)
    return answer


def other_refusals(record: dict[str, Any], refused: object, lang: str) -> list[dict[str, str]]:
    """Each characteristic besides the ``refused`` one that the engine would refuse next, with
    its refusal in ``lang``: the builder marks them all at once (a profile with AC 13 and CO 1
    showed only AC's: player round ten)."""
    from nqcore.army.characteristics import CHARACTERISTICS, check_characteristic

    found = []
    for key in CHARACTERISTICS:
        value = record.get(key)
        if key == refused or value is None or value == "-":
            continue
        try:
            check_characteristic(key, value)
        except Refusal as error:
            found.append({"field": key, "error": one_line(error.text(lang))})
    return found


def rules_apart(
    priced: dict[str, Any], lang: str, record: dict[str, Any] | None = None
) -> dict[str, Any]:
    """``nq points``'s answer with each refusal's rule, as the terminal says it after the text
    ("(rule Support Weapons, section support-weapons)"), taken out of its line and given as data:
    ``rules``, the label of the section each such line cites, by the line's index. The page links
    the rule's heading in its language there, as the army builder does ("Rule: Support Units"),
    without the label (player round fifteen: "section support-weapons" on the French page)."""
    from nqcore.book.book_warnings import BookWarning

    if "text" not in priced:
        return priced
    text = list(priced["text"])
    rules: dict[str, str] = {}
    for warning in priced.get("json", {}).get("warnings", []):
        found = BookWarning(str(warning.get("code")))
        said = f" ({found.rule_said(lang)})" if warning.get("kind") == "refusal" else ""
        for index, line in enumerate(text):
            if said and found.section and line.endswith(said) and str(index) not in rules:
                text[index] = line.removesuffix(said)
                rules[str(index)] = found.section
    from nqcompanion.bridge.web_names import reading_links
    from nqcore.army.profile_files import parse_profile
    from nqcore.army.profile_warnings import profile_readings
    from nqcore.book.book_warnings import READINGS

    codes = [str(w.get("code")) for w in priced.get("json", {}).get("warnings", [])]
    ids = [READINGS[code] for code in codes if code in READINGS]
    if record is not None and "error" not in priced:  # priced: the record parses
        ids += profile_readings(parse_profile(record))
    readings = reading_links(ids, lang)
    return priced | {"text": text, "rules": rules} | ({"readings": readings} if readings else {})


def first_problem(priced: dict[str, Any]) -> dict[str, Any]:
    """The builder's refusal: the first of a profile's problems, a line; the fields mark the
    others (``also``, :func:`other_refusals`)."""
    said = {key: priced[key].split("\n")[0] for key in ("error", "message") if key in priced}
    return priced | said
