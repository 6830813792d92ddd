"""The public poker helpers computer players use (``poker_pack``, ``poker_strength``): the
engine's own ranking, reachable without its internals."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction, poker_pack, poker_strength


def test_pack_ids_keys_and_wilds() -> None:
    plain, jokers, deuces = poker_pack("none"), poker_pack("jokers"), poker_pack("deuces")
    assert len(plain.cards) == 52 and len(jokers.cards) == 54
    assert [plain.labels[c] for c in plain.cards[:5]] == ["2H", "2D", "2C", "2S", "3H"]
    assert jokers.wilds == {jokers.ids["X1"], jokers.ids["X2"]} and not plain.wilds
    assert {deuces.labels[c] for c in deuces.wilds} == {"2H", "2D", "2C", "2S"}

    def keys(pack, a: str, b: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
        i, j = sorted((pack.ids[a], pack.ids[b]))
        return pack.high[i * pack.stride + j], pack.low[i * pack.stride + j]

    assert keys(plain, "AS", "AD")[0] > keys(plain, "KS", "KD")[0] > keys(plain, "AS", "KD")[0]
    assert keys(plain, "AS", "2D")[1] > keys(plain, "AS", "3D")[1] > keys(plain, "2S", "3D")[1]
    assert keys(deuces, "2S", "AD")[0] == keys(plain, "AS", "AD")[0]  # P-9: 2 + A is A-A
    with pytest.raises(ValueError):
        poker_pack("aces")


def test_strength_matches_the_engines_automatic_declaration() -> None:
    high, low = poker_strength(["AS", "AD"])
    assert high > 0.99 and low < 0.5
    high, low = poker_strength(["AS", "2D"])
    assert low > 0.99
    # P-9: a wild card pairs the other for High
    assert poker_strength(["X1", "KD"], "jokers")[0] == poker_strength(["KS", "KD"], "jokers")[0]
    for bad in (["AS"], ["AS", "AS"], ["X1", "2D"], ["ZZ", "2D"]):
        with pytest.raises(IllegalAction):
            poker_strength(bad)
