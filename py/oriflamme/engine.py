"""The rules: placement, the resolution loop, and every ability (RULES.md, decisions D1–D17, P1–P4).

Moves are tuples (the fast path bots use); `actions.py` turns them into the NOTATION.md strings.
Every function takes an `ev` list to append events to, or None to skip building them (search).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from .editions import ALL_CARDS, ONE_SHOT
from .state import NAME, OVER, OWNER, PLACEMENT, RESOLUTION, TOKENS, UP, QCard, State

Move = tuple[Any, ...]
Events = list[dict[str, Any]] | None

REVEAL, STAY = ("reveal",), ("stay",)
# Abilities that ask their owner to choose, mapped to the decision kind the view reports.
CHOICE_KIND = {
    "archer": "eliminate", "soldier": "eliminate", "assassination": "eliminate",
    "mercenaries": "eliminate", "spy": "steal", "shapeshifter": "copy", "decree": "move",
    "assassin": "choose",
}


# ---------------------------------------------------------------- legal moves

def legal_moves(s: State) -> list[Move]:
    p = s.pending
    if p == "place":
        return _placements(s)
    if p is None:
        return []
    if p == "reveal":
        if s.ed.reveal_on_designation and s.queue[s.cursor][-1][NAME] == "ambush":
            return [STAY]  # the prototype's Ambush event can never be revealed by its owner
        return [REVEAL, STAY]
    return _ability_moves(s, p)


def _placements(s: State) -> list[Move]:
    me = s.to_act
    hand = s.hands[me]  # type: ignore[index]
    own = [i for i, st in enumerate(s.queue) if st[-1][OWNER] == me]
    out: list[Move] = []
    if own:
        for c in s.ed.family:
            if c in hand:
                out += _ENDS[c]
                out += map(_ONTO[c].__getitem__, own)
    else:
        for c in s.ed.family:
            if c in hand:
                out += _ENDS[c]
    return out


# Placement moves, built once (a queue never holds more than 5 × 7 cards); actions.py names them all.
ENDS: dict[str, tuple[Move, Move]] = {c: (("place", c, "first"), ("place", c, "last")) for c in ALL_CARDS}
ONTO: dict[str, list[Move]] = {c: [("place", c, i) for i in range(64)] for c in ALL_CARDS}
_ENDS, _ONTO = ENDS, ONTO
_TOP_GET, _OWNER_GET = itemgetter(-1), itemgetter(OWNER)
_MEMO_MAX = 50_000


def _targets(s: State, ability: str) -> list[int]:
    """Positions an eliminating or copying ability may designate from the cursor."""
    q = s.queue
    n = len(q)
    cur = s.cursor
    if ability == "archer":
        cands = [0] if n == 1 else [0, n - 1]
    elif ability == "soldier" or ability == "shapeshifter":
        cands = []
        if cur > 0:
            cands.append(cur - 1)
        if cur + 1 < n:
            cands.append(cur + 1)
        if ability == "shapeshifter":
            if s.ed.reveal_on_designation:  # D15: face-down cards may be designated
                return [i for i in cands if not q[i][-1][UP] or q[i][-1][NAME] != "shapeshifter"]
            return [i for i in cands if q[i][-1][UP] and q[i][-1][NAME] != "shapeshifter"]
    else:  # assassination, mercenaries: any other top card (D4, D16)
        return [i for i in range(n) if i != cur]
    if s.ed.forced_choice:  # D10: opponents' candidates only, when there are some
        me = q[cur][s.depth][OWNER]
        theirs = [i for i in cands if q[i][-1][OWNER] != me]
        if theirs:
            return theirs
    return cands


def _ability_moves(s: State, ability: str) -> list[Move]:
    q = s.queue
    cur = s.cursor
    if ability == "spy":
        owners = []
        if cur > 0:
            owners.append(q[cur - 1][-1][OWNER])
        if cur + 1 < len(q):
            owners.append(q[cur + 1][-1][OWNER])
        return [("steal", c) for c in s.seats if c in owners]
    if ability == "shapeshifter":
        return [("copy", i) for i in _targets(s, ability)]
    if ability == "decree":
        return _decree_moves(s)
    if ability == "assassin":
        others = [i for i in range(len(q)) if i != cur]
        return [("choose", a, b) for a in others for b in others if a != b]
    return list(map(_ELIMINATE.__getitem__, _targets(s, ability)))


_ELIMINATE: list[Move] = [("eliminate", i) for i in range(64)]  # a queue never holds more than 35 cards


# Decree moves depend only on the cursor, which stacks hold a single card and (P3) the top cards'
# colours: memoised (bounded). Speed only.
_DECREES: dict[tuple[Any, ...], tuple[Move, ...]] = {}


def _decree_moves(s: State) -> list[Move]:
    q = s.queue
    singles = tuple(map((1).__eq__, map(len, q)))
    if s.ed.decree_may_stack:
        key: tuple[Any, ...] = (s.cursor, singles, tuple(map(_OWNER_GET, map(_TOP_GET, q))))
    else:
        key = (s.cursor, singles)
    moves = _DECREES.get(key)
    if moves is None:
        if len(_DECREES) >= _MEMO_MAX:
            _DECREES.clear()
        moves = _DECREES[key] = tuple(_decree_moves_uncached(s))
    return list(moves)


def _decree_moves_uncached(s: State) -> list[Move]:
    q = s.queue
    n = len(q)
    cur = s.cursor
    out: list[Move] = []
    for p in range(n):
        if p == cur:
            continue
        single = len(q[p]) == 1
        for g in range(n + 1):
            if single and (g == p or g == p + 1):
                continue  # D13: only a move off a real stack may land next to it
            out.append(("move", p, g))
        if s.ed.decree_may_stack:  # P3
            colour = q[p][-1][OWNER]
            for t in range(n):
                if t != p and q[t][-1][OWNER] == colour:
                    out.append(("onto", p, t))
    return out


# ---------------------------------------------------------------- applying a move

def apply(s: State, m: Move, ev: Events) -> None:
    """Apply a legal move and run the game on to the next decision."""
    kind = m[0]
    ability = s.pending
    s.pending = None
    if kind == "stay":
        _stay(s, ev)
        advance(s, ev)
        return
    if kind == "place":
        _place(s, m[1], m[2], ev)
        if s.phase == PLACEMENT:  # the next player places (advance's first case, inlined)
            seats = s.seats
            s.to_act = seats[(s.first + s.placed) % len(seats)]
            s.pending = "place"
            return
    elif kind == "reveal":
        _reveal(s, ev)
    else:
        assert ability is not None
        _choose(s, m, ability, ev)
    if s.pending is None:  # a copied ability may already be asking for its target
        advance(s, ev)


def _place(s: State, card: str, where: Any, ev: Events) -> None:
    me = s.to_act
    assert me is not None
    s.hands[me].remove(card)
    qc: QCard = [card, me, False, 0]
    q = s.queue
    if where == "last":
        q.append([qc])
        if ev is not None:
            ev.append({"type": "placed", "player": me, "card": card, "where": where, "position": len(q),
                       "hidden": True})
    elif where == "first":
        q.insert(0, [qc])
        if ev is not None:
            ev.append({"type": "placed", "player": me, "card": card, "where": where, "position": 1,
                       "hidden": True})
    else:
        q[where].append(qc)
        if ev is not None:
            ev.append({"type": "placed", "player": me, "card": card, "where": "on", "position": where + 1,
                       "hidden": True})
    s.placed += 1
    if s.placed == len(s.seats):
        s.phase = RESOLUTION
        s.cursor = 0
        if ev is not None:
            ev.append({"type": "resolution_started", "round": s.round})


def _stay(s: State, ev: Events) -> None:
    top = s.queue[s.cursor][-1]
    if ev is not None:
        ev.append({"type": "stayed", "player": top[OWNER], "position": s.cursor + 1})
    if s.ed.tokens:
        top[TOKENS] += 1
        if ev is not None:
            ev.append({"type": "token_added", "player": top[OWNER], "position": s.cursor + 1,
                       "tokens": top[TOKENS]})
    s.cursor += 1


def _gain(s: State, who: str, amount: int, reason: str, ev: Events) -> None:
    s.scores[who] += amount
    if ev is not None and amount:
        ev.append({"type": "gained", "player": who, "amount": amount, "reason": reason,
                   "score": s.scores[who]})


def _reveal(s: State, ev: Events) -> None:
    cur = s.cursor
    stack = s.queue[cur]
    top = stack[-1]
    top[UP] = True
    name, owner = top[NAME], top[OWNER]
    if ev is not None:
        ev.append({"type": "revealed", "player": owner, "card": name, "position": cur + 1,
                   "tokens": top[TOKENS]})
    s.depth = len(stack) - 1
    s.gone = False
    on_reveal = ON_REVEAL.get(name)
    if on_reveal is not None:  # a one-shot whose whole effect is its owner's reveal
        on_reveal(s, top, ev)
        _finish(s, ev)
        return
    if s.ed.tokens_after_effect:
        s.take_tokens = True  # P1
    elif top[TOKENS]:
        _gain(s, owner, top[TOKENS], "tokens", ev)
        top[TOKENS] = 0
    _start(s, name, ev)


def advance(s: State, ev: Events) -> None:
    """Run automatic steps until someone must decide (or the game ends)."""
    while True:
        phase = s.phase
        if phase == RESOLUTION:
            q = s.queue
            cur = s.cursor
            if cur >= len(q):
                _end_round(s, ev)
                continue
            stack = q[cur]
            top = stack[-1]
            s.to_act = top[OWNER]
            if not top[UP]:
                s.pending = "reveal"
                return
            s.depth = len(stack) - 1
            s.gone = False
            s.take_tokens = False
            if _start(s, top[NAME], ev):
                return
        elif phase == PLACEMENT:
            s.to_act = s.seats[(s.first + s.placed) % len(s.seats)]
            s.pending = "place"
            return
        else:  # OVER
            s.to_act = None
            s.pending = None
            return


def _start(s: State, ability: str, ev: Events) -> bool:
    """Begin applying `ability` for the card at the cursor. True when its owner must now choose."""
    if ability in CHOICE_KIND:
        s.pending = ability
        if _ability_moves(s, ability):
            return True
        s.pending = None  # no legal target: the ability does nothing
    else:
        acts = ACTS_ALONE.get(ability)
        if acts is not None:
            acts(s, s.cursor, s.queue[s.cursor][s.depth], ev)
    _finish(s, ev)
    return False


def _choose(s: State, m: Move, ability: str, ev: Events) -> None:
    """The owner's choice for the resolving ability: its effect, then the card is done (unless a copied
    ability has begun and asks for a choice of its own)."""
    owner = s.queue[s.cursor][s.depth][OWNER]
    if CHOICE_EFFECTS[m[0]](s, m, ability, owner, ev):
        _finish(s, ev)


# ---------------------------------------------------------------- the abilities, card by card (RULES.md)
# Each acting-alone ability gets the resolving card and its position; each choice effect gets the
# chosen move and returns True when the resolving card is done.

def _heir(s: State, cur: int, card: QCard, ev: Events) -> None:
    """+2, unless another face-up Heir is in the queue."""
    name = card[NAME]
    for i, st in enumerate(s.queue):
        if i != cur and st[-1][UP] and st[-1][NAME] == name:
            return
    _gain(s, card[OWNER], 2, "heir", ev)


def _lord(s: State, cur: int, card: QCard, ev: Events) -> None:
    """+1, and +1 for each neighbouring top card of the same family."""
    q = s.queue
    owner = card[OWNER]
    n = 1
    if cur > 0 and q[cur - 1][-1][OWNER] == owner:
        n += 1
    if cur + 1 < len(q) and q[cur + 1][-1][OWNER] == owner:
        n += 1
    _gain(s, owner, n, "lord", ev)


def _queen(s: State, cur: int, card: QCard, ev: Events) -> None:
    """Prototype: +2, but next to a stack she is eliminated herself (D11)."""
    q = s.queue
    if any(0 <= i < len(q) and len(q[i]) > 1 for i in (cur - 1, cur + 1)):
        _eliminate(s, cur, card[OWNER], ev)
    else:
        _gain(s, card[OWNER], 2, "queen", ev)


def _ambush_revealed(s: State, card: QCard, ev: Events) -> None:
    """Revealed by its owner: its tokens go back to the supply, +1, then it is discarded."""
    card[TOKENS] = 0
    _gain(s, card[OWNER], 1, "ambush", ev)


def _conspiracy_revealed(s: State, card: QCard, ev: Events) -> None:
    """Twice its tokens, then it is discarded."""
    _gain(s, card[OWNER], 2 * card[TOKENS], "conspiracy", ev)
    card[TOKENS] = 0


def _eliminate_chosen(s: State, m: Move, ability: str, owner: str, ev: Events) -> bool:
    target = m[1]
    if s.ed.reveal_on_designation and not _designate(s, target, ev):
        return True
    _eliminate(s, target, owner, ev)
    if ability == "mercenaries" and not s.gone:  # then the Mercenaries (or their copier) go
        _eliminate(s, s.cursor, owner, ev)
    return True


def _steal_chosen(s: State, m: Move, ability: str, owner: str, ev: Events) -> bool:
    victim = m[1]
    amount = 1 if victim != owner and s.scores[victim] > 0 else 0
    s.scores[victim] -= amount
    s.scores[owner] += amount
    if ev is not None:
        ev.append({"type": "stolen", "player": owner, "victim": victim, "amount": amount,
                   "score": s.scores[owner], "victim_score": s.scores[victim]})
    return True


def _copy_chosen(s: State, m: Move, ability: str, owner: str, ev: Events) -> bool:
    target = m[1]
    if s.ed.reveal_on_designation and not _designate(s, target, ev):
        return True
    copied = s.queue[target][-1][NAME]
    if ev is not None:
        ev.append({"type": "copied", "player": owner, "position": s.cursor + 1,
                   "target": target + 1, "card": copied})
    if copied == "shapeshifter":  # D15: revealed by designation, nothing copied
        return True
    _start(s, copied, ev)
    return False


def _decree_chosen(s: State, m: Move, ability: str, owner: str, ev: Events) -> bool:
    _decree(s, m, ev)
    return True


def _assassin_chosen(s: State, m: Move, ability: str, owner: str, ev: Events) -> bool:
    _assassin(s, m[1], m[2], owner, ev)
    return True


def _designate(s: State, target: int, ev: Events) -> bool:
    """Prototype 👁: reveal a designated face-down card; an Ambush springs. False: ability stops."""
    q = s.queue
    card = q[target][-1]
    if card[UP]:
        return True
    card[UP] = True
    if ev is not None:
        ev.append({"type": "revealed", "player": card[OWNER], "card": card[NAME],
                   "position": target + 1, "designated": True})
    if card[NAME] != "ambush":
        return True
    acting = q[s.cursor][s.depth]
    attacker = acting[OWNER]
    victim = card[OWNER]
    if ev is not None:
        ev.append({"type": "ambushed", "player": victim, "attacker": attacker, "card": acting[NAME],
                   "position": target + 1})
    # Both leave without the usual +1; remove the later position first so indices stay valid.
    first_pos, second_pos = sorted((target, s.cursor))
    _remove_top(s, second_pos, "eliminated", attacker, ev)
    _remove_top(s, first_pos, "eliminated", attacker, ev)
    if attacker != victim:
        _gain(s, victim, 3, "ambush", ev)
    return False


def _remove_top(s: State, pos: int, how: str, by: str | None, ev: Events) -> None:
    """Take the top card at `pos` to its owner's discard, keeping the cursor on the resolving stack."""
    q = s.queue
    stack = q[pos]
    card = stack.pop()
    if pos == s.cursor and len(stack) == s.depth:
        s.gone = True
    s.discard[card[OWNER]].append(card[NAME])
    if ev is not None:
        e = {"type": how, "player": card[OWNER], "card": card[NAME], "position": pos + 1,
             "tokens": card[TOKENS]}
        if by is not None:
            e["by"] = by
        ev.append(e)
    if not stack:
        del q[pos]
        if pos < s.cursor:
            s.cursor -= 1


