"""Quartz's log catalogue: every key its code emits, collected by playing seeded random games at
3–6 players (not by reading the source), renders strictly in English, French and Chinese with the
parameters actually logged, in the full log and in what each seat and a spectator may read."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cryptarena.engine import Rng
from cryptarena.engine.messages import LANGUAGES, render_strict
from cryptarena.games.quartz import Quartz

GAME = Quartz()
SUB_TEMPLATE_PREFIXES = ("ui.", "quartz.part.", "term.", "reason.")  # ui.*: page words, reason.*: refusals, not log entries


def play_random(players: int, seed: int, options: dict | None = None):
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed + 7919)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


@pytest.fixture(scope="module")
def games_played() -> list:
    played = [play_random(3 + i % 4, i) for i in range(24)]
    # a small bag runs empty mid-game: the only way to see `quartz.bag_empty`
    played += [play_random(players, 100 + players, {f"crystals_{c}": 2 for c in
                                                   ("white", "pink", "green", "blue", "red", "yellow")})
               for players in (3, 6)]
    return played


def all_entries(state) -> list[dict]:
    entries = list(state.log)
    for seat in [None, *range(state.players)]:
        entries += state.log_for(seat)
    return entries


def raw_catalogue() -> dict:
    return json.loads((resources.files("cryptarena.games.quartz") / "messages.json").read_text(encoding="utf-8"))


def test_every_emitted_entry_renders_strictly_in_every_language(games_played):
    rendered = 0
    for state in games_played:
        for entry in all_entries(state):
            for lang in LANGUAGES:
                text = render_strict(GAME, entry, lang)
                assert text and "{" not in text, (entry, lang, text)
                rendered += 1
    assert rendered > 10_000


def test_the_games_played_reach_every_key_of_the_catalogue(games_played):
    """No stale template: each top-level key was emitted by some game (so the test above covered it)."""
    emitted = {entry["msg"] for state in games_played for entry in state.log}
    templates = {key for key in raw_catalogue()["en"] if not key.startswith(SUB_TEMPLATE_PREFIXES)}
    assert emitted == templates


def test_words_are_translated_not_copied():
    entry = {"msg": "quartz.steal", "params": {"seat": 0, "from": 2, "colour": "yellow"}}
    texts = {lang: render_strict(GAME, entry, lang) for lang in LANGUAGES}
    assert texts["en"] == "Seat 0 steals one yellow crystal from Seat 2."
    assert "jaune" in texts["fr"] and "Siège 2" in texts["fr"]
    assert "黄色" in texts["zh"] and "座位2" in texts["zh"]
