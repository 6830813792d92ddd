"""Every picture kind as Discord shows it: scaled to the embed's ~400 px, on the dark and the
light theme, side by side, in both languages; plus the card emojis at inline size (22 px).

    python -m bench.gallery OUT            # every game, preset, seat count, kind and language
    python -m bench.gallery OUT --quick    # one position per game (the test suite runs this)
    python bench/gallery.py --quick        # into a temporary folder, removed after (a smoke run)

Each ``OUT/<case>_<lang>.png`` holds one picture twice (dark theme left, light right), drawn the
way the bot draws it in that language (its words, its rank letters). Look at them before calling
a picture done. The same cases feed the readability checks (``tests/render/test_readable.py``).
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

if __name__ == "__main__":  # run as a script: bench/bot.py must not shadow bot/
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bot.games import GameState, new_game  # noqa: E402
from bot.i18n import using  # noqa: E402
from bot.render.cards import RANK_LETTERS  # noqa: E402
from bot.render.pictures import (  # noqa: E402
    Picture,
    emoji_png,
    final_picture,
    hand_picture,
    table_picture,
)

DISPLAY_W = 400  # Discord shows an embed image about this wide
EMOJI_PX = 22  # a custom emoji inline in a message
THEMES = {"dark": ((49, 51, 56), (43, 45, 49)), "light": ((255, 255, 255), (242, 243, 245))}
LANGS = ("en", "ru")
NAMES = {
    "en": ["Anna", "Bogdan", "Carla", "Dmitri", "Eva", "Fyodor", "Galina", "Hugo"],
    "ru": ["Анна", "Богдан", "Карла", "Дмитрий", "Ева", "Фёдор", "Галина", "Гуго"],
}

#: (label, game, options, seat counts): every game and preset the pictures draw.
GAMES: list[tuple[str, str, dict[str, Any] | None, tuple[int, ...]]] = [
    ("hurricane", "hurricane", {"preset": "standard"}, (2,)),
    ("hurricane_open", "hurricane", {"preset": "open"}, (2,)),
    ("hurricane_pairs", "hurricane", {"preset": "pairs"}, (4,)),
    ("hurikan", "hurikan", None, (2,)),
    ("haggis", "haggis", None, (2, 3)),
    ("poker", "hurricane_poker", None, (2, 3, 4, 8)),
    ("poker_wild", "hurricane_poker", {"wild": "deuces", "declare": "yes"}, (4, 8)),
]


@dataclass(frozen=True)
class Case:
    """One picture to draw: ``name`` (``poker8_table``), its kind, language and drawing."""

    name: str
    kind: str  # table, hand or final
    lang: str
    draw: Callable[[], Picture]

    def picture(self) -> Picture:
        with using(self.lang):
            return self.draw()


def _choose(state: GameState, rng: random.Random) -> Any:
    """A random move, poker's folds and raises rarer (showdowns with many hands)."""
    legal = state.legal_actions()
    if state.name == "hurricane_poker":
        calm = [a for a in legal if str(a).split(" ")[0] not in ("fold", "raise", "bet")]
        if calm and rng.random() < 0.85:
            return rng.choice(calm)
    return rng.choice(legal)


def positions(
    game: str, options: dict[str, Any] | None, players: int, seed: int, every: int = 1
) -> Iterator[tuple[GameState, str | None]]:
    """Snapshots of one seeded game (every ``every`` moves, then the end), with the last move."""
    state = new_game(game, seed=seed, players=players, options=options)
    rng = random.Random(seed)
    last: str | None = None
    move = 0
    while not state.is_over and move < 400:
        if move % every == 0:
            yield state.clone(), last
        action = _choose(state, rng)
        last = str(action)
        state.apply(action)
        move += 1
    yield state, last


def _selection(state: GameState) -> list[str]:
    """The cards of the current seat's first legal play with cards (raised in its hand)."""
    for action in state.legal_actions():
        body = str(action).partition("=")[0].partition(":")[0]
        cards = body.replace("+", " ").split()
        if cards and cards[0] not in ("pass", "bet", "flip", "give", "fold", "call", "check"):
            return cards if all(c[:1].isdigit() or c[:1] in "AJQKTX" for c in cards) else []
    return []


