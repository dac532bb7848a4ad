"""The rules diagrams: every one of the book is drawn, and each drawing shows what its rule says.

The hand-drawn SVGs (docs/_static/diagrams) are to scale: ``data-inch`` user units to the inch;
models are ``g.model`` groups (``friend`` or ``enemy``) whose circle is the base.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import pytest

from nqcore.rules.movement import MovementAbility
from nqsphinx.directives.movement_diagram import (
    QUOTED_ACTIONS,
    description,
    movement_svg,
    movement_tikz,
    moves,
)
from tests.building import ROOT

DOCS = ROOT / "docs"
DIAGRAMS = DOCS / "_static" / "diagrams"
SVG = "{http://www.w3.org/2000/svg}"
FIGURE = re.compile(
    r"```\{figure\} /_static/diagrams/([\w-]+)\.svg\n(?P<options>(?::.*\n)+)\n(.+)\n```"
)


@dataclass(frozen=True)
class Base:
    x: float
    y: float
    r: float
    side: str
    attrs: dict[str, str]

    def gap(self, other: Base) -> float:
        """Edge to edge distance, in the drawing's units."""
        return math.dist((self.x, self.y), (other.x, other.y)) - self.r - other.r


def drawing(name: str) -> ET.Element:
    return ET.parse(DIAGRAMS / f"{name}.svg").getroot()


def inch(name: str) -> float:
    return float(drawing(name).attrib["data-inch"])


def bases(name: str, side: str | None = None) -> list[Base]:
    found = []
    for group in drawing(name).iter(f"{SVG}g"):
        classes = group.get("class", "").split()
        if "model" not in classes or (side and side not in classes):
            continue
        circle = group.find(f"{SVG}circle")
        assert circle is not None
        found.append(
            Base(
                float(circle.attrib["cx"]),
                float(circle.attrib["cy"]),
                float(circle.attrib["r"]),
                classes[1],
                dict(group.attrib),
            )
        )
    return found


def connected(models: list[Base], max_gap: float) -> bool:
    """Whether the models form one chain, each within ``max_gap`` of a neighbour."""
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, other in enumerate(models):
            if j not in reached and models[i].gap(other) <= max_gap + 1e-6:
                reached.add(j)
                todo.append(j)
    return len(reached) == len(models)


def figures() -> list[tuple[str, str, dict[str, str], str]]:
    """Every hand-drawn figure of the pages: (page, svg name, options, caption)."""
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for match in FIGURE.finditer(page.read_text(encoding="utf-8")):
            options = dict(re.findall(r"^:(\w+): (.*)$", match.group("options"), re.M))
            found.append((page.name, match.group(1), options, match.group(3)))
    return found


# --- Every diagram of the book is drawn ---------------------------------------------------------


def test_no_diagram_is_left_as_a_comment() -> None:
    left = [
        f"{page.name}:{n}"
        for page in sorted(DOCS.glob("*.md"))
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if line.startswith("% diagram")
    ]
    assert not left, f"diagrams still to draw: {left}"


def test_each_figure_has_its_file_alt_text_name_and_caption() -> None:
    shown = figures()
    assert len(shown) >= 20
    for page, name, options, caption in shown:
        assert (DIAGRAMS / f"{name}.svg").is_file(), f"{page}: no {name}.svg"
        assert len(options.get("alt", "")) > 20, f"{page}: {name} has no real alt text"
        assert options.get("name", "").startswith("diagram-"), f"{page}: {name} has no name"
        assert caption.strip() and caption.strip() != options["alt"], f"{page}: {name} caption"
    used = {name for _, name, _, _ in shown}
    drawn = {path.stem for path in DIAGRAMS.glob("*.svg")}
    assert drawn == used, f"drawn but not shown: {drawn - used}"


