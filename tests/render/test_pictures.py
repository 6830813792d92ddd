"""Pictures show exactly what their view allows: every card draws, hands show only their cards,
the public pictures only public cards, and no renderer accepts a GameState."""

from __future__ import annotations

import io
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games import GameState, new_game
from bot.render.pictures import (
    LARGE,
    SMALL,
    back_sprite,
    card_sprite,
    final_picture,
    hand_picture,
    layouts,
    public_cards,
    table_picture,
)
from bot.render.pictures import sprites as sprite_cache
from bot.render.pictures.canvas import FELT, GREEN, RED, TEXT
from bot.render.pictures.palette import palette

from .positions import NAMES, POSITIONS, TABLE_GAMES, finished, hurricane_last_deal

FRENCH_52 = [r + s for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for s in "HDCS"]
HURRICANE_40 = [c for c in FRENCH_52 if c[:-1] not in ("8", "9", "10")]
HAGGIS_NUMBERS = [f"{r}{s}" for r in range(2, 11) for s in "ROYGB"]
EVERY_CARD = FRENCH_52 + HAGGIS_NUMBERS + ["J", "Q", "K", "X1", "X2"]

GAMES = TABLE_GAMES


def played_states(
    game: str, options: dict[str, Any] | None, players: int, seed: int
) -> list[GameState]:
    """Snapshots along one random game (every 3rd move), to check pictures over many views."""
    state = new_game(game, seed=seed, players=players, options=options)
    rng = random.Random(seed)
    out = []
    for move in range(120):
        if state.is_over:
            break
        if move % 3 == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    out.append(state)
    return out


def hidden_cards(state: GameState) -> Counter[str]:
    """Cards no spectator may see: hands (except open and Haggis face cards), stock, the Haggis."""
    data = state.to_dict()
    hidden: Counter[str] = Counter()
    for hand in data.get("hands") or []:
        if isinstance(hand, dict):  # Hurricane open: only the face-down part is hidden
            hidden.update(hand.get("down") or [])
        elif hand:
            hidden.update(c for c in hand if c not in ("J", "Q", "K"))
    hidden.update(data.get("stock") or [])
    hidden.update(data.get("haggis") or [])
    return hidden


def test_every_card_of_every_pack_draws_a_distinct_sprite() -> None:
    assert len(HURRICANE_40) == 40 and len(set(EVERY_CARD)) == 52 + 45 + 5
    for size in (LARGE, SMALL):
        faces = {card: card_sprite(card, size).tobytes() for card in EVERY_CARD}
        assert len(set(faces.values())) == len(EVERY_CARD)
        assert back_sprite(size).tobytes() not in set(faces.values())
        assert {card_sprite(c, size).size for c in EVERY_CARD} == {(size.w, size.h)}


def test_rank_labels_are_a_parameter() -> None:
    russian = {"A": "Т", "J": "В", "Q": "Д", "K": "К"}
    assert card_sprite("AH", LARGE, russian).tobytes() != card_sprite("AH", LARGE).tobytes()
    assert card_sprite("7H", LARGE, russian).tobytes() == card_sprite("7H", LARGE).tobytes()
    assert card_sprite("AH", LARGE, russian) is card_sprite("AH", LARGE, dict(russian))  # cached


def test_unknown_cards_are_refused() -> None:
    for bad in ("1H", "7X", "11R", "", "JOKER"):
        with pytest.raises(ValueError):
            card_sprite(bad)


@pytest.mark.parametrize("game,options,players", GAMES)
def test_hand_picture_shows_only_that_hand(game: str, options: Any, players: int) -> None:
    rng = random.Random(5)
    for state in played_states(game, options, players, seed=21):
        for seat in range(players):
            view = state.view(seat)
            hand = Counter(view["hand"] or [])
            stranger = rng.sample(HURRICANE_40 if game != "haggis" else HAGGIS_NUMBERS, 3)
            selection = rng.sample(sorted(hand.elements()), min(2, len(hand))) + stranger
            picture = hand_picture(view, selection=selection, legal=rng.random() < 0.5)
            assert Counter(picture.cards) == hand
            assert not Counter(picture.raised) - hand
            assert set(picture.raised) == set(selection) & set(hand)
            down = (view.get("down_counts") or [0] * players)[seat]
            assert picture.backs == down


@pytest.mark.parametrize("game,options,players", GAMES)
def test_public_pictures_never_paste_a_hidden_card(game: str, options: Any, players: int) -> None:
    for state in played_states(game, options, players, seed=33):
        view = state.view(None)
        hidden = hidden_cards(state)
        # a last move naming hidden cards must not draw them either
        last = "+".join(sorted(hidden)[:3]) or None
        for picture in (
            table_picture(view, NAMES[:players], last_move=last),
            final_picture(view, NAMES[:players]),
        ):
            assert not Counter(picture.cards) - public_cards(view)
            assert not set(picture.cards) & set(hidden), game
        assert table_picture(view, NAMES[:players]).backs >= min(1, sum(hidden.values()))


