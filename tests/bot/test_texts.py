"""Texts: every player-facing sentence goes through the helpers of ``bot/render/words.py``; this renders
every message kind of every game (lobby, table, hands at every move, scores, results, pings, rematch,
/rules, /leaderboard, /stats, /history, the terminal) and checks that none of the known slips appear."""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot import terminal
from bot.discord.media import Switch
from bot.games import new_game
from bot.render.table import side_names
from bot.render.words import agree, names_list, noun, plural, possessive, without_article

from .driver import Driver
from .fakediscord import FakeDiscord, Person, render_text

SLIPS = {
    "a possessive before an article ('Bob's a single 8')": re.compile(r"\w's (a|an|the) "),
    "one in the plural ('1 games', '1 pts')": re.compile(
        r"(?<![\d.,/])(?<!Seat )(?<!seat )\b1\*{0,2} (games|pts|points|cards|moves|wins|players|seats|hurricanes"
        r"|tricks|computer players|match points)\b"
    ),
    "'You:' with a move ('You: K♦ take K♥')": re.compile(
        r"\bYou: [^\n·]*\b(take|takes|lay|lays|play|plays|pass|passes|turns|bets)\b"
    ),
    "'You' with a third-person verb": re.compile(
        r"\bYou (takes|plays|lays|passes|bets|wins|turns|makes|goes)\b"
    ),
    "a team with a singular verb": re.compile(r" & \w+ (wins|takes|plays)\b"),
    "an internal footer ('move 7')": re.compile(r"(^|\n)move \d+($|\n)"),
}


def slips_in(text: str) -> list[str]:
    return [f"{what}: …{m.group(0)}…" for what, rx in SLIPS.items() if (m := rx.search(text))]


def test_the_slip_patterns_catch_the_known_slips() -> None:
    for slip in (
        "Bob's a single 8",
        "To beat Carol's a Q-K bomb: pass.",
        "**1** games",
        "Player 1 games",
        "captured 1 pts",
        "You: K♦ take K♥",
        "You takes 3♣",
        "A & C wins 3–1",
        "hand\nmove 7",
    ):
        assert slips_in(slip), slip
    assert not slips_in("Bob's single 8 · 11 games · 21 points · You take 3♣ · move 7♥ there")
    assert not slips_in("Seat 1 wins")


def test_the_helpers() -> None:
    assert plural(1, "game") == "1 game" and plural(0, "game") == "0 games"
    assert plural(2, "match") == "2 matches" and plural(3, "party") == "3 parties"
    assert plural(1, "point") == "1 point" and plural(5, "point") == "5 points"
    assert noun(1, "pt", "pts") == "pt" and noun(2, "pt", "pts") == "pts"
    assert possessive("Bob", "a single 8") == "Bob's single 8"
    assert possessive("Carol", "a Q-K bomb") == "Carol's Q-K bomb"
    assert possessive("James") == "James'" and possessive("you", "an ace") == "your ace"
    assert without_article("the Haggis") == "Haggis"
    assert names_list(["Anna"]) == "Anna" and names_list(["A", "B", "C"]) == "A, B and C"
    assert agree("Bob", "wins", "win") == "wins" and agree("A & C", "wins", "win") == "win"
    assert agree("You", "takes", "take") == "take" and agree("A and B", "win", "wins") == "wins"


def _bodies(fake: FakeDiscord) -> list[dict[str, Any]]:
    out = []
    for r in fake.requests:
        if r.method not in ("POST", "PATCH") or not isinstance(r.json, dict):
            continue
        body = r.json.get("data") if r.is_callback else r.json
        if isinstance(body, dict):
            out.append(body)
    return out


CARD_IN_LOG = re.compile(
    r"(?<![0-9A-Za-z])(?:[A2-7JQK][HDCS]|10[ROYGB]|[2-9][ROYGB])(?![0-9A-Za-z])|[♥♦♣♠🟥🟧🟨🟩🟦]"
)


