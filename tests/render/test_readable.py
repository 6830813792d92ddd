"""Every picture reads where it is read: Discord shows an embed image ~400 px wide and a card
emoji inline at 22 px. Checked over every picture kind of every game, preset and seat count in
both languages (``bench.gallery``'s cases) and over many positions of seeded games:

- no text under ``READABLE_PX`` (11 px) once the picture is scaled to 400 px wide;
- an 8-seat poker table is no taller than it is wide;
- no panel mostly empty: what is drawn in a panel spans at least half its inner height;
- a fan never shows a sliver of a covered card's pip: the visible strip of a covered card holds
  its whole index corner and none of the rest of its face;
- the final piles are unbroken fans (no card lifted out), their key cards marked and the mark
  explained in a legend;
- card emojis at 22 px: two suits of one colour differ in many pixels, not 2-3.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

from bench.gallery import EMOJI_PX, LANGS, NAMES, Case, cases, positions, write
from bot.i18n import using
from bot.render.cards import RANK_LETTERS
from bot.render.pictures import Picture, emoji_png, final_picture, table_picture
from bot.render.pictures.canvas import READABLE_PX, Mark, min_text_px
from bot.render.pictures.sprites import (
    CardSize,
    blank_sprite,
    card_sprite,
    index_box,
)

from .positions import NAMES as GOLDEN_NAMES
from .positions import POSITIONS, TABLE_GAMES, finished

SEEDED = [  # (game, options, seats): snapshots of whole seeded games, table pictures
    *TABLE_GAMES,
    ("hurricane_poker", None, 2),
    ("hurricane_poker", {"wild": "deuces", "declare": "yes"}, 3),
    ("hurricane_poker", {"wild": "jokers", "declare": "yes"}, 4),
    ("hurricane_poker", None, 8),
]


@cache
def every_case() -> tuple[Case, ...]:
    return tuple(cases())


def seeded_tables(
    every: int = 4, games: Sequence[tuple[str, Any, int]] = SEEDED
) -> Iterator[tuple[str, Picture]]:
    """Table pictures along seeded games (every ``every`` moves), in both languages."""
    for game, options, seats in games:
        for state, last in positions(game, options, seats, seed=17, every=every):
            for lang in LANGS:
                with using(lang):
                    picture = table_picture(
                        state.view(None),
                        NAMES[lang][:seats],
                        last_move=last,
                        labels=RANK_LETTERS.get(lang),
                    )
                yield f"{game}{seats} {options} {lang}", picture


def golden_pictures() -> Iterator[tuple[str, Picture]]:
    for name, make in POSITIONS.items():
        state = make()
        yield name, table_picture(state.view(None), GOLDEN_NAMES[: state.num_players])
    for name in ("hurricane", "haggis", "hurricane_poker"):
        state = finished(name)
        yield f"{name} final", final_picture(state.view(None), GOLDEN_NAMES[: state.num_players])


def all_pictures() -> Iterator[tuple[str, Picture]]:
    for case in every_case():
        yield f"{case.name} {case.lang}", case.picture()
    yield from golden_pictures()
    yield from seeded_tables()


def small_texts(picture: Picture) -> list[str]:
    """The texts drawn smaller than readable at display size, with their size there."""
    width = picture.size[0]
    least = min_text_px(width)
    scale = 400 / max(width, 400)
    return [
        f"{m.text!r} {m.px} px ({m.px * scale:.1f} px at 400)"
        for m in picture.marks
        if m.kind == "text" and m.px < least
    ]


def test_every_text_reads_at_display_size() -> None:
    found = {}
    for name, picture in all_pictures():
        small = small_texts(picture)
        if small:
            found[name] = small[:4]
    assert not found, f"texts under {READABLE_PX} px at 400 px wide: {found}"


def test_an_eight_seat_poker_table_is_no_taller_than_wide() -> None:
    tall = {}
    eight = [g for g in SEEDED if g[0] == "hurricane_poker" and g[2] == 8]
    assert eight
    for name, picture in seeded_tables(every=2, games=eight):  # (only these are measured)
        width, height = picture.size
        if name.startswith("hurricane_poker8") and height > width:
            tall[name] = picture.size
    for case in every_case():
        if case.name.startswith(("poker8", "poker_wild8")) and case.kind == "table":
            width, height = case.picture().size
            if height > width:
                tall[f"{case.name} {case.lang}"] = (width, height)
    assert not tall, tall


PAD = 8  # a panel's own margin, left out of its inner height
MIN_FILL = 0.5


def inside(box: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return (
        box[0] >= outer[0] - 1
        and box[1] >= outer[1] - 1
        and box[2] <= outer[2] + 1
        and box[3] <= outer[3] + 1
        and box != outer
    )


def panel_fill(picture: Picture, panel: Mark) -> float:
    """The share of a panel's inner height that what is drawn in it spans (rows covered)."""
    x0, y0, x1, y1 = panel.box
    top, bottom = y0 + PAD, y1 - PAD
    rows = [False] * max(1, bottom - top)
    for mark in picture.marks:
        if mark.kind in ("fan", "backs") or not inside(mark.box, panel.box):
            continue
        for y in range(max(top, mark.box[1]), min(bottom, mark.box[3])):
            rows[y - top] = True
    return sum(rows) / len(rows)


