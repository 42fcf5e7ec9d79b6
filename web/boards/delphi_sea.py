"""The Oracle of Delphi's sea as SVG: `sea_svg(sea, marks, clickable)`.

The map is drawn from the map dict alone (hex colours, islands with their kind and
colours, every space's code as used in the log and the emails); what lies on it comes
from the caller as `marks`, a dict from a space's key to a list of marks:

  {"kind": "ship", "colour": player colour, "title": "Ann's ship"}
  {"kind": "monster", "colour": c}          a monster (a diamond)
  {"kind": "offering", "colour": c}         an offering cube (on an offering island, in a
                                            ship's hold, or delivered beside a temple)
  {"kind": "statue", "colour": c}           a statue (waiting in a city or raised: a raised
                                            statue is drawn on the site of its colour)
  {"kind": "tile", "face": "down"}          a face-down island tile
  {"kind": "tile", "face": "up", "colour": site colour, "letter": "ω"}
  {"kind": "shrine", "colour": player colour}
  {"kind": "highlight"}                     a ring round the space (last move, a choice)
  {"kind": "text", "text": "…"}             a short word printed on the space

Every mark may carry a "title" (its tooltip, read by screen readers). The spaces whose
keys are in `clickable` carry data-space="<key>", role="button" and tabindex, so the
board page can turn a click or a key press into a move; a space's marks are drawn inside
its group, so a click on a ship is a click on the space under it
(`event.target.closest("[data-space]")`).
"""
from __future__ import annotations

import math
from html import escape

from django.utils.safestring import SafeString, mark_safe

from games.catalog.delphi import board as B
from games.catalog.delphi import hexes as H
from games.catalog.delphi import sea_text

SIZE = 28                     # hex radius in SVG units
SQ3 = math.sqrt(3)
FILL = {"red": "#d64541", "yellow": "#f2c230", "green": "#4f9d4f", "blue": "#3f7fc4", "pink": "#e889b5",
        "black": "#353535"}
INK = {"red": "#fff", "yellow": "#222", "green": "#fff", "blue": "#fff", "pink": "#222", "black": "#fff"}
LAND = "#d8c08a"
LAND_EDGE = "#8a7444"
SHALLOWS = "#e9e2c9"
ZEUS = "#fbf3d2"
PIECE_EDGE = "#1d2b3a"
# Where the marks of one space go, around its centre (in hex radii).
# Where the marks of one space go, by how many there are (offsets in hex radii), and
# how much they shrink to fit.
SLOTS = {1: ((0, -0.1),),
         2: ((-0.3, -0.2), (0.3, 0.15)),
         3: ((-0.33, -0.25), (0.33, -0.25), (0, 0.22)),
         4: ((-0.33, -0.25), (0.33, -0.25), (-0.33, 0.22), (0.33, 0.22))}
MANY_SLOTS = ((0, 0), (-0.42, -0.3), (0.42, -0.3), (-0.42, 0.3), (0.42, 0.3), (0, -0.55), (0, 0.55))
SCALE = {1: 1.0, 2: 0.8, 3: 0.72, 4: 0.65}
STYLE = (".delphi-sea text{font-family:system-ui,sans-serif;text-anchor:middle;pointer-events:none}"
         ".delphi-sea .can{cursor:pointer}"
         ".delphi-sea .can>.hex{stroke:#111;stroke-width:2.5;stroke-dasharray:5 3}"
         ".delphi-sea .can:hover>.hex,.delphi-sea .can:focus>.hex"
         "{stroke:#000;stroke-width:4;stroke-dasharray:none}"
         ".delphi-sea .can:focus{outline:none}")


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _centre(key: str) -> tuple[float, float]:
    return H.pixel(key, SIZE)


def _corners(x: float, y: float, radius: float = SIZE) -> list[tuple[float, float]]:
    # Pointy top: corners at -90, -30, 30, 90, 150, 210 degrees.
    return [(x + radius * math.cos(math.radians(60 * i - 90)), y + radius * math.sin(math.radians(60 * i - 90)))
            for i in range(6)]


def _points(corners) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in corners)


