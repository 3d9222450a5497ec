"""An independent, deliberately plain model of RULES.md, used to cross-check the engine in random games.

It shares no code with `oriflamme`: cards are objects tracked by identity, the resolution is a generator
that yields each decision (who decides, the legal actions) and receives the chosen action, and "what
resolves next" (D2) is a mark on a stack that follows the queue as cards leave it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

ONE_SHOT = {"assassination", "decree", "ambush", "conspiracy"}
END = object()  # mark: resolution continues past the end of the queue

Decision = tuple[str | None, list[str]]


class Card:
    __slots__ = ("name", "owner", "tokens", "up")

    def __init__(self, name: str, owner: str, up: bool = False, tokens: int = 0) -> None:
        self.name, self.owner, self.up, self.tokens = name, owner, up, tokens


class Oracle:
    """Start from a position at a placement turn, or in resolution before the card at the cursor."""

    def __init__(self, d: dict[str, Any]) -> None:
        assert d["phase"] in ("placement", "resolution") and "pending" not in d
        self.edition = d["edition"]
        self.proto = self.edition == "prototype"
        self.rounds = 7 if self.proto else 6
        self.seats: list[str] = list(d["seats"])
        self.round: int = d["round"]
        self.first = self.seats.index(d["first"])
        self.phase = d["phase"]
        if self.phase == "placement":
            self.placed = (self.seats.index(d["to_act"]) - self.first) % len(self.seats)
        else:
            self.placed = len(self.seats)
        self.scores: dict[str, int] = dict(d["scores"])
        self.hands = {c: list(v) for c, v in d["hands"].items()}
        self.discard = {c: list(v) for c, v in d["discard"].items()}
        self.queue: list[list[Card]] = [
            [Card(c["card"], c["owner"], c["face_up"], c["tokens"]) for c in st] for st in d["queue"]]
        self.cursor = d["cursor"] - 1 if self.phase == "resolution" else 0
        self.res: Card | None = None
        self.mark: Any = None
        self.gen = self._run()
        self.decision: Decision = next(self.gen)

    # ------------------------------------------------------------ API
    @property
    def to_act(self) -> str | None:
        return self.decision[0]

    def legal(self) -> list[str]:
        return list(self.decision[1])

    def play(self, action: str) -> None:
        assert action in self.decision[1], (action, self.decision)
        self.decision = self.gen.send(action)

    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "round": self.round,
            "first": self.seats[self.first],
            "to_act": self.to_act,
            "cursor": self._cursor() + 1 if self.phase == "resolution" else None,
            "scores": dict(self.scores),
            "hands": {c: sorted(v) for c, v in self.hands.items()},
            "discard": {c: sorted(v) for c, v in self.discard.items()},
            "queue": [[(c.name, c.owner, c.up, c.tokens) for c in st] for st in self.queue],
            "legal": sorted(self.legal()),
        }

    def _cursor(self) -> int:
        if self.res is not None and self.pos(self.res) >= 0:
            return self.pos(self.res)
        return self.cursor

    # ------------------------------------------------------------ rounds
    def _run(self) -> Generator[Decision, str, None]:
        while True:
            n = len(self.seats)
            while self.placed < n:
                p = self.seats[(self.first + self.placed) % n]
                a = yield (p, self._placements(p))
                self._place(p, a)
                self.placed += 1
            if self.phase == "placement":
                self.phase = "resolution"
                self.cursor = 0
            while self.cursor < len(self.queue):
                yield from self._resolve_cursor()
            if self.round == self.rounds:
                self.phase = "over"
                while True:
                    yield (None, [])
            self.round += 1
            self.first = (self.first + 1) % n
            self.placed = 0
            self.phase = "placement"

    def _placements(self, p: str) -> list[str]:
        out = []
        for card in sorted(set(self.hands[p])):
            out += [f"place {card} first", f"place {card} last"]
            out += [f"place {card} on {i + 1}" for i, st in enumerate(self.queue) if st[-1].owner == p]
        return out

    def _place(self, p: str, a: str) -> None:
        _, card, where, *rest = a.split()
        self.hands[p].remove(card)
        c = Card(card, p)
        if where == "first":
            self.queue.insert(0, [c])
        elif where == "last":
            self.queue.append([c])
        else:
            self.queue[int(rest[0]) - 1].append(c)

    # ------------------------------------------------------------ queue helpers
    def pos(self, card: Card) -> int:
        for i, st in enumerate(self.queue):
            if any(x is card for x in st):
                return i
        return -1

    def remove(self, card: Card) -> None:
        """Take a card out of the queue to its owner's discard; keep the D2 mark up to date."""
        i = self.pos(card)
        stack = self.queue[i]
        stack.remove(card)
        self.discard[card.owner].append(card.name)
        card.tokens = 0
        if card is self.res:
            self.mark = stack
        if not stack:
            nxt = self.queue[i + 1] if i + 1 < len(self.queue) else END
            del self.queue[i]
            if self.mark is stack:
                self.mark = nxt

    def gain(self, who: str, n: int) -> None:
        self.scores[who] += n

    # ------------------------------------------------------------ resolution
    def _resolve_cursor(self) -> Generator[Decision, str, None]:
        card = self.queue[self.cursor][-1]
        self.res, self.mark = card, None
        revealed_now = False
        if not card.up:
            legal = ["stay"] if self.proto and card.name == "ambush" else ["reveal", "stay"]
            a = yield (card.owner, legal)
            if a == "stay":
                if not self.proto:
                    card.tokens += 1
                self.cursor += 1
                return
            card.up = True
            revealed_now = True
            if card.name == "ambush":
                card.tokens = 0
                self.gain(card.owner, 1)
                self.remove(card)
            elif card.name == "conspiracy":
                self.gain(card.owner, 2 * card.tokens)
                card.tokens = 0
            elif self.edition == "retail":
                self.gain(card.owner, card.tokens)
                card.tokens = 0
        if self.pos(card) >= 0 and card.name not in ("ambush", "conspiracy"):
            yield from self._ability(card.name)
        if self.pos(card) >= 0:
            if revealed_now and self.edition == "pegasus":  # P1, also D14 (covered decree)
                self.gain(card.owner, card.tokens)
                card.tokens = 0
            if card.name in ONE_SHOT:
                self.remove(card)
            else:
                self.cursor = self.pos(card) + 1
                return
        self.cursor = len(self.queue) if self.mark is END else self.queue.index(self.mark)

    def _adjacent(self) -> list[int]:
        i = self.pos(self.res)  # type: ignore[arg-type]
        return [j for j in (i - 1, i + 1) if 0 <= j < len(self.queue)]

    def _ask(self, legal: list[str]) -> Generator[Decision, str, str | None]:
        if not legal:
            return None
        a = yield (self.res.owner, legal)  # type: ignore[union-attr]
        return a

    def _forced(self, cands: list[int]) -> list[int]:
        if self.proto:
            theirs = [j for j in cands if self.queue[j][-1].owner != self.res.owner]  # type: ignore[union-attr]
            if theirs:
                return theirs
        return cands

    def _ability(self, ability: str) -> Generator[Decision, str, None]:
        res = self.res
        assert res is not None
        me = res.owner
        q = self.queue
        i = self.pos(res)
        if ability in ("archer", "soldier", "assassination", "mercenaries"):
            if ability == "archer":
                cands = sorted({0, len(q) - 1})
            elif ability == "soldier":
                cands = self._adjacent()
            else:
                cands = [j for j in range(len(q)) if j != i]
            if ability in ("archer", "soldier"):
                cands = self._forced(cands)
            a = yield from self._ask([f"eliminate {j + 1}" for j in cands])
            if a is None:
                return
            target = q[int(a.split()[1]) - 1][-1]
            if not self._eliminate(target):
                return
            if ability == "mercenaries" and self.pos(res) >= 0:
                self._eliminate(res)
        elif ability == "spy":
            owners = {q[j][-1].owner for j in self._adjacent()}
            a = yield from self._ask([f"steal {c}" for c in self.seats if c in owners])
            if a is None:
                return
            victim = a.split()[1]
            if victim != me and self.scores[victim] > 0:
                self.scores[victim] -= 1
                self.scores[me] += 1
        elif ability == "heir":
            others = [st[-1] for j, st in enumerate(q) if j != i]
            if not any(c.up and c.name == res.name for c in others):
                self.gain(me, 2)
        elif ability == "lord":
            self.gain(me, 1 + sum(q[j][-1].owner == me for j in self._adjacent()))
        elif ability == "queen":
            if any(len(q[j]) >= 2 for j in self._adjacent()):
                self._eliminate(res)
            else:
                self.gain(me, 2)
        elif ability == "shapeshifter":
            cands = [j for j in self._adjacent()
                     if (self.proto and not q[j][-1].up) or (q[j][-1].up and q[j][-1].name != "shapeshifter")]
            a = yield from self._ask([f"copy {j + 1}" for j in cands])
            if a is None:
                return
            target = q[int(a.split()[1]) - 1][-1]
            if not self._designate(target) or target.name == "shapeshifter":
                return
            yield from self._ability(target.name)
        elif ability == "decree":
            a = yield from self._ask(self._decree_moves())
            if a is not None:
                self._decree(a)
        elif ability == "assassin":
            others = [j for j in range(len(q)) if j != i]
            a = yield from self._ask([f"choose {x + 1} {y + 1}" for x in others for y in others if x != y])
            if a is None:
                return
            first, second = (q[int(w) - 1][-1] for w in a.split()[1:])
            if not self._designate(first) or not self._designate(second):
                return
            if first.name == second.name:
                self._eliminate(first)
                self._eliminate(second)
        else:
            raise AssertionError(ability)

    def _designate(self, target: Card) -> bool:
        """Prototype 👁: reveal; an Ambush springs (False: the ability stops)."""
        if not self.proto or target.up:
            return True
        target.up = True
        if target.name != "ambush":
            return True
        res = self.res
        assert res is not None
        self.remove(res)
        self.remove(target)
        if res.owner != target.owner:
            self.gain(target.owner, 3)
        return False

    def _eliminate(self, target: Card) -> bool:
        res = self.res
        assert res is not None
        if self.proto:
            if not self._designate(target):
                return False
            self.remove(target)
            if target.owner != res.owner:
                self.gain(res.owner, 1)
            return True
        self.remove(target)
        self.gain(res.owner, 1)
        if target.name == "ambush":
            self.gain(target.owner, 4 if target.owner != res.owner else 1)
            if self.edition == "retail" and self.pos(res) >= 0:
                self.remove(res)
        return True

    def _shape(self, q: list[list[Card]]) -> list[list[int]]:
        return [[id(c) for c in st] for st in q]

    def _decree_result(self, p: int, g: int) -> list[list[Card]]:
        q = [list(st) for st in self.queue]
        card = q[p].pop()
        out: list[list[Card]] = []
        for idx in range(len(q) + 1):
            if idx == g:
                out.append([card])
            if idx < len(q) and q[idx]:
                out.append(q[idx])
        return out

    def _decree_moves(self) -> list[str]:
        q = self.queue
        i = self.pos(self.res)  # type: ignore[arg-type]
        now = self._shape(q)
        out = []
        for p in range(len(q)):
            if p == i:
                continue
            for g in range(len(q) + 1):
                if self._shape(self._decree_result(p, g)) != now:
                    out.append(f"move {p + 1} to {g + 1}")
            if self.edition == "pegasus":
                out += [f"move {p + 1} onto {t + 1}" for t in range(len(q))
                        if t != p and q[t][-1].owner == q[p][-1].owner]
        return out

    def _decree(self, a: str) -> None:
        _, p, how, t = a.split()
        src, dst = int(p) - 1, int(t) - 1
        if how == "to":
            self.queue[:] = self._decree_result(src, dst)
        else:
            target = self.queue[dst]
            card = self.queue[src].pop()
            target.append(card)
            if not self.queue[src]:
                del self.queue[src]