@pytest.mark.parametrize("seed", [3, 8])
def test_poker_pictures_show_only_what_showdowns_made_public(seed: int) -> None:
    """Hands are backs while in play; faces only in the last showdown's shown hands (P-6), never
    a folded hand, a discard or a card of the hand in play; the last move never names a card."""
    options = {"wild": "deuces", "declare": "yes", "stack": 20}
    states = played_states("hurricane_poker", options, 4, seed) + played_states(
        "hurricane_poker", {"draw": "off"}, 3, seed
    )
    showdowns = 0
    for state in states:
        view = state.view(None)
        n = state.num_players
        shown = Counter(
            c
            for cards in ((view.get("last_showdown") or {}).get("shown") or {}).values()
            for c in cards
        )
        showdowns += bool(shown)
        # the renderer gets the engine's secret move text: it must not draw or name its card
        data = state.to_dict()
        secret = [c for hand in data["hands"] if hand for c in hand]
        table = table_picture(view, NAMES[:n], last_move=f"draw {secret[0]}" if secret else None)
        assert Counter(table.cards) == shown
        playing = (
            sum(1 for s in range(n) if view["in_hand"][s] and not view["folded"][s])
            if not view["is_over"]
            else 0
        )
        assert table.backs == 2 * playing  # the stock is a count beside the pot, not backs
        assert view["is_over"] or f"×{view['stock_size']}" in table.texts
        assert not any(
            c in text
            for text in table.texts
            for c in secret
            if len(c) > 1 and f" {c}" in f" {text}"
        )
        final = final_picture(view, NAMES[:n])
        assert Counter(final.cards) == shown
        for seat in range(n):
            own = state.view(seat)
            hand = hand_picture(own, selection=own["hand"] or [], legal=True)
            assert Counter(hand.cards) == Counter(own["hand"] or [])
    assert showdowns >= 3


def test_table_picture_shows_the_table_cards_and_the_trick() -> None:
    hurricane = POSITIONS["hurricane"]().view(None)
    picture = table_picture(hurricane, NAMES[:2], last_move="6H:6S")
    assert set(hurricane["table"]) <= set(picture.cards)
    assert {"6H", "6S"} <= set(picture.cards)  # the last move, from the piles
    haggis = POSITIONS["haggis3"]().view(None)
    cards = table_picture(haggis, NAMES[:3]).cards
    for play in ("5O 5Y", "7O 7B", "8O 8Y"):
        assert set(play.split()) <= set(cards)


def test_renderers_refuse_a_game_state_and_the_wrong_view() -> None:
    state = POSITIONS["hurricane"]()
    with pytest.raises(TypeError):
        table_picture(state, NAMES[:2])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hand_picture(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        final_picture(state, NAMES[:2])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        table_picture(state.view(0), NAMES[:2])  # a private view on the public table
    with pytest.raises(ValueError):
        final_picture(state.view(1), NAMES[:2])
    with pytest.raises(ValueError):
        hand_picture(state.view(None))


def _frame_colour(picture: Any) -> tuple[int, int, int]:
    """The colour of the hand frame's left edge, half-way down the cards."""
    image = picture.image.convert("RGB")  # composed on a palette: read the colour, not its index
    return image.getpixel((13, image.height - 40))  # type: ignore[no-any-return]


def test_hand_frame_shows_legal_and_illegal() -> None:
    view = POSITIONS["hurricane"]().view(0)
    assert _frame_colour(hand_picture(view, selection=["JD"], legal=True)) == GREEN
    assert _frame_colour(hand_picture(view, selection=["JD", "QD"], legal=False)) == RED


def test_pictures_are_composed_on_the_one_palette() -> None:
    """Pictures are palette images on the fixed palette (nothing drawn added a colour to it), and
    their text keeps its anti-aliased edges (shades between the ink and the felt)."""
    state = POSITIONS["haggis2"]()
    seat = state.current_player
    assert seat is not None
    for picture in (
        table_picture(state.view(None), NAMES[: state.num_players]),
        hand_picture(state.view(seat)),
        final_picture(finished("haggis").view(None), NAMES[:2]),
    ):
        assert picture.image.mode == "P"
        assert picture.image.getpalette() == palette().getpalette()
        png = Image.open(io.BytesIO(picture.png()))
        assert png.mode == "P" and png.getpalette() == palette().getpalette()
    title = hand_picture(state.view(seat)).image.convert("RGB").crop((16, 8, 300, 40))
    shades = {colour for _count, colour in title.getcolors(4096) or []}
    assert {FELT, TEXT} <= shades and len(shades) > 6


def test_final_picture_lists_each_sides_pile() -> None:
    for name in ("hurricane", "haggis"):
        view = finished(name).view(None)
        picture = final_picture(view, NAMES[:2])
        piles = Counter(c for pile in view["piles"] for c in pile)
        assert Counter(picture.cards) == piles


def test_pngs_are_small_and_renders_are_thread_safe() -> None:
    views = [(f(), n) for n, f in POSITIONS.items()]
    jobs = [(s.view(None), NAMES[: s.num_players]) for s, _ in views]
    sprite_cache._sprites.clear()  # fills race in the threads below
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(lambda job: table_picture(*job).png(), jobs * 3))
    single = [table_picture(*job).png() for job in jobs]
    assert threaded == single * 3
    assert max(len(png) for png in single) < 150_000


