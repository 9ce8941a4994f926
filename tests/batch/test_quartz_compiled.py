"""The compiled Quartz kernel plays the very games the numpy batch plays: the same chance, the same
random choices, so the same totals, breakdown, winners and length, game by game
(batch/quartz_compiled.py)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba", reason="numba is not installed (make setup installs it): the compiled Quartz kernel "
                                    "is not tested here")

from cryptarena import games  # noqa: E402
from cryptarena.batch import core, quartz_compiled  # noqa: E402
from cryptarena.batch.quartz import QuartzBatch  # noqa: E402
from cryptarena.batch.quartz_tables import COLOURS  # noqa: E402

from .same_games import assert_same_games  # noqa: E402

NP, NB = core.backend("numpy"), core.backend("numba")
GAME = games.load("quartz")


def _bag(black: int, *counts: int) -> dict:
    return {"crystals_black": black, **{f"crystals_{c}": k for c, k in zip(COLOURS, counts)}}


# every player count and every value of every option: both dice, both big-set rules (a bag of 40 a
# colour makes sets of 6 and more common), unstable crystals in the chest or not, the game ending
# with the turn or the round that empties the bag (tiny bags empty it early), no black crystal, a
# bag of black only, an empty bag
CASES = [
    (3, {}, 1), (4, {}, 2), (5, {}, 3), (6, {}, 4),
    (3, {"die_faces": "double_pickaxe", "big_sets": "none"}, 5),
    (4, {"unstable_in_chest": True, "bag_empty_end": "round", **_bag(5, 3, 2, 2, 1, 1, 1)}, 6),
    (5, {"unstable_in_chest": True, "bag_empty_end": "round", "die_faces": "double_pickaxe"}, 7),
    (6, {"unstable_in_chest": True, **_bag(3, 2, 2, 1, 1, 1, 0)}, 8),
    (3, {"big_sets": "cap", **_bag(40, 40, 40, 40, 40, 40, 40)}, 9),
    (4, {"big_sets": "none", "die_faces": "double_pickaxe", **_bag(40, 40, 40, 40, 40, 40, 40)}, 10),
    (5, {"bag_empty_end": "round", **_bag(20, 0, 0, 0, 0, 0, 0)}, 11),
    (6, {"bag_empty_end": "round", **_bag(0, 3, 3, 0, 0, 0, 0)}, 12),
    (3, {"unstable_in_chest": True, **_bag(20, 0, 0, 0, 0, 0, 0)}, 13),
    (4, _bag(0, 0, 0, 0, 0, 0, 0), 14),
    (6, {"bag_empty_end": "round", **_bag(0, 0, 0, 0, 0, 0, 0)}, 15),
]


def _both(players, options, n, seed, start, seats=None):
    resolved = GAME.check_table(players, options)
    seats = np.zeros((n, players), dtype=np.int64) if seats is None else seats
    index = np.arange(start, start + n)
    return [core.play(QuartzBatch, bk, players, n, resolved, seats, seed, index) for bk in (NP, NB)]


@pytest.mark.parametrize("players, options, seed", CASES)
def test_the_kernel_plays_the_numpy_games(players, options, seed):
    assert core.compiled_kernel(QuartzBatch, np.zeros((1, players), np.int64)) is quartz_compiled
    want, got = _both(players, options, 2000, seed, 777 + 1000 * seed)
    assert_same_games(want, got)
    assert got.winners.any(axis=1).all()  # every game ends with a winner (ties shared)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_more_seeds_at_each_player_count(players):
    for seed in (101, 2**40 + 3):
        assert_same_games(*_both(players, {}, 1000, seed, 777))


def test_run_batch_reports_the_same_on_both_backends():
    for players, options in ((4, {}), (5, {"unstable_in_chest": True, "bag_empty_end": "round"})):
        want = core.run_batch("quartz", players, 3000, ["random"], seed=21, options=options, backend="numpy",
                              chunk=1100)
        got = core.run_batch("quartz", players, 3000, ["random"], seed=21, options=options, backend="numba",
                             chunk=1100)
        assert got == want


def test_a_run_with_the_greedy_bot_falls_back_to_the_numpy_code():
    """greedy has no kernel: on the numba backend a run with it plays the numpy code."""
    seats = np.tile([0, 1, 0], (30, 1))
    assert core.compiled_kernel(QuartzBatch, seats) is None
    assert_same_games(*_both(3, {}, 30, 8, 777, seats=seats))
    assert core.run_batch("quartz", 3, 30, ["random", "greedy"], seed=8, backend="numba") == \
        core.run_batch("quartz", 3, 30, ["random", "greedy"], seed=8, backend="numpy")
