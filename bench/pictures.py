"""Picture rendering cost and size (CPU time, median over many renders), and sample pictures.

    python bench/pictures.py                 # table <= 30 ms, PNG <= 150 KB, hand <= 15 ms
    python bench/pictures.py --samples DIR   # writes sample PNGs of every game to DIR
    python bench/pictures.py --quick         # 2 renders each (the suite's check)

Positions are seeded games played a fixed number of moves (the first legal move each time), so
every run draws the same pictures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/bot.py must not shadow bot/

from bot.games import GameState, new_game  # noqa: E402
from bot.render.pictures import Picture, final_picture, hand_picture, table_picture  # noqa: E402

NAMES = ["Anna", "Bogdan", "Carla", "Dmitri", "Eva", "Fyodor", "Galina", "Hugo"]
RUSSIAN = {"A": "Т", "J": "В", "Q": "Д", "K": "К"}

GAMES: list[tuple[str, str, dict[str, Any] | None, int, int]] = [
    # (label, game, options, players, moves played)
    ("hurricane", "hurricane", {"preset": "standard"}, 2, 5),
    ("hurricane_open", "hurricane", {"preset": "open"}, 2, 4),
    ("hurricane_pairs", "hurricane", {"preset": "pairs"}, 4, 6),
    ("hurikan", "hurikan", None, 2, 5),
    ("haggis3", "haggis", None, 3, 5),
    ("haggis2", "haggis", None, 2, 3),
    ("poker4", "hurricane_poker", {"wild": "deuces", "declare": "yes"}, 4, 30),
    ("poker8", "hurricane_poker", None, 8, 60),
]


def position(
    game: str, options: dict[str, Any] | None, players: int, moves: int
) -> tuple[GameState, str | None]:
    """A seeded game after ``moves`` moves (the last legal choice each time), and the last move."""
    state = new_game(game, seed=11, players=players, options=options)
    last = None
    for _ in range(moves):
        acts = [a for a in state.legal_actions() if not str(a).startswith("bet")]
        if not acts:
            break
        # poker: check, call, stand pat or declare (showdowns, not folds)
        act = acts[0] if game == "hurricane_poker" else acts[-1]
        last = str(act)
        state.apply(act)
    return state, last


def finished(game: str, options: dict[str, Any] | None, players: int) -> GameState:
    state = new_game(game, seed=5, players=players, options=options)
    while not state.is_over:
        acts = [a for a in state.legal_actions() if not str(a).startswith("bet")]
        state.apply(acts[len(acts) // 2])
    return state


def selection_of(state: GameState) -> tuple[list[str], bool]:
    """The cards of the current seat's first legal play (a legal selection to raise)."""
    for action in state.legal_actions():
        text = str(action)
        if text in ("pass",) or text.split(" ")[0] in ("bet", "flip", "give"):
            continue
        body = text.partition("=")[0].partition(":")[0]
        return body.replace("+", " ").split(), True
    return [], False


def cpu_ms(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times)


def samples(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []

    def save(name: str, picture: Picture) -> None:
        path = out / f"{name}.png"
        path.write_bytes(picture.png())
        written.append(path)

    for label, game, options, players, moves in GAMES:
        state, last = position(game, options, players, moves)
        names = NAMES[:players]
        save(f"{label}_table", table_picture(state.view(None), names, last_move=last))
        seat = state.current_player
        assert seat is not None
        sel, ok = selection_of(state)
        save(
            f"{label}_hand",
            hand_picture(
                state.view(seat), selection=sel, legal=ok, caption=" ".join(sel) if sel else None
            ),
        )
        save(f"{label}_hand_plain", hand_picture(state.view(seat)))
        save(f"{label}_final", final_picture(finished(game, options, players).view(None), names))
    state, _ = position("hurricane", {"preset": "standard"}, 2, 1)
    seat = state.current_player or 0
    hand = state.view(seat)["hand"]
    save(
        "hurricane_hand_illegal_ru",
        hand_picture(
            state.view(seat),
            selection=hand[:2],
            legal=False,
            caption="choose one card",
            labels=RUSSIAN,
        ),
    )
    return written


def bench(runs: int) -> None:
    print(f"CPU ms (time.process_time), median of {runs} renders incl. PNG encoding; PNG sizes")
    for label, game, options, players, moves in GAMES:
        state, last = position(game, options, players, moves)
        names = NAMES[:players]
        public = state.view(None)
        seat = state.current_player or 0
        private = state.view(seat)
        sel, ok = selection_of(state)
        t0 = time.process_time()
        table_picture(public, names, last_move=last).png()  # fills the sprite cache
        cold = (time.process_time() - t0) * 1000
        hand_picture(private, selection=sel, legal=ok).png()

        def draw_table(v: Any = public, n: list[str] = names, m: str | None = last) -> Picture:
            return table_picture(v, n, last_move=m)

        def draw_hand(v: Any = private, s: list[str] = sel, ok: bool = ok) -> Picture:
            return hand_picture(v, selection=s, legal=ok)

        compose = cpu_ms(draw_table, runs)
        table = cpu_ms(lambda f=draw_table: f().png(), runs)
        hand = cpu_ms(lambda f=draw_hand: f().png(), runs)
        over = finished(game, options, players).view(None)
        final = cpu_ms(lambda v=over, n=names: final_picture(v, n).png(), max(1, runs // 4))
        size = len(table_picture(public, names, last_move=last).png())
        hand_size = len(hand_picture(private, selection=sel, legal=ok).png())
        print(
            f"{label:16} table {table:5.1f} ms (compose {compose:4.1f}) {size / 1024:5.1f} KB"
            f" | hand {hand:4.1f} ms {hand_size / 1024:4.1f} KB | final {final:4.1f} ms"
            f" | first table {cold:5.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=Path, help="write sample pictures of every game here")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="2 renders each (the suite's check)")
    args = parser.parse_args()
    if args.quick:
        args.runs = 2
    if args.samples:
        for path in samples(args.samples):
            print(path)
        return
    t0 = time.process_time()
    from bot.render.pictures import LARGE, card_sprite

    card_sprite("7H", LARGE)
    print(f"first sprite (font load + draw): {(time.process_time() - t0) * 1000:.1f} ms")
    bench(args.runs)


if __name__ == "__main__":
    main()
