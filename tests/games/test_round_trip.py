"""Every state survives a save (issue 23): whole seeded games of every game, with random options,
are saved and reloaded after every move, and the reloaded game goes on exactly as the original.

A second group loads positions no game can reach and expects ``InvalidState``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import GAMES, FairSeed, GameState, InvalidState, game_info, load_game, new_game
from bot.games.hurricane_poker.cards import LABELS, deck
from tests.games.test_hurricane_helpers import position

#: numeric options drawn from the low end of their bounds, so that a whole game stays short
SHORT = {"target": 30, "double_below": 30, "stack": 40, "hands": 6}


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, int, dict[str, Any]]:
    """A game, its seat count and random options (presets included)."""
    name = draw(st.sampled_from(GAMES))
    info = game_info(name)
    options: dict[str, Any] = {}
    players = draw(st.sampled_from(info.players))
    if info.presets:
        preset = draw(st.sampled_from(info.presets))
        options["preset"] = preset.name
        players = preset.players
    for option in info.options:
        if not draw(st.booleans()):
            continue  # the default
        if option.bounds is not None:
            low, high = option.bounds
            options[option.name] = draw(st.integers(low, min(high, SHORT.get(option.name, high))))
        else:
            options[option.name] = draw(st.sampled_from(option.choices))
    return name, players, options


def _saved(state: GameState) -> GameState:
    """The state through JSON, as storage keeps it."""
    return load_game(json.loads(json.dumps(state.to_dict())))


def _same(a: GameState, b: GameState) -> None:
    assert a.to_dict() == b.to_dict()
    assert a.current_player == b.current_player and a.is_over == b.is_over
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    for seat in (None, *range(a.num_players)):
        assert a.view(seat) == b.view(seat)


def _move(state: GameState, rng: random.Random) -> tuple[Any, int | None]:
    """A random legal move; in Haggis sometimes a bet of a seat that is not to play."""
    if state.name == "haggis" and rng.random() < 0.1:
        seat = rng.randrange(state.num_players)
        bets = [a for a in state.legal_actions(seat) if str(a).startswith("bet")]
        if bets:
            return rng.choice(bets), seat
    return rng.choice(state.legal_actions()), None


@settings(
    max_examples=24,
    deadline=None,
    derandomize=True,  # the same games on every run: a failure here is always reproducible
    suppress_health_check=[HealthCheck.too_slow],
)
@given(setups(), st.integers(0, 2**32), st.booleans())
def test_every_state_of_whole_games_round_trips_and_plays_on_identically(
    setup: tuple[str, int, dict[str, Any]], seed: int, fair: bool
) -> None:
    name, players, options = setup
    dealt = FairSeed(seed.to_bytes(32, "big"), f"t{seed}") if fair else None
    original = new_game(name, seed=seed, players=players, options=options, fair=dealt)
    reloaded = _saved(original)
    rng = random.Random(seed)
    moves = 0
    while True:
        _same(original, reloaded)
        if original.is_over:
            break
        action, seat = _move(original, rng)
        assert original.apply(action, seat) == reloaded.apply(action, seat)
        reloaded = _saved(reloaded)  # saved after every move, and played on from the copy
        moves += 1
        assert moves < 20_000, "a game this long does not end"


# ------------------------------------------------------------------------- the named slip
def _poker_start(chips: list[int], hands: list[list[str] | None], ante: int) -> dict[str, Any]:
    used = {c for h in hands if h for c in h}
    return {
        "game": "hurricane_poker", "options": {"ante": ante}, "seed": 1, "dealer": 0,
        "hand_no": 1, "chips": chips, "hands": hands,
        "stock": [LABELS[c] for c in deck("none") if LABELS[c] not in used],
    }  # fmt: skip


def test_a_short_ante_returns_its_excess_without_a_negative_round_bet() -> None:
    state = load_game(_poker_start([100, 1], [["AS", "2D"], ["KH", "KD"]], ante=2))
    view = state.view(None)
    assert view["round_bets"] == [0, 0] and view["committed"] == [1, 1]
    assert view["chips"] == [99, 0]  # the second ante chip went back
    _same(state, _saved(state))


def test_a_save_of_the_old_engine_with_a_negative_round_bet_still_loads() -> None:
    """Tables saved before the fix hold ``round_bets: [-1, 0]``: they load as the fixed state."""
    state = load_game(_poker_start([100, 1], [["AS", "2D"], ["KH", "KD"]], ante=2))
    old = state.to_dict()
    old["round_bets"] = [-1, 0]
    assert load_game(old).to_dict() == state.to_dict()


# ------------------------------------------------------------------ unreachable positions
def _poker_in_progress() -> dict[str, Any]:
    state = new_game("hurricane_poker", seed=5, players=3)
    state.apply(state.legal_actions()[1])  # a bet: chips in this round
    return state.to_dict()


def _changed(data: dict[str, Any], **change: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))
    copy.update(change)
    return copy


def _haggis_in_progress() -> dict[str, Any]:
    state = new_game("haggis", seed=5, players=3)
    state.apply(state.legal_actions()[0])  # a lead: a trick under way
    return state.to_dict()


def _twice(data: dict[str, Any]) -> dict[str, Any]:
    """The leader of the trick plays again right after its own lead."""
    lead = data["trick"][0]
    hand = list(data["hands"][lead["player"]])
    again = hand.pop(0)  # its lowest number card... higher than the lead in this deal
    hands = [list(h) for h in data["hands"]]
    hands[lead["player"]] = hand
    follow = {"player": lead["player"], "play": again}
    return _changed(data, hands=hands, trick=[lead, follow])


POKER = _poker_in_progress()
HAGGIS = _haggis_in_progress()
HURRICANE = position([["7H"], ["2C"]], ["7C"], rest="stock")


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (_changed(POKER, log=[[7, "check"]]), "'log' names seat '7'"),
        (_changed(POKER, log=[[0, "juggle"]]), "no betting move"),
        (_changed(POKER, committed=[60, 1, 1], chips=[40, 99, 99]), "in the pot"),
        (
            _changed(POKER, round_bets=[0, 9, 0], committed=[2, 10, 1], chips=[98, 90, 99]),
            "this round's bets",
        ),
        (_changed(POKER, chips=[99, 99, 99]), "the game has 3 × 100"),
        (_changed(POKER, phase="declare"), "no declarations with declare=no"),
        (_changed(POKER, drawn=[1, None, None]), "discards hold 0"),
        (_changed(POKER, declared=["high", None, None]), "declared outside"),
        (_changed(POKER, phase="over", turn=None), "two seats still holding chips"),
        (_changed(HURRICANE, stock=HURRICANE["stock"][:-1]), "missing cards"),
        (
            position([["7H"], ["2C"]], ["7C"], stock=["QS"], rest=0),
            "the stock holds 1 cards; a deal leaves 24, 12, 0",
        ),
        (
            position([["7H"], ["2C"]], ["7C"], game="hurikan", stock=["QS"], rest=0),
            "a Hurikan deal leaves 28, 16, 4, 0",
        ),
        (position([["7H", "KS", "KD"], ["2C"]], ["7C"]), "no hand is two cards shorter"),
        (position([["7H"], ["2C", "KS"]], ["7C"]), "the seat to play holds the most"),
        (_changed(HURRICANE, sweeps=[9, 0]), "9 hurricanes but 7 cards"),
        (
            _changed(
                HURRICANE,
                last_capturer=0,
                piles=[[], HURRICANE["piles"][0] + HURRICANE["piles"][1]],
            ),
            "captured last",
        ),
        (_changed(HURRICANE, scores=[17, 3]), "the game is over"),
        (_twice(HAGGIS), "both seat"),
        (_changed(HAGGIS, turn=HAGGIS["trick"][0]["player"] + 2), "is to play, not seat"),
        (_changed(HAGGIS, scores=[260, 0, 10]), "the game is over"),
    ],
)
def test_positions_no_game_reaches_are_refused(data: dict[str, Any], reason: str) -> None:
    with pytest.raises(InvalidState, match=reason):
        load_game(data)
