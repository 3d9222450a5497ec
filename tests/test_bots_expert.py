"""The expert bot: positions where the right move is clear to a person, and its belief over hidden cards."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from oriflamme import Game
from oriflamme.belief import BeliefSampler, slot_class
from oriflamme.bots import make_bot
from oriflamme.editions import get_edition
from oriflamme.position import from_data
from oriflamme.sampling import Sampler
from oriflamme.view import view

SEATS = ["red", "blue", "green"]


def card(name: str, owner: str, up: bool = False, tokens: int = 0) -> dict[str, Any]:
    return {"card": name, "owner": owner, "face_up": up, "tokens": tokens}


def retail_position(rnd: int, queue: list[list[dict[str, Any]]], hands: dict[str, list[str]],
                    scores: dict[str, int], cursor: int, pending: str | None = None,
                    discard_first: dict[str, list[str]] | None = None) -> Game:
    """A 3-player retail position in resolution at `cursor` (1-based). Each family's other cards are
    put aside (3) and the rest discarded, those named in `discard_first` first (they are then seen)."""
    family = list(get_edition("retail").family)
    aside: dict[str, list[str]] = {}
    discard: dict[str, list[str]] = {}
    for c in SEATS:
        rest = Counter(family)
        rest.subtract(hands[c])
        rest.subtract(q["card"] for st in queue for q in st if q["owner"] == c)
        left = sorted(rest.elements(), key=family.index)
        seen = [x for x in (discard_first or {}).get(c, []) if x in left]
        others = [x for x in left if x not in seen]
        aside[c] = others[:3]
        discard[c] = seen + others[3:]
    data = {"edition": "retail", "seats": SEATS, "round": rnd, "first": "red", "direction": "ltr",
            "phase": "resolution", "scores": scores, "hands": hands, "aside": aside, "discard": discard,
            "queue": queue, "cursor": cursor, "to_act": None, "seed": 1,
            "pending": None if pending is None else {"ability": pending}}
    return Game(from_data(data))


def expert_choices(g: Game, seeds: range = range(3)) -> set[str]:
    me = g.to_act
    assert me is not None
    return {make_bot("expert", seed=s, iterations=1500).choose(g.view(me), g.legal_actions()) for s in seeds}


def test_takes_the_last_round_reveal_that_wins() -> None:
    # Last round: red's Conspiracy (2 tokens) doubles to +4 and overtakes blue; staying loses the tokens.
    g = retail_position(6, [[card("conspiracy", "red", tokens=2)], [card("lord", "blue", True)],
                            [card("spy", "green", True)]],
                        {"red": ["heir"], "blue": ["heir"], "green": ["heir"]},
                        {"red": 8, "blue": 10, "green": 7}, cursor=1)
    assert g.to_act == "red" and g.legal_actions() == ["reveal", "stay"]
    assert expert_choices(g) == {"reveal"}


def known_ambush() -> Game:
    """Red's Soldier must eliminate a neighbour: blue's card that stayed face down three rounds (blue's
    Conspiracy is already discarded, so it is all but surely the Ambush: +4 to blue and red's Soldier
    lost) or green's card placed this round (green's Ambush is discarded: +1 to red, safely)."""
    return retail_position(4, [[card("ambush", "blue", tokens=3)], [card("soldier", "red", True)],
                               [card("lord", "green")], [card("lord", "red", True)],
                               [card("heir", "blue", True)], [card("archer", "green", True)]],
                           {"red": ["heir", "spy", "assassination"], "blue": ["lord", "spy", "soldier"],
                            "green": ["spy", "heir", "soldier"]},
                           {"red": 6, "blue": 6, "green": 6}, cursor=2, pending="soldier",
                           discard_first={"blue": ["conspiracy"], "green": ["ambush"]})


def random_arena_games(deals: tuple[int, ...]) -> list[Any]:
    """Retail 3-player games of random moves as the arena logs them (red `me`, blue and green the hard bots),
    one per deal, each seeded by its deal."""
    from oriflamme import new_game
    from tabletop.arena_stats import GameResult

    results = []
    for deal in deals:
        g = new_game("retail", 3, seed=deal)
        rng = random.Random(deal)
        actions = []
        while not g.is_over:
            a = rng.choice(g.legal_actions())
            actions.append(a)
            g.play(a)
        results.append(GameResult(deal, {}, [], {"me": "red", "hard": "blue", "hard#2": "green"}, actions))
    return results


def test_does_not_feed_a_known_ambush() -> None:
    g = known_ambush()
    assert g.to_act == "red" and len(g.legal_actions()) == 2
    assert expert_choices(g) == {"eliminate 3"}


def test_reveals_its_heir_to_cancel_a_rival_heir() -> None:
    # Last round: blue's face-up Heir resolves after red's face-down one and would score 2, unless red
    # reveals its own Heir first (an Heir scores only while no other face-up Heir is in the queue).
    g = retail_position(6, [[card("heir", "red", tokens=1)], [card("heir", "blue", True)],
                            [card("spy", "green", True)]],
                        {"red": ["lord"], "blue": ["lord"], "green": ["lord"]},
                        {"red": 10, "blue": 10, "green": 6}, cursor=1)
    assert g.to_act == "red" and g.legal_actions() == ["reveal", "stay"]
    assert expert_choices(g) == {"reveal"}


def _ambush_position() -> dict[str, Any]:
    g = retail_position(4, [[card("ambush", "blue", tokens=3)], [card("soldier", "red", True)],
                            [card("spy", "green", True)]],
                        {"red": ["heir", "spy", "assassination"], "blue": ["lord", "spy", "soldier"],
                         "green": ["heir", "lord", "soldier"]},
                        {"red": 6, "blue": 6, "green": 6}, cursor=2, pending="soldier",
                        discard_first={"blue": ["conspiracy"]})
    return g.view("red")


def test_belief_puts_stayers_where_cards_stayed() -> None:
    """Blue's card that stayed three times is dealt the Ambush far more often than by a uniform deal
    (one chance in eight among blue's unseen cards), and every deal still shows red's view."""
    v = _ambush_position()
    rng = random.Random(1)
    belief, uniform = BeliefSampler(v), Sampler(v)
    n = 400
    b_amb = sum(belief.sample(rng).queue[0][0][0] == "ambush" for _ in range(n)) / n
    u_amb = sum(uniform.sample(rng).queue[0][0][0] == "ambush" for _ in range(n)) / n
    assert u_amb < 0.25 < 0.7 < b_amb
    for _ in range(50):
        assert view(belief.sample(rng), "red") == v


@pytest.mark.parametrize(("edition", "players"), [("retail", 4), ("pegasus", 5), ("prototype", 2)])
def test_belief_deals_are_consistent_with_the_view(edition: str, players: int) -> None:
    from oriflamme import new_game

    rng = random.Random(players)
    g = new_game(edition, players, seed=4)
    while not g.is_over:
        for c in g.seats:
            v = g.view(c)
            s = BeliefSampler(v).sample(rng)
            assert view(s, c) == v
            per = get_edition(edition).families_per_player(players)
            for colour in s.seats:
                have = Counter(s.hands[colour]) + Counter(s.aside[colour]) + Counter(s.discard[colour])
                have += Counter(q[0] for st in s.queue for q in st if q[1] == colour)
                assert have == Counter({k: per for k in s.ed.family})
        g.play(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
def test_the_web_setup_and_the_terminal_offer_expert(game: str) -> None:
    import json

    from tabletop import registry
    from tabletop.bridge import api as webapi
    from tabletop.cli.players import make_chooser, parse_levels

    assert "expert" in registry.get(game).levels and registry.get(game).levels[-1] == "expert"  # the hint's
    settings: dict[str, Any] = {"game": game, "players": 3, "seed": 5,
                                "seats": [{"kind": "bot", "level": "expert"}] * 3}
    if game == "oriflamme":
        settings["edition"] = "retail"
    else:
        settings.update({"set": "A", "hidden_gold": False})
    u = json.loads(webapi.new_game(json.dumps(settings)))
    assert "error" not in u, u
    step = json.loads(webapi.bot_step())  # bot_step refuses an illegal choice with an error
    assert "error" not in step, step
    assert step["actor"] == u["to_act"] and step["actions"] == 1
    assert parse_levels("expert,hard", game) == ["expert", "hard"]
    assert make_chooser("expert", 1, game).level == "expert"


def test_the_expert_cuts_its_playouts_at_the_end_of_the_round() -> None:
    """The expert scores a playout with the estimate once the current round is resolved (more, shorter
    iterations in the same time); hard plays one more round first."""
    import random as rnd

    from oriflamme import new_game
    from oriflamme.bots.common import policy_step
    from oriflamme.bots.expert import ExpertBot
    from oriflamme.bots.hard import HardBot
    from oriflamme.state import PLACEMENT

    g = new_game("retail", 3, seed=8)
    rng = rnd.Random(8)
    while g.state.round < 2:
        g.play(rng.choice(g.legal_actions()))
    me = g.to_act
    assert me is not None
    expert, hard = ExpertBot(1).game(g.view(me)), HardBot(1).game(g.view(me))
    s = expert.sample(rng)
    while not (s.phase == PLACEMENT and s.round == 3):
        assert expert.live(s) and hard.live(s)
        expert.apply(s, policy_step(s, rng))
    assert not expert.live(s) and hard.live(s)


@pytest.mark.parametrize("players", [2, 3])
def test_with_two_players_the_expert_searches_one_more_round(players: int) -> None:
    """D155: in a two-player game the expert's playouts go on to the end of the next round, as hard's;
    with more players they stop at the end of the current one (D111)."""
    from oriflamme import new_game
    from oriflamme.bots.expert import ExpertBot
    from oriflamme.bots.hard import HardBot

    g = new_game("prototype", players, seed=4)
    me = g.to_act
    assert me is not None
    view = g.view(me)
    extra = ExpertBot(1).game(view).stop_round - view["round"]
    assert extra == (1 if players == 2 else 0)
    assert HardBot(1).game(view).stop_round - view["round"] == 1


def test_a_search_can_score_its_cut_off_with_fitted_weights() -> None:
    """`future_weight` scales what the estimate adds to the scores now, and `scale_growth` widens the
    margin's scale by that much per round left after the next one (up to 2.5): by hand on a round-2
    position of retail with a card placed (6 rounds: scale 3 + 2.5 x 2.2). Hard and the defaults keep
    the hand-made cut-off."""
    import math
    import random as rnd

    from oriflamme import new_game
    from oriflamme.bots.common import estimate, payoffs
    from oriflamme.bots.hard import HardBot
    from oriflamme.state import PLACEMENT

    g = new_game("retail", 3, seed=8)
    rng = rnd.Random(8)
    while not (g.state.round == 2 and g.state.phase == PLACEMENT and g.state.placed == 1):
        g.play(rng.choice(g.legal_actions()))
    s = g.state
    assert s.ed.rounds == 6
    est, now = estimate(s), s.scores
    fitted = {c: now[c] + 0.6 * (v - now[c]) for c, v in est.items()}
    assert fitted != est

    def by_hand(e: dict[str, float], scale: float) -> dict[str, float]:
        return {c: 0.5 + 0.5 * math.tanh((v - max(w for d, w in e.items() if d != c)) / scale)
                for c, v in e.items()}

    assert payoffs(s, future=0.6, growth=2.2) == pytest.approx(by_hand(fitted, 3 + 2.5 * 2.2))
    assert payoffs(s) == pytest.approx(by_hand(est, 3))
    bot = HardBot(1)
    me = g.to_act
    assert me is not None
    assert bot.game(g.view(me)).payoffs(s) == payoffs(s)
    bot.future_weight, bot.scale_growth = 0.6, 2.2
    assert bot.game(g.view(me)).payoffs(s) == payoffs(s, future=0.6, growth=2.2)


def test_matched_exploration_scales_ucb_to_the_cut_offs_margin_scale() -> None:
    """With `matched_exploration`, UCB's constant is divided by the cut-off's scale over 3 at the round where
    the search is cut: wide early (3 + 2.5 x 2.2 when four or more rounds follow the cut), 3 + 2.2 when one
    round follows it, and the plain constant in the last round, which search plays to the end. Off, or with
    the hand-made scale, the constant is unchanged."""
    import random as rnd

    from oriflamme import new_game
    from oriflamme.bots.expert import ExpertBot

    g = new_game("retail", 3, seed=8)
    rng = rnd.Random(8)
    seen: dict[int, float] = {}
    bot = ExpertBot(1)
    bot.matched_exploration, bot.scale_growth = True, 2.2
    plain = ExpertBot(1)
    while not g.is_over:
        me = g.to_act
        assert me is not None
        v = g.view(me)
        seen[v["round"]] = bot.game(v).exploration
        assert plain.game(v).exploration == 0.7
        g.play(rng.choice(g.legal_actions()))
    assert seen[1] == pytest.approx(0.7 * 3 / (3 + 2.5 * 2.2))
    assert seen[4] == pytest.approx(0.7 * 3 / (3 + 2.2))
    assert seen[5] == seen[6] == pytest.approx(0.7)
    bot.scale_growth = 0.0
    assert bot.game(v).exploration == pytest.approx(0.7)


def test_the_cut_off_fit_reads_every_round_start_and_fits_better_than_the_hand_scale() -> None:
    """`python -m oriflamme.bots.fit_cutoff`: one position per player at the start of rounds 2-6, and
    the fitted scale is the maximum-likelihood one, so its win log loss is never above T = 3's."""
    from oriflamme.bots.fit_cutoff import fit

    fits = fit(6, eps=0.2)
    assert [f.rounds_left for f in fits] == [1, 2, 3, 4, 5]
    assert all(f.positions == 6 * 3 for f in fits)
    assert all(f.loss <= f.loss_hand + 1e-9 and f.scale > 0 for f in fits)
    assert any(f.slope != 0 for f in fits)


def test_whether_more_thinking_changes_a_choice_is_counted_per_kind_of_decision() -> None:
    """`python -m oriflamme.bots.converged`: every bench position is counted once, under its kind of
    decision, and the agreements are counts of those positions (iteration caps: reproducible)."""
    from oriflamme.bots.bench import positions
    from oriflamme.bots.converged import agreement

    rows = agreement("hard", 30, 60, 8, unit="iterations")
    kinds = Counter(view["decision"]["kind"] for view, _ in positions("retail", 3, 8))
    assert {k: n for k, (n, _, _) in rows.items()} == dict(kinds)
    assert all(0 <= long <= n and 0 <= again <= n for n, long, again in rows.values())
    assert rows == agreement("hard", 30, 60, 8, unit="iterations")


def test_whether_a_variant_changes_a_choice_is_counted_against_a_reseed() -> None:
    """`python -m oriflamme.bots.converged expert 330 expert:separate_trees=1 32`: in place of the long
    budget an arena entry chooses with the same budget, counted like the long choice."""
    from oriflamme.bots.converged import agreement, main

    rows = agreement("hard", 30, "hard:exploration=0.3", 6, unit="iterations")
    assert sum(n for n, _, _ in rows.values()) == 6
    assert all(0 <= other <= n and 0 <= again <= n for n, other, again in rows.values())
    assert rows == agreement("hard", 30, "hard:exploration=0.3", 6, unit="iterations")
    with pytest.raises(ValueError):
        agreement("hard", 30, "hard:nothing=1", 6, unit="iterations")
    with pytest.raises(ValueError):
        main(["hard", "5", "hard:nothing=1", "1"])


def _round_two_start() -> tuple[Game, str]:
    """A retail 3-player game at the start of round 2's placements, and the player to place first."""
    from oriflamme import new_game

    g = new_game("retail", 3, seed=5)
    rng = random.Random(5)
    while not (g.state.round == 2 and g.state.placed == 0):
        g.play(rng.choice(g.legal_actions()))
    me = g.to_act
    assert me is not None
    return g, me


def test_with_hidden_opponent_choices_the_tree_goes_on_from_what_was_seen() -> None:
    """`hide_opponents`: an opponent's placement (which card) and stay (on what) are choices the
    searcher cannot see. Their statistics stay keyed by the move, so the opponent still chooses with its
    own cards, but the tree goes on below from one node per thing seen (where the card went, that it
    stayed), so no later choice in the tree depends on a card the searcher could not see."""
    from oriflamme.bots.expert import ExpertBot
    from tabletop.search import Node

    g, me = _round_two_start()

    def hidden_moves_with_subtrees(hide: bool) -> tuple[int, set[Any]]:
        bot = ExpertBot(3, iterations=3000)
        bot.hide_opponents = hide
        root = bot.search(g.view(me))
        leaks, seen = 0, set()
        stack: list[Node] = [root]
        while stack:
            node = stack.pop()
            for key, child in node.children.items():
                move, tag = key if isinstance(key[0], tuple) else (key, None)
                placed = move[0] == "place" and child.player != me
                hidden = placed or (tag is not None and move == ("stay",))
                leaks += hidden and bool(child.children)
                stack.append(child)
            for key, after in (node.after or {}).items():
                seen.add(key)
                stack.append(after)
        return leaks, seen

    leaks, seen = hidden_moves_with_subtrees(True)
    assert leaks == 0
    assert any(key[0] == "place" for key in seen) and all(len(key) <= 2 for key in seen)
    assert hidden_moves_with_subtrees(False)[0] > 0  # single-observer: the tree below knows the card


def test_with_separate_trees_each_player_sees_only_where_the_others_placed() -> None:
    """`separate_trees` (multiple-observer search): a tree per player, holding only that player's own
    choices; the others' moves lead on by what it sees of them. The searcher's tree keeps which card it
    placed, but in each opponent's tree its placement is only a position, so the opponents in the search
    cannot answer a face-down card they could not see (single-observer search lets them). A card
    revealed is seen by all: the trees go on by its name."""
    from oriflamme.bots.expert import ExpertBot
    from tabletop.search import Node

    g, me = _round_two_start()
    bot = ExpertBot(3, iterations=3000)
    bot.separate_trees = True
    root = bot.search(g.view(me))
    trees = bot.last_trees
    assert trees is not None and trees[me] is root and set(trees) == set(g.state.seats)
    assert all(len(move) == 3 for move in root.children)  # its own placements: which card, where
    for owner, tree in trees.items():
        stack: list[Node] = [tree]
        while stack:
            node = stack.pop()
            assert all(child.player == owner for child in node.children.values())
            for key in node.after or {}:
                assert key[0] != "place" or len(key) == 2  # another's placement: where, never which
            stack += [*node.children.values(), *(node.after or {}).values()]
        if owner != me:
            assert tree.after and not tree.children
            assert {key[0] for key in tree.after} == {"place"}
    # An opponent's reveal shows its card: the searcher's tree goes on by which card it was.
    reveals: list[Any] = []
    stack = [root]
    while stack:
        node = stack.pop()
        reveals += [key for key in node.after or {} if key[0] == ("reveal",) or key == ("reveal",)]
        stack += [*node.children.values(), *(node.after or {}).values()]
    assert reveals and all(len(key) == 2 and isinstance(key[1], str) for key in reveals)


def test_the_speed_bench_takes_the_games_to_time(capsys: Any) -> None:
    """`python -m oriflamme.bots.bench 20 2 none expert prototype:2`: one row, the two-player mode."""
    from oriflamme.bots.bench import main

    main(["20", "2", "none", "expert", "prototype:2"])
    rows = capsys.readouterr().out.splitlines()[1:]
    assert len(rows) == 1 and rows[0].startswith("prototype 2p: 40 iterations")


@pytest.mark.parametrize("players", [2, 3])
def test_without_tokens_the_stays_read_from_the_position_are_never_more_than_the_real_ones(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The prototype counts no stays; `least_stays` reads from the position alone how often a face-down
    card surely stayed. Over random games it never says more than the engine's real stays, and it
    says something of many cards."""
    from oriflamme import engine, new_game
    from oriflamme.belief import least_stays
    from oriflamme.state import NAME

    stayed: list[list[Any]] = []  # the cards held, so that identities are never reused
    real_stay = engine._stay

    def counting_stay(s: Any, ev: Any) -> None:
        stayed.append(s.queue[s.cursor][-1])
        real_stay(s, ev)

    monkeypatch.setattr(engine, "_stay", counting_stay)
    read = Counter[int]()
    for seed in range(12):
        rng = random.Random(seed)
        g = new_game("prototype", players, seed=seed)
        stayed.clear()
        while not g.is_over:
            me = g.to_act
            assert me is not None
            s = BeliefSampler(g.view(me), read_stays=True).base
            for i, st in enumerate(s.queue):
                for j, c in enumerate(st):
                    if c[NAME] is None:
                        real = sum(x is g.state.queue[i][j] for x in stayed)
                        least = least_stays(s, i, j)
                        assert least <= real, (seed, g.state.round, i, j)
                        read[least] += 1
            g.play(rng.choice(g.legal_actions()))
    assert read[1] > read.total() / 5


def test_without_tokens_the_belief_deals_the_ambush_where_a_card_stayed() -> None:
    """Prototype, two players: an opponent's face-down card the cursor has passed stayed, and there only
    the Ambush must stay, so with `read_stays` it is dealt the Ambush most of the time (a uniform deal:
    about one time in nine); every deal still shows the view."""
    from oriflamme import new_game
    from oriflamme.belief import least_stays
    from oriflamme.state import NAME, OWNER

    rng = random.Random(1)
    g = new_game("prototype", 2, seed=1)
    while True:  # play on to a decision of red's with a face-down green card that stayed
        me = g.to_act
        assert me is not None and not g.is_over
        v = g.view(me)
        if me == "red" and v["phase"] == "resolution":
            s = BeliefSampler(v, read_stays=True).base
            slots = [(i, j) for i, st in enumerate(s.queue) for j, c in enumerate(st)
                     if c[NAME] is None and c[OWNER] == "green" and least_stays(s, i, j)]
            if slots and "ambush" in unseen_cards(v, "green"):
                break
        g.play(rng.choice([a for a in g.legal_actions() if a != "stay"] or g.legal_actions()))
    (i, j), n = slots[0], 400
    reading, plain = BeliefSampler(v, read_stays=True), BeliefSampler(v)
    read_amb = sum(reading.sample(rng).queue[i][j][NAME] == "ambush" for _ in range(n)) / n
    plain_amb = sum(plain.sample(rng).queue[i][j][NAME] == "ambush" for _ in range(n)) / n
    assert plain_amb < 0.25 < 0.5 < read_amb
    for _ in range(50):
        assert view(reading.sample(rng), "red") == v


def unseen_cards(v: dict[str, Any], colour: str) -> Counter[str]:
    from oriflamme.sampling import unseen

    return unseen(v, colour)


@pytest.mark.parametrize("players", [2, 3])
def test_with_two_players_the_expert_explores_by_its_own_constant(players: int) -> None:
    """D185: with two players the expert's UCB constant is `duel_exploration`, with more `exploration`
    (hard's); the search (and the review's restricted search) uses the constant its game brings."""
    from oriflamme import new_game
    from oriflamme.bots.expert import ExpertBot
    from oriflamme.bots.hard import HardBot
    from tabletop.search import _Restricted

    g = new_game("prototype", players, seed=4)
    me = g.to_act
    assert me is not None
    view, legal = g.view(me), g.legal_actions()

    def bot(duel: float, other: float) -> ExpertBot:
        b = ExpertBot(3, iterations=300)
        b.duel_exploration, b.exploration = duel, other
        return b

    game = bot(1.3, 0.4).game(view)
    assert game.exploration == (1.3 if players == 2 else 0.4)
    assert _Restricted(game, frozenset(legal[:2])).exploration == game.exploration
    assert HardBot(1).game(view).exploration == HardBot.exploration

    def visits(b: ExpertBot) -> list[int]:
        return sorted(n.visits for n in b.search(view).children.values())

    def pair(used: float, unused: float) -> ExpertBot:  # the constant this game uses, and the other
        return bot(used, unused) if players == 2 else bot(unused, used)

    assert visits(pair(0.0, 0.7)) != visits(pair(5.0, 0.7))  # greedy against wide: the search follows
    assert visits(pair(0.7, 0.0)) == visits(pair(0.7, 5.0))  # the other constant changes nothing


HANDS4 = {"red": ["archer", "spy", "decree", "ambush"], "blue": ["archer", "heir", "decree", "ambush"],
          "green": ["soldier", "heir", "decree", "ambush"]}  # round 3: four cards left in each hand


def _playout_choices(g: Game, aim: bool, n: int = 400) -> Counter[str]:
    from oriflamme.actions import to_text
    from oriflamme.bots.common import policy_step

    rng = random.Random(5)
    return Counter(to_text(policy_step(g.state.clone(), rng, aim)) for _ in range(n))


def test_aimed_playouts_keep_down_a_soldier_that_could_only_hit_its_own_cards() -> None:
    # Round 3: red's face-down Soldier has red's cards on both sides: revealed, it must eliminate one.
    g = retail_position(3, [[card("lord", "red", True)], [card("soldier", "red")],
                            [card("heir", "red", True)], [card("spy", "blue", True)],
                            [card("lord", "green", True)]],
                        HANDS4,
                        {"red": 5, "blue": 5, "green": 5}, cursor=2)
    assert g.to_act == "red" and g.legal_actions() == ["reveal", "stay"]
    plain, aimed = _playout_choices(g, False), _playout_choices(g, True)
    assert plain["reveal"] > 0.7 * 400  # the plain policy reveals four times in five, whatever the card
    assert aimed["stay"] > 0.8 * 400
    # With an opponent's card beside it, the aimed policy reveals it.
    g = retail_position(3, [[card("lord", "red", True)], [card("soldier", "red")],
                            [card("spy", "blue", True)], [card("heir", "red", True)],
                            [card("lord", "green", True)]],
                        HANDS4,
                        {"red": 5, "blue": 5, "green": 5}, cursor=2)
    assert _playout_choices(g, True)["reveal"] > 0.8 * 400


def test_aimed_playouts_shoot_the_opponents_most_valuable_card() -> None:
    # Red's Assassination may hit any card: blue's face-up Lord beside blue's card earns 2 a round, the
    # others far less; the aimed policy takes it most of the time, the plain one at random.
    g = retail_position(3, [[card("spy", "green", True)], [card("lord", "blue", True)],
                            [card("soldier", "blue", True)], [card("assassination", "red", True)],
                            [card("archer", "green")]],
                        HANDS4,
                        {"red": 5, "blue": 5, "green": 5}, cursor=4, pending="assassination")
    assert g.to_act == "red" and "eliminate 2" in g.legal_actions()
    plain, aimed = _playout_choices(g, False), _playout_choices(g, True)
    assert aimed["eliminate 2"] > 0.7 * 400
    assert plain["eliminate 2"] < 0.4 * 400


def test_the_aimed_playouts_switch_reaches_the_search() -> None:
    from oriflamme import new_game
    from oriflamme.bots.expert import ExpertBot

    g = new_game("retail", 3, seed=4)
    me = g.to_act
    assert me is not None
    bot = ExpertBot(1)
    assert not bot.game(g.view(me)).aim
    bot.aimed_playouts = True
    assert bot.game(g.view(me)).aim


def _once_stayed_ambush(scores: tuple[int, int, int] = (9, 9, 9)) -> Game:
    # Round 4. Red's Soldier must eliminate a neighbour: blue's card placed this round that stayed at its
    # turn (one token; blue's Conspiracy is discarded and its Heir face up) — the hard bots' Ambush, by
    # the measured classes — or green's card that stayed three times, their Conspiracy far more often.
    return retail_position(4, [[card("lord", "red", True)], [card("ambush", "blue", tokens=1)],
                               [card("soldier", "red", True)], [card("conspiracy", "green", tokens=3)],
                               [card("heir", "blue", True)]],
                           {"red": ["heir", "spy", "archer"], "blue": ["lord", "spy", "archer"],
                            "green": ["heir", "spy", "ambush"]},
                           dict(zip(SEATS, scores, strict=True)), cursor=3, pending="soldier",
                           discard_first={"blue": ["conspiracy"]})


def test_the_class_model_deals_the_once_stayed_card_as_the_ambush() -> None:
    """The stay model makes both stayers about as likely an Ambush; the classes measured on the hard
    bots make the once-stayed card placed this round the Ambush and the long stayer the Conspiracy."""
    g = _once_stayed_ambush()
    v = g.view("red")
    rng = random.Random(2)
    n = 600

    def ambush_share(sampler: Sampler, pos: int) -> float:
        return sum(sampler.sample(rng).queue[pos][0][0] == "ambush" for _ in range(n)) / float(n)

    stays, classes = BeliefSampler(v), BeliefSampler(v, classes=True)
    assert [slot_class(classes.base, i, 0) for i in (1, 3)] == ["t1 middle passed / soldier",
                                                               "t3+ middle / soldier"]
    assert abs(ambush_share(stays, 1) - ambush_share(stays, 3)) < 0.15
    assert ambush_share(classes, 1) > 0.6 > 0.25 > ambush_share(classes, 3)
    for _ in range(50):
        assert view(classes.sample(rng), "red") == v


def _expert_choices(g: Any, switch: str, on: float, seeds: int = 3) -> set[str]:
    """What the expert shoots as red at 1,500 iterations, over `seeds` seeds, with `switch` on or off (or
    set to a number)."""
    out = set()
    for s in range(seeds):
        bot = make_bot("expert", seed=s, iterations=1500)
        setattr(bot, switch, on)
        out.add(bot.choose(g.view("red"), g.legal_actions()))
    return out


def test_with_the_class_model_the_expert_does_not_feed_the_once_stayed_ambush() -> None:
    g = _once_stayed_ambush()
    assert g.to_act == "red" and g.legal_actions() == ["eliminate 2", "eliminate 4"]

    assert _expert_choices(g, "class_model", False) == {"eliminate 2"}  # the stay model shoots the Ambush
    assert _expert_choices(g, "class_model", True) == {"eliminate 4"}


@pytest.mark.parametrize(("model", "edition", "players", "seed"), [
    ("classes", "retail", 3, 6), ("classes", "retail", 5, 6),
    ("placed", "retail", 3, 8), ("placed", "retail", 5, 8), ("placed", "pegasus", 4, 8)])
def test_model_deals_are_consistent_with_the_view(model: str, edition: str, players: int, seed: int) -> None:
    """Every deal of the class and the placement-round models shows the view it was drawn from."""
    from oriflamme import new_game

    rng = random.Random(players)
    g = new_game(edition, players, seed=seed)
    while not g.is_over:
        c = g.to_act
        assert c is not None
        v = g.view(c)
        assert view(BeliefSampler(v, **{model: True}).sample(rng), c) == v
        g.play(rng.choice(g.legal_actions()))


def test_the_hidden_card_measure_counts_each_watched_card_once() -> None:
    """`bots.hidden` on two random games: per class, the observed cards and a uniform deal's expectation
    add up to the same number of cards, and every reveal decision of the watched seats is counted."""
    from oriflamme import new_game
    from oriflamme.bots.hidden import likelihoods, measure
    from tabletop.arena_stats import GameResult

    results = []
    reveals = 0
    for deal in (3, 4):
        g = new_game("retail", 3, seed=deal)
        rng = random.Random(deal)
        actions = []
        while not g.is_over:
            legal = g.legal_actions()
            v = g.view(g.to_act) if g.to_act is not None else None
            a = rng.choice(legal)
            if (v is not None and g.to_act != "red" and v["decision"]["kind"] == "reveal" and len(legal) == 2
                    and v["round"] < v["rounds"]):
                reveals += 1
            actions.append(a)
            g.play(a)
        results.append(GameResult(deal, {}, [], {"me": "red", "hard": "blue", "hard#2": "green"}, actions))
    seen, expected, stays, _ = measure("retail", "hard", results)
    assert seen and sum(sum(st) for st in stays.values()) == reveals
    for cls in expected:
        assert sum(seen[cls].values()) == pytest.approx(sum(expected[cls].values()))
    table = likelihoods(seen, expected)
    assert all(v > 0 for lik in table.values() for v in lik.values())


def test_the_shots_replay_lets_the_expert_choose_with_each_model() -> None:
    """`bots.shots`: at the once-stayed Ambush position the stay model feeds the Ambush; the class model
    and the deals that know the face-down cards shoot the Conspiracy."""
    from oriflamme.bots.shots import KnownSampler, choices

    g = _once_stayed_ambush()
    got = choices(g, 1500)
    assert got["stays"] == Counter({"ambush": 2})
    assert got["classes"] == Counter({"conspiracy": 2})
    assert got["known"] == Counter({"conspiracy": 2})
    s = KnownSampler(g.view("red"), g.state).sample(random.Random(1))
    assert [s.queue[i][0][0] for i in (1, 3)] == ["ambush", "conspiracy"]


def _first_round_stayer() -> Game:
    """Round 2, red's Soldier must eliminate a neighbour: green's card (the leader's) that went down in
    the first round and stayed twice, or blue's card placed this round, whose turn is still to come.
    The hard bots never open with their Ambush: green's card is its Conspiracy; blue's is the Ambush."""
    return retail_position(2, [[card("conspiracy", "green", tokens=2)], [card("soldier", "red", True)],
                               [card("ambush", "blue")], [card("heir", "red", True)],
                               [card("lord", "blue", True)], [card("spy", "green", True)]],
                           {"red": ["lord", "spy", "archer", "assassination", "ambush"],
                            "blue": ["heir", "spy", "soldier", "archer", "assassination"],
                            "green": ["heir", "lord", "soldier", "ambush", "assassination"]},
                           {"red": 5, "blue": 5, "green": 7}, cursor=2, pending="soldier")


def test_the_round_a_card_was_placed_is_read_from_its_tokens() -> None:
    from oriflamme.belief import placed_round

    s = _first_round_stayer().state
    # Green's card has had its turn this round and stayed twice: placed in round 1. Blue's has had none
    # yet this round and no token: placed in round 2. Face-up cards are not asked.
    assert placed_round(s, 0, 0) == 1 and placed_round(s, 2, 0) == 2
    s.phase = "placement"  # before this round's resolution, a card with one token went down last round
    s.queue[0][0][3] = 1
    assert placed_round(s, 0, 0) == 1


def test_the_placed_model_deals_a_first_round_stayer_as_no_ambush() -> None:
    """The stay model makes green's twice-stayed card the Ambush about as often as the Conspiracy; with
    the round it went down (the hard bots open with their Heir, never their Ambush) it is the Conspiracy,
    and every deal still shows red's view."""
    v = _first_round_stayer().view("red")
    rng = random.Random(3)
    n = 600

    def share(sampler: Sampler, pos: int, name: str) -> float:
        return sum(sampler.sample(rng).queue[pos][0][0] == name for _ in range(n)) / float(n)

    stays, placed = BeliefSampler(v), BeliefSampler(v, placed=True)
    assert share(stays, 0, "ambush") > 0.3
    assert share(placed, 0, "ambush") < 0.1 and share(placed, 0, "conspiracy") > 0.6
    for _ in range(50):
        assert view(placed.sample(rng), "red") == v


def test_with_the_placed_model_the_expert_shoots_the_leaders_conspiracy_not_the_fresh_ambush() -> None:
    g = _first_round_stayer()
    assert g.to_act == "red" and g.legal_actions() == ["eliminate 1", "eliminate 3"]

    # the stay model fears the stayer and feeds the Ambush
    assert _expert_choices(g, "placed_model", False) == {"eliminate 3"}
    assert _expert_choices(g, "placed_model", True) == {"eliminate 1"}


def test_the_placement_measure_counts_every_placement_of_the_watched_seats() -> None:
    """`bots.placed` on two random games: per round, the placed cards and a uniform choice's expectation
    add up to the watched seats' placements, and a card never placed gets a ratio below 1."""
    from oriflamme.bots.placed import likelihoods, measure

    seen, expected = measure("retail", "hard", random_arena_games((3, 4)))
    assert sorted(seen) == [1, 2, 3, 4, 5, 6]
    for rnd in seen:
        assert sum(seen[rnd].values()) == 4 == pytest.approx(sum(expected[rnd].values()))
    table = likelihoods(seen, expected)
    assert all(table[rnd][x] < 1 for rnd in table for x in table[rnd] if seen[rnd][x] == 0)


def _random_logged_game() -> tuple[Any, int]:
    """A retail 3-player game of random moves as the arena logs it (red the expert, blue and green the hard
    bots), and the number of blue's and green's decisions with a choice."""
    from oriflamme import new_game
    from tabletop.arena_stats import GameResult

    g = new_game("retail", 3, seed=5)
    rng = random.Random(5)
    actions, choices = [], 0
    while not g.is_over:
        legal = g.legal_actions()
        choices += g.to_act in ("blue", "green") and len(legal) > 1
        actions.append(rng.choice(legal))
        g.play(actions[-1])
    return GameResult(5, {}, [], {"expert": "red", "hard": "blue", "hard#2": "green"}, actions), choices


def test_the_second_look_judges_every_nth_decision_of_the_level_and_splits_placements() -> None:
    """`bots.second_look` on a random game: every 2nd decision with a choice of the `hard` seats is judged,
    a placement the long search would make with another card or elsewhere is told apart, and the table
    sums the signed losses per game."""
    from oriflamme.bots.second_look import judged, kind_of, table

    assert kind_of("place", "place spy first", "place lord first") == "place: card"
    assert kind_of("place", "place spy first", "place spy on 3") == "place: side"
    assert kind_of("place", "place spy first", "place spy first") == "place (same)"
    assert kind_of("reveal", "stay", "reveal") == "reveal"
    result, choices = _random_logged_game()
    rows = list(judged("retail", "hard", 60, 2, [result]))
    assert len(rows) == choices // 2
    assert {r["kind"] for r in rows} >= {"place", "reveal"}
    lines = table(rows, 1, 2).splitlines()
    total = next(line for line in lines if line.startswith("all            all"))
    assert int(total.split()[2]) == len(rows)
    assert float(total.split()[-1]) == pytest.approx(sum(r["loss"] for r in rows) * 2, abs=1e-3)


def test_the_cut_off_counts_a_share_of_a_face_down_conspiracy_before_the_last_round() -> None:
    from oriflamme.bots.common import estimate, payoffs

    queue = [[card("conspiracy", "red", tokens=2)], [card("lord", "blue", True)],
             [card("spy", "green", True)]]
    hands = {c: ["heir", "archer", "soldier", "decree"] for c in SEATS}
    scores = {"red": 5, "blue": 5, "green": 5}
    s = retail_position(3, queue, hands, scores, cursor=1).state  # its turn to come: 4 resolutions left
    full, part = estimate(s)["red"], estimate(s, 0.65)["red"]
    assert full - 5 == pytest.approx(2 * 2 + 1.4 * 3 + 0.5)
    assert part - 5 == pytest.approx(0.65 * (full - 5))
    assert estimate(s, 0.65)["blue"] == estimate(s)["blue"]
    assert payoffs(s, conspiracy=0.65)["red"] < payoffs(s)["red"]
    last = retail_position(6, queue, {c: ["heir"] for c in SEATS}, scores, cursor=1).state  # the last round
    assert estimate(last, 0.65) == estimate(last)


def test_counting_the_conspiracys_survival_the_expert_opens_with_its_heir() -> None:
    """First placement of a retail game, the Heir and the Conspiracy in hand: the hand-made cut-off counts
    a face-down Conspiracy as if it always survived to be cashed (7.5 points from the first round), and
    the expert opens with it two times in three; the logged games score about 0.65 of that, and with
    that share the expert opens with its Heir, as the hard bots mostly do."""
    assert _openings("conspiracy_survival", 1.0).count("conspiracy") == 2
    assert _openings("conspiracy_survival", 0.65) == ["heir"] * 3


def _openings(switch: str, value: float) -> list[str]:
    """The card the expert opens with (three seeds, 1,500 iterations) in a retail deal whose first player
    holds the Heir and the Conspiracy, with one of its switches set."""
    from oriflamme import new_game

    g = new_game("retail", 3, seed=15)
    me = g.to_act
    assert me is not None and {"heir", "conspiracy"} <= set(g.view(me)["hand"])
    out = []
    for seed in range(3):
        bot = make_bot("expert", seed=seed, iterations=1500)
        setattr(bot, switch, value)
        out.append(bot.choose(g.view(me), g.legal_actions()).split()[1])
    return out


def test_the_conspiracy_survival_switch_reaches_the_search() -> None:
    bot = make_bot("expert", seed=1, iterations=10)
    bot.conspiracy_survival = 0.65  # type: ignore[attr-defined]
    g = _first_round_stayer()  # green's face-down Conspiracy, two tokens, round 2
    search = bot.game(g.view("red"))  # type: ignore[attr-defined]
    s = g.state
    from oriflamme.bots.common import payoffs

    assert search.payoffs(s) == payoffs(s, conspiracy=0.65) != payoffs(s)


def _spy_or_lord() -> Game:
    """Round 5, red's Assassination (the last card) chooses its target: blue, the leader, has a face-up Spy
    beside red's Heir (it will rob red) and a lone face-up Lord (1 a round). The queue hides nothing."""
    return retail_position(5, [[card("spy", "blue", True)], [card("heir", "red", True)],
                               [card("lord", "blue", True)], [card("soldier", "green", True)],
                               [card("assassination", "red", True)]],
                           {c: ["archer", "decree"] for c in SEATS},
                           {"red": 10, "blue": 12, "green": 5}, cursor=5, pending="assassination")


def test_the_cut_off_can_take_a_spys_theft_from_its_victim() -> None:
    from oriflamme.bots.common import estimate, spy_victim

    g = _spy_or_lord()
    g.play("eliminate 3")  # the Lord goes; the round is over: round 6's placements, one resolution left
    s = g.state
    assert s.round == 6 and spy_victim(s, 0, "blue") == "red"
    old, new = estimate(s), estimate(s, theft=0.7)
    assert old["blue"] == new["blue"] == s.scores["blue"] + 1.0  # the Spy's theft, for its owner
    assert old["red"] == s.scores["red"] + 2.0  # the Heir; the theft is not counted against red
    assert new["red"] == pytest.approx(old["red"] - 0.7)
    assert new["green"] == old["green"]
    s.scores["red"] = 0  # nothing to steal from red: no victim
    assert spy_victim(s, 0, "blue") is None and estimate(s, theft=0.7) == estimate(s)


def test_counting_the_spys_theft_against_its_victim_the_expert_shoots_the_spy() -> None:
    """Blue's Spy robs red a point a round (a swing of two between red and the leader), its lone Lord earns
    it one: shooting the Spy is clearly right. The hand-made cut-off sees blue lose a point either way (the
    theft is not counted against red) and splits between them over seeds; counting 0.7 of the theft against
    its victim, the expert shoots the Spy every time."""
    g = _spy_or_lord()
    assert _expert_choices(g, "spy_theft", 0.0, seeds=6) == {"eliminate 1", "eliminate 3"}
    assert _expert_choices(g, "spy_theft", 0.7, seeds=6) == {"eliminate 1"}


def test_the_cut_off_can_scale_a_face_up_lords_and_spys_worth() -> None:
    from oriflamme.bots.common import estimate

    g = _spy_or_lord()
    g.play("eliminate 4")  # green's Soldier goes: blue's Spy (robbing red) and lone Lord stay, one round left
    s = g.state
    old, new = estimate(s), estimate(s, lord=1.13, spy=0.88)
    assert old["blue"] == s.scores["blue"] + 1.0 + 1.0
    assert new["blue"] == pytest.approx(s.scores["blue"] + 1.13 + 0.88)
    assert new["red"] == old["red"] and new["green"] == old["green"]
    # the victim loses a share of the hand-made worth, whatever the Spy's own scale
    assert estimate(s, theft=0.7, spy=0.88)["red"] == pytest.approx(old["red"] - 0.7)


@pytest.mark.parametrize(("switch", "value", "keyword"),
                         [("spy_theft", 0.7, "theft"), ("lord_worth", 1.13, "lord"),
                          ("spy_worth", 0.88, "spy")])
def test_the_spy_and_lord_switches_reach_the_search(switch: str, value: float, keyword: str) -> None:
    from oriflamme.bots.common import payoffs

    bot = make_bot("expert", seed=1, iterations=10)
    g = _spy_or_lord()
    g.play("eliminate 4")
    s = g.state
    assert bot.game(g.view("blue")).payoffs(s) == payoffs(s)  # type: ignore[attr-defined]
    setattr(bot, switch, value)
    assert bot.game(g.view("blue")).payoffs(s) == payoffs(s, **{keyword: value}) != payoffs(s)  # type: ignore[attr-defined]


def test_on_logged_decisions_a_variant_is_crossed_with_a_reseed() -> None:
    """`python -m oriflamme.bots.converged --logs`: every 3rd decision with a choice of the `hard` seats of
    a logged game is asked of both bots with two seeds each; a bot crossed with itself disagrees across
    bots exactly as across seeds and never firmly."""
    from oriflamme.bots.converged import crossed, logged_decisions

    result, choices = _random_logged_game()
    decisions = list(logged_decisions("retail", "hard", 3, [result]))
    assert [n for n, _, _ in decisions] == list(range(3, choices + 1, 3))
    assert all(v["viewer"] in ("blue", "green") for _, v, _ in decisions)
    same = crossed("hard", "hard", 20, iter(decisions))
    assert sum(r[0] for r in same.values()) == len(decisions)
    assert all(cross == own and firm == 0 for _, own, cross, firm in same.values())
    other = crossed("hard", "hard:exploration=0.1", 20, iter(decisions))
    assert {k: r[0] for k, r in other.items()} == {k: r[0] for k, r in same.items()}
    assert other == crossed("hard", "hard:exploration=0.1", 20, iter(decisions))


def test_win_weight_and_end_horizon() -> None:
    """`win_weight` sets a finished game's share of a win (the rest: the margin's term), and the bot's
    search scores with it; `end_horizon` searches to the end from the round before the last with three
    players (the cut-off, horizon 0, elsewhere), and leaves the two-player horizon alone."""
    import random as rnd

    from oriflamme import new_game
    from oriflamme.bots.common import payoffs
    from oriflamme.bots.expert import ExpertBot

    g = new_game("retail", 3, seed=8)
    rng = rnd.Random(8)
    bot, plain = ExpertBot(1), ExpertBot(1)
    bot.end_horizon, bot.win_weight = True, 1.0
    horizons: dict[int, set[int]] = {}
    while not g.is_over:
        me = g.to_act
        assert me is not None
        v = g.view(me)
        horizons.setdefault(v["round"], set()).add(bot.horizon_for(v))
        assert plain.horizon_for(v) == 0
        g.play(rng.choice(g.legal_actions()))
    assert horizons == {1: {0}, 2: {0}, 3: {0}, 4: {0}, 5: {1}, 6: {0}}
    s = g.state
    margin = {c: v - max(w for d, w in s.scores.items() if d != c) for c, v in s.scores.items()}
    pure = payoffs(s, win=1.0)
    assert pure == {c: 1.0 if m > 0 else 0.5 if m == 0 else 0.0 for c, m in margin.items()}
    assert payoffs(s) != pure and bot.game(v).payoffs(s) == pure and plain.game(v).payoffs(s) == payoffs(s)
    duel = new_game("prototype", 2, seed=3)
    assert bot.horizon_for(duel.view(duel.to_act)) == 1 == plain.horizon_for(duel.view(duel.to_act))


def test_the_hand_fit_recovers_known_worths_and_reads_each_round_start() -> None:
    """`bots.fit_hand`: the solver finds the worths that made synthetic residuals; on a replayed game each
    player's hand is read at the start of rounds 2-6 (five rows a player, the game's odd deal on the fitted
    side), against its final score less the estimate there."""
    from oriflamme.bots.fit_hand import mse, rows_of, solve

    rng = random.Random(3)
    truth = {"heir": 0.0, "lord": 2.0, "ambush": 3.0, "spy": 1.0}
    rows = []
    for _ in range(400):
        hand = {n: 1 for n in rng.sample(sorted(truth), 2)}
        rows.append((hand, sum(truth[n] for n in hand)))
    worth = solve(rows, ridge=1e-9)
    assert worth == pytest.approx(truth, abs=1e-6)
    assert mse(rows, worth, 0.0) == pytest.approx(0.0, abs=1e-9)
    assert mse(rows, {}, 2.0) > 0.5
    result, _ = _random_logged_game()
    odd, even = rows_of("retail", [result])
    assert not even and sorted(odd) == [1, 2, 3, 4, 5]
    for k, kept in odd.items():
        assert len(kept) == 3 and all(sum(x.values()) == k + 1 for x, _ in kept)


def test_counting_the_hand_the_cut_off_sees_the_cost_of_spending_a_card() -> None:
    """At a round start a player's hand adds `HAND_WORTH` for the rounds left, weighted by `hand`: holding
    the Conspiracy rather than the Heir is worth more to the one who holds it. With it the expert opens with
    its Heir where the hand-made cut-off opens with the Conspiracy two times in three."""
    from oriflamme import new_game
    from oriflamme.bots.common import payoffs
    from oriflamme.bots.hand_worth import HAND_WORTH

    g = new_game("retail", 3, seed=15)
    rng = random.Random(2)
    while not (g.state.round == 2 and g.state.placed == 0):
        g.play(rng.choice(g.legal_actions()))
    s = g.state
    worth = HAND_WORTH["retail:3"][5]
    plain, counted = payoffs(s), payoffs(s, hand=1.0)
    sums = {c: sum(worth[n] for n in s.hands[c]) for c in s.seats}
    best = max(s.seats, key=sums.__getitem__)
    assert sorted(sums.values())[-2] < sums[best] and counted[best] > plain[best]
    for edition, players, counts in (("prototype", 2, True), ("retail", 4, False)):  # no table for 4 players
        g = new_game(edition, players, seed=15)
        while not (g.state.round == 2 and g.state.placed == 0):
            g.play(rng.choice(g.legal_actions()))
        assert (payoffs(g.state, hand=1.0) != payoffs(g.state)) == counts, edition
    assert _openings("hand_worth", 0.0).count("conspiracy") == 2
    assert _openings("hand_worth", 1.0) == ["heir"] * 3
