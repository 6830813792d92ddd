"""What every hand model shares: the controls a private hand offers (as plain data the cog turns into
Discord components), the context a model reads, and the outcome of a click.

A model never sees more than one seat's view, that seat's legal moves (canonical strings), the seat
names and the engine's answers for that seat (``EngineFacts``). It is pure: the same inputs give the
same hand, so it is tested without Discord. A selection in progress (cards picked, a capture to
choose) travels in the controls' payloads (``arg``), never in memory, so any click can be answered
after a restart."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from bot.i18n import _

from ..cards import card_label, cards_label, sort_cards
from ..engine_facts import EngineFacts
from ..moves import move_label
from ..words import plural

# Discord's limits on message components (discord-platform.md §1.3), checked by ``problems``.
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
MAX_LABEL = 80  # button label
MAX_OPTION_TEXT = 100  # option label, value, description
MAX_PLACEHOLDER = 150
#: A payload must fit the hand's custom_id (``h:<kind>:<channel>:<move>.<game>[:<arg>]``, ≤ 100).
KIND_PATTERN = re.compile(r"[a-z]{1,8}")
MAX_ARG = 60

REFRESH = "refresh"  # the generic Refresh button: redraws the hand, whatever the game
ACT = "act"  # a button whose ``arg`` is the move itself (pass, bet 15, give 2, flip 0)


class Style(Enum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


@dataclass(frozen=True, slots=True)
class Payload:
    """What a control carries back when clicked: its ``kind`` and an argument (a move, a card mask).
    The cog encodes it into the component's custom_id and decodes it on the click."""

    kind: str
    arg: str | None = None


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str | None = None
    default: bool = False
    card: str | None = (
        None  # the card this option stands for (shown as its emoji when there is one)
    )


@dataclass(frozen=True, slots=True)
class Select:
    payload: Payload
    placeholder: str
    options: tuple[Option, ...]
    min_values: int = 1
    max_values: int = 1
    row: int | None = None


@dataclass(frozen=True, slots=True)
class Button:
    payload: Payload
    label: str
    style: Style = Style.SECONDARY
    disabled: bool = False
    row: int | None = None
    card: str | None = None  # a card (or ``"back"``) the button stands for, shown as its emoji


Control = Select | Button


@dataclass(frozen=True, slots=True)
class PlayMove:
    """A click that makes a move (the table manager judges it; a refusal is shown on the hand)."""

    move: str


@dataclass(frozen=True, slots=True)
class Choose:
    """A click that only changes the selection: redraw the hand with ``selection`` (None: cleared)."""

    selection: object | None


Outcome = PlayMove | Choose


class UnknownControl(ValueError):
    """A payload this model does not know (a forged or outdated custom_id)."""


class HandContext:
    """Everything a hand model may read about one seat at one moment. ``legal`` may be given as a
    function: it is then computed only when a model asks (most clicks only change the selection)."""

    def __init__(
        self,
        game: str,
        seat: int,
        view: Mapping[str, Any],
        legal: Sequence[str] | Callable[[], Sequence[str]],
        names: Sequence[str],
        labels: Sequence[str] | None = None,
    ) -> None:
        self.game, self.seat, self.view = game, seat, view
        self.names = tuple(names)  # as drawn into Markdown text (escaped)
        # as written, for component labels and the terminal (no Markdown there)
        self.labels = tuple(names if labels is None else labels)
        self.facts = EngineFacts(game, view)  # the engine's answers, from this view only
        self._legal = legal

    @cached_property
    def legal(self) -> tuple[str, ...]:
        legal = self._legal() if callable(self._legal) else self._legal
        return tuple(legal)

    @cached_property
    def hand(self) -> tuple[str, ...]:
        """The seat's cards, sorted as players hold them (masks index this order)."""
        return tuple(sort_cards(self.view.get("hand") or []))

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return _("the leader")


@dataclass(frozen=True, slots=True)
class HandView:
    """A drawn hand: text lines under the common header, and the controls (rows placed)."""

    lines: tuple[str, ...]
    controls: tuple[Control, ...]


