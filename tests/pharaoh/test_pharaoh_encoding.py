"""Pharaoh's fixed encodings for learning agents: the action space's size and numbering at every
player count and option that changes it, actions outside it refused, and the observation of known
positions read field by field through `layout()`."""

from __future__ import annotations

import pytest
from pharaoh_play import GAME, add_hex, dice, table, table_card, to_step, touched

from cryptarena.engine import EncodingError
from cryptarena.games.pharaoh.components import CARDS, HEXES
from cryptarena.games.pharaoh.observation import PHASES

# counted by hand from the starter set (docs/rules/pharaoh.md), not from the code under test:
# 20 actions without fields, 4 prebuilt decks, 4 characters, 60 cards to add and remove (the Key is
# added by the game), 26 hexes to add and remove, 58 (card, method) plays, 61 cards to discard,
# 5 attachments (Echo, Lock, Long Shot, Poison, Whetstone), 1 Enforce, 9 defence cards, 2 dodge
# enhancements, 15 spells to recall, Clear on 2 slots, Thwart on the play and on its Enforce
FIXED = 20 + 4 + 4 + 2 * 60 + 2 * 26 + 58 + 61 + 5 + 1 + 9 + 2 + 15 + 2 + 2
SIDES = 6


def hexes(players: int) -> int:
    return 10 * players


def uids(players: int, round_limit: int = 30) -> int:
    return 8 * players * round_limit


def expected_size(players: int, round_limit: int = 30, windows: bool = True, force: bool = False) -> int:
    h, u = hexes(players), uids(players, round_limit)
    size = FIXED + players + 2 * SIDES + 3 * h + 9 * u + u * h  # seats, sides, move/escape_to/target h, pieces
    if windows:
        size += u  # Thwart on a tabled modifier
    else:
        size -= 1 + 4  # no pass, no Clear or Thwart on the play
    return size + (h if force else 0)


def offsets(observation) -> dict:
    return {row["name"]: (row["offset"], row["size"]) for row in observation.layout()}


def field(vector: list, observation, name: str) -> list:
    start, size = offsets(observation)[name]
    return vector[start:start + size]


# ---------------------------------------------------------------------------------- the action space
@pytest.mark.parametrize("players", range(2, 7))
def test_the_action_space_size_at_every_player_count(players):
    assert GAME.action_encoding(players).size == expected_size(players)


@pytest.mark.parametrize("options, kwargs", [
    ({"round_limit": 5}, {"round_limit": 5}),
    ({"round_limit": 50}, {"round_limit": 50}),
    ({"interrupts": "off"}, {"windows": False}),
    ({"force_monster": True}, {"force": True}),
])
def test_the_options_that_change_the_action_space(options, kwargs):
    assert GAME.action_encoding(3, options).size == expected_size(3, **kwargs)


def test_the_first_player_changes_nothing_and_the_encoding_is_cached():
    assert GAME.action_encoding(4) is GAME.action_encoding(4, {"first_player": 2})


def test_hand_picked_actions_have_their_indices_and_back():
    encoding = GAME.action_encoding(3)
    h, u = hexes(3), uids(3)
    pieces = FIXED + 3 + 2 * SIDES + 3 * h  # where the actions naming uids begin
    expected = {
        0: {"type": "ready"},
        14: {"type": "pass"},
        20: {"type": "pick", "deck": "spellmancer"},
        25: {"type": "build", "character": "warlord"},
        28: {"type": "add", "card": "burning_spear"},  # the first card after the Key
        200: {"type": "play", "card": "key", "method": "table"},
        FIXED + 1: {"type": "target", "target": "c1"},
        FIXED + 3 + 2 * SIDES + 5: {"type": "move", "to": 5},
        pieces: {"type": "use", "uid": 1},
        pieces + u + 9: {"type": "return", "uid": 10},
        pieces + 7 * u + 6: {"type": "target", "target": "m7"},
        pieces + 10 * u + 2 * h + 3: {"type": "move_agent", "uid": 3, "to": 3},
        encoding.size - 1: {"type": "move_agent", "uid": u, "to": h - 1},
    }
    for index, action in expected.items():
        assert encoding.index(action) == index, action
        assert encoding.action(index) == action


