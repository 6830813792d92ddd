"""Minitrick's computer players: easy plays at random; normal takes the trick with its lowest
winning card when it can, else throws its lowest card."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games import Action
from bot.players import GamePlayers, View

from .engine import rank


def easy(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal))


def normal(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    ordered = sorted(legal, key=lambda a: rank(str(a)))
    trick = view.get("trick") or []
    if trick:
        led = rank(trick[0]["card"])
        winning = [a for a in ordered if rank(str(a)) > led]
        return winning[0] if winning else ordered[0]
    return ordered[-1]  # lead the highest card


PLAYERS = GamePlayers(easy=easy, normal=normal)
