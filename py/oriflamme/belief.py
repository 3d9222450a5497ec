"""Deals weighted by what opponents chose: approximate Bayesian inference over hidden cards.

`sampling.Sampler` deals each opponent's unseen cards uniformly. But a face-down card's tokens count the
times its owner chose to stay rather than reveal it (editions with tokens: a card gets one per stay),
and players do not stay at random: an Ambush or a Conspiracy stays almost always, a Lord almost never.
With a model of the owner, P(stay | card), a face-down card that stayed t times is card x with
probability proportional to (x's count among the unseen) × P(stay | x)^t. `BeliefSampler` deals the
cards that carry such evidence first (most tokens first), each drawn from what is left with those
weights, then deals the rest uniformly: a sequential approximation of the posterior, as cheap as the
uniform deal. Everything it uses is in the view.

The model is the measured behaviour of the normal and hard bots (stays per reveal opportunity before
the last round, self-play, 3 players; `python -m oriflamme.belief` prints the counts again), floored so
that a player unlike the bots is never ruled out.

Without tokens (the prototype) the view counts no stays, but the position still shows some: a card the
cursor has passed this round and still face down stayed, and so did one placed in an earlier round
(`least_stays`, a lower bound read from the position alone, used with `read_stays`).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from .editions import get_edition
from .engine import CHOICE_KIND
from .sampling import Evidence, Sampler, Slot
from .state import OWNER, PLACEMENT, RESOLUTION, TOKENS, State

# P(stay | card) at a reveal before the last round. Measured (normal 150 games, hard 25 games at 300
# iterations, retail, 3 players): Ambush 1.00 / 0.81, Conspiracy 0.83 / 0.90, Decree 0.39 / -,
# Shapeshifter 0.25 / 0.32, Heir 0.04 / 0.31, Assassination 0.18 / 0.26, Soldier 0.22 / 0.16,
# Spy 0.19 / 0.11, Archer 0.13 / 0.12, Lord 0.00 / 0.05.
STAY_CHANCE = {
    "ambush": 0.9, "conspiracy": 0.85, "decree": 0.35, "shapeshifter": 0.27, "heir": 0.18,
    "assassination": 0.2, "soldier": 0.18, "spy": 0.15, "archer": 0.12, "lord": 0.05,
    "mercenaries": 0.07, "queen": 0.05, "assassin": 0.11,
}
FLOOR = 0.05  # no card is ever ruled out by its owner's choices
# Without tokens (the prototype) the bots reveal nearly every card at its first turn: P(stay) at most
# 0.09 for every card (`python -m oriflamme.belief normal prototype 150 2`, and hard 30 games at 300
# iterations), so all but the Ambush, which can never be revealed there, are at the floor.
UNTOKENED_STAY_CHANCE = {"ambush": 1.0}


def slot_class(s: State, i: int, j: int) -> str:
    """What anyone sees of the face-down card at (i, j): its tokens (0, 1, 2, 3+), where it lies (covered;
    at an end of the queue, where the Archers shoot; in the middle), whether its turn this round has
    passed (while the round resolves); after " / ", what is being decided: a placement, or an elimination
    by the card named (someone is about to shoot: where the Ambushes were put); nothing for anything else."""
    q = s.queue
    t = min(int(q[i][j][TOKENS]), 3)
    where = "covered" if j < len(q[i]) - 1 else "end" if i in (0, len(q) - 1) else "middle"
    when = " passed" if s.phase == RESOLUTION and i < s.cursor else ""
    shooting = CHOICE_KIND.get(s.pending or "") == "eliminate"
    now = " / placing" if s.phase == PLACEMENT else f" / {s.pending}" if shooting else ""
    return f"t{t}{'+' if t == 3 else ''} {where}{when}{now}"


# Per class of face-down card (`slot_class`), each card's likelihood ratio there: how often it was that
# card over how often a uniform deal of its owner's unseen cards would put it there, measured on the hard
# bots' face-down cards at the browser's budget (`python -m oriflamme.bots.hidden retail hard LOGS
# --table`, docs/arena_logs/s11_*.jsonl.gz: 423 games, 3 players); a card not named is 1.
CLASS_CARDS = ("ambush", "archer", "assassination", "conspiracy", "decree", "heir", "lord", "shapeshifter",
               "soldier", "spy")
_CLASS_ROWS = {  # CLASS_CARDS' likelihood ratios per class
    "t0 covered": (0.92, 1.00, 1.38, 1.00, 0.92, 0.92, 1.00, 0.92, 1.00, 0.92),
    "t0 covered / placing": (0.85, 1.00, 1.74, 1.00, 0.85, 0.85, 1.00, 0.85, 1.00, 0.85),
    "t0 covered / soldier": (0.89, 1.00, 1.57, 1.00, 0.89, 0.89, 1.00, 0.89, 1.00, 0.89),
    "t0 end": (1.43, 1.76, 0.25, 0.99, 0.09, 1.83, 1.60, 1.14, 1.18, 0.70),
    "t0 end / archer": (2.68, 1.71, 0.20, 1.00, 0.15, 0.68, 1.18, 1.24, 0.73, 0.69),
    "t0 end / assassination": (1.72, 1.49, 0.45, 0.82, 0.24, 0.71, 2.22, 1.28, 0.86, 0.76),
    "t0 end / placing": (0.91, 1.49, 0.49, 0.67, 0.08, 2.26, 1.78, 1.21, 1.39, 0.90),
    "t0 end / soldier": (1.40, 1.68, 0.25, 1.08, 0.06, 1.18, 2.23, 1.09, 1.13, 0.70),
    "t0 end passed": (1.10, 0.62, 1.24, 0.55, 1.29, 0.76, 1.97, 0.82, 0.66, 0.83),
    "t0 end passed / archer": (1.00, 0.50, 1.54, 0.46, 1.43, 0.76, 2.03, 0.79, 0.66, 0.64),
    "t0 end passed / soldier": (1.00, 0.57, 1.13, 0.55, 1.63, 0.76, 1.97, 0.82, 0.66, 0.75),
    "t0 middle": (1.21, 1.16, 1.19, 0.55, 0.18, 1.18, 1.59, 1.36, 1.14, 1.10),
    "t0 middle / archer": (1.30, 1.69, 1.41, 0.52, 0.20, 0.36, 1.31, 1.33, 0.95, 1.17),
    "t0 middle / assassination": (0.91, 1.12, 1.30, 0.38, 0.19, 0.78, 2.04, 1.66, 1.07, 1.15),
    "t0 middle / placing": (1.89, 0.83, 1.29, 0.42, 0.19, 0.63, 1.61, 1.36, 0.79, 1.30),
    "t0 middle / soldier": (3.76, 0.93, 0.79, 0.56, 0.08, 0.51, 0.75, 1.01, 0.81, 0.81),
    "t0 middle passed": (1.30, 1.36, 1.30, 0.73, 0.69, 0.92, 0.73, 0.80, 0.83, 1.48),
    "t0 middle passed / archer": (1.66, 1.30, 1.25, 0.67, 0.63, 0.92, 0.70, 0.77, 0.83, 1.36),
    "t0 middle passed / assassination": (1.30, 1.36, 1.30, 0.69, 0.65, 0.92, 0.69, 0.80, 0.79, 1.64),
    "t1 covered": (0.54, 0.10, 0.21, 6.01, 0.08, 1.07, 0.10, 0.14, 0.18, 0.63),
    "t1 covered / archer": (0.65, 0.05, 0.11, 6.18, 0.04, 0.97, 0.05, 0.23, 0.11, 0.57),
    "t1 covered / assassination": (0.47, 0.07, 0.13, 5.84, 0.05, 0.98, 0.07, 0.10, 0.30, 0.89),
    "t1 covered / placing": (0.42, 0.02, 0.15, 6.82, 0.01, 1.24, 0.02, 0.03, 0.05, 0.15),
    "t1 covered / soldier": (0.55, 0.07, 0.32, 5.95, 0.05, 0.76, 0.08, 0.10, 0.16, 0.68),
    "t1 covered passed": (0.48, 0.19, 0.19, 5.40, 0.17, 1.79, 0.25, 0.26, 0.32, 0.24),
    "t1 covered passed / archer": (0.31, 0.13, 0.12, 6.11, 0.11, 1.86, 0.16, 0.18, 0.22, 0.16),
    "t1 covered passed / assassination": (0.45, 0.18, 0.18, 5.51, 0.16, 1.67, 0.25, 0.25, 0.30, 0.23),
    "t1 covered passed / soldier": (0.42, 0.16, 0.16, 5.79, 0.15, 1.80, 0.21, 0.23, 0.29, 0.22),
    "t1 end": (3.37, 1.24, 0.13, 2.11, 0.09, 0.21, 0.22, 1.05, 0.12, 0.14),
    "t1 end / archer": (3.41, 1.03, 0.06, 2.60, 0.04, 0.12, 0.15, 1.08, 0.07, 0.07),
    "t1 end / assassination": (3.89, 1.12, 0.11, 1.69, 0.07, 0.18, 0.19, 1.11, 0.10, 0.13),
    "t1 end / placing": (1.89, 0.82, 0.16, 3.69, 0.00, 1.48, 0.50, 0.82, 0.10, 0.24),
    "t1 end / soldier": (3.01, 1.75, 0.10, 2.37, 0.05, 0.17, 0.17, 0.90, 0.09, 0.10),
    "t1 end passed": (2.28, 0.34, 0.31, 3.33, 0.20, 0.06, 0.37, 1.18, 0.45, 0.37),
    "t1 end passed / archer": (4.41, 0.28, 0.22, 1.93, 0.11, 0.02, 0.11, 0.70, 0.26, 0.31),
    "t1 end passed / assassination": (2.23, 0.40, 0.18, 2.56, 0.22, 0.04, 0.23, 2.03, 0.83, 0.21),
    "t1 end passed / soldier": (2.77, 0.29, 0.10, 3.61, 0.12, 0.03, 0.23, 0.82, 0.35, 0.41),
    "t1 middle": (1.65, 0.79, 0.30, 3.45, 0.04, 0.92, 0.69, 1.04, 0.39, 0.27),
    "t1 middle / archer": (1.37, 0.85, 0.14, 4.11, 0.01, 0.62, 0.58, 0.73, 0.29, 0.39),
    "t1 middle / assassination": (2.11, 0.57, 0.34, 3.52, 0.01, 0.88, 0.34, 0.75, 0.47, 0.33),
    "t1 middle / placing": (1.82, 0.66, 0.30, 3.41, 0.03, 1.68, 0.39, 0.78, 0.61, 0.26),
    "t1 middle / soldier": (1.83, 1.20, 0.10, 2.82, 0.01, 1.01, 0.40, 1.38, 0.72, 0.28),
    "t1 middle passed": (1.93, 0.22, 0.45, 2.58, 0.25, 3.68, 0.30, 0.54, 0.09, 0.15),
    "t1 middle passed / archer": (1.90, 0.08, 0.80, 2.36, 0.16, 4.24, 0.24, 0.49, 0.14, 0.05),
    "t1 middle passed / assassination": (1.87, 0.20, 0.42, 2.88, 0.23, 3.55, 0.28, 0.51, 0.09, 0.14),
    "t1 middle passed / soldier": (4.33, 0.12, 0.24, 1.95, 0.13, 2.68, 0.20, 0.30, 0.06, 0.09),
    "t2 covered": (2.90, 0.35, 0.11, 3.76, 0.09, 0.59, 0.39, 0.31, 0.12, 0.12),
    "t2 covered / archer": (2.66, 0.23, 0.07, 4.36, 0.05, 0.45, 0.36, 0.21, 0.07, 0.08),
    "t2 covered / assassination": (2.96, 0.28, 0.08, 3.79, 0.06, 0.56, 0.37, 0.24, 0.09, 0.07),
    "t2 covered / placing": (2.76, 0.18, 0.03, 4.27, 0.02, 0.70, 0.25, 0.09, 0.03, 0.03),
    "t2 covered / soldier": (2.11, 0.29, 0.08, 4.82, 0.06, 0.46, 0.34, 0.22, 0.09, 0.08),
    "t2 covered passed": (2.22, 0.27, 0.35, 2.76, 0.21, 1.65, 0.79, 0.48, 0.30, 0.23),
    "t2 covered passed / archer": (1.71, 0.22, 0.31, 3.66, 0.16, 1.55, 0.79, 0.42, 0.24, 0.17),
    "t2 covered passed / assassination": (2.39, 0.26, 0.35, 2.66, 0.20, 1.59, 0.79, 0.48, 0.29, 0.22),
    "t2 covered passed / soldier": (2.38, 0.26, 0.33, 2.65, 0.21, 1.65, 0.79, 0.48, 0.28, 0.22),
    "t2 end": (2.24, 0.74, 0.72, 2.62, 0.40, 0.59, 0.59, 0.78, 0.61, 0.57),
    "t2 end / archer": (2.44, 0.63, 0.60, 2.97, 0.30, 0.50, 0.49, 0.69, 0.57, 0.47),
    "t2 end / assassination": (2.24, 0.71, 0.72, 2.83, 0.36, 0.56, 0.56, 0.78, 0.59, 0.52),
    "t2 end / placing": (2.73, 0.60, 0.37, 3.72, 0.09, 0.23, 0.21, 0.65, 0.34, 0.15),
    "t2 end / soldier": (2.24, 0.96, 0.72, 2.53, 0.38, 0.57, 0.59, 0.76, 0.59, 0.55),
    "t2 end passed": (2.82, 0.29, 0.28, 3.22, 0.19, 0.42, 0.36, 0.44, 0.36, 0.46),
    "t2 end passed / archer": (3.25, 0.23, 0.25, 3.13, 0.13, 0.33, 0.30, 0.33, 0.31, 0.53),
    "t2 end passed / assassination": (2.95, 0.27, 0.26, 3.19, 0.17, 0.37, 0.34, 0.40, 0.34, 0.43),
    "t2 end passed / soldier": (2.57, 0.26, 0.26, 3.47, 0.16, 0.39, 0.33, 0.58, 0.34, 0.40),
    "t2 middle": (1.32, 0.12, 0.32, 4.75, 0.03, 0.63, 0.13, 0.70, 0.27, 0.04),
    "t2 middle / archer": (1.23, 0.28, 0.13, 5.28, 0.01, 0.48, 0.07, 0.45, 0.25, 0.02),
    "t2 middle / assassination": (1.16, 0.16, 0.46, 4.96, 0.01, 1.01, 0.07, 0.39, 0.14, 0.02),
    "t2 middle / placing": (1.31, 0.03, 0.23, 5.42, 0.00, 1.10, 0.07, 0.37, 0.21, 0.00),
    "t2 middle / soldier": (1.52, 0.07, 0.30, 4.75, 0.02, 0.43, 0.10, 0.39, 0.30, 0.03),
    "t2 middle passed": (1.35, 0.07, 0.13, 5.29, 0.05, 1.47, 0.14, 0.35, 0.21, 0.06),
    "t2 middle passed / archer": (1.27, 0.04, 0.82, 5.01, 0.02, 0.94, 0.08, 0.41, 0.23, 0.03),
    "t2 middle passed / assassination": (1.46, 0.06, 0.10, 5.25, 0.04, 1.22, 0.11, 0.46, 0.18, 0.05),
    "t2 middle passed / soldier": (2.10, 0.05, 0.09, 4.69, 0.03, 1.18, 0.31, 0.24, 0.18, 0.05),
    "t3+ covered": (0.78, 0.44, 0.29, 4.31, 0.26, 0.88, 0.61, 0.33, 0.69, 0.34),
    "t3+ covered / archer": (0.67, 0.40, 0.27, 4.25, 0.22, 1.24, 0.56, 0.29, 0.62, 0.31),
    "t3+ covered / assassination": (0.90, 0.41, 0.25, 4.48, 0.23, 0.79, 0.61, 0.29, 0.61, 0.31),
    "t3+ covered / placing": (0.87, 0.26, 0.16, 4.07, 0.12, 1.66, 0.44, 0.20, 0.72, 0.18),
    "t3+ covered / soldier": (0.68, 0.41, 0.26, 4.25, 0.22, 1.20, 0.59, 0.31, 0.60, 0.31),
    "t3+ covered passed": (1.38, 0.56, 0.58, 1.24, 0.49, 2.82, 0.65, 0.81, 0.76, 0.56),
    "t3+ covered passed / archer": (1.30, 0.53, 0.55, 1.16, 0.47, 3.12, 0.61, 0.81, 0.76, 0.53),
    "t3+ end": (3.03, 0.59, 0.53, 2.08, 0.48, 0.71, 0.67, 0.53, 0.55, 0.83),
    "t3+ end / archer": (3.15, 0.56, 0.51, 2.22, 0.44, 0.71, 0.64, 0.48, 0.53, 0.79),
    "t3+ end / assassination": (3.15, 0.54, 0.48, 2.34, 0.42, 0.68, 0.61, 0.48, 0.53, 0.83),
    "t3+ end / placing": (2.07, 0.35, 0.28, 4.26, 0.20, 0.40, 0.39, 0.35, 0.51, 0.45),
    "t3+ end / soldier": (3.12, 0.59, 0.53, 1.98, 0.48, 0.68, 0.67, 0.53, 0.52, 0.79),
    "t3+ end passed": (1.63, 0.37, 0.37, 4.07, 0.33, 0.44, 0.39, 0.40, 1.39, 0.39),
    "t3+ end passed / archer": (1.90, 0.33, 0.37, 3.94, 0.29, 0.39, 0.38, 0.37, 1.29, 0.33),
    "t3+ middle": (0.91, 0.08, 0.17, 5.19, 0.04, 0.91, 0.11, 0.15, 0.16, 0.06),
    "t3+ middle / archer": (0.99, 0.04, 0.08, 5.44, 0.01, 0.89, 0.07, 0.07, 0.21, 0.03),
    "t3+ middle / assassination": (1.15, 0.04, 0.18, 5.42, 0.01, 0.57, 0.07, 0.07, 0.07, 0.02),
    "t3+ middle / placing": (0.85, 0.01, 0.10, 5.79, 0.00, 0.91, 0.02, 0.04, 0.15, 0.01),
    "t3+ middle / soldier": (0.59, 0.06, 0.11, 5.51, 0.02, 1.35, 0.09, 0.11, 0.11, 0.04),
    "t3+ middle passed": (0.82, 0.08, 0.13, 5.44, 0.05, 1.25, 0.13, 0.08, 0.26, 0.07),
    "t3+ middle passed / archer": (0.77, 0.03, 0.05, 5.71, 0.02, 1.19, 0.07, 0.04, 0.41, 0.03),
    "t3+ middle passed / assassination": (0.88, 0.07, 0.31, 5.54, 0.04, 1.10, 0.11, 0.07, 0.23, 0.06),
    "t3+ middle passed / soldier": (1.20, 0.06, 0.10, 5.14, 0.04, 1.08, 0.11, 0.07, 0.63, 0.06),
}
CLASS_LIKELIHOOD = {cls: dict(zip(CLASS_CARDS, row, strict=True)) for cls, row in _CLASS_ROWS.items()}

# Per round, how much more (or less) often than a uniform choice from the hand the hard bots placed each
# card in that round (retail, 3 players, 330 ms; 1,446 placements a round in the 723 logged games of
# docs/arena_logs/s11_*, s12_*; `python -m oriflamme.bots.placed retail hard LOGS --table`, each ratio
# pulled towards 1 by 2 expected cards): the Heir goes down in the first round, the Ambush, the Lord and
# the one-shots never do, the Decree is the card kept to the end. Floored at FLOOR when dealt.
PLACED_CARDS = ("ambush", "archer", "assassination", "conspiracy", "decree", "heir", "lord", "shapeshifter",
                "soldier", "spy")
_PLACED_ROWS = {
    1: (0.01, 0.87, 0.01, 1.12, 0.01, 6.31, 0.04, 0.01, 1.69, 0.01),
    2: (0.99, 1.20, 0.51, 0.94, 0.01, 4.38, 2.00, 0.62, 2.30, 0.38),
    3: (1.14, 1.64, 0.61, 0.79, 0.03, 1.48, 2.51, 0.81, 1.69, 0.68),
    4: (1.50, 1.50, 0.83, 1.20, 0.02, 1.89, 1.76, 1.06, 1.29, 0.98),
    5: (1.22, 1.40, 1.18, 0.83, 0.11, 0.90, 1.79, 1.09, 1.27, 1.62),
    6: (1.83, 1.41, 1.64, 0.40, 0.36, 1.43, 1.42, 1.11, 1.30, 1.57),
}
PLACED_LIKELIHOOD = {rnd: dict(zip(PLACED_CARDS, row, strict=True)) for rnd, row in _PLACED_ROWS.items()}

# After k placements, the share of each card of a hard bot's starting hand that is still in its hand
# (retail, 3 players, 330 ms; the 1,701 logged games of docs/arena_logs/s11_* to s14_*, 23,814 starting-hand
# cards; `python -m oriflamme.bots.placed retail hard LOGS --kept --table`, pulled towards a uniform
# choice's share by 2 cards): the Heir goes down at once, the Decree is kept to the end. With it, a card
# its owner has not shown weighs kept[x] for its hand, 1 for its aside and 1 - kept[x] for its face-down
# cards in the queue (floored at FLOOR), each card's fate taken apart from the others'.
KEPT_CARDS = PLACED_CARDS
_KEPT_ROWS = {
    1: (1.00, 0.88, 1.00, 0.85, 1.00, 0.10, 1.00, 1.00, 0.75, 1.00),
    2: (0.82, 0.72, 0.91, 0.72, 1.00, 0.02, 0.67, 0.90, 0.45, 0.95),
    3: (0.61, 0.49, 0.80, 0.60, 0.99, 0.01, 0.36, 0.75, 0.29, 0.83),
    4: (0.38, 0.30, 0.63, 0.43, 0.99, 0.00, 0.20, 0.56, 0.18, 0.61),
    5: (0.23, 0.16, 0.38, 0.31, 0.96, 0.00, 0.09, 0.35, 0.10, 0.28),
    6: (0.02, 0.04, 0.06, 0.25, 0.78, 0.00, 0.02, 0.16, 0.04, 0.07),
}
KEPT_CHANCE = {k: dict(zip(KEPT_CARDS, row, strict=True)) for k, row in _KEPT_ROWS.items()}


def placed_round(s: State, i: int, j: int) -> int | None:
    """The round in which the face-down top card at (i, j) was placed, from its tokens (editions with
    tokens: a face-down top card gets one at each of its turns, or is revealed), or None for a covered
    card (its tokens stopped when it was covered)."""
    q = s.queue
    if j != len(q[i]) - 1:
        return None
    turn_done = s.phase == RESOLUTION and i < s.cursor
    return min(s.round, max(1, s.round - int(q[i][j][TOKENS]) + int(turn_done)))


class BeliefSampler(Sampler):
    """A `Sampler` whose deals put each opponent's likely stayers where cards stayed face down."""

    def __init__(self, view: dict[str, Any], stay_chance: dict[str, float] | None = None,
                 read_stays: bool = False, classes: bool = False, placed: bool = False,
                 hands: bool = False) -> None:
        # Set before Sampler.__init__, which asks `evidence` and `kept` for its deal plans.
        ed = get_edition(view["edition"])
        if stay_chance is None:
            stay_chance = STAY_CHANCE if ed.tokens else UNTOKENED_STAY_CHANCE
        self.chance = stay_chance
        self.read_stays = read_stays
        self.classes = classes
        self.placed = placed
        # With `hands`, each player's placements so far (`KEPT_CHANCE`): its family less its hand and aside.
        family = ed.families_per_player(len(view["seats"])) * len(ed.family)
        self.made = {c: family - view["hand_sizes"][c] - view["aside_sizes"][c] for c in view["seats"]} \
            if hands else {}
        super().__init__(view)

    def kept(self, colour: str, pool: list[str]) -> dict[str, float] | None:
        """With `hands`, each unseen card's `KEPT_CHANCE` after its owner's placements so far (floored):
        an opponent who has placed twice without showing its Heir most likely set it aside."""
        row = KEPT_CHANCE.get(self.made.get(colour, 0))
        return None if row is None else {x: max(FLOOR, row.get(x, 1.0)) for x in set(pool)}

    def evidence(self, pool: list[str], slots: list[Slot]) -> list[Evidence]:
        """Cards that stayed face down (tokens on them), most tokens first, each x weighted P(stay | x)^t;
        with `classes`, every face-down card (most tokens first) by its class's measured likelihoods;
        with `placed` (editions with tokens), every face-down top card also by how often its owner would
        have chosen x to place in the round it was placed (`PLACED_LIKELIHOOD`); with `hands`, every
        face-down card also by 1 - `KEPT_CHANCE` (x was placed by now), after the others."""
        out = self.stays_and_classes(pool, slots)
        if not slots or not self.made:
            return out
        row = KEPT_CHANCE.get(self.made[self.base.queue[slots[0][0]][slots[0][1]][OWNER]])
        if row is None:
            return out
        placed = {x: max(FLOOR, 1.0 - row.get(x, 1.0)) for x in set(pool)}
        known = {sl for sl, _ in out}
        return [(sl, {x: w * placed[x] for x, w in lik.items()}) for sl, lik in out] + \
            [(sl, placed) for sl in slots if sl not in known]

    def stays_and_classes(self, pool: list[str], slots: list[Slot]) -> list[Evidence]:
        """`evidence` without `hands`."""
        s = self.base
        q = s.queue
        if self.classes:
            out = []
            for _, sl in sorted(((q[i][j][TOKENS], (i, j)) for i, j in slots), reverse=True):
                cls = slot_class(s, *sl)
                # a class not measured takes its base class's (what is being decided left out)
                lik = CLASS_LIKELIHOOD.get(cls) or CLASS_LIKELIHOOD.get(cls.partition(" / ")[0], {})
                out.append((sl, {x: max(FLOOR, lik.get(x, 1.0)) for x in set(pool)}))
            return out
        if s.ed.tokens or not self.read_stays:
            counts = [(q[i][j][TOKENS], (i, j)) for i, j in slots]
        else:
            counts = [(least_stays(s, i, j), (i, j)) for i, j in slots]
        default = 0.15 if s.ed.tokens else FLOOR
        chance = {x: max(FLOOR, self.chance.get(x, default)) for x in set(pool)}
        if self.placed and s.ed.tokens:
            out = []
            for t, sl in sorted(counts, reverse=True):
                rnd = placed_round(s, *sl)
                lik = PLACED_LIKELIHOOD.get(rnd, {}) if rnd is not None else {}
                if t > 0 or lik:
                    out.append((sl, {x: p ** t * max(FLOOR, lik.get(x, 1.0)) for x, p in chance.items()}))
            return out
        marked = sorted(((t, sl) for t, sl in counts if t > 0), reverse=True)
        return [(sl, {x: p ** t for x, p in chance.items()}) for t, sl in marked]


