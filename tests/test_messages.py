"""Log messages in words: Crypt's catalogue covers every key its code emits, in English, French and
Chinese, every template formats with the parameters actually logged, and rendering never crashes.

The keys are collected by playing games (not by reading the source): seeded random games at every
player count with random collector sides, where any seat's "any time" ability may be picked, plus
a search for a game that ends in a tie-break roll-off, the rarest event.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cryptarena import games
from cryptarena.engine import Rng
from cryptarena.engine.messages import LANGUAGES, MessageError, catalogue, fields, render, render_strict

GAME = games.load("crypt")
SUB_TEMPLATE_PREFIXES = ("ui.", "crypt.part.", "term.", "reason.")  # page words and refusals, not log entries


def play_random(players: int, seed: int, options: dict) -> object:
    """A game where each step is drawn from every seat's legal actions, so the abilities usable
    off-turn (Manuscript B, Remains A) are taken by seats that are not to act, too."""
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed + 7919)
    while not state.is_over():
        choices = [(s, a) for s in range(players) for a in state.legal_actions(s)]
        seat, action = choices[rng.below(len(choices))]
        state.apply(seat, action)
    return state


def finished_games() -> list:
    played = [play_random(1 + i % 4, i, {"collectors": "random"}) for i in range(52)]
    for seed in range(1000):  # a tie-break: rare, so look for the first seeded game with one
        state = play_random(4, seed, {"collectors": "A"})
        if any(e["msg"] == "crypt.tiebreak" for e in state.log):
            played.append(state)
            break
    else:
        pytest.fail("no tie-break in 1000 random 4-player games: the search needs widening")
    return played


@pytest.fixture(scope="module")
def games_played() -> list:
    return finished_games()


def all_entries(state) -> list[dict]:
    """The full log, and what each seat and a spectator may read of it (redacted entries lack
    their secret parameters, so each catalogue template needs a variant without them)."""
    entries = list(state.log)
    for seat in [None, *range(state.players)]:
        entries += state.log_for(seat)
    return entries


def raw_catalogue() -> dict:
    return json.loads((resources.files("cryptarena.games.crypt") / "messages.json").read_text(encoding="utf-8"))


def message_keys(lang: str) -> set[str]:
    data = raw_catalogue()
    return {k for k in data[lang] if not k.startswith(SUB_TEMPLATE_PREFIXES)}


def test_every_emitted_key_has_a_template_in_every_language(games_played):
    emitted = {e["msg"] for state in games_played for e in state.log}
    for lang in LANGUAGES:
        missing = emitted - message_keys(lang)
        assert not missing, f"{lang}: no template for {sorted(missing)}"


def test_every_template_is_emitted_by_some_game(games_played):
    """A template no game produces is stale (a renamed key) or an event these games never reach."""
    emitted = {e["msg"] for state in games_played for e in state.log}
    for lang in LANGUAGES:
        assert message_keys(lang) <= emitted, f"{lang}: never emitted: {sorted(message_keys(lang) - emitted)}"


@pytest.mark.parametrize("game_id", games.ids())
def test_the_three_languages_have_the_same_keys(game_id):
    data = json.loads((resources.files(f"cryptarena.games.{game_id}") / "messages.json").read_text(encoding="utf-8"))
    assert set(data) == set(LANGUAGES)
    assert set(data["fr"]) == set(data["en"]) == set(data["zh"])


def test_every_logged_entry_renders_strictly_in_every_language(games_played):
    distinct = {json.dumps([e["msg"], e.get("params")], sort_keys=True): e
                for state in games_played for e in all_entries(state)}
    checked = 0
    for entry in distinct.values():
        for lang in LANGUAGES:
            text = render_strict(GAME, entry, lang)  # raises on any gap
            assert text and "{" not in text and "}" not in text, (lang, entry, text)
            assert entry["msg"] not in text, (lang, entry, text)
            checked += 1
    assert checked > 3_000


def test_a_secret_shows_only_to_the_seat_that_may_read_it(games_played):
    peeks = [(state, e) for state in games_played for e in state.log if e["msg"] == "crypt.manuscript_peek"]
    assert peeks
    state, entry = peeks[0]
    seer = entry["seat"]
    seen = entry["secret"]["params"]["seen"]
    own = render(GAME, state.log_for(seer)[entry["seq"]])
    for slot, value in seen.items():
        assert f"slot {slot} is worth {value}" in own
    for seat in [None, *(s for s in range(state.players) if s != seer)]:
        other = render(GAME, state.log_for(seat)[entry["seq"]])
        assert "slot" not in other and other.endswith("looks at the face-down cards.")


def test_seat_names_the_ghost_and_lists_read_naturally():
    push = {"msg": "crypt.push_out", "params": {"slot": 1, "by": "ghost", "owner": 0, "dice": 2, "total": 6}}
    assert render(GAME, push, names={0: "Alice"}) == \
        "The Ghost beats the total of 6 on slot 1 and pushes Alice out: 2 servants go back to Alice, ready."
    assert render(GAME, push, "fr", names={0: "Alice"}) == ("Le Fantôme bat le total de 6 sur l'emplacement 1 et "
                                                             "chasse Alice : 2 serviteurs lui reviennent, prêts.")
    assert render(GAME, {**push, "params": {**push["params"], "dice": 1}}, "fr").endswith(
        "chasse Siège 0 : 1 serviteur lui revient, prêt.")
    assert render(GAME, push, "zh").startswith("幽灵超过了位置1上的总计6，把座位0挤出")
    tie = {"msg": "crypt.tiebreak", "params": {"rolls": {"0": [1, 5, 5], "2": [3, 2]}}}
    assert render(GAME, tie) == "Tie-break roll-off: Seat 0: 1, 5, 5; Seat 2: 3, 2."
    won = {"msg": "crypt.winners", "params": {"seats": [0, 2, 3]}}
    assert render(GAME, won) == "Won by Seat 0, Seat 2 and Seat 3."
    assert render(GAME, {"msg": "crypt.winners", "params": {"seats": []}}) == "Won by nobody."
    claim = {"msg": "crypt.claim", "params": {"seat": 1, "placements": [
        {"slot": 0, "effort": 3, "dice": 2}, {"slot": 2, "effort": 1, "dice": 1}]}}
    assert render(GAME, claim) == "Seat 1 claims slot 0 (2 servants at effort 3), slot 2 (1 servant at effort 1)."
    collect = {"msg": "crypt.collect", "params": {"seat": 0, "effort": 4, "rolls": [3, 2], "exhausted": 0,
                                                  "type": "idol"}}
    assert render(GAME, collect, "fr") == ("Siège 0 remporte une carte Idole face cachée et lance pour un "
                                           "effort de 4 : 3, 2 ; 0 serviteur épuisé.")
    assert render(GAME, {**collect, "params": {**collect["params"], "exhausted": 1}}).endswith(
        "rolls 3, 2 against effort 4, 1 servant exhausted.")


def test_rendering_never_crashes_on_bad_entries():
    assert render(GAME, {"msg": "crypt.no_such_thing", "params": {"a": 1}}) == 'crypt.no_such_thing(a=1)'
    assert render(GAME, {"msg": "crypt.claim", "params": {"seat": 0, "placements": "garbage"}}).startswith("crypt.claim(")
    assert "?" in render(GAME, {"msg": "crypt.place", "params": {}})  # missing params shown as "?"
    assert render(GAME, {}) == "?()"
    assert render(GAME, {"msg": "crypt.round", "params": {"round": 2, "leader": 1}}, lang="xx") == \
        "Round 2 begins; Seat 1 leads."  # an unknown language falls back to English
    with pytest.raises(MessageError):
        render_strict(GAME, {"msg": "crypt.place", "params": {}})
    with pytest.raises(MessageError):
        render_strict(GAME, {"msg": "crypt.no_such_thing", "params": {}})


def test_a_game_without_a_catalogue_still_renders():
    class Bare:  # defined here: its package (tests) has no messages.json
        id = "bare"

    assert catalogue(Bare())["seat"] == "Seat {n}"
    assert render(Bare(), {"msg": "bare.move", "params": {"to": [1, 2]}}) == "bare.move(to=[1, 2])"


@pytest.mark.parametrize("game_id", games.ids())
def test_every_catalogue_uses_only_the_grammar_both_renderers_share(game_id):
    """The server (engine/messages.py) and the browser (web/js/i18n.js) render the same templates;
    the browser's parser does not expand a field nested in another field's format, so no catalogue
    may use one (it once showed `quartz.use(seat=3, ...)` in the browser's log)."""
    game = games.load(game_id)
    for lang in LANGUAGES:
        for key, template in catalogue(game, lang).items():
            for variant in template if isinstance(template, list) else [template]:
                fields(variant)  # raises MessageError on a nested field


def test_a_nested_field_is_refused_on_the_server_too():
    with pytest.raises(MessageError, match="not supported"):
        fields("{count:plural=# {face:term} face|# {face:term} faces}")


def test_a_colon_between_a_seat_and_its_value_follows_each_language():
    """French spaces its colons ("Siège 0 : 34"), Chinese uses the full-width one."""
    game = games.load("crypt")
    entry = {"msg": "crypt.game_end", "params": {"totals": [34, 21]}}
    assert "Seat 0: 34, Seat 1: 21" in render(game, entry, "en")
    assert "Siège 0 : 34, Siège 1 : 21" in render(game, entry, "fr")
    assert "座位0：34" in render(game, entry, "zh")
