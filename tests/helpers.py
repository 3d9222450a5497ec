"""Build Oriflamme positions from the parts a scenario cares about.

A queue card is written ``"colour:card"`` (face down, no tokens), with optional ``:up`` (face up) and
``:N`` (N tokens), e.g. ``"red:soldier:up"``, ``"blue:heir:2"``, ``"green:spy:up:1"``. A stack is a
list of such strings, bottom to top; a bare string is a stack of one card.

Every card of every family that the scenario does not place (queue, hands, discard, aside) is put
aside, so positions stay valid (each card in exactly one place) without listing everything.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from oriflamme import load_game

RETAIL_FAMILY = [
    "archer", "soldier", "spy", "heir", "assassination",
    "decree", "lord", "shapeshifter", "ambush", "conspiracy",
]
PROTOTYPE_FAMILY = [
    "archer", "assassin", "soldier", "spy", "heir",
    "mercenaries", "queen", "lord", "shapeshifter", "ambush",
]


def family(edition: str) -> list[str]:
    return PROTOTYPE_FAMILY if edition == "prototype" else RETAIL_FAMILY


def qcard(spec: str) -> dict[str, Any]:
    colour, card, *rest = spec.split(":")
    up, tokens = False, 0
    for r in rest:
        if r == "up":
            up = True
        else:
            tokens = int(r)
    return {"card": card, "owner": colour, "face_up": up, "tokens": tokens}


def position(
    queue: list[Any] | None = None,
    *,
    edition: str = "retail",
    seats: list[str] | tuple[str, ...] = ("red", "blue", "green"),
    hands: dict[str, list[str]] | None = None,
    discard: dict[str, list[str]] | None = None,
    aside: dict[str, list[str]] | None = None,
    scores: dict[str, int] | None = None,
    phase: str = "resolution",
    cursor: int | None = 1,
    round: int = 1,
    first: str | None = None,
    to_act: str | None = None,
    direction: str = "ltr",
    fill: str = "aside",
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A position dict (NOTATION.md). Scores default to 1; unplaced cards go to `fill` (aside/discard)."""
    seats = list(seats)
    stacks = [[qcard(c)] if isinstance(c, str) else [qcard(x) for x in c] for c in (queue or [])]
    hands = {c: list((hands or {}).get(c, [])) for c in seats}
    discard = {c: list((discard or {}).get(c, [])) for c in seats}
    aside = {c: list((aside or {}).get(c, [])) for c in seats}
    per = 2 if edition == "prototype" and len(seats) == 2 else 1
    for c in seats:
        used = Counter(hands[c]) + Counter(discard[c]) + Counter(aside[c])
        used += Counter(card["card"] for st in stacks for card in st if card["owner"] == c)
        rest = Counter({name: per for name in family(edition)}) - used
        target = aside if fill == "aside" else discard
        target[c] += sorted(rest.elements())
    d: dict[str, Any] = {
        "format": "oriflamme/1",
        "edition": edition,
        "seats": seats,
        "round": round,
        "first": first or seats[0],
        "direction": direction,
        "phase": phase,
        "to_act": to_act or (first or seats[0]),
        "cursor": cursor if phase == "resolution" else None,
        "scores": {c: (scores or {}).get(c, 1) for c in seats},
        "hands": hands,
        "aside": aside,
        "discard": discard,
        "queue": stacks,
        "composed": True,  # a scenario: hands and queue need not add up to the round (D36)
    }
    if phase == "resolution" and stacks and cursor:
        d["to_act"] = stacks[cursor - 1][-1]["owner"]
    d.update(extra or {})
    return d


def game(queue: list[Any] | None = None, **kw: Any) -> Any:
    """A Game loaded from `position(...)`."""
    return load_game(json.dumps(position(queue, **kw)))


def play(g: Any, *actions: str) -> list[dict[str, Any]]:
    """Play actions in order, asserting each is legal; return all events."""
    events: list[dict[str, Any]] = []
    for a in actions:
        legal = g.legal_actions()
        assert a in legal, f"{a!r} not legal; legal: {legal}"
        events += g.play(a)
    return events


def queue_of(g: Any) -> list[list[str]]:
    """The queue as compact specs, bottom to top, like the `position` input."""
    d = json.loads(g.to_json())
    out = []
    for st in d["queue"]:
        out.append([
            ":".join([c["owner"], c["card"]] + (["up"] if c["face_up"] else [])
                     + ([str(c["tokens"])] if c["tokens"] else []))
            for c in st
        ])
    return out


def data(g: Any) -> dict[str, Any]:
    return json.loads(g.to_json())  # type: ignore[no-any-return]


def cursor(g: Any) -> int | None:
    return data(g)["cursor"]  # type: ignore[no-any-return]


def stays(g: Any, n: int) -> None:
    """Answer `stay` to the next n reveal decisions."""
    for _ in range(n):
        play(g, "stay")


EDITIONS_PLAYERS = [
    ("retail", 3), ("retail", 4), ("retail", 5),
    ("pegasus", 3), ("pegasus", 4), ("pegasus", 5),
    ("prototype", 2), ("prototype", 3), ("prototype", 4),
]


def walk(g: Any, rnd: Any, steps: int) -> list[str]:
    """Play up to `steps` random legal actions (rnd: a random.Random); return them."""
    done = []
    for _ in range(steps):
        if g.is_over:
            break
        a = rnd.choice(g.legal_actions())
        g.play(a)
        done.append(a)
    return done


def check_conservation(d: dict[str, Any]) -> None:
    """Every card of every family in exactly one place (NOTATION.md)."""
    per = 2 if d["edition"] == "prototype" and len(d["seats"]) == 2 else 1
    expected = sorted(family(d["edition"]) * per)  # sorted lists: the soak runs this after every step
    queued: dict[str, list[str]] = {c: [] for c in d["seats"]}
    for st in d["queue"]:
        for card in st:
            queued[card["owner"]].append(card["card"])
    for c in d["seats"]:
        have = sorted(d["hands"][c] + d["aside"][c] + d["discard"][c] + queued[c])
        assert have == expected, (c, Counter(have))
