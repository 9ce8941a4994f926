"""Quartz: The Dice Game's components, as data (shared/rules/quartz.components.md §2, §9)."""

from __future__ import annotations

COLOURS = ("white", "pink", "green", "blue", "red", "yellow")
UNSTABLE = "black"
VALUES = {"white": 2, "pink": 3, "green": 4, "blue": 5, "red": 7, "yellow": 9}
UNSTABLE_PENALTY = 3
FEWEST_IN_CHEST_PENALTY = 5
SET_BONUS = {3: 3, 4: 6, 5: 10}  # identical coloured crystals; 6+ is an option (`big_sets`)

# §9 placeholder: 59 coloured + 11 black = the box's 70 crystals (the split is not public)
DEFAULT_COUNTS = {"white": 14, "pink": 12, "green": 10, "blue": 9, "red": 8, "yellow": 6, UNSTABLE: 11}

FACES = ("pickaxe", "jackhammer", "chest", "cart", "steal", "helmet")
DICE = 5
FREE_REROLLS = 2
ROUNDS = 6
UNSTABLE_ROUND_ONE, UNSTABLE_PER_ROUND = 1, 2
MINIMUM = {"pickaxe": 1, "jackhammer": 2, "chest": 2, "cart": 2, "steal": 2}  # faces needed to act
HELMETS_PER_WILD = 2

# die faces presets (the faces are not public: one of each symbol is the natural reading)
DIE_PRESETS = {
    "one_each": FACES,
    "double_pickaxe": ("pickaxe", "pickaxe", "jackhammer", "chest", "cart", "steal"),
}
