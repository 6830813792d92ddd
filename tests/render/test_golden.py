"""Golden pictures: fixed positions of every game drawn and compared with stored PNGs, with a
tolerance (font rasterisers differ slightly between Pillow/FreeType builds).

Regenerate after an intended change, then LOOK at the PNGs before committing them:

    UPDATE_GOLDEN=1 python -m pytest tests/render/test_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.i18n import using
from bot.render.pictures import Picture, final_picture, hand_picture, table_picture

from .positions import NAMES, POSITIONS, finished, poker_draw

GOLDEN = Path(__file__).parent / "golden"
MAX_MEAN_DIFF = 1.5  # mean absolute difference per channel, 0-255
MAX_CHANGED = 0.01  # share of pixels differing by more than CHANGED in some channel
CHANGED = 96  # anti-aliasing differs a little; a missing card or word differs a lot
RUSSIAN = {"A": "Т", "J": "В", "Q": "Д", "K": "К"}


def _pictures() -> dict[str, Callable[[], Picture]]:
    cases: dict[str, Callable[[], Picture]] = {}
    last = {"hurricane": "6H:6S", "hurricane_pairs": "7D", "hurikan": "3H+7C:KD"}
    for name, make in POSITIONS.items():
        state = make()
        names = NAMES[: state.num_players]
        seat = state.current_player
        assert seat is not None
        public, private = state.view(None), state.view(seat)
        move = last.get(name)
        cases[f"{name}_table"] = lambda v=public, n=names, m=move: table_picture(v, n, last_move=m)
        legal = next(str(a) for a in state.legal_actions() if str(a) != "pass")
        chosen = legal.partition(":")[0].replace("+", " ").split()
        cases[f"{name}_hand"] = lambda v=private, c=chosen: hand_picture(
            v, selection=c, legal=True, caption=" ".join(c)
        )
    hand = POSITIONS["hurricane"]().view(0)
    cases["hurricane_hand_illegal_ru"] = lambda: hand_picture(
        hand, selection=["3D", "5C"], legal=False, caption="one card only", labels=RUSSIAN
    )
    draw = poker_draw().view(0)  # Anna marks her wild 2 to throw it
    cases["poker_hand_draw"] = lambda: hand_picture(
        draw, selection=["2H"], legal=True, caption="draw 2H"
    )
    for name in ("hurricane", "haggis", "hurricane_poker"):
        state = finished(name)
        view, names = state.view(None), NAMES[: state.num_players]
        cases[f"{name}_final"] = lambda v=view, n=names: final_picture(v, n)
    # in Russian: the words through the catalog, the rulebook's letters on the cards
    for name, make in (("hurricane_pairs", POSITIONS["hurricane_pairs"]), ("poker", poker_draw)):
        state = make()
        names, public = NAMES[: state.num_players], state.view(None)
        cases[f"{name}_table_ru"] = _russian(
            lambda v=public, n=names: table_picture(v, n, last_move="7D", labels=RUSSIAN)
        )
    final = finished("haggis").view(None)
    cases["haggis_final_ru"] = _russian(lambda v=final: final_picture(v, NAMES[:2], labels=RUSSIAN))
    return cases


def _russian(make: Callable[[], Picture]) -> Callable[[], Picture]:
    def drawn() -> Picture:
        with using("ru"):
            return make()

    return drawn


CASES = _pictures()


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_golden(name: str) -> None:
    picture = CASES[name]()
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_bytes(picture.png())
        pytest.skip(f"wrote {path}")
    assert path.exists(), f"no golden picture {path}: run UPDATE_GOLDEN=1 (see module docstring)"
    expected = Image.open(path).convert("RGB")
    actual = Image.open(io.BytesIO(picture.png())).convert("RGB")
    assert actual.size == expected.size
    difference = ImageChops.difference(actual, expected)
    mean = ImageStat.Stat(difference).mean
    red, green, blue = difference.split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    strong = most.point(lambda v: 255 if v > CHANGED else 0)
    changed = ImageStat.Stat(strong).mean[0] / 255
    if max(mean) >= MAX_MEAN_DIFF or changed >= MAX_CHANGED:
        out = Path(os.environ.get("TMPDIR", "/tmp")) / f"golden-{name}.png"
        out.write_bytes(picture.png())
        pytest.fail(f"{name} differs from {path}: mean {mean}, {changed:.2%} changed; see {out}")
