"""The batched simulator's core: chance sources, the driver, the fold into simulate's report."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cryptarena.ai.runner import GameRecord
from cryptarena.ai.stats import RunTally
from cryptarena.batch import core

NP = core.backend("numpy")


def test_random_source_is_a_function_of_seed_game_and_draw_count():
    whole = core.RandomSource(NP, 7, np.arange(100))
    part = core.RandomSource(NP, 7, np.arange(60, 80))
    for _ in range(5):
        a = whole.dice(np.ones(100, dtype=bool), 3, 6)
        b = part.dice(np.ones(20, dtype=bool), 3, 6)
        assert (a[60:80] == b).all()
    assert not (core.RandomSource(NP, 8, np.arange(100)).dice(np.ones(100, dtype=bool), 3, 6) == a).all()


def test_dice_are_successive_picks_and_masked_games_do_not_draw():
    one, two = core.RandomSource(NP, 3, np.arange(50)), core.RandomSource(NP, 3, np.arange(50))
    mask = np.arange(50) % 3 != 0
    faces = one.dice(mask, 4, 6)
    picks = np.stack([two.pick(mask, np.ones((50, 6), dtype=np.int64)) for _ in range(4)], axis=1)
    assert (faces == picks).all()
    assert (faces[~mask] == 0).all() and (one.counter[~mask] == 0).all() and (one.counter[mask] == 4).all()
    valid = np.zeros((50, 4), dtype=bool)
    valid[:, :2] = mask[:, None]
    three = core.RandomSource(NP, 3, np.arange(50))
    assert (three.dice_masked(valid, 6)[:, :2] == faces[:, :2]).all()


def test_pick_follows_the_weights():
    source = core.RandomSource(NP, 1, np.arange(4000))
    weights = np.tile([1, 0, 3], (4000, 1))
    drawn = np.concatenate([source.pick(np.ones(4000, dtype=bool), weights) for _ in range(5)])
    counts = np.bincount(drawn, minlength=3)
    assert counts[1] == 0
    assert abs(counts[2] / counts.sum() - 0.75) < 0.02  # 20,000 draws: sd 0.003
    below = source.below(np.ones(4000, dtype=bool), np.arange(4000) % 7 + 1)
    assert (below >= 0).all() and (below <= np.arange(4000) % 7).all()


def test_scripted_source_plays_its_lists_and_refuses_the_impossible():
    source = core.ScriptedSource([[2, 0], [1]])
    assert source.pick(np.array([True, True]), np.array([[1, 1, 1], [1, 1, 1]])).tolist() == [2, 1]
    with pytest.raises(ValueError, match="not a possible one"):
        source.pick(np.array([True, False]), np.array([[0, 1, 1], [1, 1, 1]]))
    with pytest.raises(ValueError, match="run out"):
        source.below(np.array([False, True]), 3)
    grown = core.ScriptedSource([[], [4]], fallback=lambda g, possible: possible[-1])
    assert grown.dice(np.array([True, True]), 1, 6).tolist() == [[5], [4]]
    assert grown.per_game[0] == [5] and grown.calls == [["dice"], ["dice"]]


def test_fold_is_runtally_add_game_by_game():
    rng = np.random.default_rng(1)
    n, players = 300, 3
    totals = rng.integers(0, 20, (n, players))
    winners = rng.random((n, players)) < 0.4  # some games without a winner, some shared
    result = core.BatchResult(totals=totals, breakdown={"a": totals // 2, "b": totals - totals // 2},
                              winners=winners, length=rng.integers(5, 90, n))
    agents = ["x", "y", "x"]
    seating = core.seating_indices(players, 0, n, len(agents))
    folded = core.fold(result, seating, agents)
    expected = RunTally(players)
    for g in range(n):
        expected.add(GameRecord(index=g, seed=0, seating=[agents[i] for i in seating[g]],
                                totals=totals[g].tolist(),
                                breakdowns=[{"a": int(totals[g, s] // 2), "b": int(totals[g, s] - totals[g, s] // 2)}
                                            for s in range(players)],
                                winners=np.flatnonzero(winners[g]).tolist(), actions=int(result.length[g])))
    assert folded == expected
    assert isinstance(folded.seat_wins[0], Fraction)


def test_run_batch_gives_the_same_report_in_any_chunking():
    one = core.run_batch("midas", 3, 150, ["random", "medium"], seed=4, chunk=1000)
    many = core.run_batch("midas", 3, 150, ["random", "medium"], seed=4, chunk=64)
    assert one == many
    assert one["games"] == 150 and [row["agent"] for row in one["by_agent"]] == ["random", "medium"]


def test_setup_errors_name_the_option():
    with pytest.raises(core.BatchSetupError, match="no batch version") as caught:
        core.run_batch("crypt", 4, 10, ["random"])
    assert caught.value.param == "GAME_ID"
    with pytest.raises(core.BatchSetupError, match="no agent 'hard'"):
        core.run_batch("midas", 2, 10, ["hard"])
    with pytest.raises(core.BatchSetupError, match="unknown array backend"):
        core.backend("torch")


def test_jax_source_draws_what_numpy_draws():
    pytest.importorskip("jax", reason="jax is not installed (pip install jax): the JAX path is not tested here")
    jx = core.backend("jax")
    a, b = core.RandomSource(NP, 9, np.arange(64)), core.RandomSource(jx, 9, np.arange(64))
    mask = np.arange(64) % 2 == 0
    assert (np.asarray(b.dice(mask, 5, 6)) == a.dice(mask, 5, 6)).all()
    weights = np.tile([2, 1, 4], (64, 1))
    assert (np.asarray(b.pick(mask, weights)) == a.pick(mask, weights)).all()


def test_compiled_draws_are_the_random_sources():
    pytest.importorskip("numba", reason="numba is not installed (make setup installs it): the compiled backend "
                        "is not tested here")
    from cryptarena.batch.compiled import below, draw, jit

    @jit
    def draws(base, k, out):
        for g in range(base.shape[0]):
            for j in range(out.shape[1]):
                out[g, j] = below(draw(base[g], j + 1), k[g])  # a game's first draw is number 1

    source = core.RandomSource(NP, 12, np.arange(300, 364), stream=1)
    k = np.arange(1, 65) * 7919 % 1000 + 1
    out = np.zeros((64, 6), dtype=np.int64)
    draws(source.base.copy(), k, out)
    assert (np.stack([source.below(np.ones(64, dtype=bool), k) for _ in range(6)], axis=1) == out).all()


def test_the_backend_names():
    assert core.backend("auto").name == ("numba" if core.compiled_available() else "numpy")
    assert core.backend("numpy").xp is np
    if core.compiled_available():
        assert core.backend("numba").xp is np  # the policies without a kernel run the numpy code
    else:
        with pytest.raises(core.BatchSetupError, match="needs numba"):
            core.backend("numba")


def test_a_run_no_kernel_plays_falls_back_to_the_numpy_code():
    """Quartz's greedy bot has no kernel: on the numba backend a run with it is the numpy run."""
    pytest.importorskip("numba", reason="numba is not installed (make setup installs it)")
    game_cls = core.load("quartz")
    seats = np.tile([0, 1, 1], (40, 1))
    assert core.compiled_kernel(game_cls, seats) is None
    assert core.play_compiled(game_cls, 3, 40, {}, seats, 5, np.arange(40)) is None
    assert core.run_batch("quartz", 3, 40, ["random", "medium"], seed=5, backend="numba") == \
        core.run_batch("quartz", 3, 40, ["random", "medium"], seed=5, backend="numpy")
