"""Crypt, the rules object: identity, options, phases, action types and chance kinds."""

from __future__ import annotations

from ...engine import ActionEncoding, Game, ObservationEncoding, Option, OptionError
from . import encoding
from .components import TYPES
from .state import CryptState

_SIDES = ("A", "B")


class Crypt(Game):
    id = "crypt"
    name = "Crypt"
    min_players = 1
    max_players = 4
    state_class = CryptState
    pitch = ("The king is dead, and his heirlooms went into the royal crypt with him. Send your servant "
             "dice in to claim treasure: the higher the effort you set, the harder you are to push out, "
             "and the likelier your servant comes back exhausted. Sets of treasure please the six "
             "Collectors. Most coins wins. 1–4 players (solo: the Only Child against the Ghost).")
    options = (
        Option("collectors", "enum", "A", "Side of the six Collector cards: all A, all B, each drawn at "
               "random, or a mix chosen per collector below", allowed=("A", "B", "random", "mix")),
        *(Option(kind, "enum", "A", f"Side of the {kind.capitalize()} collector (when collectors = mix)",
                 allowed=_SIDES, depends_on={"collectors": ("mix",)}) for kind in TYPES),
        Option("torch_direction", "enum", "left", "Which way both torch cards pass after each round: "
               "'left' as the rules summary says (the next seat leads), 'right' as the Board Game Arena "
               "version plays (the Lights Out holder leads)", allowed=("left", "right")),
        Option("first_leader", "int", 0, "Seat that holds the Leader torch in round 1", minimum=0, maximum=3),
        Option("solo_target", "int", 40, "Solo only: coins the Only Child needs to count as a win "
               "(40 = the tier above 'The Fool' (<30) and 'The Petty' (30-39))", minimum=0, maximum=200),
    )
    phases = {
        "pottery": "before Claim: in turn order from the Leader, holders of 2 unflipped Pottery (side B) "
                   "may take a face-down card from the Crypt",
        "claim": "from the Leader round to the Lights Out holder, each player claims cards or recovers",
        "collect": "(automatic) unclaimed cards discarded, dice rolled, cards collected",
        "idol": "Collect, after the rolls: holders of an unflipped Idol (side A) may re-roll a die "
                "exhausted this phase",
        "game_end": "the deck ran out and its round is over; scores and winners are final",
    }
    undo_actions = frozenset({"take_back"})
    # The hard bot: the greedy bot improved on 8 re-drawn worlds. Judging a roll-out by the size of
    # the lead (not only who leads) and departing from greedy on one standard error of evidence took
    # hard from 0.68 to 0.84 of 2-player games against medium (200 games each, docs/ai.md).
    search_settings = {"worlds": 8, "width": 3, "depth": 20, "margin": 0.5, "score_scale": 8, "confidence": 1.0}
    action_types = {
        "place": "{slot, effort}: put one ready servant on Crypt slot `slot` showing `effort` 1-6",
        "take_back": "{}: take back the last servant placed this turn",
        "confirm": "{}: end the claim turn with the servants placed (pushes out weaker claims)",
        "recover": "{}: the whole claim turn: all exhausted servants return to your player card",
        "pass": "{}: decline (Pottery B step, Idol A step) or, with no servant to place or recover, "
                "end the claim turn",
        "pottery_take": "{slot}: Pottery B, flip 2 Pottery and take face-down card `slot`",
        "idol_reroll": "{die}: Idol A, flip 1 Idol and re-roll die `die` exhausted this Collect",
        "manuscript_peek": "{}: Manuscript B, any time once a round: flip 1 Manuscript and look at "
                           "every face-down card in the Crypt",
        "remains_recover": "{}: Remains A, any time: flip 2 Remains and recover one exhausted servant",
    }
    chance_kinds = {
        "die": "a servant die roll (also the Ghost's dice and the tie-break): 1..6",
        "card": "the next treasure card drawn from the deck in Reveal: a card id of a card still in the "
                "deck (ids index the deck list of docs/rules/crypt.md: type-major, values ascending)",
    }
    default_chance_kind = "die"

    def _check_table(self, players: int, options: dict) -> None:
        if options["first_leader"] >= players:
            raise OptionError(f"option 'first_leader': seat {options['first_leader']} does not exist "
                              f"with {players} player(s) (seats 0..{players - 1})", code="bad_option_value")

    def action_encoding(self, players: int, options: dict | None = None) -> ActionEncoding:
        return encoding.action_encoding(players, self.check_table(players, options))

    def observation_encoding(self, players: int, options: dict | None = None) -> ObservationEncoding:
        return encoding.observation_encoding(players, self.check_table(players, options))

    @property
    def bots(self) -> dict:
        from .bot import GreedyAgent
        return {"greedy": GreedyAgent}
