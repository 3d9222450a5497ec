"""The rules: who decides what, the legal actions, and applying them (turn flow, effects, scoring)."""

from __future__ import annotations

from typing import Any

from tabletop import rng

from .cards import HAND_SIZE, IMMEDIATE, PLACES, ROUNDS, ability, rewards
from .state import Card, Pending, State

Event = dict[str, Any]


# ---------------------------------------------------------------- rows

def insert_options(row: list[Card], value: int) -> list[tuple[str | None, int]]:
    """Where a card of `value` may go in a row kept in decreasing value order.

    Returns (side, index) pairs: one (None, i) when the row holds no equal value, otherwise
    ("left", i) before every equal value and ("right", j) after them (L2).
    """
    lo = next((i for i, (_o, v) in enumerate(row) if v <= value), len(row))
    hi = next((i for i, (_o, v) in enumerate(row) if v < value), len(row))
    if lo == hi:
        return [(None, lo)]
    return [("left", lo), ("right", hi)]


def _suffix(side: str | None) -> str:
    return "" if side is None else f" {side}"


def insert_index(row: list[Card], value: int, side: str | None) -> int:
    """The index a card of `value` takes in the row on `side` (None when no equal value is there)."""
    for s, i in insert_options(row, value):
        if s == side:
            return i
    raise AssertionError("side checked by legal_actions")


def card_info(s: State, card: Card) -> dict[str, Any]:
    loc = s.locate(card)
    place, idx = loc if loc else (None, -1)
    return {"owner": card[0], "value": card[1], "place": place, "position": idx + 1 if loc else None}


# ---------------------------------------------------------------- who decides

def next_selector(s: State) -> str | None:
    for c in s.order():
        if s.selected[c] is None and s.hands[c]:
            return c
    return None


def unrevealed(s: State) -> list[str]:
    """Players holding a selected card not yet revealed this turn, in reveal order."""
    return [c for c in s.order() if s.selected[c] is not None]


def to_act(s: State) -> str | None:
    if s.phase == "over":
        return None
    if s.pending is not None:
        return s.pending.owner
    if s.phase == "select":
        return next_selector(s)
    waiting = unrevealed(s)
    return waiting[0] if waiting else None


def decision_kind(s: State) -> str | None:
    if s.phase == "over":
        return None
    if s.pending is not None:
        return s.pending.ability
    return "select" if s.phase == "select" else "put"


# ---------------------------------------------------------------- legal actions

def _adjacent(row: list[Card], i: int) -> list[int]:
    return [j for j in (i - 1, i + 1) if 0 <= j < len(row)]


def effect_actions(s: State, p: Pending) -> list[str]:
    loc = s.locate((p.owner, p.value))
    if loc is None:
        return []
    place, i = loc
    row = s.places[place]
    out: list[str] = []
    a = p.ability
    if a == "guard":
        for j in _adjacent(row, i):
            for dest in PLACES:
                if dest != place:
                    for side, _k in insert_options(s.places[dest], row[j][1]):
                        out.append(f"move {place}:{j + 1} to {dest}{_suffix(side)}")
    elif a == "thief":
        owners = {row[j][0] for j in _adjacent(row, i)} - {p.owner}
        out = [f"target {c}" for c in s.seats if c in owners]
    elif a == "alchemist":
        for j in _adjacent(row, i):
            other = ability(row[j][1])
            if other in IMMEDIATE and other != "alchemist":
                out.append(f"copy {place}:{j + 1}")
    elif a == "courtesan":
        out = [f"target {c}" for c in unrevealed(s) if c != p.owner and s.hands[c]]
    elif a == "strategist":
        out = [f"target {c} {dest}" for c in unrevealed(s) if c != p.owner for dest in PLACES]
    elif a == "warrior":
        out = [f"discard {place}:{j + 1}" for j in _adjacent(row, i)]
    elif a == "bard":
        for other in PLACES:
            if other != place:
                for k, card in enumerate(s.places[other]):
                    for side, _k in insert_options(row, card[1]):
                        out.append(f"move {other}:{k + 1} to {place}{_suffix(side)}")
    return out


def legal_actions(s: State) -> list[str]:
    if s.phase == "over":
        return []
    if s.pending is not None:
        return effect_actions(s, s.pending)
    c = to_act(s)
    if c is None:
        return []
    if s.phase == "select":
        return [f"select {v}" for v in sorted(s.hands[c], reverse=True)]
    v = s.selected[c]
    assert v is not None
    dests = [s.forced[c]] if c in s.forced else list(PLACES)
    return [
        f"put {v} {dest}{_suffix(side)}" for dest in dests for side, _i in insert_options(s.places[dest], v)
    ]


# ---------------------------------------------------------------- gold and card movements

