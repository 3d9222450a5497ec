"""A finished game told back: the scores round by round and its key moments, from the event log of its
replay (`bridge.saves.replay`: every position and the full events). The game is over, so every card may
be named.

A step's weight is the points its effects move between players (the game's `swing`: an Ambush sprung, a
Conspiracy cashed, a card with a future eliminated, a steal), plus a bonus when it robs the leader and when
it is decisive: the eventual winner took the lead there and never gave it back (D68).
"""

from __future__ import annotations

import json
from typing import Any

from .protocol import Event, Game
from .registry import GameSpec

MOMENTS = 5  # the most a review lists
LEADER_BONUS = 2
DECISIVE_BONUS = 3


def replay_step(game: Game, action: str | None, actor: str | None, events: list[Event],
                move: dict[str, Any] | None = None) -> dict[str, Any]:
    """One step of a game told back, as `game` stands after `action`: the full position (every card), the
    action and who played it (`move`: the action as data, as its player saw it), its full events and the
    scores (what `summary` and the replay viewer read)."""
    return {"position": json.loads(game.to_json()), "action": action, "actor": actor, "move": move,
            "events": list(events), "scores": dict(game.scores)}


def _leader(scores: dict[str, int]) -> str | None:
    """The one player strictly ahead, if any."""
    top = max(scores.values())
    ahead = [c for c, s in scores.items() if s == top]
    return ahead[0] if len(ahead) == 1 else None


def _largest_gain(effects: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The effect that scored the most points, if any scored."""
    gains = [e for e in effects if e["kind"] == "gain" and int(e.get("amount") or 0) > 0]
    return max(gains, key=lambda e: int(e["amount"]), default=None)


def score_by_round(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """[{"round": 0, "scores"}, {"round": 1, ...}, ...]: the scores at the deal and at each round's end."""
    out = [{"round": 0, "scores": dict(steps[0]["scores"])}]
    for step in steps:
        for e in step["events"]:
            if e["type"] == "round_ended":
                out.append({"round": e["round"], "scores": dict(e["scores"])})
    return out


def key_moments(spec: GameSpec, steps: list[dict[str, Any]], winners: list[str]) -> list[dict[str, Any]]:
    """The biggest swings of the game, in the order they happened, each with its replay step."""
    explainer = spec.explainer
    assert explainer is not None, spec.id
    leaders = [_leader(s["scores"]) for s in steps]
    # The step from which a winner led to the end: the last step whose leader differs, plus one.
    decisive = None
    if len(winners) == 1:
        for i in range(len(steps) - 1, -1, -1):
            if leaders[i] != winners[0]:
                decisive = i + 1 if i + 1 < len(steps) else None
                break
    found: list[tuple[int, int, dict[str, Any]]] = []
    for i in range(1, len(steps)):
        step = steps[i]
        before = steps[i - 1]["scores"]
        effects = explainer.effects(step["events"])
        weight = 0
        main: dict[str, Any] | None = None
        main_w = 0
        robbed = False
        for e in effects:
            w = explainer.swing(e)
            victim = e.get("victim")
            if w and victim is not None and victim == leaders[i - 1] and e.get("player") != victim:
                w += LEADER_BONUS
                robbed = True
            weight += w
            if w > main_w:
                main, main_w = e, w
        if i == decisive:
            weight += DECISIVE_BONUS
            if main is None:
                # A quiet step (an Heir's 2 points) took the lead for good: say what scored, not "X plays".
                main = _largest_gain(effects)
        if main is None and i != decisive:
            continue
        found.append((weight, -i, {
            "step": i, "round": step["position"].get("round"),
            "actor": step["actor"], "action": step["action"],
            "effect": main, "effects": [e for e in effects if explainer.swing(e)],
            "scores_before": dict(before), "scores_after": dict(step["scores"]),
            "from_leader": robbed, "decisive": i == decisive,
            "leader": leaders[i] if leaders[i] != leaders[i - 1] else None,
        }))
    found.sort(key=lambda f: (f[0], f[1]), reverse=True)
    return sorted((m for _, _, m in found[:MOMENTS]), key=lambda m: int(m["step"]))


def summary(spec: GameSpec, replay: dict[str, Any]) -> dict[str, Any]:
    """What the end screen's review draws, besides the decisions: the chart, the moments, every hand."""
    explainer = spec.explainer
    assert explainer is not None, spec.id
    steps = replay["steps"]
    ranking = replay["ranking"]
    winners = ranking[0] if ranking else []
    return {"game": spec.id, "rounds": score_by_round(steps), "moments": key_moments(spec, steps, winners),
            "held": explainer.held(steps[0]["position"]), "ranking": ranking,
            "scores": dict(steps[-1]["scores"]), "steps": len(steps)}
