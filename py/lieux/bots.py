"""Bots for Château, Village & Port. They see only a player's view and the legal actions."""

from __future__ import annotations

import math
import random
from typing import Any

from tabletop.search import ISMCTS

from . import rules
from .sampling import determinize
from .state import State

View = dict[str, Any]
Row = list[tuple[str, int]]


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"
    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal_actions: list[str]) -> str:
        return self._rng.choice(legal_actions)


# ------------------------------------------------------------------ heuristic helpers

def _rows(view: View) -> dict[str, Row]:
    return {p["id"]: [(c["owner"], c["value"]) for c in p["cards"]] for p in view["places"]}


def _tables(view: View) -> dict[str, list[Any]]:
    return {p["id"]: list(p["rewards"]) for p in view["places"]}


def _insert(row: Row, card: tuple[str, int], side: str | None) -> tuple[Row, int]:
    v = card[1]
    lo = next((i for i, (_o, x) in enumerate(row) if x <= v), len(row))
    hi = next((i for i, (_o, x) in enumerate(row) if x < v), len(row))
    k = hi if side == "right" else lo
    return [*row[:k], card, *row[k:]], k


def _reward_value(spec: Any, value: int, row_len: int, players: int) -> float:
    if spec == "half":
        return float((value + 1) // 2)
    if spec == "per-card":
        return float(row_len)
    if spec == "steal":
        return float(players - 1) * 0.8
    return float(spec)


def projected(row: Row, k: int, place: str, table: list[Any], players: int) -> float:
    """What the card at index k of `row` would earn if the round ended now."""
    owner_value = row[k][1]
    if owner_value == 15 and any(v == 11 for _o, v in row):
        return 0.0
    traitor = any(v == 7 for _o, v in row)
    rank = len(row) - 1 - k if traitor else k
    if rank >= len(table):
        return 0.1 * owner_value / 15  # stays on the table for the next round
    r = _reward_value(table[rank], owner_value, len(row), players)
    if place == "port" and owner_value == 2:
        r *= 2
    return r


def _place_total(row: Row, place: str, table: list[Any], players: int, me: str) -> float:
    """My projected gold from a place minus the average of what opponents get there."""
    mine = 0.0
    theirs = 0.0
    for k, (owner, value) in enumerate(row):
        r = projected(row, k, place, table, players)
        if value == 14:  # Princess: every other card's owner +1
            for j, (o2, _v2) in enumerate(row):
                if j != k:
                    if o2 == me:
                        mine += 1
                    else:
                        theirs += 1
        if value == 6:  # Merchant
            r += sum(1 for _o, v in row if v < 6)
        if owner == me:
            mine += r
        else:
            theirs += r
    return mine - theirs / max(1, players - 1)


def _board_score(rows: dict[str, Row], tables: dict[str, list[Any]], players: int, me: str) -> float:
    return sum(_place_total(rows[p], p, tables[p], players, me) for p in rows)


class HeuristicBot:
    """Greedy: scores each legal action by the round-end gold it projects for itself against the others."""

    name = "heuristic"
    level = "normal"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal_actions: list[str]) -> str:
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = view["viewer"]
        scored = [(self._score(view, me, a), i, a) for i, a in enumerate(legal_actions)]
        best = max(s for s, _i, _a in scored)
        ties = [a for s, _i, a in scored if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self._rng.choice(ties)

    # -- scoring -------------------------------------------------------------
    def _score(self, view: View, me: str, action: str) -> float:
        t = action.split()
        rows = _rows(view)
        tables = _tables(view)
        n = len(view["seats"])
        base = _board_score(rows, tables, n, me)
        if t[0] == "select":
            v = int(t[1])
            best = max(self._put_gain(view, me, rows, tables, v, p) for p in rows)
            # keep strong cards for later turns, a little
            turns_left = int(view["turns"]) - int(view["turn"])
            return best - 0.05 * v * turns_left
        if t[0] == "put":
            v = int(t[1])
            return self._put_gain(view, me, rows, tables, v, t[2], t[3] if len(t) > 3 else None)
        if t[0] == "target":
            victim = t[1]
            gold = view["gold"].get(victim)
            lead = float(gold) if gold is not None else 0.0
            if len(t) == 3:  # Strategist: send the victim where a middling card earns least
                dest_row, k = _insert(rows[t[2]], (victim, 8), None)
                return lead * 0.01 - projected(dest_row, k, t[2], tables[t[2]], n)
            return lead
        if t[0] == "discard":
            place, pos = t[1].split(":")
            new = dict(rows)
            new[place] = rows[place][: int(pos) - 1] + rows[place][int(pos):]
            return _board_score(new, tables, n, me) - base
        if t[0] == "move":
            place, pos = t[1].split(":")
            card = rows[place][int(pos) - 1]
            new = dict(rows)
            new[place] = rows[place][: int(pos) - 1] + rows[place][int(pos):]
            new[t[3]], _k = _insert(new[t[3]], card, t[4] if len(t) > 4 else None)
            return _board_score(new, tables, n, me) - base
        if t[0] == "copy":
            place, pos = t[1].split(":")
            value: int = rows[place][int(pos) - 1][1]
            weights: dict[int, float] = {11: 2.0, 5: 1.5, 12: 1.2, 4: 1.0, 1: 0.5}
            return weights.get(value, 0.8)
        return 0.0

    def _put_gain(self, view: View, me: str, rows: dict[str, Row], tables: dict[str, list[Any]], v: int,
                  place: str, side: str | None = None) -> float:
        n = len(view["seats"])
        forced = (view.get("decision") or {}).get("forced")
        if forced and place != forced and view.get("phase") == "place":
            return -99.0
        before = _board_score(rows, tables, n, me)
        new = dict(rows)
        new[place], k = _insert(rows[place], (me, v), side)
        gain = _board_score(new, tables, n, me) - before
        row = new[place]
        adjacent = [row[j] for j in (k - 1, k + 1) if 0 <= j < len(row)]
        if v == 11 and any(o != me for o, _v in adjacent):
            gain += 2
        if v in (5, 12) and any(o != me for o, _v in adjacent):
            gain += 1
        if v == 1:
            others = [c for c in row if c != (me, v)]
            if others:
                gain += -1.5 if others[0][0] == me else 1.5
        return gain


class LieuxSearch:
    """Château, Village & Port's side of a search (`tabletop.search`): deals from `sampling.determinize`,
    the rules' action strings as moves, uniformly random playouts to the end of the current round (when
    the places pay out), then each player's gold lead over the best other, squashed into [0, 1]."""

    moves = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    to_act = staticmethod(rules.to_act)
    tags = False  # every player's choice is keyed by the move alone

    @staticmethod
    def tag(s: State) -> None:
        return None

    def __init__(self, view: View) -> None:
        self.view = view
        self.round = view["round"]

    def sample(self, rng: random.Random) -> State:
        return determinize(self.view, rng)

    def live(self, s: State) -> bool:
        return s.phase != "over" and s.round == self.round

    def playout(self, s: State, rng: random.Random) -> None:
        while self.live(s):
            acts = rules.legal_actions(s)
            rules.apply(s, acts[rng.randrange(len(acts))])

    @staticmethod
    def payoffs(s: State) -> dict[str, float]:
        over = s.phase == "over"
        out = {}
        for c, g in s.gold.items():
            m = g - max(v for d, v in s.gold.items() if d != c)
            if over:
                win = 1.0 if m > 0 else 0.5 if m == 0 else 0.0
                out[c] = 0.8 * win + 0.2 * (0.5 + 0.5 * math.tanh(m / 4))
            else:
                out[c] = 0.5 + 0.5 * math.tanh(m / 3)
        return out

    @staticmethod
    def text(m: str) -> str:
        return m


class SearchBot(ISMCTS[State, str]):
    """The hard bot: ISMCTS over sampled deals; strictly view-only, like the others."""

    name = "search"
    level = "hard"
    default_iterations = 240

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 budget_ms: float | None = None) -> None:
        if iterations is None and budget_ms is None:
            iterations = self.default_iterations
        super().__init__(seed, budget_ms=budget_ms, iterations=iterations)

    def game(self, view: View) -> LieuxSearch:
        return LieuxSearch(view)


Bot = RandomBot | HeuristicBot | SearchBot
LEVELS = ("random", "easy", "normal", "heuristic", "hard", "expert")


def make_bot(level: str, seed: int | None = 0, budget_ms: float | None = None,
             iterations: int | None = None) -> Bot:
    """A bot for lieux, with the levels of `oriflamme.bots.make_bot`: `random`; `easy`, `normal` and
    `heuristic` are the heuristic bot; `hard` and `expert` are the search bot, this game's strongest
    (`iterations` and/or `budget_ms` bound it; with neither, 240 iterations)."""
    if level == "random":
        return RandomBot(seed)
    if level in ("easy", "normal", "heuristic"):
        return HeuristicBot(seed)
    if level in ("hard", "expert"):
        if iterations is None and budget_ms is None:
            iterations = 240
        return SearchBot(seed, iterations=iterations, budget_ms=budget_ms)
    raise ValueError(f"level: unknown bot level {level!r} for lieux (known: {', '.join(LEVELS)})")
