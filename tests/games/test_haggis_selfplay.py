"""Seeded random self-play for 2 and 3 players, checking the engine's invariants at every step:
card conservation (face cards per owner), to_dict round trips, secrecy of views and events,
illegal actions refused without change, and determinism."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from bot.games import haggis
from bot.games.errors import IllegalAction
from bot.games.haggis import PlayAction
from bot.games.haggis.cards import LABELS, number_deck

from .test_haggis_support import FACES, hidden_number_cards, tokens


def check_conservation(state: haggis.HaggisState) -> None:
    data = state.to_dict()
    n = data["players"]
    numbers: Counter[str] = Counter()
    faces: Counter[str] = Counter()
    for seat, hand in enumerate(data["hands"]):
        for card in hand:
            (faces if card in FACES else numbers)[card] += 1
        own = [c for c in hand if c in FACES]
        for entry in data["trick"]:
            if entry["player"] == seat and entry["play"] != "pass":
                own += [c for c in entry["play"].split() if c in FACES]
        assert len(own) == len(set(own)), f"seat {seat} holds or played a face card twice"
    for entry in data["trick"]:
        if entry["play"] != "pass":
            for card in entry["play"].split():
                if not card.startswith("="):
                    (faces if card in FACES else numbers)[card] += 1
    for pile in data["piles"]:
        for card in pile:
            (faces if card in FACES else numbers)[card] += 1
    numbers.update(data["haggis"])
    assert numbers == Counter(LABELS[c] for c in number_deck(n))
    if data["over"]:
        return
    assert faces == Counter({f: n for f in FACES})


def check_secrecy(
    state: haggis.HaggisState, events: list[dict[str, Any]], hidden_before: set[str], move: str
) -> None:
    """Views hide other seats' numbers and the Haggis; events reveal only the cards just played
    (a new deal's event carries no card at all)."""
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        json.dumps(view)
        assert not tokens(view) & hidden_number_cards(state, seat)
        assert "haggis" not in view
    deals = [e for e in events if e["type"] == "deal"]
    others = [e for e in events if e["type"] != "deal"]
    assert not tokens(deals) & hidden_number_cards(state, None)
    assert not tokens(others) & (hidden_before - set(move.split()))


def probe_illegal(state: haggis.HaggisState, rng: random.Random, actions: list[Any]) -> None:
    before = state.to_dict()
    p = state.current_player
    assert p is not None
    legal_masks = {a.mask for a in actions if isinstance(a, PlayAction)}
    hand = [c for c in before["hands"][p]]
    if hand and state.pending_give is None:
        pick = rng.sample(hand, min(len(hand), rng.randint(1, 4)))
        action = haggis.parse_action(" ".join(pick))
        if isinstance(action, PlayAction) and action.mask not in legal_masks:
            with pytest.raises(IllegalAction):
                state.apply(action)
    other = (p + 1) % state.num_players
    if other != p:
        with pytest.raises(IllegalAction):
            state.apply("pass", player=other)
    if not state.trick:
        with pytest.raises(IllegalAction):
            state.apply("pass")
    for seat in range(state.num_players):
        if not state.may_bet(seat):
            with pytest.raises(IllegalAction):
                state.apply("bet 15", player=seat)
        if seat != p:
            assert all(str(a).startswith("bet ") for a in state.legal_actions(seat))
    assert state.to_dict() == before


def check_determinisation(state: haggis.HaggisState, rng: random.Random) -> None:
    """A position sampled from a seat's view alone looks the same to that seat, with the same
    legal actions: the view is complete for computer players."""
    for seat in range(state.num_players):
        view = state.view(seat)
        sampled = haggis.load_game(haggis.sample_position(view, rng))
        assert sampled.view(seat) == view
        assert [str(a) for a in sampled.legal_actions(seat)] == [
            str(a) for a in state.legal_actions(seat)
        ]


def play_game(
    players: int, seed: int, options: dict[str, Any], steps: int
) -> tuple[haggis.HaggisState, list[tuple[str, int]], dict[str, Any]]:
    rng = random.Random(seed * 7919)
    state = haggis.new_game(seed=seed, players=players, options=options)
    log: list[tuple[str, int]] = []
    snapshot: dict[str, Any] = {}
    rounds = 0
    for step in range(steps):
        if state.is_over:
            break
        if step == 40:
            snapshot = {"data": json.loads(json.dumps(state.to_dict())), "at": len(log)}
        actions = state.legal_actions()
        assert len({str(a) for a in actions}) == len(actions)
        if step % 3 == 0:
            probe_illegal(state, rng, actions)
            again = haggis.load_game(json.loads(json.dumps(state.to_dict())))
            assert again.to_dict() == state.to_dict()
            assert [str(a) for a in again.legal_actions()] == [str(a) for a in actions]
            check_determinisation(state, rng)
        bettors = [s for s in range(players) if state.may_bet(s) and s != state.current_player]
        if bettors and rng.random() < 0.15:
            seat = rng.choice(bettors)
            move, player = f"bet {rng.choice([0, 15, 30])}", seat
        else:
            plays = [a for a in actions if not str(a).startswith("bet")]
            pool = plays if plays and rng.random() < 0.9 else actions
            move, player = str(rng.choice(pool)), state.current_player  # type: ignore[assignment]
        hidden_before = hidden_number_cards(state, None)
        events = state.apply(move, player=player)
        log.append((move, player))
        rounds += sum(1 for e in events if e["type"] == "round_scored")
        check_conservation(state)
        check_secrecy(state, events, hidden_before, move)
    assert rounds >= 2
    return state, log, snapshot


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (2, 2, {"target": 350, "bomb_capture": "chooser"}),
        (3, 3, {}),
        (3, 4, {"bomb_capture": "chooser", "first_out_bonus": "off"}),
        (2, 5, {"first_out_bonus": "off"}),
        (3, 6, {"target": 350}),
    ],
)
def test_selfplay_invariants_round_trip_and_determinism(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    state, log, snapshot = play_game(players, seed, options, steps=700)
    # the same seed and actions give the same game
    replay = haggis.new_game(seed=seed, players=players, options=options)
    for move, player in log:
        replay.apply(move, player=player)
    assert replay.to_dict() == state.to_dict()
    # a saved game continues identically, later deals included
    resumed = haggis.load_game(snapshot["data"])
    for move, player in log[snapshot["at"] :]:
        resumed.apply(move, player=player)
    assert resumed.to_dict() == state.to_dict()
    # a clone continues identically too
    assert state.clone().to_dict() == state.to_dict()


@pytest.mark.parametrize("players", [2, 3])
def test_cached_leads_equal_a_fresh_enumeration(players: int) -> None:
    """A seat's later leads are filtered from its earlier list: always the same plays, in the
    same order, as a state loaded afresh (no cache) enumerates; clones keep their own."""
    rng = random.Random(players)
    state = haggis.new_game(seed=21, players=players)
    for _ in range(250):
        if state.is_over:
            break
        legal = [str(a) for a in state.legal_actions()]
        fresh = haggis.load_game(state.to_dict())
        assert legal == [str(a) for a in fresh.legal_actions()]
        twin = state.clone()
        twin.apply(twin.legal_actions()[-1])
        assert legal == [str(a) for a in state.legal_actions()]
        state.apply(legal[rng.randrange(len(legal))])


def test_clones_share_the_deal_rng_until_one_deals() -> None:
    """A clone shares its original's rng (copying it was a third of a clone) until either deals:
    then each deals the next round as the other would, whichever deals first."""
    state = haggis.new_game(seed=8, players=2)
    assert state.fair is None  # dealt by the rng
    moves: list[tuple[str, int]] = []
    play = random.Random(8)
    while state.round_no == 1:
        player = state.current_player
        legal = state.legal_actions(player)
        action = str(legal[play.randrange(len(legal))])
        moves.append((action, player))
        state.apply(action, player)
    before = haggis.new_game(seed=8, players=2)
    for action, player in moves[:-1]:
        before.apply(action, player)
    twin = before.clone()
    twin.apply(*moves[-1])  # the twin deals round 2 first
    assert twin.to_dict() == state.to_dict()
    before.apply(*moves[-1])  # then the original, from the same rng state
    assert before.to_dict() == state.to_dict()
