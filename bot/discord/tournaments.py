"""The Discord side of tournaments (``bot.tournaments.service`` runs them): a thread per match under
the tournament's channel, the tournament's message (round, pairings, standings) kept current, a
short post mentioning the paired players when a round opens, the final standings winner first in
the server's language, and the persistent buttons of the tournament message.

``TournamentDesk`` is the service's ``TournamentHost``. Every write of the tournament message goes
through the table messages' queue (``TablePublisher.keep``): one write at a time per tournament,
drawn when it sends, so it never shows an older state after a newer one, with the standings'
picture where the bot may attach files; the round's pairings and the final standings are posted
in the same queue (``send_after``), after the message's write."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, cast

import discord
from discord.ui import Button, DynamicItem

from bot.i18n import N_, _, using
from bot.render import tournaments as text
from bot.render.stats import board_panel
from bot.render.table import game_colour
from bot.tournaments.service import Live, TournamentError, TournamentService
from storage.base import Storage
from storage.models import SEASON_METRICS, MatchRecord, Metric, SeasonRecord, TournamentRecord

from .attach import refused_for_pictures
from .controls import controls_of, need
from .host import ServiceHost
from .language import Localised
from .media import picture_files
from .publisher import TablePublisher
from .ui import guarded, panel_embed

log = logging.getLogger(__name__)

TOURNAMENT_ID = "[0-9a-f]{12}"
#: A season's board: the rows read to find the viewer's own line.
SEASON_ROWS = 500


def parse_start(value: str, now: float) -> float:
    """When a tournament starts, as typed: minutes from now (``15``, ``15m``, ``1h30m``), a time
    of day in UTC (``20:30``: today, or tomorrow once past), an ISO date and time
    (``2026-12-24 20:00``, UTC unless it carries an offset) or a Unix timestamp. TournamentError
    when it reads as none of them."""
    raw = value.strip().lower()
    m = re.fullmatch(r"(?:(\d{1,3})\s*h)?\s*(?:(\d{1,4})\s*m?)?", raw)
    if m and (m.group(1) or m.group(2)):
        return now + 3600 * int(m.group(1) or 0) + 60 * int(m.group(2) or 0)
    if m := re.fullmatch(r"(\d{1,2}):(\d{2})", raw):
        day = datetime.fromtimestamp(now, UTC)
        at = day.replace(hour=int(m.group(1)) % 24, minute=int(m.group(2)) % 60, second=0)
        ts = at.timestamp()
        return ts if ts >= now else ts + 86400
    if re.fullmatch(r"\d{9,11}", raw):
        return float(raw)
    try:
        at = datetime.fromisoformat(value.strip())
    except ValueError:
        raise TournamentError(
            N_(
                "Write the start as minutes from now (30, 1h30m), a UTC time (20:30) or a date and time (2026-12-24 20:00)."
            )
        ) from None
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return at.timestamp()


class TournamentDesk:
    """Threads, the tournament message and the announcements."""

    def __init__(self, bot: ServiceHost, publisher: TablePublisher) -> None:
        self.bot = bot
        self.publisher = publisher
        self.service: TournamentService | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._announced: dict[str, int] = {}  # tournament -> the last round announced
        self._shown: dict[str, tuple[object, ...]] = {}  # what each message shows now

    def schedule(self, tournament_id: str, channel_id: int) -> None:
        """Redraw the tournament's message through the publisher's queue (the table messages'):
        a burst of changes costs one or two edits, the last shows the newest state."""

        async def write(pictures: bool) -> None:
            await self.publish(tournament_id, pictures)

        self.publisher.keep(message_key(tournament_id), channel_id, write)

    # ---- TournamentHost

    async def match_channel(
        self, t: TournamentRecord, match: MatchRecord, names: Sequence[str]
    ) -> int:
        lang = await self.bot.languages.server(t.guild_id)
        with using(lang):
            label = (
                _("Round {round}").format(round=match.round)
                if t.format != "arena"
                else _("Arena game {n}").format(n=match.board)
            )
        name = f"{label} · {' – '.join(names)}"[:100]
        # Through the REST client, not a cached channel: a restarted process opens the next round
        # from setup_hook, before the gateway has sent the server's channels.
        http: Any = getattr(self.bot, "http")  # noqa: B009 (not in ServiceHost's protocol)
        data = await http.start_thread_without_message(
            t.channel_id,
            name=name,
            auto_archive_duration=1440,
            type=discord.ChannelType.public_thread.value,
        )
        return int(data["id"])

    async def changed(self, t: TournamentRecord, event: str) -> None:
        self.schedule(t.tournament_id, t.channel_id)
        lock = self._locks.setdefault(t.tournament_id, asyncio.Lock())
        async with lock:
            live = await self._live(t.tournament_id)
            if live is None:
                return
            record = live.record
            if record.format != "arena" and record.round > self._announced.get(
                record.tournament_id, 0
            ):
                self._announced[record.tournament_id] = record.round
                if record.status == "running":
                    await self._announce(live)
            if event == "finished" or record.status == "finished":
                await self._final(live)
                self._locks.pop(t.tournament_id, None)

    # ---- messages

    async def _live(self, tournament_id: str) -> Live | None:
        if self.service is None:
            return None
        return await self.service.load(tournament_id)

    async def publish(self, tournament_id: str, pictures: bool = False) -> None:
        """Post or edit the tournament message with its current state: the text (round,
        pairings, standings) and, with ``pictures``, the standings drawn beside it. A write
        Discord refused for the picture raises (the publisher writes it again as text)."""
        live = await self._live(tournament_id)
        if live is None or self.service is None:
            return
        t = live.record
        rows = self.service.standings(live)
        lang = await self.bot.languages.server(t.guild_id)
        with using(lang):
            body = text.tournament_message(t, live.entries, live.match_list(), rows)
            view = tournament_buttons(t)
            draw = text.standings_drawing(t, rows) if pictures else None
        embed = discord.Embed(colour=game_colour(t.game))  # the game's, as its tables'
        files = await picture_files(embed, draw)
        shown = (t.message_id, body, view.to_components() if view else [], draw and draw.key())
        if t.message_id is not None and self._shown.get(tournament_id) == shown:
            return  # nothing a reader could see changed
        channel = self.bot.get_partial_messageable(t.channel_id)
        quiet = discord.AllowedMentions.none()
        embeds = [embed] if files else []
        try:
            if t.message_id is not None:
                await channel.get_partial_message(t.message_id).edit(
                    content=body,
                    embeds=embeds,
                    attachments=files,
                    view=view,
                    allowed_mentions=quiet,
                )
                self._shown[tournament_id] = shown
                return
            msg = await channel.send(
                body,
                embeds=embeds,
                files=files,
                view=view or discord.utils.MISSING,
                allowed_mentions=quiet,
            )
        except discord.HTTPException as exc:
            if pictures and refused_for_pictures(exc):
                raise
            log.warning("tournament %s: its message could not be written: %s", t.tournament_id, exc)
            return
        await self.service.set_message(t.tournament_id, msg.id)
        self._shown[tournament_id] = (msg.id, *shown[1:])

    async def _announce(self, live: Live) -> None:
        """A new round: one post naming each pairing, pinging exactly the paired humans, sent in
        the message's turn (after the message shows the round). Worded now: the round as it
        opened, whatever it has become when the post goes out."""
        t = live.record
        matches = [m for m in live.match_list() if m.round == t.round]
        users = [
            discord.Object(member)
            for m in matches
            if m.status == "open"
            for k in m.seats
            if (e := live.entries.get(k)) is not None and not e.is_bot
            for member in e.members
        ]
        lang = await self.bot.languages.server(t.guild_id)
        with using(lang):
            posts = text.chunks(text.pairing_lines(t, live.entries, matches))
        channel = self.bot.get_partial_messageable(t.channel_id)

        async def send() -> None:
            for body in posts:
                named = [u for u in users if f"<@{u.id}>" in body]  # each post pings its own
                mentions = discord.AllowedMentions(users=named, roles=False, everyone=False)
                try:
                    await channel.send(body, allowed_mentions=mentions)
                except discord.HTTPException as exc:
                    log.warning(
                        "tournament %s: the round could not be announced: %s", t.tournament_id, exc
                    )
                    return

        self.publisher.send_after(message_key(t.tournament_id), send)

    async def _final(self, live: Live) -> None:
        """The final standings, winner first, posted after the message's last write."""
        if self.service is None:
            return
        t = live.record
        lang = await self.bot.languages.server(t.guild_id)
        with using(lang):
            body = text.final_message(t, self.service.standings(live))
        channel = self.bot.get_partial_messageable(t.channel_id)

        async def send() -> None:
            try:
                await channel.send(body, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.warning(
                    "tournament %s: the final standings could not be posted: %s",
                    t.tournament_id,
                    exc,
                )

        self.publisher.send_after(message_key(t.tournament_id), send)
        self._shown.pop(t.tournament_id, None)


def message_key(tournament_id: str) -> str:
    """The tournament message's place in the publisher's queue."""
    return f"tournament:{tournament_id}"


def tournament_buttons(t: TournamentRecord) -> discord.ui.View | None:
    """Join / Leave / Standings while it runs (Pause and Resume in an Arena); none once over."""
    if t.status not in ("registering", "running"):
        return None
    view = discord.ui.View(timeout=None)
    acts: list[tuple[str, str, discord.ButtonStyle]] = []
    if t.status == "registering" or t.format == "arena":
        acts.append(("join", _("Join"), discord.ButtonStyle.success))
    acts.append(("leave", _("Leave"), discord.ButtonStyle.secondary))
    if t.format == "arena" and t.status == "running":
        acts.append(("pause", _("Pause"), discord.ButtonStyle.secondary))
    acts.append(("standings", _("Standings"), discord.ButtonStyle.primary))
    for act, label, style in acts:
        view.add_item(TournamentButton.make(act, t.tournament_id, label, style))
    return view


class TournamentButton(
    Localised,
    DynamicItem[Button[Any]],
    template=rf"tour:(?P<act>join|leave|pause|standings):(?P<tid>{TOURNAMENT_ID})",
):
    def __init__(self, item: Button[Any], act: str, tournament_id: str) -> None:
        super().__init__(item)
        self.act, self.tournament_id = act, tournament_id

    @classmethod
    def make(
        cls, act: str, tournament_id: str, label: str, style: discord.ButtonStyle
    ) -> TournamentButton:
        button: Button[Any] = Button(
            label=label, style=style, custom_id=f"tour:{act}:{tournament_id}"
        )
        return cls(button, act, tournament_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> TournamentButton:
        return cls(cast(Button[Any], item), match["act"], match["tid"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        click = need(controls_of(interaction.client).tournament_click, "tournament")
        await guarded(interaction, click(interaction, self.act, self.tournament_id))


def standings_text(service: TournamentService, live: Live) -> str:
    """``/tournament standings``: the whole table, then the tournament's history (every round's
    pairings and results, newest first) as far as a message holds, in the reader's language."""
    rows = service.standings(live)
    parts = text.header(live.record, len(live.entries))
    budget = text.CONTENT_MAX - len("\n".join(parts)) - 4
    table = text.fit(text.standings_lines(rows, limit=len(rows)), budget * 2 // 3)
    parts += [""] + table
    budget = text.CONTENT_MAX - len("\n".join(parts)) - 2
    past = text.history_lines(live.record, live.entries, live.match_list())
    if past:
        parts += [""] + text.fit(past, budget)
    return "\n".join(parts)


async def season_named(storage: Storage, guild_id: int, name: str | None) -> SeasonRecord | None:
    """``/leaderboard season:``: None (the running season, if any), ``all`` (all time: None), or
    a season's name; TournamentError for a name the server never used."""
    if name is not None and name.strip().lower() in ("all", "все"):
        return None
    if name is None:
        return await storage.current_season(guild_id)
    for season in await storage.seasons(guild_id):
        if season.name.lower() == name.strip().lower():
            return season
    raise TournamentError(N_("This server has no season called {name}."), name=name.strip())


async def season_board(
    storage: Storage,
    season: SeasonRecord,
    game: str,
    metric: Metric,
    viewer_id: int,
    computers: bool,
) -> discord.Embed:
    """A season's board (its first page and the viewer's line), as an embed."""
    if metric not in SEASON_METRICS:
        raise TournamentError(N_("A season's board ranks by rating, wins, match points or games."))
    rows = await storage.season_leaderboard(
        season, game, metric, limit=SEASON_ROWS, include_bots=computers
    )
    mine = next((r for r in rows if r.user_id == viewer_id), None)
    panel = board_panel(game, metric, 0, rows[:10], mine, viewer_id, computers)
    state = _("running") if season.ended_at is None else _("ended")
    panel.footer = _("Season {name} ({state})").format(name=season.name, state=state)
    return panel_embed(panel, game)
