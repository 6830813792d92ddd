"""The view-only public API (docs/engine-api.md): ``describe``, ``selection_plays``,
``readings_of``, ``determinise``, ``card_value`` and the TypedDicts of views and events.

Each answer computed from a view is checked against what the engine itself does with the full
state, over positions from random play, so the two cannot drift apart."""

from __future__ import annotations

import json
import random
from typing import Any, get_args, get_type_hints

import pytest

from bot.games import (
    HaggisKind,
    IllegalAction,
    Reading,
    card_value,
    describe,
    determinise,
    load_game,
    new_game,
    readings_of,
    selection_plays,
)
from bot.games import types as t
from tests.games.test_hurricane_helpers import position

SETUPS: list[tuple[str, int | None, dict[str, Any]]] = [
    ("hurricane", None, {"preset": "standard"}),
    ("hurricane", None, {"preset": "open"}),
    ("hurricane", None, {"preset": "pairs", "last_play_sweep": "yes"}),
    ("hurricane", None, {"after_sweep": "opponent_lays_hand", "trail": "free"}),
    ("hurikan", None, {}),
    ("haggis", 2, {}),
    ("haggis", 3, {"bomb_capture": "chooser"}),
]
VIEWS = {"hurricane": t.HurricaneView, "hurikan": t.HurikanView, "haggis": t.HaggisView}
EVENTS = {"hurricane": t.HurricaneEvent, "hurikan": t.HurikanEvent, "haggis": t.HaggisEvent}


def _positions(name: str, players: int | None, options: dict[str, Any], moves: int) -> list[Any]:
    """States met in one random game (every few moves), up to ``moves`` moves."""
    rng = random.Random(11)
    state = new_game(name, seed=5, players=players, options=options)
    found = []
    for i in range(moves):
        if state.is_over:
            break
        if i % 3 == 0:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return found


def _keys_fit(data: dict[str, Any], typed: Any) -> None:
    required, optional = typed.__required_keys__, typed.__optional_keys__
    assert required <= set(data) <= required | optional, (typed.__name__, set(data) ^ required)


def _event_type(union: Any, kind: str) -> Any:
    for typed in get_args(union):
        if get_args(get_type_hints(typed)["type"]) == (kind,):
            return typed
    raise AssertionError(f"no TypedDict for event {kind}")


@pytest.mark.parametrize(("name", "players", "options"), SETUPS)
def test_views_and_events_have_the_typed_keys(name, players, options) -> None:
    rng = random.Random(3)
    state = new_game(name, seed=8, players=players, options=options)
    for _ in range(400):
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            _keys_fit(view, VIEWS[name])
            json.dumps(view)
        if state.is_over:
            break
        legal = state.legal_actions()
        for event in state.apply(legal[rng.randrange(len(legal))]):
            _keys_fit(event, _event_type(EVENTS[name], event["type"]))
            if "combination" in event:
                _keys_fit(event["combination"], t.HaggisCombination)


# ---------------------------------------------------------------- describe, against the engine
@pytest.mark.parametrize(("name", "players", "options"), SETUPS)
def test_describe_agrees_with_what_the_engine_does(name, players, options) -> None:
    for state in _positions(name, players, options, 150):
        seat = state.current_player
        view = state.view(seat)
        for action in state.legal_actions(seat):
            move = describe(name, view, action)
            events = state.clone().apply(action, seat)
            kinds = {e["type"] for e in events}
            if name == "hurricane":
                done = "flip" if events[0]["type"] == "flip" else events[1]["type"]
                assert move["kind"] == done
                assert move["hurricane"] == ("sweep" in kinds), (view, str(action))
                if move["kind"] == "capture":
                    assert move["captured"] == events[1]["captured"]
                if move["kind"] == "trail":
                    assert move["forced"] == all(
                        str(a) == str(action) or not str(a).startswith(str(action) + ":")
                        for a in state.legal_actions(seat)
                    )
            elif name == "hurikan":
                assert move["kind"] == ("take" if "capture" in kinds else "lay")
                assert move["cards"] == events[0]["cards"]
                assert move["sum"] == sum(card_value(c) for c in move["cards"])
            else:
                play = [e for e in events if e["type"] == "play"]
                if play:
                    assert move["kind"] == "play" and not move["needs_reading"]
                    assert move["combination"] == play[0]["combination"]
                    assert move["beats"] == (view["top"] is not None)
                    assert move["cards"] == play[0]["cards"]
                else:
                    assert move["kind"] == str(action).split()[0]


