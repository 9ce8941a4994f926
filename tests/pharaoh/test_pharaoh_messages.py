"""Pharaoh's log catalogue: every key its code emits, collected by playing seeded games at 2–6
players (random seats and greedy seats, all options) plus two arranged scenes for the rarest events,
renders strictly in English, French and Chinese with the parameters actually logged, in the full log
and in what each seat and a spectator may read; no template is stale; secrets stay out of the words
of other seats."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cryptarena.engine import Rng
from cryptarena.engine.messages import LANGUAGES, render, render_strict
from pharaoh_play import GAME, dice, table, to_step, touched

# deck problems: test_pharaoh_setup; component texts (text.<id>, ability.<id>): test_pharaoh_texts
SUB_TEMPLATE_PREFIXES = ("ui.", "term.", "pharaoh.deck.", "text.", "ability.", "reason.")


def play(players: int, seed: int, options: dict, greedy: set):
    bot = GAME.bots["greedy"](GAME)
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed + 7919)
    while not state.is_over():
        acting = state.to_act()
        seat = acting[rng.below(len(acting))]
        legal = state.legal_actions(seat)
        state.apply(seat, bot.act(state.view(seat), legal, rng) if seat in greedy else legal[rng.below(len(legal))])
    return state


def disarm_scene():
    state = table(("avenger", "warlord"), hands={0: ["disarm"], 1: []})
    state.deck[1].remove("buckler")
    buckler = state.new_entry(1, "buckler", seat=1)
    touched(state)
    to_step(state)
    state.apply(0, {"type": "play", "card": "disarm", "method": "use_discard"})
    state.apply(0, {"type": "target", "target": f"t{buckler['uid']}"})
    state.apply(1, {"type": "take"})
    return state


def key_dropped_scene():
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    state.deck[1].remove("key")
    state.deck[1].remove("din")
    din = state.new_entry(1, "din", hex=0)
    din["keys"], din["lp"] = 1, 2
    touched(state)
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 4, 6, 6)  # hit 4; Din's dodge 12 > 5
    state.apply(0, {"type": "target", "target": f"t{din['uid']}"})
    state.apply(1, {"type": "dodge"})
    return state


@pytest.fixture(scope="module")
def games_played() -> list:
    variants = [{}, {"force_monster": True}, {"interrupts": "off", "round_limit": 10}]
    played = [play(2 + i % 5, i, variants[i % 3], set(range(0, 6, 2)) if i % 2 else set()) for i in range(60)]
    return played + [disarm_scene(), key_dropped_scene()]


def raw_catalogue() -> dict:
    return json.loads((resources.files("cryptarena.games.pharaoh") / "messages.json").read_text(encoding="utf-8"))


def test_every_emitted_entry_renders_strictly_in_every_language(games_played):
    distinct = {}
    for state in games_played:
        for seat in [None, *range(state.players)]:
            for entry in state.log_for(seat):
                distinct[json.dumps([entry["msg"], entry.get("params")], sort_keys=True)] = entry
    rendered = 0
    for entry in distinct.values():
        for lang in LANGUAGES:
            text = render_strict(GAME, entry, lang)
            assert text and "{" not in text and entry["msg"] not in text, (entry, lang, text)
            rendered += 1
    assert rendered > 3000


def test_the_games_played_reach_every_key_of_the_catalogue(games_played):
    emitted = {entry["msg"] for state in games_played for entry in state.log}
    templates = {key for key in raw_catalogue()["en"] if not key.startswith(SUB_TEMPLATE_PREFIXES)}
    assert templates - emitted == set(), "templates no game emits (stale keys)"
    assert emitted - templates == set(), "keys emitted without a template"


def test_a_drawn_card_shows_only_to_its_drawer(games_played):
    state = games_played[0]
    entry = next(e for e in state.log if e["msg"] == "pharaoh.draw")
    seat, card = entry["params"]["seat"], entry["secret"]["params"]["card"]
    own = render(GAME, state.log_for(seat)[entry["seq"]])
    english = raw_catalogue()["en"][f"term.{card}"]
    assert english in own
    for other in [None, *(s for s in range(state.players) if s != seat)]:
        assert render(GAME, state.log_for(other)[entry["seq"]]).endswith("draws a card.")


def test_the_scenes_read_well():
    lines = [render(GAME, e) for e in disarm_scene().log]
    assert "The Buckler is disarmed and discarded." in lines
    state = key_dropped_scene()
    assert "1 Key falls to the floor of hex 0." in [render(GAME, e) for e in state.log]
    assert state.placed[0]["keys"] == 1


def test_a_thwart_a_full_heal_and_the_owners_crossroads_say_what_happened():
    from pharaoh_play import add_hex

    state = table(("warlord", "avenger"), hands={0: ["dagger", "enforce"], 1: ["thwart"]})
    to_step(state)
    state.apply(0, {"type": "play", "card": "dagger", "method": "use_return"})
    state.apply(0, {"type": "modifier", "card": "enforce"})
    state.apply(0, {"type": "target", "target": "c1"})
    state.apply(1, {"type": "respond", "card": "thwart", "target": "enforce"})
    aim = state.log[-1]
    assert aim["msg"] == "pharaoh.strike" and aim["params"]["thwarts"] == ["enforce"]
    said = {lang: render(GAME, aim, lang, names={0: "Ava", 1: "Wulf"}) for lang in LANGUAGES}
    assert said["en"] == "Wulf aims Thwart at Ava: no damage; Enforce discarded unless the dodge succeeds."
    assert "aucun dégât" in said["fr"] and "Enforce" not in said["zh"] and "不造成伤害" in said["zh"], said
    assert all("0" not in text for text in said.values()), said  # not "0 damage"

    state.heal(0, 4, "healing_spring", [3])  # at 25 of 25
    full = {lang: render(GAME, state.log[-1], lang) for lang in LANGUAGES}
    assert full["en"] == "Seat 0 is already at full life (25): the Healing Spring restores nothing.", full
    assert "restores 0" not in full["en"] and "0 point" not in full["fr"] and "0点" not in full["zh"], full
    state.life[0] = 20
    state.heal(0, 4, "healing_spring", [3])
    assert render(GAME, state.log[-1]) == "Seat 0 restores 4 life points (Healing Spring); now 24."

    state = table(hands={0: [], 1: []})
    crossroads = add_hex(state, "crossroads", 1, 0, owner=0)
    to_step(touched(state))
    state.apply(0, {"type": "move", "to": crossroads})
    spared = next(e for e in state.log if e["msg"] == "pharaoh.ignore_events")
    lines = {lang: render(GAME, spared, lang) for lang in LANGUAGES}
    assert "owner" in lines["en"] and "character" not in lines["en"], lines
    assert "propriétaire" in lines["fr"] and "拥有者" in lines["zh"], lines


def test_every_refusal_key_is_in_the_catalogue_and_keeps_the_english():
    import re

    from cryptarena.engine import IllegalAction

    source = (resources.files("cryptarena.games.pharaoh") / "reasons.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(reason\.pharaoh\.[a-z_]+)"', source))
    data = raw_catalogue()
    for lang in LANGUAGES:
        assert keys <= set(data[lang]), (lang, keys - set(data[lang]))
    state = table(("warlord", "avenger"), hands={0: ["fireball"], 1: []})
    to_step(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, {"type": "play", "card": "fireball", "method": "use_discard"})
    assert caught.value.reason == "the Warlord may not use Fireball"
    entry = {"msg": caught.value.key, "params": caught.value.params}
    assert render(GAME, entry, "fr") == "Le personnage Seigneur de guerre ne peut pas utiliser Boule de feu", render(GAME, entry, "fr")
    assert render(GAME, entry, "zh").endswith("不能使用火球术"), render(GAME, entry, "zh")
