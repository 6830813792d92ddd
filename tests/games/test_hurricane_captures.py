"""Capture enumeration on crowded tables and the Capture action's semantics.

The engine builds captures as bitmasks and ``(card, mask)`` tuples for speed; these tests check
the result against a plain subset search, and that a Capture still behaves as an ``Action``:
equal and hashed by its canonical text only.
"""

from __future__ import annotations

import copy
import operator
import pickle
import random
from itertools import combinations

import pytest

from bot.games import IllegalAction, load_game, parse_action
from bot.games.hurricane.actions import Capture, Take, Trail
from bot.games.hurricane.captures import TableSums, set_cards, set_mask
from bot.games.hurricane.cards import INDEX, NAMES, VALUE
from tests.games.test_hurricane_helpers import position

OPTIONS = [
    {"precedence": p, "trail": t, "min_cards": m}
    for p in ("equal_first", "free")
    for t in ("only_if_no_capture", "free")
    for m in ("off", "on")
]


def expected_actions(hand: list[str], table: list[str], options: dict[str, str]) -> list[str]:
    """Every legal play by a plain search over all table subsets (H-4..H-8)."""
    out: list[str] = []
    for card in hand:
        v = VALUE[INDEX[card]]
        equal = [t for t in table if VALUE[INDEX[t]] == v]
        caps = [[t] for t in equal]
        if not (equal and options["precedence"] == "equal_first"):
            sums = [
                list(s)
                for k in range(2, len(table) + 1)
                for s in combinations(table, k)
                if sum(VALUE[INDEX[t]] for t in s) == v
            ]
            if sums and options["min_cards"] == "on":
                fewest = min(len(s) for s in sums)
                sums = [s for s in sums if len(s) == fewest]
            caps += sums
        out += [card + ":" + "+".join(sorted(s, key=INDEX.__getitem__)) for s in caps]
        if options["trail"] == "free" or not caps:
            out.append(card)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_crowded_table_captures_match_a_plain_subset_search(seed):
    rng = random.Random(seed)
    cards = list(NAMES)
    rng.shuffle(cards)
    hand = sorted(cards[:6], key=INDEX.__getitem__)
    table = cards[6 : 6 + rng.randint(9, 13)]  # over 8 cards: the grouped search
    for options in OPTIONS:
        state = load_game(position([hand, cards[-6:]], table, options=options))
        got = [str(a) for a in state.legal_actions()]
        assert len(set(got)) == len(got)
        assert sorted(got) == sorted(expected_actions(hand, table, options)), options


def count_sums(values: list[int], target: int) -> int:
    """How many sets of the given card values add up to ``target`` (counting by value sums)."""
    ways = [1] + [0] * target
    for v in values:
        for s in range(target, v - 1, -1):
            ways[s] += ways[s - v]
    return ways[target]


def test_extreme_table_lists_every_capture_once():
    """All 28 low cards on the table, four kings and two queens in hand, trail=free."""
    low = [n for n in NAMES if VALUE[INDEX[n]] <= 7]
    hand = ["KH", "KD", "KC", "KS", "QH", "QD"]
    state = load_game(
        position([hand, ["QC", "QS", "JH", "JD", "JC", "JS"]], low, options={"trail": "free"})
    )
    legal = state.legal_actions()
    texts = [str(a) for a in legal]
    values = [VALUE[INDEX[n]] for n in low]
    assert len(texts) == 4 * count_sums(values, 10) + 2 * count_sums(values, 9) + 6
    assert len(set(texts)) == len(texts)
    king = next(a for a in legal if str(a).startswith("KH:"))
    assert sum(VALUE[c] for c in king.captured) == 10
    events = state.apply(king)
    assert [e for e in events if e["type"] == "capture"][0]["captured"] == [
        NAMES[c] for c in king.captured
    ]


def test_table_sums_share_work_but_return_fresh_lists():
    table = [INDEX[n] for n in NAMES if VALUE[INDEX[n]] <= 7]
    sums = TableSums(table)
    first = sums.sets(10)
    first.clear()
    again = sums.sets(10)
    assert len(again) == count_sums([VALUE[c] for c in table], 10)
    assert all(sum(VALUE[c] for c in set_cards(m)) == 10 for m in again)
    assert TableSums(table).sets(9) == sums.sets(9)


def test_capture_is_equal_and_hashed_by_its_text_only():
    c = Capture.of(INDEX["KH"], [INDEX["7S"], INDEX["AH"]])
    assert str(c) == "KH:AH+7S" and repr(c) == "Capture('KH:AH+7S')"
    assert c == parse_action("hurricane", "KH:7S+AH") and hash(c) == hash("KH:AH+7S")
    assert c.card == INDEX["KH"] and c.captured == (INDEX["AH"], INDEX["7S"])
    assert c != Capture.of(INDEX["KD"], [INDEX["7S"], INDEX["AH"]])
    assert operator.ne(c, Capture.of(INDEX["KH"], [INDEX["AH"], INDEX["7S"]])) is False
    assert c != (INDEX["KH"], set_mask([INDEX["AH"], INDEX["7S"]]))  # not a plain tuple
    assert c != Trail(INDEX["KH"])
    # another action type printing the same text is the same action (base Action semantics)
    same_text = Capture.of(INDEX["7H"], [INDEX["3C"]])
    take = Take.of((INDEX["7H"],), INDEX["3C"])
    assert same_text == take and hash(same_text) == hash(take)
    with pytest.raises(TypeError):
        _ = c < c
    for twin in (copy.copy(c), copy.deepcopy(c), pickle.loads(pickle.dumps(c))):
        assert type(twin) is Capture and twin == c and twin.captured == c.captured


def test_capture_many_builds_what_capture_of_builds():
    sets = [[INDEX["AH"], INDEX["2D"]], [INDEX["3C"]]]
    built = list(Capture.many(INDEX["3H"], [set_mask(s) for s in sets]))
    assert built == [Capture.of(INDEX["3H"], s) for s in sets]
    assert [type(b) for b in built] == [Capture, Capture]


@pytest.mark.parametrize(
    ("card", "taken", "reason"),
    [
        (99, [1], "99 is not a card"),
        (1, [2, 2], "listed twice"),
        (1, ["2H"], "'2H' is not a card"),
        (True, [2], "True is not a card"),
    ],
)
def test_capture_of_refuses_what_is_not_a_capture(card, taken, reason):
    with pytest.raises(IllegalAction, match=reason):
        Capture.of(card, taken)
