"""Haggis notation, bad input and the play enumerator checked against brute force."""

from __future__ import annotations

import random

import pytest

from bot.games import haggis, registry
from bot.games.errors import IllegalAction, InvalidState
from bot.games.haggis import PlayAction
from bot.games.haggis.cards import FACE_MASK, LABELS, ids_of, mask_of, number_deck
from bot.games.haggis.combinations import analyse

from .test_haggis_support import load, position


def test_notation_round_trip() -> None:
    assert str(haggis.parse_action("10G 5G J")) == "5G 10G J"
    assert str(haggis.parse_action("q+j+5g =SET")) == "5G J Q =set"
    assert str(haggis.parse_action(" 3R 4R J Q   =seq2")) == "3R 4R J Q =seq2"
    assert str(haggis.parse_action("PASS")) == "pass"
    assert str(haggis.parse_action("bet 15")) == "bet 15"
    assert str(haggis.parse_action("give 2")) == "give 2"
    assert haggis.parse_action("J 5G") == haggis.parse_action("5G J")
    assert len({haggis.parse_action("5G J"), haggis.parse_action("J 5G")}) == 1
    assert str(registry.parse_action("haggis", "7R")) == "7R"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("7X", "not a Haggis card"),
        ("1R", "not a Haggis card"),
        ("bet 20", "0 \\(no bet\\), 15"),
        ("bet", "bet 0"),
        ("give x", "number"),
        ("pass now", "nothing after"),
        ("=set", "cards before"),
        ("5R =seq9", "not a reading"),
        ("5R 5R", "listed twice"),
        ("J J", "only one J"),
        ("bet ²", "number"),  # str.isdigit() accepts '²', int() does not
        ("give ²", "number"),
        ("5R =seq²", "not a reading"),
        ("5R =seq٣", "not a reading"),  # non-ASCII digits are not the notation
    ],
)
def test_malformed_actions_are_illegal(text: str, reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason):
        haggis.parse_action(text)


def test_illegal_actions_change_nothing() -> None:
    state = load([["5R", "6R", "7R", "J"], ["2O", "3O"]], trick=[(1, "4O")], bets=[None, 15])
    before = state.to_dict()
    for bad, reason in (
        ("8R", "do not hold 8R"),
        ("5R 6R 7R", "single card"),
        ("5R =seq1", "cannot be played as =seq1"),
        ("give 1", "no bombed trick"),
        ("bet 15", None),
        (42, "must be text"),
    ):
        if reason is None:
            state.clone().apply(bad, player=0)  # legal for seat 0 (checked on a copy)
            continue
        with pytest.raises(IllegalAction, match=reason):
            state.apply(bad)
        assert state.to_dict() == before
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply("2O", player=1)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply("5R", player=5)
    with pytest.raises(IllegalAction, match="a bet is final"):
        state.apply("bet 30", player=1)
    assert state.to_dict() == before


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"hands": [["5R", "5R"], ["2O"]]}, "5R is doubled"),
        ({"hands": [["5R"], ["5R"]]}, "5R is doubled"),
        ({"hands": [["5B"], ["2O"]]}, "not in a 2-player pack"),
        ({"hands": [["5R", "J"], ["2O"]], "piles": [["J", "J"], []]}, "must be 2 Js"),
        ({"haggis": ["2R"]}, "missing from the position"),
        ({"bets": [20, None]}, "bet must be null, 0, 15 or 30"),
        ({"trick": [{"player": 1, "play": "pass"}]}, "cannot start with a pass"),
        ({"trick": [{"player": 1, "play": "4O"}, {"player": 0, "play": "3O"}]}, "does not beat"),
        ({"out": [0]}, "still holds cards"),
        ({"hands": [["5R"], []]}, "no cards but is not listed"),
        ({"turn": 5}, "seat 0..1"),
        ({"options": {"target": 100}}, "250 \\| 350"),
        ({"hands": [["5R"], ["6R"], ["7R"], ["8R"]]}, "2 or 3 players"),
        ({"pending_give": 0}, "only with 3 players"),
        ({"over": "no"}, "'over' must be true or false"),
    ],
)
def test_invalid_positions(change: dict, reason: str) -> None:
    given = dict(change)
    data = position(given.pop("hands", [["5R"], ["2O"]]), piles=given.pop("piles", None))
    data.update(given)
    with pytest.raises(InvalidState, match=reason):
        haggis.load_game(data)


def test_view_and_to_dict_are_json_and_load_back() -> None:
    state = haggis.new_game(seed=9, players=3, options={"bomb_capture": "chooser"})
    data = state.to_dict()
    again = haggis.load_game(data)
    assert again.to_dict() == data
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.to_dict() == data  # clone is independent


def _brute_force(hand: int, suits: int, top: object | None) -> set[str]:
    ids = ids_of(hand)
    out: set[str] = set()
    for bits in range(1, 1 << len(ids)):
        mask = mask_of(ids[i] for i in range(len(ids)) if bits >> i & 1)
        reads = analyse(mask, suits)
        if not reads:
            continue
        if top is None:
            if len(reads) == 1:
                out.add(str(PlayAction(mask)))
            else:
                out.update(str(PlayAction(mask, c.code)) for c in reads)
        elif any(c.beats(top) for c in reads):  # type: ignore[arg-type]
            out.add(str(PlayAction(mask)))
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_enumerated_plays_match_brute_force(players: int) -> None:
    """Leads and follows generated by shape equal every subset of the hand that is legal."""
    from bot.games.haggis.plays import follow_plays

    rng = random.Random(players)
    for _ in range(12):
        deck = [LABELS[c] for c in number_deck(players)]
        rng.shuffle(deck)
        mine = deck[: rng.randint(4, 9)] + rng.sample(["J", "Q", "K"], rng.randint(0, 3))
        others = [[deck[20]], [deck[21]]][: players - 1]
        state = load([mine, *others])
        hand = state.hands[0]
        plays = {str(a) for a in state.legal_actions() if not str(a).startswith("bet")}
        assert plays == _brute_force(hand, state.suits, None)
        tops = sorted({c for m in _masks(hand) for c in analyse(m, state.suits)}, key=repr)
        for top in rng.sample(tops, min(6, len(tops))):
            found = {str(PlayAction(m)) for m in follow_plays(hand, state.suits, top)}
            assert found == _brute_force(hand, state.suits, top)


def _masks(hand: int) -> list[int]:
    ids = ids_of(hand)
    return [mask_of(ids[i] for i in range(len(ids)) if b >> i & 1) for b in range(1, 1 << len(ids))]


def test_full_hand_lead_lists_each_play_once() -> None:
    state = haggis.new_game(seed=21, players=3)
    actions = state.legal_actions()
    texts = [str(a) for a in actions]
    assert len(texts) == len(set(texts)) > 200
    hand = state.hands[state.current_player]  # type: ignore[index]
    assert hand & FACE_MASK == FACE_MASK
    for action in random.Random(1).sample(actions, 30):
        parsed = haggis.parse_action(str(action))
        assert parsed == action
        state.clone().apply(parsed)
