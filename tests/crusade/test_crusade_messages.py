"""Crusade's log catalogue: every key its code emits, collected by playing seeded random games at
2–8 players on both boards (not by reading the source), renders strictly in English, French and
Chinese with the parameters actually logged, in the full log and in what each seat and a
spectator may read; and no template is stale."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cryptarena.engine import Rng
from cryptarena.engine.messages import LANGUAGES, render_strict
from crusade_play import GAME

SUB_TEMPLATE_PREFIXES = ("ui.", "term.", "reason.")  # ui.*: page words, reason.*: refusals, not log entries


def play_random(players: int, seed: int, options: dict):
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed + 7919)
    while not state.is_over():
        acting = state.to_act()
        seat = acting[rng.below(len(acting))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


@pytest.fixture(scope="module")
def games_played() -> list:
    variants = [{}, {"board": "hex19"}, {"played_cards": "discard", "tie_break": "held"}]
    return [play_random(2 + i % 7, i, variants[i % 3]) for i in range(40)]


def raw_catalogue() -> dict:
    return json.loads((resources.files("cryptarena.games.crusade") / "messages.json").read_text(encoding="utf-8"))


def test_every_emitted_entry_renders_strictly_in_every_language(games_played):
    distinct = {}
    for state in games_played:
        for seat in [None, *range(state.players)]:
            for entry in state.log_for(seat):
                distinct[json.dumps([entry["msg"], entry.get("params")], sort_keys=True)] = entry
        for entry in state.log:
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
    assert emitted == templates


def test_a_secret_card_shows_only_to_the_buyers_team():
    entry = {"msg": "crusade.buy", "params": {"seat": 2, "tier": 3, "price": 3}}
    assert render_strict(GAME, entry) == "Seat 2 buys a Tier 3 card for 3 tokens."
    entry["params"]["card"] = "boo"
    assert render_strict(GAME, entry) == "Seat 2 buys Boo! (Tier 3) for 3 tokens."
    assert "Bouh" in render_strict(GAME, entry, "fr") and "吓" in render_strict(GAME, entry, "zh")


def test_words_read_naturally():
    capture = {"msg": "crusade.capture", "params": {"seat": 1, "tile": 6, "team": "gk", "from": "nm"}}
    assert render_strict(GAME, capture) == \
        "Seat 1 captures the Grave on tile 6 from the Necromancers for the Groundskeepers."
    end = {"msg": "crusade.game_end", "params": {"gk": 3, "nm": 3, "tie_break": "earned", "gk_points": 40,
                                                 "nm_points": 31, "winner": "gk"}}
    assert render_strict(GAME, end) == ("After 13 rounds: Groundskeepers 3 Graves, Necromancers 3 Graves "
                                        "(tie-break, tokens earned: 40 against 31). The Groundskeepers win!")


def test_a_refusal_a_player_meets_reads_in_every_language():
    """A move or a purchase refused keeps its catalogue key and parameters: the page says it in French
    or Chinese, the API keeps the English."""
    from crusade_play import T, table

    from cryptarena.engine import IllegalAction
    from cryptarena.engine.messages import render

    state = table(4, pos={0: 0}, hands={}, turn=0)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, {"type": "move", "to": T(3, 0)})
    refused = caught.value
    assert refused.reason == "tile 3 is 3 tiles away: you may move 2"
    assert refused.key == "reason.crusade.too_far" and refused.params["reach"] == 2
    entry = {"msg": refused.key, "params": refused.params}
    assert render_strict(GAME, entry, "fr") == "La case 3 est à 3 cases : vous pouvez aller jusqu'à 2"
    assert render_strict(GAME, entry, "zh") == "格子3相距3格：你最多可移动2格"
    # every reason key the engine may give is in the catalogue, in every language
    source = (resources.files("cryptarena.games.crusade") / "reasons.py").read_text(encoding="utf-8")
    import re
    keys = set(re.findall(r'"(reason\.crusade\.[a-z_]+)"', source))
    keys |= {f"reason.crusade.no_target.{card}" for card in __import__(
        "cryptarena.games.crusade.reasons", fromlist=["NO_TARGET"]).NO_TARGET}
    assert len(keys) > 20
    for lang in LANGUAGES:
        words = json.loads((resources.files("cryptarena.games.crusade") / "messages.json").read_text())[lang]
        assert keys <= set(words), (lang, keys - set(words))
    assert render(GAME, {"msg": "reason.crusade.other_team", "params": {"card": "boo", "gk": True}}, "fr",
                  sentence=False) == "Bouh ! est une carte Sort : vous jouez des cartes Action"