def test_describe_hurricane_h10_h11_from_the_view() -> None:
    table = ["3C", "4D"]
    s = load_game(position([["7H", "KS"], ["QD"]], table))
    move = describe("hurricane", s.view(0), "7H:3C+4D")
    assert move["kind"] == "capture" and move["hurricane"] and not move["last_play"]
    assert move["captured"] == ["3C", "4D"] and "hurricane" in move["reason"]
    trail = describe("hurricane", s.view(0), "KS")
    assert trail["forced"] and "nothing on the table takes a 10" in trail["reason"]
    illegal = describe("hurricane", s.view(0), "7H")
    assert not illegal["forced"] and "H-7" in illegal["reason"]
    # the last card of the deal clears the table without a hurricane (H-11) ...
    last = load_game(position([["7H"], []], table, turn=0))
    move = describe("hurricane", last.view(0), "7H:3C+4D")
    assert move["last_play"] and not move["hurricane"] and "H-11" in move["reason"]
    # ... unless last_play_sweep=yes
    yes = load_game(position([["7H"], []], table, turn=0, options={"last_play_sweep": "yes"}))
    assert describe("hurricane", yes.view(0), "7H:3C+4D")["hurricane"]


def test_describe_hurricane_flip_must_be_played() -> None:
    hands = [{"open": [], "down": ["7H", "KS"]}, {"open": ["QD"], "down": []}]
    s = load_game(position(hands, ["3C"], options={"preset": "open"}))
    move = describe("hurricane", s.view(0), "flip 1")
    assert move["kind"] == "flip" and move["index"] == 1 and move["forced"] and move["card"] is None


def test_describe_hurikan() -> None:
    s = load_game(position([["4S", "2H", "5D"], ["3H"]], ["6C"], game="hurikan"))
    move = describe("hurikan", s.view(0), "4S+2H:6C")
    assert move == {
        "kind": "take",
        "cards": ["2H", "4S"],
        "taken": "6C",
        "sum": 6,
        "opening": False,
        "reason": "2H+4S (6) take 6C (6)",
    }
    assert describe("hurikan", s.view(0), "5D")["kind"] == "lay"
    assert card_value("KC") == 10 and card_value("ah") == 1
    with pytest.raises(IllegalAction):
        card_value("8H")


def _haggis(hands: list[list[str]], **kw: Any) -> Any:
    from tests.games.test_haggis_support import load

    return load(hands, **kw)


def test_describe_haggis_words_and_beats() -> None:
    s = _haggis([["5R", "5O", "J", "9G", "10G", "Q"], ["4R", "4O", "K"]], turn=1)
    s.apply("4R 4O")
    view = s.view(0)
    move = describe("haggis", view, "5R 5O")
    assert move["combination"] is not None and move["combination"]["text"] == "a pair of 5s"
    assert move["beats"] and move["to_beat"]["text"] == "a pair of 4s"  # type: ignore[index]
    assert move["reason"] == "a pair of 5s, beats a pair of 4s"
    assert describe("haggis", view, "J Q")["combination"]["text"] == "a J-Q bomb"  # type: ignore[index]
    assert describe("haggis", view, "J Q")["combination"]["bomb_level"] == 2  # type: ignore[index]
    lead = _haggis([["5R", "5O", "J", "9G", "10G", "Q"], ["4R"]]).view(0)
    assert describe("haggis", lead, "5R 5O J")["combination"]["text"] == "three 5s"  # type: ignore[index]
    assert describe("haggis", lead, "9G 10G J")["reason"] == "leads a sequence 9-10-J"
    ask = describe("haggis", lead, "5R J Q")
    assert ask["needs_reading"] and ask["combination"] is None
    assert [r["text"] for r in ask["readings"]] == ["three 5s", "a sequence 5-6-7"]
    declared = describe("haggis", lead, "5R J Q =seq1")["combination"]
    assert declared is not None and declared["text"] == "a sequence 5-6-7"
    assert describe("haggis", lead, "bet 15")["amount"] == 15
    assert describe("haggis", lead, "pass")["kind"] == "pass"


