"""What a choice on the hand will do, in a few words (select option descriptions, hint lines).

Pure text from canonical action texts and facts the engine told the caller (which moves are
hurricanes, which readings a selection has): no rules are decided here."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .cards import card_label

SEVEN_OF_HEARTS = "7H"
HURRICANE_MARK = "🌀"


def _joined(cards: Sequence[str]) -> str:
    return " + ".join(card_label(c) for c in cards)


def capture_hint(move: str, *, sweep: bool) -> str:
    """One Hurricane move of a card: ``takes Q♣``, ``takes 2♠ + 6♠ — hurricane!``,
    ``lays it on the table``; the 7♥ (a point of its own) is called out."""
    card, colon, taken = move.partition(":")
    if not colon:
        text = "lays it on the table"
        return text + (" (gives away the 7♥!)" if card == SEVEN_OF_HEARTS else "")
    cards = taken.split("+")
    text = f"takes {_joined(cards)}"
    if sweep:
        text += f" — hurricane! {HURRICANE_MARK}"
    if SEVEN_OF_HEARTS in cards or card == SEVEN_OF_HEARTS:
        text += " ❤ wins the 7♥"
    return text


def card_hint(moves: Sequence[str], sweeps: Collection[str]) -> str:
    """The description of a card in the card select: its one outcome, or that a choice follows."""
    if len(moves) == 1:
        return capture_hint(moves[0], sweep=moves[0] in sweeps)
    text = f"{len(moves)} possible captures — you choose next"
    if any(m in sweeps for m in moves):
        text += f" (one is a hurricane! {HURRICANE_MARK})"
    return text


def hurricane_chance(sweeps: Collection[str]) -> str | None:
    """A hint line when some move clears the table."""
    cards = sorted({m.partition(":")[0] for m in sweeps})
    if not cards:
        return None
    who = " or ".join(card_label(c) for c in cards)
    return f"{HURRICANE_MARK} **Hurricane chance:** {who} can clear the table (1 point)."
