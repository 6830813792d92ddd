"""Random self-play under every option: invariants after every move (chips conserved, no hidden
card in any other seat's view or in any event), and exact continuation after save and load."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from bot.games import load_game, new_game
from bot.games.hurricane_poker import PokerState, timeout_action
from bot.games.hurricane_poker.cards import BY_LABEL, LABELS

CARD_LABELS = set(BY_LABEL)
QUOTED = re.compile(r'"([^"]*)"')
VARIANTS: list[dict[str, Any]] = [
    {},
    {"wild": "jokers", "declare": "yes"},
    {"wild": "deuces", "draw": "off", "stack": 10, "ante": 3},
    {"wild": "one_eyes", "declare": "yes", "stack": 12, "bet_max": 5, "raises": 5},
    {"ante": 0, "bet_max": 1, "raises": 0, "hands": 3},
    {"stack": 10, "ante": 10, "hands": 4},
]


def strings(data: Any) -> set[str]:
    """Every string (keys too) anywhere in JSON-ready ``data``."""
    return set(QUOTED.findall(json.dumps(data)))


def card_strings(data: Any) -> set[str]:
    return strings(data) & CARD_LABELS


def hidden_from(state: PokerState, seat: int | None) -> set[str]:
    """Cards ``seat`` may not know now: other hands, folded hands, the stock, the discards."""
    hidden = {LABELS[c] for c in state.stock} | {LABELS[c] for c in state.discards}
    for s, hand in enumerate(state.hands):
        if hand is not None and (s != seat or state.folded[s]):
            hidden |= {LABELS[c] for c in hand}
    return hidden


def check_secrecy(state: PokerState) -> None:
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        json.dumps(view)
        private = ("last_showdown", "options", "my_declaration")
        public = {k: v for k, v in view.items() if k not in private}
        seen = strings(public)
        leaked = seen & hidden_from(state, seat)
        assert not leaked, (seat, leaked)
        if seat is not None and state.live(seat):
            hand = state.hands[seat]
            assert hand is not None
            assert view["hand"] == [LABELS[c] for c in sorted(hand)]
        assert not {"high", "low", "both"} & seen, (seat, public)  # no declared side shows
        if seat is not None:
            assert view["my_declaration"] == state.declared[seat]


def check_events(before: PokerState, events: list[dict[str, Any]]) -> None:
    """Cards appear only in a showdown's ``shown``, which are the hands still in before it."""
    for event in events:
        if event["type"] == "showdown":
            shown = event["shown"]
            rest = {k: v for k, v in event.items() if k != "shown"}
            assert not card_strings(rest)
            for seat_text, cards in shown.items():
                seat = int(seat_text)
                assert before.live(seat)
                hand = before.hands[seat]
                assert hand is not None
                if not any(e["type"] == "draw" and e["player"] == seat for e in events):
                    assert cards == [LABELS[c] for c in sorted(hand)]
            for pot in event["pots"]:
                assert set(pot["shares"]) <= {str(s) for s in pot["eligible"]}
                assert sum(pot["shares"].values()) == pot["amount"]
        else:
            assert not card_strings(event), event


def run(seed: int, options: dict[str, Any], players: int, roundtrip_every: int = 0) -> int:
    rng = random.Random(seed)
    state = new_game("hurricane_poker", seed=seed, players=players, options=options)
    assert isinstance(state, PokerState)
    total = sum(state.chips) + sum(state.committed)
    moves = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal and len(set(map(str, legal))) == len(legal)
        assert timeout_action(state) in legal
        if roundtrip_every and moves % roundtrip_every == 0:
            copy = load_game(json.loads(json.dumps(state.to_dict())))
            assert copy.to_dict() == state.to_dict()
            assert [str(a) for a in copy.legal_actions()] == [str(a) for a in legal]
        before = state.clone()
        action = rng.choice(legal)
        events = state.apply(action)
        check_events(before, events)
        assert sum(state.chips) + sum(state.committed) == total
        assert all(c >= 0 for c in state.chips)
        check_secrecy(state)
        moves += 1
    assert sum(state.result()["scores"]) == total
    return moves


def test_random_games_keep_every_invariant():
    for i in range(24):
        options = VARIANTS[i % len(VARIANTS)]
        run(seed=1000 + i, options=options, players=2 + i % 7, roundtrip_every=7)


def test_save_and_load_continue_identically_mid_hand():
    for seed in range(12):
        options = VARIANTS[seed % len(VARIANTS)]
        state = new_game("hurricane_poker", seed=seed, players=2 + seed % 7, options=options)
        rng = random.Random(seed)
        for _ in range(rng.randrange(3, 40)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        copy = load_game(json.loads(json.dumps(state.to_dict())))
        clone = state.clone()
        choices = random.Random(seed + 1)
        while not state.is_over:
            action = choices.choice(state.legal_actions())
            expected = state.apply(action)
            assert copy.apply(str(action)) == expected
            assert clone.apply(action) == expected
            assert copy.to_dict() == state.to_dict() == clone.to_dict()
        assert copy.result() == state.result()


def test_same_seed_same_game():
    a = new_game("hurricane_poker", seed=99, players=5, options={"wild": "jokers"})
    b = new_game("hurricane_poker", seed=99, players=5, options={"wild": "jokers"})
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not a.is_over:
        assert a.apply(rng_a.choice(a.legal_actions())) == b.apply(rng_b.choice(b.legal_actions()))
    assert a.to_dict() == b.to_dict()