def _text(x, y, words, size=10, fill="#222", weight="bold") -> str:
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size}" fill="{fill}" font-weight="{weight}">'
            f"{escape(str(words))}</text>")


def _site(x: float, y: float, index: int) -> tuple[float, float]:
    """Where a statue island's building site number `index` (0-2) is drawn."""
    angle = math.radians(90 + 120 * index)
    return x + 12 * math.cos(angle), y - 2 + 12 * math.sin(angle)


def _title(text: str | None) -> str:
    return f"<title>{escape(text)}</title>" if text else ""


# --- the printed map ---------------------------------------------------------------------

def _island_art(sea, key: str, x: float, y: float) -> str:
    island = sea.islands[key]
    kind = island["kind"]
    parts = []
    if kind == "tile":
        parts.append(f'<polygon points="{_points(_corners(x, y, SIZE * 0.72))}" fill="none" '
                     f'stroke="{FILL[island["ring"]]}" stroke-width="5"/>')
    elif kind == "temple":
        colour = FILL[island["colour"]]
        parts.append(f'<polygon points="{_f(x - 12)},{_f(y - 6)} {_f(x)},{_f(y - 15)} {_f(x + 12)},{_f(y - 6)}" '
                     f'fill="{colour}" stroke="#222" stroke-width="1"/>')
        parts.append(f'<rect x="{_f(x - 11)}" y="{_f(y - 6)}" width="22" height="13" fill="{colour}" '
                     f'stroke="#222" stroke-width="1"/>')
        for dx in (-6, 0, 6):
            parts.append(f'<line x1="{_f(x + dx)}" y1="{_f(y - 5)}" x2="{_f(x + dx)}" y2="{_f(y + 6)}" '
                         f'stroke="#222" stroke-width="1"/>')
    elif kind == "city":
        colour = FILL[island["colour"]]
        for dx, height in ((-10, 12), (-2, 18), (6, 14)):
            parts.append(f'<rect x="{_f(x + dx)}" y="{_f(y + 6 - height)}" width="7" height="{height}" '
                         f'fill="{colour}" stroke="#222" stroke-width="1"/>')
    elif kind == "statue":
        for i, colour in enumerate(island["sites"]):
            sx, sy = _site(x, y, i)
            parts.append(f'<circle cx="{_f(sx)}" cy="{_f(sy)}" r="5.5" fill="none" stroke="{FILL[colour]}" '
                         f'stroke-width="3"/>')
    elif kind in ("monster", "monster2"):
        count = 2 if kind == "monster2" else 1
        for i in range(count):
            dx = (i - (count - 1) / 2) * 13
            parts.append(f'<polygon points="{_f(x + dx)},{_f(y - 13)} {_f(x + dx + 6)},{_f(y - 6)} '
                         f'{_f(x + dx)},{_f(y + 1)} {_f(x + dx - 6)},{_f(y - 6)}" fill="none" stroke="#5b4a2a" '
                         f'stroke-width="1.5" stroke-dasharray="2 2"/>')
    elif kind == "offering":
        parts.append(f'<path d="M{_f(x - 9)},{_f(y - 12)} h18 l-3,12 h-12 z" fill="#a8793f" stroke="#5b4a2a" '
                     f'stroke-width="1"/>')
    return "".join(parts)


