"""Crypt Crusade's components, as data (shared/rules/crusade.seed.txt, crusade.components.md §5;
decisions in docs/rules/crusade.md).

A card is data: its team, tier (printed on the back), what it targets and the range in tiles from
the card player's tile. The code in cards.py reads these fields; nothing about a card's numbers
lives there."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

GK, NM = "gk", "nm"
TEAMS = (GK, NM)
OTHER = {GK: NM, NM: GK}

MAX_PLAYERS = 8
ROUNDS = 13
TIERS = (1, 2, 3)
BASE_MOVE = {GK: 2, NM: 3}  # tiles a turn's move may cover
STARTING_HAND = {GK: 1, NM: 3}  # random Tier I cards dealt to each player at setup
PRICES = {GK: {1: 2, 2: 4, 3: 6}, NM: {1: 1, 2: 2, 3: 3}}  # grave tokens per card bought from a tier
SHED_BONUS = 5  # tokens for a Groundskeeper ending a turn on the Shed
SEAL_TURNS = 2  # a Sacred Seal is placed showing 2 and loses 1 at each round's end
KICK_DISTANCE = 2
RALLY_MOVE_BONUS = 2
RALLY_CARDS = 2  # Action cards allowed in the borrowed turn (1 + the card's "1 additional")
SPEED_CARD_BONUS = 1  # Sprint / Glide
LEECH = 1  # Life Leech: the target's next move -1, the caster's next move +1
COPIES = 3  # copies of each card in its team's tier pile (option `copies`)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    team: str
    tier: int
    # "none": no parameter; "tile": a Grave tile; "nm" / "gk": a piece of that team; "other_gk":
    # another Groundskeeper; "player": any other piece on the board; "kick": an NM and a landing tile
    target: str
    # tiles from the card player's tile (Whispers: from any Necromancer-held Grave; None: anywhere
    # on the board, or no distance involved)
    range: int | None
    # needs the card player on the board (Necromancers start off it)
    positional: bool
    # lasts: "now" (at once), "next_turn" (the target's next turn), "until_removed" (seal, portal)
    duration: str


CARDS: dict[str, Card] = {card.id: card for card in (
    # Groundskeepers: Action cards
    Card("sacred_seal", "Sacred Seal", GK, 1, "tile", 1, True, "until_removed"),
    Card("kick", "Kick", GK, 1, "kick", 1, True, "now"),
    Card("sprint", "Sprint", GK, 1, "none", None, False, "now"),
    Card("holy_water", "Holy Water", GK, 2, "none", 1, True, "now"),
    Card("leaf_blower", "Leaf Blower", GK, 2, "nm", None, False, "now"),
    Card("flashlight", "Flashlight", GK, 3, "nm", 3, True, "now"),
    Card("holy_water_balloon", "Holy Water Balloon", GK, 3, "nm", 2, True, "next_turn"),
    Card("rally", "Rally", GK, 3, "other_gk", None, False, "now"),
    # Necromancers: Spell cards
    Card("glide", "Glide", NM, 1, "none", None, False, "now"),
    Card("desecrate", "Desecrate", NM, 1, "none", 0, True, "now"),
    Card("whispers", "Whispers", NM, 1, "none", 2, False, "now"),
    Card("ghastly_touch", "Ghastly Touch", NM, 2, "gk", 1, True, "next_turn"),
    Card("mass_desecrate", "Mass Desecrate", NM, 2, "none", 3, True, "now"),
    Card("life_leech", "Life Leech", NM, 2, "gk", 2, True, "next_turn"),
    Card("flip", "Flip", NM, 3, "player", None, True, "now"),
    Card("portal", "Portal", NM, 3, "none", 0, True, "until_removed"),
    Card("boo", "Boo!", NM, 3, "none", 2, True, "next_turn"),
)}

CARD_ORDER = {card_id: index for index, card_id in enumerate(CARDS)}
# Holy Water clears these (the seed's "debuffs"); the Life Leech buff is not one
DEBUFFS = ("ghastly", "leech", "balloon", "boo")


def tier_cards(team: str, tier: int) -> list[str]:
    return [c.id for c in CARDS.values() if c.team == team and c.tier == tier]


def full_pile(team: str, tier: int, copies: int) -> list[str]:
    """A tier pile at the start of the game, sorted (a pile is a multiset: it is drawn from at
    random, never in order)."""
    return list(_full_pile(team, tier, copies))


@cache  # every new table starts with these piles
def _full_pile(team: str, tier: int, copies: int) -> tuple[str, ...]:
    return tuple(sorted((card for card in tier_cards(team, tier) for _ in range(copies)), key=CARD_ORDER.__getitem__))


# Hands are kept sorted by tier, then card: the order says nothing about when a card came.
HAND_ORDER = {card_id: (card.tier, CARD_ORDER[card_id]) for card_id, card in CARDS.items()}
card_key = HAND_ORDER.__getitem__