# ---------------------------------------------------------------- selections
def test_readings_of_is_public_and_typed() -> None:
    found = readings_of(["5G", "J", "Q"])
    assert [r.text for r in found] == ["three 5s", "a sequence 5-6-7"]
    assert found[0].kind is HaggisKind.SET and found[1].kind is HaggisKind.SEQ
    assert found[1].length == 3 and found[1].width == 1 and found[1].reading == "seq1"
    bomb = readings_of(["J", "Q"])[0]
    assert bomb.is_bomb and bomb.bomb_level == 2 and bomb.text == "a J-Q bomb"
    assert bomb.beats(found[0]) and not found[0].beats(bomb)
    assert Reading.from_dict(bomb.to_dict()) == bomb
    assert readings_of(["3R", "5O", "7Y"]) == []
    assert len(readings_of(["2R", "2O", "3R", "3O"], players=2)) == 1
    with pytest.raises(IllegalAction):
        readings_of(["5X"])


def test_selection_plays_gives_legal_readings_or_the_engines_reason() -> None:
    s = _haggis([["5R", "5O", "J", "9G", "10G", "Q"], ["4R", "4O", "K"]])
    lead = selection_plays("haggis", s.view(0), ["5R", "J", "Q"])
    assert lead.legal and lead.ask_reading and lead.played_as is None
    assert set(lead.plays) == {str(a) for a in s.legal_actions(0) if str(a).startswith("5R J Q")}
    s.apply("5R 5O")
    view = s.view(1)
    follow = selection_plays("haggis", view, ["4R", "4O"])
    assert not follow.legal and follow.to_beat is not None
    with pytest.raises(IllegalAction) as refused:
        s.clone().apply("4R 4O")
    assert follow.reason == str(refused.value)
    bomb = selection_plays("haggis", view, ["K", "4R"])
    assert not bomb.legal and bomb.reason
    waiting = selection_plays("haggis", s.view(0), ["J", "Q"])
    assert not waiting.legal and "not your turn" in (waiting.reason or "")


@pytest.mark.parametrize("players", [2, 3])
def test_selection_plays_agrees_with_legal_actions(players: int) -> None:
    for state in _positions("haggis", players, {}, 60):
        seat = state.current_player
        view = state.view(seat)
        legal = [str(a) for a in state.legal_actions(seat)]
        plays = [a for a in legal if a.split()[0] not in ("pass", "bet", "give")]
        for text in plays[:40]:
            cards = text.split(" =")[0].split()
            sel = selection_plays("haggis", view, cards)
            same = {a for a in plays if a.split(" =")[0].split() == cards}
            assert set(sel.plays) == same, (text, sel)


# ---------------------------------------------------------------- determinise
def _hidden_swapped(state: Any, seat: int) -> Any:
    """The same position with the cards ``seat`` cannot see dealt differently."""
    data = state.to_dict()
    rng = random.Random(99)
    if data["game"] == "haggis":
        faces = {"J", "Q", "K"}
        hidden = [c for s, h in enumerate(data["hands"]) if s != seat for c in h if c not in faces]
        hidden += data["haggis"]
        rng.shuffle(hidden)
        for s, hand in enumerate(data["hands"]):
            if s != seat:
                keep = [c for c in hand if c in faces]
                data["hands"][s] = hidden[: len(hand) - len(keep)] + keep
                hidden = hidden[len(hand) - len(keep) :]
        data["haggis"] = hidden
        return load_game(data)
    hidden = [c for s, h in enumerate(data["hands"]) if s != seat for c in h] + data["stock"]
    rng.shuffle(hidden)
    for s, hand in enumerate(data["hands"]):
        if s != seat:
            data["hands"][s], hidden = hidden[: len(hand)], hidden[len(hand) :]
    data["stock"] = hidden
    return load_game(data)