def _space(sea, key: str, codes: dict, clickable: set, marks: list[dict]) -> str:
    x, y = _centre(key)
    code = codes.get(key, "")
    if key == sea.zeus:
        fill, ink = ZEUS, "#7a5b00"
    elif key in sea.water:
        fill, ink = FILL[sea.water[key]], INK[sea.water[key]]
    elif key in sea.islands:
        fill, ink = LAND, "#3d2f12"
    else:
        fill, ink = SHALLOWS, "#9a9275"
    described = sea_text.describe(sea, key)
    attributes = f' class="space{" can" if key in clickable else ""}" data-code="{escape(code)}"'
    if key in clickable:
        attributes += (f' data-space="{escape(key)}" role="button" tabindex="0" '
                       f'aria-label="{escape(described)}"')
    stroke = LAND_EDGE if key in sea.islands else "#ffffff"
    parts = [f"<g{attributes}>", _title(described),
             f'<polygon class="hex" points="{_points(_corners(x, y, SIZE - 0.6))}" fill="{fill}" stroke="{stroke}" '
             f'stroke-width="1.2"/>']
    if key == sea.zeus:
        parts.append(_text(x, y - 2, "Zeus", 11, ink))
        parts.append(_text(x, y + 10, "⚡", 10, "#c89400"))
    elif key in sea.islands:
        parts.append(_island_art(sea, key, x, y))
        parts.append(_text(x, y + SIZE * 0.62, code, 9, ink))
    elif key in sea.water:
        parts.append(_text(x, y + SIZE * 0.62, code, 9, ink))
    else:
        parts.append(f'<polygon points="{_points(_corners(x, y, SIZE * 0.55))}" fill="none" stroke="#c9bf9b" '
                     f'stroke-width="1" stroke-dasharray="2 3"/>')
    # The marks sit inside the space's group: a click on a ship is a click on its space.
    parts.append(_marks_on(sea, key, marks))
    parts.append("</g>")
    return "".join(parts)


def _piece_edges(sea, board: dict) -> str:
    """The outlines of the laid tiles: a side is drawn where two pieces (or the sea's
    edge) meet."""
    owner = B.piece_of(board)
    lines = []
    for key, piece in owner.items():
        x, y = _centre(key)
        corners = _corners(x, y)
        q, r = H.parse(key)
        # Side i joins corners i and i+1; it faces the direction at 60*i - 60 degrees.
        for i, (dq, dr) in enumerate(((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))):
            other = owner.get(H.key(q + dq, r + dr))
            if other == piece or (other is not None and other < piece):
                continue
            (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 6]
            lines.append(f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}"/>')
    return (f'<g class="edges" stroke="{PIECE_EDGE}" stroke-width="2.2" stroke-linecap="round" '
            f'pointer-events="none">{"".join(lines)}</g>')


# --- marks ----------------------------------------------------------------------------------

def _ship(x, y, colour) -> str:
    fill = FILL.get(colour, colour)
    return (f'<path d="M{_f(x - 11)},{_f(y - 1)} h22 l-5,8 h-12 z" fill="{fill}" stroke="#111" stroke-width="1.3"/>'
            f'<path d="M{_f(x - 1)},{_f(y - 15)} v14 M{_f(x)},{_f(y - 14)} l8,9 h-8" fill="#fff" stroke="#111" '
            f'stroke-width="1.2"/>')


def _mark(sea, key: str, mark: dict, x: float, y: float, scale: float = 1.0) -> str:
    """One mark drawn at (x, y), shrunk about that point by `scale`."""
    kind = mark.get("kind")
    colour = mark.get("colour")
    fill = FILL.get(colour, "#fff") if colour else "#fff"
    if kind == "ship":
        body = _ship(x, y, colour)
    elif kind == "monster":
        body = (f'<polygon points="{_f(x)},{_f(y - 8)} {_f(x + 8)},{_f(y)} {_f(x)},{_f(y + 8)} {_f(x - 8)},{_f(y)}" '
                f'fill="{fill}" stroke="#111" stroke-width="1.3"/>')
    elif kind == "offering":
        body = (f'<rect x="{_f(x - 5)}" y="{_f(y - 5)}" width="10" height="10" fill="{fill}" stroke="#111" '
                f'stroke-width="1.2"/>')
    elif kind == "statue":
        body = (f'<circle cx="{_f(x)}" cy="{_f(y - 5)}" r="3.5" fill="{fill}" stroke="#111" stroke-width="1"/>'
                f'<rect x="{_f(x - 4)}" y="{_f(y - 2)}" width="8" height="9" fill="{fill}" stroke="#111" '
                f'stroke-width="1"/>')
    elif kind == "tile":
        if mark.get("face") == "up":
            body = (f'<polygon points="{_points(_corners(x, y, 12))}" fill="#6fae5a" stroke="#234" stroke-width="1.2"/>'
                    f'<circle cx="{_f(x)}" cy="{_f(y - 3)}" r="4.5" fill="{fill}" stroke="#111" stroke-width="1"/>'
                    + _text(x, y + 8, mark.get("letter", ""), 8, "#111"))
        else:
            body = (f'<polygon points="{_points(_corners(x, y, 12))}" fill="#3f6f3a" stroke="#234" stroke-width="1.2"/>'
                    + _text(x, y + 4, "?", 11, "#e8f0e0"))
    elif kind == "shrine":
        body = (f'<path d="M{_f(x - 6)},{_f(y + 6)} v-7 l6,-6 l6,6 v7 z" fill="#fff" stroke="{fill}" '
                f'stroke-width="2.5"/>')
    elif kind == "text":
        body = _text(x, y + 4, mark.get("text", ""), 9, "#111")
    else:
        return ""
    shrink = (f' transform="translate({_f(x)} {_f(y)}) scale({scale}) translate({_f(-x)} {_f(-y)})"'
              if scale != 1 else "")
    return f'<g class="mark {escape(str(kind))}"{shrink}>{_title(mark.get("title"))}{body}</g>'


