"""The post-game review in the terminal: what the page's review shows, in words — the scores round by
round, the key moments, and the decisions the strongest bot would have made otherwise (judged from what
the player could see at the time, as the page's review and Hint do: `tabletop.review`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .. import moments
from .. import review as reviewing
from ..protocol import Event, Game
from ..registry import GameSpec

GRADE_MARKS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


@dataclass
class Record:
    """A game as it was played at this terminal: every step (as a replay has them) and every decision of
    the humans that had a choice, kept as it happened so that the review needs no replay."""

    steps: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[reviewing.Decision] = field(default_factory=list)

    def begin(self, g: Game, events: list[Event]) -> None:
        self.steps.append(moments.replay_step(g, None, None, events))

    def decision(self, g: Game, action: str) -> reviewing.Decision | None:
        """A human's choice among several, taken before `action` is played (the view it was made from)."""
        colour = g.to_act
        legal = g.legal_actions()
        if colour is None or len(legal) < 2:
            return None
        return reviewing.Decision(len(self.steps) - 1, colour, g.view(colour), legal, action)

    def after(self, g: Game, actor: str | None, action: str, events: list[Event],
              decision: reviewing.Decision | None) -> None:
        """`action` was played (it was legal): its step, and the decision it was if a human chose it."""
        if decision is not None:
            self.decisions.append(decision)
        self.steps.append(moments.replay_step(g, action, actor, events))


def _who(colour: Any, me: str | None) -> str:
    return "you" if me is not None and colour == me else str(colour)


def _of(who: str) -> str:
    return "your" if who == "you" else f"{who}'s"


def _does(who: str, verb: str) -> str:
    """`who` and the verb agreeing: "blue takes", "you take"."""
    return f"{who} {verb[:-1] if who == 'you' else verb}"


def moment_line(m: dict[str, Any], me: str | None, unit: tuple[str, str] = ("point", "points")) -> str:
    """A key moment in words: the page's (web/ui/review.js momentText), in the terminal's English."""
    e = m.get("effect") or {"kind": "other"}
    kind = e.get("kind")
    n = e.get("amount")
    amount = f"{n} {unit[0] if n == 1 else unit[1]}"
    card = e.get("card") or (f"card {e['value']}" if e.get("value") is not None else "face-down card")
    actor = _who(m.get("actor"), me)
    player = _who(e.get("player"), me) if e.get("player") is not None else actor
    if kind == "ambush":
        text = (f"{_does(player, 'walks')} into {'your' if player == 'you' else 'their'} own ambush"
                if e.get("attacker") == e.get("player")
                else f"{_of(player)} ambush springs on {_who(e.get('attacker'), me)}")
    elif kind == "eliminate":
        text = f"{_does(player, 'eliminates')} {_of(_who(e.get('victim'), me))} {card}"
    elif kind == "steal":
        leader = "the leader, " if m.get("from_leader") else ""
        text = f"{_does(player, 'takes')} {amount} from {leader}{_who(e.get('victim'), me)}"
    elif kind == "gain" and e.get("reason") == "conspiracy":
        text = f"{_of(player)} conspiracy pays {amount}"
    elif kind == "gain" and e.get("reason") == "tokens":
        text = f"{_does(player, 'collects')} {amount} from a card's tokens"
    elif kind == "gain" and e.get("card"):
        text = f"{_of(player)} {e['card']} scores {amount}"
    elif kind == "gain":
        text = f"{_does(player, 'scores')} {amount}"
    elif kind == "discard":
        text = f"{_does(player, 'discards')} {_of(_who(e.get('victim'), me))} {card}"
    else:
        text = f"{_does(actor, 'plays')}"
    text = f"Round {m.get('round')}: {text}"
    if m.get("decisive"):
        leader = _who(m.get("leader") or m.get("actor"), me)
        text += f" — from here on, {_does(leader, 'leads')} to the end"
    return text


def score_table(rounds: list[dict[str, Any]], seats: list[str], first: str = "start") -> list[str]:
    """The scores at the deal (or where the game was resumed) and at each round's end, a line a player."""
    heads = [first] + [f"R{r['round']}" for r in rounds[1:]]
    width = max(len(c) for c in seats) + 2
    lines = [" " * width + "".join(h.rjust(6) for h in heads)]
    for c in seats:
        lines.append(c.ljust(width) + "".join(str(r["scores"].get(c, "")).rjust(6) for r in rounds))
    return lines


def review_lines(spec: GameSpec, record: Record, ranking: list[list[str]], me: str | None,
                 progress: Callable[[int, int], None] | None = None, resumed: bool = False) -> Iterator[str]:
    """The review, line by line; the decisions are judged as the lines are asked for (a few seconds).
    `me`: the one player spoken to (None: hot-seat, every human's decisions named by colour); `resumed`:
    the record begins where a saved game was loaded, not at the deal."""
    summary = moments.summary(spec, {"steps": record.steps, "ranking": ranking})
    seats = list(summary["scores"])
    yield "Score by round" + (" (since the game was resumed):" if resumed else ":")
    table = score_table(summary["rounds"], seats, "resumed" if resumed else "start")
    yield from ("  " + line for line in table)
    yield ""
    yield "Key moments:"
    found = summary["moments"]
    if not found:
        yield "  A quiet game: no big swing."
    for k, m in enumerate(found, start=1):
        yield f"  {k}. {moment_line(m, me, spec.renderer.unit)}"
    yield ""
    decisions = record.decisions
    whose = "Your decisions" if me is not None else "The players' decisions"
    if not decisions:
        yield f"{whose}: none with a choice to review."
        return
    iterations = reviewing.iterations_per_decision(spec, len(decisions))
    judged = []
    for i, d in enumerate(decisions):
        if progress is not None:
            progress(i, len(decisions))
        judged.append(reviewing.judge(spec, d, iterations))
    if progress is not None:
        progress(len(decisions), len(decisions))
    best = spec.levels[-1]
    yield (f"{whose}: {len(judged)} reviewed by the {best} bot, from what "
           f"{'you' if me is not None else 'each player'} could see at the time.")
    by_index = {j["index"]: j for j in judged}
    costly = [by_index[i] for i in reviewing.costliest(judged)]
    if not costly:
        yield "  No costly decision: well played."
        return
    counts = [(g, sum(1 for j in judged if j["grade"] == g)) for g, _ in reviewing.GRADES]
    yield "  " + ", ".join(f"{n} {PLURALS[g] if n != 1 else g}" for g, n in counts if n) + "; the costliest:"
    for j in costly:
        d = next(x for x in decisions if x.index == j["index"])
        round_no = d.view.get("round")
        parts = [j["colour"]] if me is None else []
        parts += [] if round_no is None else [f"round {round_no}"]
        label = f" ({', '.join(parts)})" if parts else ""
        yield (f"  {GRADE_MARKS[j['grade']]} {j['grade'].capitalize()}{label}: played '{j['played']}', "
               f"better '{j['best']}' — win chance {round(j['chance_best'] * 100)}% → "
               f"{round(j['chance_played'] * 100)}%.")
