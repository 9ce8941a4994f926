"""The words of a refusal: why an action is not legal now, from what the acting seat knows only."""

from __future__ import annotations

from .components import CARDS, CHARACTERS, COPIES, HEXES, KEY, RARITY_CAPS
from .decks import MAX_HEXES, deck_problems


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
                return "the Key is added to every deck at set-up"
            spec = CHARACTERS[mine["character"]]
            if not spec.may_use(card):
                return f"the {spec.name} may not use {card.title} (a level {card.level} {card.type})"
            if mine["cards"].get(card.id, 0) >= COPIES:
                return f"at most {COPIES} of a kind: the deck already holds {COPIES} {card.title}"
            same = sum(n for c, n in mine["cards"].items() if CARDS[c].rarity == card.rarity)
            if card.rarity in RARITY_CAPS and same >= RARITY_CAPS[card.rarity]:
                return f"at most {RARITY_CAPS[card.rarity]} {card.rarity} cards in a deck"
            return "a deck holds at most 50 cards with the Key"
        if kind == "add_hex" and mine["mode"] == "build":
            if not (isinstance(action.get("hex"), str) and action["hex"] in HEXES):
                return f"{action.get('hex')!r} is not a hex of the starter set"
            tile = HEXES[action["hex"]]
            if mine["hexes"].count(tile.id) >= COPIES:
                return f"at most {COPIES} of a kind: you already bring {COPIES} {tile.title}"
            same = sum(1 for h in mine["hexes"] if HEXES[h].rarity == tile.rarity)
            if tile.rarity in RARITY_CAPS and same >= RARITY_CAPS[tile.rarity]:
                return f"at most {RARITY_CAPS[tile.rarity]} {tile.rarity} hexes"
            return f"bring at most {MAX_HEXES} hexes"
        if kind == "ready" and mine["mode"] == "build":
            problems = deck_problems(mine["character"], mine["cards"], mine["hexes"])
            return "the deck is not legal yet: " + "; ".join(problems) if problems else None
        return None
    if kind == "play" and isinstance(action.get("card"), str) and phase in ("free", "act"):
        card_id = action["card"]
        if card_id not in CARDS:
            return f"{card_id!r} is not a card of the starter set"
        if card_id not in state.hand[seat]:
            return f"{CARDS[card_id].title} is not in your hand"
        card = CARDS[card_id]
        if not state.may_use(seat, card):
            return f"the {CHARACTERS[state.chars[seat]].name} may not use {card.title}"
        if action.get("method") not in card.methods:
            return f"{card.title} is played by {', '.join(card.methods)}, not {action.get('method')!r}"
        if phase == "free" and not (card.has("modifier") or card.free):
            return f"{card.title} takes an action: play it after the free actions"
        if phase == "act" and (card.has("modifier") or card.free):
            return f"{card.title} is a free action, played before the actions"
        return None
    if kind == "exit" and phase == "act" and not state.defeated[seat]:
        if not state.placed[state.pos[seat]]["exit"]:
            return "you are not in an exit hex"
        if not state.holds_key(seat):
            return "you need a Key in your hand or tabled to exit"
    if kind == "move" and phase == "act" and not state.defeated[seat] and state.trapped[seat] is not None:
        return "you are caught in this hex: make your escape roll first (a free action)"
    if kind == "done" and phase == "discard":
        return f"discard down to the hand limit of 10 first (you hold {len(state.hand[seat])})"
    return None