S = TypeVar("S")


class HandModel(ABC, Generic[S]):
    """One game's private hand: what it shows (``board``, ``draw``), what its controls offer, and
    what a click means (``click``). ``S``: the model's own selection type."""

    game: ClassVar[str]

    def board(self, ctx: HandContext) -> list[str]:
        """The seat's cards and what lies on the table, as lines."""
        cards = cards_label(ctx.hand) if ctx.hand else _("no cards")
        return [_("**Your cards:** {cards}").format(cards=cards)]

    @abstractmethod
    def draw(self, ctx: HandContext, selection: S | None) -> HandView:
        """Hint lines and controls for the hand (``selection``: a choice in progress)."""

    def click(self, ctx: HandContext, payload: Payload, values: Sequence[str]) -> Outcome:
        """What a click on one of this model's controls does (``values``: a select's choice)."""
        if payload.kind == ACT and payload.arg:
            return PlayMove(payload.arg)
        return self.on_click(ctx, payload, list(values))

    @abstractmethod
    def on_click(self, ctx: HandContext, payload: Payload, values: list[str]) -> Outcome:
        """The game's own controls (raise ``UnknownControl`` for any other)."""

    def describe(self, ctx: HandContext, move: str) -> str:
        """A legal move in words, with what it does where the game can tell (the terminal's list)."""
        return move_label(ctx.game, move, ctx.labels)

    def picked(self, ctx: HandContext, selection: S | None) -> tuple[tuple[str, ...], bool | None]:
        """The hand cards a selection would play (raised in the hand's picture) and whether they
        make a legal move (None: not known yet)."""
        return (), None


# --- helpers the models share ----------------------------------------------------------------------


def mask_of(hand: Sequence[str], cards: Sequence[str]) -> int:
    """A selection as a bit mask over the sorted hand (what a payload carries)."""
    chosen = set(cards)
    return sum(1 << i for i, c in enumerate(hand) if c in chosen)


def cards_of(hand: Sequence[str], mask: int) -> list[str]:
    return [c for i, c in enumerate(hand) if mask >> i & 1]


def parse_mask(text: str | None) -> int:
    """A mask written in hex; a malformed one (a forged custom_id) selects nothing."""
    try:
        return max(0, int(text or "0", 16))
    except ValueError:
        return 0


def hex_mask(mask: int) -> str:
    return format(mask, "x")


def card_option(card: str, description: str | None = None, *, default: bool = False) -> Option:
    return Option(
        label=card_label(card), value=card, description=description, default=default, card=card
    )


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _width(control: Control) -> int:
    return MAX_BUTTONS_PER_ROW if isinstance(control, Select) else 1


def place(controls: Sequence[Control]) -> tuple[Control, ...]:
    """Give every control without a row the first row with room (as discord.py would), so the
    layout is decided here and checked by ``problems``; a control that fits nowhere is dropped."""
    used = [0] * MAX_ROWS
    for c in controls:
        if c.row is not None and 0 <= c.row < MAX_ROWS:
            used[c.row] += _width(c)
    placed: list[Control] = []
    for c in controls:
        if c.row is None:
            row = next(
                (r for r in range(MAX_ROWS) if used[r] + _width(c) <= MAX_BUTTONS_PER_ROW), None
            )
            if row is None:
                continue
            used[row] += _width(c)
            c = _with_row(c, row)
        placed.append(c)
    return tuple(placed)


def finished(controls: Sequence[Control]) -> tuple[Control, ...]:
    """A hand's controls as sent: the game's, then the generic Refresh button, rows placed."""
    return place([*controls, Button(Payload(REFRESH), _("Refresh"))])


def _with_row(control: Control, row: int) -> Control:
    if isinstance(control, Select):
        return Select(
            control.payload,
            control.placeholder,
            control.options,
            control.min_values,
            control.max_values,
            row,
        )
    return Button(
        control.payload, control.label, control.style, control.disabled, row, control.card
    )


