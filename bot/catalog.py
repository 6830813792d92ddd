"""The message catalog's template: every string of the code (``pybabel extract``) plus every string of
the slash commands (names, descriptions, options, choices), which live in decorators rather than in
gettext calls. ``python -m bot.catalog`` writes ``bot/locale/messages.pot``; then ``pybabel update``
and ``pybabel compile`` (README, "Languages")."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.discord.language import NAME_CONTEXT
from bot.i18n import LOCALE_DIR

POT = LOCALE_DIR / "messages.pot"
#: gettext keywords besides Babel's defaults: ``N_`` marks, and the refusals of the table layer and
#: the engines, whose fixed sentences are shown translated (``bot.discord.errors.friendly_message``).
KEYWORDS = ("N_", "NP_:1c,2", "TableError", "IllegalAction", "NotSeated", "ReplayUnavailable")


def command_strings(tree: app_commands.CommandTree) -> Iterator[tuple[str | None, str]]:
    """(context, text) of every translatable string of the tree's commands: names (context
    ``command``) and descriptions, options and choices."""
    for command in tree.walk_commands():
        yield NAME_CONTEXT, command.name
        yield None, command.description
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                yield NAME_CONTEXT, param.display_name
                yield None, str(param.description)
                for choice in param.choices:
                    yield None, choice.name


async def _tree() -> app_commands.CommandTree:
    from bot.app import EXTENSIONS, create_bot
    from bot.config import Config

    bot = create_bot(Config(token="catalog"), card_emojis=False)
    for ext in EXTENSIONS:
        await bot.load_extension(ext)
    return bot.tree


def command_catalog() -> list[tuple[str | None, str]]:
    """The command strings, once each, in tree order."""
    seen: dict[tuple[str | None, str], None] = {}
    for item in command_strings(asyncio.run(_tree())):
        if item[1] and item[1] != "…":
            seen.setdefault(item)
    return list(seen)


def write_template(root: Path = Path("."), out: Path = POT) -> Path:
    """Extract the code's strings with pybabel, add the command strings, write ``out``."""
    code = out.with_name(out.stem + ".code.pot")
    args = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    for keyword in KEYWORDS:
        args += ["-k", keyword]
    args += ["--no-location", "--sort-output", "-o", str(code.resolve()), "bot", "cogs"]
    subprocess.run(args, check=True, cwd=root, capture_output=True)
    with code.open("rb") as f:
        catalog: Catalog = read_po(f)
    code.unlink()
    catalog.project, catalog.version = "cardtable-bot", "0.1"
    catalog.msgid_bugs_address = catalog.copyright_holder = ""
    for context, text in command_catalog():
        if (text, context) not in [(m.id, m.context) for m in catalog if m.context == context]:
            catalog.add(text, context=context)
    with out.open("wb") as f:
        write_po(f, catalog, no_location=True, sort_output=True, width=100)
    return out


if __name__ == "__main__":
    print(write_template())
