"""Crusade's fixed encodings: the action space's size and numbering, and what named observation
fields hold in known positions (read through `layout()`, never by raw offset)."""

from __future__ import annotations

import pytest
from crusade_play import GAME, SHED, T, effects, finish_turns, set_graves, table

from cryptarena.engine import EncodingError
from cryptarena.games.crusade.board import board
from cryptarena.games.crusade.components import CARDS

BOARDS = {"square5": 25, "hex19": 19}


def expected_size(players: int, tiles: int) -> int:
    """The action count worked out by hand from the rules (every tile a Kick landing on both boards)."""
    gks = (players + 1) // 2
    nms = players - gks
    moves, teleport, end, buy, done = tiles, 1, 1, 3, 1
    give_up = sum(1 for c in CARDS.values() if c.team == "nm")
    no_target = 8  # sprint, holy_water, glide, desecrate, whispers, mass_desecrate, portal, boo
    seal = tiles - 1
    kick = nms * tiles
    at_nm = 3 * nms  # leaf_blower, flashlight, holy_water_balloon
    rally = gks if gks > 1 else 0
    at_gk = 2 * gks  # ghastly_touch, life_leech
    flip = gks + (nms if nms > 1 else 0)
    return (moves + teleport + end + buy + done + give_up + no_target + seal + kick + at_nm + rally + at_gk
            + flip)


def field(encoding, vector: list[float], name: str) -> list[float]:
    row = next(r for r in encoding.layout() if r["name"] == name)
    return vector[row["offset"]:row["offset"] + row["size"]]


def slot(values: list[float], k: int, width: int) -> list[float]:
    return values[k * width:(k + 1) * width]


# ------------------------------------------------------------------ actions
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("layout", BOARDS)
def test_the_action_space_has_one_index_per_action_the_rules_can_offer(players, layout):
    landings = {t for s in range(BOARDS[layout]) for t in board(layout).kick_landings(s, 2)}
    assert len(landings) == BOARDS[layout]
    encoding = GAME.action_encoding(players, {"board": layout})
    assert encoding.size == expected_size(players, BOARDS[layout])


def test_options_other_than_the_board_leave_the_action_space_alone():
    plain = GAME.action_encoding(6)
    other = GAME.action_encoding(6, {"roses": 12, "copies": 5, "played_cards": "discard", "tie_break": "held"})
    assert plain is other
    assert GAME.action_encoding(6, {"board": "hex19"}).size < plain.size


def test_hand_picked_actions_have_the_indices_of_the_documented_order():
    encoding = GAME.action_encoding(4)  # square5: 25 tiles, Shed 12; Groundskeepers 0-1, Necromancers 2-3
    picks = {
        0: {"type": "move", "to": 0},
        24: {"type": "move", "to": 24},
        25: {"type": "teleport"},
        26: {"type": "play", "card": "sacred_seal", "tile": 0},
        38: {"type": "play", "card": "sacred_seal", "tile": 13},  # the Shed (12) is skipped
        50: {"type": "play", "card": "kick", "target": 2, "to": 0},
        75: {"type": "play", "card": "kick", "target": 3, "to": 0},
        encoding.size - 1: {"type": "done"},
        encoding.size - 4: {"type": "buy", "tier": 1},
        encoding.size - 5: {"type": "give_up", "card": "boo"},
        encoding.size - 14: {"type": "end"},
    }
    for index, action in picks.items():
        assert encoding.index(action) == index
        assert encoding.action(index) == action
    assert encoding.index({"to": 0, "target": 3, "card": "kick", "type": "play"}) == 75


