"""Crypt Arena: tabletop games on one rules engine per game.

Layers import only downward: cli -> server/ai/rl -> games -> engine.
"""

__version__ = "0.1.0"
