"""Midas Chests, the rules object. Every fact the rulebook leaves open is an option
(shared/rules/midas.components.md §4 and §6; decisions in docs/rules/midas.md)."""

from __future__ import annotations

from pathlib import Path

from ...engine import ActionEncoding, Game, ObservationEncoding, Option
from . import encoding
from .components import BID_CAP_PER_PLAYER, DIE_PRESETS
from .state import MidasState


class Midas(Game):
    id = "midas"
    name = "Midas Chests"
    min_players = 2
    max_players = 4
    state_class = MidasState
    pitch = ("Pirates bid on gemstones hidden under their cups. Midas names the stone; raise the count or "
             "accuse the last bidder of lying. Losers give up a die or draw from their cursed chest, and a "
             "drawn cursed coin turns you to gold. Buy Midas's favours, bluff with Obsidian once cursed; the "
             "last one still flesh and bone wins. 2–4 players, played here or with real dice and this app as "
             "the companion.")
    # hard: worlds drawn from the bids (search_belief), cut roll-outs judged by search_value
    search_settings = {"worlds": 16, "width": 4, "depth": 12, "confidence": 1.0}
    # expert: hard's search judging cut roll-outs by a chance to win learned by self-play
    # (`make train GAME=midas`, ai/train.py); these settings override hard's
    expert_file = Path(__file__).with_name("expert.json")
    expert_settings = {"worlds": 24, "depth": 6}
    options = (
        Option("mode", "enum", "digital", "'digital': the server rolls the dice under each cup and takes the bids; "
               "'companion': real dice and bids on the table, this app does what the rulebook's app does",
               allowed=("digital", "companion")),
        Option("chest_size", "int", 6, "Coins in each chest at the start, the cursed one included (not public)",
               minimum=2, maximum=12),
        Option("favour_payment", "enum", "drawn_coins", "How a favour's price (1/2/3/4) is paid: with the safe coins "
               "you drew earlier ('drawn_coins') or safe coins returned from your own chest ('chest')",
               allowed=("drawn_coins", "chest")),
        Option("die_faces", "enum", "three_stones", "Faces of every die (not public): three colour stones, diamond, "
               "obsidian, favour; or four colour stones, obsidian, favour", allowed=tuple(DIE_PRESETS)),
        Option("bid_cap_per_player", "int", BID_CAP_PER_PLAYER, "Bid cap per player still in play (the rulebook's "
               "100/75/50 with 4/3/2)", minimum=5, maximum=50),
        Option("two_player_obsidian", "int", 1, "Fixed Obsidian value in a game started with 2 players",
               minimum=0, maximum=2),
    )
    phases = {
        "obsidian": "each cursed player secretly plays an Obsidian card (0 or 1)",
        "bidding": "the player to act raises the count of the announced stone under all cups, or accuses",
        "table": "companion: the table bids with real dice; reveal shows the Obsidian value",
        "result": "companion: enter who lost the round: a die lost, or a draw from their chest",
        "penalty": "the loser loses a die or draws a coin from their chest (forced at one die)",
        "favours": "after a coin draw, Midas offers favours: buy one or pass, in turn order",
        "swap": "the buyer of Echange picks whose chest to take",
        "game_end": "one player is not Cursed: the winner",
    }
    action_types = {
        "obsidian": "{value: 0|1} (companion: {player, value}): a cursed player's secret Obsidian card",
        "bid": "{count}: at least that many of the announced stone under all cups (strictly higher than the last)",
        "accuse": "{}: the last bid is too high; reveal and count",
        "bribe": "{stone} (companion: {player, stone}): Pot-de-vin, change the stone being bid on",
        "reveal": "{}: companion, the cups are lifted: show the Obsidian value",
        "lose_die": "{} (companion: {player}): take the penalty as one die fewer",
        "draw": "{} (companion: {player}): take the penalty as a coin drawn from your chest",
        "buy": "{favour} (companion: {player, favour}): buy that favour from Midas",
        "pass": "{} (companion: {player}): buy nothing this time",
        "swap": "{with} (companion: {player, with}): Echange, swap chests with that player",
    }
    chance_kinds = {
        "face": "a die face (of the die_faces preset)",
        "stone": "the stone type Midas announces",
        "coin": "the coin drawn from a chest: safe or cursed",
    }
    default_chance_kind = "face"

    def device_seats(self, players: int, options: dict | None = None) -> list[int]:
        """In companion mode one device (seat 0) runs the whole physical table."""
        resolved = self.check_table(players, options or {})
        return [0] if resolved["mode"] == "companion" else list(range(players))

    def action_encoding(self, players: int, options: dict | None = None) -> ActionEncoding:
        return encoding.action_encoding(players, self.check_table(players, options))

    def observation_encoding(self, players: int, options: dict | None = None) -> ObservationEncoding:
        return encoding.observation_encoding(players, self.check_table(players, options))

    @staticmethod
    def search_value(state) -> list[float]:
        """A search bot's estimate of each seat's chance to win, for a roll-out cut before the end:
        shares of the rounds each uncursed player can still lose (dice beyond the last one, plus
        the draws a chest is expected to give before its cursed coin), squared so a lead counts."""
        lives = []
        for seat in range(state.players):
            if state.cursed[seat]:
                lives.append(0.0)
                continue
            chest = state.chests[seat]
            draws = (chest["coins"] - 1) / 2 + 1 if chest["cursed"] else chest["coins"] + 1
            lives.append((state.dice_count[seat] - 1 + draws) ** 2)
        total = sum(lives)
        return [x / total if total else 0.0 for x in lives]

    @staticmethod
    def search_belief(sample, seat: int):
        """The hard bot's worlds: the other cups drawn from what their bids say (belief.py)."""
        from .belief import Belief
        return Belief(sample, seat)

    @staticmethod
    def search_candidates(view: dict, legal: list[dict]) -> list[dict]:
        """The moves worth a roll-out besides the bot's own: calling, and the smallest raise (the
        bot's safe raise and the smallest one bracket every bid worth making)."""
        found = [a for a in legal if a["type"] == "accuse"]
        bids = [a for a in legal if a["type"] == "bid"]
        if bids:
            found.append(min(bids, key=lambda a: a["count"]))
        return found

    @property
    def bots(self) -> dict:
        from .bot import ProbabilisticAgent
        return {"probabilistic": ProbabilisticAgent}
