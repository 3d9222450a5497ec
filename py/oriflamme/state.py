"""The position as plain data. Cards in the queue are small lists so a clone is a few list copies."""

from __future__ import annotations

from typing import Any

from .editions import Edition

# A queue card is [name, owner, face_up, tokens]; a stack is a list of them, bottom to top.
NAME, OWNER, UP, TOKENS = 0, 1, 2, 3
QCard = list[Any]  # [name, owner, face_up, tokens]: a heterogeneous list, cheap to copy

PLACEMENT, RESOLUTION, OVER = "placement", "resolution", "over"


def card_data(c: QCard, shown: bool = True) -> dict[str, Any]:
    """A queue card as NOTATION.md writes it; not `shown`, its name is left out (another's face-down card)."""
    return {"card": c[NAME] if shown else None, "owner": c[OWNER], "face_up": c[UP], "tokens": c[TOKENS]}


class State:
    """Everything that defines a position, including the RNG, so a game replays from its seed."""

    __slots__ = (
        "aside",
        "cursor",
        "depth",
        "direction",
        "discard",
        "ed",
        "first",
        "gone",
        "hands",
        "pending",
        "phase",
        "placed",
        "queue",
        "rng",
        "round",
        "scores",
        "seats",
        "seed",
        "take_tokens",
        "to_act",
    )

    ed: Edition
    seats: list[str]
    round: int
    first: int  # index in seats of this round's first player
    direction: str
    phase: str
    placed: int  # placements made this round
    cursor: int  # 0-based position being resolved
    scores: dict[str, int]
    hands: dict[str, list[str]]
    aside: dict[str, list[str]]
    discard: dict[str, list[str]]
    queue: list[list[QCard]]
    # The decision asked now: "place", "reveal", or the ability being applied (archer, spy, …).
    pending: str | None
    depth: int  # index in the cursor's stack of the card being resolved
    take_tokens: bool  # P1: take the resolving card's tokens once its ability is done
    gone: bool  # the resolving card left the queue during its ability
    to_act: str | None
    seed: int
    rng: int

    def clone(self) -> State:
        c = State.__new__(State)
        c.ed = self.ed
        c.seats = self.seats  # never mutated after setup
        c.round = self.round
        c.first = self.first
        c.direction = self.direction
        c.phase = self.phase
        c.placed = self.placed
        c.cursor = self.cursor
        c.scores = self.scores.copy()
        c.hands = {k: v[:] for k, v in self.hands.items()}
        c.aside = self.aside  # never mutated after setup
        c.discard = {k: v[:] for k, v in self.discard.items()}
        c.queue = [list(map(list.copy, stack)) for stack in self.queue]  # cards copied in C
        c.pending = self.pending
        c.depth = self.depth
        c.take_tokens = self.take_tokens
        c.gone = self.gone
        c.to_act = self.to_act
        c.seed = self.seed
        c.rng = self.rng
        return c
