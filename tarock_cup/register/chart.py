"""The record page's chart of a player's tournament scores, drawn as SVG on the server.

Only the geometry is computed here (the template draws it): no JavaScript, and the same numbers
stand in a table beside the chart for those who cannot see it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

WIDTH = 600
HEIGHT = 240
MARGIN = 36  # room for the axis labels left and below


class Scored(Protocol):
    @property
    def total(self) -> int | None: ...


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    total: int
    line: object  # the tournament line the point stands for


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: tuple[Point, ...]
    path: str  # the polyline's points attribute
    zero_y: float  # where the score 0 runs
    top: int  # the highest score on the axis
    bottom: int  # the lowest
    left: int = MARGIN


def scores_chart(lines: Sequence[Scored]) -> Chart | None:
    """Return the chart of these tournaments' totals in the order given (None: no totals)."""
    totals = [line.total for line in lines if line.total is not None]
    if not totals:
        return None
    top, bottom = max(0, *totals), min(0, *totals)
    span = (top - bottom) or 1
    inner_w, inner_h = WIDTH - MARGIN - 12, HEIGHT - MARGIN - 12
    step = inner_w / (len(totals) - 1) if len(totals) > 1 else 0

    def y_of(value: int) -> float:
        return round(12 + (top - value) * inner_h / span, 1)

    points = tuple(
        Point(round(MARGIN + (i * step if step else inner_w / 2), 1), y_of(total), total, line)
        for i, (line, total) in enumerate(
            (line, line.total) for line in lines if line.total is not None
        )
    )
    path = " ".join(f"{p.x},{p.y}" for p in points)
    return Chart(WIDTH, HEIGHT, points, path, y_of(0), top, bottom)
