"""``/play move:<autocomplete>`` with many legal moves (a Haggis lead): at most 25 suggestions, every one
legal; the submitted value is validated again (any legal move works, suggested or not; anything else is
refused and changes nothing); a slow move is deferred privately."""

from __future__ import annotations

import asyncio

import pytest

from .driver import Driver, start_table
from .fakediscord import FakeDiscord, Person


async def haggis(fake: FakeDiscord, users: list[Person]) -> Driver:
    return await start_table(fake, users[:2], seed=3, game="haggis", players=2)


async def test_autocomplete_caps_at_25_and_any_legal_move_is_accepted(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await haggis(fake, users)
    state = d.table.state
    assert state is not None
    seat = state.current_player
    leader, other, carol = d.person(seat), d.person(1 - seat), users[2]
    legal = [str(a) for a in state.legal_actions(seat)]
    assert len(legal) > 25  # a lead from 17 cards
    ex = await fake.autocomplete("play", "move", user=leader.user, value="")
    choices = ex.choices()
    assert len(choices) == 25 and {c["value"] for c in choices} <= set(legal)
    assert all(0 < len(c["name"]) <= 100 for c in choices)
    ex = await fake.autocomplete("play", "move", user=carol.user, value="")
    assert ex.choices() == []  # a spectator gets no moves
    ex = await fake.autocomplete("play", "move", user=other.user, value="bet")
    assert {c["value"] for c in ex.choices()} == {"bet 0", "bet 15", "bet 30"}  # out of turn

    before = d.table.move_no
    hidden = next(c for c in state.view(seat)["hand"] if c[0].isdigit())
    for user, move, words in (
        (carol, legal[0], "not playing"),
        (other, legal[0], "not one of your legal moves"),
        (leader, "pass", "not one of your legal moves"),  # no pass on a lead
        (
            other,
            hidden,
            "not one of your legal moves",
        ),  # a card of the leader's: says nothing of it
    ):
        ex = await fake.slash("play", user=user.user, move=move)
        assert ex.callback_type == 4 and ex.ephemeral and words in ex.content.lower(), ex.content
        assert hidden not in ex.text or user is leader
    assert d.table.move_no == before

    unlisted = next(t for t in reversed(legal) if t not in {c["value"] for c in choices})
    ex = await fake.slash("play", user=leader.user, move=unlisted)
    assert ex.callback_type == 4 and ex.ephemeral and "Played:" in ex.text
    assert d.table.move_no == before + 1 and d.table.history[-1][1] == unlisted


async def test_slow_play_command_is_deferred_privately(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    d = await haggis(fake, users)
    state = d.table.state
    assert state is not None
    seat = state.current_player
    move = str(state.legal_actions(seat)[0])
    manager = fake.bot.tables  # type: ignore[union-attr]
    real = manager.act

    async def slow(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.05)
        return await real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(manager, "act", slow)
    monkeypatch.setattr(fake.bot.get_cog("Play"), "ack_budget", 0.01)  # type: ignore[union-attr]
    ex = await fake.slash("play", user=d.person(seat).user, move=move)
    assert ex.callback_type == 5 and ex.ephemeral
    assert "Played:" in ex.text and d.table.move_no == 1


async def test_more_than_25_captures_fit_the_select_and_point_to_play(
    fake: FakeDiscord, users: list[Person]
) -> None:
    from bot.discord.hand import build_hand
    from bot.render.hands.hurricane import CaptureChoice

    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=3, game="hurricane")
    seat = d.table.state.current_player  # type: ignore[union-attr]
    view = d.table.state.view(seat)  # type: ignore[union-attr]
    card = view["hand"][0]
    legal = [
        f"{card}:{a}+{b}"
        for a in ("AC", "AD", "AS", "2C", "2D", "2S")
        for b in ["3C", "3D", "3S", "4C", "4D"]
    ]
    embed, ui, _draw = build_hand(d.table, seat, view, legal, selection=CaptureChoice(card))
    items = [getattr(c, "item", c) for c in ui.children]  # DynamicItems wrap the real components
    assert [len(i.options) for i in items if hasattr(i, "options")] == [1, 25]
    assert "30 captures are possible" in (embed.description or "") and "/play" in embed.description


def _as_shown_in_russian(move: str) -> str:
    """A Hurricane move written as a Russian player reads it on the cards (``AH`` -> ``Т♥``), the
    suits as Russian initials (ч б т п) and the ranks in lower case: ``тч:3т+4б``."""
    ranks = {"A": "т", "J": "в", "Q": "д", "K": "к"}
    suits = {"H": "ч", "D": "б", "C": "т", "S": "п"}

    def card(c: str) -> str:
        return ranks.get(c[:-1], c[:-1]) + suits[c[-1]]

    played, colon, taken = move.partition(":")
    return card(played) + (colon + "+".join(card(c) for c in taken.split("+")) if colon else "")


async def test_a_russian_player_types_moves_as_the_cards_show_them(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """``/play`` and its autocomplete read Т В Д К and the Russian suit initials (and symbols)."""
    alice, bob, _ = users
    for person in (alice, bob):
        fake.user_locales[person.id] = "ru"
    d = await start_table(fake, [alice, bob], seed=5, game="hurricane")
    state = d.table.state
    assert state is not None
    seat = state.current_player
    assert seat is not None
    legal = [str(a) for a in state.legal_actions(seat)]
    faces = [m for m in legal if m.split(":")[0][:-1] in "AJQK"] or legal
    move = faces[0]
    typed = _as_shown_in_russian(move)
    ex = await fake.autocomplete("play", "move", user=d.person(seat).user, value=typed)
    assert move in {c["value"] for c in ex.choices()}, (typed, ex.choices())
    ex = await fake.slash("play", user=d.person(seat).user, move=typed.upper())
    assert ex.ephemeral and "Сыграно" in ex.text, ex.text
    assert d.table.history[-1][1] == move