def _marks_on(sea, key: str, marks: list[dict]) -> str:
    x, y = _centre(key)
    parts = []
    for mark in marks:
        if mark.get("kind") == "highlight":
            parts.append(f'<g class="mark highlight">{_title(mark.get("title"))}<polygon '
                         f'points="{_points(_corners(x, y, SIZE - 3))}" fill="none" stroke="#ff2d95" '
                         f'stroke-width="3.5"/></g>')
    placed = [m for m in marks if m.get("kind") != "highlight"]
    island = sea.islands.get(key)
    sites = island["sites"] if island and island["kind"] == "statue" else []
    loose = [m for m in placed if not (m.get("kind") == "statue" and m.get("colour") in sites)]
    free_slots = list(SLOTS.get(len(loose), MANY_SLOTS))
    scale = SCALE.get(len(loose), 0.6)
    for mark in placed:
        if mark.get("kind") == "statue" and mark.get("colour") in sites:
            # A raised statue stands on the building site of its colour.
            sx, sy = _site(x, y, sites.index(mark["colour"]))
            parts.append(_mark(sea, key, mark, sx, sy + 1))
        else:
            dx, dy = free_slots.pop(0) if free_slots else (0, 0)
            parts.append(_mark(sea, key, mark, x + dx * SIZE, y + dy * SIZE, scale))
    return "".join(parts)


def sea_svg(sea, marks: dict | None = None, clickable=()) -> SafeString:
    """SVG markup of the whole sea with the given marks; `clickable` keys become buttons."""
    if isinstance(sea, dict):
        sea = B.Sea(sea)
    marks = marks or {}
    clickable = set(clickable)
    codes = sea_text.codes(sea)
    keys = list(sea.water) + list(sea.islands) + list(sea.shallows)
    xs = [_centre(k)[0] for k in keys]
    ys = [_centre(k)[1] for k in keys]
    pad = SIZE + 4
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="delphi-sea" viewBox="{_f(left)} {_f(top)} '
             f'{_f(width)} {_f(height)}" width="{_f(width)}" height="{_f(height)}" '
             f'style="max-width:100%;height:auto" role="group" '
             f'aria-label="The sea: {len(sea.water)} water spaces around Zeus">',
             f"<style>{STYLE}</style>",
             f'<rect x="{_f(left)}" y="{_f(top)}" width="{_f(width)}" height="{_f(height)}" fill="#cfe6ef"/>']
    for key in sea.gaps:          # holes between the tiles: shallows, never a space to name
        x, y = _centre(key)
        parts.append(f'<polygon class="gap" points="{_points(_corners(x, y, SIZE - 0.6))}" fill="{SHALLOWS}" '
                     f'stroke="#ffffff" stroke-width="1.2"><title>shallows</title></polygon>')
    for key in sorted(keys, key=H.reading_order):
        parts.append(_space(sea, key, codes, clickable, marks.get(key) or []))
    parts.append(_piece_edges(sea, sea.board))
    parts.append("</svg>")
    return mark_safe("".join(parts))
