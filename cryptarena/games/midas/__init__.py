"""Midas Chests: a bluffing game on dice hidden under cups, with cursed chests. 2–4 players; digital
or as the companion of a physical table. Rules as implemented: docs/rules/midas.md."""

from .game import Midas

__all__ = ["Midas"]