@pytest.mark.parametrize("action", [
    {"type": "move", "to": 25},
    {"type": "play", "card": "sacred_seal", "tile": SHED},
    {"type": "play", "card": "rally", "target": 0},  # two players: no other Groundskeeper to rally
    {"type": "play", "card": "flip", "target": 1},  # the only Necromancer cannot flip with itself
    {"type": "play", "card": "kick", "target": 0, "to": 3},  # a Groundskeeper is never kicked
    {"type": "give_up", "card": "kick"},  # a Groundskeeper card is never in a Necromancer's hand
    {"type": "buy", "tier": 4},
    {"type": "end", "extra": 1},
])
def test_an_action_outside_the_space_raises(action):
    encoding = GAME.action_encoding(2)
    with pytest.raises(EncodingError):
        encoding.index(action)


def test_an_index_outside_the_space_raises():
    encoding = GAME.action_encoding(3)
    for index in (-1, encoding.size, True, "0"):
        with pytest.raises(EncodingError):
            encoding.action(index)


def test_the_mask_marks_the_legal_actions_of_a_turn():
    state = table(4, pos={0: T(0, 0)}, hands={0: ["sprint"]}, turn=0)
    encoding = GAME.action_encoding(4)
    mask = encoding.mask(state.legal_actions(0))
    chosen = {i for i, bit in enumerate(mask) if bit}
    assert chosen == {encoding.index(a) for a in state.legal_actions(0)}
    assert encoding.index({"type": "play", "card": "sprint"}) in chosen
    assert encoding.index({"type": "move", "to": T(2, 2)}) in chosen  # 2 tiles away
    assert encoding.index({"type": "move", "to": T(3, 3)}) not in chosen


# ------------------------------------------------------------------ observations
def position():
    """Four players on square5, the first Necromancer (seat 2) to act."""
    state = table(4, graves={T(1, 1): ("gk", 2), T(3, 3): "nm", T(0, 4): None},
                  pos={0: SHED, 1: T(1, 1), 2: T(3, 3), 3: None},
                  hands={0: ["kick"], 1: ["sprint", "holy_water"], 2: ["glide", "flip"], 3: ["boo"]},
                  purse={"gk": 10, "nm": 2}, turn=2)
    state.reveal(1)
    state.portal[2] = T(0, 0)
    return effects(state, 0, ghastly=True, leech=-1)


def test_sizes_follow_the_players_and_the_board_and_every_field_is_documented():
    for players in range(2, 9):
        for layout, tiles in BOARDS.items():
            encoding = GAME.observation_encoding(players, {"board": layout})
            sizes = {r["name"]: r["size"] for r in encoding.layout()}
            assert sizes["position"] == players * (tiles + 1)
            assert sizes["rose"] == tiles and sizes["seat_team"] == players
            assert encoding.size == sum(sizes.values())
            assert all(r["doc"] for r in encoding.layout())


def test_a_necromancer_sees_itself_first_then_its_mate_then_the_other_team():
    state = position()
    encoding = GAME.observation_encoding(4)
    vector = encoding.encode(state.view(2))  # slots: seats 2, 3, 0, 1
    get = lambda name: field(encoding, vector, name)  # noqa: E731
    cards = list(CARDS)
    copies = 3  # four players: three copies of each card
    assert get("my_team") == [0, 1]
    assert get("phase") == [0, 1, 0, 0]
    assert get("round") == [1 / 13]
    assert get("seat_team") == [1, 1, -1, -1]
    owner, seal, rose = get("grave_owner"), get("seal"), get("rose")
    assert (owner[T(1, 1)], owner[T(3, 3)], owner[T(0, 4)]) == (-1, 1, 0)
    assert (seal[T(1, 1)], seal[T(3, 3)]) == (1, 0)
    assert [t for t, r in enumerate(rose) if r] == sorted([T(1, 1), T(3, 3), T(0, 4)])
    positions = get("position")
    assert [slot(positions, k, 26).index(1) for k in range(4)] == [T(3, 3), 25, SHED, T(1, 1)]
    assert slot(get("portal"), 0, 25).index(1) == T(0, 0) and sum(get("portal")) == 1
    assert slot(get("effects"), 2, 5) == [1, 0, 0, 0.25, 0]  # seat 0: Ghastly Touch, one Life Leech
    assert slot(get("hand_tiers"), 2, 3) == [1 / 9, 0, 0]  # seat 0's Kick: 3 Tier I cards × 3 copies
    known = get("known_cards")
    mine = slot(known, 0, len(cards))
    assert {cards[i]: v for i, v in enumerate(mine) if v} == {"glide": 1 / copies, "flip": 1 / copies}
    assert not any(slot(known, 2, len(cards)))  # seat 0's hand is hidden from the Necromancers
    seen = slot(known, 3, len(cards))  # seat 1 showed its hand
    assert {cards[i] for i, v in enumerate(seen) if v} == {"sprint", "holy_water"}
    assert get("turn_seat") == [1, 0, 0, 0] and get("to_act") == [1, 0, 0, 0]
    assert get("turn") == [0, 3 / 6, 1 / 2, 0, 0, 0]
    assert get("purse") == [2 / 50, 10 / 50]
    assert get("affordable") == [1, 1, 0, 1, 1, 1]  # 2 tokens buy Spells at 1 and 2; 10 buy Actions at 2, 4, 6
    assert get("graves_held") == [1 / 3, 1 / 3]
    assert get("winner") == [0, 0, 0]