def _eliminate(s: State, pos: int, attacker: str, ev: Events) -> None:
    q = s.queue
    target = q[pos][-1]
    victim = target[OWNER]
    ed = s.ed
    if target[NAME] == "ambush" and not ed.reveal_on_designation:
        acting = q[s.cursor][s.depth]
        if ev is not None:
            ev.append({"type": "ambushed", "player": victim, "attacker": attacker,
                       "card": acting[NAME], "position": pos + 1})
        _remove_top(s, pos, "eliminated", attacker, ev)
        _gain(s, attacker, 1, "eliminate", ev)
        _gain(s, victim, 4 if attacker != victim else 1, "ambush", ev)
        # D7/D17 (retail): the attacking card is discarded too, if it is still in the queue.
        if ed.ambush_discards_attacker and not s.gone:
            _discard_resolving(s, ev)
        return
    _remove_top(s, pos, "eliminated", attacker, ev)
    if ed.score_own_eliminations or victim != attacker:
        _gain(s, attacker, 1, "eliminate", ev)


def _discard_resolving(s: State, ev: Events) -> None:
    """Discard the resolving card from wherever it lies in its stack (P3 may have covered it)."""
    stack = s.queue[s.cursor]
    if s.depth == len(stack) - 1:
        _remove_top(s, s.cursor, "discarded", None, ev)
        return
    card = stack.pop(s.depth)
    s.gone = True
    s.discard[card[OWNER]].append(card[NAME])
    if ev is not None:
        ev.append({"type": "discarded", "player": card[OWNER], "card": card[NAME],
                   "position": s.cursor + 1, "tokens": card[TOKENS]})


