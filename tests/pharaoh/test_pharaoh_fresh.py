"""The fast paths answer what a freshly loaded table answers.

Any lookup the state keeps between steps (a memoised legal list, set-up tables worked out once,
shared read-only actions) must not outlive the change it depends on: that would be a rules bug no
scenario test would show. So random games are played here, set-up deck building included, and
after every action the live table is compared with one rebuilt from its save (which has no memo
and no history of lookups) on everything the rules decide next."""

from __future__ import annotations

import pytest

from cryptarena.engine import Action, Rng
from cryptarena.games.pharaoh.components import CARDS, CHARACTERS, COPIES, DECK_MAX, HEXES, KEY, MAX_HEXES, RARITY_CAPS
from pharaoh_play import GAME


def decisions(state) -> dict:
    """Everything the rules decide next, read from the outside."""
    return {"to_act": state.to_act(), "over": state.is_over(), "phase": state.phase,
            "legal": [state.legal_actions(seat) for seat in range(state.players)], "scores": state.scores()}


def additions_by_the_limits(state, seat) -> list[dict]:
    """The cards and hexes a building seat may add, worked out from the limits alone, without the
    tables the state keeps (a fresh load shares those, so only this can tell a table that answers
    for the wrong key)."""
    mine = state.setup[seat]
    cards, hexes, spec = mine["cards"], mine["hexes"], CHARACTERS[mine["character"]]

    def room(table, counts, cap_other):
        return lambda item: counts.get(item, 0) < COPIES and \
            sum(n for i, n in counts.items() if table[i].rarity == table[item].rarity) < \
            RARITY_CAPS.get(table[item].rarity, cap_other)
    hex_counts = {h: hexes.count(h) for h in hexes}
    found = []
    if sum(cards.values()) + 1 < DECK_MAX:
        found += [{"type": "add", "card": c} for c in CARDS
                  if c != KEY and spec.may_use(CARDS[c]) and room(CARDS, cards, DECK_MAX)(c)]
    if len(hexes) < MAX_HEXES:
        found += [{"type": "add_hex", "hex": h} for h in HEXES if room(HEXES, hex_counts, 99)(h)]
    return found


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 5), (3, 2), (4, 3)])
def test_every_step_of_a_random_game_reads_as_a_fresh_load(players, seed):
    rng = Rng(seed)
    state = GAME.new_state(players, seed=seed, keep_log=False)
    steps = built = 0
    while not state.is_over():
        decisions(state)  # asked first, as players would: nothing memoised now may survive the action
        seats = state.to_act()
        seat = seats[rng.below(len(seats))]
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        built += action["type"] in ("add", "remove", "add_hex", "remove_hex")
        state.apply(seat, action)
        steps += 1
        assert decisions(state) == decisions(GAME.from_json(state.to_json())), f"step {steps}: {action}"
        for other in range(players):
            if state.phase == "setup" and state.setup[other]["mode"] == "build" and not state.setup[other]["ready"]:
                adds = [a for a in state.legal_actions(other) if a["type"] in ("add", "add_hex")]
                assert adds == additions_by_the_limits(state, other), f"step {steps}: seat {other}"
    assert steps > 50 and built > 10 and state.end_reason


def test_legal_actions_are_read_only_in_set_up_and_in_play():
    state = GAME.new_state(2, seed=3)
    state.apply(0, {"type": "build", "character": state.legal_actions(0)[-1]["character"]})
    building = state.legal_actions(0)
    with pytest.raises(TypeError):
        building[0]["card"] = "key"
    state.apply(0, {"type": "restart"})
    for seat in range(2):
        state.apply(seat, state.legal_actions(seat)[0])  # a prebuilt deck
    legal = state.legal_actions(state.to_act()[0])
    assert legal and all(type(action) is Action for action in legal)
    with pytest.raises(TypeError):
        legal[0]["type"] = "end"
    assert state.legal_actions(state.to_act()[0]) == legal
