"""The replay's controls (``cogs.replay`` answers them through ``Controls.replay_step``).

custom_ids (persistent ``DynamicItem``s, so they work after a restart; ≤ 100 characters):
  ``rp:<kind>[a]:<game id>:<step>``  ``o`` open a replay (a new private message: the final table
                                     message's **Replay** button), ``f`` ``p`` ``n`` ``l`` ``d``
                                     (⏮ ◀ ▶ ⏭, next deal) show that step in the same message,
                                     ``s`` the **Analysis** toggle: the same step again; ``a``
                                     after the kind: with the analysis shown beside the move
  ``rpsel``                          the ``/history`` select: open the chosen game's replay"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ui import Button, DynamicItem, Select

from bot.i18n import _
from bot.render.replay import next_deal_label
from bot.tables.replay import ReplayFrame

from .controls import controls_of, need
from .language import Localised
from .ui import HISTORY_MESSAGE, REPLAY_MESSAGE, TABLE_MESSAGE, guarded, one_shot

if TYPE_CHECKING:
    from storage.models import GameSummary

GAME_ID = r"[0-9A-Za-z_-]{1,64}"


def replay_custom_id(kind: str, game_id: str, step: int, analysis: bool = False) -> str:
    return f"rp:{kind}{'a' if analysis else ''}:{game_id}:{step}"


def replay_buttons(
    frame: ReplayFrame, *, analysis: bool = False, toggle: bool = False, pending: bool = False
) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ and the jump to the next deal, each carrying the game and the step it shows
    (and whether the analysis is shown: it stays on while stepping); ``toggle``: a second row
    with the **Analysis** button that shows or hides it (``pending``: the analysis is not there
    yet, the button asks for it again)."""
    gid, step, total = frame.table.game_id, frame.step, frame.total
    nxt = frame.next_deal
    specs = [
        ("f", 0, "⏮", None, step == 0),
        ("p", max(step - 1, 0), "◀", None, step == 0),
        ("n", min(step + 1, total), "▶", None, step >= total),
        ("l", total, "⏭", None, step >= total),
        (
            "d",
            nxt if nxt is not None else total,
            None,
            next_deal_label(frame.table.spec.game) + " ⏩",
            nxt is None,
        ),
    ]
    view = discord.ui.View(timeout=None)
    for kind, target, emoji, label, disabled in specs:
        view.add_item(
            Button(
                emoji=emoji,
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=replay_custom_id(kind, gid, target, analysis),
                disabled=disabled,
                row=0,
            )
        )
    if toggle:
        hide = analysis and not pending
        view.add_item(
            Button(
                emoji="🔄" if pending else "🔍",
                label=_("Hide analysis") if hide else _("Analysis"),
                style=discord.ButtonStyle.primary if analysis else discord.ButtonStyle.secondary,
                custom_id=replay_custom_id("s", gid, step, not hide),
                row=1,
            )
        )
    return one_shot(view)  # drawn per click: nothing in it listens (ReplayButton does)


class ReplayButton(
    Localised,
    DynamicItem[Button[Any]],
    template=rf"rp:(?P<kind>[ofpnlds])(?P<an>a?):(?P<gid>{GAME_ID}):(?P<step>\d{{1,6}})",
):
    def __init__(
        self, item: Button[Any], kind: str, game_id: str, step: int, analysis: bool = False
    ) -> None:
        super().__init__(item)
        self.kind, self.game_id, self.step, self.analysis = kind, game_id, step, analysis

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> ReplayButton:
        return cls(
            cast(Button[Any], item),
            match["kind"],
            match["gid"],
            int(match["step"]),
            bool(match["an"]),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        step = need(controls_of(interaction.client).replay_step, "replay")
        new = self.kind == "o"  # Replay on the final table message; the steps on a replay frame
        kind = TABLE_MESSAGE if new else REPLAY_MESSAGE
        await guarded(
            interaction, step(interaction, self.game_id, self.step, new, self.analysis), kind
        )


class ReplaySelect(Localised, DynamicItem[Select[Any]], template=r"rpsel"):
    def __init__(self, item: Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> ReplaySelect:
        return cls(cast(Select[Any], item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        step = need(controls_of(interaction.client).replay_step, "replay")
        game_id = values[0] if values else ""
        await guarded(interaction, step(interaction, game_id, 0, True, False), HISTORY_MESSAGE)


def history_select(games: list[GameSummary], label: Any) -> discord.ui.View | None:
    """A select of ``/history``'s games: choosing one opens its replay."""
    if not games:
        return None
    options = [
        discord.SelectOption(label=str(label(g))[:100], value=g.game_id, description=g.game_id)
        for g in games[:25]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(Select(custom_id="rpsel", placeholder=_("Replay a game…"), options=options))
    return one_shot(view)
