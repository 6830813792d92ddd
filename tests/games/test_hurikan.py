"""Hurikan rules K-1..K-5 (RULES.md Part 2), from positions built with load_game."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction, InvalidState, load_game, new_game, parse_action
from tests.games.test_hurricane_helpers import legal, one, position


def hk(hands, table=(), **kw):
    return position(hands, table, game="hurikan", **kw)


# ---------------------------------------------------------------- K-1
def test_k1_six_cards_each_no_table_stock_face_down():
    s = new_game("hurikan", seed=3)
    v = s.view(None)
    assert v["hand_sizes"] == [6, 6] and v["table"] == [] and v["stock_count"] == 28
    assert v["hand"] is None and s.options == {"preset": "hurikan"}
    d = s.to_dict()
    cards = d["hands"][0] + d["hands"][1] + d["stock"]
    assert len(set(cards)) == 40


def test_k1_same_values_as_hurricane():
    s = load_game(hk([["KS", "2H"], ["5D"]], ["QC"], rest=0))
    assert "KS" in legal(s) and "2H+KS" in legal(s)
    s2 = load_game(hk([["6S", "3H", "AC"], ["5D"]], ["KC"], rest=0))
    assert "AC+3H+6S:KC" in legal(s2)  # 1 + 3 + 6 = K (10)


# ---------------------------------------------------------------- K-2
def test_k2_dealers_left_opens_with_one_to_three_cards():
    s = new_game("hurikan", seed=4)
    assert s.current_player == 1 - s.to_dict()["dealer"]
    acts = legal(s)
    assert len(acts) == 6 + 15 + 20 and all(":" not in a for a in acts)
    hand = s.view(s.current_player)["hand"]
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="opening lays 1, 2 or 3 cards"):
        s.apply("+".join(hand[:4]))
    assert s.to_dict() == before
    events = s.apply("+".join(hand[:3]))
    assert one(events, "trail")["cards"] == hand[:3]
    assert s.view(None)["table"] == hand[:3]


# ---------------------------------------------------------------- K-3
def test_k3_take_one_card_with_an_exact_sum_or_lay():
    s = load_game(hk([["4S", "2H", "6H", "3D"], ["5D"]], ["6C", "QD"], rest=0))
    takes = {a for a in legal(s) if ":" in a}
    assert takes == {"2H+4S:6C", "6H:6C", "3D+6H:QD", "2H+3D+4S:QD"}
    lays = {a for a in legal(s) if ":" not in a}
    assert len(lays) == 15  # laying is always allowed: taking is never forced
    before = s.to_dict()["piles"][0]
    events = s.apply("4S+2H:6C")
    assert one(events, "capture") == {
        "type": "capture",
        "seat": 0,
        "cards": ["2H", "4S"],
        "captured": ["6C"],
    }
    d = s.to_dict()
    assert sorted(d["piles"][0]) == sorted([*before, "2H", "4S", "6C"])
    assert d["table"] == ["QD"] and d["hands"][0] == ["3D", "6H"]


def test_k3_wrong_sum_is_refused():
    s = load_game(hk([["4S", "2H"], ["5D"]], ["QD"], rest=0))
    before = s.to_dict()
    with pytest.raises(IllegalAction, match=r"2H\+4S cannot take QD: they add up to 6, not 9"):
        s.apply("4S+2H:QD")
    with pytest.raises(IllegalAction, match="not on the table"):
        s.apply("4S+2H:6C")
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply("5D")
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply("5D", player=1)
    assert s.to_dict() == before


# ---------------------------------------------------------------- K-4
def test_k4_refill_six_each_when_both_hands_are_empty():
    s = load_game(hk([["2H"], ["3H"]], ["KC"], rest="stock"))
    s.apply("2H")
    events = s.apply("3H")
    deal = one(events, "deal")
    assert deal["refill"] and deal["hand_sizes"] == [6, 6]
    assert s.current_player == 0


def test_k4_refill_packets_go_to_the_non_dealer_first_whoever_leads():
    # seat 1 deals, plays first and seat 0 plays last: seat 1 leads the new round, but the top
    # six cards of the stock go to seat 0, the non-dealer
    top = ["AD", "AC", "AS", "2D", "2C", "2S"]
    nxt = ["3D", "3C", "3S", "4H", "4D", "4C"]
    s = load_game(hk([["2H"], ["3H"]], ["KC"], stock=top + nxt, rest="stock", dealer=1, turn=1))
    s.apply("3H")
    s.apply("2H")
    assert s.current_player == 1
    assert s.to_dict()["hands"] == [top, nxt]


def test_k4_last_refill_is_two_each():
    stock = ["AH", "AD", "AC", "AS"]
    s = load_game(hk([["2H"], ["3H"]], ["KC"], stock=stock, rest=0))
    s.apply("2H")
    s.apply("3H")
    assert s.view(0)["hand_sizes"] == [2, 2] and s.view(0)["stock_count"] == 0


def test_k4_empty_hand_is_skipped():
    s = load_game(hk([["2H", "3D"], []], ["KC"], rest="stock"))
    s.apply("2H")
    assert s.current_player == 0
    assert s.legal_actions(1) == []


# ---------------------------------------------------------------- K-5
def test_k5_game_ends_and_pile_values_decide():
    p0 = ["KH", "KD", "KC", "QH"]  # 39
    s = load_game(hk([["2H"], []], ["5S"], piles=[p0, []], rest=1))
    events = s.apply("2H")
    scored = one(events, "deal_scored")
    # the whole pack is worth 220; the table (5S, 2H = 7) counts for nobody
    assert scored["points"] == [39, 220 - 39 - 7]
    assert sorted(scored["table_left"]) == ["2H", "5S"]
    over = one(events, "game_over")
    assert over["winner"] == 1 and s.is_over and s.current_player is None
    assert s.result() == {"winner": 1, "double": False, "scores": [39, 174], "over": True}


def test_k5_equal_totals_are_a_draw():
    # 2H is laid onto 4S at the end: 6 points count for nobody, 214 are shared 107 / 107
    others = [c for c in _all() if c not in ("2H", "4S")]
    p0 = _subset_with_sum(others, 107)
    p1 = [c for c in others if c not in p0]
    s = load_game(hk([["2H"], []], ["4S"], piles=[p0, p1], rest=0))
    events = s.apply("2H")
    assert one(events, "deal_scored")["points"] == [107, 107]
    assert s.result()["winner"] is None and one(events, "game_over")["winner"] is None


def _subset_with_sum(cards: list[str], total: int) -> list[str]:
    reach: dict[int, list[str]] = {0: []}
    for c in cards:
        for s, chosen in list(reach.items()):
            reach.setdefault(s + _value(c), [*chosen, c])
    return reach[total]


def _all() -> list[str]:
    from tests.games.test_hurricane_helpers import ALL_CARDS

    return list(ALL_CARDS)


def _value(card: str) -> int:
    return "A234567JQK".index(card[0]) + 1


# ---------------------------------------------------------------- notation and positions
def test_hurikan_notation():
    assert str(parse_action("hurikan", "4S+2H:6C")) == "2H+4S:6C"
    assert str(parse_action("hurikan", "KC 2H+5D")) == "2H+5D+KC"
    for bad, reason in [
        ("", "empty"),
        ("2H+2H", "twice"),
        ("2H:", "one table card"),
        ("9Z", "not a card"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            parse_action("hurikan", bad)
    with pytest.raises(IllegalAction, match="one table card"):
        parse_action("hurikan", "2H:5C+3D")


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "2H+5D"),  # Hurikan notation, not Hurricane's 7H:3C+4D
        ("+", "2H+5D"),
        ("+:6C", "4S+2H:6C"),
        (None, "2H+5D"),
    ],
)
def test_hurikan_malformed_actions_explain_hurikan_notation(text, hint):
    with pytest.raises(IllegalAction) as err:
        parse_action("hurikan", text)
    message = str(err.value)
    assert hint in message and "7H:3C+4D" not in message and "after ':'" not in message


def test_hurikan_bad_options_and_positions():
    with pytest.raises(ValueError, match="Hurikan has no options"):
        new_game("hurikan", seed=1, options={"target": 3})
    with pytest.raises(ValueError, match="2 players"):
        new_game("hurikan", seed=1, players=3)
    data = hk([["2H"], ["3H"]], ["KC"], rest="stock")
    data["stock"].pop()
    with pytest.raises(InvalidState, match="missing cards"):
        load_game(data)
    with pytest.raises(InvalidState, match="no options"):
        load_game({**hk([["2H"], ["3H"]], ["KC"], rest="stock"), "options": {"target": 3}})


def _reference_actions(state) -> list[str]:  # type: ignore[no-untyped-def]
    """The plain enumeration the engine's mask tables replace: every subset of the hand in
    binary-counting order as a lay, then per table card the subsets summing to its value."""
    from bot.games.hurricane.cards import NAMES, VALUE

    hand = state.hands[state.turn]
    subsets: list[tuple[int, ...]] = [()]
    for c in hand:
        subsets += [s + (c,) for s in subsets]
    subsets = subsets[1:]
    if state.opening:
        return ["+".join(NAMES[c] for c in s) for s in subsets if len(s) <= 3]
    out = ["+".join(NAMES[c] for c in s) for s in subsets]
    for t in state.table:
        out += [
            "+".join(NAMES[c] for c in s) + ":" + NAMES[t]
            for s in subsets
            if sum(VALUE[c] for c in s) == VALUE[t]
        ]
    return out


def test_legal_actions_equal_a_plain_enumeration_same_order_and_apply_back() -> None:
    """Actions built from hand masks: same actions, same order, equal and hashed by text."""
    import random

    for g in range(15):
        rng = random.Random(g)
        state = new_game("hurikan", seed=g)
        while not state.is_over:
            legal = state.legal_actions()
            texts = [str(a) for a in legal]
            assert texts == _reference_actions(state)
            for a in legal[:5]:
                parsed = parse_action("hurikan", str(a))
                assert parsed == a and hash(parsed) == hash(a) and a in set(legal)
            pick = legal[rng.randrange(len(legal))]
            if rng.random() < 0.3:
                pick = parse_action("hurikan", str(pick))  # the text path applies the same
            state.apply(pick)