def test_a_groundskeeper_sees_its_team_hands_and_a_spectator_sees_no_hand():
    state = position()
    encoding = GAME.observation_encoding(4)
    cards = list(CARDS)
    gk = encoding.encode(state.view(1))  # slots: seats 1, 0, 2, 3
    assert field(encoding, gk, "my_team") == [1, 0]
    assert field(encoding, gk, "seat_team") == [1, 1, -1, -1]
    assert field(encoding, gk, "grave_owner")[T(1, 1)] == 1
    mate = slot(field(encoding, gk, "known_cards"), 1, len(cards))
    assert {cards[i] for i, v in enumerate(mate) if v} == {"kick"}
    assert not any(field(encoding, gk, "known_cards")[2 * len(cards):])
    assert field(encoding, gk, "turn_seat") == [0, 0, 1, 0]

    spectator = encoding.encode(state.view(None))  # slots: seats 0..3; Groundskeepers as "own"
    assert field(encoding, spectator, "my_team") == [0, 0]
    assert field(encoding, spectator, "seat_team") == [1, 1, -1, -1]
    assert field(encoding, spectator, "purse") == [10 / 50, 2 / 50]
    known = field(encoding, spectator, "known_cards")
    assert {cards[i % len(cards)] for i, v in enumerate(known) if v} == {"sprint", "holy_water"}


def test_another_team_hidden_card_leaves_the_observation_alone_and_changes_the_team_mate():
    first, second = position(), position()
    second.hands[0] = ["sprint"]
    second.piles["gk"][0].remove("sprint")
    second.piles["gk"][0].append("kick")
    encoding = GAME.observation_encoding(4)
    assert encoding.encode(first.view(2)) == encoding.encode(second.view(2))
    assert encoding.encode(first.view(1)) != encoding.encode(second.view(1))


def test_the_winner_is_read_from_the_observer_side():
    state = table(4)
    set_graves(state, {T(0, 0): "nm", T(4, 4): "nm", T(0, 4): "gk"})
    state.pos[2] = state.pos[3] = None
    finish_turns(state)
    assert state.winners() == [2, 3]
    encoding = GAME.observation_encoding(4)
    assert field(encoding, encoding.encode(state.view(3)), "winner") == [1, 0, 0]
    assert field(encoding, encoding.encode(state.view(0)), "winner") == [0, 1, 0]
    assert field(encoding, encoding.encode(state.view(0)), "phase") == [0, 0, 0, 1]


def test_a_view_of_another_table_size_is_refused():
    state = position()
    with pytest.raises(EncodingError):
        GAME.observation_encoding(5).encode(state.view(0))
    with pytest.raises(EncodingError):
        GAME.observation_encoding(4, {"board": "hex19"}).encode(state.view(0))
