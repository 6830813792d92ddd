"""Persistence behind the ``Storage`` protocol; ``SqliteStorage`` is the aiosqlite backend."""

from .base import Storage, StorageError
from .sqlite import SqliteStorage

__all__ = ["SqliteStorage", "Storage", "StorageError"]
