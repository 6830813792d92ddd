"""An in-process fake Discord for driving the real discord.py stack (approach A of discord-testing.md).

Two seams only: the bot's REST session (``bot.http._HTTPClient__session``, which both the HTTP client and the
interaction webhook adapter use) and the gateway parser table (``bot._connection.parsers``). Everything in
between — payload parsing, the command tree, cogs, views, dynamic items, request serialisation — is discord.py's
own code. The fake keeps a model of every message (public ones per channel, ephemeral ones per user), answers
REST calls the way Discord does (including 40060 "already acknowledged", 10062 late acknowledgement and the
15-minute token lifetime on a fake clock) and records every request for assertions.

Typical use (see ``tests/bot/conftest.py`` for the fixtures)::

    alice = fake.make_user("Alice")
    ex = await fake.slash("table new", user=alice, game="hurricane")
    msg = fake.table_message(channel_id)          # the public message as Discord now shows it
    ex = await fake.click(msg, custom_id, user=alice)
    assert ex.callback_type == 7 and not ex.ephemeral
"""

from __future__ import annotations

import asyncio
import base64
import copy
import datetime as dt
import json
import logging
import re
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import discord
from discord import app_commands
from multidict import CIMultiDict

from .limits import attachment_problems, autocomplete_problems, message_problems

APP_ID = 900000000000000001
BOT_ID = 900000000000000002
GUILD_ID = 900000000000000003
OWNER_ID = 900000000000000004
EPHEMERAL = 64
ACK_DEADLINE = 3.0


def run_queue_wait() -> float:
    """Seconds this thread (the event loop's) has spent runnable but waiting for a CPU, as Linux
    counts it (``/proc/thread-self/schedstat``, second field); 0 where that is not available."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def answer_time(rec: InteractionRecord) -> float:
    """How long the bot took to answer an interaction, by the real clock (its sleeps, slow storage,
    a blocked loop, drawing threads holding the GIL all count) less the time the machine's other
    processes kept the event loop's thread off the CPU: a shared CI machine under load does not
    make a prompt bot late, and a bot that is really slow still is."""
    waited = max(0.0, run_queue_wait() - rec.created_waiting)
    return time.time() - rec.created_wall - waited


MEMBER_PERMISSIONS = 2248473465835073  # no Manage Channels, no Manage Server
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
TOKEN_LIFETIME = 15 * 60
FOLLOWUP_CAP = 5  # follow-ups per interaction of a user-installed app where the bot is absent
MISSING_ACCESS = {"message": "Missing Access", "code": 50001}

_last_id = 0


def snowflake(at: float | None = None) -> int:
    """A unique id carrying its creation time, as Discord's do (``created_at`` of an interaction
    is read from it: the bot's 3-second budget counts from there). ``at``: a real (wall-clock)
    time to stamp, default now; ids only grow."""
    global _last_id
    ms = int(((time.time() if at is None else at) * 1000) - discord.utils.DISCORD_EPOCH)
    _last_id = max(_last_id + 1, ms << 22)
    return _last_id


APP_PERMISSIONS = 2248473465835073  # what the bot may do in a channel (the @everyone role)
ATTACH_FILES = 1 << 15
EMBED_LINKS = 1 << 14
DM_APP_PERMISSIONS = (
    APP_PERMISSIONS | ATTACH_FILES | EMBED_LINKS
)  # what Discord gives in (group) DMs

BOT_USER = {
    "id": str(BOT_ID),
    "username": "cardtable",
    "discriminator": "0",
    "global_name": "Card Table",
    "avatar": None,
    "bot": True,
    "flags": 0,
}


class FakeHTTPError(AssertionError):
    """The bot made a request the fake cannot route (a bug in the bot or in the fake)."""


@dataclass
class Recorded:
    """One REST call the bot made, with its decoded JSON body and the fake's answer."""

    method: str
    path: str
    json: Any
    params: dict[str, Any]
    status: int = 200
    response: Any = None
    context: Any = None  # whatever ``FakeDiscord.snapshot()`` returned when the bot made the call
    at: float = 0.0  # time.perf_counter() when the fake received it (benchmarks)
    cpu_at: float = 0.0  # time.process_time() then (benchmarks)
    files: list[tuple[str, bytes]] = field(default_factory=list)  # (filename, bytes) uploaded

    @property
    def is_callback(self) -> bool:
        return self.method == "POST" and self.path.endswith("/callback")


@dataclass
class InteractionRecord:
    id: int
    token: str
    user_id: int
    channel_id: int
    created_at: float  # fake clock
    created_wall: float  # real clock (for the 3-second rule)
    created_waiting: float = 0.0  # ``run_queue_wait()`` then (the machine's load, not the bot's)
    acked: bool = False
    original_id: int | None = None  # the message the response created/updated
    source_message_id: int | None = None
    capped: bool = False  # a user-installed app where the bot is absent: at most 5 follow-ups
    followups: int = 0
    sent: set[int] = field(default_factory=set)  # the follow-ups this token created


class _Response:
    def __init__(self, status: int, payload: Any) -> None:
        self.status = status
        self.reason = "OK" if status < 400 else "Error"
        kind = "application/json" if payload is not None else "text/plain"
        self.headers = CIMultiDict({"Content-Type": kind})
        self._text = "" if payload is None else json.dumps(payload)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def json(self) -> Any:
        return json.loads(self._text) if self._text else None

    async def read(self) -> bytes:
        return self._text.encode()

    def release(self) -> None:
        pass


class _CM:
    def __init__(self, coro: Any) -> None:
        self._coro = coro

    async def __aenter__(self) -> _Response:
        result: _Response = await self._coro
        return result

    async def __aexit__(self, *exc: object) -> None:
        return None


class FakeSession:
    """Stands in for aiohttp.ClientSession: every REST call of the bot ends here."""

    closed = False

    def __init__(self, world: FakeDiscord) -> None:
        self.world = world

    def request(self, method: str, url: Any, **kw: Any) -> _CM:
        context = self.world.snapshot() if self.world.snapshot is not None else None
        return _CM(self._handle(method, str(url), kw, context))

    async def _handle(
        self, method: str, url: str, kw: dict[str, Any], context: Any = None
    ) -> _Response:
        await asyncio.sleep(0)
        path = re.sub(r"^/api(/v\d+)?", "", urlsplit(url).path)
        slow = self.world.edit_latency and re.fullmatch(r"/channels/\d+/messages(/\d+)?", path)
        if slow and method in ("POST", "PATCH"):
            # A slow Discord: the write is applied only when its latency has passed, so a
            # later, faster write can land first (the races of issue 11).
            self.world.in_flight += 1
            try:
                await asyncio.sleep(self.world.edit_latency)
            finally:
                self.world.in_flight -= 1
        body = kw.get("data")
        if body is None and "json" in kw:
            body = json.dumps(kw["json"])
        files: list[tuple[str, bytes]] = []
        decoded: Any = None
        if isinstance(body, str | bytes):
            decoded = json.loads(body) if body else None
        elif body is not None:  # aiohttp.FormData (files): payload_json and the files[n] parts
            for spec, _headers, value in getattr(body, "_fields", []):
                if spec.get("name") == "payload_json":
                    decoded = json.loads(value)
                elif "filename" in spec:
                    at = value.tell()
                    files.append((str(spec["filename"]), value.read()))
                    value.seek(at)
        rec = Recorded(method, path, decoded, dict(kw.get("params") or {}), files=files)
        rec.context = context
        rec.at = time.perf_counter()
        rec.cpu_at = time.process_time()
        status, payload = self.world.route(rec)
        if rec.is_callback:
            waiter = self.world.callback_waiters.pop(path.split("/")[3], None)
            if waiter is not None and not waiter.done():
                waiter.set_result(rec)
        rec.status, rec.response = status, payload
        self.world.requests.append(rec)
        return _Response(status, payload)

    async def close(self) -> None:
        self.closed = True

    async def ws_connect(
        self, *a: Any, **kw: Any
    ) -> Any:  # pragma: no cover - never used in approach A
        raise FakeHTTPError("the fake has no gateway websocket")


