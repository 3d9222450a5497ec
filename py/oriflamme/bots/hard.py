"""The search bot: single-observer Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

Each iteration deals the hidden cards afresh, consistently with the bot's view (`sampling.Sampler`:
opponents' hands, asides and face-down cards, drawn from what each family has not shown), then walks one
tree shared by all deals. A node's children are moves; only those legal in the current deal compete,
and UCB uses each child's availability count instead of its parent's visits (the subset-armed bandit of
the paper). Payoffs are per player (`common.payoffs`: a win, shared on a tie, plus a margin bonus), and
each node is judged by the player who moved into it. Playouts follow a cheap policy
(`common.policy_step`) on the engine's fast path and stop after a horizon of rounds, where the static
estimate of final scores stands in for the rest of the game. The most visited move is played.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from .. import engine
from ..actions import to_text
from ..engine import Move
from ..sampling import Sampler
from ..state import PLACEMENT, RESOLUTION
from .common import payoffs, policy_step

DEFAULT_BUDGET_MS = 600.0
DEFAULT_ITERATIONS = 20_000


class Node:
    __slots__ = ("avail", "children", "player", "reward", "visits")

    def __init__(self, player: str | None) -> None:
        self.player = player  # who made the move leading here
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class HardBot:
    level = "hard"
    exploration = 0.7
    horizon = 1  # rounds searched beyond the current one before the estimate takes over

    def __init__(self, seed: int, budget_ms: float | None = None, iterations: int | None = None) -> None:
        self.rng = random.Random(seed)
        if budget_ms is None and iterations is None:
            budget_ms = DEFAULT_BUDGET_MS
        self.budget_ms = budget_ms
        self.iterations = iterations if iterations is not None else DEFAULT_ITERATIONS
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = self.search(view)
        if not root.children:
            return legal_actions[0]
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]
        text = to_text(best)
        return text if text in legal_actions else legal_actions[0]

    def search(self, view: dict[str, Any]) -> Node:
        rng = self.rng
        sampler = Sampler(view)
        root = Node(None)
        stop_round = view["round"] + self.horizon
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000.0
        c = self.exploration
        legal_moves, apply = engine.legal_moves, engine.apply
        it = 0
        while it < self.iterations:
            if deadline is not None and it & 7 == 0 and it and time.perf_counter() > deadline:
                break
            it += 1
            s = sampler.sample(rng)
            node = root
            path: list[Node] = []
            # Selection and expansion, within the horizon.
            while s.phase == RESOLUTION or (s.phase == PLACEMENT and s.round <= stop_round):
                moves = legal_moves(s)
                if len(moves) == 1:
                    apply(s, moves[0], None)
                    continue
                kids = node.children
                untried = []
                best: Node | None = None
                best_m: Move | None = None
                best_u = -1.0
                for m in moves:
                    ch = kids.get(m)
                    if ch is None:
                        untried.append(m)
                        continue
                    ch.avail += 1
                    if not untried:
                        u = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                        if u > best_u:
                            best_u, best, best_m = u, ch, m
                player = s.to_act
                if untried:
                    m = untried[rng.randrange(len(untried))]
                    child = Node(player)
                    kids[m] = child
                    apply(s, m, None)
                    path.append(child)
                    break
                assert best is not None and best_m is not None
                apply(s, best_m, None)
                path.append(best)
                node = best
            # Playout with the cheap policy, up to the horizon.
            while s.phase == RESOLUTION or (s.phase == PLACEMENT and s.round <= stop_round):
                apply(s, policy_step(s, rng), None)
            pay = payoffs(s)
            for n in path:
                n.visits += 1
                n.reward += pay[n.player] if n.player is not None else 0.0
        self.last_iterations = it
        return root
