"""Minitrick's rules panel (``/rules``)."""

from bot.render.text import Panel

RULES = Panel(
    "Minitrick",
    [
        "A pack of six spades (2 to 7) and two players with three cards each.",
        "The player after the dealer leads; the higher card takes the trick and leads next.",
        "After three tricks the player with more tricks scores a point; first to the target wins.",
    ],
    [("Options", "`target`: 1–9 points (default 2)")],
)
