"""The private hand message: a seat's cards and the controls to play them, built from the legal moves.

Multi-step choices live in the message itself (pull model): the selected cards travel in the custom_id as a
bit mask over the sorted hand, so every click carries everything needed and nothing is kept in memory.

Hurricane: a select of the playable cards; a second select of the captures only when a card has several.
``open``: Flip buttons for the face-down cards. Hurikan: a multi-select of cards to lay, then a select of the
table card they take and a Lay button. Haggis: a multi-select of cards (split past 25), Play / Pass, a
reading select only when readings differ, bet buttons while the seat may bet, Give buttons (chooser)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.games.base import GameState
from bot.games.errors import IllegalAction
from bot.games.haggis import readings
from bot.render.cards import card_label
from bot.render.hands import sort_cards
from bot.render.hints import (
    HAGGIS_BETS,
    HURIKAN_HOW,
    HURIKAN_OPENING,
    capture_hint,
    card_hint,
    combination_of,
    haggis_selection,
    hurikan_selection,
    hurikan_takes,
    hurikan_value,
    hurricane_chance,
    to_beat_line,
)
from bot.render.moves import move_label, played_cards
from bot.render.table import hand_panel, seat_names
from bot.tables.models import Table

from .ui import hand_button, hand_select, one_shot, panel_embed

MAX_OPTIONS = 25
WILD = "wild: stands for any lower card, or itself"


@dataclass(frozen=True)
class Pending:
    """A half-made choice shown on the hand: ``kind`` is cap | kmask | gmask | gread."""

    kind: str
    card: str | None = None
    mask: int = 0


def mask_of(hand: list[str], cards: list[str]) -> int:
    chosen = set(cards)
    return sum(1 << i for i, c in enumerate(hand) if c in chosen)


def cards_of(hand: list[str], mask: int) -> list[str]:
    return [c for i, c in enumerate(hand) if mask >> i & 1]


def parse_mask(text: str | None) -> int:
    try:
        return int(text or "0", 16)
    except ValueError:
        return 0


def build_hand(
    table: Table,
    seat: int,
    view: dict[str, Any],
    legal: list[str],
    *,
    note: str | None = None,
    pending: Pending | None = None,
) -> tuple[discord.Embed, discord.ui.View]:
    hand = sort_cards(view.get("hand") or [])
    panel = hand_panel(table, seat, view, note=note, hand=hand)
    game = table.spec.game
    ui = discord.ui.View(timeout=None)
    draw = Draw(ui, table, seat, hand, view, legal, pending, panel.lines)
    if game == "hurricane":
        _hurricane(draw)
    elif game == "hurikan":
        _hurikan(draw)
    else:
        _haggis(draw)
    ui.add_item(hand_button("refresh", table, "Refresh", arg=None))
    return panel_embed(panel, game), one_shot(ui)


@dataclass(frozen=True, slots=True)
class Draw:
    """One drawing of a hand: what the game's controls are built from, and where they go
    (``ui`` the view, ``lines`` the panel's text)."""

    ui: discord.ui.View
    table: Table
    seat: int
    hand: list[str]  # sorted
    view: dict[str, Any]
    legal: list[str]
    pending: Pending | None
    lines: list[str]


def sweep_moves(state: GameState | None, seat: int, legal: list[str]) -> frozenset[str]:
    """The captures that would be hurricanes, as the engine says (each tried on a copy). Only a
    capture of every table card can leave the table empty, so only those are tried."""
    if state is None:
        return frozenset()
    on_table = len(state.view(seat).get("table") or [])
    found = []
    for t in legal:
        if ":" not in t or t.count("+") + 1 != on_table:
            continue
        try:
            events = state.clone().apply(t, seat)
        except IllegalAction:  # a stale list: that move just gets no mark
            continue
        if any(ev.get("type") == "sweep" for ev in events):
            found.append(t)
    return frozenset(found)


def _hurricane(draw: Draw) -> None:
    ui, table, hand, legal, pending = draw.ui, draw.table, draw.hand, draw.legal, draw.pending
    sweeps: frozenset[str] = frozenset()
    by_card: dict[str, list[str]] = {}
    for t in legal:
        if not t.startswith("flip "):
            by_card.setdefault(t.partition(":")[0], []).append(t)
    if by_card:
        # the hand is sorted: keep its order (sort only if a playable card is not in it)
        cards = [c for c in hand if c in by_card]
        if len(cards) != len(by_card):
            cards = sort_cards(by_card)
        sweeps = sweep_moves(table.state, draw.seat, legal)
        chance = hurricane_chance(sweeps)
        if chance:
            draw.lines.append(chance)
        options = []
        for card in cards:
            desc = card_hint(by_card[card], sweeps)
            options.append(
                discord.SelectOption(
                    label=card_label(card),
                    value=card,
                    description=desc[:100],
                    default=pending is not None and pending.card == card,
                )
            )
        ui.add_item(
            hand_select("card", table, "Play a card — each says what it does…", options, row=0)
        )
    if pending is not None and pending.kind == "cap" and pending.card:
        choices = by_card.get(pending.card, [])
        options = [
            discord.SelectOption(
                label=move_label("hurricane", t)[:100],
                value=t,
                description=capture_hint(t, sweep=t in sweeps)[:100],
            )
            for t in choices[:MAX_OPTIONS]
        ]
        if len(choices) > MAX_OPTIONS:  # a select holds 25: the rest stay one /play away
            draw.lines.append(
                f"{len(choices)} captures are possible: the menu shows {MAX_OPTIONS}; "
                "`/play` lists every one as you type."
            )
        ui.add_item(
            hand_select(
                "cap", table, f"Which capture with {card_label(pending.card)}?", options, row=1
            )
        )
    flips = sorted(t for t in legal if t.startswith("flip "))
    if flips:
        draw.lines.append(
            "Your open cards are all played: turn up a face-down card. "
            "It must be played at once (it captures if it can)."
        )
    for t in flips[:4]:
        label = f"🂠 {move_label('hurricane', t)} (must be played at once)"
        ui.add_item(hand_button("act", table, label, arg=t, row=2))


def _hurikan(draw: Draw) -> None:
    ui, table, hand, legal, pending = draw.ui, draw.table, draw.hand, draw.legal, draw.pending
    if not legal or not hand:
        return
    selected = (
        cards_of(hand, pending.mask) if pending is not None and pending.kind == "kmask" else []
    )
    opening = bool(draw.view.get("opening"))
    draw.lines.append(HURIKAN_OPENING if opening else HURIKAN_HOW)
    takes_line = hurikan_takes(legal)
    if takes_line:
        draw.lines.append(takes_line)
    options = [
        discord.SelectOption(
            label=card_label(c),
            value=c,
            description=f"value {hurikan_value(c)}",
            default=c in selected,
        )
        for c in hand
    ]
    most = 3 if opening else len(hand)
    ui.add_item(
        hand_select(
            "klay",
            table,
            "Choose 1 to 3 cards to lay…" if opening else "Choose cards to lay or to take with…",
            options,
            min_values=1,
            max_values=most,
            row=0,
        )
    )
    if not selected:
        return
    chosen = frozenset(selected)
    takes = sorted(
        {t.split(":")[1] for t in legal if ":" in t and played_cards("hurikan", t) == chosen}
    )
    draw.lines.append(hurikan_selection(selected, takes))
    arg = format(pending.mask if pending else 0, "x")
    if takes:
        opts = [
            discord.SelectOption(
                label=f"Take {card_label(c)}", value=c, description=f"worth {hurikan_value(c)}"
            )
            for c in takes
        ]
        ui.add_item(hand_select("ktake", table, "…and take a table card", opts, arg=arg, row=1))
    can_lay = any(":" not in t and played_cards("hurikan", t) == chosen for t in legal)
    ui.add_item(
        hand_button(
            "klaydo",
            table,
            "Lay them on the table",
            arg=arg,
            style=discord.ButtonStyle.primary,
            disabled=not can_lay,
            row=2,
        )
    )


def _haggis(draw: Draw) -> None:
    ui, table, hand, legal, pending = draw.ui, draw.table, draw.hand, draw.legal, draw.pending
    mask = pending.mask if pending is not None and pending.kind in ("gmask", "gread") else 0
    selected = cards_of(hand, mask)
    plays = [t for t in legal if played_cards("haggis", t) is not None]
    if plays and hand:
        parts = [hand[i : i + MAX_OPTIONS] for i in range(0, len(hand), MAX_OPTIONS)]
        for index, part in enumerate(parts[:2]):
            options = [
                discord.SelectOption(
                    label=card_label(c),
                    value=c,
                    description=WILD if c in ("J", "Q", "K") else None,
                    default=c in selected,
                )
                for c in part
            ]
            label = (
                "Choose cards to play: a set, a sequence or a bomb…"
                if len(parts) == 1
                else f"Choose cards ({index + 1}/{len(parts)})…"
            )
            arg = f"{index}.{mask:x}"
            ui.add_item(
                hand_select(
                    "gsel",
                    table,
                    label,
                    options,
                    arg=arg,
                    min_values=0,
                    max_values=len(part),
                    row=index,
                )
            )
        if selected:
            draw.lines.append(_haggis_selection(draw, selected))
        ui.add_item(
            hand_button(
                "gplay",
                table,
                "Play",
                arg=format(mask, "x"),
                style=discord.ButtonStyle.primary,
                disabled=not selected,
                row=2,
            )
        )
    if "pass" in legal:
        draw.lines.append(to_beat_line(draw.view.get("top"), seat_names(table), bool(plays)))
        ui.add_item(hand_button("act", table, "Pass", arg="pass", row=2))
    if selected:
        ui.add_item(hand_button("gclear", table, "Clear", arg=None, row=2))
    bets = sorted((t for t in legal if t.startswith("bet ")), key=lambda t: int(t.split()[1]))
    if bets:
        draw.lines.append(HAGGIS_BETS)
    for t in bets:
        ui.add_item(
            hand_button(
                "act",
                table,
                move_label("haggis", t),
                arg=t,
                style=discord.ButtonStyle.success,
                row=3,
            )
        )
    names = seat_names(table)
    gives = [t for t in legal if t.startswith("give ")]
    if gives:
        draw.lines.append("Your bomb won the trick: choose the opponent who takes its cards.")
    for t in gives[:2]:
        ui.add_item(hand_button("act", table, move_label("haggis", t, names), arg=t, row=3))
    if pending is not None and pending.kind == "gread":
        chosen = frozenset(selected)
        readings = [t for t in plays if played_cards("haggis", t) == chosen]
        options = [
            discord.SelectOption(label=move_label("haggis", t)[:100], value=t) for t in readings
        ]
        if options:
            ui.add_item(
                hand_select(
                    "gread",
                    table,
                    "Which reading?",
                    options,
                    row=1 if len(hand) <= MAX_OPTIONS else None,
                )
            )


def _haggis_selection(draw: Draw, selected: list[str]) -> str:
    """What the selected cards are and, on the seat's turn, whether they may be played now
    (the engine's readings and ``play_options``, with its reason when not)."""
    state = draw.table.state
    suits = getattr(state, "suits", 5)
    try:
        combos = readings(selected, suits)
    except IllegalAction:
        combos = []
    top = draw.view.get("top")
    top_combo = combination_of(top)
    if top_combo is not None:  # following: name the reading that beats the top, if one does
        combos = [c for c in combos if c.beats(top_combo)] or combos
    kinds = [c.describe() for c in combos]
    if (
        state is None
        or state.current_player != draw.seat
        or not any(played_cards("haggis", t) for t in draw.legal)
    ):
        return haggis_selection(selected, kinds, None)
    try:
        options = state.play_options(" ".join(selected), draw.seat)  # type: ignore[attr-defined]
    except IllegalAction as exc:
        return haggis_selection(selected, kinds, f"✗ {exc}")
    if isinstance(top, dict) and top_combo is not None:
        who = seat_names(draw.table)[top["player"]]
        verdict = f"✓ beats {who}'s {top_combo.describe()}"
    else:
        verdict = "✓ you may lead it"
    if len(options) > 1:
        verdict += " — you choose the reading after Play"
    return haggis_selection(selected, kinds, verdict)
