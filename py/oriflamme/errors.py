"""Errors the engines raise."""


class IllegalAction(ValueError):
    """An action that is not legal in the current position. The game is left unchanged."""

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"illegal action {action!r}: {reason}")
        self.action = action
        self.reason = reason
