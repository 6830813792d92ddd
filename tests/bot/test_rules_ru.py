"""``/rules`` in Russian: every game and the glossary in both languages, the same sections, every
option explained, no English left over (only option names and values, which players type), the
rulebook's facts with the Russian card letters, and Discord's embed limits."""

from __future__ import annotations

import re

import pytest

import bot.games as games
from bot.i18n import using
from bot.render import rules
from bot.render.option_words import preset_word
from bot.render.rules_ru import RULES as RU_RULES
from bot.render.rules_ru import words as ru
from bot.render.text import Panel

from .fakediscord import FakeDiscord, Person

LANGS = ("en", "ru")
LATIN = re.compile(r"[A-Za-z][A-Za-z_]*")
CODE = re.compile(r"`[^`]*`")
#: Latin words a Russian panel may show outside code spans: besides every option name and value
#: (``allowed`` adds them from ``game_info``), the preset option and the ``/table new`` timer.
ALLOWED = frozenset({"preset", "turn_timer"})


def allowed(game: str) -> set[str]:
    info = games.game_info(game)
    words = set(ALLOWED) | {p.name for p in info.presets}
    for option in info.options:
        words.add(option.name)
        words.update(str(c) for c in option.choices)
    return words


def latin_words(text: str) -> set[str]:
    """The Latin words of ``text`` outside `code` spans (``7H``'s ``H`` counts too)."""
    return set(LATIN.findall(CODE.sub(" ", text)))


def units(text: str) -> int:
    """Length in UTF-16 units, the stricter count (Cyrillic, ♥ and – are one either way)."""
    return len(text.encode("utf-16-le")) // 2


def embed_size(panel: Panel) -> int:
    parts = [panel.title, panel.description, *(n + v for n, v in panel.fields)]
    return sum(units(p) for p in parts)


@pytest.mark.parametrize("game", games.GAMES)
def test_russian_panels_have_no_english_left(game: str) -> None:
    text = rules.rules_panel(game, lang="ru").as_text()
    assert latin_words(text) <= allowed(game), latin_words(text) - allowed(game)
    assert re.search("[а-яё]", text)
    title = rules.display_title(game, lang="ru")
    line = rules.preset_line(game, {"preset": "open", "target": 20, "trail": "free"}, lang="ru")
    assert line is not None
    for words in (title, line, rules.options_text(game, lang="ru")):
        assert latin_words(words) <= allowed(game), words


def test_the_checker_catches_english_and_latin_look_alikes() -> None:
    assert latin_words("К=10, J=8") == {"J"}
    assert latin_words("Kороль") == {"K"}  # a Latin K in a Russian word
    assert latin_words("`wild=jokers` и 7♥") == set()
    assert not {"Glossary", "players"} <= allowed("haggis")


@pytest.mark.parametrize("game", games.GAMES)
def test_both_languages_have_the_same_sections(game: str) -> None:
    en, ru_panel = rules.rules_panel(game), rules.rules_panel(game, lang="ru")
    assert len(en.lines) == len(ru_panel.lines)
    assert len(en.fields) == len(ru_panel.fields)
    assert en.lines[0] != ru_panel.lines[0] and en.title != ru_panel.title
    for (en_name, en_value), (ru_name, ru_value) in zip(en.fields, ru_panel.fields, strict=True):
        assert en_name != ru_name and en_value != ru_value
        assert en_value.count("**") == ru_value.count("**"), en_name  # the same bold terms
    assert ru_panel.fields[-1][0] == "Словарь"
    assert ru_panel.fields[-1][1] == rules.glossary_text(game, lang="ru")
    for en_line, ru_line in zip(en.lines, ru_panel.lines, strict=True):
        assert en_line.startswith("**") == ru_line.startswith("**")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", games.GAMES)
def test_rules_fit_discords_embed_limits(game: str, lang: str) -> None:
    panel = rules.rules_panel(game, lang=lang)
    assert embed_size(panel) <= 6000 and units(panel.description) <= 4096
    assert units(panel.title) <= 256
    assert all(units(n) <= 256 and 0 < units(v) <= 1024 for n, v in panel.fields)
    # nothing was clipped on the way: the texts fit as written
    source = (RU_RULES if lang == "ru" else rules.RULES)[game]
    assert "…" not in panel.description[-1:]
    for _name, value in source.fields:
        written = rules.options_text(game, lang=lang) if value == ru.OPTIONS_SLOT else value
        assert units(written) <= 1024
    assert units(rules.options_text(game, lang=lang)) <= 1024
    assert units(rules.glossary_text(game, lang=lang)) <= 1024


@pytest.mark.parametrize("game", games.GAMES)
def test_every_option_is_explained_in_russian(game: str) -> None:
    info = games.game_info(game)
    explained = ru.OPTIONS.get(game, {})
    assert set(explained) == {o.name for o in info.options}  # none missing, none stale
    text = rules.rules_panel(game, lang="ru").as_text()
    for option in info.options:
        assert option.name in text
        assert explained[option.name] in text
        for choice in option.choices:
            assert str(choice) in text
        words = explained[option.name]
        if option.choices and " | " in words:  # the words follow the values one by one
            assert words.count(" | ") == len(option.choices) - 1, option.name
    assert ru.TURN_TIMER in text or ru.OPTIONS_NONE in text


