"""Provably fair deals (docs/fair-deals.md): every random choice of a game comes from a secret
server seed, the table's public id and the deal number, through a fixed, versioned derivation
that anyone can re-implement from the document. Pure: no clock, no OS randomness but
``new_server_seed``, and no ``random.Random`` (its methods are not stable across versions).

Derivation ``fair-v1``:

- block ``i`` (0, 1, 2, ...) of the byte stream for (table, deal, purpose) is
  ``HMAC-SHA256(key=server_seed, msg="fair-v1" 0x00 table_id 0x00 deal 0x00 purpose 0x00 i)``,
  ``table_id`` UTF-8, ``deal`` in decimal ASCII, ``i`` 8 bytes big-endian; the stream is the
  blocks concatenated;
- ``uniform_below(n)``: read 4 bytes as a big-endian unsigned ``r``; if
  ``r >= 2**32 - 2**32 % n`` throw it away and read 4 more; else the answer is ``r % n``;
- ``fisher_yates(items)``: for ``i`` from ``len - 1`` down to 1, swap items ``i`` and
  ``uniform_below(i + 1)``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

FAIR_V1 = "fair-v1"
#: Games created with a whole-number seed (and every game stored before fair deals): shuffled by
#: ``random.Random``, kept so that they still load and continue identically.
LEGACY = "legacy"
VERSIONS = (LEGACY, FAIR_V1)

#: What each random choice of an engine is called in the derivation.
DEALER = "dealer"  # the first dealer, deal number 0
SHUFFLE = "shuffle"  # the pack of deal (round, hand) number N, N >= 1

SEED_BYTES = 32  # new server seeds; 16-64 bytes are accepted
_TABLE_ID = re.compile(r"[\x21-\x7e]{1,100}")  # printable ASCII, no spaces: easy to type


class Stream:
    """The ``fair-v1`` byte stream of one (server seed, table, deal, purpose)."""

    __slots__ = ("_counter", "_key", "_label", "_buffer", "_at")

    def __init__(self, server_seed: bytes, table_id: str, deal_no: int, purpose: str) -> None:
        self._key = server_seed
        self._label = b"\x00".join(
            [FAIR_V1.encode(), table_id.encode(), str(deal_no).encode(), purpose.encode(), b""]
        )
        self._counter = 0
        self._buffer = b""
        self._at = 0  # bytes of ``_buffer`` already read

    def read(self, n: int) -> bytes:
        # hmac.digest: the one-shot C path (a shuffle reads ~100 blocks; replays re-derive many)
        end = self._at + n
        while len(self._buffer) < end:
            block = self._label + self._counter.to_bytes(8, "big")
            self._buffer = self._buffer[self._at :] + hmac.digest(self._key, block, "sha256")
            end -= self._at
            self._at = 0
            self._counter += 1
        out = self._buffer[self._at : end]
        self._at = end
        return out

    def uniform_below(self, n: int) -> int:
        """A whole number in ``0..n-1``, every one equally likely (rejection, no modulo bias)."""
        if not 1 <= n <= 2**32:
            raise ValueError(f"uniform_below needs 1 <= n <= 2**32, not {n}")
        limit = 2**32 - 2**32 % n
        while True:
            r = int.from_bytes(self.read(4), "big")
            if r < limit:
                return r % n

    def fisher_yates(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items`` (each order equally likely)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.uniform_below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def derive_stream(server_seed: bytes, table_id: str, deal_no: int, purpose: str) -> Stream:
    """The byte stream of one random choice (see the module docstring)."""
    check_seed_bytes(server_seed)
    check_table_id(table_id)
    return Stream(server_seed, table_id, deal_no, purpose)


def commitment(server_seed: bytes) -> str:
    """``SHA-256(server_seed)`` in hex: shown at the start, checked against the seed revealed."""
    return hashlib.sha256(check_seed_bytes(server_seed)).hexdigest()


def new_server_seed() -> bytes:
    """A fresh secret seed for one game (``secrets``; the only OS randomness here)."""
    return secrets.token_bytes(SEED_BYTES)


def check_seed_bytes(server_seed: Any) -> bytes:
    if not isinstance(server_seed, bytes) or not 16 <= len(server_seed) <= 64:
        raise ValueError("a server seed is 16 to 64 bytes")
    return server_seed


def check_table_id(table_id: Any) -> str:
    if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
        raise ValueError("a table id is 1 to 100 printable ASCII characters, no spaces")
    return table_id


@dataclass(frozen=True)
class FairSeed:
    """What a fair game's deals come from: the secret server seed and the public table id."""

    server_seed: bytes = field(repr=False)  # secret until the game ends: never in logs
    table_id: str
    version: str = FAIR_V1

    def __repr__(self) -> str:
        return f"FairSeed(table_id={self.table_id!r}, commitment={self.commitment[:16]}…)"

    def __post_init__(self) -> None:
        check_seed_bytes(self.server_seed)
        check_table_id(self.table_id)
        if self.version != FAIR_V1:
            raise ValueError(f"unknown fair-deal version {self.version!r}: {FAIR_V1} only")

    @classmethod
    def from_hex(cls, server_seed: str, table_id: str) -> FairSeed:
        try:
            raw = bytes.fromhex(server_seed)
        except (ValueError, TypeError):
            raise ValueError("the server seed is written in hex (32 to 128 digits)") from None
        return cls(raw, table_id)

    @property
    def commitment(self) -> str:
        return commitment(self.server_seed)

    def stream(self, deal_no: int, purpose: str) -> Stream:
        return Stream(self.server_seed, self.table_id, deal_no, purpose)

    def first_dealer(self, players: int) -> int:
        """The first dealer: ``uniform_below(players)`` of deal 0, purpose ``dealer``."""
        return self.stream(0, DEALER).uniform_below(players)

    def shuffle(self, pack: Sequence[T], deal_no: int) -> list[T]:
        """Deal ``deal_no``'s pack: Fisher-Yates of the pack in canonical order, purpose
        ``shuffle``; the engine deals from the front (top of the stock first)."""
        return self.stream(deal_no, SHUFFLE).fisher_yates(pack)

    def to_dict(self) -> dict[str, str]:
        """Stored in snapshots (``to_dict()["fair"]``): the seed stays server-side until the
        table reveals it; views never carry it."""
        return {
            "version": self.version,
            "server_seed": self.server_seed.hex(),
            "table_id": self.table_id,
        }

    @classmethod
    def from_dict(cls, data: Any) -> FairSeed:
        if not isinstance(data, dict) or set(data) != {"version", "server_seed", "table_id"}:
            raise ValueError("'fair' is {version, server_seed (hex), table_id}")
        if data["version"] != FAIR_V1:
            raise ValueError(f"unknown fair-deal version: {FAIR_V1} only")
        return cls.from_hex(data["server_seed"], data["table_id"])


