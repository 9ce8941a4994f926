"""Every action of the five games reads as words (web/js/action_words.js): random games of every game,
played through the registry, meet the action types each game has; each type has its phrase
(`ui.<game>.act.<type>`) in English, French and Chinese, and actionWords itself, run by Node on the
actions met with the view of the seat that could play them, gives a phrase with no raw key, no
unfilled field and no id where the board shows a name. A missing Node is a failure that says why."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from cryptarena import games

from test_game_words import LANGUAGES, catalogue

WEB = Path(__file__).resolve().parents[2] / "cryptarena" / "web" / "js"
GAMES_PLAYED = 8  # random games a game; the seeds are fixed, so the actions met are the same each run
MAX_STEPS = 1500
SAMPLES = 3  # actions kept for Node per (type, fields, phase): enough to vary, few enough to stay small


def random_games(game_id: str):
    """(seat, view of that seat, legal action) for every action offered in a few random games."""
    game = games.load(game_id)
    for seed in range(GAMES_PLAYED):
        rng = random.Random(seed)
        players = rng.randint(max(2, game.min_players), min(4, game.max_players))
        state = game.new_state(players, seed, {})
        for _ in range(MAX_STEPS):
            if state.is_over():
                break
            seat = rng.choice(state.to_act())
            legal = state.legal_actions(seat)
            view = state.view(seat)
            for action in legal:
                yield seat, view, action
            state.apply(seat, rng.choice(legal))


def actions_met() -> dict[str, dict[str, list]]:
    """Per game, per action type, a few (view, action) of every shape of that type met."""
    met: dict[str, dict[str, list]] = {}
    for game_id in games.ids():
        kept: dict[tuple, int] = {}
        by_type: dict[str, list] = met.setdefault(game_id, {})
        for _, view, action in random_games(game_id):
            shape = (action["type"], tuple(sorted(action)), view.get("phase"))
            by_type.setdefault(action["type"], [])
            if kept.get(shape, 0) < SAMPLES:
                kept[shape] = kept.get(shape, 0) + 1
                by_type[action["type"]].append((view, action))
    return met


@pytest.fixture(scope="module")
def met():
    return actions_met()


def test_random_games_meet_only_declared_types_and_each_has_its_phrase_in_every_language(met):
    for game_id, by_type in met.items():
        declared = set(games.load(game_id).action_types)
        assert len(by_type) >= 5, f"{game_id}: random games met only {sorted(by_type)}"
        assert set(by_type) <= declared, f"{game_id} plays types it does not declare: {set(by_type) - declared}"
        data = catalogue(game_id)
        for lang in LANGUAGES:
            # the types met, and the declared ones random games rarely reach (a companion's, a rare card's)
            missing = sorted(t for t in declared if f"ui.{game_id}.act.{t}" not in data[lang])
            assert not missing, f"{game_id} {lang}: no phrase for {missing}"


NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
const [web, input] = process.argv.slice(-2);
const { actionWords } = await import(`${web}/action_words.js`);
const { translator, mergeCatalogue } = await import(`${web}/i18n.js`);
const cases = JSON.parse(readFileSync(input, "utf8"));
const out = [];
for (const c of cases) {
  const t = translator(c.lang, mergeCatalogue(c.catalogue, c.lang));
  const nameOf = (seat) => `Seat·${seat}`;
  out.push(c.actions.map(([view, action]) =>
    [actionWords(c.game, action, t, view, nameOf), actionWords(c.game, action, t)]));
}
console.log(JSON.stringify(out));
"""


def node_path() -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.fail("Node.js is missing: this test runs web/js/action_words.js with it (apt-get install nodejs)")
    return node


