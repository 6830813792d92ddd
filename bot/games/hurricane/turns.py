"""What the Hurricane and Hurikan states share: one seat moves at a time, and the game ends with
a stored outcome. Kept in one place so the turn checks of both games cannot drift apart."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from bot.games.base import GameState
from bot.games.checks import check_seat
from bot.games.errors import IllegalAction


class TurnBasedState(GameState):
    turn: int | None
    outcome: dict[str, Any] | None

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @abstractmethod
    def running_scores(self) -> list[int]:
        """The scores reported by ``result()`` while the game goes on."""

    def result(self) -> dict[str, Any]:
        outcome = self.outcome
        if outcome is None:
            return {"winner": None, "double": False, "scores": self.running_scores(), "over": False}
        return {**outcome, "scores": list(outcome["scores"])}  # flat but for the score list

    def acting_seat(self, player: int | None) -> int | None:
        """The seat that may act when ``player`` asks (None: nobody may)."""
        if player is not None and (type(player) is not int or not 0 <= player < self.num_players):
            check_seat(player, self.num_players)  # refuses it (inlined test: every move asks)
        p = self.turn
        if p is None or (player is not None and player != p):
            return None
        return p

    def mover(self, player: int | None) -> int:
        """The seat to move, or ``IllegalAction`` saying why ``player`` may not move now."""
        if player is not None and (type(player) is not int or not 0 <= player < self.num_players):
            check_seat(player, self.num_players)  # refuses it (inlined test: every move asks)
        p = self.turn
        if p is None:
            raise IllegalAction("the game is over")
        if player is not None and player != p:
            raise IllegalAction(f"it is not your turn: seat {p} is to play")
        return p

    def check_viewer(self, player: int | None) -> None:
        check_seat(player, self.num_players, spectator=True)
