"""Crypt: The Pharaoh's Curse — the components of the STARTER SET, read from starter_set.toml.

Nothing about a card's, hex's, character's or monster's numbers lives in code: the rules modules
read the fields below. The set is designed by Crypt Arena (no list of the published game is
public) and honours every fact the seed rulebook gives; docs/rules/pharaoh.md holds its tables,
generated from the same data (tables.py).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources

# -- the rulebook's numbers -----------------------------------------------------------------------
LIFE = 25                 # "Place 25 life points worth of life point counters"
DECK_MIN, DECK_MAX = 25, 50
COPIES = 4                # "The most is 4 of a kind" (cards and hexes)
HAND_LIMIT = 10
START_HAND = 3
QUAD = 4                  # at most four actions a turn
MIN_HEXES = 5             # per player, one of them an exit
MAX_HEXES = 10            # (our choice: docs/rules/pharaoh.md)
RARITY_CAPS = {"U": 1, "X": 3, "R": 7, "S": 13}   # C: no limit
RARITIES = ("C", "S", "R", "X", "U")
MONSTER_BOUNTY = 3        # cards drawn for defeating a monster
BENEFIT_DAMAGE = 3        # "+3 dmg" benefit
KEY = "key"

TYPES = ("spell", "tech", "weapon", "item", "item_weapon", "potion", "tactic", "creature", "military", "key")
LEVELLED = {"spell": "spell", "tech": "tech", "weapon": "weapon"}  # kinds a character's table limits
NATURES = ("activity", "alteration", "attack", "defense", "attack_enhancement", "defense_enhancement",
           "modifier")
METHODS = ("use_discard", "use_return", "table", "table_target", "table_destroyed", "table_hex", "any_time")
DAMAGE_TYPES = ("magic", "weapons", "tech", "phazed", "poison", "gas")
RANGES = ("same", "hex1", "any")
EVENT_KINDS = ("damage", "monster", "trap", "draw", "discard", "heal", "slow")
BENEFITS = ("ignore", "action", "damage")

_DICE = re.compile(r"^(?:(\d+)D6)?(?:\+?(\d+))?$")


@dataclass(frozen=True)
class Dice:
    """nD6 + flat, written "2D6+3", "1D6", "5"."""
    n: int
    flat: int

    @classmethod
    def parse(cls, text: str | int) -> "Dice":
        match = _DICE.match(str(text).replace(" ", ""))
        if not match or not str(text):
            raise ValueError(f"bad dice {text!r}")
        return cls(int(match.group(1) or 0), int(match.group(2) or 0))

    def __str__(self) -> str:
        if not self.n:
            return str(self.flat)
        return f"{self.n}D6" + (f"+{self.flat}" if self.flat else "")


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    life: int
    dodge: int
    hit: Dice
    uses: dict
    ability: str
    ability_text: str

    def may_use(self, card: "Card") -> bool:
        kind = LEVELLED.get(card.type)
        return kind is None or card.level <= self.uses.get(kind, 0)


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    type: str
    rarity: str
    natures: tuple
    methods: tuple
    effect: str
    text: str
    level: int = 0
    damage: Dice | None = None
    dtype: str | None = None
    range: str = "same"
    all: bool = False
    lp: int = 0
    dg: int = 0
    per_lp: int = 0
    immune: tuple = ()
    escape: int = 0
    bonus: int = 0
    actions: int = 0
    factor: int = 0
    draw: int = 0
    heal: Dice | None = None
    hit_malus: int = 0
    dodge_malus: int = 0
    free: bool = False

    @property
    def any_time(self) -> bool:
        return "any_time" in self.methods

    @property
    def multi(self) -> bool:
        return len([m for m in self.methods if m != "any_time"]) > 1

    @property
    def is_agent(self) -> bool:
        return self.effect == "agent"

    def has(self, nature: str) -> bool:
        return nature in self.natures


@dataclass(frozen=True)
class Event:
    kind: str
    name: str = ""
    damage: Dice | None = None
    monster: str = ""
    escape: int = 0
    count: int = 0
    amount: Dice | None = None


@dataclass(frozen=True)
class HexTile:
    id: str
    title: str
    rarity: str
    doors: tuple
    events: tuple
    benefits: tuple          # ((who, what), ...)
    exit: bool = False
    use: dict = field(default_factory=dict)   # {"damage": Dice, "draw": n, "heal": Dice}

    def benefit_for(self, character: str, owner: bool) -> set[str]:
        return {what for who, what in self.benefits if who == character or (owner and who == "owner")}


@dataclass(frozen=True)
class Monster:
    id: str
    title: str
    lp: int
    dg: int
    damage: Dice


@dataclass(frozen=True)
class Deck:
    id: str
    title: str
    character: str
    cards: dict
    hexes: tuple


def _card(row: dict) -> Card:
    row = dict(row)
    for name in ("damage", "heal"):
        if name in row:
            row[name] = Dice.parse(row[name])
    for name in ("natures", "methods", "immune"):
        if name in row:
            row[name] = tuple(row[name])
    return Card(**row)


def _hex(row: dict) -> HexTile:
    events = []
    for e in row.get("events", []):
        e = dict(e)
        for name in ("damage", "amount"):
            if name in e:
                e[name] = Dice.parse(e[name])
        events.append(Event(**e))
    use = {k: (Dice.parse(v) if k in ("damage", "heal") else v) for k, v in row.get("use", {}).items()}
    return HexTile(id=row["id"], title=row["title"], rarity=row["rarity"], doors=tuple(row["doors"]),
                   events=tuple(events), benefits=tuple((b["who"], b["what"]) for b in row.get("benefits", [])),
                   exit=row.get("exit", False), use=use)


def _data() -> dict:
    return tomllib.loads((resources.files(__package__) / "starter_set.toml").read_text(encoding="utf-8"))


def published() -> dict:
    """The starter set as pages show it: the data as written (dice as text), each character's
    usable cards (so no page re-implements the level table) and the deck limits."""
    data = _data()
    for row in data["character"]:
        row["may_use"] = [c for c in CARDS if c != KEY and CHARACTERS[row["id"]].may_use(CARDS[c])]
    return {"starter_set": True, "characters": data["character"], "cards": data["card"], "hexes": data["hex"],
            "monsters": data["monster"], "decks": data["deck"],
            "limits": {"deck_min": DECK_MIN, "deck_max": DECK_MAX, "copies": COPIES, "rarity_caps": RARITY_CAPS,
                       "rarities": list(RARITIES), "hexes_min": MIN_HEXES, "hexes_max": MAX_HEXES, "key": KEY,
                       "life": LIFE, "hand_limit": HAND_LIMIT, "start_hand": START_HAND, "quad": QUAD}}


def _load() -> tuple[dict, dict, dict, dict, dict]:
    data = _data()
    characters = {r["id"]: Character(**{**r, "hit": Dice.parse(r["hit"])}) for r in data["character"]}
    cards = {r["id"]: _card(r) for r in data["card"]}
    hexes = {r["id"]: _hex(r) for r in data["hex"]}
    monsters = {r["id"]: Monster(**{**r, "damage": Dice.parse(r["damage"])}) for r in data["monster"]}
    decks = {r["id"]: Deck(id=r["id"], title=r["title"], character=r["character"], cards=dict(r["cards"]),
                           hexes=tuple(r["hexes"])) for r in data["deck"]}
    return characters, cards, hexes, monsters, decks


CHARACTERS, CARDS, HEXES, MONSTERS, DECKS = _load()
CARD_ORDER = {card_id: i for i, card_id in enumerate(CARDS)}
HEX_ORDER = {hex_id: i for i, hex_id in enumerate(HEXES)}


# a card's place in the catalogue, as a sort key (the dict's own lookup: it sorts hands at every draw)
card_key = CARD_ORDER.__getitem__
