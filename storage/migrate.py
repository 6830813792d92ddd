"""Versioned schema migrations: ``storage/migrations/<dialect>/NNNN_name.sql`` applied in order.

Each backend has its own folder (``sqlite``, ``postgres``) with the same numbers and names: the
same schema change written in each dialect. Versions must run 1..N without gaps. SQLite records
the applied version in ``PRAGMA user_version`` (transactional, so a migration and its number
commit together or not at all); PostgreSQL in its ``schema_migrations`` table, in the migration's
own transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


DIALECTS = ("sqlite", "postgres")


def load_migrations(dialect: str = "sqlite") -> tuple[Migration, ...]:
    """Every migration shipped with the package for that backend, in version order."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown storage dialect {dialect!r}")
    folder = resources.files("storage") / "migrations" / dialect
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match is None:
            continue
        found.append(Migration(int(match.group(1)), match.group(2), entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise RuntimeError(
                f"storage migrations must be numbered 1..N without gaps; "
                f"found {migration.version:04d}_{migration.name}.sql where {expected:04d} was expected"
            )
    return tuple(found)


def migration_script(migration: Migration) -> str:
    """SQLite: the migration wrapped in its own transaction, ending by recording its version."""
    return (
        "BEGIN IMMEDIATE;\n"
        f"{migration.sql.rstrip().rstrip(';')};\n"
        f"PRAGMA user_version = {int(migration.version)};\n"
        "COMMIT;\n"
    )