def problems(controls: Sequence[Control]) -> list[str]:
    """Every Discord limit the controls break (empty when they fit): rows, buttons per row, a
    select alone in its row with 1..25 options, text lengths, payloads that fit a custom_id."""
    found: list[str] = []
    rows: dict[int, list[Control]] = {}
    for c in controls:
        if c.row is None or not 0 <= c.row < MAX_ROWS:
            found.append(f"{c.payload.kind}: row {c.row} (0..{MAX_ROWS - 1})")
            continue
        rows.setdefault(c.row, []).append(c)
        if not KIND_PATTERN.fullmatch(c.payload.kind):
            found.append(f"kind {c.payload.kind!r} does not fit a custom_id")
        arg = c.payload.arg
        if arg is not None and (len(arg) > MAX_ARG or ":" in arg):
            found.append(f"{c.payload.kind}: argument {arg!r} does not fit a custom_id")
        if isinstance(c, Button):
            if not c.label or len(c.label) > MAX_LABEL:
                found.append(f"{c.payload.kind}: button label of {len(c.label)} characters")
            continue
        if not 1 <= len(c.options) <= MAX_OPTIONS:
            found.append(f"{c.payload.kind}: {len(c.options)} options (1..{MAX_OPTIONS})")
        if not 0 <= c.min_values <= c.max_values <= len(c.options):
            found.append(f"{c.payload.kind}: min/max values {c.min_values}/{c.max_values}")
        if len(c.placeholder) > MAX_PLACEHOLDER:
            found.append(f"{c.payload.kind}: placeholder of {len(c.placeholder)} characters")
        values = [o.value for o in c.options]
        if len(set(values)) != len(values):
            found.append(f"{c.payload.kind}: duplicate option values")
        for o in c.options:
            for text in (o.label, o.value, o.description or ""):
                if len(text) > MAX_OPTION_TEXT:
                    found.append(f"{c.payload.kind}: option text of {len(text)} characters")
    for row, items in rows.items():
        selects = sum(isinstance(c, Select) for c in items)
        if selects and len(items) != 1:
            found.append(f"row {row}: a select shares its row")
        if len(items) > MAX_BUTTONS_PER_ROW:
            found.append(f"row {row}: {len(items)} buttons")
    payloads = [(c.payload, isinstance(c, Select)) for c in controls]
    if len(set(payloads)) != len(payloads):
        found.append("two controls with the same payload (their custom_ids would clash)")
    return found


class ListedMoves(HandModel[None]):
    """The fallback for a game without a model of its own: every legal move in one select (the
    first 25; ``/play`` lists them all). Adding ``bot/render/hands/<game>.py`` replaces it."""

    game = ""
    PICK: ClassVar[str] = "pick"

    def draw(self, ctx: HandContext, selection: None) -> HandView:
        legal = ctx.legal
        lines = (
            []
            if len(legal) <= MAX_OPTIONS
            else [_("{moves}: `/play` lists all.").format(moves=plural(len(legal), "move"))]
        )
        controls: list[Control] = []
        if legal:
            options = tuple(
                Option(label=clip(self.label(t), 100), value=t)
                for t in legal[:MAX_OPTIONS]
                if len(t) <= MAX_OPTION_TEXT
            )
            if options:
                controls.append(Select(Payload(self.PICK), _("Your move…"), options, row=0))
        return HandView(tuple(lines), tuple(controls))

    @staticmethod
    def label(move: str) -> str:
        """The canonical text with its cards drawn (``draw 7H`` -> ``draw 7♥``): no game words
        are known here."""
        return " ".join(card_label(word) for word in move.split())

    def describe(self, ctx: HandContext, move: str) -> str:
        return self.label(move)

    def on_click(self, ctx: HandContext, payload: Payload, values: list[str]) -> Outcome:
        if payload.kind == self.PICK and values:
            return PlayMove(values[0])
        raise UnknownControl(payload.kind)
