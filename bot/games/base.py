"""The game-state surface every engine implements (ENGINE.md, ``GameState``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class Action(ABC):
    """An immutable move. Equal and hashed by its canonical text, which ``str()`` prints."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class GameState(ABC):
    """One game in progress: deterministic, JSON-serialisable, seat-aware."""

    name: str
    options: dict[str, Any]
    num_players: int

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Any]: ...

    @abstractmethod
    def apply(self, action: Any, player: int | None = None) -> list[dict[str, Any]]: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, Any]: ...

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @abstractmethod
    def clone(self) -> GameState: ...
