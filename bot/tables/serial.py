"""Turning a table into JSON-ready data and back (the ``data`` of a storage TableSnapshot).

The engine state is kept as its own ``to_dict()`` under ``"engine"`` and rebuilt with
``bot.games.load_game``, so a restored table continues exactly where it stopped. This runs before every
move's response (the snapshot is written first), so it copies no more than it must."""

from __future__ import annotations

from typing import Any

import bot.games as games

from .models import Delivery, GameSpec, Level, Pace, Seat, Table, TableStatus

FORMAT_VERSION = 1


class TableDataError(ValueError):
    """Saved table data that cannot be read back."""


def table_to_data(table: Table) -> dict[str, Any]:
    spec = table.spec
    return {
        "version": FORMAT_VERSION,
        "channel_id": table.channel_id,
        "guild_id": table.guild_id,
        "host_id": table.host_id,
        "spec": {
            "game": spec.game,
            "options": dict(spec.options),
            "players": spec.players,
            "turn_timer": spec.turn_timer,
            "pings": spec.pings,
            "delivery": spec.delivery.value,
            "pace": spec.pace.value,
            "no_show_forfeit": spec.no_show_forfeit,
        },
        "seats": [_seat_to_data(seat) for seat in table.seats],
        "status": table.status.value,
        "game_id": table.game_id,
        "seed": table.seed,
        "move_no": table.move_no,
        "message_id": table.message_id,
        "message_posted_at": table.message_posted_at,
        "turn_deadline": table.turn_deadline,
        "paused": table.paused,
        "last_events": list(table.last_events),
        # (seat, action) tuples of immutable values: a flat copy suffices, and JSON writes them as arrays.
        "history": list(table.history),
        "log_from": table.log_from,
        "abandon_votes": sorted(table.abandon_votes),
        "ended_by": table.ended_by,
        "opened_at": table.opened_at,
        "started_at": table.started_at,
        "ended_at": table.ended_at,
        "reminded": table.reminded,
        "invited": [
            [user, seat, table.invited_names.get(user, "")] for user, seat in table.invited.items()
        ],
        "active_at": table.active_at,
        "paused_at": table.paused_at,
        "pauses": table.pauses,
        "in_server": table.in_server,
        "engine": table.state.to_dict() if table.state is not None else None,
    }


def table_from_data(data: dict[str, Any]) -> Table:
    """Rebuild a table; raises TableDataError naming what is wrong."""
    try:
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise TableDataError(f"unknown table data version {version!r}")
        raw_spec = data["spec"]
        spec = GameSpec(
            game=str(raw_spec["game"]),
            options=dict(raw_spec["options"]),
            players=int(raw_spec["players"]),
            turn_timer=raw_spec["turn_timer"],
            pings=bool(raw_spec.get("pings", True)),  # tables saved before the option: on
            delivery=Delivery(raw_spec.get("delivery", Delivery.CHANNEL.value)),
            pace=Pace(raw_spec.get("pace", Pace.LIVE.value)),  # saved before paces: live
            no_show_forfeit=bool(raw_spec.get("no_show_forfeit", False)),
        )
        seats = [_seat_from_data(raw) for raw in data["seats"]]
        if len(seats) != spec.players:
            raise TableDataError("seat count does not match the game")
        engine = data.get("engine")
        state = games.load_game(engine) if engine is not None else None
        status = TableStatus(data["status"])
        if status is TableStatus.PLAYING and state is None:
            raise TableDataError("a table in play has no game state")
        return Table(
            channel_id=int(data["channel_id"]),
            guild_id=int(data["guild_id"]),
            host_id=int(data["host_id"]),
            spec=spec,
            seats=seats,
            status=status,
            game_id=str(data["game_id"]),
            seed=int(data["seed"]),
            state=state,
            move_no=int(data["move_no"]),
            message_id=_opt_int(data.get("message_id")),
            message_posted_at=_opt_float(data.get("message_posted_at")),
            turn_deadline=_opt_float(data.get("turn_deadline")),
            paused=bool(data.get("paused", False)),
            last_events=list(data.get("last_events", [])),
            history=[(int(seat), str(action)) for seat, action in data.get("history", [])],
            log_from=int(data.get("log_from", 0)),
            abandon_votes={int(user) for user in data.get("abandon_votes", [])},
            ended_by=data.get("ended_by"),
            opened_at=float(data.get("opened_at") or 0.0),
            started_at=_opt_float(data.get("started_at")),
            ended_at=_opt_float(data.get("ended_at")),
            reminded=bool(data.get("reminded", False)),
            invited={int(user): int(seat) for user, seat, _ in data.get("invited", [])},
            invited_names={int(user): str(name) for user, _, name in data.get("invited", [])},
            active_at=_opt_float(data.get("active_at")),
            paused_at=_opt_float(data.get("paused_at")),
            pauses=int(data.get("pauses") or 0),
            # saved before it was kept: outside a server the place was the channel's id
            in_server=bool(data.get("in_server", int(data["guild_id"]) != int(data["channel_id"]))),
        )
    except TableDataError:
        raise
    except (KeyError, TypeError, ValueError, games.InvalidState) as exc:
        raise TableDataError(f"unreadable table data: {exc}") from exc


def _seat_to_data(seat: Seat | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    return {
        "user_id": seat.user_id,
        "name": seat.name,
        "computer": seat.computer.value if seat.computer is not None else None,
        "timeouts": seat.timeouts,
        "left": seat.left,
        "no_show": seat.no_show,
    }


def _seat_from_data(raw: dict[str, Any] | None) -> Seat | None:
    if raw is None:
        return None
    level = raw.get("computer")
    return Seat(
        user_id=int(raw["user_id"]),
        name=str(raw["name"]),
        computer=Level(level) if level is not None else None,
        timeouts=int(raw.get("timeouts", 0)),
        left=bool(raw.get("left", False)),
        no_show=bool(raw.get("no_show", False)),
    )


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)
