"""The analysis of a finished game in words (``bot.analysis``): the lines ``python -m bot analyse``
and the terminal's ``--analyse`` print, and the pieces (a mark's word and sign, a cost) that other
surfaces may reuse. In the language in force (``bot.i18n.using``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.analysis import GameAnalysis, Mark, MoveVerdict
from bot.i18n import N_, _

from .moves import move_label

MARK_WORDS: dict[Mark, str] = {
    Mark.BEST: N_("best"),
    Mark.GOOD: N_("good"),
    Mark.INACCURACY: N_("inaccuracy"),
    Mark.MISTAKE: N_("mistake"),
    Mark.BLUNDER: N_("blunder"),
}
#: The chess annotator's signs, beside the word.
MARK_SIGNS: dict[Mark, str] = {
    Mark.BEST: "",
    Mark.GOOD: "",
    Mark.INACCURACY: "?!",
    Mark.MISTAKE: "?",
    Mark.BLUNDER: "??",
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
    """The mark in words, with its sign: ``mistake ?``."""
    sign = MARK_SIGNS[mark]
    return _(MARK_WORDS[mark]) + (f" {sign}" if sign else "")


def cost_text(cost: float) -> str:
    """A cost as a loss: ``−1.25`` (``0`` for none)."""
    return "0" if cost <= 0 else f"−{cost:.2f}"


def verdict_line(game: str, verdict: MoveVerdict, name: str) -> str:
    """``  12. Anna: Trail 2♦ — blunder ?? (−2.00; expert: Q♣ takes 4♥ + 5♥)``."""
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
        + _("{cost}; expert: {move}").format(cost=cost_text(verdict.cost), move=best)
        + ")"
    )


def analysis_lines(
    analysis: GameAnalysis, names: Sequence[str], seats: Collection[int] | None = None
) -> list[str]:
    """The whole analysis: a line on what it measures, a line per analysed move (of ``seats``
    only, when given) and each player's accuracy."""
    game = analysis.game

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("Seat {number}").format(number=seat)

    verdicts = [v for v in analysis.moves if seats is None or v.seat in seats]
    lines = [_(UNIT_LINES.get(analysis.unit, UNIT_LINES["points"]))]
    if not verdicts:
        lines.append(_("No move with a choice to analyse."))
        return lines
    lines += [verdict_line(game, v, name(v.seat)) for v in verdicts]
    for seat, accuracy in sorted(analysis.accuracy.items()):
        if seats is not None and seat not in seats:
            continue
        counted = [v for v in verdicts if v.seat == seat]
        lines.append(
            _(
                "{name}: accuracy {accuracy}% (moves: {moves}, mistakes: {mistakes}, "
                "blunders: {blunders})"
            ).format(
                name=name(seat),
                accuracy=f"{accuracy:.0f}",
                mistakes=sum(1 for v in counted if v.mark is Mark.MISTAKE),
                blunders=sum(1 for v in counted if v.mark is Mark.BLUNDER),
                moves=len(counted),
            )
        )
    return lines
