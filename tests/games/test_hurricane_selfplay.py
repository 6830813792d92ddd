"""Seeded random self-play over every preset, checking the engine's invariants at every step.

Checked each step: every card exactly once; ``load_game(to_dict())`` continues identically;
no view shows a card its seat may not see; every listed legal action applies; illegal and
malformed actions raise IllegalAction and change nothing; the same seed and moves give the same
game.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GameState, IllegalAction, load_game, new_game, parse_action
from tests.games.test_hurricane_helpers import ALL_CARDS

PRESETS = ("standard", "open", "pairs", "hurikan")


def zones(d: dict[str, Any]) -> dict[str, list[str]]:
    out = {"table": list(d["table"]), "stock": list(d["stock"])}
    for seat, hand in enumerate(d["hands"]):
        if isinstance(hand, dict):
            out[f"open{seat}"] = list(hand["open"])
            out[f"down{seat}"] = list(hand["down"])
        else:
            out[f"hand{seat}"] = list(hand)
    for seat, pile in enumerate(d["piles"]):
        out[f"pile{seat}"] = list(pile)
    return out


def hidden_from(d: dict[str, Any], seat: int | None) -> set[str]:
    """Cards ``seat`` may not see: the stock, face-down cards, other seats' closed hands."""
    z = zones(d)
    hidden = set(z["stock"])
    for name, cards in z.items():
        closed = name.startswith("hand") and (seat is None or name != f"hand{seat}")
        if closed or name.startswith("down"):
            hidden.update(cards)
    return hidden


def check_cards_once(d: dict[str, Any]) -> None:
    cards = [c for cards in zones(d).values() for c in cards]
    assert len(cards) == 40 and set(cards) == set(ALL_CARDS)


def check_views(s: GameState, d: dict[str, Any], last_scored: dict[str, Any] | None) -> None:
    for seat in [*range(s.num_players), None]:
        v = s.view(seat)
        if seat is None:
            assert v["hand"] is None
        last = v.pop("last_deal")
        assert last == last_scored  # an earlier deal's breakdown, public when it was scored
        text = json.dumps(v)
        leaks = [c for c in hidden_from(d, seat) if f'"{c}"' in text]
        assert not leaks, f"seat {seat} sees {leaks}"


def candidate_moves(s: GameState, rng: random.Random) -> list[str]:
    """Moves to try that may or may not be legal, and some garbage."""
    cards = list(ALL_CARDS)
    out = ["", "7X", "flip 9", "garbage", "7H:", "+", ":", "flip"]
    out += rng.sample(cards, 6)
    for _ in range(6):
        a, b, c = rng.sample(cards, 3)
        out += [f"{a}:{b}", f"{a}:{b}+{c}", f"{a}+{b}", f"{a}+{b}:{c}"]
    return out


def is_listed(s: GameState, text: str, texts: set[str]) -> bool:
    """Whether ``text`` (in any card order) is one of the listed legal moves."""
    try:
        return str(parse_action(s.name, text)) in texts
    except IllegalAction:
        return False


def check_step(s: GameState, rng: random.Random, last_scored: dict[str, Any] | None) -> None:
    d = s.to_dict()
    check_cards_once(d)
    check_views(s, d, last_scored)
    legal = s.legal_actions()
    assert legal and len({str(a) for a in legal}) == len(legal)
    for action in legal:
        s.clone().apply(action)
    texts = {str(a) for a in legal}
    for text in candidate_moves(s, rng):
        if is_listed(s, text, texts):
            continue
        try:
            s.apply(text)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{text!r} applied although not listed as legal")
    others = [p for p in range(s.num_players) if p != s.current_player]
    for p in others:
        assert s.legal_actions(p) == []
    if legal and others:
        try:
            s.apply(legal[0], player=others[0])
        except IllegalAction:
            pass
        else:
            raise AssertionError("a seat played out of turn")
    assert s.to_dict() == d, "a refused action changed the state"


