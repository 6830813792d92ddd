"""A picture being composed: a felt background, text, panels and pasted card sprites.

It is composed in palette mode on the pictures' one fixed palette (``palette.py``): shapes in
palette indices, sprites and text as tiles mapped onto the palette once (``indexed.py``). A
finished picture is then saved as it is, instead of composing in RGB and mapping every picture
onto the palette at the end (which was a quarter of a hand picture's cost, and RGB pixels are
three times the bytes to copy).

The canvas records every card face it pastes (``cards``) and every back (``backs``), so tests can
check that a picture shows exactly the cards its view allows.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import indexed
from .palette import blank, flat, index
from .sprites import BOLD, LARGE, REGULAR, RGB, CardSize, Labels, font

WIDTH = 800  # output width; Discord shows it at ~400-550 px, so everything is drawn twice as big
MARGIN = 16
DISPLAY_W = 400  # how wide Discord shows an embed image (a narrower picture: as it is)
READABLE_PX = 11  # the smallest text that reads at display size


def min_text_px(width: int) -> int:
    """The smallest text size a picture ``width`` wide may draw: ``READABLE_PX`` once Discord has
    scaled it to ``DISPLAY_W``."""
    return math.ceil(READABLE_PX * max(width, DISPLAY_W) / DISPLAY_W)


#: Text sizes at the pictures' full ``WIDTH`` (twice what is seen): none under 22 px.
TITLE_PX = 26
NAME_PX = 24
BODY_PX = 22

FELT: RGB = (24, 70, 52)
PANEL: RGB = (32, 88, 66)
PANEL_HOT: RGB = (44, 104, 78)
TEXT: RGB = (244, 247, 245)
MUTED: RGB = (176, 204, 190)
GOLD: RGB = (255, 201, 77)
GREEN: RGB = (70, 214, 120)
RED: RGB = (255, 96, 96)
DARK: RGB = (20, 24, 22)
RULE: RGB = (52, 112, 86)  # the lines between the breakdown's rows
PASS: RGB = (92, 120, 108)  # the pill of a pass in a trick

flat(FELT, PANEL, PANEL_HOT, table=True)
flat(TEXT, MUTED, GOLD, GREEN, RED, DARK, RULE, ink=True)
flat(PASS)
_MISSING = "\U0010fffd"  # a private-use character no font has: draws the "missing" box


def _glyph_image(char: str) -> bytes:
    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((8, 8), char, font=font(BOLD, 24), fill=255)
    return image.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether DejaVu draws ``char`` (most emoji in display names it does not)."""
    return char.isspace() or _glyph_image(char) != _glyph_image(_MISSING)


def drawable(text: str) -> str:
    """``text`` without the characters the font would draw as boxes (``🤖 Bot`` -> ``Bot``)."""
    if text.isascii():
        return text
    kept = "".join(ch for ch in text if has_glyph(ch))
    return " ".join(kept.split()) or "?"


Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Mark:
    """Where something was drawn, for tests of a picture's geometry: a ``text`` (``px`` its size),
    a ``card`` or ``back``, a ``panel``, a ``fan`` (``px`` its step; ``size`` its cards)."""

    kind: str
    box: Box
    px: int = 0
    text: str = ""
    size: CardSize | None = None


@dataclass(frozen=True)
class Picture:
    """A finished picture: the image, the card faces and backs it shows, a file name for Discord."""

    image: Image.Image
    cards: tuple[str, ...]
    backs: int
    filename: str
    raised: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()  # every text drawn, in order (tests read what a picture says)
    cut: tuple[str, ...] = ()  # texts the canvas had to cut with an ellipsis (as they were given)
    marks: tuple[Mark, ...] = ()  # where each text, card, panel and fan was drawn

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    @property
    def boxes(self) -> tuple[Box, ...]:
        """Where each of ``texts`` was drawn (left, top, right, bottom), in the same order."""
        return tuple(m.box for m in self.marks if m.kind == "text")

    def png(self) -> bytes:
        """PNG bytes of the palette image as composed (flat colours compress ~5x better than
        RGB), zlib level 1 (level 6 makes files ~30% smaller at 3x the time; they are ~5-20 KB
        either way)."""
        buf = io.BytesIO()
        self.image.save(buf, "PNG", compress_level=1, optimize=False)
        return buf.getvalue()


# Text is drawn as ImageDraw.text draws it (a FreeType mask, then the ink through it, here as a
# tile blended once per ink and background: ``indexed.glyph``), but each (font, size, text,
# anchor, sub-pixel start) mask is rendered once and kept: pictures repeat the same labels (names,
# "pile 0", "Your hand · 12 cards"), and FreeType rendering was a third of a hand picture's
# drawing time.
_MaskKey = tuple[str, int, str, str, float, float]
_MASKS: dict[_MaskKey, tuple[Any, tuple[int, int]]] = {}
_LENGTHS: dict[tuple[str, int, str], float] = {}
_CACHE_MAX = 4096