def _pick(game: str, options: dict[str, Any] | None, players: int, seed: int) -> GameState:
    """A busy position of the game: the one with the most cards (or poker hands) in view."""

    def busy(state: GameState) -> int:
        view = state.view(None)
        shown = view.get("last_showdown") or {}
        return (
            len(view.get("table") or [])
            + len(view.get("trick") or [])
            + 3 * len((shown.get("shown") if isinstance(shown, dict) else None) or {})
        )

    best: tuple[int, GameState] | None = None
    for state, _last in positions(game, options, players, seed, every=3):
        if not state.is_over and (best is None or busy(state) > best[0]):
            best = (busy(state), state)
    assert best is not None
    return best[1]


def cases(quick: bool = False, langs: tuple[str, ...] = LANGS) -> list[Case]:
    """Every picture kind of every game, preset and seat count, in every language."""
    out: list[Case] = []
    for label, game, options, counts in GAMES:
        for players in counts[:1] if quick else counts:
            tag = f"{label}{players}"
            busy = _pick(game, options, players, seed=3)
            end = list(positions(game, options, players, seed=5, every=10_000))[-1][0]
            seat = busy.current_player if busy.current_player is not None else 0
            chosen = _selection(busy)
            for lang in langs:
                names = NAMES[lang][:players]
                labels = RANK_LETTERS.get(lang)
                public, private, over = busy.view(None), busy.view(seat), end.view(None)
                out += [
                    Case(
                        f"{tag}_table",
                        "table",
                        lang,
                        lambda v=public, n=names, b=labels: table_picture(v, n, labels=b),
                    ),
                    Case(
                        f"{tag}_hand",
                        "hand",
                        lang,
                        lambda v=private, c=chosen, b=labels: hand_picture(
                            v, selection=c, legal=bool(c) or None, labels=b
                        ),
                    ),
                    Case(
                        f"{tag}_final",
                        "final",
                        lang,
                        lambda v=over, n=names, b=labels: final_picture(v, n, labels=b),
                    ),
                ]
    out += standings_cases(langs)
    return out


def standings_cases(langs: tuple[str, ...] = LANGS) -> list[Case]:
    """The tournament message's standings picture: a Swiss with tie-breaks, an Arena with a
    streak and a pause, and rounds of tables with more entrants than it shows; long, Cyrillic,
    emoji-only and near-identical names."""
    from fractions import Fraction

    from bot.render.tournaments import standings_drawing
    from bot.tournaments.state import Row
    from storage.models import TournamentRecord

    names = [
        "Анна-Мария Константинопольская",
        "Bogdan 🎲",
        "🎉🎉",
        "Computer 2 (normal)",
        "Computer 3 (normal)",
        "Фёдор",
        "Galina\u2009&\u2009Hugo",
        "W" * 32,
    ]

    def record(fmt: str) -> TournamentRecord:
        return TournamentRecord(
            tournament_id="gallery",
            guild_id=1,
            channel_id=1,
            game="haggis" if fmt == "tables" else "hurricane",
            preset=None if fmt == "tables" else "standard",
            format=fmt,
            rounds=3,
            window=3600.0,
            starts_at=0.0,
            settings={},
            created_by=1,
            created_at=0.0,
            round=2,
            status="running",
        )

    def rows(fmt: str, count: int) -> list[Row]:
        out = []
        for i in range(count):
            swiss = fmt == "swiss"
            out.append(
                Row(
                    i + 1,
                    f"e{i}",
                    names[i % len(names)] if i < len(names) else f"Player {i + 1}",
                    Fraction(12 - i, 2) if fmt != "arena" else Fraction(24 - 2 * i),
                    (Fraction(30 - i, 2), Fraction(45 - 2 * i, 4)) if swiss else (),
                    4,
                    on_fire=fmt == "arena" and i in (1, 3),
                    paused=i == 4,
                    withdrawn=i == 5,
                )
            )
        return out

    out = []
    for fmt, count in (("swiss", 8), ("arena", 6), ("tables", 24)):
        for lang in langs:
            with using(lang):
                drawing = standings_drawing(record(fmt), rows(fmt, count))
            out.append(Case(f"{fmt}_standings", "standings", lang, drawing.draw))
    return out


