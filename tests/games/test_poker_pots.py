"""Side pots and their split (P-4, P-10, P-11) as properties: every chip is paid out, no pot pays
a seat that did not contribute to it, odd chips go where P-10 says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import new_game
from bot.games.hurricane_poker import PokerState
from bot.games.hurricane_poker.pots import Pot, build_pots, distribute, split_pot, uncalled


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[int], list[bool], list[int], list[int], list[str]]:
    n = draw(st.integers(2, 8))
    committed = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    live = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if not any(live[s] and committed[s] for s in range(n)):
        live[0] = True
        committed[0] = max(committed[0], 1)
    highs = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    lows = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    sides = draw(st.lists(st.sampled_from(["high", "low", "both"]), min_size=n, max_size=n))
    return committed, live, highs, lows, sides


@settings(max_examples=300, deadline=None)
@given(tables(), st.booleans(), st.integers(0, 7))
def test_pots_pay_every_chip_only_to_contributors(table, declare, dealer):
    committed, live, highs, lows, sides = table
    n = len(committed)
    seat, back = uncalled(committed)
    paid_in = list(committed)
    if back:
        paid_in[seat] -= back
        assert paid_in[seat] == max(c for s, c in enumerate(paid_in) if s != seat)
    pots = build_pots(paid_in, live)
    assert sum(p.amount for p in pots) == sum(paid_in)
    order = [(dealer % n + 1 + i) % n for i in range(n)]
    previous = 0
    for pot in pots:
        level = min(paid_in[s] for s in pot.eligible)
        assert level > previous
        for s in range(n):
            contributed = paid_in[s] > previous
            assert (s in pot.eligible) == (live[s] and paid_in[s] >= level)
            if s in pot.eligible:
                assert contributed
        previous = level
        split_pot(pot, highs, lows, order, sides if declare else None)
        assert sum(pot.shares.values()) == pot.amount
        assert set(pot.shares) <= set(pot.eligible)
        assert all(chips > 0 for chips in pot.shares.values())


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 101), st.lists(st.integers(0, 7), min_size=2, max_size=8, unique=True))
def test_cards_speak_odd_chip_goes_to_high(amount, seats):
    high_seat, low_seat = seats[0], seats[1]
    n = 8
    highs = [0] * n
    lows = [0] * n
    highs[high_seat] = 9
    lows[low_seat] = 9
    pot = Pot(amount, sorted(seats))
    split_pot(pot, highs, lows, list(range(n)))
    assert pot.high == [high_seat] and pot.low == [low_seat]
    assert pot.shares.get(high_seat, 0) - pot.shares.get(low_seat, 0) == amount % 2


@given(st.integers(0, 50), st.lists(st.integers(0, 7), min_size=1, max_size=8, unique=True))
def test_leftover_chips_go_one_at_a_time_from_the_dealers_left(amount, winners):
    order = [3, 4, 5, 6, 7, 0, 1, 2]  # dealer 2
    shares = distribute(amount, winners, order)
    assert sum(shares.values()) == amount
    ranked = sorted(winners, key=order.index)
    got = [shares.get(s, 0) for s in ranked]
    assert got == sorted(got, reverse=True) and max(got) - min(got) <= 1


def test_a_classic_three_way_all_in():
    # A all-in for 10, B for 30, C covers with 50 (20 of it uncalled)
    committed = [10, 30, 50]
    seat, back = uncalled(committed)
    assert (seat, back) == (2, 20)
    pots = build_pots([10, 30, 30], [True, True, True])
    assert [(p.amount, p.eligible) for p in pots] == [(30, [0, 1, 2]), (40, [1, 2])]
    folded = build_pots([10, 30, 30], [True, False, True])
    assert [(p.amount, p.eligible) for p in folded] == [(30, [0, 2]), (40, [2])]


# ----------------------------------------------------------------- whole hands, random play

SMALL = st.fixed_dictionaries(
    {
        "stack": st.integers(10, 20),
        "ante": st.integers(0, 4),
        "bet_max": st.integers(1, 6),
        "raises": st.integers(0, 3),
        "declare": st.sampled_from(["no", "yes"]),
        "draw": st.sampled_from(["on", "off"]),
        "wild": st.sampled_from(["none", "jokers", "deuces", "one_eyes"]),
        "hands": st.integers(1, 6),
    }
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(2, 8), SMALL, st.randoms(use_true_random=False))
def test_random_hands_conserve_chips_and_pay_only_contributors(seed, players, options, rnd):
    state = new_game("hurricane_poker", seed=seed, players=players, options=options)
    assert isinstance(state, PokerState)
    total = options["stack"] * players
    while not state.is_over:
        committed = list(state.committed)
        folded = list(state.folded)
        events = state.apply(rnd.choice(state.legal_actions()))
        for event in events:
            if event["type"] == "bet":
                committed[event["player"]] += event["chips"]
            elif event["type"] == "fold":
                folded[event["player"]] = True
            elif event["type"] == "uncalled":
                committed[event["player"]] -= event["chips"]
            elif event["type"] == "showdown":
                assert sum(p["amount"] for p in event["pots"]) == sum(committed)
                level = 0
                for pot in event["pots"]:
                    level = min(committed[s] for s in pot["eligible"])
                    for seat in map(int, pot["shares"]):
                        assert not folded[seat] and committed[seat] >= level
                assert sum(event["chips"]) == total
                committed = [0] * players
                folded = [False] * players
            elif event["type"] == "deal":
                committed = list(event["antes"])
        assert sum(state.chips) + sum(state.committed) == total
        assert committed == state.committed or state.is_over
