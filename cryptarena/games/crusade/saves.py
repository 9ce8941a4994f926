"""What a Crusade save must satisfy to be loaded: a damaged save raises here (the engine turns the
exception into CorruptSave naming the defect) instead of giving a table that breaks later."""

from __future__ import annotations

from collections import Counter

from .components import CARDS, DEBUFFS, ROUNDS, TEAMS, TIERS

EFFECT_KEYS = {*DEBUFFS, "boost"}
TURN_KEYS = {"seat", "moved", "bonus", "extra", "cards_left", "borrowed", "boost_next"}


def _int(value, low: int, high: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} is {value!r}, not an integer in {low}..{high}")


def check_save(state) -> None:
    n, size, board = state.players, state.board.size, state.board
    for name in ("pos", "portal", "effects", "hands", "revealed"):
        if not isinstance(getattr(state, name), list) or len(getattr(state, name)) != n:
            raise ValueError(f"{name} must hold one entry per seat")
    for seat in range(n):
        for name in ("pos", "portal"):
            tile = getattr(state, name)[seat]
            if tile is not None:
                _int(tile, 0, size - 1, f"{name}[{seat}]")
        if state.teams[seat] == "gk" and (state.pos[seat] is None or state.portal[seat] is not None):
            raise ValueError(f"Groundskeeper {seat} must be on the board and has no portal")
        effects = state.effects[seat]
        if not isinstance(effects, dict) or set(effects) != EFFECT_KEYS:
            raise ValueError(f"effects[{seat}] must have exactly {sorted(EFFECT_KEYS)}")
        if not all(isinstance(effects[k], bool) for k in ("ghastly", "balloon", "boo")):
            raise ValueError(f"effects[{seat}] flags must be true or false")
        _int(effects["leech"], -n, 0, f"effects[{seat}].leech")
        _int(effects["boost"], 0, n, f"effects[{seat}].boost")
        hand = state.hands[seat]
        if any(card not in CARDS or CARDS[card].team != state.teams[seat] for card in hand):
            raise ValueError(f"hand {seat} holds a card that is not one of its team's")
        if Counter(state.revealed[seat]) - Counter(hand):
            raise ValueError(f"seat {seat} has revealed cards it does not hold")
    if not isinstance(state.graves, dict) or any(t == board.shed or not 0 <= t < size for t in state.graves):
        raise ValueError("a Grave lies off the board or on the Shed")
    for grave in state.graves.values():
        if set(grave) != {"owner", "seal"} or grave["owner"] not in (None, *TEAMS):
            raise ValueError(f"bad Grave {grave!r}")
        _int(grave["seal"], 0, 2, "a seal")
    _check_cards(state)
    for team in TEAMS:
        _int(state.purse[team], 0, 10**9, f"purse {team}")
        _int(state.earned[team], state.purse[team], 10**9, f"earned {team}")
    _int(state.round, 1, ROUNDS, "round")
    if state.part not in TEAMS:
        raise ValueError(f"part {state.part!r} is not a team")
    _int(state.order_index, 0, len(state.team_seats(state.part)), "order_index")
    if not isinstance(state.shop_done, list) or any(not 0 <= s < n for s in state.shop_done):
        raise ValueError("shop_done must list seats")
    _check_phase(state)


def _check_cards(state) -> None:
    """Every copy of every card is somewhere exactly once: a hand, its tier pile, or discarded."""
    counted = Counter(card for hand in state.hands for card in hand)
    for team in TEAMS:
        piles = state.piles[team]
        if not isinstance(piles, list) or len(piles) != len(TIERS):
            raise ValueError(f"{team} must have one pile per tier")
        for tier, pile in zip(TIERS, piles):
            if any(card not in CARDS or CARDS[card].team != team or CARDS[card].tier != tier for card in pile):
                raise ValueError(f"the {team} Tier {tier} pile holds a card of another pile")
            counted.update(pile)
        if any(card not in CARDS for card in state.discarded[team]):
            raise ValueError("an unknown card was discarded")
        counted.update(state.discarded[team])
    wrong = sorted(c for c in CARDS if counted[c] != state.copies)
    if wrong or set(counted) - set(CARDS):
        raise ValueError(f"cards counted other than {state.copies} times: {wrong}")


def _check_phase(state) -> None:
    phase, turn = state.phase, state.turn
    if phase not in ("shop", "turn", "leaf_blower", "game_end"):
        raise ValueError(f"unknown phase {phase!r}")
    if phase in ("turn", "leaf_blower"):
        if not isinstance(turn, dict) or set(turn) != TURN_KEYS:
            raise ValueError("a turn in progress must be described")
        _int(turn["seat"], 0, state.players - 1, "turn seat")
        _int(turn["cards_left"], 0, 2, "cards left")
    elif turn is not None:
        raise ValueError(f"no turn is in progress in phase {phase}")
    if phase == "leaf_blower":
        leaf = state.leaf
        if not isinstance(leaf, dict) or set(leaf) != {"by", "target"} or not state.hands[leaf["target"]]:
            raise ValueError("a Leaf Blower waits for a Necromancer holding a card")
    elif state.leaf is not None:
        raise ValueError("a Leaf Blower is pending outside its phase")
    if (phase == "game_end") != (state.winner is not None) or state.winner not in (None, *TEAMS, "draw"):
        raise ValueError("the winner is set exactly when the game is over")
