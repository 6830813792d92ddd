"""A rating over time as inline SVG (no JavaScript, no chart library): a polyline scaled into a
fixed box, with the first, lowest, highest and last values labelled."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 360, 130, 18
LEFT = 36  # room for the value labels


@dataclass(frozen=True)
class Chart:
    """What the template draws: the points of the line, the axis labels and where they go."""

    points: str  # "x,y x,y …" for <polyline points>
    dots: tuple[tuple[float, float], ...]
    low: float
    high: float
    low_y: float
    high_y: float
    width: int = WIDTH
    height: int = HEIGHT


def rating_chart(history: Sequence[tuple[float, float]]) -> Chart | None:
    """The chart of (time, rating) pairs, oldest first, spaced evenly by game (None: no games)."""
    if not history:
        return None
    values = [r for _, r in history]
    low, high = min(values), max(values)
    span = high - low or 1.0
    n = len(values)
    xs = [LEFT + (WIDTH - LEFT - PAD) * (i / (n - 1) if n > 1 else 0.5) for i in range(n)]
    ys = [HEIGHT - PAD - (HEIGHT - 2 * PAD) * ((v - low) / span) for v in values]
    dots = tuple((round(x, 1), round(y, 1)) for x, y in zip(xs, ys, strict=True))
    return Chart(
        points=" ".join(f"{x},{y}" for x, y in dots),
        dots=dots if n <= 60 else (dots[0], dots[-1]),
        low=low,
        high=high,
        low_y=HEIGHT - PAD,
        high_y=PAD,
    )
