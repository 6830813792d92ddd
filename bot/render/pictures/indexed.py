"""Sprites and text as pasted on a picture: mapped onto the fixed palette once, then cached.

Pictures are composed in palette mode (``canvas.py``), where Pillow cannot blend: a paste through
a soft mask would mix palette *indices*. So every paste here is through a binary mask (``1``
mode), and the anti-aliasing that matters is baked into the pasted tile beforehand:

- a card or back sprite is its RGBA sprite's colours on the palette, pasted where the sprite is at
  least half opaque (only the rounded corners' soft edge is lost: one pixel, at a 4-8 px radius);
- a text is its glyph mask's coverage turned into the palette shades between the colour it is
  drawn on (a flat panel, a pill or the felt) and its ink, pasted where the glyph has ink: as
  anti-aliased as the RGB drawing was.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any

from PIL import Image

from .palette import colour_of, index, to_palette
from .sprites import RGB, CardSize, Labels, SpriteKey, back_sprite, card_sprite, sprite_key

Tile = tuple[Image.Image, Image.Image]  # (the pixels in mode P, where to paste them in mode 1)

_OPAQUE = [0] * 128 + [255] * 128  # alpha -> pasted: at least half opaque
_INKED = [0] + [255] * 255  # glyph coverage -> pasted: any ink
_sprites: dict[SpriteKey, Tile] = {}
_tiles: dict[tuple[Hashable, RGB, int], Tile] = {}
_ramps: dict[tuple[RGB, int], list[int]] = {}  # (ink, background) -> index by coverage
_TILES_MAX = 4096
_lock = threading.Lock()  # one conversion at a time: they share the palette's lookup cache


def _sprite_tile(sprite: Image.Image) -> Tile:
    return to_palette(sprite), sprite.getchannel("A").point(_OPAQUE, "1")


def card(card: str, size: CardSize, labels: Labels | None = None) -> Tile:
    """The face of ``card`` to paste (see ``sprites.card_sprite``)."""
    key = sprite_key(card, size, labels)
    found = _sprites.get(key)
    if found is None:
        sprite = card_sprite(card, size, labels)
        with _lock:
            found = _sprites.setdefault(key, _sprite_tile(sprite))
    return found


def back(size: CardSize) -> Tile:
    """The back of a card to paste."""
    key = sprite_key("back", size)
    found = _sprites.get(key)
    if found is None:
        sprite = back_sprite(size)
        with _lock:
            found = _sprites.setdefault(key, _sprite_tile(sprite))
    return found


def glyph(key: Hashable, mask: Any, ink: RGB, background: int) -> Tile:
    """A text's tile: its glyph ``mask`` (a FreeType ``L`` mask, cached by ``key``) in ``ink``
    on palette colour ``background``, blended as ``ImageDraw.text`` blends it on RGB."""
    tile_key = (key, ink, background)
    found = _tiles.get(tile_key)
    if found is None:
        coverage = Image.Image()._new(mask)
        shades = _shades(ink, background)
        tile = Image.frombytes("P", coverage.size, coverage.point(shades).tobytes())
        found = (tile, coverage.point(_INKED, "1"))
        if len(_tiles) >= _TILES_MAX:
            _tiles.clear()
        _tiles[tile_key] = found
    return found


def _shades(ink: RGB, background: int) -> list[int]:
    """The palette index of ``ink`` at every coverage 0-255 over ``background``: the ends exact
    (Pillow's nearest-colour lookup is approximate, and the ink is a palette colour), the shades
    between them the nearest Pillow finds."""
    found = _ramps.get((ink, background))
    if found is None:
        ramp = Image.new("RGB", (256, 1), colour_of(background))
        ramp.paste(ink, (0, 0, 256, 1), Image.frombytes("L", (256, 1), bytes(range(256))))
        with _lock:
            found = list(to_palette(ramp).tobytes())
        found[0], found[255] = background, index(ink)
        _ramps[(ink, background)] = found
    return found