def change_gold(s: State, colour: str, nominal: int, ev: list[Event], **info: Any) -> None:
    """Gold never goes below 0: a loss takes what the player has (L1)."""
    amount = nominal if nominal >= 0 else -min(-nominal, s.gold[colour])
    s.gold[colour] += amount
    ev.append({"type": "gold", "colour": colour, "amount": amount, "nominal": nominal,
               "gold": s.gold[colour], "hidden": s.hidden_gold, **info})


def steal(s: State, thief: str, victim: str, nominal: int, ev: list[Event], **info: Any) -> None:
    amount = min(nominal, s.gold[victim])
    s.gold[victim] -= amount
    s.gold[thief] += amount
    ev.append({"type": "stolen", "colour": thief, "victim": victim, "amount": amount, "nominal": nominal,
               "gold": s.gold[thief], "victim_gold": s.gold[victim], "hidden": s.hidden_gold, **info})


def discard_card(s: State, card: Card, actor: str | None, reason: str, ev: list[Event]) -> None:
    loc = s.locate(card)
    assert loc is not None
    place, idx = loc
    s.places[place].pop(idx)
    s.discard[card[0]].append(card[1])
    ev.append({"type": "discarded", "colour": actor, "owner": card[0], "value": card[1], "place": place,
               "position": idx + 1, "reason": reason})


def move_card(s: State, card: Card, dest: str, side: str | None, actor: str, reason: str,
              ev: list[Event]) -> None:
    loc = s.locate(card)
    assert loc is not None
    place, idx = loc
    s.places[place].pop(idx)
    row = s.places[dest]
    k = insert_index(row, card[1], side)
    row.insert(k, card)
    ev.append({"type": "moved", "colour": actor, "owner": card[0], "value": card[1], "from": place,
               "from_position": idx + 1, "to": dest, "to_position": k + 1, "side": side, "reason": reason})


# ---------------------------------------------------------------- effects

def _card_at(s: State, ref: str) -> Card:
    place, pos = ref.split(":")
    return s.places[place][int(pos) - 1]


def trigger(s: State, owner: str, value: int, what: str, copied: bool, ev: list[Event]) -> None:
    """Start the immediate effect `what` of the card (owner, value)."""
    if what not in IMMEDIATE:
        return
    ev.append({"type": "effect", "colour": owner, "value": value, "ability": what, "copied": copied})
    if what == "hunter":
        loc = s.locate((owner, value))
        assert loc is not None
        others = [c for c in s.places[loc[0]] if c != (owner, value)]
        if not others:
            ev.append({"type": "no_effect", "colour": owner, "value": value, "ability": what})
            return
        # the row is in decreasing order: the first other card is the highest, leftmost on a tie
        discard_card(s, others[0], owner, "hunter", ev)
        return
    p = Pending(what, owner, value, copied)
    if effect_actions(s, p):
        s.pending = p
    else:
        ev.append({"type": "no_effect", "colour": owner, "value": value, "ability": what})


def _apply_effect(s: State, p: Pending, t: list[str], ev: list[Event]) -> None:
    s.pending = None
    a = p.ability
    if a in ("guard", "bard", "warrior"):
        card = _card_at(s, t[1])
        if a == "warrior":
            discard_card(s, card, p.owner, "warrior", ev)
        else:
            move_card(s, card, t[3], t[4] if len(t) > 4 else None, p.owner, a, ev)
    elif a == "thief":
        steal(s, p.owner, t[1], 2, ev, reason="thief")
    elif a == "alchemist":
        card = _card_at(s, t[1])
        what = ability(card[1])
        ev.append({"type": "copied", "colour": p.owner, "value": p.value, "owner": card[0],
                   "copied_value": card[1], "ability": what})
        trigger(s, p.owner, p.value, what, True, ev)
    elif a == "courtesan":
        target = t[1]
        hand = s.hands[target]
        old = s.selected[target]
        assert old is not None and hand
        s.rng, k = rng.below(s.rng, len(hand))
        new = hand.pop(k)
        hand.append(old)
        hand.sort(reverse=True)
        s.selected[target] = new
        ev.append({"type": "swapped", "colour": p.owner, "target": target, "old": old, "new": new})
    elif a == "strategist":
        s.forced[t[1]] = t[2]
        ev.append({"type": "forced", "colour": p.owner, "target": t[1], "place": t[2]})
    else:  # pragma: no cover - legal_actions offers nothing else
        raise AssertionError(a)


# ---------------------------------------------------------------- turn flow

def apply(s: State, action: str) -> list[Event]:
    """Apply a legal action (the caller checked it) and run the game on to the next decision."""
    ev: list[Event] = []
    t = action.split()
    c = to_act(s)
    assert c is not None
    if s.pending is not None:
        _apply_effect(s, s.pending, t, ev)
    elif s.phase == "select":
        v = int(t[1])
        s.hands[c].remove(v)
        s.selected[c] = v
        ev.append({"type": "selected", "colour": c, "value": v})
    else:
        v = int(t[1])
        dest = t[2]
        side = t[3] if len(t) > 3 else None
        row = s.places[dest]
        k = insert_index(row, v, side)
        forced = s.forced.pop(c, None) is not None
        s.selected[c] = None
        row.insert(k, (c, v))
        ev.append({"type": "placed", "colour": c, "value": v, "place": dest, "position": k + 1,
                   "side": side, "forced": forced})
        trigger(s, c, v, ability(v), False, ev)
    advance(s, ev)
    return ev