def _mask(key: _MaskKey) -> tuple[Any, tuple[int, int]]:
    found = _MASKS.get(key)
    if found is None:
        name, px, text, anchor, fx, fy = key
        found = font(name, px).getmask2(text, "L", anchor=anchor, start=(fx, fy))
        if len(_MASKS) >= _CACHE_MAX:
            _MASKS.clear()
        _MASKS[key] = found
    return found


def _length(name: str, px: int, text: str) -> float:
    key = (name, px, text)
    found = _LENGTHS.get(key)
    if found is None:
        found = font(name, px).getlength(text)
        if len(_LENGTHS) >= _CACHE_MAX:
            _LENGTHS.clear()
        _LENGTHS[key] = found
    return found


def measure(text: str, px: int = 18, bold: bool = False) -> int:
    """How wide ``text`` is drawn (before a canvas exists: a picture sized to its words)."""
    return int(_length(BOLD if bold else REGULAR, px, drawable(text)))


_FRAMES: dict[tuple[int, int, tuple[int, int, int, int], RGB | None], Image.Image] = {}
_FRAMES_MAX = 256


def _frame(
    width: int, height: int, box: tuple[int, int, int, int], outline: RGB | None
) -> Image.Image:
    """The felt with one panel on it, drawn once per size and frame (read-only: copy it)."""
    key = (width, height, box, outline)
    found = _FRAMES.get(key)
    if found is None:
        found = blank(width, height, FELT)
        ImageDraw.Draw(found).rounded_rectangle(
            box, radius=10, fill=index(PANEL), outline=_ink(outline), width=3
        )
        if len(_FRAMES) >= _FRAMES_MAX:
            _FRAMES.clear()
        _FRAMES[key] = found
    return found


def _ink(colour: RGB | None) -> int | None:
    """A fill or outline for ImageDraw on a picture: its palette index."""
    return None if colour is None else index(colour)


