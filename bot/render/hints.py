"""What a choice on the hand will do, in a few words (select option descriptions, hint lines).

Pure text from canonical action texts and facts the engine told the caller (which moves are
hurricanes, which readings a selection has): no rules are decided here."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from bot.i18n import N_, _

from .cards import card_label
from .combos import combo_words
from .engine_facts import Combo, card_value
from .words import agree, possessive

SEVEN_OF_HEARTS = "7H"
HURRICANE_MARK = "🌀"


def _or() -> str:
    """`` or `` between alternatives, in the current language."""
    return " " + _("or") + " "


def _joined(cards: Sequence[str]) -> str:
    return " + ".join(card_label(c) for c in cards)


def capture_hint(move: str, *, sweep: bool) -> str:
    """One Hurricane move of a card: ``takes Q♣``, ``takes 2♠ + 6♠ — hurricane!``,
    ``is trailed: laid on the table``; the 7♥ (a point of its own) is called out."""
    card, colon, taken = move.partition(":")
    if not colon:
        text = _("is trailed: laid on the table")
        return text + (" " + _("(gives away the 7♥!)") if card == SEVEN_OF_HEARTS else "")
    cards = taken.split("+")
    text = _("takes {cards}").format(cards=_joined(cards))
    if sweep:
        text += " — " + _("hurricane!") + f" {HURRICANE_MARK}"
    if SEVEN_OF_HEARTS in cards or card == SEVEN_OF_HEARTS:
        text += " ❤ " + _("wins the 7♥")
    return text


def card_hint(moves: Sequence[str], sweeps: Collection[str]) -> str:
    """The description of a card in the card select: its one outcome, or that a choice follows."""
    if len(moves) == 1:
        return capture_hint(moves[0], sweep=moves[0] in sweeps)
    text = _("{count} possible captures — you choose next").format(count=len(moves))
    if any(m in sweeps for m in moves):
        text += " " + _("(one is a hurricane! {mark})").format(mark=HURRICANE_MARK)
    return text


def hurricane_chance(sweeps: Collection[str]) -> str | None:
    """A hint line when some move clears the table."""
    cards = sorted({m.partition(":")[0] for m in sweeps})
    if not cards:
        return None
    who = _or().join(card_label(c) for c in cards)
    return f"{HURRICANE_MARK} " + _(
        "**Hurricane chance:** {cards} can clear the table (1 point)."
    ).format(cards=who)


def hurikan_value(card: str) -> int:
    """A card's value for Hurikan sums (A=1 … 7=7, J=8, Q=9, K=10), as the engine counts it."""
    return card_value(card)


HURIKAN_OPENING = N_("**Opening:** lay 1, 2 or 3 cards face up on the table.")
HURIKAN_HOW = N_(
    "**Take** a table card by laying hand cards whose values add up to it (4+2 take a 6; an equal "
    "card takes it alone), or **lay** cards face up on the table. Values: A=1 … 7=7, J=8, Q=9, K=10."
)


def hurikan_takes(legal: Sequence[str], most: int = 4) -> str | None:
    """``Q♣ (9) ← 4♥ + 5♣ or 2♠ + 7♣`` for each table card some legal move takes."""
    ways: dict[str, list[str]] = {}
    for move in legal:
        laid, colon, taken = move.partition(":")
        if colon:
            ways.setdefault(taken, []).append(_joined(laid.split("+")))
    if not ways:
        return None
    parts = []
    for taken in sorted(ways, key=hurikan_value):
        shown = sorted(ways[taken], key=len)
        more = " " + _("(+{count} more)").format(count=len(shown) - 2) if len(shown) > 2 else ""
        text = _or().join(shown[:2]) + more
        parts.append(f"{card_label(taken)} ({hurikan_value(taken)}) ← {text}")
    more = " …" if len(parts) > most else ""
    return _("**You can take:**") + " " + " · ".join(parts[:most]) + more


def hurikan_selection(cards: Sequence[str], takes: Sequence[str]) -> str:
    """What the selected cards add up to and what they can take."""
    total = sum(hurikan_value(c) for c in cards)
    text = _("Selected: {cards} = {total}").format(cards=_joined(cards), total=total)
    if takes:
        options = _or().join(card_label(c) for c in takes)
        return text + " — " + _("takes {cards}, or lay them.").format(cards=options)
    return (
        text
        + " — "
        + _("no table card worth {total} to take: lay them, or choose others.").format(total=total)
    )


HAGGIS_BETS = N_(
    "**Bet?** Only before you play your first card this round (passing is fine): 15 or 30 points "
    "that you go out first. Win: you score it. Miss: the first player out and every player who "
    "did not bet score it. 0 = no bet."
)


def trick_entry(name: str, play: str, text: str | None) -> str:
    """One play of the trick: ``Alice: 5🟥 5🟨 (a pair of 5s)`` or ``Bob passes``."""
    if play == "pass":
        return f"{name} {agree(name, 'passes', 'pass')}"
    cards = " ".join(card_label(c) for c in play.split("=")[0].split())
    return f"{name}: {cards}" + (f" ({text})" if text else "")


def haggis_selection(cards: Sequence[str], kinds: Sequence[str], verdict: str | None) -> str:
    """``Selected: 5🟥 5🟨 5🟧 — three 5s · ✓ beats Bob's a pair of 4s``."""
    what = _or().join(kinds) if kinds else _("no combination")
    chosen = " ".join(card_label(c) for c in cards)
    line = _("Selected: {cards} — {what}").format(cards=chosen, what=what)
    return line + (f" · {verdict}" if verdict else "")


def to_beat_line(top: Combo | None, who: str, can_play: bool) -> str:
    """What a follower must beat (the engine's shape words), or that only Pass is left."""
    if top is None:
        return _("Play cards or pass.")
    what = possessive(who, top.text)
    if not can_play:
        return _("Nothing you hold beats {what}: pass.").format(what=what)
    need = (
        top.shape
        if top.is_bomb
        else _("{shape} of a higher rank, or a bomb").format(shape=top.shape)
    )
    return _("**To beat** {what}: {need} — or pass.").format(what=what, need=need)


def trick_line(view: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """The current Haggis trick from a view: ``Trick: Ann: 5🟥 5🟨 (a pair of 5s) · Bob passes``."""
    trick = view.get("trick")
    if not isinstance(trick, list):
        return None
    if not trick:
        return _("Trick: (new trick — the leader plays)")
    shown = []
    for play in trick:
        if isinstance(play, dict):
            player = play.get("player")
            who = names[player] if isinstance(player, int) and 0 <= player < len(names) else "?"
            text = combo_words(play.get("combination"))
            shown.append(trick_entry(who, str(play.get("play") or ""), text))
    return _("Trick:") + " " + " · ".join(shown)
