"""One test (or more) per Haggis rule G-1..G-13, built from positions (RULES.md Part 3)."""

from __future__ import annotations

import pytest

from bot.games import haggis
from bot.games.errors import IllegalAction
from bot.games.haggis import Kind, readings
from bot.games.haggis.cards import LABELS, POINTS, number_deck

from .test_haggis_support import FACES, events_of, hidden_number_cards, load, points, tokens


def strs(state: haggis.HaggisState, player: int | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


# ---------------------------------------------------------------- G-1..G-3 cards and deal
@pytest.mark.parametrize(("players", "suits", "haggis_size"), [(2, "ROYG", 8), (3, "ROYGB", 3)])
def test_g1_pack_per_player_count(players: int, suits: str, haggis_size: int) -> None:
    state = haggis.new_game(seed=11, players=players)
    data = state.to_dict()
    numbers = [c for h in data["hands"] for c in h if c not in FACES] + data["haggis"]
    assert sorted(numbers) == sorted(LABELS[c] for c in number_deck(players))
    assert {c[-1] for c in numbers} == set(suits)
    assert len(numbers) + 3 * players == (42 if players == 2 else 54)
    assert len(data["haggis"]) == haggis_size


def test_g2_card_points() -> None:
    by_label = dict(zip(LABELS, POINTS, strict=True))
    assert [by_label[f"{r}R"] for r in range(2, 11)] == [0, 1, 0, 1, 0, 1, 0, 1, 0]
    assert (by_label["J"], by_label["Q"], by_label["K"]) == (2, 3, 5)
    for players, total in ((2, 36), (3, 50)):
        deck = [LABELS[c] for c in number_deck(players)] + list(FACES) * players
        assert points(deck) == total
    state = load(
        [["2R"], ["3R"]],
        piles=[["3O", "4O", "5Y", "10G", "J", "Q", "K"], ["J", "Q", "K"]],
        rest_to=1,
    )
    assert state.view(0)["card_points"][0] == 1 + 0 + 1 + 0 + 2 + 3 + 5


@pytest.mark.parametrize("players", [2, 3])
def test_g3_faces_public_numbers_and_haggis_hidden(players: int) -> None:
    state = haggis.new_game(seed=5, players=players)
    for seat in range(players):
        view = state.view(seat)
        assert len(view["hand"]) == 17
        assert view["hand_sizes"] == [17] * players
        assert view["faces"] == [["J", "Q", "K"]] * players
        assert {"J", "Q", "K"} <= set(view["hand"])
        assert not tokens(view) & hidden_number_cards(state, seat)
    assert not tokens(state.view(None)) & hidden_number_cards(state, None)
    assert state.view(None)["hand"] is None


# ---------------------------------------------------------------- G-4..G-9 combinations
def test_g4_a_play_is_one_combination() -> None:
    state = load([["5R", "7G", "2O"], ["3R"]])
    with pytest.raises(IllegalAction, match="not a set, a sequence or a bomb"):
        state.apply("5R 7G")
    assert state.view(0)["hand_sizes"] == [3, 1]


def test_g5_face_cards_are_wild_or_themselves() -> None:
    by_code = {c.code: c for c in readings(["5G", "J", "Q"])}
    assert by_code[0].kind is Kind.SET and (by_code[0].rank, by_code[0].size) == (5, 3)
    assert by_code[1].kind is Kind.SEQ and by_code[1].rank == 7  # 5-6-7, the highest reading
    assert [(c.kind, c.rank) for c in readings(["J"])] == [(Kind.SET, 11)]
    assert [(c.kind, c.rank) for c in readings(["K"])] == [(Kind.SET, 13)]
    # single face cards rank above 10 and each other
    state = load([["J", "2R"], ["K", "3R"]], trick=[(1, "10R")], turn=0)
    state.apply("J")
    state.apply("K", player=1)
    assert events_of(state.apply("pass", player=0), "trick_won")[0]["winner"] == 1


def test_g5_two_face_cards_are_a_bomb_not_a_pair() -> None:
    assert [(c.kind, c.rank) for c in readings(["J", "Q"])] == [(Kind.BOMB, 2)]
    assert [(c.kind, c.rank) for c in readings(["J", "Q", "K"])] == [(Kind.BOMB, 5)]
    state = load([["J", "Q", "2R"], ["3R"]])
    with pytest.raises(IllegalAction, match="two face cards are a bomb, not a pair"):
        state.apply("J Q =set")
    events = state.apply("J Q")
    assert events[0]["combination"]["kind"] == "bomb"


def test_g6_sets_of_one_to_eight_cards() -> None:
    eight = readings(["7R", "7O", "7Y", "7G", "7B", "J", "Q", "K"])
    assert [(c.kind, c.size, c.rank) for c in eight] == [(Kind.SET, 8, 7)]
    assert [(c.kind, c.size) for c in readings(["4G"])] == [(Kind.SET, 1)]
    assert readings(["4G", "5G"]) == []


def test_g7_sequences_widths_and_face_ranks() -> None:
    assert readings(["5R", "6R"]) == []  # width 1 needs 3 ranks
    assert [(c.width, c.rank) for c in readings(["5R", "6R", "7R"])] == [(1, 7)]
    assert readings(["5R", "6O", "7R"]) == []  # one suit per column
    assert readings(["5R", "5O", "6R", "6Y"]) == []  # the same set of suits at every rank
    assert [(c.width, c.rank) for c in readings(["5R", "6R", "5O", "6O"])] == [(2, 6)]
    # a whole suit column of wilds: 5-5-6-6 (width 2) or 5-6-7-8 (width 1)
    assert sorted((c.width, c.rank) for c in readings(["5R", "6R", "J", "Q"])) == [(1, 8), (2, 6)]
    # ranks above 10 filled by face cards; a face stands for itself or lower
    assert [(c.width, c.rank) for c in readings(["9R", "10R", "J"])] == [(1, 11)]
    assert [(c.width, c.rank) for c in readings(["9R", "10R", "Q"])] == [(1, 11)]
    # 10-J-Q-K, four 10s, or 10-10-J-J with a wild column
    assert [(c.kind, c.width, c.rank) for c in readings(["10R", "J", "Q", "K"])] == [
        (Kind.SET, 0, 10),
        (Kind.SEQ, 1, 13),
        (Kind.SEQ, 2, 11),
    ]
    assert [(c.kind, c.width, c.rank) for c in readings(["10R", "10O", "J", "Q"])] == [
        (Kind.SET, 0, 10),
        (Kind.SEQ, 2, 11),
    ]
    # no wrap around: the lowest rank is 2
    assert [(c.kind, c.rank) for c in readings(["2R", "J", "Q"])] == [(Kind.SET, 2), (Kind.SEQ, 4)]
    # suits never count beyond the pack: 2 players have 4 suits, so no 5-wide sequence
    five_wide = ["5R", "5O", "5Y", "5G", "J", "6R", "6O", "6Y", "6G", "Q"]
    assert [c.width for c in readings(five_wide, 5) if c.kind is Kind.SEQ] == [5]
    assert [c.width for c in readings(five_wide, 4) if c.kind is Kind.SEQ] == []


def test_g8_bombs_and_their_order() -> None:
    levels = [
        readings(["3R", "5O", "7Y", "9G"]),
        readings(["J", "Q"]),
        readings(["J", "K"]),
        readings(["Q", "K"]),
        readings(["J", "Q", "K"]),
        readings(["3B", "5B", "7B", "9B"]),
    ]
    combos = [r[0] for r in levels]
    assert [(c.kind, c.rank) for c in combos] == [(Kind.BOMB, i) for i in range(1, 7)]
    for low, high in zip(combos, combos[1:], strict=False):
        assert high.beats(low) and not low.beats(high)
    state = load([["3R", "5O", "7Y", "9R", "3G", "5G", "7G", "9G", "J"], ["2R"]])
    with pytest.raises(IllegalAction, match="3-5-7-9 in three suits is not a bomb"):
        state.apply("3R 5O 7Y 9R")
    with pytest.raises(IllegalAction, match="3-5-7-9 in two suits is not a bomb"):
        state.apply("3R 5G 7G 9R")
    with pytest.raises(IllegalAction, match="extra card"):
        state.apply("3G 5G 7G 9G J")
    assert readings(["3G", "5G", "7G", "9G", "J"]) == []
    # no wilds in a 3-5-7-9 bomb: J cannot stand for the 9
    assert readings(["3R", "5O", "7Y", "J"]) == []
    assert readings(["3G", "5G", "7G", "J"]) == []


def test_g9_ambiguous_lead_is_declared() -> None:
    state = load([["5G", "J", "Q", "2R"], ["3R"]])
    legal = strs(state)
    assert {"5G J Q =set", "5G J Q =seq1"} <= legal and "5G J Q" not in legal
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="=set"):
        state.apply("5G J Q")
    assert state.to_dict() == before
    assert [str(a) for a in state.play_options("Q J 5G")] == ["5G J Q =set", "5G J Q =seq1"]
    assert [str(a) for a in state.play_options("5G J Q =seq1")] == ["5G J Q =seq1"]
    with pytest.raises(IllegalAction, match="do not hold 5R"):
        state.play_options("5R J Q")
    events = state.apply("5G J Q =seq1")
    assert events[0]["combination"]["kind"] == "seq" and events[0]["combination"]["rank"] == 7


