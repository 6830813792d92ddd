"""Card faces and backs drawn from primitives and the shipped DejaVu fonts, once per process.

Every sprite is drawn at 3x and scaled down (clean anti-aliased edges), then cached read-only:
pictures only paste them, so a render costs pastes, not drawing. Cache fills take a lock, so
renders may run in worker threads (``asyncio.to_thread``).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(str(resources.files("bot.render.pictures") / "fonts"))
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
CONDENSED = "DejaVuSansCondensed-Bold.ttf"

SUPER = 3  # supersampling factor of sprite drawing

RGB = tuple[int, int, int]

WHITE: RGB = (255, 255, 255)
OUTLINE: RGB = (28, 30, 34)
INK: RGB = (24, 24, 28)
FRENCH_RED: RGB = (200, 30, 40)
FRENCH_SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURT = {"J", "Q", "K"}

# Haggis suits: colour for the eye, a shape and a letter for everyone (red and orange differ in
# shape - circle and square - and letter, not only in hue).
HAGGIS_SUITS: dict[str, tuple[str, RGB, RGB]] = {
    # suit: (shape, fill, ink for the rank)
    "R": ("circle", (214, 40, 40), (176, 20, 24)),
    "O": ("square", (245, 130, 20), (196, 84, 0)),
    "Y": ("triangle", (250, 200, 30), (128, 96, 0)),
    "G": ("diamond", (46, 140, 60), (22, 100, 36)),
    "B": ("hexagon", (30, 100, 200), (14, 64, 150)),
}
HAGGIS_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
WILD_INK: RGB = (96, 40, 150)
WILD_GOLD: RGB = (240, 180, 30)
BACK_BLUE: RGB = (34, 62, 120)
BACK_LINE: RGB = (64, 98, 168)
COURT_TINTS: tuple[RGB, RGB] = ((253, 232, 232), (232, 235, 242))  # red / black court panels
#: The colours sprites fill areas with (kept exact in the pictures' palette).
FLAT_COLOURS: tuple[RGB, ...] = (
    WHITE,
    OUTLINE,
    INK,
    FRENCH_RED,
    *(colour for _shape, fill, ink in HAGGIS_SUITS.values() for colour in (fill, ink)),
    WILD_INK,
    WILD_GOLD,
    BACK_BLUE,
    BACK_LINE,
    *COURT_TINTS,
)


@dataclass(frozen=True)
class CardSize:
    """A sprite size in output pixels; ``step`` is the visible strip when cards overlap."""

    w: int
    h: int
    step: int


LARGE = CardSize(80, 112, 46)
MEDIUM = CardSize(64, 90, 38)
SMALL = CardSize(40, 56, 22)

_font_local = threading.local()


def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped font at a size; one FreeType object per thread (FreeType faces are not shared
    safely between threads)."""
    cache: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(
        _font_local, "cache", None
    )
    if cache is None:
        cache = {}
        _font_local.cache = cache
    key = (name, size)
    found = cache.get(key)
    if found is None:
        found = ImageFont.truetype(str(FONT_DIR / name), size)
        cache[key] = found
    return found


@dataclass(frozen=True)
class Card:
    """A card id parsed into what is drawn: ``kind`` is french, haggis, wild or joker."""

    kind: str
    rank: str
    suit: str


def parse_card(card: str) -> Card:
    """Any game's card id: ``7H``/``10S``/``TS`` (French), ``7R`` (Haggis), ``J`` (Haggis wild),
    ``X1``/``X2`` (jokers). Unknown ids raise ``ValueError``."""
    if card in COURT:
        return Card("wild", card, "")
    if card in ("X1", "X2"):
        return Card("joker", card, "")
    rank, suit = card[:-1], card[-1:]
    if rank == "T":
        rank = "10"
    if suit in FRENCH_SUITS and rank in FRENCH_RANKS:
        return Card("french", rank, suit)
    if suit in HAGGIS_SUITS and rank in HAGGIS_RANKS:
        return Card("haggis", rank, suit)
    raise ValueError(f"not a card: {card!r}")


Labels = Mapping[str, str]
COMPACT_W = 56  # narrower cards are drawn compact: the index and a small mark, no word


def is_compact(size: CardSize) -> bool:
    return size.w < COMPACT_W


_LabelKey = tuple[tuple[str, str], ...]

_sprites: dict[tuple[str, str, CardSize, _LabelKey, str], Image.Image] = {}  # by sprite_key
_lock = threading.Lock()


