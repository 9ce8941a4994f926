"""A Crypt move refused keeps its catalogue key and parameters, so the page says why in French or
Chinese too (the API keeps the English); every reason the engine may give exists in every language."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from crypt_play import claim, new, place
from cryptarena import games
from cryptarena.engine.messages import LANGUAGES, render_strict

GAME = games.load("crypt")


def refused(state, seat, action):
    with pytest.raises(games.IllegalAction) as caught:
        state.apply(seat, action)
    return caught.value


def in_words(error, lang):
    return render_strict(GAME, {"msg": error.key, "params": error.params}, lang)


def test_a_placement_too_low_to_win_the_card_says_so_in_every_language():
    state = new(3, seed=4)
    claim(state, 0, [(0, 6), (0, 6), (0, 6)])  # 18: three dice of seat 1 cannot beat it
    error = refused(state, 1, {"type": "place", "slot": 0, "effort": 6})
    assert error.key == "reason.crypt.too_low" and error.params == {"slot": 0, "total": 18}
    assert error.reason.startswith("effort too low: slot 0 is held with a total of 18")
    assert in_words(error, "fr").startswith("Effort trop faible : l'emplacement 0 est tenu avec un total de 18")
    assert in_words(error, "zh").startswith("努力值太低：位置0已被总计18占据")


def test_confirm_recover_and_pass_refused_on_a_claim_turn_say_why():
    state = new(3, seed=4)
    assert refused(state, 0, {"type": "confirm"}).key == "reason.crypt.confirm_empty"
    assert refused(state, 0, {"type": "recover"}).key == "reason.crypt.none_exhausted"
    assert refused(state, 0, {"type": "pass"}).key == "reason.crypt.must_act"
    assert refused(state, 0, {"type": "take_back"}).key == "reason.crypt.nothing_placed"
    claim(state, 0, [(0, 6), (0, 6)])
    place(state, 1, 0, 6)  # 6 against 12: two more dice of 6 are needed before it may confirm
    error = refused(state, 1, {"type": "confirm"})
    assert error.key == "reason.crypt.confirm_short" and error.params == {"n": 2}
    assert in_words(error, "en") == ("Your servants do not yet beat every card they are on: 2 more servants "
                                     "needed (or take some back)")
    assert refused(state, 1, {"type": "recover"}).key == "reason.crypt.recover_placed"


def test_an_ability_refused_names_its_collector_and_its_price():
    state = GAME.new_state(2, 1, {"collectors": "A"})  # Manuscript A gives no look; Remains A costs 2
    error = refused(state, 0, {"type": "manuscript_peek"})
    assert error.key == "reason.crypt.wrong_side" and in_words(error, "fr").startswith(
        "Le collectionneur Manuscrit est sur sa face A")
    error = refused(state, 0, {"type": "remains_recover"})
    assert error.key == "reason.crypt.flip_cost"
    assert in_words(error, "en") == "You need 2 unflipped Remains in your collection to pay for it"
    assert in_words(error, "zh") == "你的收藏中需要2张未翻面的遗骸来支付"


def test_every_reason_the_engine_may_give_is_in_every_language():
    source = (resources.files("cryptarena.games.crypt") / "reasons.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(reason\.crypt\.[a-z_]+)"', source))
    assert len(keys) >= 18
    data = json.loads((resources.files("cryptarena.games.crypt") / "messages.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        assert keys <= set(data[lang]), (lang, keys - set(data[lang]))
