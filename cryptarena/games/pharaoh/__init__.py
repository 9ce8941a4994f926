"""Crypt: The Pharaoh's Curse: decks, hex exploration, combat with interrupts, agents, monsters and
domination, 2–6 players, with the starter set designed for this edition. Rules as implemented:
docs/rules/pharaoh.md."""

from .game import Pharaoh

__all__ = ["Pharaoh"]