def _decree(s: State, m: Move, ev: Events) -> None:
    q = s.queue
    p = m[1]
    card = q[p].pop()
    if ev is not None:
        e: dict[str, Any] = {"type": "moved", "player": card[OWNER], "from": p + 1,
                             "onto" if m[0] == "onto" else "to": m[2] + 1}
        e["card"] = card[NAME]
        if not card[UP]:
            e["hidden"] = True  # redaction drops the name for everyone but the owner
        ev.append(e)
    if m[0] == "onto":
        q[m[2]].append(card)
        if not q[p]:
            del q[p]
            if p < s.cursor:
                s.cursor -= 1
        return
    g = m[2]
    if not q[p]:
        del q[p]
        if p < s.cursor:
            s.cursor -= 1
        if g > p:
            g -= 1
    q.insert(g, [card])
    if g <= s.cursor:
        s.cursor += 1


def _assassin(s: State, a: int, b: int, owner: str, ev: Events) -> None:
    """Prototype Assassin: designate two cards in order (👁); same name: eliminate both."""
    q = s.queue
    card_a, card_b = q[a][-1], q[b][-1]
    if not _designate(s, a, ev):
        return
    # An elimination may have shifted positions; find the second card again by identity.
    b = next(i for i, st in enumerate(q) if st[-1] is card_b)
    if not _designate(s, b, ev):
        return
    if card_a[NAME] != card_b[NAME]:
        return
    for target in (card_a, card_b):
        pos = next(i for i, st in enumerate(q) if st[-1] is target)
        _eliminate(s, pos, owner, ev)


