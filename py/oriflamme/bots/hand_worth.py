"""What a card still in hand at a round's start is worth beyond the cut-off's estimate (the search bots'
switch `hand_worth`; screened, not kept: D245), by edition and player count, then rounds left (this one
included), up to a constant per round. Fitted by `python -m oriflamme.bots.fit_hand` on logged games of the
expert and hard bots (docs/BOTS.md; retail 3 players on 2,600 games, the prototype's two players on 1,800)."""

HAND_WORTH: dict[str, dict[int, dict[str, float]]] = {"retail:3": {
    5: {"lord": 2.20, "conspiracy": 2.03, "ambush": 1.92, "shapeshifter": 0.83, "assassination": 0.61,
        "soldier": 0.60, "decree": 0.26, "archer": 0.23, "heir": 0.09, "spy": 0.0},
    4: {"ambush": 3.17, "lord": 2.91, "conspiracy": 2.43, "shapeshifter": 1.73, "assassination": 1.67,
        "decree": 1.38, "archer": 1.35, "soldier": 1.28, "spy": 0.97, "heir": 0.0},
    3: {"ambush": 2.63, "conspiracy": 2.15, "lord": 2.14, "shapeshifter": 1.74, "archer": 1.39,
        "assassination": 1.36, "decree": 1.34, "soldier": 1.26, "spy": 0.82, "heir": 0.0},
    2: {"ambush": 1.76, "lord": 1.36, "conspiracy": 1.17, "shapeshifter": 0.98, "assassination": 0.96,
        "decree": 0.94, "soldier": 0.89, "archer": 0.88, "spy": 0.56, "heir": 0.0},
    1: {"ambush": 1.14, "lord": 0.81, "assassination": 0.74, "conspiracy": 0.64, "decree": 0.50,
        "archer": 0.48, "shapeshifter": 0.46, "soldier": 0.43, "spy": 0.33, "heir": 0.0},
}, "prototype:2": {
    6: {"queen": 1.82, "heir": 1.78, "lord": 1.36, "mercenaries": 0.94, "shapeshifter": 0.86, "ambush": 0.64,
        "assassin": 0.62, "soldier": 0.42, "spy": 0.38, "archer": 0.0},
    5: {"queen": 1.32, "lord": 1.28, "heir": 0.78, "assassin": 0.67, "shapeshifter": 0.56, "soldier": 0.55,
        "mercenaries": 0.53, "ambush": 0.43, "spy": 0.07, "archer": 0.0},
    4: {"queen": 1.09, "lord": 1.05, "heir": 0.67, "shapeshifter": 0.38, "assassin": 0.27, "archer": 0.25,
        "mercenaries": 0.08, "ambush": 0.04, "soldier": 0.03, "spy": 0.0},
    3: {"queen": 1.05, "lord": 0.98, "heir": 0.83, "ambush": 0.65, "soldier": 0.52, "assassin": 0.43,
        "spy": 0.31, "archer": 0.31, "mercenaries": 0.26, "shapeshifter": 0.0},
    2: {"queen": 0.79, "lord": 0.49, "heir": 0.33, "archer": 0.26, "mercenaries": 0.25, "soldier": 0.22,
        "assassin": 0.13, "shapeshifter": 0.02, "spy": 0.0, "ambush": 0.0},
    1: {"queen": 0.39, "lord": 0.19, "soldier": 0.15, "heir": 0.12, "archer": 0.11, "shapeshifter": 0.09,
        "assassin": 0.09, "mercenaries": 0.06, "ambush": 0.05, "spy": 0.0},
}}