def run_node(cases: list[dict], folder: Path) -> list[list[list[str]]]:
    """actionWords on each case's actions (with the view, and without), as Node runs the page's module."""
    (folder / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    (folder / "run.mjs").write_text(NODE_SCRIPT, encoding="utf-8")
    done = subprocess.run([node_path(), str(folder / "run.mjs"), WEB.as_uri(), str(folder / "cases.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def phrases(met, tmp_path) -> list[tuple[str, str, dict, str, str]]:
    """(game, lang, action, words with the view, words without) for every action kept."""
    cases = []
    for game_id, by_type in met.items():
        flat = [pair for pairs in by_type.values() for pair in pairs]
        for lang in LANGUAGES:
            cases.append({"game": game_id, "lang": lang, "catalogue": catalogue(game_id), "actions": flat})
    out = run_node(cases, tmp_path)
    return [(c["game"], c["lang"], action, with_view, without)
            for c, words in zip(cases, out) for (_, action), (with_view, without) in zip(c["actions"], words)]


RAW = ("ui.", "term.", "{", "}", "undefined", "null", "NaN", "[object")
GENERIC = ("the move “", "le coup « ", "走法“")  # ui.action_generic: for an action without a phrase of its own


def test_action_words_reads_every_action_met_in_every_language(met, tmp_path):
    found = phrases(met, tmp_path)
    assert len(found) > 300
    bad = [(g, lang, a, w) for g, lang, a, w, _ in found
           if not w.strip() or any(r in w for r in RAW) or w.startswith(GENERIC)]
    assert not bad, f"{len(bad)} actions not in words, e.g. {bad[:8]}"
    # without a view the phrase still reads (what a field names falls back on a number or a place)
    bare = [(g, lang, a, w) for g, lang, a, _, w in found if not w.strip() or any(r in w for r in RAW)]
    assert not bare, f"without a view: {bare[:8]}"
    # the fields are named as the board names them, in the reader's language
    english = {(g, json.dumps(a, sort_keys=True)): w for g, lang, a, w, _ in found if lang == "en"}
    french = {(g, json.dumps(a, sort_keys=True)): w for g, lang, a, w, _ in found if lang == "fr"}
    for (game_id, key), words in english.items():
        action = json.loads(key)
        if game_id == "quartz" and action["type"] in ("protect", "return", "steal"):
            assert catalogue("quartz")["en"][f"term.colour.{action['colour']}"] in words, words
            assert catalogue("quartz")["fr"][f"term.colour.{action['colour']}"] in french[(game_id, key)]
        if game_id == "crusade" and action["type"] in ("play", "give_up"):
            assert catalogue("crusade")["en"][f"term.{action['card']}"] in words, words
        if game_id == "midas" and action["type"] == "buy":
            assert catalogue("midas")["en"][f"term.favour.{action['favour']}"] in words, words
        if "to" in action or "from" in action or "with" in action or "target" in action:
            if game_id in ("quartz", "midas") or (game_id == "crusade" and "target" in action):
                assert "Seat·" in words, f"{game_id} {action}: a seat not named: {words}"


def test_the_board_names_what_an_action_points_at(tmp_path):
    """A Crypt card by its treasure and value, a Pharaoh hex by its name: the view's, not the id; an
    action without a phrase reads as "the move …" in the reader's language."""
    game = games.load("crypt")
    state = game.new_state(2, 3, {})
    seat = state.to_act()[0]
    view = state.view(seat)
    place = next(a for a in state.legal_actions(seat) if a["type"] == "place")
    card = next(c for c in view["crypt"] if c["slot"] == place["slot"])
    cases = [{"game": "crypt", "lang": "en", "catalogue": catalogue("crypt"), "actions": [(view, place)]}]
    pharaoh = games.load("pharaoh")
    state = pharaoh.new_state(2, 3, {})
    for _ in range(400):  # on to the first move to a hex
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        move = next((a for a in legal if a["type"] == "move"), None)
        if move:
            break
        state.apply(seat, legal[0])
    assert move, "no Pharaoh move met"
    hex_view = state.view(seat)
    cases.append({"game": "pharaoh", "lang": "fr", "catalogue": catalogue("pharaoh"), "actions": [(hex_view, move)]})
    # an action no phrase knows still reads as words, in the reader's language
    for lang in LANGUAGES:
        cases.append({"game": "crypt", "lang": lang, "catalogue": catalogue("crypt"),
                      "actions": [(view, {"type": "fly_away", "height": 3}), (view, {"type": "fly_away"})]})
    [[(crypt_words, crypt_bare)], [(pharaoh_words, _)], *generic] = run_node(cases, tmp_path)
    assert [[w for w, _ in pair] for pair in generic] == [
        ["the move “fly away” (height 3)", "the move “fly away”"],
        ["le coup « fly away » (height 3)", "le coup « fly away »"], ["走法“fly away”（height 3）", "走法“fly away”"]]
    english = catalogue("crypt")["en"]
    named = f"{english['term.' + card['type']]} {card['value']}" if card["value"] is not None \
        else f"{english['term.' + card['type']]} ({english['ui.crypt.face_down']})"
    assert crypt_words == f"Place a servant showing {place['effort']} on {named}"
    assert crypt_bare == f"Place a servant showing {place['effort']} on card {place['slot'] + 1} of the Crypt"
    tile = hex_view["crypt"][move["to"]]["tile"]
    assert pharaoh_words == f"Aller à {catalogue('pharaoh')['fr']['term.' + tile]} #{move['to']}"
