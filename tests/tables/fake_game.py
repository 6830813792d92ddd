"""A tiny engine used only where a test needs a game whose length it controls ("race": players
add 1 or 2 to a running total; whoever reaches the target wins). It keeps to ENGINE.md."""

from __future__ import annotations

from typing import Any

from bot.games import Action, GameInfo, GameState, IllegalAction, InvalidState, OptionInfo

INFO = GameInfo(
    name="race",
    title="Race",
    summary="add 1 or 2 to a running total; whoever reaches the target wins",
    players=(2,),
    options=(OptionInfo("target", 10, "the total that wins", bounds=(1, 10**6)),),
)


class Step(Action):
    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def __str__(self) -> str:
        return str(self.n)


def parse_action(text: str) -> Action:
    if text.strip() not in ("1", "2"):
        raise IllegalAction(f"{text!r} is not a step: play 1 or 2")
    return Step(int(text))


class Race(GameState):
    def __init__(self, *, seed: int, players: int, target: int) -> None:
        self.name = "race"
        self.options = {"target": target}
        self.num_players = players
        self.seed = seed
        self.total = 0
        self.turn = seed % players
        self.points = [0] * players
        self.winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.turn

    def legal_actions(self, player: int | None = None) -> list[Any]:
        player = self.turn if player is None else player
        if self.winner is not None or player != self.turn:
            return []
        return [Step(1), Step(2)]

    def apply(self, action: Any, player: int | None = None) -> list[dict[str, Any]]:
        step = parse_action(str(action))
        if step not in self.legal_actions(player):
            raise IllegalAction("not your turn" if player != self.turn else "game over")
        assert isinstance(step, Step)
        seat = self.turn
        self.total += step.n
        self.points[seat] += step.n
        events: list[dict[str, Any]] = [{"type": "play", "seat": seat, "n": step.n}]
        if self.total >= self.options["target"]:
            self.winner = seat
            events.append({"type": "game_over", "winner": seat})
        else:
            self.turn = (self.turn + 1) % self.num_players
        return events

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> dict[str, Any]:
        return {"winner": self.winner, "double": False, "scores": list(self.points)}

    def view(self, player: int | None) -> dict[str, Any]:
        return {"total": self.total, "turn": self.turn, "scores": list(self.points), "me": player}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "race",
            "options": dict(self.options),
            "seed": self.seed,
            "players": self.num_players,
            "total": self.total,
            "turn": self.turn,
            "points": list(self.points),
            "winner": self.winner,
        }

    def clone(self) -> GameState:
        return load_game(self.to_dict())


def new_game(
    *, seed: int, players: int | None, options: dict[str, Any] | None, fair: Any = None
) -> GameState:
    options = dict(options or {})
    target = options.pop("target", 10)
    if options:
        raise ValueError(f"unknown option {next(iter(options))!r}")
    if not isinstance(target, int) or target < 1:
        raise ValueError("target must be a positive whole number")
    race = Race(seed=seed, players=players or 2, target=target)
    race.fair = fair  # a real engine deals from it; this one only keeps it (table-layer tests)
    return race


def load_game(data: dict[str, Any]) -> GameState:
    try:
        state = Race(seed=data["seed"], players=data["players"], target=data["options"]["target"])
        state.total = data["total"]
        state.turn = data["turn"]
        state.points = list(data["points"])
        state.winner = data["winner"]
    except (KeyError, TypeError) as exc:
        raise InvalidState(str(exc)) from exc
    return state
