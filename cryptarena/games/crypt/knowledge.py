"""What a seat knows of Crypt's cards, and re-drawing what it does not (for `determinize`).

A card's value is public once it was face-up in the Crypt or flipped; otherwise only the seats in
`knowers[card]` know it (the collector, a Manuscript B peek, a Pottery B take).
"""

from __future__ import annotations

from ...engine import Rng
from .components import TYPES


def resample_hidden(state, seat: int | None, rng: Rng) -> None:
    """Re-draw every card value `seat` does not know, keeping each hidden card's visible type.

    Positions whose type shows (face-down in the Crypt, in a collection, in the discard) take a
    card of that type from the unknown pool; the deck takes the rest, shuffled. What is known of
    a card (who saw it, whether it is flipped) belongs to its position and stays there."""
    def unknown(card: int) -> bool:
        return not state.public[card] and (seat is None or seat not in state.knowers[card])

    places = ([(state.deck, i) for i in range(len(state.deck))]
              + [(slot, "card") for slot in state.crypt]
              + [(cards, i) for cards in state.collections for i in range(len(cards))]
              + [(state.discard, i) for i in range(len(state.discard))])
    hidden = [(box, key) for box, key in places if unknown(box[key])]
    was = [box[key] for box, key in hidden]
    pool: dict[str, list[int]] = {kind: [] for kind in TYPES}
    for card in was:
        pool[state.cards[card].type].append(card)
    for cards in pool.values():
        # gathered in id order, not the order the true arrangement holds them in: the world drawn
        # must be a function of what the seat knows and the rng, nothing else
        cards.sort()
        rng.shuffle(cards)
    drawn = [None if box is state.deck else pool[state.cards[card].type].pop()
             for (box, _), card in zip(hidden, was)]
    rest = [card for cards in pool.values() for card in cards]
    rng.shuffle(rest)
    drawn = [rest.pop() if card is None else card for card in drawn]
    knowers, public, flipped = list(state.knowers), list(state.public), list(state.flipped)
    for (box, key), old, new in zip(hidden, was, drawn):
        box[key] = new
        state.knowers[new] = list(knowers[old])
        state.public[new] = public[old]
        state.flipped[new] = flipped[old]
