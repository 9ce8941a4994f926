"""End to end in a real browser: Playwright driving Debian's chromium against a real server.

Two people (two browser contexts) create and join a table by its invite link, a bot takes the third
seat, and they play a whole game of Crypt by clicking the page, to the final scores. Screenshots of
the lobby, mid-game and the end go to artifacts/. A missing browser is a failure, not a skip: the
project's setup installs Debian's chromium.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from live_server import live_server

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "Debian's chromium is not installed: run `make setup` (it installs it) or apt-get install chromium"
    return path


def assert_result_in_view(page) -> None:
    """The end of a game (result, Rematch, replay link) is on screen at 1280×800 without scrolling."""
    page.set_viewport_size({"width": 1280, "height": 800})
    boxes = page.evaluate("""() => ['#result h2', '#rematch', '#result-replay'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect(); return [s, r.top, r.bottom]; })""")
    for selector, top, bottom in boxes:
        assert 0 <= top and bottom <= 800, (selector, top, bottom)


def lobby_page(browser, base_url: str, errors: list[str], name: str = "Ada", width: int = 1280,
               height: int = 1000):
    """A page of its own (a new browser context) signed in on the lobby as `name`; the page's
    script errors are appended to `errors`."""
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(15_000)
    page.goto(base_url + "/")
    page.fill("#guest-name", name)
    page.click("#guest-name-ok")
    page.wait_for_selector("#session-name")
    return page


def add_bot(page, seat: int, agent: str) -> None:
    """Seat a bot of `agent` at an empty seat from the table page. The seat list is redrawn every 2 s
    while the table is open, which resets its select: choose and click within one task so no redraw
    can come between them."""
    page.evaluate("""([seat, agent]) => {
      const select = document.querySelector(`.seat-agent[data-seat="${seat}"]`);
      select.value = agent;
      select.dispatchEvent(new Event("change", { bubbles: true }));
      document.querySelector(`button.seat-bot[data-seat="${seat}"]`).click();
    }""", [seat, agent])
    page.wait_for_selector(f'#seats li.seat-bot[data-seat="{seat}"]')


def click_if_present(element) -> bool:
    """Click an element found a moment ago. The page redraws on every state message (a bot's move),
    so the element may be gone by now: that is no failure, the caller looks again."""
    if element is None:
        return False
    try:
        element.click(timeout=3_000)
        return True
    except PlaywrightError:
        return False


def take_a_turn(page) -> bool:
    """Click through one decision if this page has one; True if it clicked something."""
    if click_if_present(page.query_selector("#confirm")):
        return True
    card = page.query_selector(".crypt-card.selectable")
    if card:
        if not page.query_selector(".die-btn:not([disabled])"):
            click_if_present(card)
        efforts = page.query_selector_all(".die-btn:not([disabled])")
        if efforts and click_if_present(efforts[len(efforts) // 2]):
            return True
    for selector in ("#recover", ".idol-reroll", "#pass", ".pottery-take"):
        if click_if_present(page.query_selector(selector)):
            return True
    return False


def test_two_friends_and_a_bot_play_a_whole_game_in_the_browser(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.05) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)

        def new_page(width=1280, height=900):
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.set_default_timeout(15_000)
            return page

        ada = new_page()
        ada.goto(base_url + "/")
        ada.fill("#guest-name", "Ada")
        ada.click("#guest-name-ok")
        ada.wait_for_selector("#session-name")
        ada.screenshot(path=str(ARTIFACTS / "lobby.png"), full_page=True)
        ada.click('.create-table[data-game="crypt"]')
        ada.select_option("#create-players", "3")
        ada.click("#create-submit")
        ada.wait_for_url("**/table/**")
        ada.wait_for_function("(document.querySelector('#invite-link') || {}).value?.includes('/table/')")
        invite = ada.input_value("#invite-link")
        assert "/table/" in invite

        bo = new_page(420, 900)  # the friend opens the invite link, on a phone-sized screen
        bo.goto(invite)
        bo.click('.seat-join[data-seat="1"]')
        bo.fill("#name-input", "Bo")
        bo.click("#name-ok")
        ada.click('.seat-bot[data-seat="2"]')
        ada.wait_for_selector("#start:not([hidden])")
        ada.click("#start")
        ada.wait_for_selector(".crypt-card")

        clicks = 0
        for step in range(2000):
            if ada.query_selector("#rematch") and bo.query_selector("#rematch"):
                break
            acted = take_a_turn(ada) or take_a_turn(bo)
            clicks += acted
            if clicks == 15:
                ada.screenshot(path=str(ARTIFACTS / "mid-game.png"), full_page=True)
                bo.screenshot(path=str(ARTIFACTS / "mid-game-phone.png"), full_page=True)
            ada.wait_for_timeout(60 if acted else 150)
        else:
            raise AssertionError("the game did not reach its end in the browser")

        ada.wait_for_selector("#score-breakdown")
        assert_result_in_view(ada)
        ada.screenshot(path=str(ARTIFACTS / "end.png"), full_page=True)
        breakdown = ada.inner_text("#score-breakdown")
        for word in ("Ada", "Bo", "medium", "Treasure", "Servants", "Total"):
            assert word in breakdown and word in bo.inner_text("#score-breakdown")
        keys = {row.get_attribute("data-key") for row in ada.query_selector_all("#score-breakdown tr[data-key]")}
        assert keys == {"treasure", "servants", "idol", "jewelry", "manuscript", "pottery", "remains", "tapestry"}
        assert clicks > 10
        assert len(ada.query_selector_all("#log li")) > 50
        # a log line's hover gives the rule behind it: a collect, how dice become exhausted
        assert "below its effort it is exhausted" in (ada.get_attribute("#log li.log-crypt-collect", "title") or "")
        browser.close()
    assert errors == [], errors
    for name in ("lobby.png", "mid-game.png", "end.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000
