"""Exceptions of the engine contract (ENGINE.md); both carry a reason a player can read."""


class IllegalAction(Exception):
    """An action that is malformed or not legal now; the state is left unchanged."""


class InvalidState(Exception):
    """A position or saved state that breaks the rules (a card missing or doubled, counts off)."""
