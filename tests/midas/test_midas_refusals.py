"""A Midas move refused keeps its catalogue key and parameters, so the page says why in French or
Chinese too (the API keeps the English); every reason the engine may give exists in every language."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from cryptarena.engine import IllegalAction
from cryptarena.engine.messages import LANGUAGES, render_strict
from midas_play import GAME, table, touched


def refused(state, seat, action):
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    return caught.value


def in_words(error, lang):
    return render_strict(GAME, {"msg": error.key, "params": error.params}, lang)


def test_a_bid_that_does_not_raise_and_an_accusation_with_no_bid_say_why():
    state = table(3, first=0)
    error = refused(state, 0, {"type": "accuse"})
    assert error.key == "reason.midas.nothing_to_accuse"
    assert in_words(error, "fr") == "Il n'y a pas encore d'enchère à accuser : ouvrez les enchères"
    state.apply(0, {"type": "bid", "count": 4})
    error = refused(state, 1, {"type": "bid", "count": 4})
    assert error.key == "reason.midas.not_higher" and error.params == {"count": 4, "bid": 4}
    assert in_words(error, "zh") == "叫价4没有高过当前叫价（4）"
    error = refused(state, 1, {"type": "bid", "count": state.bid_cap() + 1})
    assert error.key == "reason.midas.over_cap" and error.reason == f"a bid of {state.bid_cap() + 1} is above the cap of {state.bid_cap()}"


def test_a_penalty_and_a_favour_out_of_reach_say_why():
    state = table(3, first=0)
    state.dice_count[1], state.dice[1] = 1, ["ruby"]
    state.phase, state.loser = "penalty", 1
    touched(state)
    error = refused(state, 1, {"type": "lose_die"})
    assert error.key == "reason.midas.last_die"
    assert in_words(error, "en") == "You have one die left: you must draw a coin"
    state.phase, state.loser, state.offer = "favours", None, [1]
    state.purse[1] = 1
    state.granted, state.bought[2] = ["immunite"], "immunite"
    touched(state)
    error = refused(state, 1, {"type": "buy", "favour": "damocles"})
    assert error.key == "reason.midas.purse_short" and error.params == {"favour": "damocles", "price": 3, "purse": 1}
    assert in_words(error, "en") == "Damoclès costs 3 coins and your purse holds 1"
    error = refused(state, 1, {"type": "buy", "favour": "immunite"})
    assert error.key == "reason.midas.granted" and in_words(error, "fr") == "Midas a déjà accordé Immunité"


def test_every_reason_the_engine_may_give_is_in_every_language():
    source = (resources.files("cryptarena.games.midas") / "reasons.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(reason\.midas\.[a-z_]+)"', source))
    assert len(keys) >= 12
    data = json.loads((resources.files("cryptarena.games.midas") / "messages.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        assert keys <= set(data[lang]), (lang, keys - set(data[lang]))
