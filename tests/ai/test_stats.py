"""The statistics helpers against values computed by hand (and published Wilson tables)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from cryptarena.ai.runner import GameRecord
from cryptarena.ai.stats import Moments, RunTally, mean, sample_std, wilson_interval


def test_mean_and_sample_std_by_hand():
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    assert mean(values) == 5
    # squared deviations from 5 add up to 32; Bessel's n - 1 = 7 (the population std would be 2)
    assert sample_std(values) == pytest.approx(math.sqrt(32 / 7))
    assert sample_std([7]) == 0.0
    with pytest.raises(ValueError):
        mean([])


@pytest.mark.parametrize("successes, trials, low, high", [
    (5, 10, 0.2366, 0.7634),   # p = 0.5: symmetric about 0.5
    (0, 10, 0.0, 0.2775),      # no success: the interval still has width, unlike the normal one
    (10, 10, 0.7225, 1.0),
    (1, 4, 0.0456, 0.6994),
])
def test_wilson_interval_known_values(successes, trials, low, high):
    got_low, got_high = wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=5e-5)
    assert got_high == pytest.approx(high, abs=5e-5)


def test_wilson_interval_holds_the_rate_exactly_at_the_ends():
    assert wilson_interval(0, 12)[0] == 0.0
    assert wilson_interval(12, 12)[1] == 1.0


def test_wilson_interval_takes_shared_wins_and_rejects_nonsense():
    low, high = wilson_interval(2.5, 10)
    assert low < 0.25 < high
    with pytest.raises(ValueError):
        wilson_interval(1, 0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_moments_merge_exactly_in_any_order():
    values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    whole = Moments()
    for v in values:
        whole.add(v)
    left, right = Moments(), Moments()
    for v in values[:4]:
        left.add(v)
    for v in values[4:]:
        right.add(v)
    right.merge(left)  # the later chunk first
    assert right == whole
    assert whole.summary() == {"mean": pytest.approx(44 / 11), "std": pytest.approx(sample_std(values)),
                               "min": 1, "max": 9}
    assert isinstance(whole.summary()["min"], int)


def test_moments_of_fractions_stay_exact():
    m = Moments()
    for _ in range(3):
        m.add(Fraction(1, 3))
    assert m.total == 1
    assert m.std == 0.0


def record(seating, totals, winners, actions=10, index=0):
    return GameRecord(index=index, seed=0, seating=seating, totals=totals,
                      breakdowns=[{"treasure": t, "servants": 0} for t in totals],
                      winners=winners, actions=actions)


def test_in_a_team_game_only_a_win_of_both_teams_is_a_draw():
    tally = RunTally(4, teams=["gk", "gk", "nm", "nm"])
    tally.add(record(["a", "a", "b", "b"], [3, 3, 2, 2], winners=[0, 1]))  # the gk team won
    assert tally.shared_win_games == 0 and tally.seat_wins[:2] == [Fraction(1, 2)] * 2
    tally.add(record(["a", "a", "b", "b"], [3, 3, 3, 3], winners=[0, 1, 2, 3], index=1))  # a draw
    assert tally.shared_win_games == 1 and sum(tally.seat_wins[2:]) == Fraction(1, 2)


def test_run_tally_shares_ties_and_counts_agents_by_seat():
    tally = RunTally(3)
    tally.add(record(["a", "b", "a"], [10, 12, 12], winners=[1, 2]))   # tie: half a win each
    tally.add(record(["b", "a", "b"], [9, 5, 1], winners=[0], index=1))
    tally.add(record(["a", "b", "a"], [1, 1, 1], winners=[], index=2))  # nobody won
    assert tally.seat_wins == [1, Fraction(1, 2), Fraction(1, 2)]
    assert tally.agent_seat_games == {"a": 5, "b": 4}
    assert tally.agent_wins == {"a": Fraction(1, 2), "b": Fraction(3, 2)}
    assert tally.shared_win_games == 1 and tally.no_winner_games == 1
    assert tally.agent_scores["b"].total.summary()["max"] == 12
    assert tally.seat_scores[0].breakdown["treasure"].total == 20
    assert tally.length.count == 3