@dataclass
class Exchange:
    """What one fed event made the bot do: the payload sent and every REST call it caused."""

    world: FakeDiscord
    payload: dict[str, Any]
    requests: list[Recorded]

    @property
    def callback(self) -> Recorded | None:
        return next((r for r in self.requests if r.is_callback), None)

    @property
    def callback_type(self) -> int | None:
        cb = self.callback
        return None if cb is None else int(cb.json["type"])

    @property
    def data(self) -> dict[str, Any]:
        cb = self.callback
        return {} if cb is None or cb.json is None else (cb.json.get("data") or {})

    @property
    def followups(self) -> list[Recorded]:
        return [r for r in self.requests if r.path.startswith("/webhooks/")]

    @property
    def reply(self) -> dict[str, Any]:
        """The message body the user sees first: callback data, or the first follow-up/original edit."""
        if self.callback_type in (4, 7):
            return self.data
        for r in self.followups:
            if r.method in ("POST", "PATCH") and r.json is not None:
                body: dict[str, Any] = r.json
                return body
        return self.data

    @property
    def content(self) -> str:
        return str(self.reply.get("content") or "")

    @property
    def ephemeral(self) -> bool:
        cb = self.callback
        if cb is not None and cb.json.get("type") in (4, 5):
            return bool((cb.json.get("data") or {}).get("flags", 0) & EPHEMERAL)
        if cb is not None and cb.json.get("type") in (6, 7):
            msg = self.world.messages.get(int(self.payload.get("message", {}).get("id", 0)))
            return bool(msg and msg.get("flags", 0) & EPHEMERAL)
        return bool(self.reply.get("flags", 0) & EPHEMERAL)

    @property
    def message(self) -> dict[str, Any] | None:
        """The message (as now stored) that this interaction's response created or updated."""
        rec = self.world.interactions.get(self.payload["token"])
        if rec is None or rec.original_id is None:
            return None
        return self.world.messages.get(rec.original_id)

    @property
    def text(self) -> str:
        return render_text(self.reply)

    def components(self) -> list[dict[str, Any]]:
        return list(iter_components(self.reply.get("components") or []))

    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices") or [])


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for c in components:
        yield c
        yield from iter_components(c.get("components") or [])


def render_text(body: dict[str, Any]) -> str:
    """Everything a reader can see in a message body: content, embeds, component labels and options."""
    parts = [str(body.get("content") or "")]
    for e in body.get("embeds") or []:
        parts += [str(e.get("title") or ""), str(e.get("description") or "")]
        parts += [str((e.get("footer") or {}).get("text") or "")]
        parts += [str((e.get("author") or {}).get("name") or "")]
        for f in e.get("fields") or []:
            parts += [str(f.get("name") or ""), str(f.get("value") or "")]
    for c in iter_components(body.get("components") or []):
        parts += [str(c.get("label") or ""), str(c.get("placeholder") or "")]
        for o in c.get("options") or []:
            parts += [
                str(o.get("label") or ""),
                str(o.get("value") or ""),
                str(o.get("description") or ""),
            ]
    return "\n".join(p for p in parts if p)


INTEGRATION_TYPES = {0, 1}  # server install, user install
CONTEXTS = {0, 1, 2}  # server, the bot's DM, group DMs and DMs between users


def command_place_problems(cmd: dict[str, Any]) -> list[str]:
    """What Discord refuses in a synced command's ``integration_types`` and ``contexts``: unknown
    values, an empty list, or either set on a subcommand (only top-level commands carry them)."""
    name = cmd.get("name")
    out: list[str] = []
    for key, allowed in (("integration_types", INTEGRATION_TYPES), ("contexts", CONTEXTS)):
        value = cmd.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or not value or not set(value) <= allowed:
            out.append(f"/{name}: {key}={value!r} (allowed: non-empty subset of {sorted(allowed)})")
    for opt in cmd.get("options") or []:
        if opt.get("type") in (1, 2) and ("contexts" in opt or "integration_types" in opt):
            out.append(f"/{name} {opt.get('name')}: a subcommand cannot set its own places")
    return out


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _iso(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts, tz=dt.UTC).isoformat()


