"""Hurikan hard's worlds: the opponent's hand believed from its plays since the refill."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from bot.games import GameState, load_game, new_game
from bot.players.hurikan_normal import normal_text
from bot.players.hurikan_worlds import EXPERT_SURPRISE, Belief, hurikan_world, past_plays
from bot.players.hurricane_cards import VALUE, parse_play


def _sums(cards: Sequence[str]) -> set[int]:
    values = [VALUE[c] for c in cards]
    return {
        sum(v for i, v in enumerate(values) if mask >> i & 1) for mask in range(1, 1 << len(values))
    }


def _positions(seeds: range) -> list[tuple[GameState, dict]]:
    """Positions of normal against normal, the stock not empty, where the seat to move has seen its
    opponent (who holds cards) lay a card on a table since the refill (JSON views, as players
    get them)."""
    found = []
    for seed in seeds:
        state = new_game("hurikan", seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            player = state.current_player
            assert player is not None
            view = json.loads(json.dumps(state.view(player)))
            plays = past_plays(view)
            hidden = view["hand_sizes"][1 - player] and view["stock_count"]
            if hidden and plays and any(p.signature[1] == 0 and p.table for p in plays):
                found.append((state.clone(), view))
            state.apply(normal_text(view, rng), player)
    return found


def test_past_plays_replay_the_opponents_plays_since_the_refill() -> None:
    state = new_game("hurikan", seed=3)
    rng = random.Random(3)
    checked = 0
    while not state.is_over:
        player = state.current_player
        assert player is not None
        view = json.loads(json.dumps(state.view(player)))
        plays = past_plays(view)
        assert plays is not None
        history = view["history"]
        # the opponent's plays after the last moment both hands were full (the refill)
        opponent = [a for seat, a in history if seat != player]
        assert len(plays) <= len(opponent)
        if plays:
            recent = opponent[len(opponent) - len(plays) :]
            for play, text in zip(plays, recent, strict=True):
                parsed = parse_play(text)
                taken = VALUE[parsed.taken[0]] if parsed.taken else 0
                assert play.signature == (tuple(sorted(VALUE[c] for c in parsed.played)), taken)
            # each play holds the cards of its own and every later play of the packet
            assert list(plays[0].played) == [c for a in recent for c in parse_play(a).played]
            assert len(plays[0].played) + view["hand_sizes"][1 - player] in (2, 6)
            checked += 1
        state.apply(normal_text(view, rng), player)
    assert checked > 5


def test_no_belief_without_a_history_that_leads_to_the_view() -> None:
    state, view = _positions(range(1))[0]
    assert past_plays(view)
    assert past_plays({**view, "history": view["history"][:-1]}) is None
    assert past_plays({k: v for k, v in view.items() if k != "history"}) is None
    # a position stored before there was a history: worlds are then uniform
    data = state.to_dict()
    del data["history"]
    old = json.loads(json.dumps(load_game(data).view(view["seat"])))
    assert not Belief(old).informed
    assert hurikan_world(old, random.Random(1)).view(view["seat"])["hand"] == view["hand"]


def test_a_hand_that_would_have_taken_is_believed_less() -> None:
    for _state, view in _positions(range(3)):
        belief = Belief(view)
        assert belief.plays is not None
        lay = next(p for p in belief.plays if p.signature[1] == 0 and p.table)
        rng = random.Random(0)
        could, could_not = [], []
        for _ in range(300):
            hand = rng.sample(belief.unseen, belief.size)
            takes = _sums([*hand, *lay.played]) & {VALUE[c] for c in lay.table}
            (could if takes else could_not).append(belief.weight(hand))
        assert could and could_not
        assert max(could) < 0.5 * max(could_not)


def test_worlds_keep_the_view_and_follow_the_belief() -> None:
    positions = _positions(range(6))
    believed = uniform = 0
    for _state, view in positions:
        seat = view["seat"]
        belief = Belief(view)
        lay = next(p for p in belief.plays or () if p.signature[1] == 0 and p.table)
        targets = {VALUE[c] for c in lay.table}
        for i in range(20):
            world = hurikan_world(view, random.Random(i))
            mine = json.loads(json.dumps(world.view(seat)))
            assert {k: mine[k] for k in view} == view  # the seat's own picture is unchanged
            theirs = world.view(1 - seat)["hand"]
            assert len(theirs) == view["hand_sizes"][1 - seat]
            assert not set(theirs) & {*view["hand"], *view["table"], *sum(view["piles"], [])}
            believed += bool(_sums([*theirs, *lay.played]) & targets)
            sample = random.Random(i).sample(belief.unseen, belief.size)
            uniform += bool(_sums([*sample, *lay.played]) & targets)
    # normal lays only when it cannot take: few believed worlds say it could have
    assert believed < 0.5 * uniform


def test_expert_believes_less_firmly_that_the_opponent_played_as_normal() -> None:
    """A hand under which a play was not normal's choice weighs more under expert's surprise;
    one under which every play was normal's choice, less (the belief is flatter)."""
    for _state, view in _positions(range(3)):
        hard, expert = Belief(view), Belief(view, EXPERT_SURPRISE)
        rng = random.Random(0)
        hands = [rng.sample(hard.unseen, hard.size) for _ in range(200)]
        pairs = [(hard.weight(h), expert.weight(h)) for h in hands]
        most = max(w for w, _ in pairs)
        assert all(e < w for w, e in pairs if w == most)
        assert any(e > w for w, e in pairs if w < most)
        assert max(e for _, e in pairs) / min(e for _, e in pairs) < most / min(w for w, _ in pairs)