@pytest.mark.parametrize(
    ("name", "players", "options"), [s for s in SETUPS if s[2].get("preset") != "open"]
)
def test_determinise_uses_the_view_only(name, players, options) -> None:
    for state in _positions(name, players, options, 40)[1:4]:
        seat = state.current_player
        view = state.view(seat)
        world = determinise(name, view, random.Random(4))
        assert world.view(seat) == view
        other = _hidden_swapped(state, seat)
        assert other.view(seat) == view
        again = determinise(name, other.view(seat), random.Random(4))
        assert again.to_dict() == world.to_dict()  # nothing hidden reached the sample
        legal = world.legal_actions(seat)
        assert {str(a) for a in legal} == {str(a) for a in state.legal_actions(seat)}


def test_determinise_open_preset_keeps_open_cards() -> None:
    state = new_game("hurricane", seed=3, options={"preset": "open"})
    view = state.view(state.current_player)
    world = determinise("hurricane", view, random.Random(1))
    assert world.view(state.current_player) == view


@pytest.mark.parametrize("players", [2, 3])
def test_round_only_worlds_stop_when_the_round_is_scored(players: int) -> None:
    """The same world as without ``round_only`` until the round is scored; then nobody is to
    move and nothing is dealt, unless the round ended the game."""
    state = new_game("haggis", seed=5, players=players)
    seat = state.current_player
    view = state.view(seat)
    world = determinise("haggis", view, random.Random(4), round_only=True)
    full = determinise("haggis", view, random.Random(4))
    assert world.to_dict() == full.to_dict()
    play = random.Random(players)
    while True:
        mover = world.current_player
        assert mover == full.current_player
        legal = world.legal_actions(mover)
        action = str(legal[play.randrange(len(legal))])
        events, full_events = world.apply(action, mover), full.apply(action, mover)
        if any(e["type"] == "round_scored" for e in events):
            break
        assert events == full_events
    assert events[-1]["type"] == "round_scored"
    assert full_events[: len(events)] == events  # the same round, then the full world deals
    assert len(full_events) == len(events) + 1 and full.current_player is not None
    assert world.current_player is None and not world.is_over
    assert world.legal_actions(seat) == []
    # a round that ends the game still ends it
    near = state.to_dict()
    near["scores"] = [249] * players
    ending = load_game(near)
    last = determinise("haggis", ending.view(seat), random.Random(4), round_only=True)
    while last.current_player is not None:
        last.apply(last.legal_actions(last.current_player)[0], last.current_player)
    assert last.is_over and last.winner is not None
    with pytest.raises(ValueError, match="round_only worlds are for haggis"):
        determinise(
            "hurikan", new_game("hurikan", seed=1).view(0), random.Random(1), round_only=True
        )


def test_wrong_game_or_view_is_refused() -> None:
    view = new_game("hurikan", seed=1).view(0)
    with pytest.raises(IllegalAction, match="not a hurricane view"):
        describe("hurricane", view, "7H")
    with pytest.raises(ValueError, match="Unknown game"):
        describe("chess", view, "7H")
    with pytest.raises(IllegalAction):
        describe("hurikan", view, "garbage!")
    poker = new_game("hurricane_poker", seed=1)
    with pytest.raises(ValueError, match="selection_plays is for haggis"):
        selection_plays("hurricane_poker", poker.view(0), ["AS"])
    with pytest.raises(IllegalAction):
        describe("hurricane_poker", poker.view(0), "raise lots")
