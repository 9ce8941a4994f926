"""Quartz: The Dice Game (Halaban & Francisco, 2022). 3–6 players.

Work in progress (issue 5): the forward model is here; it is not registered in games/__init__.py
until its scenario tests, greedy bot, docs/rules/quartz.md and browser renderer exist.
"""

from .game import Quartz

__all__ = ["Quartz"]
