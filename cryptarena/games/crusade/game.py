"""Crypt Crusade, the rules object. Every fact the rulebook leaves open is decided in
docs/rules/crusade.md; where players could disagree it is a table option."""

from __future__ import annotations

from ...engine import ActionEncoding, Game, ObservationEncoding, Option, OptionError
from . import encoding
from .board import LAYOUTS
from .components import MAX_PLAYERS
from .state import CrusadeState, copies_for, teams_for


class Crusade(Game):
    id = "crusade"
    name = "Crypt Crusade"
    min_players = 2
    max_players = MAX_PLAYERS
    state_class = CrusadeState
    pitch = ("Groundskeepers and Necromancers fight over a graveyard for 13 rounds. Move across the tiles, "
             "end your turn on a Grave to capture it, and play Action or Spell cards bought with your team's "
             "grave tokens: seals, kicks, flashlights, ghastly touches, portals. The team holding more Graves "
             "at the end wins. 2–8 players in two teams.")
    # hard: roll-outs cut the third time the table comes back to the bot (a cycle is the other side's
    # turn, or the shop), judged by the Graves lead (docs/ai.md)
    search_settings = {"worlds": 8, "width": 4, "horizon": "cycle", "cycles": 3, "margin": 1.0, "score_scale": 2,
                       "confidence": 1.0}
    options = (
        Option("board", "enum", "square5", "Board layout: 'square5' (5×5 squares, 8 neighbours, 7 roses) or "
               "'hex19' (a hexagon of 19 tiles, 6 neighbours, 6 roses); the Shed is the centre tile",
               allowed=tuple(LAYOUTS)),
        Option("roses", "int", 0, "Grave (rose) tiles placed at random around the Shed; 0 = the layout's own "
               "count (7 on square5, 6 on hex19)", minimum=0, maximum=18),
        Option("copies", "int", 0, "Copies of each card in its team's tier pile; 0 = 3, or one more than the "
               "Necromancers when that is more (4 with 6–7 players, 5 with 8), so that every starting hand "
               "can be dealt", minimum=0, maximum=5),
        Option("played_cards", "enum", "return", "Where a played card goes: back into its tier pile "
               "('return') or out of the game ('discard')", allowed=("return", "discard")),
        Option("tie_break", "enum", "earned", "Equal Graves at the end: the team that earned more grave tokens "
               "over the game wins ('earned') or the team holding more at the end ('held'); still equal: a draw",
               allowed=("earned", "held")),
    )
    phases = {
        "shop": "from round 2, before the turns: every seat may buy random cards of a tier with its team's "
                "tokens, then says done",
        "turn": "the player to act moves (once), teleports, plays a card or ends the turn",
        "leaf_blower": "a Necromancer hit by a Leaf Blower chooses the card to give back to the shop",
        "game_end": "13 rounds played: the team holding more Graves wins",
    }
    action_types = {
        "move": "{to}: move to that tile, within your movement (a Necromancer's first move enters from an edge)",
        "teleport": "{}: a Necromancer moves to their Portal marker as their move",
        "play": "{card, ...}: play a card from your hand; fields by card: sacred_seal {tile}, kick {target, to}, "
                "leaf_blower / flashlight / holy_water_balloon / rally / ghastly_touch / life_leech / flip "
                "{target}, the others none",
        "end": "{}: end your turn",
        "give_up": "{card}: the card a Leaf Blower blows back to the shop",
        "buy": "{tier}: buy a random card of that tier with your team's tokens",
        "done": "{}: stop buying for this round",
    }
    chance_kinds = {
        "card": "the card drawn from a tier pile when a card is bought (a card id that pile still holds: "
                "sacred_seal, kick, ..., boo)",
    }
    default_chance_kind = "card"

    def _check_table(self, players: int, options: dict) -> None:
        layout = LAYOUTS[options["board"]]
        if options["roses"] > layout.size - 1:
            raise OptionError(f"option 'roses': {layout.name} has only {layout.size - 1} tiles besides the Shed",
                              code="bad_option_value")
        necromancers = players // 2
        copies = copies_for(players, options["copies"])
        if copies < necromancers:
            raise OptionError(f"option 'copies': {copies} copies of each Tier I Spell card cannot deal 3 cards to "
                              f"each of {necromancers} Necromancers; use at least {necromancers} (or 0)",
                              code="bad_option_value")

    def action_encoding(self, players: int, options: dict | None = None) -> ActionEncoding:
        resolved = self.check_table(players, options)
        return encoding.action_encoding(players, resolved["board"])

    def observation_encoding(self, players: int, options: dict | None = None) -> ObservationEncoding:
        resolved = self.check_table(players, options)
        return encoding.observation_encoding(players, resolved["board"], copies_for(players, resolved["copies"]))

    def seat_teams(self, players: int, options: dict | None = None) -> list[str]:
        return teams_for(players)

    @property
    def bots(self) -> dict:
        from .bot import GreedyAgent
        return {"greedy": GreedyAgent}