def label_key(labels: Labels | None) -> _LabelKey:
    return tuple(sorted(labels.items())) if labels else ()


def card_word(card: str, size: CardSize | None = None) -> str:
    """The word printed on a card: none since words at card size did not read at display size
    (a wild card shows a star and the five suit colours, a joker stars; the texts name them)."""
    return ""


SpriteKey = tuple[str, str, CardSize, _LabelKey, str]


def sprite_key(card: str, size: CardSize, labels: Labels | None = None) -> SpriteKey:
    """What a sprite is cached by (``card`` ``"back"``: the back): its face drawn in the language
    in force (a wild card's word) with ``labels``."""
    if card == "back":
        return ("back", "", size, (), "")
    return ("face", card, size, label_key(labels), card_word(card))


def card_sprite(card: str, size: CardSize = LARGE, labels: Labels | None = None) -> Image.Image:
    """The face of ``card`` (RGBA, read-only: paste it, never draw on it). ``labels`` maps ranks
    to the letters printed (``{"A": "Т", "J": "В", "Q": "Д", "K": "К"}`` for Russian packs); a
    wild card's or a joker's word is printed in the language in force."""
    word = card_word(card)
    key = sprite_key(card, size, labels)
    sprite = _sprites.get(key)
    if sprite is None:
        with _lock:
            sprite = _sprites.get(key)
            if sprite is None:
                sprite = _draw_face(parse_card(card), size, labels or {}, word)
                _sprites[key] = sprite
    return sprite


def back_sprite(size: CardSize = LARGE) -> Image.Image:
    """The back of every card (hidden hands, the stock, face-down cards, the Haggis)."""
    key = sprite_key("back", size)
    sprite = _sprites.get(key)
    if sprite is None:
        with _lock:
            sprite = _sprites.get(key)
            if sprite is None:
                sprite = _draw_back(size)
                _sprites[key] = sprite
    return sprite


def _blank(size: CardSize, fill: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    w, h = size.w * SUPER, size.h * SUPER
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = max(4, size.w // 10) * SUPER
    line = (2 if size.w >= 56 else 1) * SUPER + SUPER // 2
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=OUTLINE)
    draw.rounded_rectangle((line, line, w - 1 - line, h - 1 - line), radius - line, fill=fill)
    return img, draw, line


def _finish(img: Image.Image, size: CardSize) -> Image.Image:
    return img.resize((size.w, size.h), Image.Resampling.LANCZOS)


def _fit_px(text: str, name: str, px: int, max_w: int) -> int:
    """``px``, shrunk until ``text`` fits ``max_w`` (``10`` in a narrow index)."""
    while px > 8:
        if font(name, px).getlength(text) <= max_w:
            return px
        px -= SUPER
    return px


def _fit_font(text: str, name: str, px: int, max_w: int) -> ImageFont.FreeTypeFont:
    return font(name, _fit_px(text, name, px, max_w))


def _shape(
    draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: RGB, edge: int
) -> None:
    """A Haggis suit shape centred on (cx, cy), radius ``r``, outlined dark."""
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=OUTLINE, width=edge)
        return
    if shape == "square":
        s = r * 0.86
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=OUTLINE, width=edge)
        return
    if shape == "triangle":
        pts = [(cx, cy - r * 1.05), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)]
    elif shape == "diamond":
        pts = [(cx, cy - r * 1.15), (cx + r * 0.95, cy), (cx, cy + r * 1.15), (cx - r * 0.95, cy)]
    else:  # hexagon
        pts = [
            (cx - r * 0.5, cy - r * 0.9),
            (cx + r * 0.5, cy - r * 0.9),
            (cx + r, cy),
            (cx + r * 0.5, cy + r * 0.9),
            (cx - r * 0.5, cy + r * 0.9),
            (cx - r, cy),
        ]
    draw.polygon(pts, fill=fill, outline=OUTLINE, width=edge)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: int) -> None:
    import math

    pts = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(angle), cy + rr * math.sin(angle)))
    draw.polygon(pts, fill=fill, outline=OUTLINE if edge else None, width=edge)


def _geometry(size: CardSize) -> tuple[int, int, int, int]:
    """(line, pad, rank_px, index_w) of a face, in supersampled px."""
    line = (2 if size.w >= 56 else 1) * SUPER + SUPER // 2
    pad = line + (3 if is_compact(size) else 5) * SUPER
    rank_px = int(size.w * (0.46 if is_compact(size) else 0.4)) * SUPER
    return line, pad, rank_px, size.step * SUPER - pad - line


