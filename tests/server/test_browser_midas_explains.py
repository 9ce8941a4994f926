"""Midas explains itself, on arranged moments drawn by the real renderer (table_scenes.py: the engine's real
view and legal actions, no socket), in English, French and Chinese:

- Accuse before any bid, and Lose a die at the last die, are disabled buttons with their reasons (never
  silently missing); a bid at the cap says that only an accusation is left;
- what a die face counts this round, the announced stone, the cap and a chest are one hover away;
- once the cups are lifted the head reads the bid as accused, not as the bid still standing.
"""

from __future__ import annotations

import random

import pytest

from cryptarena import games
from table_scenes import dumps, explained, Scene, scene_browser, title_of
from test_browser import ARTIFACTS

pytestmark = pytest.mark.browser

GAME = games.load("midas")
WORDS = {
    "en": {"none": "no bid to accuse yet", "last": "you must draw a coin", "cap": "no raise is left"},
    "fr": {"none": "pas encore d'enchère à accuser", "last": "vous devez piocher une pièce", "cap": "plus de surenchère"},
    "zh": {"none": "还没有可以指控的叫价", "last": "必须抽一枚硬币", "cap": "不能再加价"},
}


@pytest.fixture(scope="module")
def browser_page(tmp_path_factory):
    with scene_browser(tmp_path_factory, "midas-explains") as page:
        yield page


def draw(page, state, seat, lang="en"):
    text = Scene(page, page.base_url, "midas", state, lang).draw(seat)
    assert "reason." not in text, text
    return text


def penalty_at_the_last_die():
    """A random 3-player game played until a loser with one die left must pay the penalty."""
    for seed in range(60):
        state, rng = GAME.new_state(3, seed, {}), random.Random(seed)
        while not state.is_over():
            if state.phase == "penalty" and state.dice_count[state.loser] == 1:
                return state
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no loser at the last die")


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_refused_choices_are_disabled_buttons_with_their_reasons(browser_page, lang):
    page, words = browser_page, WORDS[lang]
    state = GAME.new_state(3, 5, {})
    opener = state.to_act()[0]
    draw(page, state, opener, lang)
    assert not page.query_selector("#accuse") and page.is_disabled("#accuse-blocked")
    assert words["none"] in page.inner_text('[data-blocked="accuse"]')
    assert words["none"] in title_of(page, "#accuse-blocked")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"midas-accuse-blocked-{lang}.png"), full_page=True)

    state = penalty_at_the_last_die()
    loser = state.loser
    draw(page, state, loser, lang)
    assert page.query_selector("#draw") and not page.query_selector("#lose-die")
    assert page.is_disabled("#lose-die-blocked") and words["last"] in page.inner_text('[data-blocked="lose-die"]')
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        assert page.is_visible('[data-blocked="lose-die"] small')
        page.screenshot(path=str(ARTIFACTS / f"midas-last-die-phone-{lang}.png"), full_page=True)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})

    # the bid at the cap: the next player may only accuse, and is told so
    state = GAME.new_state(3, 5, {})
    state.apply(opener, {"type": "bid", "count": state.bid_cap()})
    answering = state.to_act()[0]
    draw(page, state, answering, lang)
    assert page.query_selector(f"[data-action='{dumps({'type': 'accuse'})}']")
    assert words["cap"] in page.inner_text("#midas-cap-reached")


def test_what_a_face_the_stone_the_cap_and_a_chest_mean_is_one_hover_away(browser_page):
    page = browser_page
    state = GAME.new_state(3, 5, {})
    seat = state.to_act()[0]
    draw(page, state, seat)
    stone = state.stone
    assert "when it is the announced stone" in title_of(page, "#midas-stone")
    titles = {d.get_attribute("data-face"): d.get_attribute("title") for d in page.query_selector_all(".midas-cup-mine .midas-die")}
    assert titles, "no die of mine drawn"
    for face, title in titles.items():
        if face == "diamond":
            assert "always counts +2" in title
        elif face not in ("favour", "obsidian"):
            assert f"when it is the announced stone ({stone} this round)" in title, title
    assert "only accuse" in title_of(page, "#midas-cap")
    assert "cursed coin is still among them" in title_of(page, f'.midas-seat[data-seat="{seat}"] .midas-chest')

    # after the cups are lifted, the head reads the round's bid as accused
    state = penalty_at_the_last_die()
    draw(page, state, None)
    assert page.inner_text("#midas-bid").endswith("accused")
    # a log line: the rule behind it, or what the favour it names does
    assert "below the bid, the bidder loses" in explained(page, "midas", {"msg": "midas.reveal", "params": {}})
    assert "sous l'enchère, l'enchérisseur perd" in explained(page, "midas", {"msg": "midas.accuse", "params": {}}, "fr")
    buy = {"msg": "midas.buy", "params": {"seat": 0, "favour": "damocles", "price": 3}}
    assert explained(page, "midas", buy, "zh") == "下一个抽币的玩家要抽两次。"
    assert "(sapphire this round)" in explained(page, "midas", {"msg": "midas.round", "params": {"stone": "sapphire"}})