def test_a_new_game_draws_with_the_generic_layout_and_can_register_its_own() -> None:
    """A new game (52 cards and jokers) needs no code here to draw a hand or a table."""
    view = {
        "game": "crazy_eights", "seat": 1, "num_players": 3, "dealer": 0,
        "current_player": 1, "hand": ["X1", "AS", "10H"], "hand_sizes": [2, 3, 0],
        "scores": [100, 90, 0],
    }  # fmt: skip
    hand = hand_picture(view, selection=["10H"], legal=True)
    assert Counter(hand.cards) == Counter(view["hand"]) and hand.raised == ("10H",)
    table = table_picture({**view, "seat": None, "hand": None}, NAMES[:3])
    assert table.cards == () and table.backs == 5

    class EightsLayout(layouts.Layout):
        game = "crazy_eights"

        def centre(self, canvas: Any, view: Any, names: Any, last_move: Any, y: int) -> int:
            canvas.card("X2", 20, y)
            return y + 120

    try:
        layouts.register_layout(EightsLayout())
        assert table_picture({**view, "seat": None, "hand": None}, NAMES[:3]).cards == ("X2",)
    finally:
        del layouts.LAYOUTS["crazy_eights"]


def test_a_deal_scored_mid_game_shows_the_breakdown_without_the_new_deals_piles() -> None:
    state = hurricane_last_deal((0, 0))
    state.apply("7H:7C")  # the deal is scored and the next one dealt at once
    view = state.view(None)
    assert view["last_deal"] and not view["is_over"]
    picture = final_picture(view, NAMES[:2])
    assert picture.cards == ()
    assert final_picture(finished("hurricane").view(None), NAMES[:2]).cards  # piles at the end


def test_fonts_ship_with_the_package() -> None:
    from bot.render.pictures.sprites import BOLD, CONDENSED, FONT_DIR, REGULAR

    for name in (REGULAR, BOLD, CONDENSED, "LICENSE.txt"):
        assert (FONT_DIR / name).is_file()
    assert "Bitstream" in (FONT_DIR / "LICENSE.txt").read_text()
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text()
    assert '"bot.render.pictures" = ["fonts/*.ttf", "fonts/LICENSE.txt"]' in pyproject


def test_names_drop_characters_the_font_cannot_draw() -> None:
    from bot.render.pictures.canvas import drawable

    assert drawable("🤖 Марина ♥") == "Марина ♥"
    assert drawable("Anna") == "Anna"
    assert drawable("中文") == "?"
    view = POSITIONS["hurricane"]().view(None)
    with_emoji = table_picture(view, ["🤖 Anna", "Bogdan"]).image.tobytes()
    assert with_emoji == table_picture(view, ["Anna", "Bogdan"]).image.tobytes()


def test_table_picture_says_whose_turn_it_is_the_dealer_and_the_scores() -> None:
    view = POSITIONS["hurricane_pairs"]().view(None)
    texts = table_picture(view, NAMES).texts
    assert "▶ Anna to play" in texts and "▶ Anna" in texts  # header and her seat box
    assert "dealer" in texts and texts.index("dealer") < texts.index("Bogdan")  # Bogdan deals
    assert "Anna & Carla" in texts and "Bogdan & Dmitri" in texts
    assert [t for t in texts if t in ("10", "12")] == ["10", "12"]  # team scores, in order
    assert "Hurricanes this deal: Anna & Carla 0 · Bogdan & Dmitri 1" in texts
    haggis = table_picture(POSITIONS["haggis3"]().view(None), NAMES[:3]).texts
    assert "To beat: a pair of 8s by Bogdan" in haggis
    assert "pile 8 pts · bet 15" in haggis  # Bogdan's little bet


def test_hand_and_final_pictures_say_the_verdict_and_the_result() -> None:
    view = POSITIONS["hurricane"]().view(0)
    assert (
        "✓ J♦ takes 4♦ + 4♣"
        in hand_picture(view, selection=["JD"], legal=True, caption="J♦ takes 4♦ + 4♣").texts
    )
    assert "✗ not a legal play" in hand_picture(view, selection=["3D", "5C"], legal=False).texts
    assert "Your hand · 4 cards" in hand_picture(view).texts
    final = final_picture(finished("hurricane").view(None), NAMES[:2]).texts
    assert final[0] == "Hurricane · Anna wins 16–14"
    haggis = final_picture(finished("haggis").view(None), NAMES[:2]).texts
    assert haggis[0] == "Haggis · Bogdan wins 292–129"
