"""Positions as NOTATION.md JSON: writing them, and reading them with a reason naming the bad field."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from tabletop.errors import quote
from tabletop.jsontext import parse

from .editions import ONE_SHOT, get_edition
from .engine import CHOICE_KIND, advance, legal_moves
from .state import NAME, OVER, OWNER, PLACEMENT, RESOLUTION, UP, State, card_data

FORMAT = "oriflamme/1"


def public_fields(s: State) -> dict[str, Any]:
    """What everyone sees of the game's progress: shared by positions and views."""
    return {
        "edition": s.ed.id,
        "seats": list(s.seats),
        "round": s.round,
        "first": s.seats[s.first],
        "direction": s.direction,
        "phase": s.phase,
        "to_act": s.to_act,
        "cursor": s.cursor + 1 if s.phase == RESOLUTION else None,
        "scores": dict(s.scores),
    }


def to_data(s: State) -> dict[str, Any]:
    d: dict[str, Any] = {
        "format": FORMAT,
        **public_fields(s),
        "hands": {c: list(v) for c, v in s.hands.items()},
        "aside": {c: list(v) for c, v in s.aside.items()},
        "discard": {c: list(v) for c, v in s.discard.items()},
        "queue": [[card_data(c) for c in st] for st in s.queue],
        "seed": s.seed,
        "rng": s.rng,
    }
    if s.phase == RESOLUTION and s.pending not in (None, "reveal"):
        # Mid-ability (after a reveal, or a Shapeshifter's copy): what load_game needs to resume.
        d["pending"] = {"ability": s.pending, "depth": s.depth, "take_tokens": s.take_tokens}
    return d


def _fail(field: str, why: str) -> ValueError:
    return ValueError(f"{field}: {why}")


def _int(d: dict[str, Any], field: str, lo: int, hi: int | None = None) -> int:
    v = d.get(field)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f"≥ {lo}"
        raise _fail(field, f"expected a whole number in {rng}, got {quote(v)}")
    return v


def _per_seat(d: dict[str, Any], field: str, seats: list[str]) -> dict[str, Any]:
    v = d.get(field)
    if not isinstance(v, dict) or set(v) != set(seats):
        raise _fail(field, f"expected an object with exactly the seats {seats}")
    return v


def from_data(d: Any) -> State:
    if not isinstance(d, dict):
        raise _fail("position", "expected a JSON object")
    if d.get("format", FORMAT) != FORMAT:
        raise _fail("format", f"expected {quote(FORMAT)}, got {quote(d.get('format'))}")
    ed = get_edition(str(d.get("edition")))
    seats = d.get("seats")
    if (not isinstance(seats, list) or len(set(map(str, seats))) != len(seats)
            or not all(c in ed.colours for c in seats)):
        raise _fail("seats", f"expected distinct colours among {list(ed.colours)}, got {quote(seats)}")
    if not ed.min_players <= len(seats) <= ed.max_players:
        raise _fail("seats", f"{ed.id} is for {ed.min_players}–{ed.max_players} players")
    s = State.__new__(State)
    s.ed = ed
    s.seats = list(seats)
    s.round = _int(d, "round", 1, ed.rounds)
    if d.get("first") not in seats:
        raise _fail("first", f"not a seat: {quote(d.get('first'))}")
    s.first = seats.index(d["first"])
    if d.get("direction") not in ("ltr", "rtl"):
        raise _fail("direction", "expected 'ltr' or 'rtl'")
    s.direction = d["direction"]
    phase = d.get("phase")
    if phase not in (PLACEMENT, RESOLUTION, OVER):
        raise _fail("phase", f"expected placement, resolution or over, got {quote(phase)}")
    if phase == OVER and s.round != ed.rounds:
        raise _fail("round", f"a finished {ed.id} game stays at its last round, {ed.rounds}")
    s.phase = phase
    scores = _per_seat(d, "scores", seats)
    for c, v in scores.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise _fail(f"scores.{c}", f"expected a whole number ≥ 0, got {quote(v)}")
    s.scores = {c: scores[c] for c in seats}  # in seat order, whatever order the text had
    known = set(ed.family)
    piles: dict[str, dict[str, list[str]]] = {}
    for field in ("hands", "aside", "discard"):
        v = _per_seat(d, field, seats)
        for c, cards in v.items():
            if not isinstance(cards, list):
                raise _fail(f"{field}.{c}", "expected a list of card names")
            for card in cards:
                if not isinstance(card, str) or card not in known:
                    raise _fail(f"{field}.{c}", f"unknown card {quote(card)} in {ed.id}")
        piles[field] = {c: list(v[c]) for c in seats}
    s.hands, s.aside, s.discard = piles["hands"], piles["aside"], piles["discard"]
    s.queue = _queue(d.get("queue"), ed.id, known, seats, ed.tokens)
    _check_conservation(s)
    resolving = d.get("pending") is not None and phase == RESOLUTION
    for i, st in enumerate(s.queue):
        for j, qc in enumerate(st):
            # A one-shot card is face up only while it resolves (its decision is pending).
            if qc[UP] and qc[NAME] in ONE_SHOT and not (resolving and i + 1 == d.get("cursor")):
                raise _fail(f"queue[{i + 1}][{j + 1}].face_up", f"a {qc[NAME]} is never face up here")
    # Both are optional (NOTATION.md's positions have neither) but never silently replaced when wrong.
    s.seed = _int(d, "seed", 0, 2**64 - 1) if d.get("seed") is not None else 0
    s.rng = _int(d, "rng", 0, 2**64 - 1) if d.get("rng") is not None else s.seed
    s.pending, s.depth, s.take_tokens, s.gone = None, 0, False, False
    s.placed, s.cursor, s.to_act = 0, 0, None
    if phase == PLACEMENT:
        if d.get("to_act") not in seats:
            raise _fail("to_act", f"expected the seat that places next, got {quote(d.get('to_act'))}")
        s.placed = (seats.index(d["to_act"]) - s.first) % len(seats)
        if any(not s.hands[seats[(s.first + i) % len(seats)]] for i in range(s.placed, len(seats))):
            raise _fail("hands", "a player who still has to place this round has no card")
    composed = d.get("composed", False)
    if not isinstance(composed, bool):
        raise _fail("composed", "expected true or false")
    if not composed:
        _check_history(s)
    if phase == PLACEMENT:
        advance(s, None)
    elif phase == RESOLUTION:
        s.cursor = _int(d, "cursor", 1, max(1, len(s.queue))) - 1
        if not s.queue:
            raise _fail("queue", "empty during resolution")
        _pending(s, d.get("pending"))
    else:
        advance(s, None)
    return s


