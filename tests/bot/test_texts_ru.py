"""Russian everywhere: every message kind of every game (lobby, table, hands at every move, scores,
results, pings, rematch, /rules, /leaderboard, /stats, /history, replays, the terminal) rendered for a
Russian server and Russian players (and against computer players), and scanned for English words.
What may stay Latin: card codes, typed ``name=value`` options, player names, code spans and Discord
markup; not a computer's name, a preset's or an option's name or value, nor a command in a footer."""

from __future__ import annotations

import copy
import io
import re
from typing import Any

import pytest

from bot import terminal
from bot.discord.media import Switch
from bot.games import new_game

from ..i18n.scan import english_words
from .driver import Driver, start_table
from .fakediscord import GUILD_ID, FakeDiscord, Person, iter_components, render_text
from .secrecy import drawn
from .test_texts import GAMES as TABLES
from .test_texts import _bodies


def visible_text(body: dict[str, Any]) -> str:
    """What a reader sees of a message body: ``render_text`` without the select options' values
    (the moves' notation, never shown)."""
    hidden = copy.deepcopy(body)
    for c in iter_components(hidden.get("components") or []):
        for option in c.get("options") or []:
            option.pop("value", None)
    return render_text(hidden)


def test_the_scan_finds_english_and_lets_typed_tokens_through() -> None:
    names = {"Alice"}
    assert english_words("Alice берёт 7♥ · `/verify game:abc` · target=16 · 'pass'", names) == []
    assert english_words("Ход: Alice plays 7♥", names) == ["plays"]
    assert english_words("**Seats**", names) == ["Seats"]
    # a computer's stored name, a command a Russian client does not show, a preset's name
    assert english_words("Computer 2 (normal) выигрывает", names) == ["Computer", "normal"]
    assert english_words("Спасибо за игру! Новый стол — /table new.", names) == ["table", "new"]
    assert english_words("**standard: 2 игрока**", names) == ["standard"]
    assert english_words("Новый стол — /стол новый · Компьютер 2 (средний)", names) == []


#: The people's games of the long games stop in their third deal or round (a player resigns):
#: their natural ends are read in Russian in the games against the computers below (the same
#: game, its pictures too) and in English by test_texts; what only people's hands show is all
#: in two deals. Hurikan, poker and nothing else play the people's game to its end here.
SHORTENED = {"hurricane", "hurricane open", "hurricane pairs", "haggis", "haggis 3"}


async def stop_in_round_3(fake: FakeDiscord, d: Driver, people: list[Person]) -> None:
    """Two whole deals or rounds of people, then a resignation; every seat has moved (in Haggis
    every seat has passed and played: the third player's passes and bets too)."""
    await d.play_until_deal(3)
    history = d.table.history
    for seat in range(len(people)):
        moves = [str(a) for s, a in history if s == seat]
        assert moves, seat
        if d.table.spec.game == "haggis":
            assert "pass" in moves and any(a not in ("pass", "bet 0") for a in moves), moves
    ex = await fake.slash("table resign", user=people[-1].user)
    assert ex.callback_type == 4, ex.content
    await fake.bot.settle()  # type: ignore[union-attr]
    d.scanner.scan()


@pytest.mark.parametrize(("name", "options", "seats"), TABLES, ids=[g[0] for g in TABLES])
async def test_no_english_in_any_russian_message_of_any_game(
    fake: FakeDiscord,
    users: list[Person],
    name: str,
    options: dict[str, Any],
    seats: int,
    pictures: Switch,
) -> None:
    fake.guild_locales[GUILD_ID] = "ru"
    people = [*users, Person("Dan", fake.make_user("Dan"))][:seats]
    for person in people:
        fake.user_locales[person.id] = "ru"
    d = await start_table(fake, people, seed=7, **options)
    game = d.table.spec.game
    for person in people:
        await d.show_hand(person)
    # the people's whole game in text only: its pictures are the kinds the game against the
    # computers below draws at every move (and scans), so drawing them twice would only cost time
    pictures.enabled = False
    if name in SHORTENED:
        await stop_in_round_3(fake, d, people)
    else:
        await d.play_to_end()
    pictures.enabled = True
    await fake.slash("table status", user=people[0].user)
    await fake.click(d.public(), f"rematch:{d.channel_id}", user=people[1].user)
    await fake.slash("table cancel", user=people[1].user)
    other = Driver(fake, people, channel_id=fake.make_channel("other"), seed=3)
    await other.open(people[0], **options)
    await other.join_all(people[1:])
    await other.start(people[0])
    await fake.slash("table resign", user=people[-1].user, channel_id=other.channel_id)
    await fake.bot.settle()  # type: ignore[union-attr]
    # a game against computer players (their names are read in Russian too), to its end
    versus = Driver(fake, people[:1], channel_id=fake.make_channel("computers"), seed=5)
    await versus.open(people[0], computer="easy", **options)
    await versus.show_hand(people[0])
    await versus.play_to_end()
    await fake.slash("replay", user=people[0].user, game=versus.table.game_id)
    for public in (False, True):
        await fake.slash("rules", user=people[0].user, game=game, public=public)
    for metric in ("rating", "wins", "points", "games", "streak"):
        await fake.slash("leaderboard", user=people[0].user, game=game, metric=metric)
        await fake.slash(
            "leaderboard", user=people[0].user, game=game, metric=metric, computers=True
        )
    await fake.slash("stats", user=people[0].user)
    history = await fake.slash("history", user=people[0].user)
    game_id = d.table.game_id
    await fake.slash("replay", user=people[0].user, game=game_id)
    await fake.slash("verify", user=people[0].user, game=game_id)
    assert history.ephemeral

    names = {p.name for p in people} | {"Owner"}
    names |= {n[:k] for n in names for k in range(1, len(n))}  # a name shortened to fit ("Ali…")
    found: dict[str, str] = {}
    for body in _bodies(fake):
        text = visible_text(body)
        for word in english_words(text, names):
            at = text.find(word)
            found.setdefault(word, text[max(0, at - 120) : at + 120])
    assert not found, (sorted(found), found)

    # the words drawn in every picture the bot uploaded (tables, hands, final piles)
    pictures = [drawn(data) for r in fake.requests for _name, data in r.files]
    assert sum(p is not None for p in pictures) > 10
    for picture in pictures:
        if picture is None:  # a card emoji, not a drawn picture
            continue
        said = " / ".join(picture.texts)
        assert not english_words(said, names), (picture.filename, said)
        assert re.search("[а-яё]", said, re.IGNORECASE), (picture.filename, said)

    # the terminal, a whole game against the computer, in Russian
    out = io.StringIO()
    state = new_game(
        game,
        seed=7,
        players=seats,
        options=({"hands": 2} if game == "hurricane_poker" else {})
        | {k: v for k, v in options.items() if k == "preset"}
        or None,
    )
    script = "help\nrules\nmoves\n" + "1\n" * 3000
    # poker's short game also shows the analysis of the person's moves (``--analyse``)
    poker = game == "hurricane_poker"
    tg = terminal.TerminalGame(
        state,
        game,
        "easy",
        0,
        io.StringIO(script),
        out,
        7,
        lang="ru",
        analyse=poker,
        analyse_samples=1,
    )
    assert tg.run() == 0
    assert ("Разбор ваших ходов" in out.getvalue()) == poker
    shown = re.sub(r"\[[^\]\n]*\]", " ", out.getvalue())  # "[7H:3C]": each move's notation
    leftovers = english_words(shown, set())
    assert not leftovers, sorted(set(leftovers))[:40]
