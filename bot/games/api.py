"""The public surface beyond ENGINE.md, for the floors above the engines (cogs, render, players,
terminal): everything is computed from one seat's view, never from the full state, so nothing
hidden can leak through it. Documented in ``docs/engine-api.md``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from .base import Action, GameState
from .errors import IllegalAction
from .haggis.public import Reading, Selection
from .haggis.public import readings_of as haggis_readings
from .haggis.public import selection_plays as haggis_selection
from .quote import quote
from .registry import ENGINE_MODULES, GAMES, load_game
from .types import HaggisMove, HurikanMove, HurricaneMove, PokerMove

#: The games ``describe`` and ``determinise`` cover: all of them.
DESCRIBED: tuple[str, ...] = ("hurricane", "hurikan", "haggis", "hurricane_poker")


def _game_of(name: str, view: Mapping[str, Any]) -> str:
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"Unknown game {quote(name)}: choose one of {', '.join(GAMES)}.")
    if name not in DESCRIBED:
        raise ValueError(f"{name} has no view helpers yet: {', '.join(DESCRIBED)} have")
    if not isinstance(view, Mapping) or view.get("game") != name:
        got = view.get("game") if isinstance(view, Mapping) else view
        raise IllegalAction(f"this is not a {name} view (game {quote(got)})")
    return name


def describe(
    name: str, view: Mapping[str, Any], action: Action | str
) -> HurricaneMove | HurikanMove | HaggisMove | PokerMove:
    """What ``action`` does for the seat whose ``view`` this is (see the per-game TypedDicts).

    Only the view is read. The move is described, not judged: whether it is legal now is
    ``legal_actions``' business (Haggis: ``selection_plays`` gives the engine's reason).
    A malformed action raises ``IllegalAction``.
    """
    game = _game_of(name, view)
    if game == "hurricane_poker":
        from .hurricane_poker.public import describe as describe_poker

        return describe_poker(view, action)
    if game == "haggis":
        from .haggis.public import describe as describe_haggis

        return describe_haggis(view, action)
    from .hurricane.public import describe_hurikan, describe_hurricane

    if game == "hurikan":
        return describe_hurikan(view, action)
    return describe_hurricane(view, action)


def determinise(
    name: str,
    view: Mapping[str, Any],
    rng: random.Random,
    hands: Mapping[int, Sequence[str]] | None = None,
    round_only: bool = False,
) -> GameState:
    """A full state consistent with ``view``: every card the seat cannot see is dealt at random
    (from ``rng``) to the places it could be (other hands, face-down cards, stock, the Haggis).

    For computer players' search over the worlds a seat cannot tell apart; the real hidden cards
    are never read. The state's future deals come from a seed drawn from ``rng``.

    ``hands`` (Hurricane, Hurikan): other seats' hidden cards as the caller inferred them (say
    from the move history); those seats get exactly these, the rest is dealt at random. A card
    the view shows or lists twice, a wrong count, the view's own seat or another game raise
    ``ValueError``. Without it the draws from ``rng`` are unchanged.

    ``round_only`` (Haggis): the world ends with the round in play: once it is scored nobody is
    to move and no next round is dealt (a search that values the round never needs one, and
    dealing it was a third of an endgame solve's CPU).
    """
    game = _game_of(name, view)
    if hands is not None and game not in ("hurricane", "hurikan"):
        raise ValueError(f"inferred hands are for hurricane and hurikan, not {game}")
    if round_only and game != "haggis":
        raise ValueError(f"round_only worlds are for haggis, not {game}")
    seed = rng.getrandbits(32)
    if game == "hurricane_poker":
        from .hurricane_poker.public import determinise as sample_poker

        return load_game(sample_poker(view, rng, seed=seed))
    if game == "haggis":
        from .haggis.positions import round_only_world, sample_position

        world = load_game(sample_position(dict(view), rng, seed=seed))
        return round_only_world(world) if round_only else world
    from .hurricane.worlds import determinise as sample

    return load_game(sample(dict(view), rng, seed=seed, hands=hands))


def card_value(card: str) -> int:
    """A Hurricane/Hurikan card's capture value (A=1, 2-7, J=8, Q=9, K=10; H-1, K-1)."""
    from .hurricane.public import card_value as value

    return value(card)


def readings_of(cards: Iterable[str], players: int = 3) -> list[Reading]:
    """Every ``Reading`` of a Haggis selection (``["5G", "J", "Q"]`` -> three 5s, 5-6-7);
    ``players`` (2 or 3) decides the suits in play. Bad cards raise ``IllegalAction``."""
    return haggis_readings(cards, players)


def selection_plays(name: str, view: Mapping[str, Any], cards: Iterable[str]) -> Selection:
    """Haggis: the ``Selection`` of ``cards`` for the view's seat - its readings, the legal plays
    of exactly those cards now (more than one: ask which reading) and, if none, the engine's
    reason."""
    game = _game_of(name, view)
    if game != "haggis":
        raise ValueError(f"selection_plays is for haggis, not {game}")
    return haggis_selection(view, cards)


def position_key(state: GameState) -> Hashable:
    """Haggis: a key equal for two states whose round plays on alike (the same moves legal, the
    same scores, until the round in play is scored), for a search's transposition table."""
    from .haggis.state import HaggisState

    if not isinstance(state, HaggisState):
        raise ValueError(f"position_key is for haggis, not {state.name}")
    return state.position_key()


def timeout_move(state: GameState) -> Action | None:
    """The game's own automatic move for the seat to act when its turn timer runs out (a
    ``timeout_action`` of the engine package, e.g. Hurricane poker's P-13), or None when the game
    has none (the table layer then chooses a move of its own). Also the move of a seat that left
    mid-game and sits out (``GameInfo.sit_out``)."""
    if state.is_over or state.current_player is None:
        return None
    module = importlib.import_module(ENGINE_MODULES[state.name])
    rule = getattr(module, "timeout_action", None)
    if rule is None:
        return None
    action: Action = rule(state)
    return action
