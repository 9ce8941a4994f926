"""Crypt Crusade: Groundskeepers and Necromancers fight over a graveyard in two teams, 2–8
players. Rules as implemented: docs/rules/crusade.md."""

from .game import Crusade

__all__ = ["Crusade"]
