""" "You" agrees with its verb, and one kind of line has one format (issue 23, item 5).

Every move kind of every game is rendered with the reader as the actor ("You pass", «Вы пасуете»)
and as a bystander ("Anna passes", «Anna пасует») in both languages; so is every line of whole
terminal games of every game, where the person is one of the seats. A line fails when a
third-person verb follows "You"/"Вы", or when one kind of line comes in two formats ("Seat 1: folds"
beside "Seat 4 calls"). The third-person forms are read from the catalog itself: the word that
follows (or, in Russian, precedes) a player's name in every sentence that has one, and the
"one …" forms of the verbs that agree (``bot/render/words.py``); a Russian verb ending like a
third person singular (-ет, -ит, -ётся…) after «Вы» fails too."""

from __future__ import annotations

import io
import re
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot import terminal
from bot.games import new_game
from bot.i18n import LOCALE_DIR, using
from bot.render.moves import DESCRIPTIONS, YOURS, MoveWords, describe_words

PO = LOCALE_DIR / "ru" / "LC_MESSAGES" / "messages.po"
SUBJECT = re.compile(r"^\{(name|who)\}[ :]+(?:не )?(?P<next>[^\s{]+)")
BEFORE = re.compile(r"(?P<word>[а-яё]+) \{(name|who)\}")
RU_THIRD = re.compile(r"^[а-яё]+(ет|ит|ёт|ется|ится|ётся)$")
YOU = {"en": "You", "ru": "Вы"}


@cache
def third_person() -> dict[str, frozenset[str]]:
    """Third-person forms, per language, as the catalog writes them after a player's name."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    en: set[str] = set()
    ru: set[str] = set()
    for m in catalog:
        if not m.id or isinstance(m.id, tuple):
            continue
        if m.context and m.context.startswith("one "):  # words.py: (one, many, you)
            en.add(m.id)
            ru.add(str(m.string))
            continue
        head = SUBJECT.match(m.id)
        if head and re.fullmatch(r"[a-z]+s", head["next"]) and not head["next"].endswith("ss"):
            en.add(head["next"])
        text = str(m.string)
        head = SUBJECT.match(text)
        if head and re.fullmatch(r"[а-яё]+", head["next"]):
            ru.add(head["next"])
        for before in BEFORE.finditer(text):
            if RU_THIRD.match(before["word"]):
                ru.add(before["word"])
    return {"en": frozenset(en), "ru": frozenset(ru)}


def third_person_after_you(line: str, lang: str) -> str | None:
    """The third-person verb that follows "You"/"Вы" in ``line``, if any."""
    for match in re.finditer(rf"\b{YOU[lang]}\b:?\s+(?:не\s+)?(\S+)", line, re.IGNORECASE):
        word = match.group(1).strip(".,;:!").lower()
        if word in third_person()[lang] or (lang == "ru" and RU_THIRD.match(word)):
            return match.group(0)
    return None


def test_the_forms_come_from_the_catalog_and_the_check_catches_the_known_slips() -> None:
    forms = third_person()
    assert {"passes", "folds", "draws", "declares", "takes", "calls"} <= forms["en"]
    assert {"пасует", "ставит", "забирает", "выкладывает", "сносит"} <= forms["ru"]
    assert len(forms["en"]) >= 20 and len(forms["ru"]) >= 20, forms
    for line, lang in (
        ("You: draws one card", "en"),
        ("You folds", "en"),
        ("Вы: объявляет (тайно)", "ru"),
        ("Вы забирает 5 фишек", "ru"),
    ):
        assert third_person_after_you(line, lang), line
    for line, lang in (("You draw one card", "en"), ("Вы забираете 5 фишек", "ru")):
        assert third_person_after_you(line, lang) is None, line


def separator(line: str, subject: str) -> str:
    """How a line goes on after its subject: ``" "`` (a verb), ``":"``, ``" —"``…"""
    rest = line[len(subject) :]
    return ":" if rest.startswith(":") else " —" if rest.startswith(" —") else rest[:1]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_move_kind_as_actor_and_as_bystander(lang: str) -> None:
    assert set(YOURS) == set(DESCRIPTIONS)
    names = ["Anna", "Ben"]
    with using(lang):
        for kind in DESCRIPTIONS:
            words = MoveWords(kind, 1, played="7♥", taken="3♣ + 4♦")
            yours = describe_words(words, YOU[lang], names=names, you=True)
            theirs = describe_words(words, "Anna", names=names)
            assert yours.startswith(YOU[lang] + " "), (kind, yours)
            assert third_person_after_you(yours, lang) is None, (kind, yours)
            assert separator(yours, YOU[lang]) == separator(theirs, "Anna") == " ", (
                kind,
                yours,
                theirs,
            )


GAMES: list[tuple[str, dict[str, Any] | None, int]] = [
    ("hurricane", None, 2),
    ("hurricane", {"preset": "open"}, 2),
    ("hurricane", {"preset": "pairs"}, 4),
    ("hurikan", None, 2),
    ("haggis", None, 2),
    ("haggis", None, 3),
    ("hurricane_poker", {"hands": 3}, 3),
]


class Recording(terminal.TerminalGame):
    """A terminal game that notes each line of its story with the kind of event it tells."""

    lines: list[tuple[str, str]]
    telling: str | None = None

    def say(self, text: str = "") -> None:
        if self.telling is not None:
            self.lines.append((self.telling, text))
        super().say(text)

    def show_events(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.telling = str(event["type"])
            try:
                super().show_events([event])
            finally:
                self.telling = None


#: A line that lists a seat's cards after a colon ("Вы: 7♥ 5♣ (хай …)"): a kind of its own.
CARDS = re.compile(r"^:\s*(10|[2-9AJQKТВДК])")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("game", "options", "seats"), GAMES)
def test_every_line_of_a_terminal_game(
    game: str, options: dict[str, Any] | None, seats: int, lang: str
) -> None:
    state = new_game(game, seed=11, players=seats, options=options)
    tg = Recording(state, game, "easy", 0, io.StringIO("1\n" * 4000), io.StringIO(), 11, lang=lang)
    tg.lines = []
    assert tg.run() == 0
    with using(lang):
        subjects = sorted({tg.name(s) for s in range(seats)}, key=len, reverse=True)
    formats: dict[str, set[str]] = {}
    actors: dict[str, set[bool]] = {}
    for kind, raw in tg.lines:
        line = raw.strip().lstrip("→★ ").strip()
        wrong = third_person_after_you(line, lang)
        assert wrong is None, (kind, raw)
        subject = next(  # a whole word: «Выход» does not start with «Вы»
            (s for s in subjects if re.match(rf"{re.escape(s)}(?!\w)", line)), None
        )
        if subject is None:
            continue
        if CARDS.match(line[len(subject) :]):
            kind += ":cards"
        formats.setdefault(kind, set()).add(separator(line, subject))
        actors.setdefault(kind, set()).add(subject == YOU[lang])
    two = {kind: seps for kind, seps in formats.items() if len(seps) > 1}
    assert not two, two  # one kind of line, one format
    assert any(True in a for a in actors.values()), actors  # the person acted…
    assert any(False in a for a in actors.values()), actors  # …and watched
