"""``/replay`` and ``/verify`` as text. Pure: a replay step is drawn exactly like the public table
message (``table_panel`` of ``view(None)``), so it shows only what the channel could see after that
move — plus, at the end of a deal, the breakdown that was announced then."""

from __future__ import annotations

from collections.abc import Sequence

from bot.analysis import AnalysisState, GameAnalysis, Mark
from bot.i18n import N_, _
from bot.tables.replay import ReplayFrame, VerifyReport

from .analysis import accuracy_text, cost_text, mark_word, seat_name
from .moves import move_label
from .table import table_panel
from .text import Panel

ENDINGS = {
    "finished": N_("the game finished"),
    "resigned": N_("the game ended by a resignation"),
    "forfeit": N_("the game ended by a forfeit"),
    "abandoned": N_("the game abandoned"),
    "cancelled": N_("the game cancelled"),
}


#: a replay frame's title, in every language how its messages are told apart (``bot.discord.ui``)
REPLAY_TITLE = N_("Replay — {title}")


#: Games whose deal of the cards is a hand (poker: «раздача», where the others say «сдача»).
HAND_GAMES = frozenset({"hurricane_poker"})


def next_deal_label(game: str) -> str:
    """The replay's jump to the next deal, in the game's own word."""
    return _("Next hand") if game in HAND_GAMES else _("Next deal")


def replay_panel(frame: ReplayFrame) -> Panel:
    table = frame.table
    if table.state is None:  # a frame is always of a dealt game
        raise ValueError(f"replay frame {frame.step} of game {table.game_id} has no state")
    panel = table_panel(table, table.state.view(None))
    panel.title = _(REPLAY_TITLE).format(title=panel.title)
    if frame.step == 0:
        panel.lines.insert(0, "*" + _("As dealt, before the first move.") + "*")
    where = (
        _("Move {step} of {total} · hand {deal} of {deals}")
        if table.spec.game in HAND_GAMES
        else _("Move {step} of {total} · deal {deal} of {deals}")
    ).format(
        step=frame.step, total=frame.total, deal=frame.deal_index, deals=len(frame.deal_starts)
    )
    if frame.step == frame.total:
        ending = ENDINGS.get(frame.ended_by)
        where += " · " + (_(ending) if ending else str(frame.ended_by))
    panel.footer = where + " · " + _("game {id}").format(id=table.game_id)
    return panel


def verify_panel(report: VerifyReport, names: list[str] | None = None) -> Panel:
    panel = Panel(title=_("Fair deals — game {id}").format(id=report.game_id))
    if not report.fair:
        panel.lines.append(
            _(
                "This game was dealt before provably fair deals (legacy seed): there is no "
                "commitment to check. It can still be replayed with /replay."
            )
        )
        return panel
    panel.lines.append(_("Commitment SHA-256(seed): {hash}").format(hash=f"`{report.commitment}`"))
    panel.lines.append(_("Seed (revealed): {seed}").format(seed=f"`{report.server_seed}`"))
    panel.lines.append(
        _("Table id: {id} · derivation {version}").format(
            id=f"`{report.table_id}`", version=f"`{report.rng_version}`"
        )
    )
    rows = []
    for d in report.deals:
        dealer = ""
        if d.dealer is not None and names and 0 <= d.dealer < len(names):
            dealer = ", " + _("dealt by {name}").format(name=names[d.dealer])
        mark = "✅ " + _("matches") if d.matches else "❌ " + _("does NOT match")
        deal = _("Hand {number}") if report.game in HAND_GAMES else _("Deal {number}")
        rows.append(deal.format(number=d.deal) + f"{dealer}: {mark}")
    if len(rows) > 24:  # a field holds 1024 characters
        bad = sum(1 for d in report.deals if not d.matches)
        more = _("… and {count} more ({bad} not matching in all)").format(
            count=len(rows) - 23, bad=bad
        )
        rows = [*rows[:23], more]
    panel.add(_("Deals re-derived from the seed"), "\n".join(rows) or _("none"))
    verdict = (
        _("Every deal matches the seed.")
        if report.all_match
        else _("Some deals do not match the seed!")
    )
    panel.lines.append(f"**{verdict}**")
    panel.footer = _(
        "Check it yourself: SHA-256 of the seed is the commitment shown when the game began; "
        "python -m bot.verify SEED TABLE_ID GAME --deal N (docs/fair-deals.md)"
    )
    return panel


ANALYSIS_TITLE = N_("Analysis")


def add_analysis(
    panel: Panel,
    frame: ReplayFrame,
    state: AnalysisState,
    analysis: GameAnalysis | None,
    names: Sequence[str],
) -> None:
    """The replay frame's **Analysis** field: the verdict of the move just played (the one this
    step shows), each person's accuracy; or why there is none yet."""
    if state is AnalysisState.PENDING or (state is AnalysisState.READY and analysis is None):
        panel.add(
            _(ANALYSIS_TITLE),
            "⏳ "
            + _(
                "Analysis pending: this game is being analysed in the background. "
                "Press Analysis again in a minute."
            ),
        )
        return
    if state is AnalysisState.BUSY:
        panel.add(
            _(ANALYSIS_TITLE),
            "⏳ "
            + _(
                "Many games are waiting for their analysis right now: this one is not queued yet. "
                "Press Analysis again in a few minutes."
            ),
        )
        return
    if state is AnalysisState.FAILED:
        panel.add(_(ANALYSIS_TITLE), _("This game could not be analysed."))
        return
    if state is AnalysisState.OFF or analysis is None:
        panel.add(_(ANALYSIS_TITLE), _("This bot does not analyse games."))
        return
    game = frame.table.spec.game

    lines: list[str] = []
    verdict = analysis.for_move(frame.step) if frame.step > 0 else None
    if frame.step == 0:
        lines.append(_("Step through the moves: each person's move gets its verdict here."))
    elif verdict is None:
        lines.append(
            _(
                "Move {step} is not analysed: a computer's move, a timed-out turn or the only "
                "legal move."
            ).format(step=frame.step)
        )
    else:
        played = move_label(game, verdict.played, names)
        lines.append(
            _("Move {step}: {name} played {move}").format(
                step=frame.step, name=f"**{seat_name(names, verdict.seat)}**", move=f"**{played}**"
            )
            + f" — {mark_word(verdict.mark)}"
        )
        if verdict.mark is not Mark.BEST:
            lines.append(
                _("Expert's move: {move} · cost {cost}").format(
                    move=f"**{move_label(game, verdict.best, names)}**",
                    cost=cost_text(analysis.unit, verdict.cost),
                )
            )
    if analysis.accuracy:
        lines.append(
            " · ".join(
                f"{seat_name(names, seat)}: {accuracy_text(value)}"
                for seat, value in sorted(analysis.accuracy.items())
            )
        )
    panel.add(_(ANALYSIS_TITLE), "\n".join(lines))
