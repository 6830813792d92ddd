"""One fixed 256-colour palette for every picture, built once per process.

Pictures are flat colours (felt, panels, card faces, a few inks) plus the anti-aliased edges
between them, so one palette fits them all: the exact flat colours first (they map to
themselves), then the edge shades of a sample sheet of every sprite, text colour and frame on
every background.

Pictures are composed on this palette directly (mode ``P``, see ``canvas.py``): shapes are drawn in
palette indices (``index``), sprites and text are mapped onto it once when first cached, so a
finished picture is saved as it is, with no per-picture quantization (a third of a hand picture's
encoding) and a third of the pixel bytes to copy and compress.
"""

from __future__ import annotations

import threading

from PIL import Image, ImageDraw

from . import sprites
from .sprites import BOLD, LARGE, RGB, SMALL, back_sprite, card_sprite, font

FLAT: list[RGB] = []  # colours the layouts fill areas with (kept exact), by ``flat``
INKS: list[RGB] = []  # colours of text and frames, by ``flat(..., ink=True)``
TABLES: list[RGB] = []  # backgrounds cards are laid on, by ``flat(..., table=True)``
_palette: Image.Image | None = None
_entries: tuple[RGB, ...] = ()  # the palette's 256 colours, by index
_raw = b""  # the palette's bytes, put on every picture
_indices: dict[RGB, int] = {}
_lock = threading.Lock()

# a card of every ink (the shades of a card's edges are the same whatever its rank)
SAMPLE_CARDS = ("AH", "10S", "KD", "QC", "3R", "10O", "7Y", "5G", "9B", "J", "X1")


def flat(*colours: RGB, ink: bool = False, table: bool = False) -> None:
    """Register colours the pictures use: every one is kept exact in the palette; ``ink``: text
    and frames are drawn in it (its edges on every colour are sampled); ``table``: cards are laid
    on it (the cards' edges on it are sampled)."""
    for colour in colours:
        for group, wanted in ((FLAT, True), (INKS, ink), (TABLES, table)):
            if wanted and colour not in group:
                group.append(colour)


def _sample() -> Image.Image:
    """Every sprite on every table colour, every ink on every colour: the shades edges make."""
    cell_w = LARGE.w + 6
    width = max(cell_w * (len(SAMPLE_CARDS) + 2), 70 * max(1, len(INKS)))
    card_rows = [(bg, LARGE.h + SMALL.h + 12) for bg in TABLES]
    ink_rows = [(bg, 30) for bg in FLAT]
    height = sum(h for _, h in card_rows + ink_rows) or 1
    sheet = Image.new("RGB", (width, height), sprites.WHITE)
    draw = ImageDraw.Draw(sheet)
    y = 0
    for bg, h in card_rows:
        draw.rectangle((0, y, width, y + h), fill=bg)
        for col, card in enumerate(SAMPLE_CARDS):
            for size, dy in ((LARGE, 0), (SMALL, LARGE.h + 6)):
                sprite = card_sprite(card, size)
                sheet.paste(sprite, (col * cell_w + (col % 2) * 3, y + dy), sprite)
        x = len(SAMPLE_CARDS) * cell_w
        for size in (LARGE, SMALL):
            sprite = back_sprite(size)
            sheet.paste(sprite, (x, y), sprite)
            x += size.w + 4
        y += h
    for bg, h in ink_rows:
        draw.rectangle((0, y, width, y + h), fill=bg)
        for i, ink in enumerate(INKS):
            x = i * 70
            draw.text((x + 2, y + 4), "Ag▶✓", font=font(BOLD, 17), fill=ink)
            draw.rounded_rectangle((x + 50, y + 3, x + 66, y + 26), 7, outline=ink, width=3)
        y += h
    return sheet


def palette() -> Image.Image:
    """The palette image (mode ``P``) every picture is mapped onto."""
    global _palette, _entries, _raw
    if _palette is None:
        with _lock:
            if _palette is None:
                built = _build()
                values = built.getpalette() or []
                _raw = bytes(values)
                _entries = tuple(
                    (values[i], values[i + 1], values[i + 2]) for i in range(0, 768, 3)
                )
                _palette = built
    return _palette


def index(colour: RGB) -> int:
    """The palette index of ``colour``: exact for the registered flat colours (they come first),
    the nearest entry otherwise. Shapes on a picture are drawn with indices: Pillow would try to
    add a missing colour to the picture's palette, which is full."""
    found = _indices.get(colour)
    if found is None:
        palette()
        r, g, b = colour
        found = min(
            range(len(_entries)),
            key=lambda i: (
                (_entries[i][0] - r) ** 2 + (_entries[i][1] - g) ** 2 + (_entries[i][2] - b) ** 2
            ),
        )
        _indices[colour] = found
    return found


def colour_of(i: int) -> RGB:
    """The colour of palette entry ``i``."""
    palette()
    return _entries[i]


def blank(width: int, height: int, colour: RGB) -> Image.Image:
    """A new picture in ``colour``, in mode ``P`` with the palette."""
    image = Image.new("P", (width, height), index(colour))
    palette()
    image.putpalette(_raw)
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """An RGB(A) image mapped onto the palette (nearest colour, no dithering: flat areas stay
    flat). Only for images drawn once and cached (sprites, text tiles)."""
    return image.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)


def _build() -> Image.Image:
    exact = list(dict.fromkeys([*FLAT, *sprites.FLAT_COLOURS]))[:128]
    sheet = _sample()
    shades = sheet.quantize(256 - len(exact), method=Image.Quantize.MEDIANCUT)
    found = (shades.getpalette() or [])[: 3 * (256 - len(exact))]
    values = [v for colour in exact for v in colour] + found
    values += [0] * (768 - len(values))
    image = Image.new("P", (1, 1))
    image.putpalette(values)
    return image
