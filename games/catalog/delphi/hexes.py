"""Hex geometry of the Delphi sea: axial coordinates for pointy-top hexes.

A space is named by its key "q,r" (the form JSON and the events carry). The six
neighbours, in clockwise order from the upper left: north-west (0,-1), north-east
(1,-1), east (1,0), south-east (0,1), south-west (-1,1), west (-1,0). On screen a hex
sits at x = sqrt(3) * (q + r/2), y = 1.5 * r (in hex radii), so r grows downwards.
"""
from __future__ import annotations

import math

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES = ("north-west", "north-east", "east", "south-east", "south-west", "west")


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def parse(space: str) -> tuple[int, int]:
    q, r = space.split(",")
    return int(q), int(r)


def reading_order(space: str) -> tuple[int, int]:
    """Sort key: rows from the top, then left to right."""
    q, r = parse(space)
    return r, q


def neighbours(space: str) -> list[str]:
    """The six surrounding keys, clockwise from north-west (whether on the map or not)."""
    q, r = parse(space)
    return [key(q + dq, r + dr) for dq, dr in DIRECTIONS]


def cube_distance(q1: int, r1: int, q2: int, r2: int) -> int:
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def distance(a: str, b: str) -> int:
    """Hex steps between two keys, ignoring what lies between."""
    return cube_distance(*parse(a), *parse(b))


def rotate(q: int, r: int, steps: int) -> tuple[int, int]:
    """(q, r) turned clockwise about the origin by 60 degrees per step."""
    x, z = q, r
    y = -x - z
    for _ in range(steps % 6):
        x, y, z = -z, -x, -y
    return x, z


def pixel(space: str, size: float = 1.0) -> tuple[float, float]:
    """Centre of a hex of the given radius on screen (y downwards)."""
    q, r = parse(space)
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


def compass(dx: float, dy: float) -> str:
    """The eight-point compass word for a screen offset (y downwards), '' at the centre."""
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return ""
    angle = math.degrees(math.atan2(-dy, dx)) % 360
    names = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
    return names[int(((angle + 22.5) % 360) // 45)]