@pytest.mark.parametrize("path", sorted(DIAGRAMS.glob("*.svg")), ids=lambda p: p.stem)
def test_svg_is_well_formed_with_a_viewbox_and_no_words(path: Path) -> None:
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    x, y, width, height = (float(v) for v in root.attrib["viewBox"].split())
    assert width > 0 and height > 0
    assert float(root.attrib["data-inch"]) > 0
    labels = [t.text or "" for t in root.iter(f"{SVG}text")]
    words = [label for label in labels if re.search(r"[a-z]{2,}", label, re.I)]
    assert not words, f"{path.name}: labels to translate {words}; use numbers or letters"


# --- Each drawing shows its rule, to scale --------------------------------------------------------


def test_ranked_formations_have_their_ranks() -> None:
    for name, files, ranks in (
        ("ranked-three-ranks-of-six", 6, 3),
        ("ranked-four-ranks-of-four", 4, 4),
    ):
        models = bases(name)
        assert len({m.y for m in models}) == ranks and len({m.x for m in models}) == files
        assert len(models) == files * ranks >= 8  # "eight or more models"
        assert all(any(abs(m.gap(o)) < 0.1 for o in models if o is not m) for m in models)


def test_closed_formation_touches_without_ranks() -> None:
    models = bases("closed-formation")
    assert len(models) >= 8
    for model in models:
        gaps = [model.gap(other) for other in models if other is not model]
        assert min(gaps) > -0.5, "models overlap"
        assert any(abs(gap) < 0.5 for gap in gaps), "a model touches no other"
    assert len({round(m.y) for m in models}) > 4, "closed models are not formed in ranks"


@pytest.mark.parametrize("name,coherency", [("skirmish-formation", 1), ("dispersed-formation", 2)])
def test_skirmish_and_dispersed_chains(name: str, coherency: int) -> None:
    models, unit = bases(name), inch(name)
    assert connected(models, coherency * unit)
    widest = max(min(m.gap(o) for o in models if o is not m) for m in models)
    assert widest > (coherency - 1) * unit, "the chain would fit the tighter formation"


def test_coherency_failure_shows_one_model_out() -> None:
    models, unit = bases("coherency-failure"), inch("coherency-failure")
    out = [m for m in models if m.attrs.get("data-out") == "true"]
    assert len(out) == 1
    assert min(out[0].gap(o) for o in models if o is not out[0]) > 2 * unit
    assert connected([m for m in models if m is not out[0]], 2 * unit)


def test_attack_zones_are_one_and_two_inches_from_the_base() -> None:
    root, unit = drawing("attack-zones"), inch("attack-zones")
    medium, large = sorted(bases("attack-zones"), key=lambda m: m.r)
    ring = next(c for c in root.iter(f"{SVG}circle") if c.get("class") == "zone")
    assert float(ring.attrib["r"]) == pytest.approx(medium.r + unit)
    front = next(p for p in root.iter(f"{SVG}path") if p.get("class") == "zone")
    radius = float(re.search(r"A([\d.]+)", front.attrib["d"]).group(1))  # type: ignore[union-attr]
    assert radius == pytest.approx(large.r + 2 * unit)
    assert 2 * large.r >= 1.5 * unit  # a 40-50 mm base


def test_deployment_zones_are_12_inches_deep_and_6_from_the_sides() -> None:
    root, unit = drawing("deployment-zones"), inch("deployment-zones")
    rects = {
        r.get("id"): {k: float(r.attrib[k]) for k in ("x", "y", "width", "height")}
        for r in root.iter(f"{SVG}rect")
        if r.get("id")
    }
    table = rects["table"]
    assert table["width"] == table["height"] == 48 * unit
    for zone in (rects["zone-a"], rects["zone-b"]):
        assert zone["height"] == 12 * unit
        assert zone["x"] - table["x"] == 6 * unit
        assert table["x"] + table["width"] - (zone["x"] + zone["width"]) == 6 * unit
        assert zone["y"] == table["y"] or zone["y"] + zone["height"] == table["y"] + table["height"]


