"""Hurricane poker's ``describe`` and ``determinise`` (docs/engine-api.md), checked against the
engine on random positions of random games."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction, describe, determinise, new_game

OPTIONS = [
    {"hands": 3},
    {"hands": 3, "declare": "yes", "wild": "jokers"},
    {"hands": 3, "draw": "off", "stack": 10, "bet_max": 5},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_describe_says_what_each_legal_move_costs(options: dict[str, object]) -> None:
    """For every legal move: cost is exactly the chips the seat puts in (applied to a clone)."""
    rng = random.Random(3)
    for seed in range(4):
        state = new_game("hurricane_poker", seed=seed, players=3 + seed % 3, options=options)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            legal = state.legal_actions()
            for action in legal:
                move = describe("hurricane_poker", view, action)
                assert move["kind"] == str(action).split()[0]
                assert move["to_call"] == view["to_call"]
                events = state.clone().apply(action)
                bets = [e for e in events if e["type"] == "bet" and e["player"] == seat]
                if bets:
                    assert bets[0]["chips"] == move["cost"]
                    assert bets[0]["all_in"] == move["all_in"]
                else:
                    assert move["cost"] == 0  # check, fold, draw, stand, declare
                if move["kind"] == "draw":
                    assert move["card"] in view["hand"]
                assert move["reason"]
            state.apply(legal[rng.randrange(len(legal))])


def test_describe_texts() -> None:
    state = new_game("hurricane_poker", seed=2, players=2)
    view = dict(state.view(state.current_player))
    view.update(to_call=2, chips=[10, 10], pot_total=6)
    seat = view["seat"]
    view["chips"] = [10, 10]
    assert (
        describe("hurricane_poker", view, "raise 3")["reason"] == "raises 3: 5 in (2 to call + 3)"
    )
    assert describe("hurricane_poker", view, "call")["cost"] == 2
    view["chips"] = [1, 1]
    short = describe("hurricane_poker", view, "call")
    assert short["cost"] == 1 and short["all_in"] and "all-in" in short["reason"]
    assert "must win both" in describe("hurricane_poker", view, "declare both")["reason"]
    assert describe("hurricane_poker", view, "stand")["cost"] == 0
    assert seat is not None
    with pytest.raises(IllegalAction):
        describe("hurricane_poker", state.view(None), "call")


@pytest.mark.parametrize("options", OPTIONS)
def test_determinise_agrees_with_the_view_and_hides_what_is_hidden(
    options: dict[str, object],
) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        state = new_game("hurricane_poker", seed=seed, players=4, options=options)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            world = determinise("hurricane_poker", view, rng)
            assert world.view(seat) == view
            assert [str(a) for a in world.legal_actions()] == [
                str(a) for a in state.legal_actions()
            ]
            # the sample reads only the view: a state with other hidden cards samples alike
            other = determinise("hurricane_poker", view, random.Random(1))
            again = determinise("hurricane_poker", world.view(seat), random.Random(1))
            assert other.to_dict() == again.to_dict()
            checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 20


def test_determinise_deals_folded_hands_and_discards_as_unseen() -> None:
    """Cards never shown (a folded hand, the discards) are spread over every hidden place."""
    state = new_game("hurricane_poker", seed=11, players=3, options={"hands": 2})
    while state.to_dict()["phase"] != "draw" or not any(state.to_dict()["folded"]):
        if state.is_over:
            pytest.skip("no fold before the draw in this seed")
        legal = state.legal_actions()
        fold = [a for a in legal if str(a) == "fold"]
        state.apply(fold[0] if fold and not any(state.to_dict()["folded"]) else legal[-1])
    seat = state.current_player
    assert seat is not None
    folded = next(s for s, f in enumerate(state.to_dict()["folded"]) if f)
    real = state.to_dict()["hands"][folded]
    seen = set()
    for i in range(300):
        world = determinise("hurricane_poker", state.view(seat), random.Random(i))
        seen.add(tuple(world.to_dict()["hands"][folded]))
    assert len(seen) > 20  # not pinned to the real cards...
    assert set(real) <= set().union(*seen)  # ...which stay possible: they were never shown
