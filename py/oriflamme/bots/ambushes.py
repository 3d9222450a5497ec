"""Who walks into the Ambushes in logged arena games: `python -m oriflamme.bots.ambushes EDITION LOG...`.

Replays each game from its deal's seed (the arena's `--log` keeps the actions) and counts, per line-up
entry (a repeated one, `hard#2`, counted with its level):
- the opponents' Ambushes it triggered: how many a game, whether it had another target (chosen) or not
  (forced), and with which card;
- its eliminations of opponents' face-down cards when it had a choice, by the target's tokens (its stays:
  0, 1, 2 or more), and how often that card was an Ambush — what a model of stays should predict.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict

from tabletop.arena import entry_level, read_logs
from tabletop.arena_stats import GameResult

from ..game import new_game
from ..state import NAME, OWNER, TOKENS, UP


def count(edition: str, results: list[GameResult]) -> tuple[int, dict[str, Counter[str]],
                                                              dict[str, Counter[tuple[int, str]]]]:
    """(games, entry -> Ambush hits by kind, entry -> (tokens, "shots" | "ambush") -> count)."""
    hits: dict[str, Counter[str]] = defaultdict(Counter)
    shots: dict[str, Counter[tuple[int, str]]] = defaultdict(Counter)
    games = 0
    for r in results:
        seats, actions = r.replayable("ambushes")
        g = new_game(edition, len(seats), seed=r.deal)
        entry = {c: entry_level(e) for e, c in seats.items()}
        games += 1
        for a in actions:
            choices = len(g.legal_actions())
            if a.startswith("eliminate ") and choices > 1:
                target = g.state.queue[int(a.split()[1]) - 1][-1]
                if not target[UP] and target[OWNER] != g.to_act and g.to_act is not None:
                    tokens = min(int(target[TOKENS]), 2)
                    shots[entry[g.to_act]][tokens, "shots"] += 1
                    shots[entry[g.to_act]][tokens, "ambush"] += target[NAME] == "ambush"
            for ev in g.play(a):
                if ev["type"] == "ambushed" and ev["attacker"] != ev["player"]:
                    mine = hits[entry[ev["attacker"]]]
                    mine["hits"] += 1
                    mine["chosen" if choices > 1 else "forced"] += 1
                    mine[f"by {ev['card']}"] += 1
    return games, hits, shots


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    games, hits, shots = count(argv[0], read_logs(argv[1:]))
    print(f"{games} games")
    seats = Counter(entry_level(e) for r in read_logs(argv[1:]) for e in (r.seats or {}))
    for who, c in sorted(hits.items()):
        per_game = c["hits"] / max(1, seats[who])
        print(f"{who}: {c['hits']} opponents' Ambushes triggered, {per_game:.2f} a game per seat; "
              f"chosen {c['chosen']}, forced {c['forced']}; "
              + ", ".join(f"{k} {v}" for k, v in sorted(c.items()) if k.startswith("by ")))
    for who, s in sorted(shots.items()):
        print(f"{who}, shots at opponents' face-down cards: " + "; ".join(
            f"tokens {k}{'+' if k == 2 else ''}: {s[k, 'ambush']}/{s[k, 'shots']} Ambush"
            f" ({s[k, 'ambush'] / max(1, s[k, 'shots']):.2f})" for k in range(3)))


if __name__ == "__main__":
    main(sys.argv[1:])