def _finish(s: State, ev: Events) -> None:
    """The resolving card is done: P1 tokens, one-shot discard, and where resolution goes on (D2)."""
    s.pending = None
    if not s.gone:
        stack = s.queue[s.cursor]
        card = stack[s.depth]
        if s.take_tokens and card[TOKENS]:
            _gain(s, card[OWNER], card[TOKENS], "tokens", ev)
            card[TOKENS] = 0
        if card[NAME] in ONE_SHOT:
            _discard_resolving(s, ev)
        else:
            s.cursor += 1
    s.take_tokens = False
    s.gone = False


def _end_round(s: State, ev: Events) -> None:
    if ev is not None:
        ev.append({"type": "round_ended", "round": s.round, "scores": dict(s.scores)})
    if s.round >= s.ed.rounds:
        s.phase = OVER
        if ev is not None:
            ev.append({"type": "game_over", "scores": dict(s.scores), "ranking": ranking(s)})
        return
    s.round += 1
    s.first = (s.first + 1) % len(s.seats)
    s.phase = PLACEMENT
    s.placed = 0
    s.cursor = 0
    if ev is not None:
        ev.append({"type": "round_started", "round": s.round, "first": s.seats[s.first]})


def queue_count(s: State, colour: str) -> int:
    return sum(1 for st in s.queue for c in st if c[OWNER] == colour)


def ranking(s: State) -> list[list[str]]:
    """Places, best first: score, then cards in the queue (D8), then a shared place."""
    key = {c: (s.scores[c], queue_count(s, c)) for c in s.seats}
    places: list[list[str]] = []
    for c in sorted(s.seats, key=lambda c: key[c], reverse=True):
        if places and key[places[-1][0]] == key[c]:
            places[-1].append(c)
        else:
            places.append([c])
    return places


# The tables the resolution consults (CHOICE_KIND, above, lists the abilities that ask for a choice).
ACTS_ALONE: dict[str, Callable[[State, int, QCard, Events], None]] = {
    "heir": _heir, "lord": _lord, "queen": _queen,
}
ON_REVEAL: dict[str, Callable[[State, QCard, Events], None]] = {
    "ambush": _ambush_revealed, "conspiracy": _conspiracy_revealed,
}
CHOICE_EFFECTS: dict[str, Callable[[State, Move, str, str, Events], bool]] = {
    "eliminate": _eliminate_chosen, "steal": _steal_chosen, "copy": _copy_chosen,
    "move": _decree_chosen, "onto": _decree_chosen, "choose": _assassin_chosen,
}
