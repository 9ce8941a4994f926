"""The batch Quartz is the engine's Quartz: the same chance fed to both gives the same decision
points, the same legal sets and the same results; its random games have the engine's distributions;
its greedy policy beats random."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import numpy as np
import pytest

from cryptarena import games
from cryptarena.batch import core
from cryptarena.batch.quartz import ALL, DIE_PRESETS, FACES, QuartzBatch, action_list
from cryptarena.engine import IllegalAction, Rng

GAME = games.load("quartz")
NUMPY = core.backend("numpy")


class Recorder:
    """A RandomSource that lets each game's first draws be given (the scalar table's set-up, which
    its own RNG drew) and writes down every outcome with its chance kind, for the replay."""

    def __init__(self, seed: int, n: int, prefix: list[list[tuple[str, int]]]):
        self.inner = core.RandomSource(NUMPY, seed, np.arange(n))
        self.prefix = prefix
        self.drawn: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.starter_pending = True

    def _note(self, kind: str, mask, values) -> np.ndarray:
        values = np.array(values)
        for g in np.flatnonzero(np.asarray(mask)):
            at = len(self.drawn[g])
            if at < len(self.prefix[g]):
                assert self.prefix[g][at][0] == kind, (g, at, self.prefix[g][at], kind)
                values[g] = self.prefix[g][at][1]
            self.drawn[g].append((kind, int(values[g])))
        return values

    def pick(self, mask, weights):
        weights = np.asarray(weights)
        kind = "starter" if self.starter_pending else "crystal" if weights.shape[1] == len(ALL) else "face"
        self.starter_pending = False
        return self._note(kind, mask, self.inner.pick(mask, weights))

    def dice(self, mask, count, sides):
        faces = np.array(self.inner.dice(mask, count, sides))
        for j in range(count):  # a die at a time, as successive draws
            faces[:, j] = self._note("face", mask, faces[:, j])
        return faces

    def dice_masked(self, valid, sides, rows=None):
        n = len(self.drawn)
        rows = np.arange(n) if rows is None else np.asarray(rows)
        full = np.zeros((n, np.asarray(valid).shape[1]), bool)
        full[rows] = valid
        faces = np.array(self.inner.dice_masked(full, sides))
        for j in range(full.shape[1]):  # within a table the cells are successive draws, in order
            faces[:, j] = self._note("face", full[:, j], faces[:, j])
        return faces[rows]

    def below(self, mask, k):
        raise AssertionError("the rules draw only picks and dice")


def scalar_table(players: int, seed: int, options: dict):
    """A scalar table and the chance its set-up drew: the first player, the first crystal, the dice."""
    state = GAME.new_state(players, seed=seed, options=options)
    die = DIE_PRESETS[state.options["die_faces"]]
    prefix = [("starter", state.view()["order"][0])]
    for entry in state.log:
        if entry["msg"] == "quartz.mine":
            prefix.append(("crystal", ALL.index(entry["params"]["colour"])))
        if entry["msg"] == "quartz.roll":
            prefix += [("face", die.index(face)) for face in entry["params"]["dice"]]
    return state, prefix


def script(state, outcomes: list[tuple[str, int]]) -> None:
    if not outcomes:
        return
    die = DIE_PRESETS[state.options["die_faces"]]  # a die's outcome is the side: its face is the preset's
    wanted = [{"crystal": ALL[v]} if kind == "crystal" else die[v] for kind, v in outcomes]
    try:
        state.script_chance(wanted)
    except IllegalAction:
        # script_chance checks a crystal against the bag as it is now, before the next round's
        # unstable crystals go in; the draw itself checks it again against the bag it comes from
        state._script.extend(state._parse_outcome(raw) for raw in wanted)


def view_facts(view: dict) -> tuple:
    seats = view["seats"]
    return (view["round"], tuple(view["bag"][c] for c in ALL), view["unstable_supply"],
            tuple(tuple(s["cart"][c] for c in ALL) for s in seats),
            tuple(tuple(s["chest"][c] for c in ALL) for s in seats), tuple(s["markers"] for s in seats),
            tuple(view["dice"]) if view["phase"] == "roll" else ())


def batch_facts(batch: QuartzBatch, g: int) -> tuple:
    bag, carts, chests = (np.asarray(a)[g] for a in (batch.bag, batch.carts, batch.chests))
    dice = tuple(FACES[f] for f in np.asarray(batch.dice)[g]) if int(batch.phase[g]) == 0 else ()
    return (int(batch.round[g]), tuple(bag.tolist()), int(batch.supply[g]), tuple(map(tuple, carts.tolist())),
            tuple(map(tuple, chests.tolist())), tuple(np.asarray(batch.markers)[g].tolist()), dice)


def play_side_by_side(players: int, seeds: list[int], options: dict, policy: str,
                      disagreements: list | None = None) -> list:
    """Pass 1: the batch plays with random chance (the scalar set-up's draws first) and its policy,
    everything written down. Pass 2: a fresh batch on a ScriptedSource of those outcomes and the
    scalar tables on script_chance, the same actions into both, compared at every decision point.
    Returns the finished scalar tables; `disagreements` collects the decisions where the scalar
    greedy bot would have chosen otherwise than the batch's policy."""
    n = len(seeds)
    tables = [scalar_table(players, seed, options) for seed in seeds]
    recorder = Recorder(seeds[0], n, [prefix for _, prefix in tables])
    first = QuartzBatch(NUMPY, players, n, options, recorder)
    chooser = core.RandomSource(NUMPY, seeds[0] + 1, np.arange(n))
    steps: list[tuple[np.ndarray, list[int]]] = []
    while not first.done().all():
        before = [len(d) for d in recorder.drawn]
        actions = np.asarray(first.policy(policy, chooser))
        first.step(actions)
        steps.append((actions, before))
    steps.append((None, [len(d) for d in recorder.drawn]))

    replay = QuartzBatch(NUMPY, players, n, options,
                         core.ScriptedSource([[v for _, v in drawn] for drawn in recorder.drawn]))
    encoding = GAME.action_encoding(players, options)
    bot = GAME.bots["greedy"](GAME)
    for j, (actions, before) in enumerate(steps[:-1]):
        seat, legal = np.asarray(replay.to_act()), np.asarray(replay.legal())
        for g, (state, _) in enumerate(tables):
            if state.is_over():
                assert seat[g] == -1 and not legal[g].any()
                continue
            assert [seat[g]] == state.to_act(), (g, j)
            scalar_legal = sorted(encoding.indices(state.legal_actions(int(seat[g]))))
            assert scalar_legal == np.flatnonzero(legal[g]).tolist(), (g, j)
            assert batch_facts(replay, g) == view_facts(state.view()), (g, j)
            # the running totals the batch keeps beside its arrays
            assert replay.in_bag[g] == replay.bag[g].sum(), (g, j)
            assert replay.coloured[g].tolist() == replay.carts[g, :, :len(ALL) - 1].sum(axis=1).tolist(), (g, j)
            if disagreements is not None:
                view, legal_list = state.view(int(seat[g])), state.legal_actions(int(seat[g]))
                wanted = encoding.index(bot.act(view, legal_list, Rng(0)))
                if wanted != actions[g]:
                    disagreements.append((seeds[g], j, view["phase"], wanted, int(actions[g])))
            after = steps[j + 1][1][g]
            script(state, recorder.drawn[g][before[g]:after])
            state.apply(int(seat[g]), encoding.action(int(actions[g])))
            assert not state._script, "the batch drew more chance than the engine"
        replay.step(actions)
    result = replay.result()
    for g, (state, _) in enumerate(tables):
        assert state.is_over()
        scores = state.scores()
        assert result.totals[g].tolist() == [s["total"] for s in scores]
        assert list(result.breakdown) == list(scores[0]["breakdown"])
        for item, values in result.breakdown.items():
            assert values[g].tolist() == [s["breakdown"][item] for s in scores], item
        assert np.flatnonzero(result.winners[g]).tolist() == state.winners()
        assert result.length[g] == sum("action" in step for step in state.history)
    return [state for state, _ in tables]


def decisions(states: list) -> int:
    return sum("action" in step for state in states for step in state.history)


class ContractSource:
    """A RandomSource seen through the contract alone: pick and dice over the whole batch (no
    `rows=`, no `dice_masked`), so the batch takes its plain path."""

    def __init__(self, inner):
        self.inner = inner

    def pick(self, mask, weights):
        return self.inner.pick(mask, weights)

    def dice(self, mask, count, sides):
        return self.inner.dice(mask, count, sides)


@pytest.mark.parametrize("options", [{}, {"die_faces": "double_pickaxe"}])
def test_the_contracts_plain_source_plays_the_same_games(options):
    n, players = 300, 4
    fast = QuartzBatch(NUMPY, players, n, options, core.RandomSource(NUMPY, 3, np.arange(n)))
    plain = QuartzBatch(NUMPY, players, n, options, ContractSource(core.RandomSource(NUMPY, 3, np.arange(n))))
    assert fast._pick_rows and not plain._pick_rows
    chooser = [core.RandomSource(NUMPY, 4, np.arange(n)) for _ in range(2)]
    while not plain.done().all():
        plain.step(plain.policy("random", chooser[0]))
        fast.step(fast.policy("random", chooser[1]))
        assert np.array_equal(plain.bag, fast.bag) and np.array_equal(plain.carts, fast.carts)
        assert np.array_equal(plain.dice, fast.dice)
    assert fast.done().all() and np.array_equal(plain.result().totals, fast.result().totals)


def test_the_action_numbering_is_the_engine_encoding():
    for players in range(3, 7):
        for unstable in (False, True):
            options = GAME.check_options({"unstable_in_chest": unstable})
            encoding = GAME.action_encoding(players, options)
            assert [encoding.action(i) for i in range(encoding.size)] == action_list(players, unstable)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_play_is_the_engines_game_at_every_decision(players):
    assert decisions(play_side_by_side(players, list(range(100 * players, 100 * players + 12)), {}, "random")) > 1000


OPTIONS = [{"die_faces": "double_pickaxe", "big_sets": "none"},
           {"unstable_in_chest": True, "bag_empty_end": "round", "crystals_white": 3, "crystals_pink": 2,
            "crystals_green": 2, "crystals_blue": 2, "crystals_red": 1, "crystals_yellow": 1, "crystals_black": 3},
           {"crystals_white": 20, "crystals_yellow": 0, "crystals_black": 20, "bag_empty_end": "turn"}]


@pytest.mark.parametrize("options", OPTIONS)
def test_rule_changing_options_are_the_engines_game(options):
    for players in (3, 5):
        assert decisions(play_side_by_side(players, list(range(7, 15)), options, "random")) > 100


def test_ties_on_total_and_white_go_to_most_pink_as_in_the_engine():
    # a bag of three white, three pink and two unstable: totals and whites tie often
    options = {"crystals_white": 3, "crystals_pink": 3, "crystals_green": 0, "crystals_blue": 0, "crystals_red": 0,
               "crystals_yellow": 0, "crystals_black": 2}
    states = play_side_by_side(3, list(range(1000, 1150)), options, "random")
    decided_by_pink = 0
    for state in states:
        totals = [s["total"] for s in state.scores()]
        white = [seat["cart"]["white"] + seat["chest"]["white"] for seat in state.view()["seats"]]
        best = [s for s in range(3) if totals[s] == max(totals)]
        best = [s for s in best if white[s] == max(white[b] for b in best)]
        decided_by_pink += best != state.winners()
    assert decided_by_pink >= 1  # the pink tie-break was compared, not only reached


@pytest.mark.parametrize("players", [3, 6])
def test_greedy_play_is_the_engines_game_and_the_scalar_bots_choices(players):
    disagreements: list = []
    states = play_side_by_side(players, list(range(40, 46)), {}, "greedy", disagreements)
    assert decisions(states) > 300
    assert disagreements == []


def test_greedy_under_rule_changing_options_is_the_scalar_bot():
    disagreements: list = []
    for options in OPTIONS:
        play_side_by_side(4, list(range(60, 64)), options, "greedy", disagreements)
    assert disagreements == []


def test_the_copied_constants_are_the_engines():
    from cryptarena.batch import quartz_greedy
    from cryptarena.batch import quartz_tables as quartz
    from cryptarena.games.quartz import bot, components
    assert quartz.COLOURS == components.COLOURS and quartz.ALL[-1] == components.UNSTABLE
    assert quartz.FACES == components.FACES and quartz.ACTION_FACES == tuple(components.MINIMUM)
    assert quartz.MINIMUM == tuple(components.MINIMUM.values())
    assert quartz.VALUES == tuple(components.VALUES[c] for c in components.COLOURS)
    assert quartz.SET_BONUS == components.SET_BONUS and quartz.DIE_PRESETS == components.DIE_PRESETS
    assert (quartz.DICE, quartz.FREE_REROLLS, quartz.ROUNDS, quartz.HELMETS_PER_WILD) == (
        components.DICE, components.FREE_REROLLS, components.ROUNDS, components.HELMETS_PER_WILD)
    assert (quartz.UNSTABLE_ROUND_ONE, quartz.UNSTABLE_PER_ROUND, quartz.UNSTABLE_PENALTY,
            quartz.FEWEST_IN_CHEST_PENALTY) == (components.UNSTABLE_ROUND_ONE, components.UNSTABLE_PER_ROUND,
                                                components.UNSTABLE_PENALTY, components.FEWEST_IN_CHEST_PENALTY)
    assert (quartz_greedy.MARKER_COST, quartz_greedy.DUMP_VALUE, quartz_greedy.STEAL_HARM,
            quartz_greedy.CHEST_BUFFER_VALUE) == (bot.MARKER_COST, bot.DUMP_VALUE, bot.STEAL_HARM,
                                                  bot.CHEST_BUFFER_VALUE)
    assert [quartz.ACTION_FACES[k] for k in quartz_greedy.ACTION_ORDER] == list(bot.ACTION_ORDER)


def test_greedy_beats_random_by_a_clear_margin():
    report = core.run_batch("quartz", 3, 120, ["greedy", "random", "random"], seed=5)
    rates = {entry["agent"]: entry["win_rate"] for entry in report["by_agent"]}
    assert rates["greedy"] > 0.8 and rates["random"] < 0.1  # an even table would give each 1/3


# ---------------------------------------------------------------------------------- distributions
# The scalar side is stored (tests/batch/make_quartz_reference.py wrote it: 10^5 games where the
# configuration says share 1.0); the batch side is played here with its own seeds. Every statistic
# is a two-sample test at a strict threshold: |z| < Z_MAX for each seat's share of wins, each seat's
# mean of the total and of every breakdown item, the mean length, and the number of shared wins;
# the Kolmogorov–Smirnov distance between the length distributions under its critical value at
# ALPHA. With about 120 statistics over the four configurations, a correct batch fails one by
# chance with probability under 1e-3; the seeds are fixed, so the outcome is too.
Z_MAX = 4.5
ALPHA = 1e-4
REFERENCE = Path(__file__).parent / "quartz_reference.json"


def _reference_module():
    path = Path(__file__).parent / "make_quartz_reference.py"
    spec = importlib.util.spec_from_file_location("make_quartz_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _configs():
    return json.loads(REFERENCE.read_text())["configs"]


def _z_mean(sum1, sq1, n1, sum2, sq2, n2) -> float:
    mean1, mean2 = sum1 / n1, sum2 / n2
    var1, var2 = (sq1 - n1 * mean1 ** 2) / (n1 - 1), (sq2 - n2 * mean2 ** 2) / (n2 - 1)
    spread = math.sqrt(var1 / n1 + var2 / n2)
    return 0.0 if spread == 0 and mean1 == mean2 else (mean1 - mean2) / spread


def _z_share(k1, n1, k2, n2) -> float:
    pooled = (k1 + k2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return 0.0 if spread == 0 else (k1 / n1 - k2 / n2) / spread


def _ks(hist1: dict, hist2: dict) -> tuple[float, float]:
    """The two-sample KS distance between two histograms of integers and its critical value at ALPHA."""
    n1, n2 = sum(hist1.values()), sum(hist2.values())
    c1 = c2 = 0
    distance = 0.0
    for value in sorted(set(hist1) | set(hist2)):
        c1 += hist1.get(value, 0)
        c2 += hist2.get(value, 0)
        distance = max(distance, abs(c1 / n1 - c2 / n2))
    return distance, math.sqrt(-math.log(ALPHA / 2) / 2) * math.sqrt((n1 + n2) / (n1 * n2))


@pytest.mark.parametrize("at", range(4))
def test_random_games_have_the_engines_distributions(at):
    config = _configs()[at]
    players, games_n = config["players"], config["games"]
    result = core.play(QuartzBatch, NUMPY, players, games_n, config["options"], np.zeros((games_n, players), int),
                       seed=77 + at, game_index=np.arange(games_n))
    ref = config
    problems = []
    winners = np.asarray(result.winners)
    for seat in range(players):
        z = _z_share(int(winners[:, seat].sum()), games_n, ref["in_winners"][seat], ref["games"])
        if abs(z) >= Z_MAX:
            problems.append(("wins", seat, z))
    z = _z_share(int((winners.sum(axis=1) > 1).sum()), games_n, ref["shared_win_games"], ref["games"])
    if abs(z) >= Z_MAX:
        problems.append(("shared wins", z))
    items = {"total": result.totals, **result.breakdown}
    assert list(items) == list(ref["scores"])
    for item, values in items.items():
        values = np.asarray(values, dtype=np.int64)
        for seat in range(players):
            stored = ref["scores"][item]
            z = _z_mean(int(values[:, seat].sum()), int((values[:, seat] ** 2).sum()), games_n,
                        stored["sum"][seat], stored["sum_sq"][seat], ref["games"])
            if abs(z) >= Z_MAX:
                problems.append((item, seat, z))
    lengths = np.asarray(result.length)
    stored = {int(k): v for k, v in ref["lengths"].items()}
    ref_sum = sum(k * v for k, v in stored.items())
    ref_sq = sum(k * k * v for k, v in stored.items())
    z = _z_mean(int(lengths.sum()), int((lengths ** 2).sum()), games_n, ref_sum, ref_sq, ref["games"])
    if abs(z) >= Z_MAX:
        problems.append(("length", z))
    values, counts = np.unique(lengths, return_counts=True)
    distance, critical = _ks(dict(zip(values.tolist(), counts.tolist())), stored)
    if distance >= critical:
        problems.append(("length KS", distance, critical))
    assert problems == []


def test_the_stored_reference_is_still_the_engines_output():
    # the first CHECK games of every configuration, replayed through simulate's own game loop
    from cryptarena.ai.runner import play_indexed
    reference = _reference_module()

    def via_simulate(game, players, options, index):
        record = play_indexed(game, players, reference.SEED, ["random"], options, index)
        return record.totals, record.breakdowns, record.winners, record.actions
    configs = _configs()
    assert [(c["players"], c["options"]) for c in configs] == [(p, o) for p, o, _ in reference.CONFIGS]
    for config in configs:
        options = GAME.check_table(config["players"], config["options"])
        replayed = reference.tally(GAME, config["players"], options, 0, reference.CHECK, play=via_simulate)
        assert replayed == config["check"]


def test_jax_plays_the_games_numpy_plays():
    try:
        jax_backend = core.backend("jax")
    except core.BatchSetupError:
        pytest.skip("jax is not installed (pip install jax): the JAX path is not tested here")
    # one game only: eager jax compiles every operation again for each new set of rows (~10 s)
    results = [core.play(QuartzBatch, backend, 3, 1, {}, np.zeros((1, 3), int), 5, np.arange(1))
               for backend in (NUMPY, jax_backend)]
    assert np.array_equal(results[0].totals, results[1].totals)
    assert np.array_equal(results[0].length, results[1].length)
    assert np.array_equal(results[0].winners, results[1].winners)
