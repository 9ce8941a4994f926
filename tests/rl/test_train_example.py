"""The training example of docs/rl.md, shortened: with a fixed seed, a linear policy trained by
REINFORCE through the PettingZoo environment wins Quartz against random seats far more often than
a random seat does in the same games."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install -e '.[rl]')")

from cryptarena.rl import train_example  # noqa: E402


def test_a_short_training_beats_random_play():
    result = train_example.train("quartz", players=3, episodes=80, eval_games=60, seed=0)
    assert result.random < 0.5  # about a third: three seats, one winner
    assert result.trained >= result.random + 0.3, result


def test_the_untrained_policy_is_no_better_than_random():
    """The measure can fail: a policy that learned nothing does not pass for one that did."""
    result = train_example.train("quartz", players=3, episodes=0, eval_games=60, seed=0)
    assert result.trained < result.random + 0.3, result


def test_main_reports_both_win_rates(capsys):
    result = train_example.main(["--episodes", "2", "--eval", "3", "--seed", "1"])
    out = capsys.readouterr().out
    assert f"a random seat wins {result.random:.1%}" in out and f"wins {result.trained:.1%}" in out