@pytest.fixture
def no_cards_in_logs(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Whole games log nothing at INFO or above that names a card (hidden or not)."""
    caplog.set_level(logging.INFO)
    yield
    formatter = logging.Formatter("%(message)s")
    for record in caplog.records:
        text = formatter.format(record)
        assert not CARD_IN_LOG.search(text), f"a card in the log: {text[:300]}"


def score_posts(fake: FakeDiscord) -> list[str]:
    """The deal/round breakdowns posted as messages of their own."""
    return [
        render_text(m)
        for m in fake.public_messages()
        if any(str(e.get("title", "")).endswith("— scores") for e in m.get("embeds") or [])
    ]


def _hurricane(fake: FakeDiscord, d: Driver, lobby: str, moves: int) -> None:
    assert moves >= 72  # a game to 16 takes several deals
    assert d.table.state.view(None)["scores"][d.table.state.result()["winner"]] >= 16  # type: ignore[union-attr]
    text = render_text(d.public())
    assert "Game over" in text and "Most hearts" in text and "Primiera" in text
    assert "Show my hand" not in text  # the finished table has no controls
    posts = score_posts(fake)
    assert len(posts) >= 2 and all("Most cards" in p for p in posts)
    assert "Game over" in posts[-1] and "Deal 1 result" in posts[0]
    assert d.scanner.checked > 100


def _hurricane_open(fake: FakeDiscord, d: Driver, lobby: str, moves: int) -> None:
    clicked = [str(ex.payload["data"]["custom_id"]) for ex in d.exchanges]
    assert any(c.startswith("h:act:") and c.endswith(("flip 0", "flip 1")) for c in clicked)
    assert "Game over" in render_text(d.public())


def _hurricane_pairs(fake: FakeDiscord, d: Driver, lobby: str, moves: int) -> None:
    assert "team A" in lobby and "team B" in lobby
    text = render_text(d.public())
    assert "Game over" in text and " & " in text  # teams are named in the scores
    assert "Hurricanes this deal" in text


def _hurikan(fake: FakeDiscord, d: Driver, lobby: str, moves: int) -> None:
    text = render_text(d.public())
    assert "Game over" in text and "Card values taken" in text


def _haggis(fake: FakeDiscord, d: Driver, lobby: str, moves: int) -> None:
    text = render_text(d.public())
    assert "Game over" in text and "Points this round" in text
    posts = score_posts(fake)
    assert posts and "Round 1 result" in posts[0] and "Game over" in posts[-1]


def _haggis_3(fake: FakeDiscord, d: Driver, lobby: str, moves: int) -> None:
    _haggis(fake, d, lobby, moves)
    # a finished game reads winner first, then the others' scores highest first
    result = d.table.state.result()  # type: ignore[union-attr]
    scores = result["scores"]
    winner = side_names(d.table)[result["winner"]]  # a person's name, or the computer's
    ordered = [scores[result["winner"]]] + sorted(
        (s for i, s in enumerate(scores) if i != result["winner"]), reverse=True
    )
    line = f"{winner} wins {'–'.join(str(s) for s in ordered)}"
    assert f"**Game over.** {line}" in render_text(d.public())


def _game_over(fake: FakeDiscord, d: Driver, lobby: str, moves: int) -> None:
    assert "Game over" in render_text(d.public())
    assert d.scanner.checked > 5


#: What each whole game of ``GAMES`` must show at its end (these were the complete-game tests of
#: test_games_e2e.py and test_story's winner-first test, which played games of their own for it).
WHOLE_GAME_CHECKS: dict[str, Callable[[FakeDiscord, Driver, str, int], None]] = {
    "hurricane": _hurricane,
    "hurricane open": _hurricane_open,
    "hurricane pairs": _hurricane_pairs,
    "hurikan": _hurikan,
    "haggis": _haggis,
    "haggis 3": _haggis_3,
    "hurricane poker": _game_over,
}

GAMES = [
    ("hurricane", {"game": "hurricane"}, 2),
    ("hurricane open", {"game": "hurricane", "preset": "open"}, 2),
    ("hurricane pairs", {"game": "hurricane", "preset": "pairs"}, 4),
    ("hurikan", {"game": "hurikan"}, 2),
    ("haggis", {"game": "haggis"}, 2),
    ("haggis 3", {"game": "haggis", "players": 3}, 3),
    ("hurricane poker", {"game": "hurricane_poker", "players": 3, "options": "hands=2"}, 3),
]

#: Seats taken by an easy computer (added in the lobby) in this module's whole games: Haggis for
#: three is two people and a computer, a complete game with a computer at the table in a server
#: (it was test_games_e2e's own whole game; test_texts_ru plays it with three people).
COMPUTERS = {"haggis 3": 1}


async def add_computers(fake: FakeDiscord, d: Driver, host: Person, count: int) -> None:
    for _ in range(count):
        ex = await fake.click(
            d.public(), f"lobbyai:{d.channel_id}", user=host.user, values=["easy"]
        )
        assert ex.callback_type == 6 and "Computer (easy)" in render_text(d.public())


@pytest.mark.parametrize(("name", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
async def test_no_known_slip_in_any_message_of_any_game(
    fake: FakeDiscord,
    users: list[Person],
    name: str,
    options: dict[str, Any],
    seats: int,
    no_cards_in_logs: None,
    pictures: Switch,
) -> None:
    # only texts are read here: the pictures of whole games of every variant are drawn and
    # scanned by test_texts_ru (their words), test_user_install_games and test_fair_replay
    # (secrecy); drawing them again here would only double this test's time
    pictures.enabled = False
    computers = COMPUTERS.get(name, 0)
    people = [*users, Person("Dan", fake.make_user("Dan"))][: seats - computers]
    d = Driver(fake, people, seed=7)
    await d.open(people[0], **options)
    lobby = render_text(d.public())
    await d.join_all(people[1:])
    await add_computers(fake, d, people[0], computers)
    await d.start(people[0])
    game = d.table.spec.game
    for person in people:  # a hand of every seat, then whole game (every move's hands)
        await d.show_hand(person)
    moves = await d.play_to_end()
    # the whole game's own checks (lobby -> start -> hands -> plays -> deal scoring -> game end)
    WHOLE_GAME_CHECKS[name](fake, d, lobby, moves)
    await fake.slash("table status", user=people[0].user)
    await fake.click(d.public(), f"rematch:{d.channel_id}", user=people[1].user)  # rematch lobby
    await fake.slash("table cancel", user=people[1].user)
    # a game someone gives up, in another channel
    other = Driver(fake, people, channel_id=fake.make_channel("other"), seed=3)
    await other.open(people[0], **options)
    await other.join_all(people[1:])
    await add_computers(fake, other, people[0], computers)
    await other.start(people[0])
    await fake.slash("table resign", user=people[-1].user, channel_id=other.channel_id)
    await fake.bot.settle()  # type: ignore[union-attr]
    for public in (False, True):
        await fake.slash("rules", user=people[0].user, game=game, public=public)
    for metric in ("rating", "wins", "points", "games", "streak"):
        await fake.slash("leaderboard", user=people[0].user, game=game, metric=metric)
    await fake.slash("stats", user=people[0].user)
    await fake.slash("history", user=people[0].user)

    kinds = set()
    found = []
    for body in _bodies(fake):
        text = render_text(body)
        for embed in body.get("embeds") or []:
            kinds.add(str(embed.get("title", "")).split(" — ")[-1][:20])
        found += slips_in(text)
    assert not found, found[:5]
    assert len(kinds) >= 6, kinds  # lobby, table, hand, scores, rules, boards… were all rendered

    # the terminal, a whole game against the computer
    out = io.StringIO()
    state = new_game(
        game,
        seed=7,
        players=seats,
        options=({"hands": 2} if game == "hurricane_poker" else {})
        | {k: v for k, v in options.items() if k == "preset"}
        or None,
    )
    script = "help\nrules\n" + "1\n" * 3000
    tg = terminal.TerminalGame(state, game, "easy", 0, io.StringIO(script), out, 7)
    assert tg.run() == 0
    assert not slips_in(out.getvalue()), slips_in(out.getvalue())[:5]


async def test_rules_have_a_glossary_and_can_be_shown_publicly(
    fake: FakeDiscord, users: list[Person]
) -> None:
    terms = {  # each game's glossary has its own words (and not another game's)
        "hurricane": ("trail", "sweep / hurricane", "primiera", "premiere"),
        "hurikan": ("trail", "sweep / hurricane", "primiera", "premiere"),
        "haggis": ("set", "sequence", "bomb", "bet"),
        "hurricane_poker": ("ante", "check", "call", "raise", "fold", "stand pat", "side pot"),
    }
    for game, words in terms.items():
        ex = await fake.slash("rules", user=users[0].user, game=game)
        assert ex.ephemeral
        fields = {f["name"]: f["value"] for f in ex.data["embeds"][0]["fields"]}
        glossary = fields["Glossary"]
        for term in words:
            assert f"**{term}**" in glossary
        assert ("**bomb**" in glossary) == (game == "haggis")
        assert "draw 7h" in fields["Typing a move (/play, terminal)"] or game != "hurricane_poker"
    ex = await fake.slash("rules", user=users[0].user, game="haggis", public=True)
    assert ex.callback_type == 4 and not ex.ephemeral and "Glossary" in ex.text


async def test_the_lobby_says_the_preset_in_one_line_and_only_options_that_apply(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = Driver(fake, users)
    await d.open(users[0], game="hurricane", preset="open")
    text = render_text(d.public())
    assert "**open: 4 open + 2 blind hand cards, premiere of sets, game to 15**" in str(
        d.public()["embeds"][0]["description"]
    )
    await fake.slash("table cancel", user=users[0].user)
    await d.open(users[0], game="hurricane", preset="open", target=21)
    assert "game to 15 (changed here: target 21)" in render_text(d.public())
    await fake.slash("table cancel", user=users[0].user)
    await d.open(users[0], game="haggis")  # 2 players: the 3-player options do not apply
    text = render_text(d.public())
    assert "Sean Ross's climbing game" in text and "target: 250" in text
    assert "first out bonus" not in text and "bomb capture" not in text
    await fake.slash("table cancel", user=users[0].user)
    await d.open(users[0], game="haggis", players=3)
    text = render_text(d.public())
    assert "first out bonus: on" in text and "bomb capture: tournament" in text
