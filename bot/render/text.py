"""A message as plain data (title, lines, fields, footer), so rendering stays free of Discord imports.
The cogs turn a ``Card`` into an embed; tests and the terminal can read it as text."""

from __future__ import annotations

from dataclasses import dataclass, field

EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
MAX_FIELDS = 25


def clip(text: str, limit: int) -> str:
    """Shorten ``text`` to ``limit`` characters, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Panel:
    """One message's visible text: a title, description lines and named fields."""

    title: str
    lines: list[str] = field(default_factory=list)
    fields: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""

    @property
    def description(self) -> str:
        return clip("\n".join(self.lines), EMBED_DESCRIPTION_MAX)

    def add(self, name: str, value: str) -> None:
        if len(self.fields) < MAX_FIELDS:
            self.fields.append((clip(name, FIELD_NAME_MAX), clip(value or "—", FIELD_VALUE_MAX)))

    def as_text(self) -> str:
        parts = [self.title, *self.lines]
        parts += [f"{name}: {value}" for name, value in self.fields]
        if self.footer:
            parts.append(self.footer)
        return "\n".join(parts)
