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
from ..state import NAME, PLACEMENT, RESOLUTION
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
    # Key an opponent's reveal-or-stay by the card it holds there, so the tree models that opponent
    # choosing with what it knows (its own card) rather than one choice for every card it might be.
    split_reveals = False

    def __init__(self, seed: int, budget_ms: float | None = None, iterations: int | None = None,
                 cpu_clock: bool = False) -> None:
        self.rng = random.Random(seed)
        # The arena bounds moves by this process's CPU time, so bots on a loaded machine think equally.
        self.clock = time.process_time if cpu_clock else time.perf_counter
        if budget_ms is None and iterations is None:
            budget_ms = DEFAULT_BUDGET_MS
        self.budget_ms = budget_ms
        self.iterations = iterations if iterations is not None else DEFAULT_ITERATIONS
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        if len(legal_actions) == 1:
            return legal_actions[0]
        start = self.clock()  # whatever the bot computes before its search counts against its budget
        root = self.search(view, self.root_prior(view, legal_actions), start)
        if not root.children:
            return legal_actions[0]
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]
        text = to_text(best)
        return text if text in legal_actions else legal_actions[0]

    def sampler(self, view: dict[str, Any]) -> Sampler:
        """Deals hidden cards for the search: uniformly among those the view allows."""
        return Sampler(view)

    def root_prior(self, view: dict[str, Any], legal_actions: list[str]) -> dict[Move, float] | None:
        """A bonus per root move that fades with its visits (progressive bias); none for plain ISMCTS."""
        return None

    def search(self, view: dict[str, Any], prior: dict[Move, float] | None = None,
               start: float | None = None) -> Node:
        rng = self.rng
        sampler = self.sampler(view)
        root = Node(None)
        stop_round = view["round"] + self.horizon
        clock = self.clock
        if start is None:
            start = clock()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000.0
        c = self.exploration
        me = view["viewer"]
        split = self.split_reveals
        legal_moves, apply = engine.legal_moves, engine.apply
        it = 0
        while it < self.iterations:
            if deadline is not None and it & 7 == 0 and it and clock() > deadline:
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
                tag = s.queue[s.cursor][-1][NAME] if split and s.pending == "reveal" and s.to_act != me \
                    else None
                for m in moves:
                    ch = kids.get(m if tag is None else (m, tag))
                    if ch is None:
                        untried.append(m)
                        continue
                    ch.avail += 1
                    if not untried:
                        u = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                        if prior is not None and node is root:
                            u += prior.get(m, 0.0) / (ch.visits + 1)
                        if u > best_u:
                            best_u, best, best_m = u, ch, m
                player = s.to_act
                if untried:
                    m = untried[rng.randrange(len(untried))]
                    child = Node(player)
                    kids[m if tag is None else (m, tag)] = child
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
