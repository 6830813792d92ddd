"""docs/rules.md and docs/rules.ru.md are the bot's own ``/rules`` texts, freshly generated."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import GAMES
from bot.render import rules_doc
from bot.render.rules import rules_panel

FIX = "python -m bot.render.rules_doc"


@pytest.mark.parametrize("lang", sorted(rules_doc.FILES))
def test_the_committed_document_is_a_fresh_generation(lang: str) -> None:
    path = rules_doc.ROOT / rules_doc.DOCS / rules_doc.FILES[lang]
    assert path.exists(), f"{path} is missing: run `{FIX}`"
    assert path.read_text(encoding="utf-8") == rules_doc.rules_markdown(lang), (
        f"{path.name} differs from the bot's /rules texts: run `{FIX}` and commit the result"
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_word_of_rules_is_in_the_document(game: str, lang: str) -> None:
    """Nothing of a panel is left out: its title, every line, every field's name and value."""
    text = rules_doc.rules_markdown(lang)
    panel = rules_panel(game, lang=lang)
    assert f"## {panel.title}\n" in text
    pieces = [*panel.lines, panel.footer]
    for name, value in panel.fields:
        pieces += [f"### {name}", *value.split("\n")]
    for piece in pieces:
        assert piece.strip() in text, piece


def test_a_section_holds_its_own_game_only() -> None:
    """Each game's options land under that game's heading (the sections are not mixed up)."""
    text = rules_doc.rules_markdown("en")
    for game in GAMES:
        title = rules_panel(game).title
        start = text.index(f"## {title}\n")
        end = text.find("\n## ", start + 1)
        section = text[start:end]
        assert f"`/rules game:{game}`" in section
        for other in GAMES:
            if other != game:
                assert f"`/rules game:{other}`" not in section


def test_each_game_keeps_its_own_glossary() -> None:
    """The glossary is per game: each game's words under its own heading, and poker's words
    nowhere near Haggis."""
    for lang, word, foreign in (
        ("en", "**side pot**", "**primiera**"),
        ("ru", "**побочный банк**", "**примиера**"),
    ):
        text = rules_doc.rules_markdown(lang)
        sections = {}
        for game in GAMES:
            start = text.index(f"## {rules_panel(game, lang=lang).title}\n")
            end = text.find("\n## ", start + 1)
            sections[game] = text[start:end]
        assert word in sections["hurricane_poker"] and word not in sections["haggis"], lang
        assert foreign in sections["hurricane"] and foreign not in sections["hurricane_poker"], lang


def test_check_reports_a_stale_document_and_writing_fixes_it(tmp_path: Path) -> None:
    assert rules_doc.main(["--check", "--root", str(tmp_path)]) == 1  # nothing there yet
    assert rules_doc.main(["--root", str(tmp_path)]) == 0
    assert rules_doc.main(["--check", "--root", str(tmp_path)]) == 0
    ru = tmp_path / "docs" / "rules.ru.md"
    ru.write_text(ru.read_text(encoding="utf-8").replace("Ураган", "Ураганчик"), encoding="utf-8")
    assert rules_doc.main(["--check", "--root", str(tmp_path)]) == 1
