"""Small, exact statistics for simulation reports.

Pure functions (`mean`, `sample_std`, `wilson_interval`) and `Moments`, a running summary
(count, sum, sum of squares, min, max). Moments keeps its sums exact — integers for integer data,
`Fraction` for shared wins (1/k of a win) — so summaries merged from worker processes in any
order give bit-for-bit the same figures as one process playing every game: floating point only
appears when a figure is read out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational
from typing import Iterable

# Two-sided 95%: the 0.975 quantile of the standard normal distribution.
Z_95 = 1.959963984540054


def mean(values: Iterable[float]) -> float:
    items = list(values)
    if not items:
        raise ValueError("mean of no values")
    return sum(items) / len(items)


def sample_std(values: Iterable[float]) -> float:
    """Standard deviation with Bessel's correction (n - 1); 0.0 for a single value."""
    items = list(values)
    if not items:
        raise ValueError("standard deviation of no values")
    moments = Moments()
    for value in items:
        moments.add(value)
    return moments.std


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 or `trials` successes.
    `successes` may be fractional (a tie shares one win between k winners).
    """
    if trials <= 0:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in 0..{trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # the interval always holds p; clamping keeps rounding from pushing it out (at p = 0 or 1)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _exact(value) -> int | Fraction:
    """Integers stay integers, rationals become Fractions; floats are converted exactly."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Rational):
        return Fraction(value)
    return Fraction(float(value))


@dataclass
class Moments:
    """Running count, exact sum and sum of squares, min and max of a stream of numbers."""

    count: int = 0
    total: int | Fraction = 0
    total_sq: int | Fraction = 0
    low: int | Fraction | None = None
    high: int | Fraction | None = None

    def add(self, value) -> None:
        value = _exact(value)
        self.count += 1
        self.total += value
        self.total_sq += value * value
        self.low = value if self.low is None or value < self.low else self.low
        self.high = value if self.high is None or value > self.high else self.high

    def merge(self, other: "Moments") -> None:
        if other.count == 0:
            return
        self.count += other.count
        self.total += other.total
        self.total_sq += other.total_sq
        self.low = other.low if self.low is None or other.low < self.low else self.low
        self.high = other.high if self.high is None or other.high > self.high else self.high

    @property
    def mean(self) -> float:
        if not self.count:
            raise ValueError("mean of no values")
        return float(Fraction(self.total) / self.count)

    @property
    def std(self) -> float:
        """Sample standard deviation (n - 1), computed exactly before the square root."""
        if not self.count:
            raise ValueError("standard deviation of no values")
        if self.count == 1:
            return 0.0
        squares = Fraction(self.total_sq) - Fraction(self.total) ** 2 / self.count
        return math.sqrt(squares / (self.count - 1))

    def summary(self) -> dict:
        """mean, std, min, max as JSON numbers (min/max stay integers for integer data)."""
        if not self.count:
            return {"mean": None, "std": None, "min": None, "max": None}
        return {"mean": self.mean, "std": self.std, "min": _plain(self.low), "max": _plain(self.high)}


def _plain(value: int | Fraction) -> int | float:
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


@dataclass
class ScoreTally:
    """Moments of the total score and of each breakdown item (items in order of first appearance)."""

    total: Moments = field(default_factory=Moments)
    breakdown: dict[str, Moments] = field(default_factory=dict)

    def add(self, total: int, breakdown: dict) -> None:
        self.total.add(total)
        for item, value in breakdown.items():
            self.breakdown.setdefault(item, Moments()).add(value)

    def merge(self, other: "ScoreTally") -> None:
        self.total.merge(other.total)
        for item, moments in other.breakdown.items():
            self.breakdown.setdefault(item, Moments()).merge(moments)


@dataclass
class RunTally:
    """Everything a simulation report needs, folded game by game; tallies of chunks merge exactly.

    A game with k winners gives each winner 1/k of a win; a game with no winner gives none.
    """

    players: int
    games: int = 0
    seat_wins: list = field(default_factory=list)          # Fraction per seat
    seat_scores: list = field(default_factory=list)        # ScoreTally per seat
    agent_seat_games: dict = field(default_factory=dict)   # agent -> seats it played
    agent_wins: dict = field(default_factory=dict)         # agent -> Fraction
    agent_scores: dict = field(default_factory=dict)       # agent -> ScoreTally
    length: Moments = field(default_factory=Moments)       # actions per game
    no_winner_games: int = 0
    shared_win_games: int = 0
    teams: list | None = None  # each seat's team in a team game: a shared win is then a draw between teams

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [Fraction(0)] * self.players
            self.seat_scores = [ScoreTally() for _ in range(self.players)]

    def add(self, record) -> None:
        """Fold one finished game (a runner.GameRecord)."""
        self.games += 1
        self.length.add(record.actions)
        winners = record.winners
        if not winners:
            self.no_winner_games += 1
        elif len({self.teams[s] for s in winners} if self.teams else winners) > 1:
            self.shared_win_games += 1
        share = Fraction(1, len(winners)) if winners else Fraction(0)
        for seat, agent in enumerate(record.seating):
            won = share if seat in winners else Fraction(0)
            self.seat_wins[seat] += won
            self.seat_scores[seat].add(record.totals[seat], record.breakdowns[seat])
            self.agent_seat_games[agent] = self.agent_seat_games.get(agent, 0) + 1
            self.agent_wins[agent] = self.agent_wins.get(agent, Fraction(0)) + won
            self.agent_scores.setdefault(agent, ScoreTally()).add(record.totals[seat],
                                                                  record.breakdowns[seat])

    def merge(self, other: "RunTally") -> None:
        if other.players != self.players:
            raise ValueError("cannot merge tallies of different player counts")
        self.games += other.games
        self.length.merge(other.length)
        self.no_winner_games += other.no_winner_games
        self.shared_win_games += other.shared_win_games
        for seat in range(self.players):
            self.seat_wins[seat] += other.seat_wins[seat]
            self.seat_scores[seat].merge(other.seat_scores[seat])
        for agent, count in other.agent_seat_games.items():
            self.agent_seat_games[agent] = self.agent_seat_games.get(agent, 0) + count
            self.agent_wins[agent] = self.agent_wins.get(agent, Fraction(0)) + other.agent_wins[agent]
            self.agent_scores.setdefault(agent, ScoreTally()).merge(other.agent_scores[agent])
