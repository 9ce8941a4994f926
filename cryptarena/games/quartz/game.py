"""Quartz: The Dice Game, the rules object. Every fact no public source settles is an option
(shared/rules/quartz.components.md §9–§10)."""

from __future__ import annotations

from ...engine import ActionEncoding, Game, ObservationEncoding, Option
from . import encoding
from .components import COLOURS, DEFAULT_COUNTS, DIE_PRESETS, UNSTABLE
from .state import QuartzState


class Quartz(Game):
    id = "quartz"
    name = "Quartz: The Dice Game"
    min_players = 3
    max_players = 6
    state_class = QuartzState
    pitch = ("Dwarves race through a fresh mine for one day. Draw crystals blind from the bag, roll five "
             "dice and push your luck with rerolls, then mine, hammer, stash crystals in your chest, steal "
             "from other carts and dump unstable ones on your rivals. Most money after six rounds wins. 3–6 players.")
    # hard: roll-outs cut as soon as the bot's own turn is over, judged by the position estimate
    # (value.py): a whole game of dice, even the others' next turns, drowns a move's effect (docs/ai.md)
    search_settings = {"worlds": 16, "width": 5, "horizon": "own_turn", "margin": 0.0, "confidence": 1.0}
    options = (
        *(Option(f"crystals_{c}", "int", DEFAULT_COUNTS[c], f"{c.capitalize()} crystals in the bag at the start "
                 "(the box holds 70 crystals; the split per colour is not public)", minimum=0, maximum=40)
          for c in COLOURS),
        Option("crystals_black", "int", DEFAULT_COUNTS[UNSTABLE], "Unstable (black) crystals in the supply: 1 "
               "enters the bag in round 1, then 2 each round, while the supply lasts", minimum=0, maximum=40),
        Option("die_faces", "enum", "one_each", "Faces of each of the 5 dice (not public): one of each symbol, "
               "or a variant with two pickaxes and no helmet", allowed=tuple(DIE_PRESETS)),
        Option("big_sets", "enum", "cap", "Set bonus for 6 or more identical crystals: 'cap' keeps the +10 of a "
               "5-set, 'none' gives nothing beyond the printed 3/4/5", allowed=("cap", "none")),
        Option("unstable_in_chest", "bool", False, "May an unstable crystal be put in the chest?"),
        Option("bag_empty_end", "enum", "turn", "When the bag runs empty the game ends at the end of that "
               "turn ('turn') or of that round ('round')", allowed=("turn", "round")),
    )
    phases = {
        "roll": "the player to act rerolls any dice (2 free rerolls, one more per marker) or stops",
        "actions": "the player uses the faces in any order: wild (2 helmets = 1 face), use an action, end the turn",
        "pickaxe": "draw up to one crystal per pickaxe, each draw optional",
        "jackhammer": "return half (rounded down) of the crystals the jackhammer drew",
        "chest": "move up to n-1 crystals from the cart into the chest",
        "cart": "give up to n-1 unstable crystals to other players",
        "steal": "take up to n-1 coloured crystals from other players' carts",
        "game_end": "six rounds played (or the bag ran empty): scores are final",
    }
    action_types = {
        "reroll": "{dice: [indices]}: reroll these dice (a free reroll first, else a marker)",
        "stop": "{}: keep the dice (roll phase) or end the current action early",
        "wild": "{as: face}: two helmets count as one face of that kind",
        "use": "{face}: perform that action with all its faces",
        "end_turn": "{}: end the turn; unused faces are lost",
        "draw": "{}: pickaxe, draw one crystal",
        "return": "{colour}: jackhammer, put one drawn crystal back in the bag",
        "protect": "{colour}: chest, move one crystal of that colour into the chest",
        "dump": "{to: seat}: cart, give one unstable crystal to that player",
        "steal": "{from: seat, colour}: take one crystal of that colour from that player's cart",
    }
    chance_kinds = {
        "face": "a die face: pickaxe, jackhammer, chest, cart, steal or helmet",
        "crystal": "the next crystal drawn from the bag: white, pink, green, blue, red, yellow or black",
    }
    default_chance_kind = "face"

    # fixed encodings for learning agents, one per table size and options (encoding.py)
    def action_encoding(self, players: int, options: dict | None = None) -> ActionEncoding:
        return encoding.action_encoding(players, encoding.options_key(self.check_table(players, options)))

    def observation_encoding(self, players: int, options: dict | None = None) -> ObservationEncoding:
        return encoding.observation_encoding(players, encoding.options_key(self.check_table(players, options)))

    @staticmethod
    def search_value(state) -> list[float] | None:
        """Each seat's chance to win estimated from the table (value.py, fitted on medium-bot games)."""
        from .value import search_value
        return search_value(state)

    @staticmethod
    def search_candidates(view: dict, legal: list[dict]) -> list[dict]:
        """The medium bot's best rerolls after its own, and stopping (search.py)."""
        from .search import candidates
        return candidates(view, legal)

    @property
    def bots(self) -> dict:
        from .bot import GreedyAgent
        return {"greedy": GreedyAgent}
