"""Midas Chests' components, as data (shared/rules/midas.seed.txt, midas.components.md §1–§6)."""

from __future__ import annotations

from functools import cache

DICE_PER_PLAYER = 5
CUP_COLOURS = ("red", "blue", "green", "yellow")  # one cup per player; the seed gives no colours

# Die faces. Colour stones count +1 when they are the announced type; a diamond +2 whatever the
# type; a favour +1, +1 more per favour already granted; obsidian 0, or what the cursed set.
DIAMOND, OBSIDIAN, FAVOUR = "diamond", "obsidian", "favour"
DIE_PRESETS = {
    # §6 placeholder: 3 colour stones + diamond + obsidian + favour
    "three_stones": ("ruby", "emerald", "sapphire", DIAMOND, OBSIDIAN, FAVOUR),
    # a variant with a fourth colour stone instead of the diamond
    "four_stones": ("ruby", "emerald", "sapphire", "topaz", OBSIDIAN, FAVOUR),
}


@cache  # one per die preset; asked every round
def stones(die: tuple[str, ...]) -> tuple[str, ...]:
    """The colour stones Midas may announce: the faces that are not special."""
    return tuple(face for face in die if face not in (DIAMOND, OBSIDIAN, FAVOUR))


# Favours: name -> price (the seed's "x1 … x4") in coins returned to Midas.
FAVOURS = {"pot_de_vin": 1, "immunite": 2, "damocles": 3, "echange": 4}

BID_CAP_PER_PLAYER = 25  # 100 / 75 / 50 with 4 / 3 / 2 players in play
OBSIDIAN_CARDS = (0, 1)  # each cursed player holds one card of each
