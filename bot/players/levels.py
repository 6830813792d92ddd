"""Registry of levels: which policy plays which game at which level. The games of this package
are wired in ``game_policies``; a game kept elsewhere registers its players with
``register_players`` (docs/adding-a-game.md)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import Action

from .base import Policy, SearchLimits, View
from .easy import easy_policy
from .game_policies import expert_choice, hard_choice, normal_policy

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
GAMES: tuple[str, ...] = ("hurricane", "hurikan", "haggis", "hurricane_poker")


@dataclass(frozen=True, slots=True)
class GamePlayers:
    """The computer players of a registered game: a policy per level (``hard``: the normal
    policy when the game has no stronger one; ``expert``: hard's)."""

    easy: Policy
    normal: Policy
    hard: Policy | None = None
    expert: Policy | None = None

    def policy(self, level: str) -> Policy:
        if level == "easy":
            return self.easy
        if level == "expert" and self.expert is not None:
            return self.expert
        if level in ("hard", "expert") and self.hard is not None:
            return self.hard
        return self.normal


#: Players of games kept outside this package, by game name.
REGISTERED: dict[str, GamePlayers] = {}


def register_players(game: str, players: GamePlayers) -> None:
    REGISTERED[game] = players


def unregister_players(game: str) -> None:
    REGISTERED.pop(game, None)


def policy_for(game: str, level: str) -> Policy:
    """The fast (non-searching) policy of a level: easy or normal."""
    if level == "easy":
        return easy_policy(game)
    if level == "normal":
        return normal_policy(game)
    raise ValueError(f"{level!r} is not a fast level: choose easy or normal")


def _check(game: str, view: Any, legal: Sequence[Action], level: str) -> None:
    if game not in GAMES and game not in REGISTERED:
        raise ValueError(f"Unknown game {game!r}: choose one of {', '.join(GAMES)}.")
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}: choose one of {', '.join(LEVELS)}.")
    if not isinstance(view, Mapping):
        # The structural fairness guarantee: a player sees a seat's view, never the game state.
        raise TypeError("a computer player decides from the seat's view (a dict), not a game state")
    if "hands" in view or not isinstance(view.get("seat"), int):
        # a snapshot (``to_dict()``) or a spectator's view is not one seat's picture
        raise TypeError("a computer player decides from one seat's view, not a game snapshot")
    if not legal:
        raise ValueError("there is no legal action to choose from")


def choose_action(
    game: str,
    view: View,
    legal: Sequence[Action],
    level: str,
    *,
    seed: int,
    time_budget: float | None = None,
    limits: SearchLimits | None = None,
) -> Action:
    """The move a computer player of ``level`` makes from ``view``; ``time_budget`` (seconds, hard
    only) or an explicit ``limits`` bounds the search."""
    _check(game, view, legal, level)
    if game == "hurricane" and view.get("game") == "hurikan":
        game = "hurikan"  # Hurikan may be reached as the hurricane preset ``hurikan``
    legal = list(legal)
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    own = REGISTERED.get(game)
    if own is not None:
        chosen = own.policy(level)(view, legal, rng)
        if chosen not in legal:
            raise AssertionError(f"{level} player chose {chosen} which is not legal")
        return chosen
    if level == "expert":
        action = expert_choice(game, view, legal, rng, limits, time_budget)
    elif level == "hard":
        action = hard_choice(game, view, legal, rng, limits, time_budget)
    else:
        action = policy_for(game, level)(view, legal, rng)
    if action not in legal:  # a bug in a policy must never become an illegal move
        raise AssertionError(f"{level} player chose {action} which is not legal")
    return action