def displayed(image: Image.Image, width: int = DISPLAY_W) -> Image.Image:
    """``image`` as Discord shows it: scaled down to ``width`` (never up)."""
    rgb = image.convert("RGB")
    if rgb.width <= width:
        return rgb
    return rgb.resize((width, round(rgb.height * width / rgb.width)), Image.Resampling.LANCZOS)


def on_themes(image: Image.Image) -> Image.Image:
    """``image`` at display size inside an embed, on the dark theme (left) and the light one."""
    shown = displayed(image)
    pad, bar = 16, 4
    w, h = shown.width + 2 * pad + bar + 12, shown.height + 2 * pad + 24
    sheet = Image.new("RGB", (2 * w, h))
    for i, (page, embed) in enumerate(THEMES.values()):
        x = i * w
        ImageDraw.Draw(sheet).rectangle((x, 0, x + w, h), fill=page)
        ImageDraw.Draw(sheet).rectangle(
            (x + pad, pad, x + w - pad, h - pad), fill=embed, outline=None
        )
        ImageDraw.Draw(sheet).rectangle((x + pad, pad, x + pad + bar, h - pad), fill=(88, 101, 242))
        sheet.paste(shown, (x + pad + bar + 8, pad + 12))
    return sheet


EMOJI_CARDS = ("AH", "AD", "AC", "AS", "7H", "7D", "7C", "7S", "QH", "10S", "5R", "5O", "J")


def emoji_sheet(lang: str) -> Image.Image:
    """The card emojis as a message shows them inline (22 px), on both themes, and at 4x."""
    size, big = EMOJI_PX, EMOJI_PX * 4
    cards = (*EMOJI_CARDS, "back")
    w = len(cards) * (size + 6) + 12
    sheet = Image.new("RGB", (max(w, len(cards) * (big + 6)) + 12, 2 * (size + 12) + big + 12))
    draw = ImageDraw.Draw(sheet)
    for row, (page, _embed) in enumerate(THEMES.values()):
        draw.rectangle((0, row * (size + 12), sheet.width, (row + 1) * (size + 12)), fill=page)
    draw.rectangle((0, 2 * (size + 12), sheet.width, sheet.height), fill=THEMES["dark"][0])
    for i, card in enumerate(cards):
        face = Image.open(io.BytesIO(emoji_png(card, lang))).convert("RGBA")
        small = face.resize((size, size), Image.Resampling.LANCZOS)
        for row in range(2):
            sheet.paste(small, (6 + i * (size + 6), row * (size + 12) + 6), small)
        large = small.resize((big, big), Image.Resampling.NEAREST)
        sheet.paste(large, (6 + i * (big + 6), 2 * (size + 12) + 6), large)
    return sheet


def write(out: Path, quick: bool = False) -> list[Path]:
    """Draws every case into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for case in cases(quick):
        path = out / f"{case.name}_{case.lang}.png"
        on_themes(case.picture().image).save(path, optimize=False, compress_level=1)
        written.append(path)
    for lang in LANGS:
        path = out / f"emoji_{lang}.png"
        emoji_sheet(lang).save(path)
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?", help="folder to write the pictures into")
    parser.add_argument("--quick", action="store_true", help="one position per game")
    args = parser.parse_args()
    if args.out is not None:
        for path in write(args.out, args.quick):
            print(path)
        return
    with tempfile.TemporaryDirectory() as out:
        written = write(Path(out), args.quick)
        print(f"{len(written)} pictures drawn (no folder given: not kept)")


if __name__ == "__main__":
    main()
