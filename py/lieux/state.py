"""The position: plain data (lists, dicts, ints), cheap to clone."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import PLACES, turns_per_round

# A card on the table or anywhere else is identified by its owner and its value: each family has one
# card of each value, so (owner, value) is unique in the whole game.
Card = tuple[str, int]

PHASES = ("select", "place", "over")


@dataclass(frozen=True)
class Pending:
    """An immediate effect waiting for its owner's choice.

    `owner`/`value` name the card whose effect it is (for a copy, the Alchemist); `ability` is the
    effect being applied; `copied` is True when an Alchemist applies another card's effect.
    """

    ability: str
    owner: str
    value: int
    copied: bool = False


@dataclass
class State:
    set_id: str
    hidden_gold: bool
    seats: list[str]
    round: int
    turn: int
    first: str
    phase: str
    gold: dict[str, int]
    hands: dict[str, list[int]]
    piles: dict[str, list[int]]  # draw piles, drawn from the front
    discard: dict[str, list[int]]
    selected: dict[str, int | None]  # the face-down selected card of each player this turn
    forced: dict[str, str]  # Strategist: colour -> place where their selected card must go
    places: dict[str, list[Card]] = field(default_factory=lambda: {p: [] for p in PLACES})
    pending: Pending | None = None
    rng: int = 0
    composed: bool = False  # loaded from a composed position (a puzzle, a test scenario): D36

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def turns(self) -> int:
        return turns_per_round(len(self.seats))

    def clone(self) -> State:
        return State(
            set_id=self.set_id,
            hidden_gold=self.hidden_gold,
            seats=list(self.seats),
            round=self.round,
            turn=self.turn,
            first=self.first,
            phase=self.phase,
            gold=dict(self.gold),
            hands={c: list(v) for c, v in self.hands.items()},
            piles={c: list(v) for c, v in self.piles.items()},
            discard={c: list(v) for c, v in self.discard.items()},
            selected=dict(self.selected),
            forced=dict(self.forced),
            places={p: list(row) for p, row in self.places.items()},
            pending=self.pending,
            rng=self.rng,
            composed=self.composed,
        )

    def order(self) -> list[str]:
        """Seats in play order, starting with the first player."""
        i = self.seats.index(self.first)
        return self.seats[i:] + self.seats[:i]

    def locate(self, card: Card) -> tuple[str, int] | None:
        """(place, 0-based index) of a card on the table, or None."""
        for place in PLACES:
            row = self.places[place]
            if card in row:
                return place, row.index(card)
        return None
