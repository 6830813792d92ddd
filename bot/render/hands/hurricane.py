"""Hurricane's hand: a select of the playable cards, each saying what it does; a second select of
the captures only when a card has several; ``open``: buttons to turn up a face-down card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.i18n import N_, _

from ..cards import BACK, card_label, cards_label, sort_cards
from ..hints import capture_hint, card_hint, hurricane_chance
from ..moves import move_label, played_cards
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
    UnknownControl,
    card_option,
    clip,
)

CARD_BACK = "🂠"
FLIP_HINT = N_(
    "Your open cards are all played: turn up a face-down card. "
    "It must be played at once (it captures if it can)."
)


@dataclass(frozen=True, slots=True)
class CaptureChoice:
    """A card was picked that has several captures: which one?"""

    card: str


class HurricaneHand(HandModel[CaptureChoice]):
    game = "hurricane"
    CARD: ClassVar[str] = "card"
    CAPTURE: ClassVar[str] = "cap"

    def board(self, ctx: HandContext) -> list[str]:
        lines = super().board(ctx)
        counts = ctx.view.get("down_counts")
        down = counts[ctx.seat] if isinstance(counts, list) and ctx.seat < len(counts) else 0
        if down:
            lines.append(
                _(
                    "**Face down:** {cards} — nobody sees them, you neither. "
                    "Once your open cards are played, you turn one up and must play it at once."
                ).format(cards=CARD_BACK * down)
            )
        lines.extend(self._open_cards_of_others(ctx))
        cards = ctx.view.get("table") or []
        on_table = cards_label(cards) if cards else _("empty")
        lines.append(_("**Table:** {cards}").format(cards=on_table))
        return lines

    def picked(
        self, ctx: HandContext, selection: CaptureChoice | None
    ) -> tuple[tuple[str, ...], bool | None]:
        if selection is None or selection.card not in ctx.hand:
            return (), None
        return (selection.card,), bool(self._by_card(ctx).get(selection.card))

    @staticmethod
    def _open_cards_of_others(ctx: HandContext) -> list[str]:
        """``open``: what the other players hold face up (and how many face down)."""
        open_hands = ctx.view.get("open_hands")
        if not isinstance(open_hands, list):
            return []
        counts = ctx.view.get("down_counts") or [0] * len(open_hands)
        lines = []
        for seat, cards in enumerate(open_hands):
            if seat == ctx.seat or not isinstance(cards, list):
                continue
            down = counts[seat] if seat < len(counts) else 0
            shown = cards_label(sort_cards(cards)) if cards else _("none left")
            backs = " + " + _("{cards} face down").format(cards=CARD_BACK * down) if down else ""
            owner = possessive(ctx.name(seat), _("open cards"))
            lines.append(f"**{owner[:1].upper()}{owner[1:]}:** {shown}{backs}")
        return lines

    @staticmethod
    def _by_card(ctx: HandContext) -> dict[str, list[str]]:
        by_card: dict[str, list[str]] = {}
        for t in ctx.legal:
            if not t.startswith("flip "):
                by_card.setdefault(t.partition(":")[0], []).append(t)
        return by_card

    def draw(self, ctx: HandContext, selection: CaptureChoice | None) -> HandView:
        lines: list[str] = []
        controls: list[Control] = []
        by_card = self._by_card(ctx)
        sweeps = ctx.facts.sweeps(ctx.legal) if by_card else frozenset[str]()
        if by_card:
            # the hand is sorted: keep its order (sort only if a playable card is not in it)
            cards = [c for c in ctx.hand if c in by_card]
            if len(cards) != len(by_card):
                cards = sort_cards(by_card)
            chance = hurricane_chance(sweeps)
            if chance:
                lines.append(chance)
            options = tuple(
                card_option(
                    card,
                    clip(card_hint(by_card[card], sweeps), 100),
                    default=selection is not None and selection.card == card,
                )
                for card in cards[:MAX_OPTIONS]
            )
            placeholder = _("Play a card — each says what it does…")
            controls.append(Select(Payload(self.CARD), placeholder, options, row=0))
        if selection is not None and by_card.get(selection.card):
            choices = by_card[selection.card]
            options = tuple(
                Option(
                    label=clip(move_label(self.game, t), 100),
                    value=t,
                    description=clip(capture_hint(t, sweep=t in sweeps), 100),
                )
                for t in choices[:MAX_OPTIONS]
            )
            if len(choices) > MAX_OPTIONS:  # a select holds 25: the rest stay one /play away
                lines.append(
                    _(
                        "{count} captures are possible: the menu shows {shown}; "
                        "`/play` lists every one as you type."
                    ).format(count=len(choices), shown=MAX_OPTIONS)
                )
            placeholder = _("Which capture with {card}?").format(card=card_label(selection.card))
            controls.append(Select(Payload(self.CAPTURE), placeholder, options, row=1))
        flips = sorted(t for t in ctx.legal if t.startswith("flip "))
        if flips:
            lines.append(_(FLIP_HINT))
        for t in flips[:4]:
            label = f"{CARD_BACK} {move_label(self.game, t)} " + _("(must be played at once)")
            controls.append(Button(Payload(ACT, t), label, row=2, card=BACK))
        return HandView(tuple(lines), tuple(controls))

    def on_click(self, ctx: HandContext, payload: Payload, values: list[str]) -> Outcome:
        if payload.kind == self.CAPTURE and values:
            return PlayMove(values[0])
        if payload.kind == self.CARD and values:
            card = values[0]
            choices = [
                t for t in ctx.legal if t.split(":")[0] == card and played_cards(self.game, t)
            ]
            if len(choices) == 1:
                return PlayMove(choices[0])
            if not choices:  # let the table say why (not your turn, not a legal card…)
                return PlayMove(card)
            return Choose(CaptureChoice(card))
        raise UnknownControl(payload.kind)

    def describe(self, ctx: HandContext, move: str) -> str:
        """``7♣ takes 3♥ + 4♦ — hurricane! 🌀``, ``K♦ is trailed: laid on the table``."""
        if move.startswith("flip "):
            return super().describe(ctx, move)
        sweep = move in ctx.facts.sweeps(ctx.legal)
        return f"{card_label(move.partition(':')[0])} {capture_hint(move, sweep=sweep)}"


MODEL = HurricaneHand()
