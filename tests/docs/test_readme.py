"""The README's first screen is what a newcomer follows: the invite URL asks for exactly the
permissions the bot declares (``bot.invite``), the test and lint commands are the ones CI runs, and
the commands table names every slash command the bot registers."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import discord
from discord import app_commands

from bot.invite import NEEDED, PERMISSION_NAMES, REQUIRED_PERMISSIONS, SCOPES, invite_url

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
TEST_COMMAND = "pip install -e '.[test]' && python -m pytest"
LINT_COMMAND = "ruff check . && ruff format --check . && mypy"
#: How far the first screen reaches: the quick start (create, run, invite, first command, test).
FIRST_SCREEN = README.split("\n## Commands", 1)[0]


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else None]


def test_the_invite_url_is_on_the_first_screen_with_the_declared_permissions() -> None:
    assert invite_url("APPLICATION_ID") in FIRST_SCREEN
    assert f"scope={'+'.join(SCOPES)}" in FIRST_SCREEN
    assert f"`{REQUIRED_PERMISSIONS.value}`" in FIRST_SCREEN  # the integer, spelled out
    for name in PERMISSION_NAMES:
        assert name in FIRST_SCREEN, name


def test_every_permissions_integer_in_the_docs_is_the_declared_one() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        for value in re.findall(r"permissions=(\d+)", page.read_text(encoding="utf-8")):
            assert int(value) == REQUIRED_PERMISSIONS.value, page.name


def test_the_declared_permissions_are_exactly_those_named() -> None:
    bits = [discord.Permissions(**{n.flag: True}).value for n in NEEDED]
    assert all(b and b & (b - 1) == 0 for b in bits)  # one permission each
    assert len(set(bits)) == len(bits) and sum(bits) == REQUIRED_PERMISSIONS.value
    assert REQUIRED_PERMISSIONS.value == (
        (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 38)  # Discord's documented bits
    )


def test_the_first_screen_says_how_to_create_the_application_and_what_to_type() -> None:
    assert "https://discord.com/developers/applications" in FIRST_SCREEN
    assert "DISCORD_TOKEN" in FIRST_SCREEN and "python -m bot" in FIRST_SCREEN
    assert "/table new" in FIRST_SCREEN
    assert FIRST_SCREEN.count("\n") < 110, "the quick start grew past a screenful or two"


def test_the_test_and_lint_commands_are_those_ci_runs() -> None:
    """``.ci/run`` says it runs the README's commands verbatim: keep both in step."""
    assert f"\n{TEST_COMMAND}\n" in FIRST_SCREEN
    assert f'pg_virtualenv -t sh -c "{TEST_COMMAND}"' in CI_RUN
    assert "the README's test command, verbatim" in CI_RUN
    assert LINT_COMMAND in README
    ci_lines = CI_RUN.splitlines()
    lint_at = ci_lines.index("# --- the README's lint command ---")
    assert ci_lines[lint_at + 1] == LINT_COMMAND


def documented_commands(text: str) -> set[str]:
    """The commands a Markdown text writes out: ``/table join · leave`` is ``table join`` and
    ``table leave``; ``/leaderboard game:<game>`` is ``leaderboard``."""
    names: set[str] = set()
    for span in re.findall(r"`(/[^`]+)`", text):
        words = span[1:].split()
        group = words[0]
        subs = []
        if len(words) > 1 and re.fullmatch(r"[a-z_]+", words[1]):
            subs.append(words[1])
            subs += re.findall(r"· ([a-z_]+)", span)
        names |= {f"{group} {sub}" for sub in subs} or {group}
    return names


async def registered_commands() -> set[str]:
    from bot.app import EXTENSIONS, create_bot
    from bot.config import Config

    bot = create_bot(Config(token="readme"), card_emojis=False)
    for ext in EXTENSIONS:
        await bot.load_extension(ext)
    return {
        c.qualified_name for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)
    }


def test_the_commands_table_names_every_slash_command() -> None:
    registered = asyncio.run(registered_commands())
    documented = documented_commands(section("Commands"))
    assert registered - documented == set(), "commands missing from the README's table"
    assert documented - registered == set(), "the README's table names commands that do not exist"


def test_the_command_reader_expands_groups() -> None:
    assert documented_commands("`/table join · leave` and `/stats [user]`") == {
        "table join",
        "table leave",
        "stats",
    }
