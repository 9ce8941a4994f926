"""Every tutorial end to end in a real browser, as a newcomer takes it: "Learn to play" on the lobby
tile opens a lesson table; the guide's pages are read with Next; on each asked move the guide points
at something on the table (a highlighted element a person can see), a wrong move is explained in the
guide and sent nowhere, and the asked move is made by clicking what a person would click (the
element carrying the action, or the lesson's `do` clicks). At the end the lobby tile is ticked.
Lessons alternate between a desktop (clicks) and a phone-sized touch screen (taps), and the three
languages.
Screenshots: artifacts/tutorials/<lesson>-<step>.png."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import sync_playwright

from cryptarena import tutorials
from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path

pytestmark = pytest.mark.browser

SCREENS = [((1280, 800), "en"), ((390, 844), "fr"), ((1280, 800), "zh")]


@pytest.fixture(scope="module")
def browser_and_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("lessons") / "arena.db"
    with live_server(f"sqlite:///{db}", bot_delay=0) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        yield browser, base_url
        browser.close()


def press(page, target) -> None:
    """A click, or on a touch screen a tap (a selector or an element)."""
    touch = page.evaluate("matchMedia('(pointer: coarse)').matches")
    if isinstance(target, str):
        page.tap(target) if touch else page.click(target)
    else:
        target.tap() if touch else target.click()


def make_the_move(page, guide: dict) -> None:
    """Press what a person presses to make the asked move: the lesson's `do` in turn (a press may
    redraw the board, so each is looked up when it is made), else the element carrying the action."""
    if guide.get("do"):
        for selector in guide["do"]:
            press(page, selector)
        return
    wanted = guide["expect"][0]
    for element in page.query_selector_all("#board [data-action]"):
        if json.loads(element.get_attribute("data-action")) == wanted and element.is_visible():
            press(page, element)
            return
    raise AssertionError(f"step {guide['step']}: nothing on the table makes {wanted}")


def a_wrong_move(page, guide: dict):
    """A visible, enabled element of the board that sends another legal move than the one asked for."""
    for element in page.query_selector_all("#board [data-action]"):
        action = json.loads(element.get_attribute("data-action"))
        if action not in guide["expect"] and element.is_visible() and element.is_enabled() \
                and action in page.evaluate("window.cryptarena.state.legal"):
            return element
    return None


@pytest.mark.parametrize("index,tutorial_id", list(enumerate(tutorials.ids())))
def test_a_newcomer_takes_the_lesson_from_the_lobby_to_the_tick(browser_and_server, index, tutorial_id):
    browser, base_url = browser_and_server
    (width, height), lang = SCREENS[index % len(SCREENS)]
    lesson = tutorials.load(tutorial_id)
    shots = ARTIFACTS / "tutorials"
    shots.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 700,
                                  is_mobile=width < 700)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(15_000)
    page.goto(base_url + "/")
    page.evaluate(f"localStorage.setItem('ca.lang', '{lang}')")
    page.goto(base_url + "/")
    page.fill("#guest-name", f"Learner{index}")
    page.click("#guest-name-ok")
    page.wait_for_selector("#session-name")
    learn = f'.game-tile[data-game="{lesson.game_id}"] .learn-link[data-tutorial="{tutorial_id}"]'
    assert page.wait_for_selector(learn).get_attribute("data-done") == "false"
    page.click(learn)
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#guide:not([hidden])")
    assert lesson.title[lang] in page.inner_text("#guide")

    wrong_tried = pages_read = 0
    for _ in range(400):
        guide = page.evaluate("window.cryptarena.state.tutorial")
        if page.query_selector("#guide-next"):
            assert page.inner_text("#guide-text").strip()
            press(page, "#guide-next")
            pages_read += 1
            continue
        if guide["done"]:
            break
        step = guide["step"]
        # the asked move's page points at something a person can see
        page.wait_for_function("[...document.querySelectorAll('.guide-target')].some((el) => el.getClientRects().length)")
        if step % 4 == 1:
            page.screenshot(path=str(shots / f"{tutorial_id}-{step:02d}-{lang}.png"))
        wrong = a_wrong_move(page, guide) if not guide.get("do") and wrong_tried < 3 else None
        if wrong is not None:
            version = page.evaluate("window.cryptarena.state.version")
            press(page, wrong)
            page.wait_for_selector("#guide-wrong")
            assert page.evaluate("window.cryptarena.state.version") == version  # nothing was sent
            wrong_tried += 1
        make_the_move(page, guide)
        page.wait_for_function(f"window.cryptarena.state.tutorial.step > {step}")
    else:
        raise AssertionError("the lesson did not come to its end")
    assert guide["step"] == len(lesson.asked())
    assert pages_read >= len(lesson.asked()) // 2
    page.screenshot(path=str(shots / f"{tutorial_id}-end-{lang}.png"))
    assert page.query_selector("#guide-play") and page.query_selector("#guide-lobby")
    if width < 700:  # a phone's page is no wider than its screen
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")
    if index == 0:  # what was learnt, at once: a game against bots, three players by default (two bots)
        lesson_table = page.evaluate("window.cryptarena.table.id")
        players = int(page.input_value("#guide-players"))
        assert players == 3 and lesson.players == 2
        page.click("#guide-play")
        page.wait_for_function(f"window.cryptarena?.table && window.cryptarena.table.id !== '{lesson_table}' "
                               "&& window.cryptarena.state?.view")
        table = page.evaluate("window.cryptarena.table")
        assert table["status"] == "playing" and table["tutorial"] is None and not table["rated"]
        assert [s["kind"] for s in table["seats"]] == ["human"] + ["bot"] * (players - 1)
        assert page.evaluate("window.cryptarena.state.seat") == 0
        page.goto(base_url + "/")
    else:
        page.click("#guide-lobby")
    tick = page.wait_for_selector(f'.learn-link[data-tutorial="{tutorial_id}"]')
    assert tick.get_attribute("data-done") == "true" and "✓" in tick.inner_text()
    assert errors == [], errors
    context.close()


def test_the_log_says_what_its_lines_name(browser_and_server):
    """A log line naming a die face, a card or a hex carries what it does: as its hover title, and
    behind its ⓘ button (a touch screen has no hover), still open after the log is redrawn."""
    browser, base_url = browser_and_server
    words = json.loads((tutorials.HERE.parent / "games" / "quartz" / "messages.json").read_text(encoding="utf-8"))
    pickaxe = words["fr"]["ui.quartz.does_pickaxe"]
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(base_url + "/")
    page.evaluate("localStorage.setItem('ca.lang', 'fr')")
    page.goto(base_url + "/")
    page.fill("#guest-name", "Reader")
    page.click("#guest-name-ok")
    page.wait_for_selector("#session-name")
    page.click('.learn-link[data-tutorial="quartz"]')
    page.wait_for_selector("#guide:not([hidden])")
    line = page.wait_for_selector("#log li.log-quartz-use.log-explained")  # "Cora uses the pickaxe"
    assert pickaxe in line.get_attribute("title")
    assert not line.query_selector(".log-detail").is_visible()
    line.query_selector(".log-info").click()
    seq = line.get_attribute("data-seq")
    assert pickaxe in page.inner_text(f'#log li[data-seq="{seq}"] .log-detail')
    guide = page.evaluate("window.cryptarena.state.tutorial")
    make_the_move(page, guide)  # a new state: the log is drawn again
    page.wait_for_function(f"window.cryptarena.state.tutorial.step > {guide['step']}")
    assert page.is_visible(f'#log li[data-seq="{seq}"] .log-detail')
    assert page.get_attribute(f'#log li[data-seq="{seq}"] .log-info', "aria-expanded") == "true"
    page.context.close()
