"""Quartz: The Dice Game (Halaban & Francisco, 2022). 3–6 players. Rules as implemented and the
decisions taken: docs/rules/quartz.md."""

from .game import Quartz

__all__ = ["Quartz"]
