"""Haggis's hand: a multi-select of cards (split in two past 25), Play / Pass / Clear, a reading
select only when the chosen cards' readings differ, bet buttons while the seat may bet, Give
buttons (``bomb_capture=chooser``). The chosen cards travel as a mask over the sorted hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from bot.i18n import N_, _

from ..engine_facts import SelectionFacts
from ..hints import HAGGIS_BETS, haggis_selection, to_beat_line, trick_line
from ..moves import move_label, played_cards
from ..refusals import refusal
from ..words import possessive
from .base import (
    ACT,
    MAX_OPTIONS,
    Button,
    Choose,
    Control,
    HandContext,
    HandModel,
    HandView,
    Option,
    Outcome,
    Payload,
    PlayMove,
    Select,
    Style,
    UnknownControl,
    card_option,
    cards_of,
    clip,
    hex_mask,
    mask_of,
    parse_mask,
)

WILD = N_("wild: stands for any lower card, or itself")
FACES = ("J", "Q", "K")
GIVE_HINT = N_("Your bomb won the trick: choose the opponent who takes its cards.")


@dataclass(frozen=True, slots=True)
class Picked:
    """The hand cards chosen (sorted as in the hand); ``reading``: Play was pressed and the
    cards have several legal readings, so the hand asks which."""

    cards: tuple[str, ...]
    reading: bool = False


def merge_part(hand: Sequence[str], old: int, part: int, values: Sequence[str]) -> int:
    """The selection after one of the (up to two) card selects changed: keep the other part's cards."""
    lo, hi = part * MAX_OPTIONS, min(len(hand), part * MAX_OPTIONS + MAX_OPTIONS)
    if lo >= hi:  # no such part (a forged custom_id): keep the selection as it was
        return old & ((1 << len(hand)) - 1)
    keep = old & ~(((1 << (hi - lo)) - 1) << lo)
    chosen = set(values)
    return keep | sum(1 << i for i in range(lo, hi) if hand[i] in chosen)