def test_g9_follow_accepts_any_reading_that_beats() -> None:
    state = load([["5G", "J", "Q", "2R"], ["8R"]], trick=[(1, "4R 4O 4Y")])
    assert "5G J Q" in strs(state)
    assert [str(a) for a in state.play_options("5G J Q")] == ["5G J Q"]
    events = state.apply("5G J Q")
    assert events[0]["combination"]["kind"] == "set"


# ---------------------------------------------------------------- G-10..G-13 trick play
def test_g10_leader_cannot_pass_and_may_lead_a_bomb() -> None:
    state = load([["2R", "3R"], ["4R"], ["5R", "J", "Q"]], turn=2)
    assert "pass" not in strs(state)
    with pytest.raises(IllegalAction, match="passing is not allowed"):
        state.apply("pass")
    assert "J Q" in strs(state)
    state.apply("J Q")
    assert state.current_player == 0  # play passes to the left


def test_g11_same_shape_and_higher_rank() -> None:
    state = load(
        [["10R", "J", "9O", "9Y", "9G", "2G"], ["3R"]],
        trick=[(1, "10O 10Y")],
        turn=0,
    )
    with pytest.raises(
        IllegalAction, match="a pair of 10s cannot be beaten by 10\\+J: it needs a higher rank"
    ):
        state.apply("10R J")
    with pytest.raises(IllegalAction, match="can only be beaten by a pair"):
        state.apply("9O 9Y 9G")
    assert "J 10R" not in strs(state) and "10R J" not in strs(state)


