"""The search bots' core: single-observer Information Set Monte Carlo Tree Search (Cowling, Powley &
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), over any game.

Each iteration deals the hidden cards afresh, consistently with the bot's view (the game's `sample`),
then walks one tree shared by all deals. A node's children are moves; only those legal in the current
deal compete, and UCB uses each child's availability count instead of its parent's visits (the
subset-armed bandit of the paper). Payoffs are per player in [0, 1] and each node is judged by the
player who moved into it. Past the tree, playouts follow the game's cheap policy until the game's
horizon (`live` turns false), where its evaluation stands in for the rest of the game. The most
visited move is played.

A game brings only its `SearchGame`: how to deal from a view, its fast moves, its playout policy and its
evaluation (`oriflamme.bots.hard`, `lieux.bots`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")  # the game's own fast state
M = TypeVar("M", bound=Hashable)  # its moves


class SearchGame(Protocol[S, M]):
    """One game's side of a search, made from the searcher's view."""

    def sample(self, rng: random.Random) -> S: ...  # a full state consistent with the view

    def live(self, s: S) -> bool: ...  # still inside the search's horizon

    def moves(self, s: S) -> Sequence[M]: ...  # legal moves of the player to act

    def to_act(self, s: S) -> str | None: ...

    def apply(self, s: S, m: M) -> Any: ...  # plays a move on the state in place

    def playout(self, s: S, rng: random.Random) -> None: ...  # the cheap policy past the tree, to the horizon

    def payoffs(self, s: S) -> dict[str, float]: ...  # per player, in [0, 1]

    def text(self, m: M) -> str: ...  # the move as an action string

    # With `tags`, a node's children are keyed by (move, tag(s)): what the player to act knows that the
    # searcher does not (an opponent's own face-down card), so the tree models each case apart.
    # Such a game may also have `seen(m)`: what the others see of a tagged move when it hides something
    # (where a face-down card went, not which), or None when they see it whole, tag included (a revealed
    # card: its name). Its statistics stay keyed by the move, but the tree goes on below from one node
    # per thing seen, so the searcher's later choices cannot depend on what it could not see (the leak of
    # single-observer search).
    # A game may instead have `observers` (its players, the searcher first): then every player has a tree
    # of its own, where the others' moves lead on by what that player sees of them (multiple-observer
    # ISMCTS): opponents in the search no longer know the searcher's face-down cards either.
    # With `observers`, a game may also have `bluff` (a share of the iterations, 0 to 1) with
    # `sample_public(rng)`, a deal where the searcher's own hidden cards are dealt as its opponents see
    # them, `step(s, rng)`, a move of its cheap policy, and `shown(s, m)`, what the others see of a move
    # before it is played: that share of iterations plays the searcher by the policy on such deals and
    # teaches only the opponents' trees, so they no longer learn which face-down cards the searcher holds.
    # A game may also have `exploration`: UCB's constant for this search, in place of the bot's.
    tags: bool

    def tag(self, s: S) -> Hashable | None: ...


class _Restricted(Generic[S, M]):
    """A game whose first decision of every deal (the root) offers only some of its moves."""

    def __init__(self, game: SearchGame[S, M], only: frozenset[str]) -> None:
        self.inner = game
        self.only = only
        self.at_root = False
        self.tags = game.tags
        self.live, self.to_act, self.apply = game.live, game.to_act, game.apply
        self.playout, self.payoffs, self.text, self.tag = game.playout, game.payoffs, game.text, game.tag
        exploration = getattr(game, "exploration", None)  # the game's own UCB constant, if it has one
        if exploration is not None:
            self.exploration: float = exploration

    def sample(self, rng: random.Random) -> S:
        self.at_root = True  # the search asks the root's moves first after each deal
        return self.inner.sample(rng)

    def moves(self, s: S) -> Sequence[M]:
        moves = self.inner.moves(s)
        if self.at_root:
            self.at_root = False
            kept = [m for m in moves if self.inner.text(m) in self.only]
            return kept or moves
        return moves


class Node:
    __slots__ = ("after", "avail", "children", "player", "reward", "visits")

    def __init__(self, player: str | None) -> None:
        self.player = player  # who made the move leading here
        self.children: dict[Any, Node] = {}
        self.after: dict[Any, Node] | None = None  # what follows a hidden move, by what was seen of it
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def _follow(node: Node, seen: Any) -> Node:
    """The node that follows `node` when a move seen as `seen` is played there by someone else."""
    after = node.after
    if after is None:
        node.after = after = {}
    nxt = after.get(seen)
    if nxt is None:
        nxt = after[seen] = Node(None)
    return nxt


class ISMCTS(Generic[S, M]):
    """A search bot: subclasses say how to make their game's `SearchGame` from a view."""

    level = "hard"
    exploration = 0.7
    default_budget_ms = 600.0
    default_iterations = 20_000

    def __init__(self, seed: int | None, budget_ms: float | None = None,
                 iterations: int | None = None, cpu_clock: bool = False) -> None:
        self.rng = random.Random(seed)
        # The arena bounds moves by this process's CPU time, so bots on a loaded machine think equally.
        self.clock = time.process_time if cpu_clock else time.perf_counter
        if budget_ms is None and iterations is None:
            budget_ms = self.default_budget_ms
        self.budget_ms = budget_ms
        self.iterations = iterations if iterations is not None else self.default_iterations
        self.last_iterations = 0
        self.last_trees: dict[Any, Node] | None = None

    def game(self, view: dict[str, Any]) -> SearchGame[S, M]:
        raise NotImplementedError

    def root_prior(self, view: dict[str, Any], legal_actions: list[str]) -> dict[Any, float] | None:
        """A bonus per root move that fades with its visits (progressive bias); none for plain ISMCTS."""
        return None

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        if len(legal_actions) == 1:
            return legal_actions[0]
        start = self.clock()  # whatever the bot computes before its search counts against its budget
        prior = self.root_prior(view, legal_actions)
        game = self.game(view)
        root = self.run(game, prior, start)
        if not root.children:
            return legal_actions[0]
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]
        text = game.text(best)
        return text if text in legal_actions else legal_actions[0]

    def evaluate(self, view: dict[str, Any], legal_actions: list[str],
                 only: Sequence[str] | None = None) -> dict[str, tuple[float, int]]:
        """Each root move's mean payoff for the player to act and its visits, by action string: how the
        search rates the moves rather than which it plays (the post-game review). With `only`, the
        search spends its whole budget on those moves (a played move the full search barely visited)."""
        start = self.clock()
        prior = self.root_prior(view, legal_actions)
        game: SearchGame[S, M] = self.game(view)
        if only is not None:
            game = _Restricted(game, frozenset(only))
        root = self.run(game, prior, start)
        out: dict[str, tuple[float, int]] = {}
        for key, child in root.children.items():
            text = game.text(key)  # the searcher's own decision: never keyed by a tag
            value, visits = out.get(text, (0.0, 0))
            total = visits + child.visits
            if total:
                out[text] = ((value * visits + child.reward) / total, total)
        return out

    def search(self, view: dict[str, Any], prior: dict[Any, float] | None = None,
               start: float | None = None) -> Node:
        return self.run(self.game(view), prior, start)

    def run(self, game: SearchGame[S, M], prior: dict[Any, float] | None = None,
            start: float | None = None) -> Node:
        rng = self.rng
        # Multiple-observer search: one tree per player, each keyed by what its owner sees of the moves
        # (`observers`: the players, the searcher first). Else one tree for all.
        observers: Sequence[Any] | None = getattr(game, "observers", None)
        roots = None if observers is None else {p: Node(None) for p in observers}
        root = Node(None) if roots is None or observers is None else roots[observers[0]]
        nodes: dict[Any, Node] | None = None
        clock = self.clock
        if start is None:
            start = clock()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000.0
        c = getattr(game, "exploration", self.exploration)  # a game may bring its own (per player count)
        sample, live, legal_moves, apply = game.sample, game.live, game.moves, game.apply
        to_act, playout, payoffs = game.to_act, game.playout, game.payoffs
        tag_of = game.tag if game.tags else None
        seen_of = getattr(game, "seen", None) if game.tags else None
        bluff: float = getattr(game, "bluff", 0.0) if observers is not None else 0.0
        me = None if observers is None else observers[0]
        shown = getattr(game, "shown", None) if bluff else None
        it = 0
        while it < self.iterations:
            if deadline is not None and it & 7 == 0 and it and clock() > deadline:
                break
            it += 1
            # A bluff iteration: the searcher's own hidden cards dealt as the opponents see them.
            pretend = bluff > 0.0 and rng.random() < bluff
            s = game.sample_public(rng) if pretend else sample(rng)  # type: ignore[attr-defined]
            node = root
            if roots is not None:
                nodes = dict(roots)
                if pretend:
                    del nodes[me]  # the searcher's tree learns nothing from cards it does not hold
            path: list[Node] = []
            # Selection and expansion, within the horizon.
            while live(s):
                moves = legal_moves(s)
                if len(moves) == 1:
                    apply(s, moves[0])
                    continue
                player = to_act(s)
                if pretend and player == me:  # played by the cheap policy; the others see what it shows
                    assert nodes is not None and shown is not None
                    m = game.step(s, rng)  # type: ignore[attr-defined]
                    key = shown(s, m)
                    apply(s, m)
                    for q, n in nodes.items():
                        nodes[q] = _follow(n, key)
                    continue
                if nodes is not None:
                    node = nodes[player]
                kids = node.children
                untried = []
                best: Node | None = None
                best_m: M | None = None
                best_u = -1.0
                tag = None if tag_of is None else tag_of(s)
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
                if untried:
                    m = untried[rng.randrange(len(untried))]
                    child = Node(player)
                    kids[m if tag is None else (m, tag)] = child
                    apply(s, m)
                    path.append(child)
                    break
                assert best is not None and best_m is not None
                if nodes is not None and shown is not None:  # read before the move: it names a revealed card
                    key = shown(s, best_m)
                apply(s, best_m)
                path.append(best)
                if nodes is not None:  # each other player's tree goes on from what it saw of the move
                    if shown is None:
                        seen = None if seen_of is None else seen_of(best_m)
                        key = seen if seen is not None else best_m if tag is None else (best_m, tag)
                    for q, n in nodes.items():
                        if q != player:
                            nodes[q] = _follow(n, key)
                    nodes[player] = best
                    continue
                seen = None if tag is None or seen_of is None else seen_of(best_m)
                # An opponent's hidden move: the tree goes on from what was seen of it, whichever it was.
                node = best if seen is None else _follow(node, seen)
            playout(s, rng)  # the game's own loop: the bulk of the time, so no call per step here
            pay = payoffs(s)
            for n in path:
                n.visits += 1
                n.reward += pay[n.player] if n.player is not None else 0.0
        self.last_iterations = it
        self.last_trees = roots  # each player's tree of a multiple-observer search, for inspection
        return root
