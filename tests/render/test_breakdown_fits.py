"""H-16: a deal's breakdown shows every category and the totals, and always fits one embed field
(1,024 characters), however long the names (issue 11: four 32-character names in ``pairs``)."""

from __future__ import annotations

from typing import Any

from bot.render.scores import FIELD_LIMIT, deal_breakdown, round_breakdown

LONG = ["A" * 31 + str(i) for i in range(4)]
# escaped names may be longer still (escape_markdown doubles every _ and *)
ESCAPED = ["\\_" * 16 + str(i) for i in range(4)]


def pairs_event() -> dict[str, Any]:
    return {
        "type": "deal_scored",
        "deal": 3,
        "categories": {"sweeps": [2, 1], "cards": 0, "hearts": 1, "seven": 0, "primiera": 1},
        "details": {
            "cards": [22, 18],
            "hearts": [4, 6],
            "primiera": {
                "values": [70, 78],
                "cards": [["7H", "6D", "AC", "5S"], ["7C", "6H", "AD", "7S"]],
            },
        },
        "points": [4, 3],
        "totals": [12, 9],
    }


def test_pairs_breakdown_with_four_long_names_fits_and_keeps_everything() -> None:
    for names in (LONG, ESCAPED):
        sides = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
        lines = deal_breakdown(pairs_event(), sides)
        text = "\n".join(lines)
        assert len(text) <= FIELD_LIMIT, len(text)
        assert "…" not in text.split("\n", 2)[-1]  # nothing cut after the legend
        for label in ("Hurricanes", "Most cards", "Most hearts", "7♥", "Primiera"):
            assert label in text
        assert "Points this deal" in text and lines[-1].startswith("Totals:")
        assert "12" in lines[-1] and "9" in lines[-1]
        assert names[0] in text and names[3] in text  # the legend names everyone


def test_short_names_keep_the_plain_layout() -> None:
    lines = deal_breakdown(pairs_event(), ["Ann & Cy", "Bo & Di"])
    assert lines[0].startswith("Hurricanes: Ann & Cy 2")


def test_haggis_round_with_three_long_names_fits() -> None:
    event = {
        "type": "round_scored",
        "parts": {"out": [0, 10, 20], "bonus": [0, 0, 15], "cards": [5, 12, 30], "bets": [0, 0, 0]},
        "points": [5, 22, 65],
        "totals": [105, 122, 165],
    }
    text = "\n".join(round_breakdown(event, ESCAPED[:3] * 1))
    assert len(text) <= FIELD_LIMIT and "Totals" in text


def test_a_poker_showdown_with_eight_long_escaped_names_fits() -> None:
    from bot.render.boards.hurricane_poker import showdown_lines
    from bot.render.scores import fitted

    names = ["\\*" * 16 + str(i) for i in range(8)]
    seats = [str(i) for i in range(8)]
    showdown = {
        "hand_no": 9,
        "shown": {s: ["KS", "KH"] for s in seats},
        "ranks": {s: {"high": "pair of kings", "low": "K-K"} for s in seats},
        "declarations": {s: "both" for s in seats},
        "pots": [
            {"high": list(range(8)), "low": list(range(8)), "shares": {s: 3 for s in seats}},
            {"high": [0, 1], "low": [2, 3], "shares": {"0": 5}},
        ],
    }
    assert len("\n".join(showdown_lines(showdown, names))) > FIELD_LIMIT  # too long as it is
    text = "\n".join(fitted(showdown_lines, showdown, names))
    assert len(text) <= FIELD_LIMIT
    assert "Side pot 1" in text