def test_g11_sequence_width_and_length_must_match() -> None:
    state = load(
        [["6O", "7O", "8O", "9O", "6Y", "7Y", "2R"], ["8G"]],
        trick=[(1, "3R 4R 5R")],
    )
    with pytest.raises(IllegalAction, match="sequence of 3"):
        state.apply("6O 7O 8O 9O")
    assert "6O 7O 8O" in strs(state) and "7O 8O 9O" in strs(state)
    assert "6O 6Y 7O 7Y" not in strs(state)


def test_g11_bombs_beat_non_bombs_and_only_higher_bombs() -> None:
    state = load([["Q", "K", "J", "2R"], ["5R"]], trick=[(1, "J K")])
    legal = strs(state)
    assert "Q K" in legal and "J Q K" in legal and "J Q" not in legal and "2R" not in legal
    with pytest.raises(IllegalAction, match="does not beat a J-K bomb"):
        state.apply("J Q")
    with pytest.raises(IllegalAction, match="only a higher bomb"):
        state.apply("2R")
    state2 = load([["J", "Q", "2R"], ["5R"]], trick=[(1, "9R 9O")])
    assert "J Q" in strs(state2)
    assert state2.apply("J Q")[0]["combination"]["kind"] == "bomb"


def test_g12_two_player_one_pass_ends_the_trick() -> None:
    state = load([["5R", "6R"], ["7R", "8R"]])
    state.apply("5R")
    events = state.apply("pass")
    won = events_of(events, "trick_won")
    assert won and won[0]["winner"] == 0 and won[0]["taker"] == 0
    assert state.current_player == 0 and state.view(0)["trick"] == []