class Canvas:
    """Drawing helpers on one palette image: colours are given as RGB and drawn as palette
    indices (never ImageDraw with RGB: it would add colours to a full palette). Never draws on
    cached sprites, only pastes them."""

    def __init__(
        self,
        height: int,
        labels: Labels | None = None,
        width: int = WIDTH,
        panel: tuple[tuple[int, int, int, int], RGB | None] | None = None,
    ) -> None:
        """``panel``: a first panel (box, outline) on the felt: copied from a cached frame (a hand
        picture's panel, redrawn on every click otherwise)."""
        if panel is None:
            self.image = blank(width, height, FELT)
        else:
            self.image = _frame(width, height, *panel).copy()
        self._draw = ImageDraw.Draw(self.image)
        self.labels = labels
        self.cards: list[str] = []
        self.raised: list[str] = []
        self.texts: list[str] = []
        self.cut: list[str] = []
        self.marks: list[Mark] = []
        self.backs = 0

    @property
    def width(self) -> int:
        return self.image.width

    def finish(self, filename: str, height: int | None = None) -> Picture:
        image = self.image
        if height is not None and height < image.height:
            image = image.crop((0, 0, image.width, height))
        return Picture(
            image,
            tuple(self.cards),
            self.backs,
            filename,
            tuple(self.raised),
            tuple(self.texts),
            tuple(self.cut),
            tuple(self.marks),
        )

    # cards -----------------------------------------------------------------------------------
    def card(
        self, card: str, x: int, y: int, size: CardSize = LARGE, ring: RGB | None = None
    ) -> None:
        if ring is not None:
            self.ring(x, y, size, ring)
        tile, where = indexed.card(card, size, self.labels)
        self.image.paste(tile, (x, y), where)
        self.cards.append(card)
        self.marks.append(Mark("card", (x, y, x + size.w, y + size.h), text=card, size=size))

    def back(self, x: int, y: int, size: CardSize = LARGE) -> None:
        tile, where = indexed.back(size)
        self.image.paste(tile, (x, y), where)
        self.backs += 1
        self.marks.append(Mark("back", (x, y, x + size.w, y + size.h), size=size))

    def ring(self, x: int, y: int, size: CardSize, colour: RGB, width: int = 3) -> None:
        pad = width + 1
        self._draw.rounded_rectangle(
            (x - pad, y - pad, x + size.w + pad - 1, y + size.h + pad - 1),
            radius=max(4, size.w // 10) + pad,
            outline=index(colour),
            width=width,
        )

    def fan(
        self,
        cards: Sequence[str],
        x: int,
        y: int,
        size: CardSize,
        step: int | None = None,
        rings: dict[int, RGB] | None = None,
    ) -> int:
        """Cards overlapping left to right; returns the x just past the last card."""
        step = size.step if step is None else step
        for i, card in enumerate(cards):
            self.card(card, x + i * step, y, size, ring=(rings or {}).get(i))
        end = x + (len(cards) - 1) * step + size.w if cards else x
        if len(cards) > 1:
            self.marks.append(Mark("fan", (x, y, end, y + size.h), step, size=size))
        return end

    def backs_fan(self, count: int, x: int, y: int, size: CardSize, step: int) -> int:
        for i in range(count):
            self.back(x + i * step, y, size)
        end = x + (count - 1) * step + size.w if count else x
        if count > 1:
            self.marks.append(Mark("backs", (x, y, end, y + size.h), step, size=size))
        return end

    # text and shapes -------------------------------------------------------------------------
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        px: int = 18,
        colour: RGB = TEXT,
        bold: bool = False,
        anchor: str = "la",
        max_w: int | None = None,
        min_px: int | None = None,
    ) -> int:
        """Draws text (clipped with an ellipsis to ``max_w``); returns its width. ``min_px``: a
        text too wide is first drawn smaller, down to that size (Russian words run longer)."""
        name = BOLD if bold else REGULAR
        text = drawable(text)
        if max_w is not None and min_px is not None:
            px = self.fitting_px(text, px, max_w, bold, min_px)
        if max_w is not None and _length(name, px, text) > max_w:
            self.cut.append(text)
            while text and _length(name, px, text + "…") > max_w:
                text = text[:-1]
            text = text.rstrip() + "…"
        x, y = xy
        key = (name, px, text, anchor, math.modf(x)[0], math.modf(y)[0])
        mask, (ox, oy) = _mask(key)
        left, top = int(x) + ox, int(y) + oy
        w, h = mask.size
        if w and h:
            under = self._background((left, top, left + w, top + h))
            tile, where = indexed.glyph(key, mask, colour, under)
            self.image.paste(tile, (left, top), where)
        self.texts.append(text)
        self.marks.append(Mark("text", (left, top, left + w, top + h), px, text))
        return int(_length(name, px, text))

    def _background(self, box: tuple[int, int, int, int]) -> int:
        """The palette index under ``box``'s corners (most of them): what a text there is drawn on
        (texts lie on flat panels, pills and the felt, and their glyphs seldom reach a corner of
        their box); its edges are blended with it. Four pixels, not a histogram of the box."""
        width, height = self.image.size
        left, top, right, bottom = box
        xs = (max(0, left), min(width, right) - 1)
        ys = (max(0, top), min(height, bottom) - 1)
        if xs[0] > xs[1] or ys[0] > ys[1]:
            return index(FELT)
        seen = [self.image.getpixel((x, y)) for x in xs for y in ys]
        found = max(seen, key=seen.count)
        return found if isinstance(found, int) else index(FELT)  # mode P: always an index

    def text_width(self, text: str, px: int = 18, bold: bool = False) -> int:
        return measure(text, px, bold)

    def fitting_px(
        self, text: str, px: int, max_w: int, bold: bool = False, min_px: int = 8
    ) -> int:
        """The largest size from ``px`` down to ``min_px`` at which ``text`` fits ``max_w``."""
        name = BOLD if bold else REGULAR
        while px > min_px and _length(name, px, drawable(text)) > max_w:
            px -= 1
        return px

    def panel(
        self,
        box: tuple[int, int, int, int],
        fill: RGB | None = PANEL,
        outline: RGB | None = None,
        width: int = 2,
        radius: int = 10,
    ) -> None:
        """A rounded rectangle (``fill`` None: only its outline)."""
        self._draw.rounded_rectangle(
            box, radius=radius, fill=_ink(fill), outline=_ink(outline), width=width
        )
        self.marks.append(Mark("panel", box))

    def slot(self, x: int, y: int, size: CardSize) -> None:
        """An empty card's place (a seat without cards, an empty table): its outline."""
        box = (x, y, x + size.w, y + size.h)
        self._draw.rounded_rectangle(box, radius=max(4, size.w // 8), outline=index(RULE), width=3)
        self.marks.append(Mark("slot", box, size=size))

    def mark(self, kind: str, box: Box, colour: RGB = GOLD) -> None:
        """A small gold bar (a key card's mark, and the legend's sample of it)."""
        self._draw.rounded_rectangle(box, radius=2, fill=index(colour))
        self.marks.append(Mark(kind, box))

    def line(self, xy: tuple[int, int, int, int], colour: RGB, width: int = 1) -> None:
        self._draw.line(xy, fill=index(colour), width=width)

    def ellipse(
        self,
        box: tuple[int, int, int, int],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        self._draw.ellipse(box, fill=_ink(fill), outline=_ink(outline), width=width)

    def pill(
        self,
        x: int,
        y: int,
        text: str,
        fill: RGB,
        colour: RGB = DARK,
        px: int = BODY_PX,
        max_w: int | None = None,
    ) -> int:
        """A rounded label (``DEALER``, ``pass``, ``✓ legal``); returns its right edge. ``max_w``:
        the widest it may be (its words drawn smaller to fit, as on a card)."""
        size = px
        if max_w is not None:
            least = min(px, min_text_px(self.width))
            size = self.fitting_px(text, px, max_w - 16, bold=True, min_px=least)
        w = self.text_width(text, size, bold=True)
        h = px + 10
        self.panel((x, y, x + w + 16, y + h), fill, radius=h // 2)
        self.text((x + 8 + w / 2, y + h / 2 + 1), text, size, colour, bold=True, anchor="mm")
        return x + w + 16