def snapshot_fields(fair: FairSeed | None) -> dict[str, Any]:
    """What ``to_dict()`` stores about the deals' derivation: ``rng_version`` (``legacy`` or
    ``fair-v1``) and, for a fair game, ``fair`` (version, server seed in hex, table id)."""
    if fair is None:
        return {"rng_version": LEGACY}
    return {"rng_version": fair.version, "fair": fair.to_dict()}


def load_fair(data: dict[str, Any]) -> FairSeed | None:
    """The ``FairSeed`` of a snapshot or position (None: a legacy, whole-number-seeded game)."""
    from .errors import InvalidState

    raw = data.get("fair")
    version = data.get("rng_version", LEGACY if raw is None else FAIR_V1)
    if version not in VERSIONS:
        raise InvalidState(f"unknown 'rng_version': {' or '.join(VERSIONS)}")
    if raw is None:
        if version != LEGACY:
            raise InvalidState(f"rng_version {version} needs 'fair' (server seed and table id)")
        return None
    if version == LEGACY:
        raise InvalidState("a legacy game has no 'fair' seed")
    try:
        return FairSeed.from_dict(raw)
    except ValueError as exc:
        raise InvalidState(str(exc)) from None


def check_fair(fair: Any) -> FairSeed | None:
    """``new_game``'s ``fair`` argument: None or a ``FairSeed``, else ``ValueError``."""
    if fair is not None and not isinstance(fair, FairSeed):
        raise ValueError("fair is a FairSeed(server_seed, table_id) or None")
    return fair
