"""The Russian catalog: complete, placeholders intact, the shipped ``.mo`` a fresh compile of the ``.po``,
plural forms right, and the language choice rules of ``bot.i18n``."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n import LOCALE_DIR, _, catalog, lang_of, ngettext, translate, using
from bot.render.cards import card_label, cards_label
from bot.render.words import agree, names_list, plural, possessive

PO = LOCALE_DIR / "ru" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_every_message_has_a_russian_translation_and_none_is_fuzzy() -> None:
    po = _read(PO)
    assert len(po) > 400
    empty = [m.id for m in po if m.id and (not m.string or not all(m.string))]
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert not empty, empty[:10]
    assert not fuzzy, fuzzy[:10]


def test_placeholders_match_between_english_and_russian() -> None:
    wrong = []
    for m in _read(PO):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set().union(*(_fields(i) for i in ids))
        for text in strings:
            if _fields(text) != wanted:
                wrong.append((m.id, text))
    assert not wrong, wrong[:5]


def test_every_string_of_the_code_and_the_commands_is_in_the_catalog(tmp_path: Path) -> None:
    """A fresh extraction (``bot.catalog``: pybabel plus the command tree) has nothing the
    Russian catalog lacks: a new English string cannot ship untranslated."""
    from bot.catalog import write_template

    root = Path(__file__).resolve().parents[2]
    template = _read(write_template(root, tmp_path / "messages.pot"))
    po = _read(PO)
    known = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in po if m.string}
    new = [
        (m.context, m.id)
        for m in template
        if m.id and (m.context, m.id if isinstance(m.id, str) else m.id[0]) not in known
    ]
    assert not new, f"run pybabel update and translate: {new[:10]}"


def test_the_shipped_mo_is_a_fresh_compile_of_the_po() -> None:
    """``pip install -e .`` needs no build step: the compiled catalog is in git, and this keeps it
    in step with the ``.po`` (``pybabel compile -d bot/locale``)."""
    fresh = io.BytesIO()
    write_mo(fresh, _read(PO))
    assert MO.read_bytes() == fresh.getvalue(), "run: pybabel compile -d bot/locale -l ru"


@pytest.mark.parametrize(
    ("count", "word"),
    [
        (1, "карта"),
        (3, "карты"),
        (5, "карт"),
        (11, "карт"),
        (21, "карта"),
        (22, "карты"),
        (0, "карт"),
        (112, "карт"),
        (104, "карты"),
    ],
)
def test_russian_plural_forms(count: int, word: str) -> None:
    with using("ru"):
        assert plural(count, "card") == f"{count} {word}"
        assert ngettext("card", "cards", count) == word
    assert plural(count, "card") == f"{count} card" + ("" if count == 1 else "s")


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("ru", "ru"),
        ("ru-RU", "ru"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("uk", "en"),
        ("de", "en"),
        ("ru_RU.UTF-8", "ru"),
        ("C.UTF-8", "en"),
        ("", "en"),
        (None, "en"),
        ("pt-BR", "en"),
    ],
)
def test_discord_and_posix_locales_map_to_our_languages(locale: str | None, lang: str) -> None:
    assert lang_of(locale) == lang


def test_english_is_the_fallback_and_the_default() -> None:
    assert _("Pass") == "Pass"
    with using("ru"):
        assert _("Pass") == "Пас"
        with using("de"):
            assert _("Pass") == "Pass"
        assert _("Pass") == "Пас"
    assert translate("Pass", "ru") == "Пас" and translate("Pass", "uk") == "Pass"
    assert catalog("en").gettext("no such message") == "no such message"


def test_cards_take_the_rulebook_letters_in_russian() -> None:
    cards = ["AH", "JS", "QD", "KC", "7H", "10G", "J", "Q", "K", "X1"]
    assert cards_label(cards) == "A♥ J♠ Q♦ K♣ 7♥ 10🟩 J Q K X1"
    with using("ru"):
        assert cards_label(cards) == "Т♥ В♠ Д♦ К♣ 7♥ 10🟩 В Д К X1"
        assert card_label("AS") == "Т♠"
    assert card_label("AS") == "A♠"  # the cache keeps the languages apart


def test_russian_words_have_no_possessive_s_and_agree_with_the_subject() -> None:
    with using("ru"):
        assert possessive("Bob", "a single 8") == "single 8 (Bob)"
        assert possessive("you", _("open cards")) == "открытые карты (ваши)"
        assert names_list(["Аня", "Боря", "Вика"]) == "Аня, Боря и Вика"
        assert agree("Bob", "wins", "win") == "выигрывает"
        assert agree("Anna & Ben", "wins", "win") == "выигрывают"
        assert agree("вы", "takes", "take") == "берёте"


def test_the_table_layers_fixed_refusals_are_in_the_catalog_word_for_word() -> None:
    from bot.discord.errors import TABLE_SENTENCES

    assert all(key == text for key, text in TABLE_SENTENCES.items())
    with using("ru"):
        assert all(_(text) != text for text in TABLE_SENTENCES)


def test_drawn_cards_take_the_russian_letters_too() -> None:
    """The pictures get the rank letters of the language the drawing was planned in."""
    from bot.games import new_game
    from bot.render.pictured import rank_labels, seat_picture

    assert rank_labels() is None
    with using("ru"):
        assert rank_labels() == {"A": "Т", "J": "В", "Q": "Д", "K": "К"}
    for seed in range(50):  # a deal whose first hand holds an ace or a court card
        view = new_game("hurricane", seed=seed).view(0)
        if any(card[0] in "AJQK" for card in view["hand"]):
            break
    english = seat_picture(view)().png()
    with using("ru"):
        draw = seat_picture(view)
    assert draw().png() != english  # drawn later (another thread): still Russian


def test_the_refusals_of_the_engines_and_the_table_layer_are_translated() -> None:
    from bot.games import IllegalAction, new_game
    from bot.render.refusals import refusal

    state = new_game("haggis", seed=3)
    seat = state.current_player
    assert seat is not None
    hand = state.view(seat)["hand"]
    numbers = [c for c in hand if c not in ("J", "Q", "K")]
    pair = next([a, b] for i, a in enumerate(numbers) for b in numbers[i + 1 :] if a[:-1] == b[:-1])
    state.apply(" ".join(pair), seat)  # a pair leads
    follower = state.current_player
    assert follower is not None
    single = next(c for c in state.view(follower)["hand"] if c not in ("J", "Q", "K"))
    try:
        state.apply(single, follower)
    except IllegalAction as exc:
        english = str(exc)
    else:  # pragma: no cover - a single never follows a pair
        raise AssertionError("a single was allowed on a pair")
    assert refusal(english) == english
    with using("ru"):
        russian = refusal(english)
    assert russian != english and "пара" in russian and "бьёт" in russian, russian
    with using("ru"):
        assert refusal("7H is not in your hand") == "7♥ нет у вас в руке"
        assert refusal("It is not your turn — Bob is to play.") == "Сейчас не ваш ход — ходит Bob."
        assert refusal("The game has already started, so you cannot join now.") == (
            "Игра уже началась, поэтому сесть сейчас нельзя."
        )
        assert refusal("something nobody wrote a template for") == (
            "something nobody wrote a template for"
        )


def test_the_terminal_speaks_the_environments_language_unless_told() -> None:
    from bot.terminal import environment_language, parse_args

    assert environment_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert environment_language({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}) == "en"
    assert environment_language({"LC_MESSAGES": "ru_RU", "LANG": "C"}) == "ru"
    assert environment_language({}) == "en" and environment_language({"LANG": "uk_UA"}) == "en"
    assert parse_args(["hurricane", "--lang", "ru"]).lang == "ru"
    assert parse_args(["hurricane"]).lang is None  # then the environment decides