def _label_box(text: ET.Element) -> tuple[float, float, float, float]:
    """A label's box (x0, y0, x1, y1), from its anchor, its type size (11 units, glyphs about
    0.6 of it wide, 0.75 high) and a rotation by -90 degrees about its anchor (a vertical label)."""
    x, y, length = float(text.attrib["x"]), float(text.attrib["y"]), 0.6 * 11 * len(text.text or "")
    start = {"start": 0.0, "middle": -length / 2, "end": -length}[text.get("text-anchor", "start")]
    if "rotate(-90" in text.get("transform", ""):
        return (x - 0.75 * 11, y - start - length, x, y - start)
    return (x + start, y - 0.75 * 11, x + start + length, y)


def test_deployment_zones_labels_clear_the_zones_edges() -> None:
    """Each measure's label stands clear of the zones' outlines (the proof-reader of round 40:
    zone B's 12" was crossed by the zone's right edge, zone A's touched its left edge)."""
    root = drawing("deployment-zones")
    zones = [r for r in root.iter(f"{SVG}rect") if (r.get("id") or "").startswith("zone-")]
    labels = [t for t in root.iter(f"{SVG}text") if '"' in (t.text or "")]
    assert len(zones) == 2 and len(labels) == 5
    crossed = []
    for label in labels:
        x0, y0, x1, y1 = _label_box(label)
        for zone in zones:
            left, top = float(zone.attrib["x"]), float(zone.attrib["y"])
            right, bottom = left + float(zone.attrib["width"]), top + float(zone.attrib["height"])
            inside_y = y0 < bottom and y1 > top
            inside_x = x0 < right and x1 > left
            if (inside_y and any(x0 < edge < x1 for edge in (left, right))) or (
                inside_x and any(y0 < edge < y1 for edge in (top, bottom))
            ):
                crossed.append(f"{label.text} at {label.attrib['x']},{label.attrib['y']}")
    assert crossed == []


def test_who_can_fight_who_and_assistance_are_in_contact() -> None:
    for name in ("who-can-fight-who", "combat-assistance"):
        (elf,) = bases(name, "friend")
        orcs = bases(name, "enemy")
        assert len(orcs) == 2 and all(abs(elf.gap(orc)) < 0.1 for orc in orcs)
        assert orcs[0].gap(orcs[1]) > -0.1


@pytest.mark.parametrize("figure", [1, 2, 3, 4, 5])
def test_pushback_sequence(figure: int) -> None:
    """Figure n has n - 1 Orcs in contact with the front rank; in Figure 5 every spearman of the
    front rank touches an Orc (the book's example)."""
    name = f"pushback-{figure}"
    spearmen, orcs = bases(name, "friend"), bases(name, "enemy")
    assert len(spearmen) == 15 and len(orcs) == 4  # three ranks of five, four dispersed Orcs
    front = [s for s in spearmen if s.attrs["data-rank"] == "1"]
    touching = [o for o in orcs if any(abs(o.gap(s)) < 0.1 for s in front)]
    assert len(touching) == figure - 1
    if figure == 1:
        assert connected(orcs, 2 * inch(name))  # a dispersed unit keeps 2" coherency
    if figure == 5:
        assert all(any(abs(s.gap(o)) < 0.1 for o in orcs) for s in front)


def test_target_selection_two_near_in_hard_cover_one_far_in_the_open() -> None:
    orcs = sorted(bases("target-selection", "enemy"), key=lambda o: float(o.attrs["data-range"]))
    assert [o.attrs["data-cover"] for o in orcs] == ["hard", "hard", "none"]
    (archer,) = bases("target-selection", "friend")
    for orc in orcs:
        measured = math.dist((archer.x, archer.y), (orc.x, orc.y)) / inch("target-selection")
        assert measured == pytest.approx(float(orc.attrs["data-range"]), abs=0.05)


def _in_teardrop(
    point: tuple[float, float],
    apex: tuple[float, float],
    centre: tuple[float, float],
    radius: float,
) -> bool:
    """Whether a point lies in the hull of the apex and the round end."""
    if math.dist(point, centre) <= radius:
        return True
    d = math.dist(apex, centre)
    ux, uy = (centre[0] - apex[0]) / d, (centre[1] - apex[1]) / d
    px, py = point[0] - apex[0], point[1] - apex[1]
    along = px * ux + py * uy
    across = abs(-px * uy + py * ux)
    tangent_along = (d * d - radius * radius) / d
    half_angle = math.asin(radius / d)
    return 0 <= along <= tangent_along and across <= along * math.tan(half_angle)


