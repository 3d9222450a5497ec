"""What one player (or a spectator) may see, and the same redaction for events."""

from __future__ import annotations

from typing import Any

from .cards import CHARACTERS, PLACE_NAMES, PLACES, ROUNDS, rewards, side, timing
from .rules import Event, card_info, decision_kind, insert_index, legal_actions, ranking, to_act
from .state import State

VIEW_FORMAT = "lieux-view/1"


def card_view(owner: str, value: int) -> dict[str, Any]:
    a, fr, en = CHARACTERS[value]
    return {"owner": owner, "value": value, "ability": a, "name": en, "name_fr": fr, "timing": timing(value)}


def visible_gold(s: State, viewer: str | None, reveal_all: bool = False) -> dict[str, int | None]:
    """Each player's gold as `viewer` knows it: with hidden gold, only their own until the end."""
    shown = s.phase == "over" or not s.hidden_gold or reveal_all
    return {c: (s.gold[c] if shown or c == viewer else None) for c in s.seats}


def view(s: State, viewer: str | None, *, reveal_all: bool = False) -> dict[str, Any]:
    """The viewer's view. `reveal_all` (for drawings of a full position) shows everything."""
    over = s.phase == "over"
    gold_visible = over or not s.hidden_gold or reveal_all

    def sees(c: str) -> bool:
        return reveal_all or c == viewer

    actor = to_act(s)
    kind = decision_kind(s)
    decision: dict[str, Any] | None = None
    if actor is not None:
        decision = {"kind": kind, "player": actor, "ability": None, "source": None, "copied": False}
        if s.pending is not None:
            decision["ability"] = s.pending.ability
            decision["source"] = card_info(s, (s.pending.owner, s.pending.value))
            decision["copied"] = s.pending.copied
        elif kind == "put":
            decision["forced"] = s.forced.get(actor)
            if actor == viewer or reveal_all:
                decision["slots"] = put_slots(s, legal_actions(s))
    return {
        "game": "lieux",
        "format": VIEW_FORMAT,
        "viewer": viewer,
        "set": s.set_id,
        "side": side(s.players),
        "hidden_gold": s.hidden_gold,
        "seats": list(s.seats),
        "round": s.round,
        "rounds": ROUNDS,
        "turn": s.turn,
        "turns": s.turns,
        "first": s.first,
        "phase": s.phase,
        "to_act": actor,
        "gold": visible_gold(s, viewer, reveal_all),
        "hand": list(s.hands[viewer]) if viewer is not None else None,
        "hands": {c: list(s.hands[c]) for c in s.seats} if reveal_all else None,
        "hand_sizes": {c: len(s.hands[c]) for c in s.seats},
        "pile_sizes": {c: len(s.piles[c]) for c in s.seats},
        "discard": {c: sorted(s.discard[c], reverse=True) for c in s.seats},
        "selected": {
            c: None if s.selected[c] is None else {"value": s.selected[c] if sees(c) else None}
            for c in s.seats
        },
        "forced": dict(s.forced),
        "places": [
            {
                "id": p,
                "name": PLACE_NAMES[p],
                "rewards": list(rewards(s.set_id, p, s.players)),
                "cards": [card_view(o, v) for o, v in s.places[p]],
            }
            for p in PLACES
        ],
        "decision": decision,
        "legal_actions": legal_actions(s) if actor is not None and (actor == viewer or reveal_all) else [],
        "is_over": over,
        "scores": dict(s.gold) if gold_visible else None,
        "ranking": ranking(s) if over else None,
    }


def put_slots(s: State, legal: list[str]) -> dict[str, int]:
    """For each legal `put V PLACE [side]`: the index in the place's row the card would take (L2), so a
    table can draw the drop slot between the right cards."""
    slots: dict[str, int] = {}
    for action in legal:
        t = action.split()
        if t[0] == "put":
            slots[action] = insert_index(s.places[t[2]], int(t[1]), t[3] if len(t) > 3 else None)
    return slots


def redact_events(events: list[Event], colour: str | None) -> list[Event]:
    """The events as `colour` may see them (None: a spectator)."""
    out: list[Event] = []
    for e in events:
        e = dict(e)
        t = e["type"]
        hidden = bool(e.get("hidden"))
        if t == "selected" and e["colour"] != colour:
            e["value"] = None
        elif t == "swapped" and e["target"] != colour:
            e["old"] = None
            e["new"] = None
        elif t == "drew" and e["colour"] != colour:
            e["cards"] = None
        elif t == "gold" and hidden and e["colour"] != colour:
            e["amount"] = None
            e["gold"] = None
        elif t == "stolen" and hidden:
            if colour not in (e["colour"], e["victim"]):
                e["amount"] = None
            if e["colour"] != colour:
                e["gold"] = None
            if e["victim"] != colour:
                e["victim_gold"] = None
        elif t == "round_ended" and hidden:
            e["scores"] = {c: (g if c == colour else None) for c, g in e["scores"].items()}
        out.append(e)
    return out
