"""The position as JSON (format "lieux/1"): writing it, and reading it back with validation."""

from __future__ import annotations

import json
import re
from typing import Any, cast

from tabletop.errors import quote
from tabletop.jsontext import parse

from .cards import COLOURS, HAND_SIZE, IMMEDIATE, PLACES, ROUNDS, SETS, VALUES, ability, turns_per_round
from .state import PHASES, Card, Pending, State

FORMAT = "lieux/1"
_HEX = re.compile(r"[0-9a-fA-F]{1,16}")


def to_position(s: State, to_act: str | None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "set": s.set_id,
        "hidden_gold": s.hidden_gold,
        "seats": list(s.seats),
        "round": s.round,
        "turn": s.turn,
        "first": s.first,
        "phase": s.phase,
        "to_act": to_act,
        "gold": {c: s.gold[c] for c in s.seats},
        "hands": {c: list(s.hands[c]) for c in s.seats},
        "piles": {c: list(s.piles[c]) for c in s.seats},
        "discard": {c: list(s.discard[c]) for c in s.seats},
        "selected": {c: s.selected[c] for c in s.seats},
        "forced": dict(s.forced),
        "places": {p: [{"owner": o, "value": v} for o, v in s.places[p]] for p in PLACES},
        "pending": None if s.pending is None else {
            "ability": s.pending.ability, "owner": s.pending.owner, "value": s.pending.value,
            "copied": s.pending.copied,
        },
        "rng": f"{s.rng:016x}",
        **({"composed": True} if s.composed else {}),
    }