def index_box(size: CardSize) -> tuple[int, int]:
    """(right, bottom) of a face's index corner in output px: the rank and the small suit mark.
    Everything else on a face lies right of ``size.step`` (the strip a fan leaves visible of a
    covered card), so a covered card shows its whole index and no sliver of its pip."""
    _line, pad, rank_px, _index_w = _geometry(size)
    return size.step, round((pad + rank_px * 2.0) / SUPER)


def blank_sprite(size: CardSize) -> Image.Image:
    """A face with nothing on it (what a card's marks are drawn on)."""
    img, _draw, _line = _blank(size, WHITE)
    return _finish(img, size)


def _draw_face(card: Card, size: CardSize, labels: Labels, word: str = "") -> Image.Image:
    img, draw, line = _blank(size, WHITE)
    w, h = size.w * SUPER, size.h * SUPER
    compact = is_compact(size)
    _line, pad, rank_px, index_w = _geometry(size)
    rank = labels.get(card.rank, card.rank)
    edge = max(1, size.w // 40) * SUPER
    # the pip zone: right of the strip a fan leaves visible, below the index's top
    zx0, zx1 = size.step * SUPER + 2 * SUPER, w - pad
    zy0, zy1 = h * 0.42, h - pad
    zw, zcx, zcy = zx1 - zx0, (zx0 + zx1) / 2, (zy0 + zy1) / 2

    if card.kind == "french":
        ink = FRENCH_RED if card.suit in "HD" else INK
        symbol = FRENCH_SUITS[card.suit]
        court = card.rank in COURT and not compact
        _index(draw, rank, ink, pad, rank_px, index_w)
        suit_px = int(rank_px * (0.7 if compact else 0.62))
        top = pad + rank_px * 1.02
        draw.text((pad + index_w / 2, top), symbol, font=font(BOLD, suit_px), fill=ink, anchor="mt")
        if compact:
            return _finish(img, size)
        if court:
            # court cards: a pale panel in the suit colour sets them apart at a glance
            tint = COURT_TINTS[0] if ink == FRENCH_RED else COURT_TINTS[1]
            draw.rounded_rectangle(
                (zx0, zy0, zx1, zy1), radius=4 * SUPER, fill=tint, outline=ink, width=edge
            )
            big = font(BOLD, _fit_px(symbol, BOLD, int(zw * 1.0), int(zw * 0.8)))
        else:
            big = font(BOLD, _fit_px(symbol, BOLD, int(zw * 1.3), int(zw)))
        draw.text((zcx, zcy), symbol, font=big, fill=ink, anchor="mm")
        return _finish(img, size)

    if card.kind == "haggis":
        shape, fill, ink = HAGGIS_SUITS[card.suit]
        _index(draw, rank, ink, pad, rank_px, index_w)
        r_small = rank_px * (0.34 if compact else 0.28)
        cy = pad + rank_px * 1.02 + r_small * 1.15
        _shape(draw, shape, pad + index_w / 2, cy, r_small, fill, edge)
        if compact:
            return _finish(img, size)
        r_big = zw * 0.45
        _shape(draw, shape, zcx, zcy, r_big, fill, edge * 2)
        letter_ink = INK if card.suit in "YO" else WHITE
        draw.text(
            (zcx, zcy + (r_big * 0.12 if shape == "triangle" else 0)),
            card.suit,
            font=font(BOLD, int(r_big * 0.95)),
            fill=letter_ink,
            anchor="mm",
        )
        return _finish(img, size)

    if card.kind == "wild":
        # wild: the rank and a gold star as its index; the five suit colours down the pip zone
        _index(draw, rank, WILD_INK, pad, rank_px, index_w)
        _star(draw, pad + index_w / 2, pad + rank_px * 1.45, rank_px * 0.36, WILD_GOLD, edge)
        if compact:
            return _finish(img, size)
        seg = (zy1 - zy0) / 5
        for i, (_, col, _ink) in enumerate(HAGGIS_SUITS.values()):
            draw.rectangle((zx1 - zw * 0.22, zy0 + i * seg, zx1, zy0 + (i + 1) * seg), fill=col)
        _star(draw, zx0 + zw * 0.36, zcy, zw * 0.38, WILD_GOLD, edge)
        return _finish(img, size)

    # joker (poker X1 red, X2 black): a star as its index, a big one in the pip zone
    ink = FRENCH_RED if card.rank == "X1" else INK
    _star(draw, pad + index_w / 2, pad + rank_px * 0.5, rank_px * 0.5, ink, edge)
    if not compact:
        _star(draw, zcx, zcy, zw * 0.5, ink, edge)
    return _finish(img, size)


def _index(draw: ImageDraw.ImageDraw, rank: str, ink: RGB, pad: int, px: int, max_w: int) -> None:
    name = CONDENSED if len(rank) > 1 else BOLD
    f = _fit_font(rank, name, px, max_w)
    draw.text((pad + max_w / 2, pad), rank, font=f, fill=ink, anchor="mt")


def _draw_back(size: CardSize) -> Image.Image:
    img, draw, line = _blank(size, WHITE)
    w, h = size.w * SUPER, size.h * SUPER
    inset = line + max(3, size.w // 16) * SUPER
    radius = max(3, size.w // 14) * SUPER
    draw.rounded_rectangle((inset, inset, w - inset, h - inset), radius, fill=BACK_BLUE)
    step = max(6, size.w // 8) * SUPER
    lattice = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    for x in range(-h, w + h, step):
        ld.line((x, 0, x + h, h), fill=BACK_LINE, width=SUPER)
        ld.line((x + h, 0, x, h), fill=BACK_LINE, width=SUPER)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inset + SUPER * 2, inset + SUPER * 2, w - inset - SUPER * 2, h - inset - SUPER * 2),
        radius,
        fill=255,
    )
    img.paste(lattice, (0, 0), Image.composite(lattice, Image.new("RGBA", (w, h)), mask))
    if size.w >= 56:
        cx, cy, r = w / 2, h / 2, w * 0.17
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=BACK_BLUE, outline=WHITE, width=SUPER * 2
        )
        _star(draw, cx, cy, r * 0.7, WHITE, 0)
    return _finish(img, size)


EMOJI_SIDE = 96  # an emoji's square (Discord shows it at 22 px inline, 48 px alone)


def emoji_sprite(card: str, labels: Labels | None = None) -> Image.Image:
    """A card drawn for an emoji: not a shrunk card (its pip was 2-3 px at 22 px) but a square
    face filled by a big rank and a big suit, so suits differ by their shape at inline size."""
    side = EMOJI_SIDE * SUPER
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    edge = 3 * SUPER
    draw.rounded_rectangle((0, 0, side - 1, side - 1), 14 * SUPER, fill=OUTLINE)
    if card == "back":
        draw.rounded_rectangle(
            (edge, edge, side - 1 - edge, side - 1 - edge), 11 * SUPER, BACK_BLUE
        )
        _star(draw, side / 2, side / 2, side * 0.3, WHITE, 0)
        return img.resize((EMOJI_SIDE, EMOJI_SIDE), Image.Resampling.LANCZOS)
    draw.rounded_rectangle((edge, edge, side - 1 - edge, side - 1 - edge), 11 * SUPER, WHITE)
    face = parse_card(card)
    rank = (labels or {}).get(face.rank, face.rank)
    big = side * 0.6  # the suit: the lower right, over half the square
    cx, cy = side * 0.66, side * 0.64
    if face.kind == "french":
        ink = FRENCH_RED if face.suit in "HD" else INK
        _emoji_rank(draw, rank, ink, side)
        symbol = FRENCH_SUITS[face.suit]
        px = _fit_px(symbol, BOLD, int(big * 1.25), int(big))
        draw.text((cx, cy), symbol, font=font(BOLD, px), fill=ink, anchor="mm")
    elif face.kind == "haggis":
        shape, fill, ink = HAGGIS_SUITS[face.suit]
        _emoji_rank(draw, rank, ink, side)
        _shape(draw, shape, cx, cy, big * 0.46, fill, 2 * SUPER)
    elif face.kind == "wild":
        _emoji_rank(draw, rank, WILD_INK, side)
        _star(draw, cx, cy, big * 0.55, WILD_GOLD, 2 * SUPER)
    else:
        ink = FRENCH_RED if face.rank == "X1" else INK
        _star(draw, side / 2, side / 2, side * 0.38, ink, 0)
    return img.resize((EMOJI_SIDE, EMOJI_SIDE), Image.Resampling.LANCZOS)


def _emoji_rank(draw: ImageDraw.ImageDraw, rank: str, ink: RGB, side: int) -> None:
    name = CONDENSED if len(rank) > 1 else BOLD
    px = _fit_px(rank, name, int(side * 0.5), int(side * 0.5))
    draw.text((side * 0.08, side * 0.06), rank, font=font(name, px), fill=ink, anchor="lt")
