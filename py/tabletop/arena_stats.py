"""The arena's statistics, as small pure functions (a test checks them against a hand computation).

A game result maps each lineup entry (a bot in the match, e.g. "hard", "normal#2") to its score and
its place. A tie for first place is a shared win: each of the k tied entries gets 1/k. Duplicate deals
make the games of one deal dependent, so the confidence interval is computed over deals (each deal's
mean share is one observation).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class GameResult:
    deal: int
    scores: dict[str, int]  # entry -> final score
    ranking: list[list[str]]  # places, best first, entries sharing a place listed together
    seats: dict[str, str] | None = None  # entry -> the colour it played
    actions: list[str] | None = None  # the game's actions in order: it replays from its deal's seed

    def replayable(self, tool: str) -> tuple[dict[str, str], list[str]]:
        """(seats, actions) for a tool that replays the game; a line logged before the arena kept them is
        refused in words."""
        if self.actions is None or self.seats is None:
            raise ValueError(f"{tool}: a log line without actions (logged before the arena kept them)")
        return self.seats, self.actions


@dataclass(frozen=True)
class Summary:
    entry: str
    games: int
    deals: int
    win_share: float
    ci_low: float
    ci_high: float
    mean_margin: float
    p_value: float  # one-sided: the share is no better than chance (1 / players)


def win_shares(ranking: list[list[str]]) -> dict[str, float]:
    """1/k for each of the k entries in first place, 0 for the others."""
    out = {e: 0.0 for place in ranking for e in place}
    for e in ranking[0]:
        out[e] = 1.0 / len(ranking[0])
    return out


def margins(scores: dict[str, int]) -> dict[str, int]:
    """Each entry's score minus the best score among the other entries."""
    return {e: v - max(w for f, w in scores.items() if f != e) for e, v in scores.items()}


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def summarize(results: list[GameResult]) -> list[Summary]:
    if not results:
        return []
    entries = list(results[0].scores)
    players = len(entries)
    out = []
    for e in entries:
        per_deal: dict[int, list[float]] = {}
        margin_sum = 0
        for r in results:
            per_deal.setdefault(r.deal, []).append(win_shares(r.ranking)[e])
            margin_sum += margins(r.scores)[e]
        xs = [sum(v) / len(v) for v in per_deal.values()]
        n = len(xs)
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(var / n)
        half = 1.96 * se
        chance = 1.0 / players
        if se > 0:
            p = normal_sf((mean - chance) / se)
        else:
            p = 0.0 if mean > chance else (0.5 if mean == chance else 1.0)
        out.append(Summary(e, len(results), n, mean, max(0.0, mean - half), min(1.0, mean + half),
                           margin_sum / len(results), p))
    return out


@dataclass(frozen=True)
class Paired:
    deals: int
    share_a: float
    share_b: float
    diff: float  # b's win share minus a's, over the deals both played
    ci_low: float
    ci_high: float
    p_value: float  # two-sided: no difference


def paired(a: list[GameResult], entry_a: str, b: list[GameResult], entry_b: str,
           margin: bool = False) -> Paired:
    """Two matches on the same deals that differ by one entry (a variant against the level it varies):
    the difference of that entry's win share (with `margin`, of its margin over the best other score),
    deal by deal. A deal's luck is shared by both matches, so the paired interval is much narrower than
    the two matches' intervals side by side."""
    def per_deal(rs: list[GameResult], e: str) -> dict[int, float]:
        out: dict[int, list[float]] = {}
        for r in rs:
            out.setdefault(r.deal, []).append(margins(r.scores)[e] if margin else win_shares(r.ranking)[e])
        return {d: sum(v) / len(v) for d, v in out.items()}

    xa, xb = per_deal(a, entry_a), per_deal(b, entry_b)
    deals = sorted(set(xa) & set(xb))
    n = len(deals)
    if n < 2:
        raise ValueError(f"paired: {n} deal(s) in common, at least 2 needed")
    ds = [xb[d] - xa[d] for d in deals]
    mean = sum(ds) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in ds) / (n - 1) / n)
    p = 2 * normal_sf(abs(mean) / se) if se > 0 else (1.0 if mean == 0 else 0.0)
    return Paired(n, sum(xa[d] for d in deals) / n, sum(xb[d] for d in deals) / n, mean,
                  mean - 1.96 * se, mean + 1.96 * se, p)


def format_table(summaries: list[Summary]) -> str:
    lines = [f"{'bot':<12} {'games':>6} {'deals':>6} {'win share':>10} {'95% CI':>17} "
             f"{'margin':>8} {'p(>chance)':>11}"]
    for s in summaries:
        ci = f"[{s.ci_low:.3f}, {s.ci_high:.3f}]"
        p = "<1e-15" if s.p_value < 1e-15 else f"{s.p_value:.2g}"
        lines.append(f"{s.entry:<12} {s.games:>6} {s.deals:>6} {s.win_share:>10.3f} {ci:>17} "
                     f"{s.mean_margin:>8.2f} {p:>11}")
    return "\n".join(lines)