def play(preset: str, seed: int, *, checks: bool, max_moves: int = 10_000) -> tuple[list, dict]:
    s = new_game("hurricane", seed=seed, options={"preset": preset})
    rng = random.Random(seed)
    log: list[Any] = []
    last_scored = None
    moves = 0
    while not s.is_over and moves < max_moves:
        if checks:
            check_step(s, rng, last_scored)
        legal = s.legal_actions()
        action = legal[rng.randrange(len(legal))]
        twin = load_game(json.loads(json.dumps(s.to_dict())))
        events = s.apply(action)
        assert twin.apply(str(action)) == events
        assert twin.to_dict() == s.to_dict()
        scored = [e for e in events if e["type"] == "deal_scored"]
        if scored:
            last_scored = scored[-1]
        elif checks:  # events are public: within a deal they name no hidden card
            text = json.dumps(events)
            leaks = [c for c in hidden_from(s.to_dict(), None) if f'"{c}"' in text]
            assert not leaks, f"events show hidden cards {leaks}"
        log.append((str(action), events))
        moves += 1
    if checks:
        check_cards_once(s.to_dict())
        check_views(s, s.to_dict(), last_scored)
        assert s.legal_actions() == []
    return log, s.to_dict()


def test_selfplay_standard_full_checks():
    play("standard", 1, checks=True)


def test_selfplay_open_full_checks():
    play("open", 2, checks=True)


def test_selfplay_pairs_full_checks():
    play("pairs", 3, checks=True)


def test_selfplay_hurikan_full_checks():
    for seed in range(4):
        play("hurikan", seed, checks=True)


def test_same_seed_and_moves_give_the_same_game():
    for preset in PRESETS:
        first = play(preset, 21, checks=False)
        second = play(preset, 21, checks=False)
        assert first == second
        other = play(preset, 22, checks=False)
        assert other[1] != first[1]


def test_every_game_ends_with_a_result():
    for preset in PRESETS:
        for seed in range(3):
            _log, final = play(preset, 100 + seed, checks=False)
            assert final["result"] is not None and final["turn"] is None


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(min_value=0, max_value=2**40),
    choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=80),
)
def test_hypothesis_random_paths_keep_invariants(preset, seed, choices):
    s = new_game("hurricane", seed=seed, options={"preset": preset})
    rng = random.Random(seed)
    for choice in choices:
        if s.is_over:
            break
        legal = s.legal_actions()
        action = legal[choice % len(legal)]
        snapshot = s.to_dict()
        twin = load_game(snapshot)
        assert twin.to_dict() == snapshot
        check_cards_once(snapshot)
        bad = rng.choice(candidate_moves(s, rng))
        if not is_listed(s, bad, {str(a) for a in legal}):
            try:
                s.apply(bad)
            except IllegalAction:
                assert s.to_dict() == snapshot
            else:
                raise AssertionError(f"{bad!r} applied although not listed as legal")
        assert s.apply(action) == twin.apply(action)
        assert s.to_dict() == twin.to_dict()


def test_random_option_combinations_play_to_the_end():
    from bot.games.hurricane.options import CHOICES

    rng = random.Random(77)
    for game_no in range(16):
        options: dict[str, Any] = {name: rng.choice(values) for name, values in CHOICES.items()}
        options["preset"] = rng.choice(["standard", "open", "pairs"])
        options["target"] = rng.choice([1, 5, 16])
        options["double_below"] = rng.choice([0, 8])
        s = new_game("hurricane", seed=game_no, options=options)
        moves = 0
        while not s.is_over:
            legal = s.legal_actions()
            assert legal, s.to_dict()
            if moves % 7 == 0:
                snapshot = s.to_dict()
                check_cards_once(snapshot)
                assert load_game(snapshot).to_dict() == snapshot
            s.apply(legal[rng.randrange(len(legal))])
            moves += 1
        assert s.result()["winner"] in (0, 1)
