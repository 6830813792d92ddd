"""``docs/rules.md`` and ``docs/rules.ru.md``: the rules a clone of this repository can read, made from
exactly the panels ``/rules`` shows (``rules_panel``), one section per game, so the documents can never
say something the bot does not. Discord's Markdown (``**bold**``, backticks) reads the same on a
repository page. Regenerate after changing a rules text::

    python -m bot.render.rules_doc           # writes docs/rules.md and docs/rules.ru.md
    python -m bot.render.rules_doc --check   # exit status 1 when they are stale

``tests/docs/test_rules_doc.py`` fails when the committed files differ from a fresh generation."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.games import GAMES

from .rules import rules_panel
from .text import Panel

#: Where the documents go, relative to the repository's root.
DOCS = Path("docs")
FILES = {"en": "rules.md", "ru": "rules.ru.md"}
ROOT = Path(__file__).resolve().parents[2]

HEADS = {
    "en": (
        "# The rules",
        "The rules of every game as the bot's `/rules game:<game>` shows them (in Russian: "
        "[rules.ru.md](rules.ru.md)). Generated from the bot's own texts by "
        "`python -m bot.render.rules_doc`: do not edit by hand.",
        "## Common to every game",
    ),
    "ru": (
        "# Правила",
        "Правила всех игр — так, как их показывает бот по команде `/rules game:<игра>` (in "
        "English: [rules.md](rules.md)). Файл создан из текстов самого бота командой "
        "`python -m bot.render.rules_doc`: не правьте его вручную.",
        "## Общее для всех игр",
    ),
}


def _paragraphs(text: str) -> list[str]:
    """A Discord text's lines as Markdown paragraphs (a single newline would join them)."""
    return [line for line in text.split("\n") if line.strip()]


def _section(game: str, panel: Panel, common: set[tuple[str, str]]) -> list[str]:
    parts = [f"## {panel.title}", f"`/rules game:{game}`", *_paragraphs("\n".join(panel.lines))]
    for name, value in panel.fields:
        if (name, value) not in common:
            parts += [f"### {name}", *_paragraphs(value)]
    if panel.footer:
        parts += _paragraphs(panel.footer)
    return parts


def rules_markdown(lang: str) -> str:
    """The rules document in ``lang`` ("en" or "ru"): every game's ``/rules`` panel in the order of
    ``/rules``'s choices; a field every game shows alike once, at the end."""
    panels = {game: rules_panel(game, lang=lang) for game in GAMES}
    common = set.intersection(*(set(p.fields) for p in panels.values()))
    title, intro, common_head = HEADS[lang]
    parts = [title, intro]
    for game, panel in panels.items():
        parts += _section(game, panel, common)
    if common:
        parts.append(common_head)
        for name, value in next(iter(panels.values())).fields:  # in the panels' order
            if (name, value) in common:
                parts += [f"### {name}", *_paragraphs(value)]
    return "\n\n".join(parts) + "\n"


def documents(root: Path = ROOT) -> dict[Path, str]:
    """Each document's path under ``root`` with its fresh text."""
    return {root / DOCS / name: rules_markdown(lang) for lang, name in FILES.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.render.rules_doc",
        description="Write docs/rules.md and docs/rules.ru.md from the bot's /rules texts.",
    )
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 when a document is stale"
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository's root")
    args = parser.parse_args(argv)
    stale = [
        path
        for path, text in documents(args.root).items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    if args.check:
        for path in stale:
            print(f"{path} is stale: run python -m bot.render.rules_doc", file=sys.stderr)
        return 1 if stale else 0
    for path, text in documents(args.root).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"{'wrote' if path in stale else 'unchanged'} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