def test_a_legal_action_of_a_real_position_has_its_index():
    state = table(("avenger", "warlord"), hands={0: [], 1: []})
    state.placed[0]["doors"] = [0]
    second = add_hex(state, "dead_end", 1, 0, owner=1)  # its one door, W, faces hex 0's E
    rat = table_card(state, 0, "giant_rat", hex=0, active=True)
    rat["seat"] = None
    touched(state)
    to_step(state)
    move = {"type": "move_agent", "uid": rat["uid"], "to": second}
    assert move in state.legal_actions(0)
    h, u = hexes(2), uids(2)
    encoding = GAME.action_encoding(2)
    assert encoding.index(move) == FIXED + 2 + 2 * SIDES + 3 * h + 10 * u + (rat["uid"] - 1) * h + second
    mask = encoding.mask(state.legal_actions(0))
    assert [encoding.action(i) for i, bit in enumerate(mask) if bit] == \
        sorted(state.legal_actions(0), key=encoding.index)


@pytest.mark.parametrize("action", [
    {"type": "move_agent", "uid": uids(2) + 1, "to": 0},           # past the uid cap
    {"type": "use", "uid": 0},                                     # uids start at 1
    {"type": "move", "to": hexes(2)},                              # past the hexes the seats bring
    {"type": "target", "target": "c2"},                            # no such seat
    {"type": "play", "card": "block", "method": "use_discard"},    # a Block defends, it is never played
    {"type": "respond", "card": "ward", "target": "pending"},      # a Ward is no interrupt
    {"type": "add", "card": "key"},                                # the Key is added by the game
    {"type": "fly"},
    {"type": "move", "to": "0"},
])
def test_an_action_outside_the_space_is_refused(action):
    with pytest.raises(EncodingError):
        GAME.action_encoding(2).index(action)


def test_windows_off_offer_no_pass():
    with pytest.raises(EncodingError):
        GAME.action_encoding(2, {"interrupts": "off"}).index({"type": "pass"})


def test_an_index_outside_the_space_is_refused():
    encoding = GAME.action_encoding(2)
    for index in (-1, encoding.size, True, "3"):
        with pytest.raises(EncodingError):
            encoding.action(index)


# ---------------------------------------------------------------------------------- the observation
def test_the_phases_agree_with_the_game():
    assert PHASES == tuple(GAME.phases)


@pytest.mark.parametrize("players", range(2, 7))
def test_every_field_is_documented_and_the_layout_adds_up(players):
    observation = GAME.observation_encoding(players)
    layout = observation.layout()
    assert all(row["doc"] for row in layout)
    assert sum(row["size"] for row in layout) == observation.size
    assert layout[-1]["offset"] + layout[-1]["size"] == observation.size


def test_a_position_seen_by_each_seat_and_the_spectator():
    state = table(("warlord", "avenger"), hands={0: ["block", "block", "dagger"], 1: ["footwork"]})
    state.life[1] = 20
    state.trapped[0] = 8
    touched(state)
    observation = GAME.observation_encoding(2)
    mine = observation.encode(state.view(0))
    theirs = observation.encode(state.view(1))
    nobody = observation.encode(state.view(None))
    assert field(mine, observation, "observer") == [1, 0] and field(nobody, observation, "observer") == [0, 1]
    phase = field(mine, observation, "phase")
    assert phase[PHASES.index("draw")] == 1 and sum(phase) == 1
    # the observer first, then the others in seat order after it
    assert field(mine, observation, "seat_life") == [1.0, 20 / 25]
    assert field(theirs, observation, "seat_life") == [20 / 25, 1.0]
    assert field(mine, observation, "to_act") == [1, 0] and field(theirs, observation, "to_act") == [0, 1]
    assert field(mine, observation, "seat_trapped") == [8 / 12, 0]
    assert field(theirs, observation, "turn_seat") == [0, 1]
    hand = field(mine, observation, "hand")
    cards = list(CARDS)
    assert hand[cards.index("block")] == 2 / 4 and hand[cards.index("dagger")] == 1 / 4 and sum(hand) == 3 / 4
    assert field(theirs, observation, "hand")[cards.index("footwork")] == 1 / 4
    assert not any(field(nobody, observation, "hand"))
    characters = field(theirs, observation, "seat_character")
    assert characters == [0, 0, 1, 0, 0, 1, 0, 0]  # avenger (the observer), then warlord
    where = field(mine, observation, "seat_hex")
    assert where[0] == 1 and where[hexes(2)] == 1 and sum(where) == 2
    tile = field(mine, observation, "hex_tile")
    assert tile[list(HEXES).index("library_of_thoth")] == 1 and sum(tile) == 1
    doors = field(mine, observation, "hex_doors")
    assert [d for d in range(SIDES) if doors[d]] == list(HEXES["library_of_thoth"].doors)
    # nothing a seat cannot see: the spectator reads the same table as seat 0 but no hand
    assert [a for a, b in zip(mine, nobody) if a != b] == [1, 0, *(x for x in hand if x)]
    assert observation.encode(state.view(0)) == mine