class HaggisHand(HandModel[Picked]):
    game = "haggis"
    SELECT: ClassVar[str] = "gsel"  # arg: "<part>.<mask>"
    PLAY: ClassVar[str] = "gplay"  # arg: the mask
    CLEAR: ClassVar[str] = "gclear"
    READING: ClassVar[str] = "gread"

    def board(self, ctx: HandContext) -> list[str]:
        lines = super().board(ctx)
        trick = trick_line(ctx.view, ctx.names)
        if trick:
            lines.append(trick)
        return lines

    def picked(
        self, ctx: HandContext, selection: Picked | None
    ) -> tuple[tuple[str, ...], bool | None]:
        if selection is None:
            return (), None
        chosen = tuple(c for c in selection.cards if c in ctx.hand)
        if not chosen:
            return (), None
        cards = frozenset(chosen)
        return chosen, any(played_cards(self.game, t) == cards for t in self._plays(ctx))

    def _plays(self, ctx: HandContext) -> list[str]:
        return [t for t in ctx.legal if played_cards(self.game, t) is not None]

    def draw(self, ctx: HandContext, selection: Picked | None) -> HandView:
        hand = ctx.hand
        selected = [c for c in selection.cards if c in hand] if selection is not None else []
        mask = mask_of(hand, selected)
        plays = self._plays(ctx)
        lines: list[str] = []
        controls: list[Control] = []
        if plays and hand:
            parts = [hand[i : i + MAX_OPTIONS] for i in range(0, len(hand), MAX_OPTIONS)][:2]
            for index, part in enumerate(parts):
                options = tuple(
                    card_option(c, _(WILD) if c in FACES else None, default=c in selected)
                    for c in part
                )
                label = (
                    _("Choose cards to play: a set, a sequence or a bomb…")
                    if len(parts) == 1
                    else _("Choose cards ({part}/{parts})…").format(
                        part=index + 1, parts=len(parts)
                    )
                )
                payload = Payload(self.SELECT, f"{index}.{hex_mask(mask)}")
                controls.append(
                    Select(payload, label, options, min_values=0, max_values=len(part), row=index)
                )
            if selected:
                lines.append(self._selection_line(ctx, selected))
            controls.append(
                Button(
                    Payload(self.PLAY, hex_mask(mask)),
                    _("Play"),
                    style=Style.PRIMARY,
                    disabled=not selected,
                    row=2,
                )
            )
        if "pass" in ctx.legal:
            top = ctx.facts.top()
            who = ctx.name((ctx.view.get("top") or {}).get("player"))
            lines.append(to_beat_line(top, who, bool(plays)))
            controls.append(Button(Payload(ACT, "pass"), _("Pass"), row=2))
        if selected:
            controls.append(Button(Payload(self.CLEAR), _("Clear"), row=2))
        bets = sorted(
            (t for t in ctx.legal if t.startswith("bet ")), key=lambda t: int(t.split()[1])
        )
        if bets:
            lines.append(_(HAGGIS_BETS))
        for t in bets[:3]:
            label = move_label(self.game, t)
            controls.append(Button(Payload(ACT, t), label, style=Style.SUCCESS, row=3))
        gives = [t for t in ctx.legal if t.startswith("give ")]
        if gives:
            lines.append(_(GIVE_HINT))
        for t in gives[:2]:
            controls.append(Button(Payload(ACT, t), move_label(self.game, t, ctx.labels), row=3))
        if selection is not None and selection.reading:
            chosen = frozenset(selected)
            readings = [t for t in plays if played_cards(self.game, t) == chosen]
            options = tuple(
                Option(label=clip(move_label(self.game, t), 100), value=t)
                for t in readings[:MAX_OPTIONS]
            )
            if options:
                row = 1 if len(hand) <= MAX_OPTIONS else None
                controls.append(
                    Select(Payload(self.READING), _("Which reading?"), options, row=row)
                )
        return HandView(tuple(lines), tuple(controls))

    def _selection_line(self, ctx: HandContext, selected: list[str]) -> str:
        """What the selected cards are and, on the seat's turn, whether they may be played now."""
        facts: SelectionFacts = ctx.facts.selection(selected, ctx.legal)
        verdict: str | None = None
        if facts.reason is not None:
            verdict = f"✗ {refusal(facts.reason)}"
        elif facts.checked:
            top = ctx.facts.top()
            if top is not None:
                who = ctx.name((ctx.view.get("top") or {}).get("player"))
                verdict = "✓ " + _("beats {what}").format(what=possessive(who, top.text))
            else:
                verdict = "✓ " + _("you may lead it")
            if facts.choices > 1:
                verdict += " — " + _("you choose the reading after Play")
        return haggis_selection(selected, facts.readings, verdict)

    def on_click(self, ctx: HandContext, payload: Payload, values: list[str]) -> Outcome:
        hand = ctx.hand
        if payload.kind == self.READING and values:
            return PlayMove(values[0])
        if payload.kind == self.SELECT:
            part, _dot, old = (payload.arg or "0.0").partition(".")
            index = int(part) if part.isascii() and part.isdigit() and len(part) < 3 else 0
            mask = merge_part(hand, parse_mask(old), index, values)
            return Choose(Picked(tuple(cards_of(hand, mask))))
        if payload.kind == self.CLEAR:
            return Choose(None)
        if payload.kind == self.PLAY:
            picked = cards_of(hand, parse_mask(payload.arg))
            chosen = frozenset(picked)
            readings = [t for t in ctx.legal if played_cards(self.game, t) == chosen]
            if len(readings) == 1:
                return PlayMove(readings[0])
            if len(readings) > 1:
                return Choose(Picked(tuple(picked), reading=True))
            # not a legal play: let the engine say why, in words
            return PlayMove(" ".join(sorted(chosen)))
        raise UnknownControl(payload.kind)

    def describe(self, ctx: HandContext, move: str) -> str:
        """``5🟩 J Q as a sequence — a sequence 5-6-7``; bets, passes and gives as labelled."""
        label = move_label(self.game, move, ctx.labels)
        if played_cards(self.game, move) is None:
            return label
        words = ctx.facts.play_words(move)
        return f"{label} — {words}" if words else label


MODEL = HaggisHand()
