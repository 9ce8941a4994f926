"""The compiled Midas kernel plays the very games the numpy batch plays: same chance, same choices,
so the same totals, breakdown, winners and length, game by game (batch/midas_compiled.py)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba", reason="numba is not installed (make setup installs it): the compiled Midas kernel "
                                    "is not tested here")

from cryptarena import games  # noqa: E402
from cryptarena.batch import core, midas, midas_compiled  # noqa: E402

from .same_games import assert_same_games  # noqa: E402

NP, NB = core.backend("numpy"), core.backend("numba")
RANDOM, BOT = midas.MidasBatch.policies.index("random"), midas.MidasBatch.policies.index("probabilistic")

# every player count and every value of every option (chest sizes from the smallest to the largest,
# both payments, both dice, bid caps low enough to force accusations at the cap, each 2-player
# Obsidian value), each with its own seed
CASES = [
    (2, {}, 1), (3, {}, 2), (4, {}, 3),
    (2, {"two_player_obsidian": 0, "chest_size": 12, "favour_payment": "chest", "die_faces": "four_stones"}, 4),
    (2, {"two_player_obsidian": 2, "chest_size": 2, "bid_cap_per_player": 5}, 5),
    (3, {"chest_size": 3, "favour_payment": "chest"}, 6),
    (3, {"die_faces": "four_stones", "bid_cap_per_player": 50, "chest_size": 12}, 7),
    (4, {"die_faces": "four_stones", "bid_cap_per_player": 5}, 8),
    (4, {"chest_size": 2, "favour_payment": "chest", "bid_cap_per_player": 7}, 9),
]


def _case_id(value):
    if isinstance(value, dict):
        return "-".join(f"{k}={v}" for k, v in value.items()) or "defaults"
    return str(value)


def _resolved(players, options):
    return games.load("midas").check_table(players, options)


def _numpy(players, options, seats, seed, index):
    return core.play(midas.MidasBatch, NP, players, len(index), _resolved(players, options), seats, seed, index)


def _kernel(players, options, seats, seed, index):
    """The kernel called as core.play_compiled calls it, whatever its POLICIES say."""
    rules = core.RandomSource(NP, seed, index, stream=0).base
    policies = core.RandomSource(NP, seed, index, stream=1).base
    return midas_compiled.play(players, len(index), _resolved(players, options), seats, rules, policies)


def test_random_runs_go_to_the_kernel():
    assert core.compiled_kernel(midas.MidasBatch, np.full((4, 3), RANDOM)) is midas_compiled
    assert midas.MidasBatch.compiled == midas_compiled.__name__


@pytest.mark.parametrize("players,options,seed", CASES, ids=_case_id)
def test_the_kernel_plays_the_numpy_games(players, options, seed):
    n = {2: 3000, 3: 2000, 4: 1500}[players]
    index = np.arange(777, 777 + n)
    seats = np.full((n, players), RANDOM)
    want = _numpy(players, options, seats, seed, index)
    assert_same_games(want, core.play(midas.MidasBatch, NB, players, n, _resolved(players, options), seats, seed, index))
    assert want.winners.sum(axis=1).min() == 1


def test_one_game_is_the_same_alone_and_in_a_batch():
    """The kernel keeps nothing from one game to the next."""
    players, options = 3, {"favour_payment": "chest"}
    whole = _kernel(players, options, np.full((200, players), RANDOM), 11, np.arange(200))
    for g in (0, 57, 199):
        alone = _kernel(players, options, np.full((1, players), RANDOM), 11, np.array([g]))
        assert alone.length[0] == whole.length[g] and np.array_equal(alone.winners[0], whole.winners[g])


@pytest.mark.parametrize("players", [2, 4])
def test_run_batch_reports_the_same_on_numba(players):
    settings = dict(seed=21, options={"chest_size": 4}, chunk=700)
    assert core.run_batch("midas", players, 1500, ["random"], backend="numba", **settings) == \
        core.run_batch("midas", players, 1500, ["random"], backend="numpy", **settings)


def test_random_with_the_bot_on_numba_is_the_numpy_run():
    players, n, index = 3, 300, np.arange(777, 1077)
    seats = core.seating_indices(players, 0, n, 2)  # random and probabilistic in turn
    assert core.compiled_kernel(midas.MidasBatch, seats) is midas_compiled
    want = _numpy(players, {}, seats, 31, index)
    assert_same_games(want, core.play(midas.MidasBatch, NB, players, n, _resolved(players, {}), seats, 31, index))
    assert core.run_batch("midas", 3, 300, ["random", "medium"], seed=4, backend="numba") == \
        core.run_batch("midas", 3, 300, ["random", "medium"], seed=4, backend="numpy")


# the kernel's probabilistic against numpy's: every seat the bot, and the bot seated with random players
@pytest.mark.parametrize("players,options,seed", CASES, ids=_case_id)
def test_the_kernel_plays_the_numpy_bot_games(players, options, seed):
    n = {2: 600, 3: 300, 4: 200}[players]
    index = np.arange(777, 777 + n)
    for seats in (np.full((n, players), BOT), core.seating_indices(players, 0, n, 2)):
        assert_same_games(_numpy(players, options, seats, seed, index), _kernel(players, options, seats, seed, index))
