"""Crypt: The Pharaoh's Curse, the rules object. Every fact the seed rulebook leaves open is decided
in docs/rules/pharaoh.md; where players could disagree it is a table option."""

from __future__ import annotations

from ...engine import ActionEncoding, Game, ObservationEncoding, Option, OptionError
from .components import published
from .decks import deck_issues, deck_problems
from .encoding import action_encoding
from .observation import observation_encoding
from .state import PharaohState


class Pharaoh(Game):
    id = "pharaoh"
    name = "Crypt: The Pharaoh's Curse"
    min_players = 2
    max_players = 6
    state_class = PharaohState
    pitch = ("Escape the Pharaoh's crypt: bring a deck and your hexes, explore the crypt as it grows, fight with "
             "spells, tech and weapons, answer attacks with defences and play-any-time interrupts, command "
             "creatures and military units, and roll doubles at an exit with the Key to win. Defeated players "
             "go on by dominating agents and monsters. 2–6 players, with this edition's starter set.")
    # hard: roll-outs cut when the bot's own next turn begins (search_turn), judged by search_value;
    # many worlds and a high bar before it departs from the greedy bot, since a turn of dice drowns
    # most moves' effect (docs/ai.md)
    search_settings = {"worlds": 40, "width": 6, "horizon": "turn", "confidence": 1.65}
    options = (
        Option("interrupts", "enum", "everyone", "Interrupt windows after a play a play-any-time card could answer: "
               "'everyone' asks every other seat holding cards (it tells nobody who holds one), 'off' opens none",
               allowed=("everyone", "off")),
        Option("force_monster", "bool", False, "Optional rule: a defeated player may force a hex's monster to "
               "appear in order to dominate it"),
        Option("first_player", "int", -1, "The seat that goes first; -1 = drawn at random", minimum=-1, maximum=5),
        Option("round_limit", "int", 30, "Rounds after which the game ends with no winner (the crypt claims "
               "everyone)", minimum=5, maximum=50),
    )
    phases = {
        "setup": "every seat at once, in secret: pick a prebuilt deck of the starter set, or build one for a "
                 "character (add/remove cards and hexes, ready)",
        "draw": "draw one card, or skip (drawing is optional)",
        "free": "free actions: modifiers and free cards as wanted, the escape roll of a caught character; done",
        "act": "up to the turn's actions (1, at most 4): move, explore, hit, play or use a card, a special "
               "ability, return a tabled card, pick up a Key, use a hex event, exit; end",
        "discard": "discard unwanted cards face up; done (refused above the hand limit of 10)",
        "build": "building a play: attach one alteration and one enhancement, Enforce, then the target "
                 "(or confirm), or cancel",
        "window": "a play-any-time window: every other seat holding cards responds (Clear, Thwart) or passes",
        "defend": "a defence turn: a defence card, a tabled defence, a dodge (with a defence enhancement), "
                  "dodging out of the exit with the Key, or take it",
        "soak": "the target chooses which of its tabled armour, shields or guards takes the damage next",
        "place": "the explored hex: choose how it is turned (a door facing the hex it joins)",
        "escape": "a caught character rolled its escape: move out through an open door, or stay",
        "event_discard": "a hex event makes the character discard: choose the card",
        "dominate": "a defeated player chooses the agent or monster to dominate this turn (or waits)",
        "game_end": "someone escaped with the Key, everyone is defeated with no Key held, or the round limit",
    }
    undo_actions = frozenset({"cancel"})

    @staticmethod
    def search_book(view: dict, legal: list[dict]) -> dict | None:
        """The hard bot's moves played without a search (book.py: the starter deck, exit rolls, a
        Key at its feet, drawing until it holds a Key)."""
        from .book import search_book

        return search_book(view, legal)

    @staticmethod
    def search_turn(state) -> int | None:
        """Whose turn it is (a defence or a window inside it is still that seat's turn)."""
        return state.turn["seat"] if state.turn else None

    @staticmethod
    def search_value(state) -> list[float] | None:
        from .estimate import search_value

        return search_value(state)
    action_types = {
        "pick": "{deck}: set-up: a prebuilt starter deck (its character and hexes)",
        "build": "{character}: set-up: build a custom deck for that character",
        "add": "{card}: set-up: one more copy of a card", "remove": "{card}: set-up: one copy fewer",
        "add_hex": "{hex}: set-up: one more hex", "remove_hex": "{hex}: set-up: one hex fewer",
        "ready": "{}: set-up: the custom deck and hexes are final", "restart": "{}: set-up: choose again",
        "draw": "{}: draw the top card of your deck", "skip": "{}: do not draw",
        "done": "{}: end the free actions, or the discard step",
        "escape": "{}: a caught character rolls its escape (free action, once a turn)",
        "move": "{to}: move to a neighbouring hex through an open passage (a dominated piece too)",
        "move_agent": "{uid, to}: move one of your agents to a neighbouring hex",
        "explore": "{side}: draw a hex and place it against that door of your hex, then enter it",
        "hit": "{}: a hit for the character's damage (a dominated piece: its attack); the target follows",
        "play": "{card, method}: play a card from hand by one of its play methods",
        "use": "{uid}: use a tabled weapon or agent (once a turn each)",
        "ability": "{} / {card} / {uid}: the character's special ability",
        "return": "{uid}: take an undamaged tabled card you control back into your hand",
        "pickup": "{}: pick up a Key lying in the hex", "use_event": "{}: use the hex's event (it hurts you)",
        "exit": "{}: holding a Key in an exit hex, roll 2D6: doubles escape and win",
        "end": "{}: take no more actions this turn",
        "discard": "{card}: discard a card face up",
        "attach": "{card}: attach an alteration or enhancement to the play being built",
        "modifier": "{card}: play a modifier (Enforce) on the play being built",
        "target": "{target}: the play's target (c<seat>, t<uid>, m<uid>, h<hex>) and commit it",
        "confirm": "{}: commit a play that needs no target", "cancel": "{}: take the play back",
        "respond": "{card, target}: answer a play with a play-any-time card", "pass": "{}: let it be",
        "defend": "{card} / {uid}: stop the attack with a defence card from hand or tabled",
        "dodge": "{} / {card}: roll 2D6 at or under your dodge, with a defence enhancement attached",
        "dodge_exit": "{}: with a Key in an exit hex: doubles escape and win, anything else is a hit",
        "take": "{}: no defence", "soak": "{uid}: this tabled card takes the damage next",
        "place": "{turn}: turn the explored hex this many sixths clockwise",
        "escape_to": "{to}: leave the hex you escaped from", "stay": "{}: stay where you are",
        "dominate": "{piece}: dominate an agent (t<uid>) or a monster (m<uid>; h<hex> forces one to appear)",
        "wait": "{}: nothing to dominate: wait for a monster to arise",
    }
    chance_kinds = {
        "die": "a six-sided die: 1..6 (every roll: damage, dodges, escapes, exits, healing)",
        "card": "the card drawn next from the drawing seat's deck (a card id it holds)",
        "hex": "the hex drawn next from the Hexpile when exploring (a hex id it holds)",
    }
    default_chance_kind = "die"

    def _check_table(self, players: int, options: dict) -> None:
        if options["first_player"] >= players:
            raise OptionError(f"option 'first_player': seat {options['first_player']} does not exist with "
                              f"{players} players (seats 0..{players - 1}, or -1)", code="bad_option_value")

    def action_encoding(self, players: int, options: dict | None = None) -> ActionEncoding:
        """Every action such a table may offer (encoding.py: the bounds, and the uid cap)."""
        players = self.check_players(players)
        return action_encoding(players, self.check_table(players, options))

    def observation_encoding(self, players: int, options: dict | None = None) -> ObservationEncoding:
        players = self.check_players(players)
        return observation_encoding(players, self.check_table(players, options))

    def deck_problems(self, character: str, cards: dict, hexes: list) -> list[str]:
        """What a custom deck breaks, in English (empty: legal)."""
        return deck_problems(character, cards, hexes)

    def components(self) -> dict:
        return published()

    def check_deck(self, deck) -> list[dict]:
        """A deck as a builder sends it, {"character", "cards": {card: copies}, "hexes": [hex, ...]}."""
        if not isinstance(deck, dict):
            return [{"msg": "pharaoh.deck.malformed_cards", "params": {}}]
        return deck_issues(deck.get("character"), deck.get("cards", {}), deck.get("hexes", []))

    @property
    def bots(self) -> dict:
        from .bot import GreedyAgent
        return {"greedy": GreedyAgent}
