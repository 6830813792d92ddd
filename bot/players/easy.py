"""``easy``: plausible but weak. It plays a legal move that looks like a move a beginner makes.

Hurricane: any legal card (the rules already force a capture when one exists), capture picked at
random. Hurikan: takes something when it can, else lays one card. Haggis: a random non-bomb play,
rarely a bomb, passes now and then, never bets.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games import Action

from .base import Policy, View


def _random_policy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def _hurikan_easy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    takes = [a for a in legal if ":" in str(a)]
    if takes and rng.random() < 0.7:
        return rng.choice(takes)
    singles = [a for a in legal if ":" not in str(a) and "+" not in str(a)]
    return rng.choice(singles or list(legal))


def _haggis_easy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    from .haggis_cards import is_bomb_text

    plays = [a for a in legal if not str(a).startswith(("bet", "pass", "give"))]
    gives = [a for a in legal if str(a).startswith("give")]
    if gives:
        return rng.choice(gives)
    can_pass = any(str(a) == "pass" for a in legal)
    plain = [a for a in plays if not is_bomb_text(str(a))]
    pass_chance = 0.25 if plain else 0.8
    if can_pass and rng.random() < pass_chance:
        return next(a for a in legal if str(a) == "pass")
    if plain:
        return rng.choice(plain)
    if plays:
        return rng.choice(plays)
    return rng.choice(list(legal))


def easy_policy(game: str) -> Policy:
    if game == "hurikan":
        return _hurikan_easy
    if game == "haggis":
        return _haggis_easy
    if game == "hurricane_poker":
        from .poker_players import poker_easy

        return poker_easy
    return _random_policy
