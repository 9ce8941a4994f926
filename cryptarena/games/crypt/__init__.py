"""Crypt (Road To Infamy Games, 2018): treasure, servant dice, collectors. 1–4 players."""

from .game import Crypt

__all__ = ["Crypt"]
