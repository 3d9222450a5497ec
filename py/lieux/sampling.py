"""Determinization: a full position consistent with one player's view (for search bots).

What a player has not seen of another family is known exactly: its 15 cards minus its discard minus
its cards on the table. Those unseen cards are dealt at random into its face-down selected card, its
hand and its draw pile, whose sizes the view gives. In the hidden-gold variant the others' gold is
unknown: it is guessed as the viewer's own. The RNG state is drawn afresh. The sampled position's view
for the viewer equals the given view (tests check it), so a search on it uses nothing hidden.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import PLACES, VALUES
from .rules import effect_actions
from .state import Pending, State


def unseen(view: dict[str, Any], colour: str) -> list[int]:
    """The values of `colour`'s cards that the viewer has not seen (for the viewer: none)."""
    if colour == view["viewer"]:
        return []
    seen = set(view["discard"][colour])
    for p in view["places"]:
        seen |= {c["value"] for c in p["cards"] if c["owner"] == colour}
    return [v for v in VALUES if v not in seen]


def determinize(view: dict[str, Any], rng: random.Random) -> State:
    me = view["viewer"]
    if me is None:
        raise ValueError("viewer: a spectator's view cannot be determinized")
    seats: list[str] = list(view["seats"])
    hands: dict[str, list[int]] = {}
    piles: dict[str, list[int]] = {}
    selected: dict[str, int | None] = {}
    my_gold = view["gold"][me]
    for c in seats:
        sel = view["selected"][c]
        if c == me:
            hands[c] = list(view["hand"])
            known = set(hands[c]) | set(view["discard"][c])
            known |= {x["value"] for p in view["places"] for x in p["cards"] if x["owner"] == c}
            selected[c] = None if sel is None else sel["value"]
            if selected[c] is not None:
                known.add(selected[c])
            rest = [v for v in VALUES if v not in known]
            rng.shuffle(rest)  # the viewer does not know the order of their own pile either
            piles[c] = rest
            continue
        pool = unseen(view, c)
        rng.shuffle(pool)
        selected[c] = None if sel is None else pool.pop()
        n = view["hand_sizes"][c]
        hands[c] = sorted(pool[:n], reverse=True)
        piles[c] = pool[n:]
    places = {p["id"]: [(x["owner"], x["value"]) for x in p["cards"]] for p in view["places"]}
    pending = None
    d = view["decision"]
    if d is not None and d["source"] is not None:
        src = d["source"]
        pending = Pending(d["ability"], src["owner"], src["value"], bool(d["copied"]))
    phase = view["phase"]
    s = State(
        set_id=view["set"], hidden_gold=view["hidden_gold"], seats=seats, round=view["round"],
        turn=view["turn"], first=view["first"], phase=phase,
        gold={c: (g if g is not None else my_gold) for c, g in view["gold"].items()},
        hands=hands, piles=piles, discard={c: list(v) for c, v in view["discard"].items()},
        selected=selected, forced=dict(view["forced"]), places={p: places[p] for p in PLACES},
        pending=pending, rng=rng.getrandbits(64),
    )
    assert pending is None or effect_actions(s, pending)
    return s
