"""What every concern's queries run on: the ``Db`` connection protocol and ``SqlBase``, the
backend's hooks (reads, transactions, autocommitted writes) that the concern mixins call.

A backend (``storage.sqlite``, ``storage.postgres``) supplies connections and transactions; the
SQL of every concern is valid in both dialects (``?`` placeholders, which the PostgreSQL backend
numbers ``$1, $2 …``). The few dialect differences are attributes: row locks (``FOR UPDATE`` /
``FOR SHARE``) exist only in PostgreSQL, where several processes may write the same rows at once;
SQLite takes the whole database's write lock at ``BEGIN IMMEDIATE`` instead.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from ..base import StorageError

T = TypeVar("T")


class Db(Protocol):
    """One connection (inside a transaction for writes), in ``?`` placeholder style."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows that can be indexed by column name."""

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any | None: ...


def dumps(value: Any, what: str) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StorageError(f"{what} is not JSON-serialisable: {exc}") from exc


class SqlBase:
    """The hooks a backend implements, and the state the concerns share."""

    # Row-lock clauses: empty in SQLite (BEGIN IMMEDIATE locks the whole database).
    FOR_UPDATE = ""
    FOR_SHARE = ""

    def __init__(self) -> None:
        # channel id -> the table version this process last read or wrote (see ``tables``)
        self._versions: dict[int, int] = {}

    # -- supplied by the backend ---------------------------------------------------------------

    async def _read(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        raise NotImplementedError

    async def _transaction(
        self, what: str, fn: Callable[[Db], Awaitable[T]], after: Callable[[T], None] | None
    ) -> T:
        """``fn`` in one transaction, committed if it returns, rolled back on any error; then
        ``after(result)``."""
        raise NotImplementedError

    async def _autocommit(self, what: str, fn: Callable[[Db], Awaitable[T]]) -> T:
        """``fn`` outside a transaction: for a write that is one statement."""
        raise NotImplementedError

    async def _write(
        self,
        what: str,
        fn: Callable[[Db], Awaitable[T]],
        after: Callable[[T], None] | None = None,
    ) -> T:
        """``_transaction``, finished even when the caller is cancelled meanwhile: a half-told
        write would leave the caller unsure whether it happened."""
        task = asyncio.ensure_future(self._transaction(what, fn, after))
        task.add_done_callback(_consume)
        return await asyncio.shield(task)


def _consume(task: asyncio.Future[Any]) -> None:
    """A write whose caller was cancelled still ends; its error is logged by nobody else."""
    if not task.cancelled():
        task.exception()
