"""Languages through the real bot: each player's hand in their own Discord language, the public table
message in the server's (its Discord language, or ``/settings language``), and the commands synced with
their Russian names, descriptions and choices."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import bot.discord.language as language

from .conftest import FakeFactory
from .driver import Driver, start_table
from .fakediscord import (
    GUILD_ID,
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    FakeDiscord,
    Person,
    render_text,
)
from .secrecy import drawn

NAME = re.compile(r"^[-_\w]{1,32}$")


def words_drawn(fake: FakeDiscord, msg: dict[str, Any]) -> str:
    """Every word the picture a message carries was drawn with."""
    picture = drawn(fake.attachment(msg))
    assert picture is not None, "the message carries no drawn picture"
    return " / ".join(picture.texts)


def _russian(person: Person, fake: FakeDiscord) -> Person:
    fake.user_locales[person.id] = "ru"
    return person


async def test_a_russian_and_an_english_player_each_get_their_own_hand(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, boris = users[0], _russian(users[1], fake)
    d = await start_table(fake, [alice, boris], seed=2, game="hurricane")
    english_msg, russian_msg = await d.show_hand(alice), await d.show_hand(boris)
    english, russian = render_text(english_msg), render_text(russian_msg)
    # the pictures too: each hand's words in its player's language, the table in the server's
    assert "Your hand" in words_drawn(fake, english_msg)
    assert "Ваши карты" in words_drawn(fake, russian_msg)
    assert "Stock" in words_drawn(fake, d.public())
    assert "Your hand — Hurricane" in english and "**Your cards:**" in english
    assert "Ваши карты — Ураган" in russian and "**Ваши карты:**" in russian
    assert "Your" not in russian and "Ваши" not in english
    # the rulebook's letters for A J Q K in Russian, Latin ones in English
    assert not re.search(r"\b[AJQK][♥♦♣♠]", russian) and not re.search(r"[ТВДК][♥♦♣♠]", english)
    assert "Мои карты" not in render_text(d.public())  # the server is English: so is the table
    # whoever moves, each live hand is redrawn in its own player's language
    for _ in range(2):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        await d.play_move(seat, d.choose(seat))
    await fake.bot.settle()  # type: ignore[union-attr]
    live_ru = render_text(fake.messages[int(d.hands[boris.id]["id"])])
    live_en = render_text(fake.messages[int(d.hands[alice.id]["id"])])
    assert "Последний ход:" in live_ru and "Last move:" in live_en
    assert "Ваши карты" in words_drawn(fake, fake.messages[int(d.hands[boris.id]["id"])])
    assert "Your hand" in words_drawn(fake, fake.messages[int(d.hands[alice.id]["id"])])
    assert "Stock" in words_drawn(fake, d.public())
    # /play autocomplete shows Russian labels to the Russian player; the value stays the notation
    seat = d.table.state.current_player  # type: ignore[union-attr]
    who = alice if d.table.seats[seat].user_id == alice.id else boris  # type: ignore[union-attr]
    ex = await fake.autocomplete("play", "move", user=who.user, value="")
    labels = " ".join(c["name"] for c in ex.choices())
    values = [c["value"] for c in ex.choices()]
    assert values and all(re.fullmatch(r"[0-9AJQKHDCS:+ a-z]+", v) for v in values), values
    if who is boris:
        assert "берёт" in labels or "Снести" in labels, labels
    else:
        assert "takes" in labels or "Trail" in labels, labels


async def test_errors_and_replies_are_in_the_users_language(
    fake: FakeDiscord, users: list[Person]
) -> None:
    boris = _russian(users[1], fake)
    ex = await fake.slash("table start", user=boris.user)
    assert ex.ephemeral and "Откройте его командой /стол новый" in ex.text, ex.text  # no table
    d = Driver(fake, users)
    await d.open(users[0], game="hurricane")
    ex = await fake.slash("table start", user=boris.user)
    assert ex.ephemeral and "хозяин стола" in ex.text.lower(), ex.text


async def test_the_public_message_follows_the_server_language_and_settings(
    make_fake: FakeFactory, tmp_path: Path
) -> None:
    fake = await make_fake(prepare=lambda f: f.guild_locales.__setitem__(GUILD_ID, "ru"))
    people = [Person(n, fake.make_user(n)) for n in ("Alice", "Bob")]
    d = Driver(fake, people)
    await d.open(people[0], game="hurricane")
    lobby = render_text(d.public())
    assert "Ураган — Лобби" in lobby and "Сесть" in lobby and "Lobby" not in lobby
    await d.join_all(people[1:])
    await d.start(people[0])
    await fake.bot.settle()  # type: ignore[union-attr]
    assert "Мои карты" in render_text(d.public())
    assert "Колода" in words_drawn(fake, d.public())  # the picture's words too
    # an English player still gets an English hand at a Russian server's table
    hand = await d.show_hand(people[0])
    assert "Your hand — Hurricane" in render_text(hand)
    assert "Your hand" in words_drawn(fake, hand) and "Колода" not in words_drawn(fake, hand)

    # the server's language is for members with Manage Server (the command itself checks)
    owner = int(fake.owner["id"])
    fake.member_permissions[owner] = MEMBER_PERMISSIONS | MANAGE_GUILD
    ex = await fake.slash("settings language", user=fake.owner, language="en")
    assert ex.ephemeral and "English" in ex.text
    await fake.bot.settle()  # type: ignore[union-attr]
    assert "Show my hand" in render_text(d.public()) and "Мои карты" not in render_text(d.public())
    # the same moment drawn again in English: not the Russian picture from the cache
    assert "Stock" in words_drawn(fake, d.public()) and "Колода" not in words_drawn(
        fake, d.public()
    )
    assert await fake.bot.storage.get_guild_language(GUILD_ID) == "en"  # type: ignore[union-attr]

    ex = await fake.slash("settings language", user=fake.owner, language="auto")
    await fake.bot.settle()  # type: ignore[union-attr]
    assert "Мои карты" in render_text(d.public())
    assert await fake.bot.storage.get_guild_language(GUILD_ID) is None  # type: ignore[union-attr]

    # the choice is kept across a restart
    await fake.slash("settings language", user=fake.owner, language="en")
    db = fake.bot.config.database_path  # type: ignore[union-attr]
    await fake.close()
    again = await make_fake(db_path=db, world=fake)
    assert await again.bot.languages.server(GUILD_ID) == "en"  # type: ignore[union-attr]
    await again.close()


def _localised(payload: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in payload}


async def test_the_command_sync_carries_the_russian_localisations(
    make_fake: FakeFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "bot.sqlite3"
    fake = await make_fake(db_path=db)
    puts = [r for r in fake.requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(puts) == 1
    sent = _localised(puts[0].json)
    table = sent["table"]
    assert table["name_localizations"]["ru"] == "стол"
    assert table["description_localizations"]["ru"].startswith("Открыть")
    new = next(o for o in table["options"] if o["name"] == "new")
    assert new["name_localizations"]["ru"] == "новый"
    game = next(o for o in new["options"] if o["name"] == "game")
    assert game["name_localizations"]["ru"] == "игра"
    assert {c["name_localizations"]["ru"] for c in game["choices"]} >= {"Ураган", "Хаггис"}
    assert "en-US" not in table["name_localizations"]  # English is the default, not a translation

    def names(options: list[dict[str, Any]]) -> list[str]:
        out = []
        for o in options:
            out.append(o["name_localizations"]["ru"])
            out += names(o.get("options") or [])
        return out

    every = [c["name_localizations"]["ru"] for c in puts[0].json]
    every += [n for c in puts[0].json for n in names(c.get("options") or [])]
    assert all(NAME.match(n) and n == n.lower() for n in every), every

    def texts(items: list[dict[str, Any]]) -> list[str]:
        out = []
        for item in items:
            out += item.get("description_localizations", {}).values()
            choices = item.get("choices") or []
            out += [n for c in choices for n in c.get("name_localizations", {}).values()]
            out += texts(item.get("options") or [])
        return out

    every_text = texts(puts[0].json)
    assert len(every_text) > 60 and all(0 < len(t) <= 100 for t in every_text)  # Discord's limits
    await fake.close()

    # a changed translation is a changed tree: synced again at the next start
    real = language.translated
    monkeypatch.setattr(
        language,
        "translated",
        lambda message, locale, where: (
            "игра2" if message == "game" else real(message, locale, where)
        ),
    )
    again = await make_fake(db_path=db, world=fake)
    puts = [r for r in again.requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(puts) == 1
    await again.close()


async def test_an_unreadable_language_setting_falls_back_to_discords(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database down: commands still answer, in the server's Discord language."""
    bot = fake.bot
    assert bot is not None and bot.storage is not None

    async def down(guild_id: int) -> str | None:
        raise RuntimeError("database down")

    monkeypatch.setattr(bot.storage, "get_guild_language", down)
    bot.languages._chosen.clear()
    ex = await fake.slash("ping", user=users[0].user)
    assert ex.content == "Pong."
    assert await bot.languages.server(GUILD_ID) == "en"