def test_a_defence_turn_shows_the_strike():
    state = table(("warlord", "avenger"), hands={0: [], 1: ["block"]})
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 4)
    state.apply(0, {"type": "target", "target": "c1"})
    assert state.phase == "defend"
    observation = GAME.observation_encoding(2)
    seen = observation.encode(state.view(1))
    assert field(seen, observation, "strike") == [1, 0, 1, 6 / 12]  # the Avenger dodges at 6 or less
    target = field(seen, observation, "strike_target")
    assert target[0] == 1 and target[4] == 1 and sum(target) == 2  # a character: the observer itself
    assert field(seen, observation, "strike_by") == [0, 1]
    label = field(seen, observation, "strike_label")
    assert label[len(CARDS) + 7] == 1 and sum(label) == 1  # a hit
    assert field(seen, observation, "strike_damage") == [4 / 50, 0, 0, 0, 0, 0, 0]
    state.apply(1, {"type": "take"})
    assert not any(field(observation.encode(state.view(1)), observation, "strike"))


def test_tabled_cards_lie_in_their_owners_slots():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    buckler = table_card(state, 0, "buckler", lp=1)
    observation = GAME.observation_encoding(2)
    seen = observation.encode(state.view(1))
    start, size = offsets(observation)["table"]
    width = size // (2 * 12)
    slots = seen[start:start + size]
    assert not any(slots[:12 * width])  # the observer (seat 1) tabled nothing
    slot = slots[12 * width:13 * width]  # seat 0's first slot
    tableable = [c for c in CARDS if {"table", "table_destroyed", "table_hex", "table_target"} & set(CARDS[c].methods)]
    assert slot[0] == 1 and slot[1] == buckler["uid"] / uids(2)
    assert slot[2 + tableable.index("buckler")] == 1
    after = 2 + len(tableable)
    assert slot[after:after + 2] == [0, 1]  # in front of seat 0, the other seat from seat 1
    assert slot[after + 2:after + 4] == [0, 0] and slot[after + 4] == 1 / 4  # not in a hex; 1 of 4 LP left
    assert field(seen, observation, "table_beyond") == [0, 0]


def test_the_observers_own_set_up_before_the_reveal():
    state = GAME.new_state(2, 3)
    state.apply(0, {"type": "build", "character": "technomancer"})
    state.apply(0, {"type": "add", "card": "dagger"})
    state.apply(0, {"type": "add_hex", "hex": "hidden_door"})
    observation = GAME.observation_encoding(2)
    mine, theirs = observation.encode(state.view(0)), observation.encode(state.view(1))
    assert field(mine, observation, "setup_mode") == [0, 0, 1]
    assert field(mine, observation, "setup_character") == [0, 0, 0, 1]
    assert field(mine, observation, "setup_size") == [2 / 50]
    assert field(mine, observation, "setup_problems") == [1]
    cards = field(mine, observation, "setup_cards")
    assert cards[[c for c in CARDS if c != "key"].index("dagger")] == 1 / 4 and sum(cards) == 1 / 4
    assert field(mine, observation, "setup_hexes")[list(HEXES).index("hidden_door")] == 1 / 4
    assert field(theirs, observation, "setup_mode") == [1, 0, 0]  # seat 1's own: undecided
    for name in ("setup_character", "setup_cards", "setup_hexes", "setup_size", "setup_problems"):
        assert not any(field(theirs, observation, name)), name  # seat 0's choices stay unseen


def test_a_view_the_encoder_cannot_read_is_refused():
    state = table(("warlord", "avenger"))
    view = state.view(0)
    view["hand"] = ["no_such_card"]
    with pytest.raises(EncodingError):
        GAME.observation_encoding(2).encode(view)