class FakeDiscord:
    """The world: users, one guild with text channels, messages, interactions, recorded requests."""

    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.ephemeral_owner: dict[int, int] = {}
        self.interactions: dict[str, InteractionRecord] = {}
        self.users: dict[int, dict[str, Any]] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.synced: dict[str, list[dict[str, Any]]] = {}
        self.unrouted: list[Recorded] = []
        self.violations: list[str] = []
        self.clock_offset = 0.0
        self.auto_settle = True  # wait for coalesced table-message updates after each event
        self.callback_waiters: dict[
            str, asyncio.Future[Recorded]
        ] = {}  # token -> its callback (benchmarks)
        self.ack_deadline = ACK_DEADLINE
        self.edit_latency = 0.0  # seconds each channel message post/edit takes (slow Discord)
        self.in_flight = 0  # channel writes sent and not yet applied
        self.busy = 0.0  # seconds the event loop is blocked after an interaction arrives
        self.forbidden: set[int] = set()  # channels where the bot lacks permissions (403)
        # channels where the bot lacks Attach Files: a public message uploading a file is refused
        # (403 50013) and interactions there say so in app_permissions (``set_attach_files``)
        self.no_attach: set[int] = set()
        self.dm_channels: dict[int, int] = {}  # DM channel id -> user id
        self.member_permissions: dict[int, int] = {}  # user id -> permissions (default: member's)
        self.in_dm: set[int] = set()  # users whose interactions come from a DM
        # places where the bot user is absent (a group DM, a server that did not add the bot):
        # its channel endpoints are refused (403 Missing Access); only interactions answer there
        self.absent: set[int] = set()
        self.group_dms: dict[int, list[int]] = {}  # group DM channel id -> its members' ids
        self.bot_dms: dict[int, int] = {}  # the bot's DM channel id -> its user's id
        self.dms: list[tuple[int, dict[str, Any]]] = []  # (user id, message body) sent as DMs
        self.dms_closed: set[int] = set()  # users whose DMs refuse the bot (403, code 50007)
        self.threads: list[int] = []  # threads the bot started, in order
        self.files: dict[int, bytes] = {}  # attachment id -> the bytes uploaded
        self.app_emojis: dict[int, dict[str, Any]] = {}  # the application's emojis
        self.emoji_images: dict[int, bytes] = {}
        self.fail_emojis: set[str] = (
            set()
        )  # "GET" / "POST" / "DELETE": answer those emoji calls with 500
        self.bot: discord.Client | None = None
        # Optional hook called (synchronously) at the moment the bot issues each request; its value is
        # stored on the Recorded request (secrecy scans snapshot the hidden cards there).
        self.snapshot: Callable[[], Any] | None = None
        self.session = FakeSession(self)
        self.errors = _ErrorCollector()
        self.guild_ids: list[int] = [GUILD_ID]  # more with ``add_guild`` (sharding tests)
        # Discord languages: a user's client (``interaction.locale``) and a server's
        # (``guild_locale``, ``Guild.preferred_locale``); en-US unless a test sets one.
        self.user_locales: dict[int, str] = {}
        self.guild_locales: dict[int, str] = {}
        self.owner = self.make_user("Owner", user_id=OWNER_ID)
        self.channel_id = self.make_channel("general")

    def adopt(self, other: FakeDiscord) -> None:
        """Take over another world's users, channels and messages (a restarted bot sees the same server)."""
        self.users.update(other.users)
        self.channels = dict(other.channels)
        self.threads = list(other.threads)
        self.guild_ids = list(other.guild_ids)
        self.channel_id = other.channel_id
        self.absent = set(other.absent)
        self.group_dms = dict(other.group_dms)
        self.bot_dms = dict(other.bot_dms)
        self.dm_channels = dict(other.dm_channels)
        self.dms_closed = set(other.dms_closed)
        self.messages.update(copy.deepcopy(other.messages))
        self.ephemeral_owner.update(other.ephemeral_owner)
        self.clock_offset = other.clock_offset
        self.files.update(other.files)
        self.app_emojis.update(other.app_emojis)
        self.emoji_images.update(other.emoji_images)

    # ----- world building -------------------------------------------------------------------------------
    def now(self) -> float:
        """The fake wall clock (real time plus whatever a test advanced)."""
        return time.time() + self.clock_offset

    def advance(self, seconds: float) -> None:
        self.clock_offset += seconds

    def make_user(self, name: str, *, user_id: int | None = None) -> dict[str, Any]:
        uid = user_id or snowflake()
        user = {
            "id": str(uid),
            "username": name.lower(),
            "discriminator": "0",
            "global_name": name,
            "avatar": None,
            "bot": False,
        }
        self.users[uid] = user
        return user

    def add_guild(self, guild_id: int, channel_name: str = "general") -> int:
        """Another server the bot is in (it has every user as a member); returns the id of its
        one text channel. On a sharded bot, ``start`` feeds it on the shard Discord would."""
        if guild_id not in self.guild_ids:
            self.guild_ids.append(guild_id)
        return self.make_channel(channel_name, guild_id=guild_id)

    def guild_of(self, channel_id: int) -> int | None:
        channel = self.channels.get(channel_id)
        if channel is None:
            return GUILD_ID
        return int(channel["guild_id"]) if "guild_id" in channel else None

    def make_group_dm(self, *members: dict[str, Any]) -> int:
        """A group DM of these users (the bot is never a member: a user-installed app answers
        there through interactions alone)."""
        cid = snowflake()
        self.channels[cid] = {"id": str(cid), "type": 3, "recipients": list(members)}
        self.group_dms[cid] = [int(m["id"]) for m in members]
        self.absent.add(cid)
        return cid

    def dm_of(self, user_id: int) -> int:
        """The id of the user's DM channel with the bot (made on first use, then the same)."""
        for dm_id, uid in self.dm_channels.items():
            if uid == user_id:
                return dm_id
        dm_id = snowflake()
        self.dm_channels[dm_id] = user_id
        return dm_id

    def make_bot_dm(self, user: dict[str, Any]) -> int:
        """The user's DM with the bot (context 1): the bot is a member, no server."""
        cid = snowflake()
        self.channels[cid] = {"id": str(cid), "type": 1, "recipients": [user]}
        self.bot_dms[cid] = int(user["id"])
        return cid

    def make_foreign_channel(self, name: str = "general") -> int:
        """A text channel of a server that never added the bot (its users installed the app)."""
        cid = self.make_channel(name, guild_id=snowflake())
        self.absent.add(cid)
        return cid

    def make_channel(
        self, name: str, *, guild_id: int = GUILD_ID, channel_id: int | None = None
    ) -> int:
        cid = channel_id or snowflake()
        self.channels[cid] = {
            "id": str(cid),
            "type": 0,
            "name": name,
            "position": len(self.channels),
            "guild_id": str(guild_id),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
        }
        return cid

    def _new_thread(self, parent_id: int, body: dict[str, Any]) -> tuple[int, Any]:
        """A thread started without a message (``POST /channels/{id}/threads``): a channel of
        type 11 (public) under a text channel of the same server; messages and interactions work
        there as in any channel."""
        parent = self.channels.get(parent_id)
        if parent is None or parent.get("type") != 0:
            return 404, {"message": "Unknown Channel", "code": 10003}
        if parent_id in self.forbidden:
            return 403, {"message": "Missing Permissions", "code": 50013}
        name = str(body.get("name", ""))
        if not 1 <= len(name) <= 100:
            return 400, {"message": "Invalid Form Body (thread name)", "code": 50035}
        tid = snowflake()
        thread = {
            "id": str(tid),
            "type": int(body.get("type", 11)),
            "name": name,
            "guild_id": parent["guild_id"],
            "parent_id": str(parent_id),
            "owner_id": str(BOT_USER["id"]),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int(body.get("auto_archive_duration", 1440)),
                "archive_timestamp": _iso(self.now()),
                "locked": False,
            },
        }
        self.channels[tid] = thread
        self.threads.append(tid)
        if parent_id in self.no_attach:  # a thread has its parent's permissions
            self.no_attach.add(tid)
        return 201, thread

    async def delete_channel(self, channel_id: int) -> None:
        """Delete a channel as a server admin would: REST calls to it then fail with 10003
        Unknown Channel, and the gateway sends CHANNEL_DELETE."""
        channel = self.channels.pop(channel_id)
        for mid in [m for m, msg in self.messages.items() if int(msg["channel_id"]) == channel_id]:
            del self.messages[mid]
        await self.dispatch("CHANNEL_DELETE", dict(channel))

    def guild_payload(self, guild_id: int = GUILD_ID) -> dict[str, Any]:
        members = [
            {"user": u, "roles": [], "joined_at": _iso(0), "deaf": False, "mute": False, "flags": 0}
            for u in [BOT_USER, *self.users.values()]
        ]
        return {
            "id": str(guild_id),
            "name": "Test Guild" if guild_id == GUILD_ID else f"Guild {guild_id}",
            "icon": None,
            "owner_id": str(OWNER_ID),
            "features": [],
            "roles": [
                {
                    "id": str(guild_id),
                    "name": "@everyone",
                    "permissions": "2248473465835073",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "emojis": [],
            "stickers": [],
            "channels": [c for c in self.channels.values() if c.get("guild_id") == str(guild_id)],
            "threads": [],
            "members": members,
            "member_count": len(members),
            "voice_states": [],
            "presences": [],
            "large": False,
            "unavailable": False,
            "mfa_level": 0,
            "verification_level": 0,
            "explicit_content_filter": 0,
            "default_message_notifications": 0,
            "premium_tier": 0,
            "preferred_locale": self.guild_locales.get(guild_id, "en-US"),
            "system_channel_flags": 0,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": _iso(0),
        }

    # ----- lifecycle --------------------------------------------------------------------------------------
    async def start(self, bot: discord.Client) -> None:
        """Run the bot's real ``login()`` (and so its ``setup_hook``) against the fake, then READY + GUILD."""
        self.bot = bot
        logging.getLogger("discord").addHandler(self.errors)
        logging.getLogger("bot").addHandler(self.errors)
        logging.getLogger("cogs").addHandler(self.errors)
        logging.getLogger("storage").addHandler(self.errors)
        session = self.session

        async def static_login(http: Any, token: str) -> Any:
            http._HTTPClient__session = session
            http._global_over = asyncio.Event()
            http._global_over.set()
            http.token = token
            return await http.request(discord.http.Route("GET", "/users/@me"))

        bot.http.static_login = types.MethodType(static_login, bot.http)  # type: ignore[method-assign]
        await bot.login("fake-token")
        state = bot._connection
        state.guild_ready_timeout = 0.005
        # Discord's gateway: one READY per shard the bot runs, then that shard's guilds.
        shards: dict[int, list[int]] = {0: list(self.guild_ids)}
        if isinstance(bot, discord.AutoShardedClient):
            bot.shard_count = bot.shard_count or 1
            ids = list(bot.shard_ids) if bot.shard_ids is not None else range(bot.shard_count)
            state.shard_count = bot.shard_count  # type: ignore[attr-defined]
            state.shard_ids = ids  # type: ignore[attr-defined]
            shards = {i: [] for i in ids}
            for gid in self.guild_ids:
                shard = (gid >> 22) % bot.shard_count
                assert shard in shards, f"guild {gid} is on shard {shard}, not run by this bot"
                shards[shard].append(gid)
        parsers = state.parsers
        for shard, guilds in shards.items():
            ready: dict[str, Any] = {
                "v": 10,
                "user": BOT_USER,
                "session_id": "fake-session",
                "resume_gateway_url": "wss://fake",
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "application": {"id": str(APP_ID), "flags": 0},
            }
            if isinstance(bot, discord.AutoShardedClient):
                ready["shard"] = [shard, bot.shard_count]
            parsers["READY"](ready)
            for gid in guilds:
                parsers["GUILD_CREATE"](self.guild_payload(gid))
        await asyncio.wait_for(bot.wait_until_ready(), 5)

    async def close(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        for name in ("discord", "bot", "cogs", "storage"):
            logging.getLogger(name).removeHandler(self.errors)

    def error_messages(self) -> list[str]:
        out = [
            r.getMessage() + (f" ({r.exc_info[1]!r})" if r.exc_info else "")
            for r in self.errors.records
        ]
        out += [f"unrouted {r.method} {r.path}" for r in self.unrouted]
        out += self.violations
        return out

    # ----- REST routing -----------------------------------------------------------------------------------
    def _check_limits(self, rec: Recorded) -> None:
        """Discord's limits on what the bot sends (tests/bot/limits.py); a breach is a violation."""
        body = rec.json if isinstance(rec.json, dict) else None
        if body is None or rec.method not in ("POST", "PATCH"):
            return
        names = [name for name, _data in rec.files]
        if rec.is_callback:
            data = body.get("data") or {}
            problems = (
                autocomplete_problems(data.get("choices") or [])
                if body.get("type") == 8
                else message_problems(data) + attachment_problems(data, names)
            )
        elif rec.path.startswith(("/webhooks/", "/channels/")):
            problems = message_problems(body) + attachment_problems(body, names)
        else:
            return
        self.violations += [f"{rec.method} {rec.path}: {p}" for p in problems]

    def route(self, rec: Recorded) -> tuple[int, Any]:
        self._check_limits(rec)
        m, p = rec.method, rec.path
        if m == "GET" and p == "/users/@me":
            return 200, BOT_USER
        if m == "GET" and p == "/oauth2/applications/@me":
            return 200, self._app_info()
        if m == "PUT" and (
            mt := re.fullmatch(r"/applications/(\d+)(?:/guilds/(\d+))?/commands", p)
        ):
            scope = mt.group(2) or "global"
            self.violations += [p for c in rec.json for p in command_place_problems(c)]
            cmds = [
                dict(c, id=str(snowflake()), application_id=str(APP_ID), version="1")
                for c in rec.json
            ]
            self.synced[scope] = cmds
            return 200, cmds
        if mt := re.fullmatch(r"/applications/(\d+)/emojis", p):
            return self._emojis(m, rec.json)
        if (mt := re.fullmatch(r"/applications/(\d+)/emojis/(\d+)", p)) and m == "DELETE":
            if m in self.fail_emojis:
                return 500, {"message": "500: Internal Server Error (fake, as asked)", "code": 0}
            if self.app_emojis.pop(int(mt.group(2)), None) is None:
                return 404, {"message": "Unknown Emoji", "code": 10014}
            self.emoji_images.pop(int(mt.group(2)), None)
            return 204, None
        if mt := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", p):
            return self._callback(mt.group(2), rec.json, rec.files)
        if mt := re.fullmatch(r"/webhooks/(\d+)/([^/]+)(?:/messages/(@original|\d+))?", p):
            return self._webhook(m, mt.group(2), mt.group(3), rec.json, rec.files)
        if (mt := re.match(r"/channels/(\d+)", p)) and int(mt.group(1)) in self.absent:
            return 403, MISSING_ACCESS
        if m == "POST" and p == "/users/@me/channels":
            uid = int((rec.json or {})["recipient_id"])
            dm_id = self.dm_of(uid)
            dm = {"id": str(dm_id), "type": 1, "recipients": [self.users[uid]]}
            # the user's DM with the bot: its messages are kept (edited, clicked from there)
            self.channels.setdefault(dm_id, dm)
            self.bot_dms.setdefault(dm_id, uid)
            return 200, dm
        if (
            m == "POST"
            and (mt := re.fullmatch(r"/channels/(\d+)/messages", p))
            and int(mt.group(1)) in self.dm_channels
        ):
            if self.dm_channels[int(mt.group(1))] in self.dms_closed:
                return 403, {"message": "Cannot send messages to this user", "code": 50007}
            self.dms.append((self.dm_channels[int(mt.group(1))], rec.json or {}))
            msg = self._new_message(int(mt.group(1)), rec.json or {}, files=rec.files)
            return 200, msg
        if (
            m == "GET"
            and (mt := re.fullmatch(r"/users/(\d+)", p))
            and int(mt.group(1)) in self.users
        ):
            return 200, self.users[int(mt.group(1))]
        if m == "POST" and (mt := re.fullmatch(r"/channels/(\d+)/threads", p)):
            return self._new_thread(int(mt.group(1)), rec.json or {})
        if mt := re.fullmatch(r"/channels/(\d+)/messages(?:/(\d+))?", p):
            if int(mt.group(1)) in self.forbidden:
                return 403, {"message": "Missing Permissions", "code": 50013}
            if int(mt.group(1)) in self.no_attach and rec.files:
                return 403, {"message": "Missing Permissions", "code": 50013}
            return self._channel_message(m, int(mt.group(1)), mt.group(2), rec.json, rec.files)
        if (
            m == "GET"
            and (mt := re.fullmatch(r"/channels/(\d+)", p))
            and int(mt.group(1)) in self.channels
        ):
            return 200, self.channels[int(mt.group(1))]
        self.unrouted.append(rec)
        return 404, {"message": "404: Not Found (fake)", "code": 0}

    def _app_info(self) -> dict[str, Any]:
        return {
            "id": str(APP_ID),
            "name": "cardtable",
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner,
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
        }

    # ----- application emojis -------------------------------------------------------------------------
    def _emojis(self, method: str, body: dict[str, Any] | None) -> tuple[int, Any]:
        if method in self.fail_emojis:
            return 500, {"message": "500: Internal Server Error (fake, as asked)", "code": 0}
        if method == "GET":
            return 200, {"items": list(self.app_emojis.values())}
        if method != "POST" or not isinstance(body, dict):
            return 405, {"message": "Method not allowed", "code": 0}
        name, image = str(body.get("name") or ""), str(body.get("image") or "")
        if not re.fullmatch(r"[A-Za-z0-9_]{2,32}", name):
            self.violations.append(f"emoji name {name!r} breaks Discord's rules")
            return 400, {"message": "Invalid Form Body", "code": 50035}
        if any(e["name"] == name for e in self.app_emojis.values()):
            self.violations.append(f"emoji {name!r} uploaded twice")
            return 400, {"message": "Invalid Form Body", "code": 50035}
        if len(self.app_emojis) >= 2000:
            return 400, {"message": "Maximum number of emojis reached (2000)", "code": 30008}
        mt = re.fullmatch(r"data:image/(png|jpeg|gif);base64,(.+)", image)
        if mt is None:
            self.violations.append(f"emoji {name!r}: image is not a PNG/JPEG/GIF data URI")
            return 400, {"message": "Invalid Form Body", "code": 50035}
        data = base64.b64decode(mt.group(2))
        if len(data) > 256 * 1024:
            self.violations.append(f"emoji {name!r}: {len(data)} bytes (limit 256 KiB)")
            return 400, {"message": "Invalid Form Body", "code": 50035}
        eid = snowflake()
        emoji = {
            "id": str(eid),
            "name": name,
            "roles": [],
            "user": BOT_USER,
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }
        self.app_emojis[eid] = emoji
        self.emoji_images[eid] = data
        return 200, emoji

    # ----- messages ------------------------------------------------------------------------------------
    def _attach(
        self, msg: dict[str, Any], body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> None:
        """The message's attachments after a create or edit (``attachments`` in the body lists the
        ones to keep and the new uploads, by index), and its embeds' ``attachment://`` names
        resolved to their URLs as Discord stores them."""
        old = {str(a["id"]): a for a in msg.get("attachments") or []}
        new: list[dict[str, Any]] = []
        for filename, data in files:
            aid = snowflake()
            self.files[aid] = data
            new.append(
                {
                    "id": str(aid),
                    "filename": filename,
                    "size": len(data),
                    "url": f"https://cdn.fake/attachments/{msg['channel_id']}/{aid}/{filename}",
                    "proxy_url": f"https://media.fake/attachments/{aid}/{filename}",
                    "content_type": "image/png" if filename.endswith(".png") else None,
                }
            )
        if "attachments" in body:
            kept: list[dict[str, Any]] = []
            for entry in body.get("attachments") or []:
                ref = entry.get("id")
                if isinstance(ref, int) and 0 <= ref < len(new):
                    kept.append(new[ref])
                elif str(ref) in old:
                    kept.append(old[str(ref)])
            msg["attachments"] = kept
        elif new:
            msg["attachments"] = [*old.values(), *new]
        by_name = {a["filename"]: a["url"] for a in new}
        if by_name and msg.get("embeds"):
            text = json.dumps(msg["embeds"])
            for name, url in by_name.items():
                text = text.replace(f"attachment://{name}", url)
            msg["embeds"] = json.loads(text)

    def attachment(self, msg: dict[str, Any], index: int = 0) -> bytes:
        """The bytes of a message's attachment as uploaded."""
        return self.files[int(msg["attachments"][index]["id"])]

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        *,
        interaction: InteractionRecord | None = None,
        files: list[tuple[str, bytes]] | None = None,
    ) -> dict[str, Any]:
        mid = snowflake()
        msg: dict[str, Any] = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "guild_id": str(self.guild_of(channel_id)),
            "author": BOT_USER,
            "content": body.get("content") or "",
            "timestamp": _iso(self.now()),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0 if interaction is None else 20,
            "flags": int(body.get("flags") or 0),
        }
        if self.guild_of(channel_id) is None:
            del msg["guild_id"]
        self._attach(msg, body, files or [])
        if interaction is not None:
            user = self.users[interaction.user_id]
            msg["interaction_metadata"] = {"id": str(interaction.id), "type": 2, "user": user}
            msg["interaction"] = {"id": str(interaction.id), "type": 2, "name": "x", "user": user}
            if msg["flags"] & EPHEMERAL:
                self.ephemeral_owner[mid] = interaction.user_id
        self.messages[mid] = msg
        return msg

    def _edit(
        self,
        msg: dict[str, Any],
        body: dict[str, Any],
        files: list[tuple[str, bytes]] | None = None,
    ) -> dict[str, Any]:
        for key in ("content", "embeds", "components"):
            if key in body:
                msg[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        self._attach(msg, body, files or [])
        msg["edited_timestamp"] = _iso(self.now())
        return msg

    def _token_ok(self, token: str) -> tuple[InteractionRecord | None, tuple[int, Any] | None]:
        rec = self.interactions.get(token)
        if rec is None:
            return None, (404, {"message": "Unknown Webhook", "code": 10015})
        if self.now() - rec.created_at > TOKEN_LIFETIME:
            self.violations.append(f"used an interaction token older than 15 minutes ({token})")
            return None, (401, {"message": "Invalid Webhook Token", "code": 50027})
        return rec, None

    def _callback(
        self, token: str, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> tuple[int, Any]:
        rec, err = self._token_ok(token)
        if rec is None:
            assert err is not None
            return err
        if rec.acked:
            self.violations.append(f"interaction {rec.id} acknowledged twice")
            return 400, {"message": "Interaction has already been acknowledged.", "code": 40060}
        if answer_time(rec) > self.ack_deadline:
            self.violations.append(f"interaction {rec.id} answered after {self.ack_deadline} s")
            return 404, {"message": "Unknown interaction", "code": 10062}
        kind = int(body["type"])
        data = body.get("data") or {}
        if files and self._attach_refused(rec.channel_id, self._answer_flags(kind, data, rec)):
            return 403, {"message": "Missing Permissions", "code": 50013}
        rec.acked = True
        inter: dict[str, Any] = {"id": str(rec.id), "type": 2}
        resource: dict[str, Any] | None = None
        if kind == 4:
            msg = self._new_message(rec.channel_id, data, interaction=rec, files=files)
            rec.original_id = int(msg["id"])
            inter.update(
                response_message_id=msg["id"], response_message_ephemeral=bool(msg["flags"] & 64)
            )
            resource = {"type": 4, "message": msg}
        elif kind == 5:
            msg = self._new_message(
                rec.channel_id, {"flags": data.get("flags", 0)}, interaction=rec
            )
            rec.original_id = int(msg["id"])
            inter.update(response_message_id=msg["id"], response_message_loading=True)
        elif kind in (6, 7):
            src = rec.source_message_id
            if src is None or src not in self.messages:
                self.violations.append(
                    f"update-message callback without a message (interaction {rec.id})"
                )
                return 400, {"message": "Invalid Form Body", "code": 50035}
            rec.original_id = src
            if kind == 7:
                self._edit(self.messages[src], data, files)
            inter.update(response_message_id=str(src))
            resource = {"type": kind, "message": self.messages[src]}
        elif kind == 8 and len(data.get("choices") or []) > 25:
            return 400, {"message": "Invalid Form Body", "code": 50035}
        out: dict[str, Any] = {"interaction": inter}
        if resource is not None:
            out["resource"] = resource
        return 200, out

    def _attach_refused(self, channel_id: int, flags: int) -> bool:
        """A public message uploading a file where the bot may not attach files (an ephemeral
        answer is the asker's alone and goes through)."""
        return channel_id in self.no_attach and not flags & EPHEMERAL

    def _answer_flags(self, kind: int, data: dict[str, Any], rec: InteractionRecord) -> int:
        """The flags of the message an interaction callback creates (4) or updates (7)."""
        if kind == 7:
            source = self.messages.get(rec.source_message_id or 0) or {}
            return int(source.get("flags") or 0)
        return int(data.get("flags") or 0)

    async def set_attach_files(self, channel_id: int, allowed: bool) -> None:
        """A server admin takes Attach Files from the bot in a channel (or gives it back): a
        permission overwrite on the channel, sent to the bot as CHANNEL_UPDATE."""
        (self.no_attach.discard if allowed else self.no_attach.add)(channel_id)
        channel = self.channels[channel_id]
        channel["permission_overwrites"] = (
            []
            if allowed
            else [{"id": str(BOT_ID), "type": 1, "allow": "0", "deny": str(ATTACH_FILES)}]
        )
        if self.bot is not None:
            await self.dispatch("CHANNEL_UPDATE", dict(channel))

    def _webhook(
        self,
        method: str,
        token: str,
        which: str | None,
        body: dict[str, Any] | None,
        files: list[tuple[str, bytes]],
    ) -> tuple[int, Any]:
        rec, err = self._token_ok(token)
        if rec is None:
            assert err is not None
            return err
        if not rec.acked:
            self.violations.append(f"webhook call before the interaction {rec.id} was acknowledged")
            return 404, {"message": "Unknown Webhook", "code": 10015}
        if files:
            target = rec.original_id if which == "@original" else int(which or 0)
            flags = (
                int((body or {}).get("flags") or 0)
                if which is None
                else int(self.messages.get(target or 0, {}).get("flags") or 0)
            )
            if self._attach_refused(rec.channel_id, flags):
                return 403, {"message": "Missing Permissions", "code": 50013}
        if which is None:
            if method != "POST":
                return 405, {"message": "Method not allowed", "code": 0}
            rec.followups += 1
            if rec.capped and rec.followups > FOLLOWUP_CAP:
                self.violations.append(f"follow-up {rec.followups} to interaction {rec.id} (max 5)")
                return 400, {"message": "Maximum number of follow-up messages reached", "code": 0}
            msg = self._new_message(rec.channel_id, body or {}, interaction=rec, files=files)
            rec.sent.add(int(msg["id"]))
            return 200, msg
        mid = rec.original_id if which == "@original" else int(which)
        if mid is not None and mid != rec.original_id and mid not in rec.sent:
            self.violations.append(
                f"token of interaction {rec.id} used on message {mid} it did not send"
            )
            return 404, {"message": "Unknown Message", "code": 10008}
        if mid is None or mid not in self.messages:
            return 404, {"message": "Unknown Message", "code": 10008}
        if method == "GET":
            return 200, self.messages[mid]
        if method == "PATCH":
            return 200, self._edit(self.messages[mid], body or {}, files)
        if method == "DELETE":
            del self.messages[mid]
            return 204, None
        return 405, {"message": "Method not allowed", "code": 0}

    def _channel_message(
        self,
        method: str,
        channel_id: int,
        mid_text: str | None,
        body: dict[str, Any] | None,
        files: list[tuple[str, bytes]],
    ) -> tuple[int, Any]:
        if channel_id not in self.channels:
            return 404, {"message": "Unknown Channel", "code": 10003}
        if mid_text is None:
            if method == "POST":
                return 200, self._new_message(channel_id, body or {}, files=files)
            return 405, {"message": "Method not allowed", "code": 0}
        mid = int(mid_text)
        msg = self.messages.get(mid)
        if msg is None or int(msg["channel_id"]) != channel_id or msg["flags"] & EPHEMERAL:
            return 404, {"message": "Unknown Message", "code": 10008}
        if method == "PATCH":
            return 200, self._edit(msg, body or {}, files)
        if method == "DELETE":
            del self.messages[mid]
            return 204, None
        if method == "GET":
            return 200, msg
        return 405, {"message": "Method not allowed", "code": 0}

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 10.0) -> None:
        """Let background work (computer moves, timers) run until ``predicate()`` holds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not predicate():
            assert loop.time() < end, "condition not reached in time"
            await asyncio.sleep(0.005)
        settle = getattr(self.bot, "settle", None)
        if settle is not None:
            await settle()

    # ----- reading the world --------------------------------------------------------------------------------
    def public_messages(self, channel_id: int | None = None) -> list[dict[str, Any]]:
        cid = self.channel_id if channel_id is None else channel_id
        return [
            m
            for m in self.messages.values()
            if int(m["channel_id"]) == cid and not m["flags"] & EPHEMERAL
        ]

    def ephemeral_messages(self, user: dict[str, Any]) -> list[dict[str, Any]]:
        uid = int(user["id"])
        return [
            self.messages[mid]
            for mid, owner in self.ephemeral_owner.items()
            if owner == uid and mid in self.messages
        ]

    def find_component(
        self, msg: dict[str, Any], pred: Callable[[dict[str, Any]], bool]
    ) -> dict[str, Any] | None:
        return next((c for c in iter_components(msg.get("components") or []) if pred(c)), None)

    def button(self, msg: dict[str, Any], label: str) -> dict[str, Any]:
        comp = self.find_component(msg, lambda c: c.get("type") == 2 and c.get("label") == label)
        assert comp is not None, f"no button {label!r} in {render_text(msg)!r}"
        return comp

    def payloads_seen_by(self, user: dict[str, Any] | None) -> list[dict[str, Any]]:
        """Every message body a given user could have seen (public ones + their own ephemeral ones),
        taken from the recorded requests, so even overwritten versions are included."""
        uid = None if user is None else int(user["id"])
        bodies: list[dict[str, Any]] = []
        for r in self.requests:
            if r.json is None or not isinstance(r.json, dict):
                continue
            body = r.json.get("data") if r.is_callback else r.json
            if not isinstance(body, dict):
                continue
            if self.request_audience(r) in ("public", uid):
                bodies.append(body)
        return bodies

    def request_audience(self, r: Recorded) -> Any:
        """'public', a user id (ephemeral), or None (not a message body)."""
        if r.path.startswith("/channels/") and r.method in ("POST", "PATCH"):
            dm = re.match(r"/channels/(\d+)/", r.path)
            if dm is not None and int(dm.group(1)) in self.dm_channels:
                return self.dm_channels[int(dm.group(1))]  # a direct message: its user alone
            return "public"
        m = re.match(r"/(?:interactions/\d+|webhooks/\d+)/([^/]+)", r.path)
        if not m or r.method not in ("POST", "PATCH"):
            return None
        rec = self.interactions.get(m.group(1))
        if rec is None:
            return None
        if r.is_callback:
            kind = r.json.get("type")
            if kind == 8:
                return rec.user_id  # autocomplete choices: only the typer sees them
            if kind in (4, 5):
                return (
                    rec.user_id
                    if (r.json.get("data") or {}).get("flags", 0) & EPHEMERAL
                    else "public"
                )
            if kind == 7:
                src = rec.source_message_id
                return rec.user_id if src in self.ephemeral_owner else "public"
            return None
        flags = (r.json or {}).get("flags", 0)
        if flags & EPHEMERAL:
            return rec.user_id
        if r.method == "PATCH" and (mt := re.search(r"/messages/(\d+)$", r.path)):
            # an edit of a follow-up: whoever reads that message (not the token's original)
            return rec.user_id if int(mt.group(1)) in self.ephemeral_owner else "public"
        orig = rec.original_id
        return rec.user_id if orig in self.ephemeral_owner else "public"

    # ----- feeding interactions ---------------------------------------------------------------------------
    def _base_payload(
        self, kind: int, user: dict[str, Any], channel_id: int | None
    ) -> tuple[dict[str, Any], InteractionRecord]:
        iid = snowflake()
        token = f"tok-{iid}"
        cid = self.channel_id if channel_id is None else channel_id
        gid = self.guild_of(cid) or 0  # (no server: a group DM, whose payload drops it)
        rec = InteractionRecord(
            iid, token, int(user["id"]), cid, self.now(), time.time(), run_queue_wait()
        )
        self.interactions[token] = rec
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "attachment_size_limit": 8 * 1024 * 1024,
            "guild_id": str(gid),
            "guild": {
                "id": str(gid),
                "locale": self.guild_locales.get(gid, "en-US"),
                "features": [],
            },
            "channel_id": str(cid),
            "channel": self.channels.get(
                cid, {"id": str(cid), "type": 0, "name": "x", "position": 0}
            ),
            "member": {
                "user": user,
                "roles": [],
                "joined_at": _iso(0),
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(
                    self.member_permissions.get(int(user["id"]), MEMBER_PERMISSIONS)
                ),
            },
            "app_permissions": str(
                APP_PERMISSIONS & ~ATTACH_FILES if cid in self.no_attach else APP_PERMISSIONS
            ),
            "locale": self.user_locales.get(int(user["id"]), "en-US"),
            "guild_locale": self.guild_locales.get(gid, "en-US"),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(gid)},
            "context": 0,
        }
        if cid in self.absent:  # a user-installed app: authorized by the user, not the server
            rec.capped = True
            payload["authorizing_integration_owners"] = {"1": str(user["id"])}
        if cid in self.group_dms:  # a group DM: no server, no member, the user themself
            assert int(user["id"]) in self.group_dms[cid], "only its members use a group DM"
            for key in ("guild_id", "guild", "member", "guild_locale"):
                payload.pop(key)
            payload["user"] = user
            payload["context"] = 2
            payload["app_permissions"] = str(DM_APP_PERMISSIONS)
        if cid in self.bot_dms:  # the bot's own DM: no server, the user authorizes
            assert self.bot_dms[cid] == int(user["id"]), "only its user writes in a bot DM"
            for key in ("guild_id", "guild", "member", "guild_locale"):
                payload.pop(key)
            payload["user"] = user
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"1": str(user["id"])}
            payload["app_permissions"] = str(DM_APP_PERMISSIONS)
        if int(user["id"]) in self.in_dm:  # the user runs it in a DM with the bot
            for key in ("guild_id", "guild", "member", "channel_id", "channel"):
                payload.pop(key)
            payload["user"] = user
            payload["context"] = 1
            payload["channel"] = {"id": str(cid), "type": 1, "recipients": [user]}
            payload["channel_id"] = str(cid)
        return payload, rec

    async def dispatch(
        self, event: str, data: dict[str, Any], timeout: float = 10.0
    ) -> list[Recorded]:
        assert self.bot is not None
        start = len(self.requests)
        before = asyncio.all_tasks()
        self.bot.dispatch("socket_event_type", event)
        self.bot._connection.parsers[event](data)
        if self.busy and event == "INTERACTION_CREATE":
            time.sleep(self.busy)  # a busy event loop: the handler runs this much later
        spawned = asyncio.all_tasks() - before
        if spawned:
            done, pending = await asyncio.wait(spawned, timeout=timeout)
            assert not pending, f"handler still running after {timeout} s: {pending}"
            for t in done:
                if not t.cancelled() and t.exception() is not None:
                    raise t.exception()  # type: ignore[misc]
        for _ in range(3):
            await asyncio.sleep(0)
        settle = getattr(self.bot, "settle", None)
        if settle is not None and self.auto_settle:
            await settle()
        return self.requests[start:]

    def _command(self, name: str) -> app_commands.Command[Any, ..., Any]:
        assert self.bot is not None
        tree = self.bot.tree  # type: ignore[attr-defined]
        parts = name.split()
        node = tree.get_command(parts[0]) or tree.get_command(
            parts[0], guild=discord.Object(GUILD_ID)
        )
        assert node is not None, f"no command /{parts[0]}"
        for part in parts[1:]:
            assert isinstance(node, app_commands.Group), f"/{name}: {node.name} has no subcommands"
            node = node.get_command(part)
            assert node is not None, f"no command /{name}"
        assert isinstance(node, app_commands.Command), f"/{name} is a group"
        return node

    def _options(
        self,
        cmd: app_commands.Command[Any, ..., Any],
        values: dict[str, Any],
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        """Command options as Discord would send them, checked as Discord checks them."""
        params = {p.name: p for p in cmd.parameters}
        unknown = set(values) - set(params)
        assert not unknown, f"/{cmd.qualified_name} has no option(s) {sorted(unknown)}"
        out: list[dict[str, Any]] = []
        for p in cmd.parameters:
            if p.name not in values:
                assert not p.required or focused is not None, (
                    f"/{cmd.qualified_name}: {p.name} is required"
                )
                continue
            v = values[p.name]
            t = p.type
            if p.name != focused:
                if p.choices:
                    allowed = [c.value for c in p.choices]
                    assert v in allowed, f"{p.name}={v!r} is not one of the choices {allowed}"
                if t in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
                    assert isinstance(v, int | float) and not isinstance(v, bool), (
                        f"{p.name} must be a number"
                    )
                    if t is discord.AppCommandOptionType.integer:
                        assert isinstance(v, int), f"{p.name} must be an integer"
                    if p.min_value is not None:
                        assert v >= p.min_value, f"{p.name}={v} < min {p.min_value}"
                    if p.max_value is not None:
                        assert v <= p.max_value, f"{p.name}={v} > max {p.max_value}"
                if t is discord.AppCommandOptionType.string:
                    assert isinstance(v, str), f"{p.name} must be a string"
                    # discord.py keeps a string's length limits in min_value/max_value
                    if p.min_value is not None:
                        assert len(v) >= p.min_value, f"{p.name} shorter than {p.min_value}"
                    if p.max_value is not None:
                        assert len(v) <= p.max_value, f"{p.name} longer than {p.max_value}"
                if t is discord.AppCommandOptionType.boolean:
                    assert isinstance(v, bool)
            opt: dict[str, Any] = {"name": p.display_name, "type": t.value, "value": v}
            if t in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
                opt["value"] = str(v["id"]) if isinstance(v, dict) else str(v)
            if p.name == focused:
                opt["focused"] = True
            out.append(opt)
        return out

    def _command_data(
        self, name: str, options: list[dict[str, Any]], resolved: dict[str, Any]
    ) -> dict[str, Any]:
        parts = name.split()
        nested = options
        for sub in reversed(parts[1:]):
            kind = 1 if sub == parts[-1] else 2
            nested = [{"name": sub, "type": kind, "options": nested}]
        data: dict[str, Any] = {
            "id": str(snowflake()),
            "name": parts[0],
            "type": 1,
            "options": nested,
        }
        if resolved:
            data["resolved"] = resolved
        return data

    def _resolved(
        self, cmd: app_commands.Command[Any, ..., Any], values: dict[str, Any]
    ) -> dict[str, Any]:
        users: dict[str, Any] = {}
        members: dict[str, Any] = {}
        for p in cmd.parameters:
            if p.name in values and p.type is discord.AppCommandOptionType.user:
                u = values[p.name]
                users[str(u["id"])] = u
                members[str(u["id"])] = {
                    "roles": [],
                    "joined_at": _iso(0),
                    "flags": 0,
                    "permissions": "0",
                }
        return {"users": users, "members": members} if users else {}

    async def slash(
        self,
        name: str,
        /,
        *,
        user: dict[str, Any] | None = None,
        channel_id: int | None = None,
        locale: str | None = None,
        **values: Any,
    ) -> Exchange:
        """Run ``/name`` (``"table new"`` for subcommands) as ``user`` with the given option values;
        ``locale``: the user's client language (Discord's ``interaction.locale``; default: the
        user's in ``user_locales``, else en-US)."""
        user = user or self.owner
        cmd = self._command(name)
        opts = self._options(cmd, values)
        payload, _rec = self._base_payload(2, user, channel_id)
        if locale is not None:
            payload["locale"] = locale
        payload["data"] = self._command_data(name, opts, self._resolved(cmd, values))
        reqs = await self.dispatch("INTERACTION_CREATE", payload)
        return Exchange(self, payload, reqs)

    async def autocomplete(
        self,
        name: str,
        option: str,
        *,
        user: dict[str, Any] | None = None,
        channel_id: int | None = None,
        value: str = "",
        **others: Any,
    ) -> Exchange:
        user = user or self.owner
        cmd = self._command(name)
        values = dict(others, **{option: value})
        opts = self._options(cmd, values, focused=option)
        payload, _rec = self._base_payload(4, user, channel_id)
        payload["data"] = self._command_data(name, opts, {})
        reqs = await self.dispatch("INTERACTION_CREATE", payload)
        return Exchange(self, payload, reqs)

    async def click(
        self,
        msg: dict[str, Any],
        custom_id: str,
        *,
        user: dict[str, Any] | None = None,
        values: list[str] | None = None,
        forge: bool = False,
    ) -> Exchange:
        """Click a button (or choose ``values`` in a select) that the bot put on ``msg``.

        The message is the stored one, so a click on an outdated copy is exactly what a user with a stale
        screen sends. ``forge=True`` lets a test send a custom_id that is not on the message (a tampered client)."""
        user = user or self.owner
        mid = int(msg["id"])
        if mid in self.ephemeral_owner:
            assert self.ephemeral_owner[mid] == int(user["id"]), (
                "only the owner can see an ephemeral message"
            )
        message = copy.deepcopy(msg)
        comp = self.find_component(message, lambda c: c.get("custom_id") == custom_id)
        if comp is None:
            assert forge, f"no component {custom_id!r} on the message: {render_text(msg)!r}"
            kind = 3 if values is not None else 2
            row = {
                "type": 1,
                "components": [{"type": kind, "custom_id": custom_id, "label": "x", "style": 2}],
            }
            if kind == 3:
                row["components"][0] = {
                    "type": 3,
                    "custom_id": custom_id,
                    "options": [],
                    "min_values": 1,
                    "max_values": 25,
                }
            message["components"] = [*(message.get("components") or [])[:4], row]
            comp = row["components"][0]
        kind = int(comp["type"])
        if not forge:
            assert not comp.get("disabled"), f"{custom_id} is disabled"
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            assert values is not None, "a select needs values"
            if not forge:
                allowed = {o["value"] for o in comp.get("options") or []}
                assert set(values) <= allowed, f"{values} not among the options {sorted(allowed)}"
                lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
                assert lo <= len(values) <= hi, f"{len(values)} values outside {lo}..{hi}"
            data["values"] = values
        payload, rec = self._base_payload(3, user, int(message["channel_id"]))
        rec.source_message_id = mid
        payload["message"] = message
        payload["data"] = data
        reqs = await self.dispatch("INTERACTION_CREATE", payload)
        return Exchange(self, payload, reqs)


def component_ids(msg: dict[str, Any]) -> list[str]:
    return [
        c["custom_id"] for c in iter_components(msg.get("components") or []) if "custom_id" in c
    ]


@dataclass
class Person:
    """A simulated user, for readable tests."""

    name: str
    user: dict[str, Any]
    seen: list[str] = field(default_factory=list)

    @property
    def id(self) -> int:
        return int(self.user["id"])
