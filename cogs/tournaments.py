"""``/tournament`` and ``/season``: thin adapters over the tournament service
(``bot.tournaments.service``) and its Discord desk (``bot.discord.tournaments``).

Creating, cancelling and deciding matches take Manage Server or Manage Events; joining, leaving,
pausing and reading the standings are for everyone. A command without ``tournament`` acts on the
newest tournament running in the server. Refusals are private and change nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import GAME_CHOICES
from bot.discord.tournaments import parse_start, standings_text
from bot.i18n import N_, _
from bot.tables.specs import parse_option_text
from bot.tournaments.service import Live, Plan, TournamentError, TournamentService
from cogs.places import SERVER_CONTEXT, SERVER_INSTALL

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost

Interaction = discord.Interaction[Any]
NOT_HERE = N_("Tournaments run in servers with the bot, with a database.")
MODERATORS = N_("Only members with Manage Server or Manage Events can do that.")


def command_options(game: str, text: str | None, target: int | None) -> dict[str, Any]:
    """The engine options asked for: ``options`` typed as on ``/table new`` and ``target``."""
    chosen = parse_option_text(text)
    if target is not None:
        chosen["target"] = target
    return chosen


def is_moderator(interaction: Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.manage_events or perms.administrator)


class Tournaments(commands.Cog):
    def __init__(self, bot: CardHost) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.controls.tournament_click = self.click

    async def cog_unload(self) -> None:
        self.bot.controls.clear(self)

    def _service(self) -> TournamentService:
        service = getattr(self.bot, "tournaments", None)
        if not isinstance(service, TournamentService):
            raise TournamentError(NOT_HERE)
        return service

    async def _pick(self, interaction: Interaction, tournament: str | None) -> Live:
        service = self._service()
        if interaction.guild_id is None:
            raise TournamentError(NOT_HERE)
        if tournament:
            live = await service.load(tournament.strip())
            if live is None or live.record.guild_id != interaction.guild_id:
                raise TournamentError(N_("There is no running tournament with that id here."))
            return live
        running = service.active_in(interaction.guild_id)
        if not running:
            raise TournamentError(N_("No tournament is running in this server."))
        here = [x for x in running if x.record.channel_id == interaction.channel_id]
        return max(here or running, key=lambda x: x.record.created_at)

    async def _done(self, interaction: Interaction, message: str) -> None:
        await interaction.response.send_message(message, ephemeral=True)

    tournament = app_commands.Group(
        name="tournament",
        description="Swiss and Arena tournaments in this server.",
        allowed_installs=SERVER_INSTALL,
        allowed_contexts=SERVER_CONTEXT,
    )

    @tournament.command(name="create", description="Announce a tournament in this channel.")
    @app_commands.describe(
        game="Which game",
        format="swiss (fixed rounds), arena (a time window) or tables (Haggis for 3, poker)",
        start="When: minutes from now (30, 1h30m), a UTC time (20:30) or a date and time",
        rounds="Swiss and tables: how many rounds",
        window="Arena: how many minutes it lasts",
        preset="Hurricane: standard, open or pairs",
        target="The points that win a game (the game's own default if left out)",
        turn_timer="Seconds per turn; a no-show forfeits after the first",
        max_players="The most entrants (default: no limit)",
        computers="Computer players who join at the start",
        options="More game options as name=value pairs, as in /table new (hands=3)",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        format=[
            app_commands.Choice(name="swiss", value="swiss"),
            app_commands.Choice(name="arena", value="arena"),
            app_commands.Choice(name="tables", value="tables"),
        ],
    )
    async def create(
        self,
        interaction: Interaction,
        game: str,
        format: str,
        start: str,
        rounds: app_commands.Range[int, 1, 15] = 3,
        window: app_commands.Range[int, 1, 1440] = 60,
        preset: str | None = None,
        target: app_commands.Range[int, 1, 100000] | None = None,
        turn_timer: app_commands.Range[int, 10, 3600] = 120,
        max_players: app_commands.Range[int, 2, 256] | None = None,
        computers: app_commands.Range[int, 0, 64] = 0,
        options: str | None = None,
    ) -> None:
        if not is_moderator(interaction):
            raise TournamentError(MODERATORS)
        service = self._service()
        if interaction.guild_id is None or not isinstance(interaction.channel, discord.TextChannel):
            raise TournamentError(
                N_("Create a tournament in a server's text channel: its games get threads there.")
            )
        starts = parse_start(start, self.bot.clock())
        chosen = command_options(game, options, target)
        plan = Plan(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel.id,
            created_by=interaction.user.id,
            game=game,
            format=format,
            starts_at=starts,
            preset=preset,
            rounds=rounds,
            window=float(window) * 60,
            turn_timer=float(turn_timer),
            max_players=max_players or 0,
            computers=computers,
            options=chosen,
        )
        t = await service.create(plan)
        await self._done(
            interaction,
            _("Tournament {id} created: it starts <t:{at}:R>.").format(
                id=t.tournament_id, at=int(t.starts_at)
            ),
        )

    @tournament.command(name="join", description="Register for a tournament.")
    @app_commands.describe(
        tournament="Its id (default: the newest one here)", partner="Pairs: your partner"
    )
    async def join(
        self,
        interaction: Interaction,
        tournament: str | None = None,
        partner: discord.Member | None = None,
    ) -> None:
        live = await self._pick(interaction, tournament)
        await self._join(interaction, live, partner)

    async def _join(
        self, interaction: Interaction, live: Live, partner: discord.abc.User | None = None
    ) -> None:
        mate = None if partner is None else (partner.id, partner.display_name)
        await self._service().join(
            live.record.tournament_id,
            interaction.user.id,
            interaction.user.display_name,
            partner=mate,
        )
        await self._done(interaction, _("You are registered."))

    @tournament.command(name="leave", description="Unregister, or withdraw from a running one.")
    @app_commands.describe(tournament="Its id (default: the newest one here)")
    async def leave(self, interaction: Interaction, tournament: str | None = None) -> None:
        live = await self._pick(interaction, tournament)
        await self._service().leave(live.record.tournament_id, interaction.user.id)
        await self._done(interaction, _("You have left the tournament."))

    @tournament.command(name="pause", description="Arena: leave the pairing pool for a while.")
    @app_commands.describe(tournament="Its id (default: the newest one here)")
    async def pause(self, interaction: Interaction, tournament: str | None = None) -> None:
        live = await self._pick(interaction, tournament)
        await self._service().pause(live.record.tournament_id, interaction.user.id, True)
        await self._done(interaction, _("Paused: you get no new games until you resume."))

    @tournament.command(name="resume", description="Arena: come back to the pairing pool.")
    @app_commands.describe(tournament="Its id (default: the newest one here)")
    async def resume(self, interaction: Interaction, tournament: str | None = None) -> None:
        live = await self._pick(interaction, tournament)
        await self._service().pause(live.record.tournament_id, interaction.user.id, False)
        await self._done(interaction, _("Welcome back: you will be paired again."))

    @tournament.command(name="standings", description="A tournament's rounds and standings.")
    @app_commands.describe(tournament="Its id (default: the newest one here)")
    async def standings(self, interaction: Interaction, tournament: str | None = None) -> None:
        live = await self._pick(interaction, tournament)
        await self._done(interaction, standings_text(self._service(), live))

    @tournament.command(name="cancel", description="Cancel a tournament (moderators).")
    @app_commands.describe(tournament="Its id (default: the newest one here)")
    async def cancel(self, interaction: Interaction, tournament: str | None = None) -> None:
        if not is_moderator(interaction):
            raise TournamentError(MODERATORS)
        live = await self._pick(interaction, tournament)
        await self._service().cancel(live.record.tournament_id)
        await self._done(interaction, _("The tournament is cancelled."))

    @tournament.command(name="award", description="Decide or void a match (moderators).")
    @app_commands.describe(
        match="The match id (r2b1: round 2, board 1)",
        winner="Who wins it; leave out to void the match",
        tournament="Its id (default: the newest one here)",
    )
    async def award(
        self,
        interaction: Interaction,
        match: str,
        winner: discord.Member | None = None,
        tournament: str | None = None,
    ) -> None:
        if not is_moderator(interaction):
            raise TournamentError(MODERATORS)
        live = await self._pick(interaction, tournament)
        service = self._service()
        entrant = None
        if winner is not None:
            entrant = next(
                (e.entrant for e in live.entries.values() if winner.id in e.members), None
            )
            if entrant is None:
                raise TournamentError(N_("The winner must be a player of that match."))
        done = await service.award(live.record.tournament_id, match.strip(), entrant)
        message = _("Match {id} is void.") if done.status == "void" else _("Match {id} is awarded.")
        await self._done(interaction, message.format(id=done.match_id))

    async def click(self, interaction: Interaction, act: str, tournament_id: str) -> None:
        """The tournament message's buttons."""
        live = await self._pick(interaction, tournament_id)
        if act == "join":
            await self._join(interaction, live)
        elif act == "leave":
            await self._service().leave(tournament_id, interaction.user.id)
            await self._done(interaction, _("You have left the tournament."))
        elif act == "pause":
            await self._service().pause(tournament_id, interaction.user.id, True)
            await self._done(interaction, _("Paused: you get no new games until you resume."))
        else:
            await self._done(interaction, standings_text(self._service(), live))

    # ------------------------------------------------------------------ seasons

    season = app_commands.Group(
        name="season",
        description="Seasons: leaderboards that start afresh (Manage Server).",
        default_permissions=discord.Permissions(manage_guild=True),
        allowed_installs=SERVER_INSTALL,
        allowed_contexts=SERVER_CONTEXT,
    )

    @season.command(name="start", description="Start a new season of leaderboards.")
    @app_commands.describe(
        name="The season's name", reset_ratings="Start every rating afresh (default: no)"
    )
    async def season_start(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 40],
        reset_ratings: bool = False,
    ) -> None:
        storage = self.bot.storage
        if storage is None or interaction.guild_id is None:
            raise TournamentError(NOT_HERE)
        if not interaction.permissions.manage_guild:
            raise TournamentError(N_("Only members with Manage Server can do that."))
        started = await storage.start_season(
            interaction.guild_id, name.strip(), self.bot.clock(), reset_ratings
        )
        if started is None:
            raise TournamentError(
                N_(
                    "A season is running already, or that name was used before: end it first or choose another name."
                )
            )
        await interaction.response.send_message(
            _("Season **{name}** has started.").format(
                name=discord.utils.escape_markdown(started.name)
            )
        )

    @season.command(name="end", description="End the season and archive its standings.")
    async def season_end(self, interaction: Interaction) -> None:
        storage = self.bot.storage
        if storage is None or interaction.guild_id is None:
            raise TournamentError(NOT_HERE)
        if not interaction.permissions.manage_guild:
            raise TournamentError(N_("Only members with Manage Server can do that."))
        ended = await storage.end_season(interaction.guild_id, self.bot.clock())
        if ended is None:
            raise TournamentError(N_("No season is running."))
        await interaction.response.send_message(
            _(
                "Season **{name}** has ended; its standings are kept: /leaderboard season:{name}"
            ).format(name=discord.utils.escape_markdown(ended.name))
        )


async def setup(bot: CardHost) -> None:
    await bot.add_cog(Tournaments(bot))