def _queue(v: Any, edition: str, known: set[str], seats: list[str], tokens: bool) -> list[list[list[Any]]]:
    if not isinstance(v, list):
        raise _fail("queue", "expected a list of stacks")
    queue: list[list[list[Any]]] = []
    for i, st in enumerate(v, 1):
        where = f"queue[{i}]"
        if not isinstance(st, list) or not st:
            raise _fail(where, "expected a non-empty list of cards (bottom to top)")
        stack: list[list[Any]] = []
        for j, c in enumerate(st, 1):
            f = f"{where}[{j}]"
            if not isinstance(c, dict):
                raise _fail(f, "expected a card object")
            if not isinstance(c.get("card"), str) or c["card"] not in known:
                raise _fail(f"{f}.card", f"unknown card {quote(c.get('card'))} in {edition}")
            if c.get("owner") not in seats:
                raise _fail(f"{f}.owner", f"not a seat: {quote(c.get('owner'))}")
            up = c.get("face_up")
            if not isinstance(up, bool):
                raise _fail(f"{f}.face_up", "expected true or false")
            t = c.get("tokens", 0)
            if not isinstance(t, int) or isinstance(t, bool) or t < 0 or (t and not tokens):
                raise _fail(f"{f}.tokens", f"expected a whole number ≥ 0{'' if tokens else ' (0 here)'}")
            if stack and stack[0][OWNER] != c["owner"]:
                raise _fail(where, "a stack mixes families (D1)")
            stack.append([c["card"], c["owner"], up, t])
        queue.append(stack)
    return queue


def _check_conservation(s: State) -> None:
    per = s.ed.families_per_player(len(s.seats))
    expected = Counter({card: per for card in s.ed.family})
    for c in s.seats:
        have = Counter(s.hands[c]) + Counter(s.aside[c]) + Counter(s.discard[c])
        have += Counter(card[NAME] for st in s.queue for card in st if card[OWNER] == c)
        if have != expected:
            extra = sorted((have - expected).elements())
            missing = sorted((expected - have).elements())
            detail = "; ".join(x for x in (
                f"present too often: {', '.join(extra)}" if extra else "",
                f"missing: {', '.join(missing)}" if missing else "") if x)
            raise _fail(f"cards.{c}", f"every card must be in exactly one place — {detail}")


def _check_history(s: State) -> None:
    """A position reached in play: each player has placed one card per round so far (counting this
    round's placements from the first player up to the one to act) and the cards add up to it."""
    n = len(s.seats)
    per = s.ed.families_per_player(n)
    aside = per * s.ed.aside_per_family(n)
    start = per * len(s.ed.family) - aside
    if s.phase == PLACEMENT:
        when = f"round {s.round}, {s.placed} of {n} placed"
    else:
        when = f"round {s.round}'s {s.phase}" if s.phase == RESOLUTION else "the end"
    for i, c in enumerate(s.seats):
        placed = s.round - (s.phase == PLACEMENT and (i - s.first) % n >= s.placed)
        if len(s.aside[c]) != aside:
            raise _fail(f"aside.{c}", f"{aside} cards are set aside at the start, not {len(s.aside[c])}")
        if len(s.hands[c]) != start - placed:
            raise _fail(f"hands.{c}", f"at {when}, {c} has placed {placed} of {start} cards: "
                                      f"{start - placed} in hand, not {len(s.hands[c])}")
    # With hands and asides right, conservation puts the placed cards in the queue or the discard.


def _pending(s: State, p: Any) -> None:
    if p is None:
        advance(s, None)  # resolve from the cursor to the first decision
        return
    if not isinstance(p, dict) or not isinstance(p.get("ability"), str) or p["ability"] not in CHOICE_KIND:
        raise _fail("pending.ability", f"expected one of {sorted(CHOICE_KIND)}")
    stack = s.queue[s.cursor]
    depth = p.get("depth", len(stack) - 1)
    if not isinstance(depth, int) or not 0 <= depth < len(stack) or not stack[depth][UP]:
        raise _fail("pending.depth", "not a face-up card of the stack at the cursor")
    if p["ability"] != stack[depth][NAME] and stack[depth][NAME] != "shapeshifter":
        raise _fail("pending.ability", f"a {stack[depth][NAME]} cannot be applying {p['ability']}")
    s.depth = depth
    s.take_tokens = bool(p.get("take_tokens", False))
    s.pending = p["ability"]
    s.to_act = stack[depth][OWNER]
    if not legal_moves(s):
        raise _fail("pending", "the ability has no legal choice here")


def dumps(s: State, composed: bool = False) -> str:
    d = to_data(s)
    if composed:
        d["composed"] = True
    return json.dumps(d)


def loads(text: str) -> State:
    return from_data(parse(text, "position"))