def to_json(s: State, to_act: str | None) -> str:
    return json.dumps(to_position(s, to_act), ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- reading

def _bad(field: str, why: str) -> ValueError:
    return ValueError(f"{field}: {why}")


def _int(d: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise _bad(key, f"expected a whole number, got {quote(v)}")
    if not lo <= v <= hi:
        raise _bad(key, f"{v} is outside {lo}..{hi}")
    return v


def _per_seat(d: dict[str, Any], key: str, seats: list[str]) -> dict[str, Any]:
    v = d.get(key)
    if not isinstance(v, dict):
        raise _bad(key, "expected an object with one entry per seat")
    if set(v) != set(seats):
        extra = sorted(set(v) - set(seats))
        missing = [c for c in seats if c not in v]
        raise _bad(key, f"entries must be exactly the seats (missing {missing}, unexpected {extra})")
    return v


def _card_list(v: Any, field: str) -> list[int]:
    if not isinstance(v, list):
        raise _bad(field, "expected a list of card values")
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int) or x not in VALUES:
            raise _bad(field, f"unknown card {quote(x)} (values are 1..15)")
    return list(v)


def from_position(d: Any) -> State:
    """Builds a State from a position dict; raises ValueError naming the offending field."""
    if not isinstance(d, dict):
        raise _bad("position", "expected a JSON object")
    if d.get("format") != FORMAT:
        raise _bad("format", f"expected {quote(FORMAT)}, got {quote(d.get('format'))}")
    set_id = d.get("set")
    if set_id not in SETS:
        raise _bad("set", f"expected one of {list(SETS)}, got {quote(set_id)}")
    hidden = d.get("hidden_gold", False)
    if not isinstance(hidden, bool):
        raise _bad("hidden_gold", "expected true or false")
    seats = d.get("seats")
    if not isinstance(seats, list) or not 3 <= len(seats) <= 5:
        raise _bad("seats", "expected a list of 3 to 5 colours")
    for c in seats:
        if c not in COLOURS:
            raise _bad("seats", f"unknown colour {quote(c)}")
    if len(set(seats)) != len(seats):
        raise _bad("seats", "a colour is seated twice")
    rnd = _int(d, "round", 1, ROUNDS)
    turn = _int(d, "turn", 1, turns_per_round(len(seats)))
    first = cast(str, d.get("first"))  # checked below
    if first not in seats:
        raise _bad("first", f"{quote(first)} is not seated")
    phase = d.get("phase")
    if phase not in PHASES:
        raise _bad("phase", f"expected one of {list(PHASES)}, got {quote(phase)}")
    hint = d.get("to_act")
    if hint is not None and hint not in seats:
        raise _bad("to_act", f"{quote(hint)} is not seated")

    gold: dict[str, int] = {}
    for c, g in _per_seat(d, "gold", seats).items():
        if isinstance(g, bool) or not isinstance(g, int):
            raise _bad(f"gold.{c}", f"expected a whole number, got {quote(g)}")
        if g < 0:
            raise _bad(f"gold.{c}", f"gold cannot be negative ({g})")
        gold[c] = g
    hands = {c: _card_list(v, f"hands.{c}") for c, v in _per_seat(d, "hands", seats).items()}
    piles = {c: _card_list(v, f"piles.{c}") for c, v in _per_seat(d, "piles", seats).items()}
    discard = {c: _card_list(v, f"discard.{c}") for c, v in _per_seat(d, "discard", seats).items()}
    selected: dict[str, int | None] = {}
    for c, v in _per_seat(d, "selected", seats).items():
        selected[c] = None if v is None else _card_list([v], f"selected.{c}")[0]

    raw_places = d.get("places")
    if not isinstance(raw_places, dict) or set(raw_places) != set(PLACES):
        raise _bad("places", f"expected an object with exactly {list(PLACES)}")
    places: dict[str, list[Card]] = {}
    for p in PLACES:
        row_raw = raw_places[p]
        if not isinstance(row_raw, list):
            raise _bad(f"places.{p}", "expected a list of cards")
        row: list[Card] = []
        for k, item in enumerate(row_raw, start=1):
            f = f"places.{p}[{k}]"
            if not isinstance(item, dict) or set(item) != {"owner", "value"}:
                raise _bad(f, 'expected {"owner": colour, "value": 1..15}')
            if item["owner"] not in seats:
                raise _bad(f, f"owner {quote(item['owner'])} is not seated")
            value = _card_list([item["value"]], f)[0]
            if row and row[-1][1] < value:
                raise _bad(f"places.{p}", "cards must be in decreasing value order, highest on the left")
            row.append((item["owner"], value))
        places[p] = row

    # every card of every family is in exactly one place
    seen: dict[Card, str] = {}

    def see(card: Card, where: str) -> None:
        if card in seen:
            raise _bad(where, f"{card[0]} {card[1]} is present twice ({seen[card]} and {where})")
        seen[card] = where

    for c in seats:
        for zone, content in (("hands", hands[c]), ("piles", piles[c]), ("discard", discard[c])):
            for v in content:
                see((c, v), f"{zone}.{c}")
        sel = selected[c]
        if sel is not None:
            see((c, sel), f"selected.{c}")
    for p in PLACES:
        for k, card in enumerate(places[p], start=1):
            see(card, f"places.{p}[{k}]")
    for c in seats:
        missing = [v for v in VALUES if (c, v) not in seen]
        if missing:
            raise _bad("cards", f"{c}'s cards {missing} are nowhere")
        held = len(hands[c]) + (selected[c] is not None)
        if held > 6:
            raise _bad(f"hands.{c}", f"{c} holds {held} cards, more than 6")

    forced_raw = d.get("forced", {})
    if not isinstance(forced_raw, dict):
        raise _bad("forced", "expected an object colour -> place")
    forced: dict[str, str] = {}
    for c, p in forced_raw.items():
        if c not in seats or selected.get(c) is None:
            raise _bad("forced", f"{quote(c)} has no selected card to force")
        if p not in PLACES:
            raise _bad(f"forced.{c}", f"unknown place {quote(p)}")
        forced[c] = p

    pending = None
    raw_pending = d.get("pending")
    if raw_pending is not None:
        if not isinstance(raw_pending, dict):
            raise _bad("pending", "expected null or an object")
        a = raw_pending.get("ability")
        if not isinstance(a, str) or a not in IMMEDIATE or a == "hunter":
            raise _bad("pending.ability", f"{quote(a)} is not an effect that waits for a choice")
        owner = cast(str, raw_pending.get("owner"))  # checked below
        pvalue = _card_list([raw_pending.get("value")], "pending.value")[0]
        copied = raw_pending.get("copied", False)
        if not isinstance(copied, bool):
            raise _bad("pending.copied", "expected true or false")
        if owner not in seats:
            raise _bad("pending.owner", f"{quote(owner)} is not seated")
        if (owner, pvalue) not in {card for p in PLACES for card in places[p]}:
            raise _bad("pending.value", f"{owner} {pvalue} is not on the table")
        expected = "alchemist" if copied else a
        if ability(pvalue) != expected:
            raise _bad("pending.value", f"card {pvalue} cannot apply {quote(a)}")
        pending = Pending(a, owner, pvalue, copied)

    if phase == "over" and (
        rnd != ROUNDS or any(v is not None for v in selected.values()) or pending is not None
    ):
        raise _bad("phase", "a finished game is at the last round with nothing selected or pending")
    if phase == "select" and pending is not None:
        raise _bad("pending", "no effect can be pending while cards are being selected")
    if phase != "place" and forced:
        raise _bad("forced", "only meaningful while cards are being placed")

    raw_rng = d.get("rng")
    if not isinstance(raw_rng, str) or not _HEX.fullmatch(raw_rng):  # int() would take "-1", "1_0", " 1"
        raise _bad("rng", f"expected up to 16 hex digits, got {quote(raw_rng)}")
    state_rng = int(raw_rng, 16)

    composed = d.get("composed", False)
    if not isinstance(composed, bool):
        raise _bad("composed", "expected true or false")
    if not composed:
        _check_history(len(seats), rnd, turn, phase, hands, piles, selected)
    return State(
        set_id=set_id, hidden_gold=hidden, seats=list(seats), round=rnd, turn=turn, first=first,
        phase=phase, gold=gold, hands={c: sorted(h, reverse=True) for c, h in hands.items()},
        piles=piles, discard=discard, selected=selected, forced=forced, places=places,
        pending=pending, rng=state_rng, composed=composed,
    )


def _check_history(players: int, rnd: int, turn: int, phase: str, hands: dict[str, list[int]],
                   piles: dict[str, list[int]], selected: dict[str, int | None]) -> None:
    """A position reached in play (D36): everyone drew back to a full hand at each round's start and has
    played one card per turn so far (this turn's card is selected, or already put in `place`)."""
    turns = turns_per_round(players)
    if phase == "over" and turn != turns:
        raise _bad("turn", f"a finished game ends on turn {turns}, not {turn}")
    pile = len(VALUES) - HAND_SIZE - (rnd - 1) * turns
    held = HAND_SIZE - turn + (phase == "select")  # in hand, plus the selected card while selecting
    for c in hands:
        if len(piles[c]) != pile:
            raise _bad(f"piles.{c}", f"in round {rnd}, {c}'s pile holds {pile} cards, not {len(piles[c])}")
        has = len(hands[c]) + (selected[c] is not None and phase == "select")
        if has != held:
            raise _bad(f"hands.{c}", f"at turn {turn} of round {rnd} ({phase}), {c} holds {held} cards "
                                     f"(selected one included), not {has}")


def from_json(text: str) -> State:
    return from_position(parse(text, "position"))
