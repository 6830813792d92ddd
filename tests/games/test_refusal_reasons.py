"""Each refusal names the rule the move really breaks: a table of bad moves, each from a position
built for it, with the reason it must give and the wrong reason it must not give (issue 23: ``3O 4O``
was refused as not consecutive and not of one suit, but it is both; it is two ranks short of three)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import IllegalAction, load_game

from .poker_helpers import position as poker_position
from .test_haggis_support import position as haggis_position
from .test_hurricane_helpers import position as hurricane_position

HAGGIS_HAND = ["2R", "3O", "4O", "3R", "3Y", "4R", "4Y", "5R", "5O", "9R", "6R", "J", "Q", "K"]
HAGGIS = haggis_position([HAGGIS_HAND, ["7G", "8G", "9G", "10G"]], turn=0)
HURRICANE = hurricane_position([["7H", "KS", "4C"], ["2C", "6S"]], ["3C", "4D", "7D", "2H"])
HURIKAN = hurricane_position(
    [["4S", "2H", "5D"], ["2C"]], ["6C", "KD"], game="hurikan", rest="stock"
)
OPEN = hurricane_position(
    [{"open": ["7H"], "down": ["KS", "2C"]}, {"open": ["3S"], "down": ["QS", "5C"]}],
    ["3C", "4D"],
    options={"preset": "open"},
)

#: (position, move, words the reason must hold, words it must not hold)
CASES: list[tuple[dict[str, Any], str, str, str]] = [
    (HAGGIS, "3O 4O", "three or more ranks", "consecutive ranks with the same suits"),
    (HAGGIS, "3R 4O", "the same suits at every rank", "three or more ranks"),
    (HAGGIS, "3R 3O 4R", "one card of each of those suits", "too short"),
    (HAGGIS, "2R 5R 6R J", "gaps the face cards cannot fill", "same suits"),
    (HAGGIS, "3R 5R 9R", "gaps", "same suits"),
    (HAGGIS, "3R 4R 5O", "the same suits at every rank", "too short"),
    (HAGGIS, "3R 3O 4R 4Y", "three suits", "gaps"),
    (HAGGIS, "3R 5O 5R 9R", "two suits", "3-5-7-9"),
    (HAGGIS, "7G", "not hold", "combination"),
    (HURRICANE, "7H:3C+2H", "add up to 5, not 7", "not on the table"),
    (
        HURRICANE,
        "7H:3C+4D",
        "a 7 on the table must be taken first",
        "add up",
    ),  # an equal card on the table is taken first (H-5)
    (HURRICANE, "KS:AH", "not on the table", "add up"),
    (HURRICANE, "4C:4C", "cannot take itself", ""),
    (HURRICANE, "4C", "can capture", ""),
    (HURIKAN, "4S+5D:6C", "add up to 9, not 6", "not on the table"),
    (HURIKAN, "4S:QC", "not on the table", "add up"),
    (OPEN, "flip 0", "open cards first", ""),
]


def _state(data: dict[str, Any]) -> Any:
    return load_game(dict(data))


@pytest.mark.parametrize(("data", "move", "says", "not_says"), CASES)
def test_a_refusal_names_the_rule_broken(
    data: dict[str, Any], move: str, says: str, not_says: str
) -> None:
    from bot.i18n import using
    from bot.render.refusals import refusal

    state = _state(data)
    seat = state.current_player
    with pytest.raises(IllegalAction) as refused:
        state.apply(move, seat)
    reason = str(refused.value)
    with using("en"):
        shown = refusal(reason)
    assert says.lower() in (reason + " " + shown).lower(), reason
    assert not not_says or not_says.lower() not in reason.lower(), reason
    with using("ru"):
        russian = refusal(reason)
    assert russian != reason, f"no Russian for: {reason}"


POKER_CASES = [
    ("draw 7H 5S", "'draw 7H' with the card you discard"),
    ("check", "it is the draw"),
]


@pytest.mark.parametrize(("move", "says"), POKER_CASES)
def test_poker_draw_refusals_name_the_rule(move: str, says: str) -> None:
    state = poker_position([100, 100], [["7H", "5S"], ["KH", "KD"]], options={"ante": 1})
    for action in ("check", "check"):  # the first betting round, then the draw
        state.apply(action, state.current_player)
    assert any(str(a).startswith("draw") for a in state.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        state.apply(move, state.current_player)
    assert says in str(refused.value), str(refused.value)


def test_a_poker_betting_round_refusal_offers_only_what_is_legal() -> None:
    """A draw or a declaration during the betting is refused with the moves the seat really has:
    "check or bet" before anyone bets, "call N, raise or fold" after a bet (never both lists)."""
    from bot.i18n import using
    from bot.render.refusals import refusal

    state = poker_position([100, 100], [["7H", "5S"], ["KH", "KD"]], options={"ante": 1})
    kinds = {str(a).split()[0] for a in state.legal_actions()}
    with pytest.raises(IllegalAction) as refused:
        state.apply("stand", state.current_player)
    assert str(refused.value) == "this is a betting round: check or bet"
    assert kinds == {"check", "bet"}
    state.apply("bet 2", state.current_player)
    kinds = {str(a).split()[0] for a in state.legal_actions()}
    with pytest.raises(IllegalAction) as refused:
        state.apply("declare high", state.current_player)
    reason = str(refused.value)
    assert kinds == {"call", "raise", "fold"}
    assert reason == "this is a betting round: call 2, raise or fold"
    with using("ru"):
        assert refusal(reason) == "сейчас торговля: колл 2, рейз или фолд"