def test_no_panel_is_mostly_empty() -> None:
    empty = {}
    for name, picture in all_pictures():
        for mark in picture.marks:
            if mark.kind == "panel" and mark.box[3] - mark.box[1] > 48:
                fill = panel_fill(picture, mark)
                if fill < MIN_FILL:
                    empty.setdefault(name, []).append((mark.box, round(fill, 2)))
    assert not empty, f"panels with less than {MIN_FILL:.0%} of their height used: {empty}"


def ink(card: str, size: CardSize, labels: dict[str, str] | None) -> Image.Image:
    """Where a card's face differs from a blank card (its index, pips, marks), as a mask."""
    face = card_sprite(card, size, labels).convert("RGB")
    blank = blank_sprite(size).convert("RGB")
    diff = ImageChops.difference(face, blank).convert("L")
    return diff.point(lambda v: 255 if v > 40 else 0)


def sliver(card: str, size: CardSize, step: int, labels: dict[str, str] | None) -> str | None:
    """What is wrong with ``card``'s visible strip ``step`` px wide in a fan, or None: nothing
    of the face is cut by the strip's edge (the index wholly in it, the pip wholly out of it) and
    the strip below the index corner is bare."""
    mask = ink(card, size, labels)
    _right, bottom = index_box(size)
    edge = mask.crop((step - 1, 0, step + 1, size.h)).getbbox()
    if edge is not None:
        return f"its face is cut by the strip's edge at {step} px (rows {edge[1]}-{edge[3]})"
    rest = mask.crop((0, bottom, step, size.h)).getbbox()
    if rest is not None:
        return f"a sliver of its face under the index {rest}"
    return None


def test_fans_show_no_sliver_of_a_covered_card() -> None:
    seen: set[tuple[str, CardSize, int, str]] = set()
    bad = {}
    for name, picture in all_pictures():
        lang = name.split()[-1] if name.split()[-1] in LANGS else "en"
        cards = [m for m in picture.marks if m.kind == "card"]
        for fan in (m for m in picture.marks if m.kind == "fan"):
            size = fan.size
            assert size is not None
            if fan.px >= size.w:
                continue
            covered = [
                c.text for c in cards if inside(c.box, fan.box) and c.box[2] < fan.box[2] - 1
            ]
            for card in covered:
                key = (card, size, fan.px, lang)
                if key in seen:
                    continue
                seen.add(key)
                wrong = sliver(card, size, fan.px, RANK_LETTERS.get(lang))
                if wrong:
                    bad[f"{card} {size} step {fan.px} ({name})"] = wrong
    assert seen, "no fan was checked"
    assert not bad, bad


def test_final_piles_are_unbroken_fans_with_a_legend() -> None:
    checked = 0
    for case in every_case():
        if case.kind != "final":
            continue
        picture = case.picture()
        assert not picture.raised, f"{case.name}: cards lifted out of the piles"
        keys = [m for m in picture.marks if m.kind == "key"]
        if not keys:
            continue
        checked += 1
        fans = [m for m in picture.marks if m.kind == "fan"]
        for key in keys:  # under a card of a fan, within its visible strip
            assert any(f.box[0] <= key.box[0] and key.box[2] <= f.box[2] for f in fans)
        assert any(m.kind == "legend" for m in picture.marks), f"{case.name}: no legend"
    assert checked, "no final picture marks key cards"


def emoji(card: str, lang: str = "en") -> Image.Image:
    face = Image.open(io.BytesIO(emoji_png(card, lang))).convert("RGBA")
    shown = face.resize((EMOJI_PX, EMOJI_PX), Image.Resampling.LANCZOS)
    ground = Image.new("RGBA", shown.size, (49, 51, 56, 255))
    return Image.alpha_composite(ground, shown).convert("RGB")


def differing(a: Image.Image, b: Image.Image) -> int:
    diff = ImageChops.difference(a, b).convert("L")
    return sum(diff.histogram()[65:])


MIN_SUIT_PIXELS = 20  # of 22 x 22: a suit told apart by a shape, not a speck


@pytest.mark.parametrize("lang", LANGS)
def test_emoji_suits_differ_at_inline_size(lang: str) -> None:
    pairs = [(f"{r}H", f"{r}D") for r in ("A", "7", "10", "Q")]
    pairs += [(f"{r}C", f"{r}S") for r in ("A", "7", "10", "Q")]
    pairs += [(f"5{a}", f"5{b}") for a, b in ("RO", "OY", "GB", "RB", "YG")]
    counts = {f"{a}/{b}": differing(emoji(a, lang), emoji(b, lang)) for a, b in pairs}
    close = {k: v for k, v in counts.items() if v < MIN_SUIT_PIXELS}
    assert not close, f"suits differing in fewer than {MIN_SUIT_PIXELS} px at 22 px: {close}"


def test_gallery_quick_draws_every_kind(tmp_path: pytest.TempPathFactory) -> None:
    written = write(tmp_path, quick=True)  # type: ignore[arg-type]
    kinds = {p.stem.rsplit("_", 2)[-2] for p in written if not p.stem.startswith("emoji")}
    assert kinds == {"table", "hand", "final", "standings"}
    assert {p.stem.rsplit("_", 1)[-1] for p in written} == set(LANGS)
    for path in written:
        with Image.open(path) as image:
            assert image.width >= 2 * 400 or path.stem.startswith("emoji")
