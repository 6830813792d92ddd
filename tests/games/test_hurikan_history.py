"""Hurikan's public move history (``view["history"]``, snapshots, positions) and ``determinise``
with inferred hands (docs/engine-api.md), which a computer player reading the opponent's moves
needs."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import InvalidState, determinise, load_game, new_game
from bot.games.hurricane import unseen_cards
from bot.games.hurricane.cards import NAMES
from tests.games.test_hurricane_helpers import position


def _played(seed: int, moves: int | None = None) -> tuple[Any, list[tuple[int, str]]]:
    """A Hurikan game after ``moves`` random legal moves (all: to the end), and its plays."""
    rng = random.Random(seed)
    s = new_game("hurikan", seed=seed)
    plays: list[tuple[int, str]] = []
    while not s.is_over and (moves is None or len(plays) < moves):
        legal = s.legal_actions()
        for event in s.apply(legal[rng.randrange(len(legal))]):
            if event["type"] == "play":
                plays.append((event["seat"], event["action"]))
    return s, plays


# ---------------------------------------------------------------- the history
def test_history_is_the_plays_in_order_in_every_view():
    s, plays = _played(5, moves=7)
    assert any(":" in action for _, action in plays)  # takes as well as lays
    assert s.view(0)["history"] == plays
    assert s.view(1)["history"] == plays and s.view(None)["history"] == plays
    assert s.to_dict()["history"] == [list(p) for p in plays]


def test_history_of_a_whole_game_and_a_new_one():
    assert new_game("hurikan", seed=1).view(0)["history"] == []
    s, plays = _played(8)
    assert s.is_over and s.view(None)["history"] == plays
    laid = [c for _, action in plays for c in action.partition(":")[0].split("+")]
    assert sorted(laid) == sorted(NAMES)  # every card passes through a hand and is laid once


def test_history_survives_snapshots_and_clones():
    s, plays = _played(6, moves=9)
    again = load_game(json.loads(json.dumps(s.to_dict())))
    assert again.view(1)["history"] == plays and again.to_dict() == s.to_dict()
    twin = s.clone()
    assert twin.view(0)["history"] == plays
    legal = twin.legal_actions()
    events = twin.apply(legal[0])
    assert twin.view(0)["history"] == [*plays, (events[0]["seat"], events[0]["action"])]
    assert s.view(0)["history"] == plays  # the clone's move is not the original's
    view = s.view(0)
    view["history"].append((0, "KS"))
    assert s.view(0)["history"] == plays  # a view is a copy


def test_position_without_history_loads_with_none_and_text_is_canonical():
    data = position([["4S", "2H"], ["5D"]], ["6C"], game="hurikan", rest=0)
    assert load_game(data).view(0)["history"] == []
    data["history"] = [[1, "5d"], (0, " 4s + 2h : 6c ")]
    s = load_game(data)
    assert s.view(0)["history"] == [(1, "5D"), (0, "2H+4S:6C")]
    assert s.to_dict()["history"] == [[1, "5D"], [0, "2H+4S:6C"]]


@pytest.mark.parametrize(
    ("history", "reason"),
    [
        ("2H", "history must be a list of \\[seat, action\\] plays"),
        ({"0": "2H"}, "history must be a list"),
        (["2H"], "play 1: '2H' is not a \\[seat, action\\] pair"),
        ([[0, "2H", "x"]], "play 1: .* is not a \\[seat, action\\] pair"),
        ([[0, "2H"], [2, "5D"]], "play 2: the seat must be 0 or 1, not 2"),
        ([[True, "2H"]], "play 1: the seat must be 0 or 1, not True"),
        ([[None, "2H"]], "the seat must be 0 or 1"),
        ([[0, 7]], "play 1: the action must be text, not 7"),
        ([[0, ["2H"]]], "the action must be text"),
        ([[0, "ZZ"]], "play 1: .*ZZ"),
        ([[0, ""]], "play 1: "),
        ([[0, "2H:2H"]], "cannot take itself"),
        ([[0, "2H"]] * 41, "history lists 41 plays; a game has at most 40"),
    ],
)
def test_malformed_history_is_refused(history, reason):
    data = position([["4S", "2H"], ["5D"]], ["6C"], game="hurikan", rest=0, history=history)
    with pytest.raises(InvalidState, match=reason):
        load_game(data)


# ---------------------------------------------------------------- determinise with hands
def _mid_game() -> tuple[Any, dict[str, Any]]:
    s, _ = _played(11, moves=5)
    return s, s.view(s.current_player)


def test_determinise_gives_exactly_the_inferred_hand():
    s, view = _mid_game()
    me = view["seat"]
    other = 1 - me
    unseen = unseen_cards(view)
    guess = unseen[-view["hand_sizes"][other] :]
    for seed in range(5):
        world = determinise("hurikan", view, random.Random(seed), hands={other: guess})
        data = world.to_dict()
        assert sorted(data["hands"][other]) == sorted(guess)
        assert data["hands"][me] == view["hand"] and data["table"] == view["table"]
        assert data["piles"] == view["piles"]
        cards = [c for h in data["hands"] for c in h] + data["table"] + data["stock"]
        cards += [c for p in data["piles"] for c in p]
        assert sorted(cards) == sorted(NAMES)  # every card exactly once
        assert world.view(me) == view  # the seat cannot tell the world from the real game


def test_determinise_hands_in_pairs_and_open_hands():
    s = new_game("hurricane", seed=4, options={"preset": "pairs"})
    view = s.view(0)
    unseen = unseen_cards(view)
    k = view["hand_sizes"][1]
    given = {1: unseen[:k], 3: [c.lower() for c in unseen[k : 2 * k]]}
    data = determinise("hurricane", view, random.Random(1), hands=given).to_dict()
    assert sorted(data["hands"][1]) == sorted(unseen[:k])
    assert sorted(data["hands"][3]) == sorted(unseen[k : 2 * k])
    assert sorted(data["hands"][2]) == sorted(unseen[2 * k :])  # all that is left
    s = new_game("hurricane", seed=4, options={"preset": "open"})
    view = s.view(0)
    down = unseen_cards(view)[:2]
    data = determinise("hurricane", view, random.Random(1), hands={1: down}).to_dict()
    assert data["hands"][1] == {"open": view["open_hands"][1], "down": down}


def _refusals() -> list[tuple[Any, str]]:
    _, view = _mid_game()
    me = view["seat"]
    other = 1 - me
    unseen = unseen_cards(view)
    k = view["hand_sizes"][other]
    return [
        ({other: [view["hand"][0], *unseen[: k - 1]]}, "is not unseen"),
        ({other: [view["table"][0], *unseen[: k - 1]]}, "is not unseen"),
        ({other: [unseen[0], unseen[0], *unseen[1 : k - 1]]}, "listed twice"),
        ({other: unseen[: k - 1]}, f"given {k - 1} cards but holds {k} hidden"),
        ({other: unseen[: k + 1]}, f"given {k + 1} cards but holds {k} hidden"),
        ({me: view["hand"]}, "the view's own seat"),
        ({2: unseen[:k]}, "2 is not a seat"),
        ({"1": unseen[:k]}, "'1' is not a seat"),
        ({other: "".join(unseen[:k])}, "must be a list"),
        ({other: ["XX", *unseen[: k - 1]]}, "'XX' is not a card"),
        ([unseen[:k]], "hands must map seats to lists of cards"),
    ]


@pytest.mark.parametrize(("hands", "reason"), _refusals())
def test_determinise_refuses_bad_hands(hands, reason):
    _, view = _mid_game()
    with pytest.raises(ValueError, match=reason):
        determinise("hurikan", view, random.Random(1), hands=hands)


def test_determinise_hands_only_for_hurricane_games():
    view = new_game("haggis", seed=1, players=2).view(0)
    with pytest.raises(ValueError, match="inferred hands are for hurricane and hurikan"):
        determinise("haggis", view, random.Random(1), hands={})


def test_determinise_without_hands_draws_as_before():
    # pinned from the code before ``hands`` existed: seeded searches must not change
    s = new_game("hurikan", seed=11)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    view = s.view(0)
    world = determinise("hurikan", view, random.Random(3)).to_dict()
    assert world["hands"] == [["3D", "3C", "4D", "6H", "KC"], ["AD", "2H", "4S", "KD"]]
    assert world["stock"][:6] == ["QH", "JD", "2D", "6D", "QD", "5C"]
    assert world["seed"] == 1022050301
    assert world["history"] == [[1, "3H"], [0, "2S"], [1, "3S"]]
    for hands in (None, {}):
        again = determinise("hurikan", view, random.Random(3), hands=hands)
        assert again.to_dict() == world
