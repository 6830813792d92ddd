"""The Discord bot: built by ``create_bot(config)`` so tests build exactly what ``python -m bot`` runs.

``setup_hook`` opens storage, builds the table manager (with the publisher as its listener), loads the cogs,
registers the persistent components and restores unfinished tables: with ``SHARD_IDS`` set, only those of the
guilds on this process's shards (Discord sends a guild's interactions only to its shard, so no other guild's
table can be played here). Then it publishes the slash commands: to ``DEV_GUILD_ID`` (instant, by the process
that owns that guild's shard) when it is set, else globally (by the process running shard 0), but only when the
command tree differs from the one last synced (its hash is kept in storage), so restarts stay cheap and within
Discord's rate limits. The owner's ``/admin sync`` forces a sync. No privileged intents are used.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib
import json
import logging
import re
import signal
import sqlite3
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config, format_shard_ids
from bot.discord.choices import refresh_game_choices
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.controls import Controls
from bot.discord.errors import UnknownControl, report_interaction_error
from bot.discord.language import CommandTranslator, PlayerLanguages, ServerLanguages, localise
from bot.discord.live import HandUpdater, TurnPinger
from bot.discord.media import clear_card_emojis, sync_card_emojis, warm_pictures
from bot.discord.notices import TurnNotices
from bot.discord.publisher import TablePublisher
from bot.discord.remote import RemoteTables
from bot.discord.tournaments import TournamentDesk
from bot.discord.web_links import WebLinks
from bot.heap import freeze_long_lived
from bot.tables.analysis_queue import AnalysisQueue
from bot.tables.manager import TableManager
from bot.tables.models import TableLimits
from bot.tournaments.service import TournamentService
from bot.web.summary import PageWriter

if TYPE_CHECKING:
    from bot.discord.card_host import CardHost
    from storage.base import Storage

log = logging.getLogger("bot.app")
COMMANDS_HASH_KEY = "commands.global.sha256"  # storage key: the hash of the last global sync


class _NoVoiceWarnings(logging.Filter):
    """The bot uses no voice: discord.py's "PyNaCl / davey is not installed" warnings are noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


logging.getLogger("discord.client").addFilter(_NoVoiceWarnings())

EXTENSIONS: tuple[str, ...] = (
    "cogs.admin",
    "cogs.rules",
    "cogs.tables",
    "cogs.play",
    "cogs.stats",
    "cogs.replay",
    "cogs.settings",
    "cogs.games",
    "cogs.tournaments",
)


class CardTree(app_commands.CommandTree["CardBot"]):
    async def interaction_check(self, interaction: discord.Interaction[CardBot]) -> bool:
        """Every command and autocomplete answers in the user's language (``bot.discord.language``)."""
        await localise(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction[CardBot], error: app_commands.AppCommandError
    ) -> None:
        await report_interaction_error(interaction, error)


