"""Batched Midas is the engine's Midas: side by side on the same chance outcomes, and in
distribution over 10^5 games against the scalar engine's stored tallies (docs/batch.md)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from cryptarena import games
from cryptarena.ai.simulate import run_simulation
from cryptarena.batch import core, midas
from cryptarena.games.midas import bot, components

from .make_midas_reference import CHECK, OUT, tally
from .midas_side_by_side import play_side_by_side

NP = core.backend("numpy")


def test_copied_constants_are_the_engines():
    assert midas.DIE_PRESETS == components.DIE_PRESETS
    assert midas.DICE_PER_PLAYER == components.DICE_PER_PLAYER
    assert dict(zip(midas.FAVOURS, midas.PRICES)) == components.FAVOURS
    assert set(midas.SPECIAL) == {components.DIAMOND, components.OBSIDIAN, components.FAVOUR}
    assert (midas.OPEN_SAFETY, midas.RAISE_SAFETY, midas.ACCUSE_BIAS, midas.BRIBE_GAIN, midas.KEEP_DICE,
            midas.DRAW_RISK) == (bot.OPEN_SAFETY, bot.RAISE_SAFETY, bot.ACCUSE_BIAS, bot.BRIBE_GAIN, bot.KEEP_DICE,
                                 bot.DRAW_RISK)
    game = games.load("midas")
    for players in (2, 3, 4):
        resolved = game.check_table(players, {})
        batch = midas.MidasBatch(NP, players, 1, resolved, core.RandomSource(NP, 0, [0]))
        assert batch.actions == game.action_encoding(players, resolved).size


# every player count, and the options that change rules: chest size and favour payment, the die,
# a low bid cap (bids at the cap, forced accusations), the 2-player Obsidian value
SIDE_BY_SIDE = [
    (2, {}), (3, {}), (4, {}),
    (3, {"chest_size": 3, "favour_payment": "chest"}),
    (4, {"die_faces": "four_stones", "bid_cap_per_player": 5}),
    (2, {"two_player_obsidian": 2, "chest_size": 2, "bid_cap_per_player": 5}),
]


@pytest.mark.parametrize("players,options", SIDE_BY_SIDE)
def test_every_decision_and_result_is_the_engines(players, options):
    """Seat to act, full legal set at every decision, then scores, winners and length, exactly; the
    batch policy `probabilistic` also picks what the scalar bot picks at every decision."""
    found = play_side_by_side(players, options, list(range(24)), ["random", "probabilistic"],
                              check_policy_agreement=True)
    assert found["decisions"] > 24 * 20
    assert found["asked"] > 100 and found["agreed"] == found["asked"]


@pytest.mark.parametrize("players", [2, 4])
def test_the_whole_batch_path_is_the_engines_too(players):
    """The path jax takes (every decision on whole-batch masks), checked on numpy."""
    found = play_side_by_side(players, {"chest_size": 4}, list(range(100, 116)), ["random", "probabilistic"],
                              fixed=True)
    assert found["decisions"] > 16 * 20


def test_companion_mode_is_refused_by_name():
    with pytest.raises(core.BatchSetupError, match="mode=companion"):
        core.run_batch("midas", 3, 10, ["random"], options={"mode": "companion"})


def test_probabilistic_beats_random():
    report = core.run_batch("midas", 2, 4000, ["probabilistic", "random"], seed=3)
    share = {row["agent"]: row["win_rate"] for row in report["by_agent"]}
    assert share["probabilistic"] > 0.9  # the scalar bot: random players almost never win against it


# ------------------------------------------------------------------ distributions over 10^5 games
REFERENCE = json.loads(OUT.read_text())["configs"] if OUT.exists() else []
# the batch side's games where they differ from the reference's (the two-sample tests take unequal sizes)
BATCH_GAMES: dict[int, int] = {}


def _chi_square_p(observed: np.ndarray, expected: np.ndarray, dof: int) -> float:
    """Upper tail of chi-square (Wilson-Hilferty normal approximation, ample at these counts)."""
    stat = float(((observed - expected) ** 2 / expected).sum())
    z = ((stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _length_bins(lengths: dict, edges: np.ndarray) -> np.ndarray:
    values = np.array([int(k) for k in lengths])
    counts = np.array(list(lengths.values()))
    return np.array([counts[(values >= lo) & (values < hi)].sum() for lo, hi in zip(edges[:-1], edges[1:])])


@pytest.mark.parametrize("config", REFERENCE, ids=lambda c: f"{c['players']}p-{'-'.join(c['agents'])}")
def test_winners_and_lengths_match_the_engine_over_100000_games(config):
    """Two-sample chi-square tests (winners per seat; lengths in bins of at least 2% of the games)
    and a two-sample z test on the mean length, each at p > 1e-4: a fixed seed makes them
    deterministic, and the threshold leaves a true match failing about once in 10^4 seeds."""
    players, n = config["players"], config["games"]
    m = BATCH_GAMES.get(players, n)
    game = games.load("midas")
    resolved = game.check_table(players, config["options"])
    policies = [{"medium": "probabilistic"}.get(a, a) for a in config["agents"]]
    index = [midas.MidasBatch.policies.index(p) for p in policies]
    seating = core.seating_indices(players, 0, m, len(policies))
    result = core.play(midas.MidasBatch, NP, players, m, resolved, np.asarray(index)[seating], 1, np.arange(m))
    # winners: a 2 x players table, scalar row against batch row
    table = np.array([config["wins"], result.winners.sum(axis=0)], dtype=float)
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
    assert _chi_square_p(table, expected, players - 1) > 1e-4, table
    # lengths: bins holding at least 2% of the scalar games
    scalar = config["lengths"]
    cut = np.cumsum([scalar[k] for k in scalar]) / n
    keys = np.array([int(k) for k in scalar])
    edges = np.unique(np.concatenate([[0], keys[np.searchsorted(cut, np.arange(0.02, 1, 0.02))], [10 ** 9]]))
    batch_lengths = dict(zip(*np.unique(result.length, return_counts=True)))
    table = np.array([_length_bins(scalar, edges), _length_bins(batch_lengths, edges)], dtype=float)
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
    assert _chi_square_p(table, expected, len(edges) - 2) > 1e-4, table
    mean_s = sum(int(k) * v for k, v in scalar.items()) / n
    var_s = sum((int(k) - mean_s) ** 2 * v for k, v in scalar.items()) / (n - 1)
    z = (result.length.mean() - mean_s) / math.sqrt(var_s / n + result.length.var(ddof=1) / m)
    assert abs(z) < 3.9, (mean_s, result.length.mean())  # two-sided p ≈ 1e-4


@pytest.mark.parametrize("config", REFERENCE[:2], ids=lambda c: f"{c['players']}p-{'-'.join(c['agents'])}")
def test_the_reference_data_is_still_the_engines(config):
    game = games.load("midas")
    resolved = game.check_table(config["players"], config["options"])
    assert tally(game, config["players"], config["agents"], resolved, 0, CHECK) == config["check"]


def test_reference_data_is_there():
    assert len(REFERENCE) >= 3, "run tests/batch/make_midas_reference.py"


# ------------------------------------------------------------------ simulate --batch
def test_simulate_batch_prints_the_scalar_report():
    from typer.testing import CliRunner

    from cryptarena.cli import app
    runner = CliRunner()
    batch = runner.invoke(app, ["simulate", "midas", "-p", "3", "-n", "500", "--batch", "--json",
                                "--agents", "probabilistic,random"])
    assert batch.exit_code == 0, batch.output
    report = json.loads(batch.output)
    scalar = run_simulation("midas", players=3, games=20, agents=["probabilistic", "random"])
    assert report.keys() == scalar.keys()
    assert report["by_seat"][0].keys() == scalar["by_seat"][0].keys()
    assert list(report["by_agent"][0]["score"]["breakdown"]) == list(scalar["by_agent"][0]["score"]["breakdown"])
    assert report["games"] == 500 and report["options"] == scalar["options"]
    table = runner.invoke(app, ["simulate", "midas", "-p", "2", "-n", "300", "--batch"])
    assert table.exit_code == 0 and "game length (actions per game)" in table.output


@pytest.mark.parametrize("args,message", [
    (["simulate", "crypt", "-p", "4", "--batch"], "no batch version"),
    (["simulate", "midas", "-p", "2", "--batch", "--agents", "hard"], "no agent 'hard'"),
    (["simulate", "midas", "-p", "2", "--batch", "--jobs", "2"], "--jobs"),
    (["simulate", "midas", "-p", "3", "--batch", "-o", "mode=companion"], "mode=companion"),
    (["simulate", "midas", "-p", "2", "--batch", "--array-backend", "cupy"], "unknown array backend"),
])
def test_simulate_batch_refuses_clearly(args, message):
    from typer.testing import CliRunner

    from cryptarena.cli import app
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output


def test_jax_plays_the_games_numpy_plays():
    pytest.importorskip("jax", reason="jax is not installed (pip install jax): the JAX path is not tested here")
    game = games.load("midas")
    resolved = game.check_table(3, {})
    n = 12  # eager jax compiles every operation once: seconds whatever the batch
    seats = core.seating_indices(3, 0, n, 2)
    one = core.play(midas.MidasBatch, NP, 3, n, resolved, seats, 5, np.arange(n))
    two = core.play(midas.MidasBatch, core.backend("jax"), 3, n, resolved, seats, 5, np.arange(n))
    assert (one.length == two.length).all() and (one.winners == two.winners).all()