def advance(s: State, ev: list[Event]) -> None:
    """Run everything that needs no decision, up to the next decision or the end of the game."""
    while s.phase != "over" and s.pending is None:
        if s.phase == "select":
            if next_selector(s) is not None:
                return
            if any(v is not None for v in s.selected.values()):
                s.phase = "place"
                ev.append({"type": "revealing", "round": s.round, "turn": s.turn})
                continue
            end_turn(s, ev)  # nobody holds a card (S6)
        else:
            if unrevealed(s):
                return
            end_turn(s, ev)


def end_turn(s: State, ev: list[Event]) -> None:
    s.forced.clear()
    prev = s.first
    s.first = s.seats[(s.seats.index(prev) + 1) % len(s.seats)]
    ev.append({"type": "token_passed", "from": prev, "to": s.first})
    if s.turn < s.turns:
        s.turn += 1
        s.phase = "select"
        ev.append({"type": "turn_started", "round": s.round, "turn": s.turn, "first": s.first})
        return
    score_round(s, ev)
    if s.round >= ROUNDS:
        s.phase = "over"
        ev.append({"type": "game_over", "scores": dict(s.gold), "ranking": ranking(s)})
        return
    draw_up(s, ev)
    s.round += 1
    s.turn = 1
    s.phase = "select"
    ev.append({"type": "round_started", "round": s.round, "first": s.first})
    ev.append({"type": "turn_started", "round": s.round, "turn": s.turn, "first": s.first})


def draw_up(s: State, ev: list[Event]) -> None:
    for c in s.order():
        n = max(0, HAND_SIZE - len(s.hands[c]))
        drawn = s.piles[c][:n]
        del s.piles[c][:n]
        s.hands[c].extend(drawn)
        s.hands[c].sort(reverse=True)
        ev.append({"type": "drew", "colour": c, "count": len(drawn), "cards": sorted(drawn, reverse=True)})


def score_round(s: State, ev: list[Event]) -> None:
    ev.append({"type": "round_scoring", "round": s.round})
    rewarded: list[Card] = []
    for place in PLACES:
        row = s.places[place]
        ev.append({"type": "place_scoring", "place": place})
        traitor = False
        for card in list(row):
            if card not in row:
                continue
            owner, value = card
            a = ability(value)
            if a == "king":
                if any(v == 11 for _o, v in row):
                    discard_card(s, card, owner, "king", ev)
                else:
                    ev.append({"type": "no_effect", "colour": owner, "value": value, "ability": a})
            elif a == "princess":
                ev.append({"type": "effect", "colour": owner, "value": value, "ability": a, "copied": False})
                for other in list(row):
                    if other != card:
                        change_gold(s, other[0], 1, ev, reason="princess", place=place, card=other[1])
            elif a == "traitor":
                ev.append({"type": "effect", "colour": owner, "value": value, "ability": a, "copied": False})
                traitor = True
            elif a == "merchant":
                n = sum(1 for _o, v in row if v < 6)
                change_gold(s, owner, n, ev, reason="merchant", place=place, card=value)
        order = list(reversed(row)) if traitor else list(row)
        table = rewards(s.set_id, place, s.players)
        for rank, (card, spec) in enumerate(zip(order, table, strict=False), start=1):
            owner, value = card
            factor = 2 if place == "port" and ability(value) == "sailor" else 1
            ev.append({"type": "reward", "place": place, "rank": rank, "owner": owner, "value": value,
                       "reward": spec, "doubled": factor == 2, "reversed": traitor})
            info = {"reason": "reward", "place": place, "rank": rank, "card": value}
            if spec == "steal":
                i = s.seats.index(owner)
                for victim in s.seats[i + 1:] + s.seats[:i]:
                    steal(s, owner, victim, factor, ev, **info)
            else:
                if spec == "half":
                    amount = (value + 1) // 2
                elif spec == "per-card":
                    amount = len(row)
                else:
                    assert isinstance(spec, int)
                    amount = spec
                change_gold(s, owner, amount * factor, ev, **info)
            rewarded.append(card)
    for card in rewarded:
        discard_card(s, card, None, "rewarded", ev)
    ev.append({"type": "round_ended", "round": s.round, "scores": dict(s.gold), "hidden": s.hidden_gold})


def ranking(s: State) -> list[list[str]]:
    """Richest first; a tie goes to the token holder, then to the closest after it in seat order."""
    order = s.order()
    return [[c] for c in sorted(order, key=lambda c: (-s.gold[c], order.index(c)))]
