"""Checks every engine applies to what it is given, so bad input is refused the same way in every
game (ENGINE.md): ``ValueError`` from ``new_game``, ``InvalidState`` from ``load_game``,
``IllegalAction`` from ``parse_action`` / ``apply`` / ``legal_actions`` / ``view``.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, InvalidState
from .quote import quote

#: Seeds are whole numbers 0 ≤ seed < 2**64: a bigger one is no more random, only slower to hash.
SEED_LIMIT = 2**64
SEED_RANGE = "0 ≤ seed < 2**64"


def seed_problem(seed: Any) -> str | None:
    """Why ``seed`` is no seed (None when it is one)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        return f"seed must be a whole number {SEED_RANGE}, not {quote(seed)}"
    return None


def check_seed(seed: Any) -> int:
    """``new_game``'s seed, or ``ValueError``."""
    problem = seed_problem(seed)
    if problem is not None:
        raise ValueError(problem[0].upper() + problem[1:] + ".")
    return int(seed)


def load_seed(seed: Any) -> int:
    """A position's seed, or ``InvalidState``."""
    problem = seed_problem(seed)
    if problem is not None:
        raise InvalidState(problem)
    return int(seed)


def is_seat(value: Any, num_players: int) -> bool:
    """A seat is an ``int`` (never a ``bool`` or ``1.0``) in ``0..num_players-1``."""
    return type(value) is int and 0 <= value < num_players


def check_seat(value: Any, num_players: int, spectator: bool = False) -> int | None:
    """A seat argument of ``apply`` / ``legal_actions`` / ``view`` (``None`` allowed), or
    ``IllegalAction`` naming the seats of this table."""
    if value is None or is_seat(value, num_players):
        return value
    who = " or None for a spectator" if spectator else " or None"
    raise IllegalAction(f"there is no seat {quote(value)}: seats are 0..{num_players - 1}{who}")


def check_players(players: Any, allowed: tuple[int, ...], title: str) -> int | None:
    """``new_game``'s ``players`` (None = the default), or ``ValueError``."""
    if players is None:
        return None
    if type(players) is not int or players not in allowed:
        counts = " or ".join(str(n) for n in allowed)
        raise ValueError(f"{title} is for {counts} players, not {quote(players)}.")
    return players


def check_options(options: Any) -> dict[str, Any]:
    """``new_game``'s ``options``: a mapping of option names (text) to values, or ``ValueError``."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError(
            f"options must be a mapping of option names to values, not {quote(options)}."
        )
    for name in options:
        if not isinstance(name, str):
            raise ValueError(f"an option name must be text, not {quote(name)}.")
    return dict(options)


def action_text(text: Any, hint: str) -> str:
    """An action given as text (stripped), or ``IllegalAction`` with ``hint``."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be text: write {hint}, not {quote(text)}")
    if len(text) > 200:
        raise IllegalAction(f"{quote(text)} is far too long for an action: write {hint}")
    stripped = text.strip()
    if not stripped:
        raise IllegalAction(f"empty action: write {hint}")
    return stripped


#: Counters of a position (deal and round numbers, scores): generous, but printable and summable.
COUNT_LIMIT = 10**6


def count_problem(value: Any, minimum: int = 0) -> str | None:
    """Why ``value`` is no counter ``minimum ≤ value ≤ 1,000,000`` (None when it is one)."""
    if type(value) is not int or not minimum <= value <= COUNT_LIMIT:
        return f"must be a whole number {minimum}–{COUNT_LIMIT:,}, not {quote(value)}"
    return None


def plain_json(value: Any, what: str, max_depth: int = 6, max_items: int = 2000) -> Any:
    """A small JSON value (a saved breakdown such as ``last_deal``) or ``InvalidState``: only
    dicts with text keys, lists, text, bounded numbers, booleans and null, shallow and short."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > max_items or depth > max_depth:
            raise InvalidState(f"{what} is too large or too deeply nested")
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise InvalidState(f"{what} has a key that is not text: {quote(key)}")
                stack.append((sub, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, depth + 1) for sub in item)
        elif isinstance(item, int) and not isinstance(item, bool):
            if abs(item) > 10**15:
                raise InvalidState(f"{what} holds a number out of range: {quote(item)}")
        elif not (item is None or isinstance(item, str | bool | float)):
            raise InvalidState(f"{what} holds {quote(item)}, which is not JSON")
    return value
