"""The analysis of a finished game in words (``bot.analysis``): the lines ``python -m bot analyse``
and the terminal's ``--analyse`` print, and the pieces (a mark's sign and word, a cost, an
accuracy) that ``/replay`` and ``/history`` show too. In the language in force (``bot.i18n.using``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.analysis import GameAnalysis, Mark, MoveVerdict
from bot.i18n import N_, _, decimal

from .moves import move_label

#: Each mark as players read it: a chess annotator's sign, then the word.
MARKS: dict[Mark, tuple[str, str]] = {
    Mark.BEST: ("✅", N_("best move")),
    Mark.GOOD: ("👍", N_("good")),
    Mark.INACCURACY: ("?!", N_("inaccuracy")),
    Mark.MISTAKE: ("?", N_("mistake")),
    Mark.BLUNDER: ("??", N_("blunder")),
}
UNIT_LINES = {
    "points": N_(
        "Each move a person chose is compared with expert's move from the same view (only the "
        "cards that player could see); the cost is in points of the deal."
    ),
    "chips": N_(
        "Each move a person chose is compared with expert's move from the same view (only the "
        "cards that player could see); the cost is in chips of the hand."
    ),
}


def mark_word(mark: Mark) -> str:
    """The mark with its sign: ``? mistake``."""
    sign, word = MARKS[mark]
    return f"{sign} {_(word)}"


def cost_text(unit: str, cost: float) -> str:
    """What a move cost, in the game's unit: ``0.75 points``, ``1.50 chips``."""
    text = _("{cost} chips") if unit == "chips" else _("{cost} points")
    return text.format(cost=decimal(max(0.0, cost), 2))


def accuracy_text(value: float) -> str:
    return _("accuracy {percent}%").format(percent=f"{value:.0f}")


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else _("seat {number}").format(number=seat + 1)


def verdict_line(unit: str, game: str, verdict: MoveVerdict, name: str) -> str:
    """``  12. Anna: Trail 2♦ — ?? blunder (cost 2.00 points; expert: Q♣ takes 4♥ + 5♥)``."""
    played = move_label(game, verdict.played)
    line = f"{verdict.move_no:>4}. {name}: {played} — {mark_word(verdict.mark)}"
    if verdict.best == verdict.played:
        return line
    best = move_label(game, verdict.best)
    if verdict.cost <= 0:
        return line + " (" + _("expert: {move}, no better by its estimate").format(move=best) + ")"
    return (
        line
        + " ("
        + _("cost {cost}; expert: {move}").format(cost=cost_text(unit, verdict.cost), move=best)
        + ")"
    )


def analysis_lines(
    analysis: GameAnalysis, names: Sequence[str], seats: Collection[int] | None = None
) -> list[str]:
    """The whole analysis: a line on what it measures, a line per analysed move (of ``seats``
    only, when given) and each player's accuracy."""
    game = analysis.game

    verdicts = [v for v in analysis.moves if seats is None or v.seat in seats]
    lines = [_(UNIT_LINES.get(analysis.unit, UNIT_LINES["points"]))]
    if not verdicts:
        lines.append(_("No move with a choice to analyse."))
        return lines
    lines += [verdict_line(analysis.unit, game, v, seat_name(names, v.seat)) for v in verdicts]
    for seat, accuracy in sorted(analysis.accuracy.items()):
        if seats is not None and seat not in seats:
            continue
        counted = [v for v in verdicts if v.seat == seat]
        lines.append(
            _(
                "{name}: {accuracy} (moves: {moves}, mistakes: {mistakes}, blunders: {blunders})"
            ).format(
                name=seat_name(names, seat),
                accuracy=accuracy_text(accuracy),
                mistakes=sum(1 for v in counted if v.mark is Mark.MISTAKE),
                blunders=sum(1 for v in counted if v.mark is Mark.BLUNDER),
                moves=len(counted),
            )
        )
    return lines