def test_g12_three_player_trick_end() -> None:
    state = load([["5R", "9R", "2O"], ["6R", "10R", "2Y"], ["7R", "3O", "2G"]])
    state.apply("5R")
    state.apply("pass")  # seat 1
    state.apply("7R")  # seat 2
    assert not events_of(state.apply("pass"), "trick_won")  # seat 0: seat 1 may still answer
    assert state.current_player == 1
    state.apply("10R")  # a seat that passed plays again
    assert not events_of(state.apply("pass"), "trick_won")  # seat 2
    won = events_of(state.apply("pass"), "trick_won")  # seat 0: everyone else passed in a row
    assert won and won[0]["winner"] == 1 and state.current_player == 1


def test_g12_leader_after_a_winner_who_went_out() -> None:
    state = load([["8R"], ["2R", "3R"], ["4R", "5R"]], turn=0)
    events = state.apply("8R")
    assert events_of(events, "went_out")
    state.apply("pass")
    won = events_of(state.apply("pass"), "trick_won")
    assert won[0]["winner"] == 0
    assert state.current_player == 1  # the player to the winner's left leads


def test_g13_winner_takes_the_trick() -> None:
    state = load([["5R", "6R"], ["7R", "8R"]])
    state.apply("5R")
    state.apply("7R")
    state.apply("pass")
    assert sorted(state.view(0)["piles"][1]) == ["5R", "7R"]


def test_g13_two_player_bomb_goes_to_the_opponent() -> None:
    state = load([["5R", "6R"], ["J", "Q", "8R"]], piles=[["J", "Q", "K"], ["K"]], rest_to=1)
    state.apply("5R")
    state.apply("J Q")
    won = events_of(state.apply("pass"), "trick_won")[0]
    assert (won["winner"], won["taker"], won["bomb"]) == (1, 0, True)
    assert sorted(state.view(0)["piles"][0]) == ["5R", "J", "J", "K", "Q", "Q"]
    assert state.current_player == 1  # the bomber still leads


def test_g13_three_player_bomb_capture_tournament() -> None:
    state = load([["5R", "5O", "2R"], ["J", "Q", "3R"], ["6R", "2Y"]])
    state.apply("5R 5O")
    state.apply("J Q")  # seat 1 bombs
    state.apply("pass")  # seat 2
    won = events_of(state.apply("pass"), "trick_won")[0]  # seat 0
    assert (won["winner"], won["taker"]) == (1, 0)  # the combination just before the bomb


def test_g13_three_player_led_bomb_goes_to_the_bombers_right() -> None:
    state = load([["2R", "3R"], ["4R", "J", "K"], ["6R", "2Y"]], turn=1)
    state.apply("J K")
    state.apply("pass")
    won = events_of(state.apply("pass"), "trick_won")[0]
    assert (won["winner"], won["taker"]) == (1, 0)  # seat 0 sits on seat 1's right


def test_g13_tournament_taker_is_the_player_before_the_bomb_not_the_bombers_right() -> None:
    # seat 0 leads, seat 1 passes, seat 2 bombs: seat 0 made the combination before the bomb,
    # while seat 1 sits on the bomber's right
    state = load([["5R", "2O"], ["6R", "2Y"], ["J", "Q", "3R"]])
    state.apply("5R")
    state.apply("pass")
    state.apply("J Q")
    state.apply("pass")
    won = events_of(state.apply("pass"), "trick_won")[0]
    assert (won["winner"], won["taker"]) == (2, 0)
    assert state.current_player == 2


def test_g13_tournament_bomb_over_a_bomb_goes_to_the_lower_bomber() -> None:
    state = load([["J", "Q", "2O"], ["Q", "K", "2Y"], ["4R", "3R"]], turn=0)
    state.apply("J Q")  # a led bomb
    state.apply("Q K")  # a higher bomb over it
    state.apply("pass")
    won = events_of(state.apply("pass"), "trick_won")[0]
    assert (won["winner"], won["taker"]) == (1, 0)
