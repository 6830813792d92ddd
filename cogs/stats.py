"""``/leaderboard``, ``/stats`` and ``/history``: thin adapters over the bot's ``Storage``.

All three answer ephemerally (a leaderboard page carries the caller's own rank, and paging it should
not move anyone else's screen). Leaderboard pages turn with persistent buttons (``DynamicItem``s,
so they keep working after a restart); their custom_id carries everything needed:

  ``lb:<game>:<metric>:<page>``   show that page (0-based) of that board, for whoever clicks
  ``lb:<game>:<metric>:me``       jump to the page holding the clicker's own rank

Computer players are left out of leaderboards unless asked for (``computers:True``); such a board's
buttons end in ``:all`` (``lb:<game>:<metric>:<page>:all``) so its pages keep them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands
from discord.ui import Button, DynamicItem

from bot.i18n import N_, _, current
from bot.names import shown
from bot.render.rules import preset_shown
from bot.render.text import Panel
from bot.render.words import noun, plural
from cogs.language import Localised
from storage.models import GameSummary, LeaderboardRow, Metric, PlayerStats

from .acks import within_ack
from .replay import history_select
from .tables import GAME_CHOICES
from .ui import BOARD_MESSAGE, BOARD_TITLE, guarded, panel_embed

if TYPE_CHECKING:
    from bot.app import CardBot
    from storage.base import Storage

PAGE_SIZE = 10
HISTORY_SIZE = 10
GAME_NAMES = {c.value: c.name for c in GAME_CHOICES}
METRIC_NAMES = {
    Metric.RATING: N_("rating"),
    Metric.WINS: N_("wins"),
    Metric.POINTS: N_("match points"),
    Metric.GAMES: N_("games played"),
    Metric.STREAK: N_("win streak"),
    Metric.CHIPS: N_("chips won"),
}
METRIC_CHOICES = [app_commands.Choice(name=name, value=m.value) for m, name in METRIC_NAMES.items()]
NO_STORAGE = N_("Statistics are not available: this bot is running without a database.")
_GAMES_RE = "|".join(GAME_NAMES)
_METRICS_RE = "|".join(m.value for m in Metric)


def game_title(game: str, options: dict[str, Any] | None = None) -> str:
    title = _(GAME_NAMES[game]) if game in GAME_NAMES else game.capitalize()
    preset = preset_shown(game, options or {}, lang=current())
    return f"{title} · {preset}" if preset else title


def metric_value(row: LeaderboardRow, metric: Metric) -> str:
    if metric is Metric.RATING:
        return f"**{row.rating:.0f}**"
    if metric is Metric.WINS:
        return f"**{row.wins}** {noun(row.wins, 'win')}"
    if metric is Metric.POINTS:
        return f"**{row.points}** {noun(row.points, 'pt', 'pts')}"
    if metric is Metric.GAMES:
        return f"**{row.games}** {noun(row.games, 'game')}"
    if metric is Metric.CHIPS:
        return f"**{row.chips:+d}** {noun(abs(row.chips), 'chip')}"
    return _("**{streak}** in a row (best {best})").format(streak=row.streak, best=row.best_streak)


def record_text(row: LeaderboardRow) -> str:
    draws = " " + _("{count}D").format(count=row.draws) if row.draws else ""
    record = _("{wins}W {losses}L").format(wins=row.wins, losses=row.losses)
    return f"{record}{draws} · {plural(row.games, 'game')}"


def board_panel(
    game: str,
    metric: Metric,
    page: int,
    rows: list[LeaderboardRow],
    mine: LeaderboardRow | None,
    viewer_id: int,
    computers: bool = False,
) -> Panel:
    title = _(BOARD_TITLE).format(game=game_title(game), metric=_(METRIC_NAMES[metric]))
    panel = Panel(title=title)
    if not rows:
        panel.lines.append(
            _("Nobody is on this page.")
            if page > 0
            else _("Nobody has finished a game of {game} in this server yet.").format(
                game=game_title(game)
            )
        )
    for row in rows:
        you = " ← " + _("you") if row.user_id == viewer_id else ""
        panel.lines.append(
            f"`#{row.rank:>3}` {shown(row.name)} — {metric_value(row, metric)} · {record_text(row)}{you}"
        )
    if mine is None:
        panel.add(
            _("Your rank"),
            _("You have no finished {game} game here yet.").format(game=game_title(game)),
        )
    else:
        panel.add(
            _("Your rank"), f"#{mine.rank} — {metric_value(mine, metric)} · {record_text(mine)}"
        )
    listed = _("computer players included") if computers else _("computer players are not listed")
    panel.footer = _("Page {number}").format(number=page + 1) + f" · {listed}"
    return panel


def stats_panel(name: str, stats: list[PlayerStats]) -> Panel:
    panel = Panel(title=_("Stats of {name}").format(name=name))
    if not stats:
        panel.lines.append(_("{name} has no finished games in this server yet.").format(name=name))
        return panel
    for s in stats:
        row = s.row
        rate = 100.0 * row.wins / row.games if row.games else 0.0
        lines = [
            _("Rank #{rank} · rating {rating}").format(rank=row.rank, rating=f"{row.rating:.0f}"),
            f"{record_text(row)} · "
            + _("{rate}% won").format(rate=f"{rate:.0f}")
            + f" · {plural(row.points, 'match point')}",
            _("Win streak {streak} (best {best})").format(streak=row.streak, best=row.best_streak),
        ]
        if s.recent:
            marks = " ".join(_outcome_mark(g, row.user_id) for g in s.recent)
            lines.append(_("Recent: {marks}").format(marks=marks))
        panel.add(game_title(s.game), "\n".join(lines))
    return panel


def _seats_of(game: GameSummary, user_id: int) -> list[int]:
    return [s.seat for s in game.seats if s.user_id == user_id]


def _outcome(game: GameSummary, user_id: int | None) -> str:
    """``abandoned``, ``draw``, ``won_by``, ``double``, ``won`` or ``lost``."""
    if game.ended_by == "abandoned":
        return "abandoned"
    if not game.winners:
        return "draw"
    if user_id is None:
        return "won_by"
    mine = _seats_of(game, user_id)
    if any(seat in game.winners for seat in mine):
        return "double" if game.double else "won"
    return "lost"


def outcome_word(game: GameSummary, user_id: int | None) -> str:
    outcome = _outcome(game, user_id)
    if outcome == "won_by":
        names = [shown(s.name) for s in game.seats if s.seat in game.winners]
        return _("won by {names}").format(names=" & ".join(names))
    return {
        "abandoned": _("abandoned"),
        "draw": _("draw"),
        "double": "**" + _("double win") + "**",
        "won": "**" + _("won") + "**",
    }.get(outcome, _("lost"))


def _outcome_mark(game: GameSummary, user_id: int) -> str:
    outcome = _outcome(game, user_id)
    marks = {"abandoned": "·", "draw": _("D"), "lost": _("L")}
    return marks.get(outcome, _("W"))


def scores_text(game: GameSummary) -> str:
    """The scores winner first, then the others from the highest ("Carol 252 vs Bob 208 vs …")."""
    teams = any(s.team is not None for s in game.seats)
    sides: dict[int, list[str]] = {}
    won: set[int] = set()
    for s in game.seats:
        side = s.team if teams and s.team is not None else s.seat
        sides.setdefault(side, []).append(shown(s.name))
        if s.seat in game.winners:
            won.add(side)
    order = sorted(sides, key=lambda side: (side not in won, -game.scores[side], side))
    vs = " " + _("vs") + " "
    return vs.join(f"{' & '.join(sides[side])} {game.scores[side]}" for side in order)


def history_panel(name: str | None, games: list[GameSummary], user_id: int | None) -> Panel:
    panel = Panel(
        title=_("Recent games of {name}").format(name=name)
        if name
        else _("Recent games in this server")
    )
    if not games:
        panel.lines.append(
            _("{name} has no finished games in this server yet.").format(name=name)
            if name
            else _("No games have finished in this server yet.")
        )
    for g in games:
        how = {"resigned": " " + _("(resigned)"), "forfeit": " " + _("(forfeit)")}.get(
            g.ended_by, ""
        )
        seed = " · " + _("seed {seed}").format(seed=f"`{g.server_seed}`") if g.server_seed else ""
        panel.lines.append(
            f"{discord.utils.format_dt(datetime.fromtimestamp(g.ended_at, UTC), 'R')} "
            f"**{game_title(g.game, g.options)}** — "
            f"{outcome_word(g, user_id)}{how}\n{scores_text(g)}\n"
            "-# " + _("game {id}").format(id=f"`{g.game_id}`") + seed
        )
    if games:
        panel.footer = _(
            "Replay one with the menu below or /replay game:<id>; /verify checks its deals."
        )
    return panel


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
        cog = cast(Stats, interaction.client.get_cog("Stats"))
        work = cog.turn_page(interaction, self.game, self.metric, self.page, self.computers)
        await guarded(interaction, work, BOARD_MESSAGE)


class Stats(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    def _storage(self) -> Storage | None:
        return self.bot.storage

    async def _board(
        self,
        guild_id: int,
        viewer_id: int,
        game: str,
        metric: Metric,
        page: int | None,
        computers: bool,
    ) -> tuple[discord.Embed, discord.ui.View]:
        storage = self._storage()
        if storage is None:
            raise RuntimeError("no storage")
        mine = await storage.rank_of(guild_id, game, viewer_id, metric, include_bots=computers)
        if page is None:  # "my rank": the page that holds the viewer, else the first
            page = (mine.rank - 1) // PAGE_SIZE if mine is not None else 0
        rows = await storage.leaderboard(
            guild_id,
            game,
            metric,
            limit=PAGE_SIZE + 1,
            offset=page * PAGE_SIZE,
            include_bots=computers,
        )
        panel = board_panel(game, metric, page, rows[:PAGE_SIZE], mine, viewer_id, computers)
        more = len(rows) > PAGE_SIZE
        return panel_embed(panel, game), page_buttons(game, metric, page, more, computers)

    @app_commands.command(name="leaderboard", description="The best players of a game here.")
    @app_commands.describe(
        game="Which game",
        metric="What to rank by (default: rating)",
        computers="List computer players too (default: no)",
    )
    @app_commands.choices(game=GAME_CHOICES, metric=METRIC_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        metric: str = Metric.RATING.value,
        computers: bool = False,
    ) -> None:
        if self._storage() is None or interaction.guild_id is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        work = self._board(
            interaction.guild_id, interaction.user.id, game, Metric(metric), 0, computers
        )
        # Storage may be slow: acknowledge within Discord's 3 s (a private "thinking…"), then answer.
        embed, view = await within_ack(interaction, work, ephemeral=True)
        await _send_private(interaction, embed, view)

    async def turn_page(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        metric: Metric,
        page: str,
        computers: bool = False,
    ) -> None:
        if self._storage() is None or interaction.guild_id is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        number = None if page == "me" else int(page)
        work = self._board(
            interaction.guild_id, interaction.user.id, game, metric, number, computers
        )
        embed, view = await within_ack(interaction, work)  # a deferred update if storage is slow
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await interaction.response.edit_message(embed=embed, view=view)

    async def _about_player(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None,
        panel: Callable[
            [Storage, int, discord.User | discord.Member],
            Awaitable[Panel | tuple[Panel, discord.ui.View | None]],
        ],
    ) -> None:
        """/stats and /history: the chosen player (default: the caller), answered privately
        (``panel`` may come with a view, such as /history's replay menu)."""
        storage = self._storage()
        if storage is None or interaction.guild_id is None:
            await interaction.response.send_message(_(NO_STORAGE), ephemeral=True)
            return
        work = panel(storage, interaction.guild_id, player or interaction.user)
        built = await within_ack(interaction, work, ephemeral=True)
        shown_panel, view = built if isinstance(built, tuple) else (built, None)
        await _send_private(interaction, panel_embed(shown_panel), view)

    @app_commands.command(name="stats", description="A player's results in every game here.")
    @app_commands.describe(player="Whose stats (default: yours)")
    @app_commands.rename(player="user")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        async def panel(
            storage: Storage, guild_id: int, who: discord.User | discord.Member
        ) -> Panel:
            name = escaped(who.display_name)
            return stats_panel(name, await storage.player_stats(guild_id, who.id))

        await self._about_player(interaction, player, panel)

    @app_commands.command(name="history", description="Recent finished games and their results.")
    @app_commands.describe(player="Whose games (default: yours)")
    @app_commands.rename(player="user")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        async def panel(
            storage: Storage, guild_id: int, who: discord.User | discord.Member
        ) -> tuple[Panel, discord.ui.View | None]:
            games = await storage.history(guild_id, who.id, HISTORY_SIZE)
            # the menu opens a game's replay (labels are component text: raw, not escaped)
            menu = history_select(games, lambda g: f"{game_title(g.game, g.options)} · {g.game_id}")
            return history_panel(escaped(who.display_name), games, who.id), menu

        await self._about_player(interaction, player, panel)


def escaped(name: str) -> str:
    """A display name drawn into a panel (escaped like ``discord.utils.escape_markdown`` and
    ``escape_mentions``; names are stored raw)."""
    return shown(name)


async def _send_private(
    interaction: discord.Interaction[Any], embed: discord.Embed, view: discord.ui.View | None
) -> None:
    if interaction.response.is_done():  # deferred: storage took long
        await interaction.followup.send(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )
    else:
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Stats(bot))
    bot.add_dynamic_items(PageButton)


async def teardown(bot: CardBot) -> None:
    bot.remove_dynamic_items(PageButton)
