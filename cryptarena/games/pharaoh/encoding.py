"""Crypt: The Pharaoh's Curse's fixed action space for learning agents (engine/encoding.py): every
action a table may ever offer, numbered once and for all.

The bounds, and why each is one:
- Hexes: the crypt is built from the hexes the seats bring, at most MAX_HEXES each, so a hex index
  (`move`, `escape_to`, `target h..`, `dominate h..`, `move_agent`'s `to`) is below
  players × MAX_HEXES. That is a true bound.
- Seats: `target c<seat>` names any seat of the table.
- Cards: each action type takes only the cards its rule can offer (a `play` never offers a Block,
  an Enforce or a Clear; an `attach` only alterations and attack enhancements; ...), read from the
  starter set's data with the same tests as the rules modules.
- Uids (`use`, `return`, `soak`, `defend`, `ability`, `move_agent`, `target t../m..`,
  `dominate t../m..`, `respond`'s Thwart on a tabled modifier): tabled cards, agents and monsters
  share ONE counter (`PharaohState.new_uid`), and a uid is never reused. A card returned to the
  hand, discarded and tabled again, or a monster that reappears, gets a new one, so uids are not
  bounded by the cards at a table but by how many tablings and monsters a game sees. No turn
  has a small proven maximum (a seat may draw its whole deck with Scavenge each turn and table
  every turn-long modifier again; Thwarts and armour can chain), so the space takes a documented
  cap instead: UIDS_PER_TURN pieces a turn for every turn the round limit allows. Eight is what
  a seat issues when it tables four Advantages and four Berserker Rages (the most a deck holds)
  every turn; random play issues about 0.1 a turn and the greedy bot about 0.4. A game past the
  cap raises EncodingError for the first action naming a larger uid: loudly, never a wrong index.
  A game that named pieces by card copy rather than by a counter would get a true bound
  (players × DECK_MAX cards + the monsters).

Sizes at the default round limit (30): about 15 000 actions at 2 players, 100 000 at 6, most of them
`move_agent` (uid × hex). They depend on the player count, the round limit (the uid cap),
`interrupts` (no windows: no `respond`, no `pass`) and `force_monster` (`dominate h..`); not on
`first_player`.

The observation is in observation.py.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import ActionEncoding
from .cards import ALTERATIONS
from .components import CARDS, CHARACTERS, DECKS, HEXES, KEY, MAX_HEXES, MONSTERS

SIDES = 6

UIDS_PER_TURN = 8

CARD_IDS = tuple(CARDS)
TILE_IDS = tuple(HEXES)
MONSTER_IDS = tuple(MONSTERS)
CHARACTER_IDS = tuple(CHARACTERS)
DECK_IDS = tuple(DECKS)
BUILT_CARDS = tuple(c for c in CARD_IDS if c != KEY)  # what a custom deck lists (the Key is added)

# effects TargetsMixin._playable refuses whatever the position: attached, answered or defended with
_NEVER_PLAYED = {"block", "dodge_bonus", "attack_bonus", "echo", "lock", "reach", "enforce", "clear", "thwart"}
PLAYS = tuple((c, m) for c in CARD_IDS if CARDS[c].effect not in _NEVER_PLAYED
              for m in CARDS[c].methods if m != "any_time")
ATTACHABLE = tuple(c for c in CARD_IDS if CARDS[c].effect in ALTERATIONS or CARDS[c].has("attack_enhancement"))
ALTERATION_CARDS = tuple(c for c in ATTACHABLE if CARDS[c].has("alteration"))
ENHANCEMENT_CARDS = tuple(c for c in ATTACHABLE if not CARDS[c].has("alteration"))
MODIFIER_CARDS = tuple(c for c in CARD_IDS if CARDS[c].effect == "enforce")
DEFENCE_CARDS = tuple(c for c in CARD_IDS if CARDS[c].effect in ("block", "armor", "tabled_block"))
DODGE_CARDS = tuple(c for c in CARD_IDS if CARDS[c].effect == "dodge_bonus")
CLEAR_CARDS = tuple(c for c in CARD_IDS if CARDS[c].effect == "clear")
THWART_CARDS = tuple(c for c in CARD_IDS if CARDS[c].effect == "thwart")
ABILITIES = {c.ability for c in CHARACTERS.values()}
RECALLED = tuple(c for c in CARD_IDS if CARDS[c].type == "spell") if "recall" in ABILITIES else ()
# every card that can lie on the table: tabled by a play, as a defence (armour) or on its target (curses)
TABLEABLE = tuple(c for c in CARD_IDS
                  if {"table", "table_destroyed", "table_hex", "table_target"} & set(CARDS[c].methods))

# Actions with no fields, in a fixed order.
BARE = ("ready", "restart", "draw", "skip", "done", "escape", "end", "hit", "ability", "pickup", "use_event",
        "exit", "confirm", "cancel", "pass", "dodge", "dodge_exit", "take", "stay", "wait")


def hex_bound(players: int) -> int:
    """Hex indices are below this: every seat brings at most MAX_HEXES hexes."""
    return players * MAX_HEXES


def uid_bound(players: int, round_limit: int) -> int:
    """The largest uid the action space names (see the module docstring: a cap, not a proof)."""
    return round_limit * players * UIDS_PER_TURN


# ------------------------------------------------------------------ actions
def _key(players: int, options: dict) -> tuple:
    """What the action space depends on: the player count and the options that change it."""
    return players, options["round_limit"], options["interrupts"] != "off", bool(options["force_monster"])


def every_action(players: int, options: dict) -> list[dict]:
    """Every action a table of `players` with these resolved options may ever offer any seat, in a
    fixed order: bare actions, set-up, cards, hexes, then pieces by uid."""
    return _every_action(*_key(players, options))


def _every_action(players: int, round_limit: int, windows: bool, force_monster: bool) -> list[dict]:
    hexes = range(hex_bound(players))
    uids = range(1, uid_bound(players, round_limit) + 1)
    actions = [{"type": kind} for kind in BARE if windows or kind != "pass"]
    # set-up
    actions += [{"type": "pick", "deck": d} for d in DECK_IDS]
    actions += [{"type": "build", "character": c} for c in CHARACTER_IDS]
    actions += [{"type": kind, "card": c} for kind in ("add", "remove") for c in BUILT_CARDS]
    actions += [{"type": kind, "hex": h} for kind in ("add_hex", "remove_hex") for h in TILE_IDS]
    # cards from hand
    actions += [{"type": "play", "card": c, "method": m} for c, m in PLAYS]
    actions += [{"type": "discard", "card": c} for c in CARD_IDS]
    actions += [{"type": "attach", "card": c} for c in ATTACHABLE]
    actions += [{"type": "modifier", "card": c} for c in MODIFIER_CARDS]
    actions += [{"type": "defend", "card": c} for c in DEFENCE_CARDS]
    actions += [{"type": "dodge", "card": c} for c in DODGE_CARDS]
    actions += [{"type": "ability", "card": c} for c in RECALLED]
    if windows:
        actions += [{"type": "respond", "card": c, "target": slot} for c in CLEAR_CARDS
                    for slot in ("alteration", "enhancement")]
        actions += [{"type": "respond", "card": c, "target": t} for c in THWART_CARDS for t in ("pending", "enforce")]
    # seats, sides and hexes
    actions += [{"type": "target", "target": f"c{s}"} for s in range(players)]
    actions += [{"type": "explore", "side": d} for d in range(SIDES)]
    actions += [{"type": "place", "turn": t} for t in range(SIDES)]
    actions += [{"type": kind, "to": h} for kind in ("move", "escape_to") for h in hexes]
    actions += [{"type": "target", "target": f"h{h}"} for h in hexes]
    if force_monster:
        actions += [{"type": "dominate", "piece": f"h{h}"} for h in hexes]
    # pieces, by uid
    for kind in ("use", "return", "soak", "defend"):
        actions += [{"type": kind, "uid": u} for u in uids]
    if "repair" in ABILITIES:
        actions += [{"type": "ability", "uid": u} for u in uids]
    for ref in ("t", "m"):
        actions += [{"type": "target", "target": f"{ref}{u}"} for u in uids]
        actions += [{"type": "dominate", "piece": f"{ref}{u}"} for u in uids]
    if windows:
        actions += [{"type": "respond", "card": c, "target": f"t{u}"} for c in THWART_CARDS for u in uids]
    actions += [{"type": "move_agent", "uid": u, "to": h} for u in uids for h in hexes]
    return actions


def action_encoding(players: int, options: dict) -> ActionEncoding:
    return _action_encoding(*_key(players, options))


# A 6-player encoding at the largest round limit holds about 170 000 actions (some 55 MB): keep few.
@lru_cache(maxsize=4)
def _action_encoding(players: int, round_limit: int, windows: bool, force_monster: bool) -> ActionEncoding:
    return ActionEncoding(_every_action(players, round_limit, windows, force_monster))
