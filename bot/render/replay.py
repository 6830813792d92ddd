"""``/replay`` and ``/verify`` as text. Pure: a replay step is drawn exactly like the public table
message (``table_panel`` of ``view(None)``), so it shows only what the channel could see after that
move — plus, at the end of a deal, the breakdown that was announced then."""

from __future__ import annotations

from bot.tables.replay import ReplayFrame, VerifyReport

from .table import table_panel
from .text import Panel

ENDINGS = {
    "finished": "finished",
    "resigned": "ended by a resignation",
    "forfeit": "ended by a forfeit",
    "abandoned": "abandoned",
    "cancelled": "cancelled",
}


def replay_panel(frame: ReplayFrame) -> Panel:
    table = frame.table
    if table.state is None:  # a frame is always of a dealt game
        raise ValueError(f"replay frame {frame.step} of game {table.game_id} has no state")
    panel = table_panel(table, table.state.view(None))
    panel.title = f"Replay — {panel.title}"
    if frame.step == 0:
        panel.lines.insert(0, "*As dealt, before the first move.*")
    where = (
        f"Move {frame.step} of {frame.total} · deal {frame.deal_index} of {len(frame.deal_starts)}"
    )
    if frame.step == frame.total:
        where += f" · the game {ENDINGS.get(frame.ended_by, frame.ended_by)}"
    panel.footer = f"{where} · game {table.game_id}"
    return panel


def verify_panel(report: VerifyReport, names: list[str] | None = None) -> Panel:
    panel = Panel(title=f"Fair deals — game {report.game_id}")
    if not report.fair:
        panel.lines.append(
            "This game was dealt before provably fair deals (legacy seed): there is no "
            "commitment to check. It can still be replayed with /replay."
        )
        return panel
    panel.lines.append(f"Commitment SHA-256(seed): `{report.commitment}`")
    panel.lines.append(f"Seed (revealed): `{report.server_seed}`")
    panel.lines.append(f"Table id: `{report.table_id}` · derivation `{report.rng_version}`")
    rows = []
    for d in report.deals:
        dealer = ""
        if d.dealer is not None and names and 0 <= d.dealer < len(names):
            dealer = f", dealt by {names[d.dealer]}"
        mark = "✅ matches" if d.matches else "❌ does NOT match"
        rows.append(f"Deal {d.deal}{dealer}: {mark}")
    if len(rows) > 24:  # a field holds 1024 characters
        bad = sum(1 for d in report.deals if not d.matches)
        rows = [*rows[:23], f"… and {len(rows) - 23} more ({bad} not matching in all)"]
    panel.add("Deals re-derived from the seed", "\n".join(rows) or "none")
    verdict = (
        "Every deal matches the seed." if report.all_match else "Some deals do not match the seed!"
    )
    panel.lines.append(f"**{verdict}**")
    panel.footer = (
        "Check it yourself: SHA-256 of the seed is the commitment shown when the game began; "
        "python -m bot.verify SEED TABLE_ID GAME --deal N (docs/fair-deals.md)"
    )
    return panel