def test_every_game_and_preset_has_russian_words() -> None:
    for game in games.GAMES:
        info = games.game_info(game)
        assert game in ru.TITLES and game in ru.SUMMARIES and game in RU_RULES
        assert rules.display_title(game, lang="ru") == ru.TITLES[game]
        for preset in info.presets:
            assert preset.name in ru.PRESETS
            line = rules.preset_line(game, {"preset": preset.name}, lang="ru")
            with using("ru"):
                word = preset_word(preset.name)
            assert word != preset.name  # the preset is named in Russian
            assert line == f"{word}: {ru.PRESETS[preset.name]}"
    assert rules.preset_line("haggis", {}, lang="ru") == ru.SUMMARIES["haggis"]
    assert rules.preset_line("haggis", {"target": 350}, lang="ru") == (
        ru.SUMMARIES["haggis"] + " (здесь изменено — игра до: 350)"
    )
    assert rules.preset_line("nope", {}, lang="ru") is None
    assert rules.preset_shown("hurricane", {"preset": "open"}, lang="ru") == "открытый"


RU_FACTS = {
    "hurricane": (
        "В=8, Д=9, К=10",
        "7=21, 6=18, Т=16, 5=15, 4=14, 3=13, 2=12, К=10, Д=9, В=8",
        "16 очков или больше",
        "меньше 8 очков",
        "игра до 15, без двойной победы",
        "кроме взятки последней картой сдачи",
        "по 9 карт",
        "за 7♥",
        "сносить нельзя",
    ),
    "hurikan": ("от 1 до 3 карт", "220", "Брать никогда не обязательно", "по 2"),
    "haggis": (
        "3 5 7 9 = 1, В=2, Д=3, К=5",
        "15 или 30",
        "все, кто не ставил",
        "5 очков за каждую карту в самой большой из оставшихся рук",
        "3-5-7-9 четырёх мастей, В-Д, В-К, Д-К, В-Д-К, 3-5-7-9 одной масти",
        "(250 очков)",
    ),
    "hurricane_poker": (
        "для 2–8 игроков",
        "лучший лоу — Т–2, затем Т–3, 2–3, Т–4",
        "джокер + К — это К–К в хай",
        "два джокера — пара тузов",
        "лишняя фишка — хаю",
        "`declare=yes`",
    ),
}


@pytest.mark.parametrize("game", sorted(RU_FACTS))
def test_russian_rulebook_facts(game: str) -> None:
    text = rules.rules_panel(game, lang="ru").as_text()
    for fact in RU_FACTS[game]:
        assert fact in text, fact


def test_the_russian_glossary_has_every_term() -> None:
    assert len(ru.GLOSSARY) == len(rules.GLOSSARY)
    text = rules.glossary_text(lang="ru")
    for term in ("снос", "ураган", "примиера", "премьера", "набор", "последовательность"):
        assert f"**{term}" in text
    assert "**бомба**" in text and "**ставка**" in text


def test_other_languages_get_english() -> None:
    for game in games.GAMES:
        for lang in ("de", "", "RU", "ru-RU"):
            assert rules.rules_panel(game, lang=lang) == rules.rules_panel(game)
            assert rules.display_title(game, lang=lang) == rules.display_title(game)
            assert rules.options_text(game, lang=lang) == rules.options_text(game)
    assert rules.glossary_text(lang="fr") == rules.glossary_text()
    assert rules.preset_line("hurricane", {}, lang="fr") == rules.preset_line("hurricane", {})


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        ((3,), "только если играют 3 игрока"),
        ((2, 3), "только если играют 2 или 3 игрока"),
        ((5,), "только если играют 5 игроков"),
        ((21,), "только если играет 21 игрок"),
        ((11,), "только если играют 11 игроков"),
        ((1,), "только если играет 1 игрок"),
    ],
)
def test_player_counts_agree_in_russian(counts: tuple[int, ...], words: str) -> None:
    assert ru.players_only(counts) == words


def test_russian_plural_forms() -> None:
    forms = [ru.plural(n, "карта", "карты", "карт") for n in (1, 3, 5, 11, 12, 21, 22, 25, 111)]
    assert forms == ["карта", "карты", "карт", "карт", "карт", "карта", "карты", "карт", "карт"]


async def test_rules_follow_the_users_client_language(
    fake: FakeDiscord, users: list[Person]
) -> None:
    ex = await fake.slash("rules", user=users[0].user, game="hurricane", locale="ru")
    embed = ex.data["embeds"][0]
    assert ex.ephemeral and embed["title"] == "Ураган"
    names = [f["name"] for f in embed["fields"]]
    assert names[-1] == "Словарь" and "Glossary" not in names
    assert "Т=1, 2–7 по номиналу, В=8, Д=9, К=10" in embed["description"]
    ex = await fake.slash("rules", user=users[1].user, game="hurricane", locale="en-GB")
    assert ex.data["embeds"][0]["title"] == "Hurricane (Uragano)"