def least_stays(s: State, i: int, j: int) -> int:
    """How many times, at least, the face-down card at (i, j) has surely stayed, from the position alone:
    the stays an edition without tokens does not count. Every top card in the queue gets a turn each
    round, so a face-down top card stayed once this round if the cursor has passed it, and
    once before if it was placed in an earlier round: it is covered, or its owner has not placed yet this
    round, or it is neither on a stack nor among the stacks this round's placements could have reached
    at either end (a placement goes to an end or onto its owner's stack)."""
    q = s.queue
    top = j == len(q[i]) - 1
    turn_done = top and s.phase == RESOLUTION and i < s.cursor
    n = len(s.seats)
    placed = s.placed
    owner_placed = (s.seats.index(q[i][j][OWNER]) - s.first) % n < placed
    older = (not top or not owner_placed
             or (len(q[i]) == 1 and placed <= i < len(q) - placed))
    return int(turn_done) + int(older)


def stay_counts(level: str, edition: str, players: int, games: int,
                iterations: int = 300) -> dict[str, list[int]]:
    """Self-play of `level`: per card, [stays, reveals] at reveal decisions before the last round."""
    from .bots import make_bot
    from .game import new_game

    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for gi in range(games):
        g = new_game(edition, players, seed=1000 + gi)
        bots = {c: make_bot(level, seed=gi * 10 + i, iterations=iterations) for i, c in enumerate(g.seats)}
        while not g.is_over:
            c = g.to_act
            assert c is not None
            v, legal = g.view(c), g.legal_actions()
            a = bots[c].choose(v, legal)
            if v["decision"]["kind"] == "reveal" and len(legal) == 2 and v["round"] < v["rounds"]:
                out[v["queue"][v["cursor"] - 1][-1]["card"]][0 if a == "stay" else 1] += 1
            g.play(a)
    return dict(out)


def main(argv: list[str]) -> None:
    level = argv[0] if argv else "normal"
    edition = argv[1] if len(argv) > 1 else "retail"
    games = int(argv[2]) if len(argv) > 2 else 50
    players = int(argv[3]) if len(argv) > 3 else 3
    for card, (st, rv) in sorted(stay_counts(level, edition, players, games).items()):
        print(f"{card:<14} stays {st:>5} reveals {rv:>5}  P(stay) {st / (st + rv):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])


__all__ = ["CLASS_CARDS", "CLASS_LIKELIHOOD", "FLOOR", "KEPT_CHANCE", "PLACED_CARDS", "PLACED_LIKELIHOOD",
           "STAY_CHANCE", "UNTOKENED_STAY_CHANCE", "BeliefSampler", "least_stays", "placed_round",
           "slot_class", "stay_counts"]
