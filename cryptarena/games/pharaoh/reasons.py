"""The words of a refusal: why an action is not legal now, from what the acting seat knows only."""

from __future__ import annotations

from ...engine import Reason
from .components import CARDS, CHARACTERS, COPIES, HEXES, KEY, RARITY_CAPS
from .decks import MAX_HEXES, deck_issues, deck_problems


def explain(state, seat: int, action: dict) -> str | None:
    kind = action.get("type")
    phase = state.phase
    if phase == "setup":
        mine = state.setup[seat]
        if kind == "add" and mine["mode"] == "build":
            card = CARDS.get(action.get("card")) if isinstance(action.get("card"), str) else None
            if card is None:
                return f"{action.get('card')!r} is not a card of the starter set"
            if card.id == KEY:
                return state.refuse("reason.pharaoh.key_added")
            spec = CHARACTERS[mine["character"]]
            if not spec.may_use(card):
                return state.refuse("reason.pharaoh.may_not_use_level", character=spec.id, card=card.id,
                                    level=card.level, type=card.type)
            if mine["cards"].get(card.id, 0) >= COPIES:
                return state.refuse("reason.pharaoh.copies_cards", n=COPIES, card=card.id)
            same = sum(n for c, n in mine["cards"].items() if CARDS[c].rarity == card.rarity)
            if card.rarity in RARITY_CAPS and same >= RARITY_CAPS[card.rarity]:
                return state.refuse("reason.pharaoh.rarity_cards", n=RARITY_CAPS[card.rarity], rarity=card.rarity)
            return state.refuse("reason.pharaoh.deck_full", n=50)
        if kind == "add_hex" and mine["mode"] == "build":
            if not (isinstance(action.get("hex"), str) and action["hex"] in HEXES):
                return f"{action.get('hex')!r} is not a hex of the starter set"
            tile = HEXES[action["hex"]]
            if mine["hexes"].count(tile.id) >= COPIES:
                return state.refuse("reason.pharaoh.copies_hexes", n=COPIES, hex=tile.id)
            same = sum(1 for h in mine["hexes"] if HEXES[h].rarity == tile.rarity)
            if tile.rarity in RARITY_CAPS and same >= RARITY_CAPS[tile.rarity]:
                return state.refuse("reason.pharaoh.rarity_hexes", n=RARITY_CAPS[tile.rarity], rarity=tile.rarity)
            return state.refuse("reason.pharaoh.hexes_full", n=MAX_HEXES)
        if kind == "ready" and mine["mode"] == "build":
            issues = deck_issues(mine["character"], mine["cards"], mine["hexes"])
            if not issues:
                return None
            # each problem is a catalogue entry of its own: the page renders them in its language
            return Reason("the deck is not legal yet: " + "; ".join(deck_problems(mine["character"], mine["cards"],
                                                                                  mine["hexes"])),
                          "reason.pharaoh.deck_not_legal", {"problems": issues})
        return None
    if kind == "play" and isinstance(action.get("card"), str) and phase in ("free", "act"):
        card_id = action["card"]
        if card_id not in CARDS:
            return f"{card_id!r} is not a card of the starter set"
        if card_id not in state.hand[seat]:
            return state.refuse("reason.pharaoh.not_in_hand", card=card_id)
        card = CARDS[card_id]
        if not state.may_use(seat, card):
            return state.refuse("reason.pharaoh.may_not_use", character=state.chars[seat], card=card_id)
        if action.get("method") not in card.methods:
            return f"{card.title} is played by {', '.join(card.methods)}, not {action.get('method')!r}"
        if phase == "free" and not (card.has("modifier") or card.free):
            return state.refuse("reason.pharaoh.takes_an_action", card=card_id)
        if phase == "act" and (card.has("modifier") or card.free):
            return state.refuse("reason.pharaoh.free_action", card=card_id)
        return None
    if kind == "exit" and phase == "act" and not state.defeated[seat]:
        if not state.placed[state.pos[seat]]["exit"]:
            return state.refuse("reason.pharaoh.not_in_exit")
        if not state.holds_key(seat):
            return state.refuse("reason.pharaoh.no_key")
    if kind == "move" and phase == "act" and not state.defeated[seat] and state.trapped[seat] is not None:
        return state.refuse("reason.pharaoh.caught")
    if kind == "done" and phase == "discard":
        return state.refuse("reason.pharaoh.hand_limit", limit=10, n=len(state.hand[seat]))
    return None
