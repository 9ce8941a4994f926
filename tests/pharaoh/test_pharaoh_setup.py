"""Set-up, rule by rule: pick a prebuilt deck or build one, the deck limits refused with the limit
named, the secrecy of the choices until everyone is ready, the reveal, the deal, 25 life points, the
starting hex (never an exit while another hex exists) and its events ignored until every player has
had a turn."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cryptarena.engine import IllegalAction
from cryptarena.games.pharaoh.components import DECKS, HEXES
from pharaoh_play import CREATED, GAME, legal_types

GAME_WORDS = json.loads(resources.files("cryptarena.games.pharaoh").joinpath("messages.json").read_text("utf-8"))

# 24 chosen cards (the Key makes 25), all commons a Warlord may use
WARLORD_24 = {"dagger": 4, "halberd": 4, "block": 4, "buckler": 4, "healing_potion": 4, "poison": 4}
FIVE_HEXES = ["armoury", "crossroads", "jackal_den", "collapsing_ceiling", "collapsed_shaft"]


def fresh(players: int = 2, seed: int = 0, **options):
    options.setdefault("first_player", 0)
    state = GAME.new_state(players, seed, options)
    CREATED.append(state)
    return state


def build(state, seat: int, character: str, cards: dict, hexes: list, ready: bool = True) -> None:
    state.apply(seat, {"type": "build", "character": character})
    for card, count in cards.items():
        for _ in range(count):
            state.apply(seat, {"type": "add", "card": card})
    for tile in hexes:
        state.apply(seat, {"type": "add_hex", "hex": tile})
    if ready:
        state.apply(seat, {"type": "ready"})


def refusal(state, seat: int, action: dict) -> str:
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    return caught.value.reason


# ---------------------------------------------------------------------------------- choosing
def test_set_up_is_simultaneous_and_offers_every_prebuilt_deck_and_every_character():
    state = fresh(3)
    assert state.phase == "setup" and state.to_act() == [0, 1, 2]
    actions = state.legal_actions(2)
    assert {a["deck"] for a in actions if a["type"] == "pick"} == set(DECKS)
    assert {a["character"] for a in actions if a["type"] == "build"} == {"spellmancer", "warlord", "avenger",
                                                                         "technomancer"}


def test_a_seat_that_picked_is_ready_and_waits_for_the_others():
    state = fresh(3)
    state.apply(1, {"type": "pick", "deck": "avenger"})
    assert state.to_act() == [0, 2] and state.legal_actions(1) == []
    assert state.phase == "setup"


def test_players_may_choose_the_same_character():
    state = fresh()
    state.apply(0, {"type": "pick", "deck": "warlord"})
    state.apply(1, {"type": "pick", "deck": "warlord"})
    assert state.phase == "draw"
    assert [s["character"] for s in state.view(None)["seats"]] == ["warlord", "warlord"]


def test_a_built_deck_of_25_cards_with_the_key_and_5_hexes_with_an_exit_may_be_readied():
    state = fresh()
    build(state, 0, "warlord", WARLORD_24, FIVE_HEXES)
    state.apply(1, {"type": "pick", "deck": "avenger"})
    assert state.phase == "draw"
    # the Key is added to the 24 chosen cards: 25 in all, three of them dealt
    assert len(state.deck[0]) + len(state.hand[0]) == 25
    assert (state.deck[0] + state.hand[0]).count("key") == 1


def test_restart_goes_back_to_the_choice():
    state = fresh()
    state.apply(0, {"type": "build", "character": "warlord"})
    state.apply(0, {"type": "add", "card": "dagger"})
    state.apply(0, {"type": "restart"})
    assert legal_types(state, 0) == {"pick", "build"}
    assert state.view(0)["seats"][0]["setup"]["cards"] == {}


# ---------------------------------------------------------------------------------- deck limits
def test_a_deck_below_25_cards_is_not_ready_and_the_refusal_names_the_minimum():
    state = fresh()
    build(state, 0, "warlord", {**WARLORD_24, "poison": 3}, FIVE_HEXES, ready=False)
    assert "ready" not in legal_types(state, 0)
    reason = refusal(state, 0, {"type": "ready"})
    assert "25–50" in reason and "24" in reason
    state.apply(0, {"type": "add", "card": "whetstone"})
    assert "ready" in legal_types(state, 0)


def test_the_50_card_maximum_is_refused_with_its_reason():
    state = fresh()
    cards = {c: 4 for c in ("dagger", "halberd", "block", "buckler", "healing_potion", "poison", "whetstone",
                            "footwork", "advantage", "scavenge", "torch", "throwing_knives")}
    cards["giant_rat"] = 1  # 49 chosen + the Key = 50
    build(state, 0, "warlord", cards, FIVE_HEXES, ready=False)
    assert not any(a["type"] == "add" for a in state.legal_actions(0))
    assert "at most 50" in refusal(state, 0, {"type": "add", "card": "bat_swarm"})
    assert "ready" in legal_types(state, 0)


def test_four_of_a_kind_at_most():
    state = fresh()
    build(state, 0, "warlord", {"dagger": 4}, [], ready=False)
    assert {"type": "add", "card": "dagger"} not in state.legal_actions(0)
    assert "at most 4 of a kind" in refusal(state, 0, {"type": "add", "card": "dagger"})


@pytest.mark.parametrize("character, card, cap, rarity", [
    ("spellmancer", "meteor", 1, "U"),          # 1 U
    ("spellmancer", "mind_lightning", 3, "X"),  # 3 X, below 4 of a kind
])
def test_rarity_caps_u_and_x(character, card, cap, rarity):
    state = fresh()
    build(state, 0, character, {card: cap}, [], ready=False)
    assert f"at most {cap} {rarity}" in refusal(state, 0, {"type": "add", "card": card})


def test_rarity_cap_of_7_rare_cards():
    state = fresh()
    build(state, 0, "warlord", {"crossbow": 4, "war_hammer": 3}, [], ready=False)
    assert "at most 7 R" in refusal(state, 0, {"type": "add", "card": "elixir_of_life"})


def test_rarity_cap_of_13_special_cards_and_no_cap_on_commons():
    state = fresh()
    build(state, 0, "warlord", {"rally": 4, "enforce": 4, "chainmail": 4, "thwart": 1}, [], ready=False)
    assert "at most 13 S" in refusal(state, 0, {"type": "add", "card": "net"})
    for card in ("dagger", "block", "buckler", "poison"):
        for _ in range(4):
            state.apply(0, {"type": "add", "card": card})  # 16 commons, more than any cap
    assert state.view(0)["seats"][0]["setup"]["cards"]["block"] == 4


def test_a_character_may_not_take_levels_it_cannot_use_but_items_are_for_anyone():
    state = fresh()
    state.apply(0, {"type": "build", "character": "warlord"})
    adds = {a["card"] for a in state.legal_actions(0) if a["type"] == "add"}
    assert "great_axe" in adds and "meteor" not in adds and "plasma_rifle" not in adds
    assert {"throwing_knives", "healing_potion", "din", "mercenaries"} <= adds  # Item-Weapon and the others
    assert "may not use" in refusal(state, 0, {"type": "add", "card": "fireball"})
    state.apply(0, {"type": "restart"})
    state.apply(0, {"type": "build", "character": "avenger"})
    adds = {a["card"] for a in state.legal_actions(0) if a["type"] == "add"}
    assert {"crossbow", "riot_shield", "fireball"} <= adds and not {"war_hammer", "plasma_rifle", "meteor"} & adds


def test_the_key_is_never_chosen_it_is_added():
    state = fresh()
    state.apply(0, {"type": "build", "character": "warlord"})
    assert {"type": "add", "card": "key"} not in state.legal_actions(0)
    assert "Key" in refusal(state, 0, {"type": "add", "card": "key"})


def test_hexes_need_an_exit_and_at_least_five():
    state = fresh()
    build(state, 0, "warlord", WARLORD_24, ["armoury", "crossroads", "jackal_den", "collapsing_ceiling",
                                            "hall_of_brigands"], ready=False)
    assert "EXIT" in refusal(state, 0, {"type": "ready"})
    state.apply(0, {"type": "remove_hex", "hex": "hall_of_brigands"})
    state.apply(0, {"type": "add_hex", "hex": "sunlit_stair"})
    state.apply(0, {"type": "remove_hex", "hex": "armoury"})
    assert "5–10 hexes, not 4" in refusal(state, 0, {"type": "ready"})
    state.apply(0, {"type": "add_hex", "hex": "armoury"})
    assert "ready" in legal_types(state, 0)


def test_a_fifth_hex_of_a_kind_is_refused_naming_the_limit():
    state = fresh()
    build(state, 0, "warlord", {}, ["crossroads"] * 4, ready=False)
    assert {"type": "add_hex", "hex": "crossroads"} not in state.legal_actions(0)
    assert "4 of a kind" in refusal(state, 0, {"type": "add_hex", "hex": "crossroads"})


def test_hexes_share_the_card_rarity_caps_and_4_of_a_kind():
    state = fresh()
    build(state, 0, "warlord", {}, ["crossroads"] * 4 + ["throne_room"] * 3, ready=False)
    hex_adds = {a["hex"] for a in state.legal_actions(0) if a["type"] == "add_hex"}
    assert "crossroads" not in hex_adds          # 4 of a kind
    assert "throne_room" not in hex_adds         # 3 X at most
    assert "sunlit_stair" in hex_adds


# ---------------------------------------------------------------------------------- secrecy and the reveal
def test_choices_are_secret_until_every_seat_is_ready():
    state = fresh()
    build(state, 0, "technomancer", {"shock_prod": 2}, ["workshop"], ready=False)
    theirs = state.view(1)["seats"][0]
    assert theirs["character"] is None and theirs["setup"] is None and theirs["decklist"] is None
    assert state.view(0)["seats"][0]["setup"]["character"] == "technomancer"
    assert state.view(None)["seats"][0]["setup"] is None
    # the log tells the others a step was taken, never which
    for entry in state.log_for(1)[1:]:
        assert entry.get("redacted") and "action" not in entry and "step" not in entry["params"]
    mine = [e for e in state.log_for(0) if e["seat"] == 0]
    assert mine and mine[0]["action"] == {"type": "build", "character": "technomancer"}


def test_a_prebuilt_pick_is_secret_too_until_the_reveal():
    state = fresh()
    state.apply(0, {"type": "pick", "deck": "spellmancer"})
    assert state.view(1)["seats"][0]["ready"] is True
    assert state.view(1)["seats"][0]["setup"] is None and state.view(1)["seats"][0]["character"] is None
    assert all("spellmancer" not in str(e) for e in state.log_for(1))


def test_the_reveal_shows_characters_deck_lists_and_hexes_to_everyone():
    state = fresh()
    state.apply(0, {"type": "pick", "deck": "spellmancer"})
    build(state, 1, "warlord", WARLORD_24, FIVE_HEXES)
    seats = state.view(None)["seats"]
    assert [s["character"] for s in seats] == ["spellmancer", "warlord"]
    assert seats[1]["decklist"] == WARLORD_24 and seats[0]["decklist"] == DECKS["spellmancer"].cards
    reveal = next(e for e in state.log_for(None) if e["msg"] == "pharaoh.reveal")
    assert reveal["params"]["hexes"][1] == sorted(FIVE_HEXES)
    assert reveal["params"]["decks"] == ["spellmancer", "custom"]


# ---------------------------------------------------------------------------------- the opening
def picked(seed: int = 0, players: int = 2, **options):
    state = fresh(players, seed, **options)
    for seat in range(players):
        state.apply(seat, {"type": "pick", "deck": list(DECKS)[seat % 4]})
    return state


def test_each_player_is_dealt_three_cards_and_has_25_life_points():
    state = picked(players=4)
    for seat in range(4):
        assert len(state.hand[seat]) == 3 and state.view(seat)["seats"][seat]["life"] == 25
        assert state.view((seat + 1) % 4)["seats"][seat]["hand"] == 3
        assert len(state.deck[seat]) == sum(DECKS[list(DECKS)[seat]].cards.values()) + 1 - 3


def test_hands_are_hidden_from_the_other_players():
    state = picked()
    assert state.view(0)["hand"] == state.hand[0] and state.view(1)["hand"] == state.hand[1]
    deals = [e for e in state.log_for(1) if e["msg"] == "pharaoh.deal" and e["params"]["seat"] == 0]
    assert len(deals) == 3 and all(e.get("redacted") and "card" not in e["params"] for e in deals)


def test_the_hexpile_holds_every_players_hexes_but_the_start():
    state = picked()
    brought = sorted(DECKS["spellmancer"].hexes + DECKS["warlord"].hexes)
    pile = state.view(None)["hexpile"]
    assert pile["count"] == len(brought) - 1
    assert sorted(pile["contents"] + [state.placed[0]["tile"]]) == brought


def test_everyone_starts_on_the_starting_hex_and_the_first_player_begins():
    state = picked(first_player=1)
    assert state.pos == [0, 0] and len(state.placed) == 1
    assert state.turn["seat"] == 1 and state.to_act() == [1] and state.phase == "draw"


def test_the_first_player_is_drawn_at_random_by_default():
    firsts = {picked(seed, first_player=-1).first for seed in range(12)}
    assert firsts == {0, 1}


def test_the_starting_hex_is_never_an_exit_an_exit_drawn_first_is_shuffled_back():
    reshuffled = 0
    for seed in range(40):
        state = picked(seed)
        assert not HEXES[state.placed[0]["tile"]].exit and not state.placed[0]["exit"]
        if any(e["msg"] == "pharaoh.start_exit" for e in state.log):
            reshuffled += 1
            exit_tile = next(e["params"]["tile"] for e in state.log if e["msg"] == "pharaoh.start_exit")
            assert exit_tile in state.view(None)["hexpile"]["contents"]  # back in the Hexpile
    assert reshuffled  # the case happened


def test_with_only_exits_in_the_hexpile_the_first_one_drawn_starts_the_crypt():
    state = fresh()
    exits = ["sunlit_stair"] * 4 + ["collapsed_shaft"]
    build(state, 0, "warlord", WARLORD_24, exits)
    build(state, 1, "warlord", WARLORD_24, exits)
    assert state.phase == "draw" and state.placed[0]["exit"]


def test_starting_hex_events_are_ignored_until_every_player_has_had_a_turn():
    state = picked(seed=2)
    state.placed[0].update(tile="collapsing_ceiling", doors=list(HEXES["collapsing_ceiling"].doors))
    state.__dict__.pop("_legal_cache", None)

    def stay_a_turn(seat):
        state.apply(seat, {"type": "skip"})
        if state.phase == "free":
            state.apply(seat, {"type": "done"})
        state.apply(seat, {"type": "end"})

    stay_a_turn(0)  # remains on the starting hex: its masonry would fall now
    assert state.phase == "discard" and state.life == [25, 25]
    state.apply(0, {"type": "done"})
    stay_a_turn(1)
    assert state.phase == "discard" and state.life == [25, 25]
    assert sum(e["msg"] == "pharaoh.start_hex_quiet" for e in state.log) == 2
    state.apply(1, {"type": "done"})
    stay_a_turn(0)  # everyone has had a turn: the event happens
    assert state.phase == "defend" and state.view(0)["strike"]["label"] == "event.masonry"


def test_a_seat_building_a_deck_sees_what_still_keeps_it_from_ready():
    state = GAME.new_state(2, 3, {})
    state.apply(0, {"type": "build", "character": "warlord"})
    state.apply(0, {"type": "add", "card": "dagger"})
    problems = state.view(0)["seats"][0]["setup"]["problems"]
    keys = [p["msg"] for p in problems]  # as message keys, for the reader's language
    assert keys == ["pharaoh.deck.size", "pharaoh.deck.hex_count", "pharaoh.deck.no_exit"], keys
    assert problems[0]["params"] == {"min": 25, "max": 50, "n": 2}
    assert state.view(1)["seats"][0]["setup"] is None  # nobody else sees it


BROKEN_DECKS = [  # between them, every limit a deck can break, and input no browser should send
    ("nobody", {}, []),
    ("warlord", ["dagger"], []),
    ("warlord", {}, "armoury"),
    ("warlord", {"no_such_card": 1, "key": 1, "great_axe": 5}, ["no_such_hex"]),
    ("spellmancer", {"great_axe": 2, "meteor": 2, "mind_lightning": 4}, ["armoury"] * 5 + ["throne_room"] * 4 + ["crossroads"] * 3),
]


def test_every_deck_problem_has_words_in_every_language():
    from cryptarena.engine.messages import render_strict
    from cryptarena.games.pharaoh.decks import deck_issues

    issues = [issue for deck in BROKEN_DECKS for issue in deck_issues(*deck)]
    keys = {issue["msg"] for issue in issues}
    catalogue = {k for k in GAME_WORDS["en"] if k.startswith("pharaoh.deck.")}
    assert keys == catalogue  # every template is reached, and none is missing
    for issue in issues:
        texts = {lang: render_strict(GAME, issue, lang) for lang in ("en", "fr", "zh")}
        assert len(set(texts.values())) == 3, texts
        for number in (str(v) for v in issue["params"].values() if isinstance(v, int)):
            assert all(number in text for text in texts.values()), (issue, texts)
