"""Pharaoh's table explains itself, on arranged moments drawn by the real renderer (the harness of
test_browser_pharaoh_scenes.py: the engine's real view and legal actions, no socket):

- a special ability's play reads as the ability, in every language (not a raw catalogue key);
- the action count says where it comes from (a hex benefit), and a hex's text is one click away on the map;
- the hand-limit discard step names the limit, how many must go, and shows Done (refused until then);
- a card that cannot be played now says why;
- choosing a deck shows the character in full; a replay's set-up (nothing legal) offers no deck;
- on a crypt of 16 hexes the names stay readable at 1280×800.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from test_browser import ARTIFACTS
from table_scenes import scene_browser
from test_browser_pharaoh_scenes import Scene

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pharaoh"))
from pharaoh_play import GAME, add_hex, dice, first_round, put_on_pile, set_hand, table, to_step, touched  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with scene_browser(tmp_path_factory, "explains") as page:
        yield page


def scene(page, state, lang="en") -> Scene:
    found = Scene(page, page.base_url, state, lang)
    page.evaluate("() => { window.local = {}; }")
    return found


@pytest.mark.parametrize("lang, words", [("en", "Special ability — Cleave"), ("fr", "Capacité spéciale — Coup fendant"),
                                         ("zh", "特殊能力 — 顺劈斩")])
def test_a_special_ability_reads_as_the_ability_in_the_play_summary(page, lang, words):
    state = table(("warlord", "avenger"), hands={0: ["dagger"], 1: []})
    to_step(state)
    state.apply(0, {"type": "ability"})
    view = scene(page, state, lang)
    view.draw(0)  # also checks that no raw key (term.…, ui.pharaoh.…) is on screen
    summary = page.inner_text('#ph-build tr[data-part="card"] td')
    assert summary.startswith(words), summary


def test_the_action_count_names_the_hex_benefit_and_a_hex_tells_what_it_does(page):
    state = table(("spellmancer", "warlord"), hands={0: [], 1: []})  # +1 action in the Library of Thoth
    add_hex(state, "hall_of_brigands", 2, 0, owner=1)  # not next to hex 0: clicking it is no move
    to_step(state)
    view = scene(page, state)
    view.draw(0)
    assert page.get_attribute("#ph-actions", "data-allowance") == "2"
    assert page.inner_text("#ph-actions-why").strip() == "= 1 a turn + 1 benefit of Library of Thoth #0"
    # what a hex does: in its tooltip, and in the info box a click opens (a hex without an action)
    title = page.text_content('#ph-svg .ph-hex[data-hex="1"] > title')
    assert "Hall of Brigands" in title and " — " in title and len(title) > 40, title
    page.click('#ph-svg .ph-hex[data-hex="1"] .ph-hex-shape', force=True)
    info = page.inner_text("#ph-info")
    assert page.get_attribute("#ph-info", "data-hex") == "1" and "Hall of Brigands #1" in info
    assert title.split(" — ")[-1] in info, (title, info)
    assert page.evaluate("() => window.sent.length") == 0  # looking is not playing
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pharaoh-hex-info.png"))
    view.draw(0)  # a redraw keeps the hex open
    assert page.get_attribute("#ph-info", "data-hex") == "1"


def test_the_hand_limit_step_says_the_limit_and_shows_done(page):
    cards = ["dagger", "dagger", "halberd", "halberd", "crossbow", "war_hammer", "great_axe", "throwing_knives",
             "throwing_knives", "buckler", "buckler", "block"]
    state = first_round(table(("warlord", "avenger"), hands={0: cards, 1: []}))  # the Library deals no card
    to_step(state)
    state.apply(0, {"type": "end"})
    assert state.phase == "discard" and len(state.hand[0]) == 12
    view = scene(page, state)
    view.draw(0)
    panel = page.inner_text("#ph-discard")
    assert "Hand limit 10" in panel and "you hold 12" in panel and "Discard 2 more" in panel, panel
    assert page.is_disabled("#ph-done-blocked") and not page.query_selector("#ph-done")
    assert "at most 10" in page.inner_text("#ph-discard")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pharaoh-hand-limit.png"), full_page=True)
    for _ in range(2):
        view.click(0, '#ph-hand .ph-card[data-card="dagger"] .ph-discard')
        view.draw(0)
    assert not page.query_selector("#ph-done-blocked") and page.query_selector("#ph-done")
    assert "you hold 10" in page.inner_text("#ph-discard")
    view.click(0, "#ph-done")
    assert state.turn["seat"] == 1


def test_a_card_that_cannot_be_played_now_says_why(page):
    state = table(("warlord", "avenger"), hands={0: ["block", "dagger", "poison", "fireball"], 1: []})
    to_step(state)
    view = scene(page, state)
    view.draw(0)
    why = {c.get_attribute("data-card"): c.inner_text() for c in page.query_selector_all("#ph-hand .ph-card")}
    assert page.query_selector('#ph-hand .ph-card[data-card="dagger"] .ph-on-card')  # playable: no excuse
    assert not page.query_selector('#ph-hand .ph-card[data-card="dagger"] .ph-why-not')
    assert "A defence: played when you are attacked." in why["block"]
    assert "Added to one of your plays while you build it." in why["poison"]
    assert "Your Warlord may not use this card." in why["fireball"]


def test_choosing_a_deck_shows_the_character_and_a_replay_offers_no_deck(page):
    state = GAME.new_state(2, 3, {})
    view = scene(page, state)
    page.evaluate("""() => localStorage.setItem('ca.decks.pharaoh', JSON.stringify([{ name: 'Mine', character: 'warlord',
      cards: { dagger: 3 }, hexes: ['armoury'] }]))""")
    view.draw(0)
    facts = page.inner_text('.ph-deck:has(.ph-pick[data-action*="warlord"]) .ph-char-facts')
    assert "Life 25" in facts and "Dodge 5" in facts and "Hit 1D6" in facts and "Cleave" in facts, facts
    assert page.query_selector(".ph-saved")
    # a replay at its first step draws the same view with nothing legal
    page.evaluate("""(args) => import('/static/js/games/pharaoh.js').then(async (mod) => {
      const i18n = await import('/static/js/i18n.js');
      const words = i18n.mergeCatalogue(args.words, 'en');
      mod.render(document.getElementById('board'), { view: args.view, legal: [], seat: 0, toAct: [], over: false,
        t: i18n.translator('en', words), lang: 'en', names: ['Ava', 'Wulf'], nameOf: (s) => ['Ava', 'Wulf'][s], local: {},
        components: args.comps, words, clock: null, send: () => {} });
    })""", {"view": state.view(0), "words": view.words, "comps": view.comps})
    setup = page.inner_text("#ph-setup")
    assert not page.query_selector(".ph-saved") and not page.query_selector("#ph-setup h4"), setup
    assert "choosing their decks" in setup
    page.evaluate("() => localStorage.removeItem('ca.decks.pharaoh')")


def test_the_names_of_a_large_crypt_stay_readable(page):
    state = table(("warlord", "avenger"), hands={0: [], 1: []})
    tiles = ["armoury", "hall_of_brigands", "jackal_den", "crossroads", "collapsing_ceiling", "collapsed_shaft",
             "antechamber", "healing_spring", "pit_of_spikes", "sarcophagus_hall", "dead_end", "serpent_pool",
             "sunlit_stair", "river_gate", "hidden_door"]
    spots = [(1, 0), (2, 0), (3, 0), (-1, 0), (-2, 0), (-3, 0), (0, 1), (1, 1), (-1, 1), (-2, 1), (0, -1), (1, -1),
             (2, -1), (-1, -1), (3, -1)]
    for tile, (q, r) in zip(tiles, spots):
        add_hex(state, tile, q, r)
    to_step(touched(state))
    view = scene(page, state)
    view.draw(0)
    assert len(page.query_selector_all("#ph-svg .ph-hex")) == 16
    heights = page.evaluate("""() => [...document.querySelectorAll('#ph-svg .ph-hex-name')]
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)""")
    assert min(heights) >= 10.5, heights  # CSS pixels on screen (before: about 6)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pharaoh-16-hexes.png"))


@pytest.mark.parametrize("lang, answer, event_dice, untyped", [
    ("en", "Thwart: discard Enforce", "Damage 1D6", "hex damage, no type"),
    ("zh", "挫败：弃掉", "伤害1D6", "六角格伤害"),
])
def test_an_answer_names_what_it_discards_and_a_hex_event_shows_its_dice(page, lang, answer, event_dice, untyped):
    state = table(("warlord", "avenger"), hands={0: ["dagger", "enforce"], 1: ["thwart"]})
    to_step(state)
    for action in ({"type": "play", "card": "dagger", "method": "use_return"}, {"type": "modifier", "card": "enforce"},
                   {"type": "target", "target": "c1"}):
        state.apply(0, action)
    view = scene(page, state, lang)
    view.draw(1)
    label = page.inner_text('#ph-hand .ph-card[data-card="thwart"] [data-action*="respond"]')
    assert label.startswith(answer) and "enforce" not in label, label  # not the raw target "enforce"
    # a hex event's strike: the Crossroads' dart trap rolls 1D6 and has no type
    state = table(hands={0: [], 1: []})
    put_on_pile(state, "crossroads", owner=1)
    to_step(state)
    state.apply(0, {"type": "explore", "side": 0})
    dice(state, 4)
    state.apply(0, {"type": "place", "turn": 0})
    view = scene(page, state, lang)
    view.draw(0)
    damage = page.inner_text("#ph-damage")
    assert damage.startswith(event_dice) and untyped in damage and "—" not in damage.split("·")[0], damage


def test_a_hex_event_that_makes_you_discard_holds_its_buttons_in_the_panel(page):
    state = table(hands={0: [], 1: []})
    state.placed[0].update(tile="hall_of_brigands", owner=0, doors=[0, 1, 3, 4])
    touched(state)
    to_step(state)
    state.apply(0, {"type": "end"})
    state.apply(0, {"type": "done"}) if state.phase == "discard" else None
    set_hand(state, 1, ["dagger", "block"])
    to_step(state)
    state.apply(1, {"type": "end"})
    assert state.phase == "event_discard"
    view = scene(page, state)
    view.draw(1)
    panel = page.inner_text("#ph-discard")
    assert "A hex event makes you discard" in panel and "Discard: Block" in panel, panel
    view.click(1, '#ph-discard .ph-event-discard[data-action*="block"]')
    assert state.hand[1] == ["dagger"]