def test_teardrop_covers_two_orcs_fully_and_one_partly() -> None:
    root = drawing("teardrop-hits")
    template = next(p for p in root.iter(f"{SVG}path") if p.get("id") == "template")
    apex = tuple(float(v) for v in template.attrib["data-apex"].split())
    centre = tuple(float(v) for v in template.attrib["data-centre"].split())
    radius = float(template.attrib["data-radius"])
    assert template.attrib["d"].startswith(f"M{template.attrib['data-apex']}L")
    (firer,) = bases("teardrop-hits", "friend")
    assert abs(math.dist((firer.x, firer.y), apex) - firer.r) < 0.1  # the point touches the base
    seen = []
    for orc in bases("teardrop-hits", "enemy"):
        angles = [a / 36 * math.pi for a in range(72)]
        rim = [(orc.x + orc.r * math.cos(a), orc.y + orc.r * math.sin(a)) for a in angles]
        inside = sum(_in_teardrop(p, apex, centre, radius) for p in rim)  # type: ignore[arg-type]
        covered = "full" if inside == len(rim) else "partial" if inside else "none"
        assert covered == orc.attrs["data-covered"]
        seen.append(covered)
    assert sorted(seen) == ["full", "full", "partial"]


def test_teardrop_is_drawn_at_the_engine_size() -> None:
    from nqcore.rules.ranged import TeardropSize
    from nqcore.rules.templates import teardrop_template

    root, unit = drawing("teardrop-hits"), inch("teardrop-hits")
    template = next(p for p in root.iter(f"{SVG}path") if p.get("id") == "template")
    size = teardrop_template(TeardropSize(template.attrib["data-size"]))
    apex = [float(v) for v in template.attrib["data-apex"].split()]
    centre = [float(v) for v in template.attrib["data-centre"].split()]
    radius = float(template.attrib["data-radius"])
    assert 2 * radius == pytest.approx(float(size.width) * unit)
    assert math.dist(apex, centre) + radius == pytest.approx(float(size.length) * unit)


@pytest.mark.parametrize(
    "name,fleeing,friends", [("fleeing-around-friends", 6, 8), ("flee-from-a-charge", 5, 8)]
)
def test_fleeing_units_end_clear_of_their_friends(name: str, fleeing: int, friends: int) -> None:
    orcs = bases(name, "enemy")
    runners = [o for o in orcs if o.attrs.get("data-unit") == "fleeing"]
    others = [o for o in orcs if o.attrs.get("data-unit") != "fleeing"]
    assert len(runners) == fleeing and len(others) == friends
    assert all(a.gap(b) > -0.1 for a, b in combinations(orcs, 2)), "fled onto a friend"


# --- The movement graphic is drawn from the engine ---------------------------------------------


def test_movement_graphic_shows_the_engine_distances() -> None:
    shown = dict(moves())
    assert shown[MovementAbility.DOUBLE_TIME] == 3 and shown[MovementAbility.CAVALRY] == 4
    assert shown[MovementAbility.FLYING] == 5 and QUOTED_ACTIONS == 2  # 2 actions: 3", 4", 5"
    svg = movement_svg("en", description("en"))
    ET.fromstring(svg)
    widths = [float(w) for w in re.findall(r'<rect [^>]*width="([\d.]+)"', svg)]
    scale = widths[0] / float(shown[MovementAbility.NORMAL])
    assert widths == pytest.approx([float(d) * scale for d in shown.values()])
    assert 'Flying 5"' in description("en") and 'Vol 5"' in description("fr")
    assert "Cavalerie" in movement_tikz("fr") and r"\end{tikzpicture}" in movement_tikz("fr")
