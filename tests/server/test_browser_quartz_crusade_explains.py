"""Quartz and Crusade explain themselves, on arranged moments drawn by the real renderers
(table_scenes.py: the engine's real view and legal actions, no socket):

- Quartz: a face rolled that cannot be used is a disabled button with the engine's reason in the
  page's language, as is a reroll with none left; what a crystal is worth and what a reroll marker
  does are a hover away; the score's parts say where a fall came from (fewest in chest); the chest,
  cart and steal steps say what they ask and hold their answers;
- Crusade: a card of the hand that cannot be played now says why; a buy out of reach says why;
  Graves, seals, the Shed, purses and card backs say what they are and how they change.

Screenshots (artifacts/explains-<game>-<lang>-<width>.png) at 1280×800 and 390×844 in en, fr and zh.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from table_scenes import Scene, dumps, title_of
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "quartz"))
from quartz_play import clear_table, hand, new as new_quartz, touched  # noqa: E402

pytestmark = pytest.mark.browser
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture(scope="module")
def browser_and_url(tmp_path_factory):
    db = tmp_path_factory.mktemp("explains") / "arena.db"
    with live_server(f"sqlite:///{db}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        yield browser, base_url
        browser.close()


@pytest.fixture(scope="module", params=list(SIZES))
def page(request, browser_and_url):
    browser, base_url = browser_and_url
    width, height = SIZES[request.param]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.base_url, page.size = base_url, request.param
    yield page
    page.context.close()
    assert errors == [], errors


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"explains-{name}-{page.size}.png"), full_page=True)


# -- Quartz --------------------------------------------------------------------------------------------
def quartz_actions():
    """Seat to act has kept chest, chest, jackhammer, steal, steal with an empty cart and nothing in
    other carts but a chest: the chest and the steal cannot start, one jackhammer is too few."""
    state = clear_table(new_quartz(3, seed=2))
    seat = hand(state, ["chest", "chest", "jackhammer", "steal", "steal"])
    other = (seat + 1) % 3
    state.chests[other]["red"] = 2
    state.carts[other]["black"] = 1
    return touched(state), seat, other


@pytest.mark.parametrize("lang, why", [("en", "your cart holds no crystal to put in the chest"),
                                       ("fr", "votre chariot ne contient aucun cristal à mettre au coffre"),
                                       ("zh", "你的矿车里没有可放进宝箱的水晶")])
def test_quartz_a_face_that_cannot_be_used_is_a_disabled_button_with_its_reason(page, lang, why):
    state, seat, other = quartz_actions()
    scene = Scene(page, page.base_url, "quartz", state, lang)
    scene.draw(seat)
    refused = {el.get_attribute("data-face"): el for el in page.query_selector_all("#actions .qz-use-refused")}
    assert set(refused) == {"chest", "jackhammer", "steal"}, list(refused)
    assert all(el.query_selector("button[disabled]") for el in refused.values())
    assert refused["chest"].inner_text().strip().lower().endswith(why.lower()), refused["chest"].inner_text()
    assert not page.query_selector("#actions .qz-use")  # nothing usable: only End turn is offered
    # what a crystal is worth, and where a score comes from, are a hover away
    chest_gem = f'.qz-seat[data-seat="{other}"] .qz-chest .gem-red'
    cart_gem = f'.qz-seat[data-seat="{other}"] .qz-cart .gem-black'
    if lang == "en":
        assert title_of(page, chest_gem).startswith("red: 7 points each")
        assert "−3 points each" in title_of(page, cart_gem)
        assert "every unstable crystal mined brings one" in title_of(page, f'.qz-seat[data-seat="{seat}"] .qz-markers')
        score = title_of(page, f'.qz-seat[data-seat="{seat}"] .qz-score')
        assert score == f"{state.scores()[seat]['total']} = −Fewest in chest 5 (−5: the fewest crystals in a chest " \
                        "(every player tied for fewest loses 5))", score
        assert page.get_attribute(f'#scores li[data-seat="{seat}"]', "title") == score
    shoot(page, f"quartz-{lang}")


def test_quartz_no_reroll_left_says_why_and_the_chest_step_holds_its_answers(page):
    state = clear_table(new_quartz(3, seed=2))
    seat = state.to_act()[0]
    state.free_left, state.markers[seat] = 0, 0
    scene = Scene(page, page.base_url, "quartz", touched(state), "fr")
    scene.draw(seat)
    assert page.is_disabled("#reroll-none") and not page.query_selector("#reroll")
    assert "aucun marqueur de relance" in page.inner_text("#qz-reroll-refused")
    assert page.query_selector("#stop")  # keeping is still offered
    # the chest step: the bar says what it asks and holds a button per crystal that may go in
    state = clear_table(new_quartz(3, seed=2))
    seat = hand(state, ["chest", "chest", "chest", "pickaxe", "cart"])
    state.carts[seat].update(red=1, white=2)
    state.apply(seat, {"type": "use", "face": "chest"})
    scene = Scene(page, page.base_url, "quartz", state, "en")
    scene.draw(seat)
    assert "put it in your chest" in page.inner_text("#qz-ask")
    protect = {"type": "protect", "colour": "red"}
    assert page.query_selector(f"#actions .qz-protect[data-action='{dumps(protect)}']")
    assert scene.click(seat, f"#actions .qz-protect[data-action='{dumps(protect)}']") == protect
    assert state.chests[seat]["red"] == 1


# -- Crusade -------------------------------------------------------------------------------------------
sys.path.insert(0, str(TESTS / "crusade"))
from crusade_play import GAME as CRUSADE, T, table as crusade_table  # noqa: E402


@pytest.mark.parametrize("lang, why", [("en", "no Necromancer within 1 tile"), ("fr", "aucun Nécromancien"), ("zh", "死灵法师")])
def test_crusade_a_card_that_cannot_be_played_says_why_and_the_board_explains_itself(page, lang, why):
    state = crusade_table(4, graves={T(1, 1): ("nm", 2), T(3, 3): None, T(2, 4): "gk"},
                          pos={0: T(0, 0), 1: T(4, 1), 2: T(4, 4), 3: None},
                          hands={0: ["kick", "sprint"], 1: ["sacred_seal"], 2: ["boo", "glide"]}, turn=0)
    scene = Scene(page, page.base_url, "crusade", state, lang)
    scene.draw(0)
    kick = '#crusade-hand .crusade-card[data-card="kick"]'
    assert why in page.inner_text(f"{kick} .crusade-why-not")
    assert not page.query_selector('#crusade-hand .crusade-card[data-card="sprint"] .crusade-why-not')  # playable
    grave = f'.crusade-grave[data-tile="{T(1, 1)}"] > title'
    if lang == "en":
        assert page.text_content(grave) == ("Grave of the Necromancers: another team's player who ends a turn here "
                                            "captures it · Sealed for 2 more round(s): it cannot be captured until "
                                            "the seal fades or is broken")
        assert "+5 tokens" in page.text_content(".crusade-shed > title")
        assert "+1 per Grave held" in title_of(page, '.crusade-purse[data-team="gk"]')
        assert title_of(page, '.crusade-hand[data-seat="2"] .crusade-back') == "A hidden Tier I card"
    shoot(page, f"crusade-{lang}")


def test_crusade_a_tier_out_of_reach_in_the_shop_says_why(page):
    state = CRUSADE.new_state(4, 3, {})
    while state.phase != "shop":  # the first shop opens at the start of round 2
        seat = state.to_act()[0]
        state.apply(seat, next(a for a in state.legal_actions(seat) if a["type"] == "end"))
    seat = state.to_act()[0]
    team = state.teams[seat]
    state.purse[team] = 2 if team == "nm" else 4  # tier 3 out of reach, tier 1 not: the team still shops
    state.__dict__.pop("_legal_cache", None)
    scene = Scene(page, page.base_url, "crusade", state, "fr")
    scene.draw(seat)
    dear = '#crusade-shop .crusade-buy[data-tier="3"]'
    assert page.is_disabled(dear) and "votre équipe en a" in page.inner_text(dear)
    assert page.get_attribute(dear, "title") == page.inner_text(f"{dear} .crusade-why-not")
    assert page.query_selector("#crusade-done:not([disabled])")
    shoot(page, "crusade-shop-fr")