class CardBot(commands.AutoShardedBot):
    """The bot. ``tables`` is the table manager; ``publisher`` keeps each table's public message."""

    tables: TableManager

    def __init__(
        self,
        config: Config,
        *,
        storage: Storage | None = None,
        computer_delay: float = 1.5,
        publish_delay: float = 0.5,
        clock: Callable[[], float] = time.time,
        card_emojis: bool = True,
        freeze_heap: bool = False,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        intents.members = False
        intents.presences = False
        intents.typing = False
        shards: dict[str, Any] = {}  # none: discord.py runs every shard Discord recommends
        if config.shard_count is not None:
            shards["shard_count"] = config.shard_count
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=CardTree,
            help_command=None,
            # Nobody is pinged unless a message names exactly whom (the turn reminder's and the turn
            # ping's user, a rematch's invited players). Owners: ``is_owner`` below.
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.config = config
        self.storage: Storage | None = storage
        self._owns_storage = storage is None
        self._storage_opened = False
        self._templates: list[re.Pattern[str]] = []
        self.computer_delay = computer_delay
        self.publish_delay = publish_delay
        self.clock = clock
        # built in setup_hook (None until then): typed Any so the bot is a CardHost for the cogs
        self.publisher: Any = None  # bot.discord.publisher.TablePublisher
        self.hands: Any = None  # bot.discord.live.HandUpdater
        self.pinger: Any = None  # bot.discord.live.TurnPinger
        self.notices: Any = None  # bot.discord.notices.TurnNotices
        self.remote: Any = None  # bot.discord.remote.RemoteTables
        self.controls = Controls()  # who answers each persistent component (the cogs register)
        self.tournaments: TournamentService | None = None  # with storage, from setup_hook
        self.tournament_desk: TournamentDesk | None = None
        self.card_emojis = card_emojis
        self.freeze_heap = freeze_heap
        self.languages = ServerLanguages(lambda: self.storage, self.get_guild)
        self.player_languages = PlayerLanguages(lambda: self.storage)
        self.web_links = WebLinks(lambda: self.storage, config.web_base_url, clock)
        self.web_runner: Any = None  # the web pages, when WEB_PORT starts them in this process
        self.game_pages: PageWriter | None = None  # with storage, from setup_hook
        # finished games analysed in the background (with storage and ANALYSIS on)
        self.analyses: AnalysisQueue | None = None
        self.emoji_task: asyncio.Task[bool] | None = None
        self.warm_task: asyncio.Task[None] | None = None
        # /play and clicks per user: discord.py's cooldown bucket per user id.
        self.action_rate = app_commands.Cooldown(config.action_rate, config.action_per_seconds)
        self.action_cooldown: commands.CooldownMapping[discord.Interaction[Any]] = (
            commands.CooldownMapping(self.action_rate, lambda interaction: interaction.user.id)
        )

    def action_retry_after(self, interaction: discord.Interaction[Any]) -> float | None:
        """Count one /play or click of the user; the seconds to wait if over the limit."""
        bucket = self.action_cooldown.get_bucket(interaction)
        return None if bucket is None else bucket.update_rate_limit()

    async def open_storage(self) -> None:
        """Open (and migrate) the database. ``run()`` calls it before connecting to Discord, so a
        corrupt or too-new file is refused before any network traffic; ``setup_hook`` calls it
        again (a no-op then) for bots started otherwise. Raises ``storage.base.StorageError``."""
        if self._storage_opened:
            return
        if self.storage is None:
            self.storage = self._default_storage()
        if self.storage is not None:
            try:
                await self.storage.open()
            except (OSError, sqlite3.Error) as exc:
                from storage.base import StorageError

                raise StorageError(
                    f"cannot open the database {self._database_name()}: {exc}"
                ) from exc
        self._storage_opened = True

    def _database_name(self) -> str:
        """Which database the settings name, for messages (a URL without its password)."""
        if self.config.database_url:
            return "DATABASE_URL " + re.sub(
                r"//([^:/@]*):[^@]*@", r"//\1:***@", self.config.database_url
            )
        return f"DATABASE_PATH={self.config.database_path}"

    async def is_owner(self, user: discord.abc.User) -> bool:
        """The application's owner (or its team), and the users ``OWNER_IDS`` adds."""
        if user.id in self.config.owner_ids:
            return True
        app = self.application or await self.application_info()
        if app.team is not None:
            return user.id in {m.id for m in app.team.members}
        return app.owner.id == user.id

    async def commands_hash(self) -> str:
        """A hash of the global command tree as it would be sent to Discord, translations included
        (a changed translation is a changed tree, synced again)."""
        translator = self.tree.translator
        commands = self.tree.get_commands()
        if translator is not None:
            payload = [await c.get_translated_payload(self.tree, translator) for c in commands]
        else:
            payload = [command.to_dict(self.tree) for command in commands]
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_commands(self) -> None:
        """Publish the slash commands at start: to ``DEV_GUILD_ID`` every time (instant), else
        globally when the tree's hash differs from the last synced one. A failure is logged and
        the bot runs on (the owner can retry with ``/admin sync``)."""
        try:
            if self.config.dev_guild_id:
                if not self.config.owns_guild(self.config.dev_guild_id):
                    log.info("Commands of the development server are synced by its shard's process")
                    return
                guild = discord.Object(self.config.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info(
                    "Synced %d commands to the development server %s (DEV_GUILD_ID): they are "
                    "usable there now; global commands are left as they are",
                    len(synced),
                    self.config.dev_guild_id,
                )
                return
            if self.config.shard_ids is not None and 0 not in self.config.shard_ids:
                log.info("Global commands are synced by the process running shard 0")
                return
            digest = await self.commands_hash()
            stored = await self.storage.get_setting(COMMANDS_HASH_KEY) if self.storage else None
            if stored == digest:
                log.info("Slash commands unchanged since the last sync: not synced again")
                return
            synced = await self.tree.sync()
            await self.remember_global_sync(digest)
            log.info(
                "Synced %d global commands; they can take up to an hour to appear in every server",
                len(synced),
            )
        except discord.HTTPException as exc:
            log.warning("Could not sync the slash commands (%s); an owner can run /admin sync", exc)

    async def remember_global_sync(self, digest: str | None = None) -> None:
        """Record that the current tree (its ``commands_hash``, when known) is what Discord has
        globally (no sync at the next start)."""
        if self.storage is not None:
            await self.storage.set_setting(COMMANDS_HASH_KEY, digest or await self.commands_hash())

    async def add_cogs_of(self, name: str) -> None:
        """The cogs of module ``name`` (its ``setup(bot)``), as ``load_extension`` adds them, but
        from the module imported once per process: ``load_extension`` executes the module anew for every bot, and the tests start
        hundreds. Loud: a cog that cannot be imported stops
        the bot at start with the reason (``ExtensionNotFound`` / ``ExtensionFailed``)."""
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                raise commands.ExtensionNotFound(name) from exc
            raise commands.ExtensionFailed(name, exc) from exc
        except Exception as exc:
            raise commands.ExtensionFailed(name, exc) from exc
        setup = getattr(module, "setup", None)
        if setup is None:
            raise commands.NoEntryPointError(name)
        try:
            await setup(self)
        except Exception as exc:
            raise commands.ExtensionFailed(name, exc) from exc

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        self._templates += [item.__discord_ui_compiled_template__ for item in items]
        super().add_dynamic_items(*items)

    def knows_component(self, custom_id: str) -> bool:
        """Whether a registered dynamic item or a persistent view handles this custom_id."""
        if any(t.fullmatch(custom_id) for t in self._templates):
            return True
        return any(
            getattr(item, "custom_id", None) == custom_id
            for view in self.persistent_views
            for item in view.children
        )

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click whose custom_id nothing handles (forged, or from a control that no longer
        exists) is refused politely instead of being left unanswered ("This interaction failed").
        Every interaction in a table's channel also tells the publisher whether the bot may
        attach the table's picture there (``app_permissions``)."""
        if self.publisher is not None:
            self.publisher.note_permissions(interaction)
        if interaction.type is not discord.InteractionType.component:
            return
        data = cast(dict[str, Any], interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if self.knows_component(custom_id):
            return
        log.info("Refused a click on an unknown control (interaction %s)", interaction.id)
        await report_interaction_error(interaction, UnknownControl())

    async def setup_hook(self) -> None:
        await self.open_storage()
        await self.tree.set_translator(CommandTranslator())
        self.publisher = TablePublisher(self, delay=self.publish_delay)
        self.hands = HandUpdater(self)
        self.pinger = TurnPinger(self)
        self.notices = TurnNotices(self)
        self.publisher.followers = [self.hands, self.pinger, self.notices]
        self.hands.start()
        self.notices.start()
        config = self.config
        self.tables = TableManager(
            self.storage,
            listener=self.publisher,
            clock=self.clock,
            computer_delay=self.computer_delay,
            limits=TableLimits(
                tables_per_guild=config.max_tables_per_server,
                lobbies_per_member=config.max_lobbies_per_member,
                correspondence_per_member=config.max_correspondence_tables,
            ),
        )
        self.remote = RemoteTables(self, config, self.publisher)
        if self.storage is not None:
            # what follows each recorded game, hooked before a restored table or tournament can
            # record one: its web page summary, stored in the background (bot.web.summary), and
            # its analysis in one worker process (each game a person played)
            self.game_pages = PageWriter(self.storage, clock=self.clock)
            self.tables.on_recorded(self.game_pages.recorded)
            if config.analysis:
                self.analyses = AnalysisQueue(
                    self.storage, clock=self.clock, samples=config.analysis_samples
                )
                self.tables.on_recorded(self.analyses.recorded)
        refresh_game_choices()  # a game registered since import is offered by the commands too
        for ext in EXTENSIONS:
            await self.add_cogs_of(ext)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # the pictures' palette and sprites, built once in a thread before the first picture
        self.warm_task = asyncio.create_task(warm_pictures(), name="warm-pictures")
        if self.card_emojis:  # in the background: cards show as text until the emojis are there
            self.emoji_task = asyncio.create_task(sync_card_emojis(self), name="card-emojis")
        # Only this process's shards: another process restores (claims) the other guilds' tables.
        guild_filter = None if self.config.runs_every_shard else self.config.owns_guild
        restored = await self.tables.restore(guild_filter)
        if restored:
            log.info("Restored %d unfinished table(s)", len(restored))
        for table in restored:
            await self.languages.chosen(table.guild_id)  # the server's language, before it speaks
            self.publisher.schedule(table)
        await self.remote.start()  # moves other processes ask of this process's tables
        if config.web_port is not None and self.storage is not None:
            from bot.web.serve import start as start_web  # aiohttp.web + Jinja2: only when used

            self.web_runner = await start_web(self.storage, config)
        if self.storage is not None:
            # Tournaments of this process's servers, after their tables are back (their matches
            # continue there, or get their recorded result).
            self.tournament_desk = TournamentDesk(self, self.publisher)
            self.tournaments = TournamentService(
                self.tables, self.storage, host=self.tournament_desk, clock=self.clock
            )
            self.tournament_desk.service = self.tournaments
            await self.tournaments.resume(guild_filter)
            self.tournaments.start()
        if self.game_pages is not None:
            self.game_pages.start()
        if self.analyses is not None:
            # the games left unanalysed by a restart: by the process running shard 0 only
            shard_zero = config.shard_ids is None or 0 in config.shard_ids
            await self.analyses.start(resume=shard_zero)
        await self.sync_commands()

    async def on_ready(self) -> None:
        if self.freeze_heap:  # the gateway's guild caches are filled: what lives now lives long
            freeze_long_lived()

    def _default_storage(self) -> Storage | None:
        from storage import create_storage

        return create_storage(
            database_url=self.config.database_url, database_path=self.config.database_path
        )

    async def settle(self) -> None:
        """Wait until the card emojis are set up, every pending public-message update has been
        sent and every queued game analysed (tests)."""
        for task in (self.warm_task, self.emoji_task):
            if task is not None and not task.done():
                await asyncio.wait([task])
        if self.publisher is not None:  # the tournament messages' writes are in its queue too
            await self.publisher.flush()
        if self.game_pages is not None:
            await self.game_pages.idle()
        if self.analyses is not None:  # tests that turn the analyses on
            await self.analyses.idle()

    async def close(self) -> None:
        if self.is_closed():
            return
        try:
            if self.emoji_task is not None:
                self.emoji_task.cancel()
                clear_card_emojis()
            if self.publisher is not None:
                await self.publisher.flush()
            if self.hands is not None:
                await self.hands.close()
            if self.web_runner is not None:
                await self.web_runner.cleanup()
            if self.notices is not None:
                await self.notices.close()
            if self.game_pages is not None:  # games still queued get their page at first visit
                await self.game_pages.close()
            if self.analyses is not None:  # games still queued are analysed at the next start
                await self.analyses.close()
            if self.remote is not None:
                await self.remote.close()
            if self.tournaments is not None:
                await self.tournaments.close()
            if getattr(self, "tables", None) is not None:
                await self.tables.close()
            if self.publisher is not None:
                # what the tables and tournaments did while closing, and its followers (live
                # hands, pings, notices), before storage goes
                await self.publisher.flush()
            await self.player_languages.flush()
            if self.storage is not None and self._owns_storage:
                await self.storage.close()
        finally:
            await super().close()


def create_bot(
    config: Config,
    *,
    storage: Storage | None = None,
    computer_delay: float = 1.5,
    publish_delay: float = 0.5,
    clock: Callable[[], float] = time.time,
    card_emojis: bool = True,
    freeze_heap: bool = False,
) -> CardBot:
    """Build the bot exactly as ``python -m bot`` runs it (tests pass tiny delays; ``card_emojis``
    False: never touch the application's emojis, cards stay text; ``freeze_heap``: what is alive
    at ready leaves the garbage collector's walks (``bot.heap``), as ``run`` does; off for tests,
    where many bots come and go in one process and a frozen one would never be collected)."""
    return CardBot(
        config,
        storage=storage,
        computer_delay=computer_delay,
        publish_delay=publish_delay,
        clock=clock,
        card_emojis=card_emojis,
        freeze_heap=freeze_heap,
    )


def run(config: Config) -> int:
    """Start the bot and block until it stops. Returns a process exit code: 0 after a clean stop,
    1 when the token is refused or Discord cannot be reached, 3 when the database is unusable
    (corrupt, or written by a newer version: nothing is touched and Discord is never contacted)."""
    from storage.base import StorageError

    setup_logging(config)
    if config.token is None:
        print("DISCORD_TOKEN is not set.", file=sys.stderr)
        return 1
    bot = create_bot(config, freeze_heap=True)
    try:
        asyncio.run(_run(bot, config.token))
    except StorageError as exc:
        print(f"The bot will not start: {exc}", file=sys.stderr)
        return 3
    except (commands.ExtensionError, ImportError) as exc:
        cause = exc.__cause__ or exc
        print(f"The bot will not start: {exc} ({cause!r})", file=sys.stderr)
        return 4
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 1
    except (OSError, aiohttp.ClientError) as exc:
        log.error("Cannot reach Discord (%s): check the network connection", exc)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


class NoGatewayDebug(logging.Filter):
    """Drops discord.py's DEBUG records: they print raw gateway payloads, which hold interaction
    tokens and the cards of ephemeral hands. ``LOG_GATEWAY=1`` lets them through."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.levelno < logging.INFO and record.name.startswith("discord"))


def setup_logging(config: Config) -> None:
    """discord.py's logging at ``LOG_LEVEL``; its DEBUG lines only with ``LOG_GATEWAY=1``."""
    level = logging.getLevelName(config.log_level)
    discord.utils.setup_logging(level=level if isinstance(level, int) else logging.INFO)
    if not config.log_gateway:
        for handler in logging.getLogger().handlers:
            handler.addFilter(NoGatewayDebug())
        if logging.getLogger("discord").getEffectiveLevel() < logging.INFO:
            logging.getLogger("discord").setLevel(logging.INFO)
            log.warning(
                "LOG_LEVEL=%s: discord.py's DEBUG lines (which show interaction tokens and "
                "hidden cards) stay off; set LOG_GATEWAY=1 to see them anyway",
                config.log_level,
            )


async def _run(bot: CardBot, token: str) -> None:
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop() -> None:
        """SIGTERM (systemd, docker stop, the cluster supervisor): close as after Ctrl-C."""
        log.info("SIGTERM received: stopping")
        stopping.append(asyncio.ensure_future(bot.close()))

    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        loop.add_signal_handler(signal.SIGTERM, stop)
    if bot.config.shard_ids is not None:
        log.info(
            "Running shards %s of %d",
            format_shard_ids(bot.config.shard_ids),
            bot.config.shard_count or 0,
        )
    async with bot:
        await bot.open_storage()  # before any connection: a bad database is refused first
        await bot.start(token)
    for task in stopping:
        await task


if TYPE_CHECKING:  # mypy checks that the bot provides everything the command groups use
    _HOST: type[CardHost] = CardBot
