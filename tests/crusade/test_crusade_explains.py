"""Crusade says why: a card of the hand its player cannot play now carries the engine's keyed reason
in that seat's view (and in no other seat's), and the log lines read right in number and agreement in
English, French and Chinese (one seat or several, nobody at all, one seal or several)."""

from __future__ import annotations

from cryptarena.engine.messages import LANGUAGES, render_strict
from crusade_play import GAME, T, play, table


def entry_of(state, msg: str) -> dict:
    return next(e for e in state.log if e["msg"] == msg)


def test_a_card_that_cannot_be_played_says_why_in_its_players_view_only():
    state = table(4, pos={0: T(0, 0), 2: T(4, 4), 3: None}, hands={0: ["kick", "sprint"], 2: ["boo"]}, turn=0)
    why = state.view(0)["why_not"]
    assert why == {"kick": {"msg": "reason.crusade.no_target.kick", "params": {"card": "kick"}}}  # Sprint is playable
    assert render_strict(GAME, why["kick"], "fr") and render_strict(GAME, why["kick"], "zh")
    assert state.view(1)["why_not"] == {} and state.view(2)["why_not"] == {} and state.view(None)["why_not"] == {}


def test_boo_with_nobody_in_reach_says_so_instead_of_nobody_cannot():
    state = table(4, pos={0: T(0, 0), 1: T(0, 1), 2: T(4, 4)}, hands={2: ["boo"]}, turn=2)
    play(state, "boo")
    entry = entry_of(state, "crusade.card.boo")
    assert "seats" not in entry["params"]
    texts = {lang: render_strict(GAME, entry, lang) for lang in LANGUAGES}
    assert texts["en"] == "Seat 2 plays Boo!, but no Groundskeeper is within reach: nobody is stopped from capturing."
    assert "personne n'est empêché" in texts["fr"] and "无人受影响" in texts["zh"]
    assert "cannot" not in texts["en"] and "ne peuvent" not in texts["fr"]


def test_one_seat_or_several_agree_in_french():
    one = {"msg": "crusade.card.boo", "params": {"seat": 2, "card": "boo", "seats": [0], "several": False}}
    two = {"msg": "crusade.card.boo", "params": {"seat": 2, "card": "boo", "seats": [0, 1], "several": True}}
    assert render_strict(GAME, one, "fr") == "Siège 2 joue Bouh ! : Siège 0 ne peut rien prendre à son prochain tour."
    assert render_strict(GAME, two, "fr") == \
        "Siège 2 joue Bouh ! : Siège 0 et Siège 1 ne peuvent rien prendre à leur prochain tour."
    whispers = {"msg": "crusade.card.whispers", "params": {"seat": 3, "card": "whispers", "seats": [1], "several": False}}
    assert render_strict(GAME, whispers, "fr") == "Siège 3 joue Murmures : Siège 1 doit révéler sa main."
    assert render_strict(GAME, whispers) == "Seat 3 plays Whispers: Seat 1 must reveal their hand."
    seal = {"msg": "crusade.card.mass_desecrate", "params": {"seat": 3, "card": "mass_desecrate", "tiles": [17],
                                                              "several": False}}
    assert render_strict(GAME, seal) == "Seat 3 plays Mass Desecrate: the seal on tile 17 is broken."
    assert render_strict(GAME, seal, "fr") == "Siège 3 joue Profanation de masse : le sceau de la case 17 est brisé."
    # a log written before these words still reads (no "several")
    old = {"msg": "crusade.card.boo", "params": {"seat": 2, "card": "boo", "seats": [0, 1]}}
    assert render_strict(GAME, old) == "Seat 2 plays Boo!: Seat 0 and Seat 1 cannot capture on their next turn."


def test_a_grave_taken_from_the_other_team_reads_right_in_french():
    capture = {"msg": "crusade.capture", "params": {"seat": 6, "tile": 17, "team": "nm", "from": "gk"}}
    assert render_strict(GAME, capture, "fr") == \
        "Siège 6 prend la Tombe de la case 17, tenue jusque-là par les Gardiens, pour les Nécromanciens."
