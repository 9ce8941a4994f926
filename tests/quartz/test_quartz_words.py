"""Quartz says why, in every language: a refused move keeps its catalogue key (the page shows it in
its reader's language), the view names why each rolled face cannot be used, and the log lines read
unambiguously (a reroll says what the five dice show now, an unstable crystal mined names the marker
it brings)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from cryptarena.engine import IllegalAction
from cryptarena.engine.messages import LANGUAGES, render_strict
from quartz_play import GAME, clear_table, hand, new, touched


def words(lang: str) -> dict:
    return json.loads((resources.files("cryptarena.games.quartz") / "messages.json").read_text(encoding="utf-8"))[lang]


def refused(state, seat: int, action: dict) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert state.to_json() == before
    return caught.value


def test_every_reason_the_engine_gives_is_in_every_language():
    source = (resources.files("cryptarena.games.quartz") / "reasons.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(reason\.quartz\.[a-z_]+)"', source))
    assert len(keys) >= 13
    for lang in LANGUAGES:
        assert keys <= set(words(lang)), (lang, keys - set(words(lang)))


def test_a_face_that_cannot_be_used_says_why_in_the_view_and_when_refused():
    state = clear_table(new(3))
    seat = hand(state, ["chest", "chest", "jackhammer", "steal", "steal"])
    why = state.view(seat)["faces_refused"]
    # an empty cart: nothing to protect; one jackhammer: too few; nothing in other carts: nothing to steal
    assert why == {"chest": {"msg": "reason.quartz.cart_empty", "params": {}},
                   "jackhammer": {"msg": "reason.quartz.too_few", "params": {"face": "jackhammer", "need": 2, "have": 1}},
                   "steal": {"msg": "reason.quartz.nothing_to_steal", "params": {}}}
    assert state.view(None)["faces_refused"] == why  # public: anyone watching may read it
    error = refused(state, seat, {"type": "use", "face": "jackhammer"})
    assert error.reason == "the jackhammer needs 2 faces: you have 1"
    assert error.key == "reason.quartz.too_few"
    entry = {"msg": error.key, "params": error.params}
    assert render_strict(GAME, entry, "fr") == "L'action marteau-piqueur demande 2 faces : vous en avez 1"
    assert render_strict(GAME, entry, "zh") == "风钻需要2个面：你只有1个"
    # a face becomes usable: it leaves the list
    other = (seat + 1) % 3
    state.carts[other]["red"] = 1
    touched(state)
    assert "steal" not in state.view(seat)["faces_refused"]


def test_a_refused_steal_and_reroll_name_their_cause():
    state = clear_table(new(3))
    seat = hand(state, ["steal", "steal", "steal", "pickaxe", "cart"])
    other = (seat + 1) % 3
    state.carts[other]["red"] = 1
    state.chests[other]["blue"] = 2
    touched(state)
    state.apply(seat, {"type": "use", "face": "steal"})
    error = refused(state, seat, {"type": "steal", "from": other, "colour": "blue"})
    assert error.key == "reason.quartz.not_in_their_cart" and "crystals in a chest are safe" in error.reason
    assert refused(state, seat, {"type": "end_turn"}).key == "reason.quartz.finish_first"
    # a new turn with no free reroll and no marker left
    state = new(3)
    seat = state.to_act()[0]
    state.free_left, state.markers[seat] = 0, 0
    touched(state)
    error = refused(state, seat, {"type": "reroll", "dice": [0]})
    assert error.key == "reason.quartz.no_reroll"
    assert "免费重掷已用完" in render_strict(GAME, {"msg": error.key, "params": error.params}, "zh")


@pytest.mark.parametrize("entry, lang, text", [
    ({"msg": "quartz.reroll", "params": {"seat": 0, "dice": [0, 2], "count": 2, "paid": "free",
                                         "result": ["cart", "chest", "helmet", "jackhammer", "cart"]}}, "en",
     "Seat 0 rerolls 2 dice (a free reroll); the five dice now show cart, chest, helmet, jackhammer, cart."),
    ({"msg": "quartz.mine", "params": {"seat": 1, "colour": "black", "markers": 2}}, "en",
     "Seat 1 mines an unstable crystal (−3 points at the end) and gains a reroll marker: 2 markers now."),
    ({"msg": "quartz.mine", "params": {"seat": 1, "colour": "red"}}, "fr", "Siège 1 extrait un cristal rouge."),
    ({"msg": "quartz.wild", "params": {"seat": 0, "as": "steal"}}, "en", "Seat 0 counts two helmets as one steal face."),
    ({"msg": "quartz.use", "params": {"seat": 2, "face": "chest", "count": 2}}, "fr",
     "Siège 2 utilise l'action coffre avec 2 faces."),
    ({"msg": "quartz.dump", "params": {"seat": 2, "to": 0}}, "en", "Seat 2 dumps an unstable crystal into Seat 0's cart."),
])
def test_log_lines_read_unambiguously(entry, lang, text):
    assert render_strict(GAME, entry, lang) == text


def test_mining_an_unstable_crystal_logs_the_marker_it_brings():
    state = new(3, seed=1)
    state.script_chance([{"crystal": "black"}])
    while state.round == 1:  # the next turn mines the scripted unstable crystal
        seat = state.to_act()[0]
        state.apply(seat, {"type": "stop"})
        state.apply(seat, {"type": "end_turn"})
        mined = [e for e in state.log if e["msg"] == "quartz.mine" and e["params"]["colour"] == "black"]
        if mined:
            assert mined[0]["params"]["markers"] == state.markers[mined[0]["params"]["seat"]] == 1
            for lang, marker in (("en", "reroll marker"), ("fr", "marqueur de relance"), ("zh", "重掷标记")):
                assert marker in render_strict(GAME, mined[0], lang)
            return
    raise AssertionError("no unstable crystal was mined")


@pytest.mark.parametrize("game_id", ["quartz", "crusade"])
def test_no_page_word_puts_a_count_before_a_plural_noun(game_id):
    """A count of one must not read "1 helmets" or "1 Graves": the page's words put the count after
    a label ("helmets: 1") where the noun cannot follow the number (a log line uses plural=…)."""
    catalogue = json.loads((resources.files(f"cryptarena.games.{game_id}") / "messages.json").read_text(encoding="utf-8"))
    plural = re.compile(r"\{n\} (?:\w+ )?(?:dice|dés|helmets|casques|markers|marqueurs|tokens|jetons|graves|tombes"
                        r"|moves|cases|crystals|cristaux)\b", re.IGNORECASE)
    found = [(lang, key, text) for lang in ("en", "fr") for key, text in catalogue[lang].items()
             if key.startswith("ui.") and isinstance(text, str) and plural.search(text)]
    assert found == []
