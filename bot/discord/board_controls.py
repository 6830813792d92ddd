"""A leaderboard page's buttons (``cogs.stats`` answers them through ``Controls.board_page``).

Their custom_id carries everything needed (persistent ``DynamicItem``s: they keep working after a
restart):

  ``lb:<game>:<metric>:<page>``   show that page (0-based) of that board, for whoever clicks
  ``lb:<game>:<metric>:me``       jump to the page holding the clicker's own rank

A board that includes the computer players (``computers:True``) has buttons ending in ``:all``
(``lb:<game>:<metric>:<page>:all``), so its pages keep them."""

from __future__ import annotations

from typing import Any, cast

import discord
from discord.ui import Button, DynamicItem

from bot.i18n import _
from storage.models import Metric

from .controls import controls_of, need
from .language import Localised
from .ui import BOARD_MESSAGE, guarded

#: Any game's name (``bot.games.registry``): a game registered after import has page buttons too.
_GAMES_RE = "[a-z][a-z0-9_]{0,31}"
_METRICS_RE = "|".join(m.value for m in Metric)


def page_buttons(
    game: str, metric: Metric, page: int, more: bool, computers: bool = False
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    prev = PageButton.make(game, metric, str(max(page - 1, 0)), "◀ " + _("Previous"), computers)
    prev.item.disabled = page == 0
    nxt = PageButton.make(game, metric, str(page + 1), _("Next") + " ▶", computers)
    nxt.item.disabled = not more
    view.add_item(prev)
    view.add_item(nxt)
    view.add_item(PageButton.make(game, metric, "me", _("My rank"), computers))
    return view


class PageButton(
    Localised,
    DynamicItem[Button[Any]],
    template=rf"lb:(?P<game>{_GAMES_RE}):(?P<metric>{_METRICS_RE}):(?P<page>[0-9]{{1,6}}|me)(?P<all>:all)?",
):
    def __init__(
        self, item: Button[Any], game: str, metric: Metric, page: str, computers: bool = False
    ) -> None:
        super().__init__(item)
        self.game, self.metric, self.page, self.computers = game, metric, page, computers

    @classmethod
    def make(
        cls, game: str, metric: Metric, page: str, label: str, computers: bool = False
    ) -> PageButton:
        button: Button[Any] = Button(
            label=label,
            style=discord.ButtonStyle.secondary,
            custom_id=f"lb:{game}:{metric.value}:{page}{':all' if computers else ''}",
        )
        return cls(button, game, metric, page, computers)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> PageButton:
        metric = Metric(match["metric"])
        return cls(
            cast(Button[Any], item), match["game"], metric, match["page"], bool(match["all"])
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        turn_page = need(controls_of(interaction.client).board_page, "leaderboard")
        work = turn_page(interaction, self.game, self.metric, self.page, self.computers)
        await guarded(interaction, work, BOARD_MESSAGE)
