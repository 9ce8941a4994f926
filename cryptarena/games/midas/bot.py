"""Placeholder until the probabilistic bot lands: plays a uniformly random legal action."""

from __future__ import annotations


class ProbabilisticAgent:
    name = "probabilistic"

    def __init__(self, game=None):
        self.game = game

    def act(self, view: dict, legal: list[dict], rng) -> dict:
        return legal[rng.below(len(legal))]
