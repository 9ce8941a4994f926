"""Crypt's components, as data. Sources: shared/rules/crypt.components.md §1–§2."""

from __future__ import annotations

from dataclasses import dataclass

TYPES = ("idol", "jewelry", "manuscript", "pottery", "remains", "tapestry")
DICE_PER_PLAYER = 3
DIE_FACES = 6
GHOST = -1  # the solo opponent's owner id on a card; never a seat

# Per type, the printed values 1,1,2,2,3,3,4,4; the second copy of each 2 and 3 carries the
# 3-player setup icon, the second copy of each 1 and 4 the 4-player icon.
_BASE_VALUES = (1, 2, 3, 4)
_THREE_PLAYER_VALUES = (2, 3)
_FOUR_PLAYER_VALUES = (1, 4)

# players -> (face-up, face-down) cards revealed each round
REVEAL = {1: (2, 1), 2: (2, 1), 3: (3, 1), 4: (4, 2)}

FACE_DOWN_RANK = 2.5  # solo: a face-down card ranks as 2.5 coins when the Crypt is ordered


@dataclass(frozen=True)
class Card:
    type: str
    value: int


def deck_for(players: int) -> tuple[Card, ...]:
    """The treasure cards used at this player count; a card's id is its index here."""
    cards = []
    for kind in TYPES:
        values = list(_BASE_VALUES)
        if players >= 3:
            values += _THREE_PLAYER_VALUES
        if players >= 4:
            values += _FOUR_PLAYER_VALUES
        cards += [Card(kind, v) for v in sorted(values)]
    return tuple(cards)


DECKS = {n: deck_for(n) for n in (1, 2, 3, 4)}


@dataclass(frozen=True)
class CollectorSide:
    collector: str  # the treasure type it collects
    side: str  # "A" or "B"
    text: str  # the card's text
    kind: str  # "ability" (flip cards to use) or "end" (end-game coins)
    timing: str


COLLECTORS = {
    ("idol", "A"): CollectorSide("idol", "A", "Re-roll a die: flip 1 Idol", "ability",
                                 "Collect phase, after the rolls: re-roll one die exhausted this phase"),
    ("idol", "B"): CollectorSide("idol", "B", "1st to collect 2 Idols +5 / otherwise +2", "end",
                                 "race: the first to hold 2 Idols flips them at once"),
    ("jewelry", "A"): CollectorSide("jewelry", "A", "2 Jewelry: score your highest valued Jewelry twice",
                                    "end", "game end"),
    ("jewelry", "B"): CollectorSide("jewelry", "B", "+1 for each Jewelry", "end", "game end"),
    ("manuscript", "A"): CollectorSide("manuscript", "A", "2 Manuscripts: each Manuscript is now worth 4",
                                       "end", "game end"),
    ("manuscript", "B"): CollectorSide("manuscript", "B", "View face-down card(s): flip 1 Manuscript",
                                       "ability", "any time, once a round"),
    ("pottery", "A"): CollectorSide("pottery", "A", "x2 +2 / x3 +4 / x4 +8", "end", "game end"),
    ("pottery", "B"): CollectorSide("pottery", "B",
                                    "Take a face-down card from the Crypt (before Claim): flip 2 Pottery",
                                    "ability", "before the Claim phase"),
    ("remains", "A"): CollectorSide("remains", "A", "Recover one die: flip 2 Remains", "ability", "any time"),
    ("remains", "B"): CollectorSide("remains", "B", "4 Remains: +10", "end", "game end"),
    ("tapestry", "A"): CollectorSide("tapestry", "A", "Most coins on Tapestry +5", "end", "game end"),
    ("tapestry", "B"): CollectorSide("tapestry", "B", "3 Tapestries: only you +7 / several +4", "end",
                                     "game end"),
}

# cards flipped to use an ability once
FLIP_COST = {"idol": 1, "manuscript": 1, "pottery": 2, "remains": 2}
