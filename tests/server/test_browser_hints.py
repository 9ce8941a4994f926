"""Hints in a real browser: at a friendly Quartz table (one person, two bots) the person clicks Hint on
their turn, reads the move and their chance of winning, sees the move lit on the board, and plays it;
the hint goes with that move. A rated table shows no Hint button. Screenshots: artifacts/hint-desktop.png,
artifacts/hint-phone.png."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import sync_playwright

from live_server import serving
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path, lobby_page

from cryptarena.server.app import create_app

pytestmark = pytest.mark.browser


def quartz_table_with_bots(page, *, rated: bool) -> None:
    """From the lobby: a 3-seat Quartz table, the person in seat 0, medium bots in 1 and 2, started."""
    page.click('.create-table[data-game="quartz"]')
    page.select_option("#create-players", "3")
    page.set_checked("#create-rated", rated)
    page.click("#create-submit")
    page.wait_for_url("**/table/**")
    for seat in (1, 2):
        page.click(f'.seat-bot[data-seat="{seat}"]')
        page.wait_for_selector(f'#seats li.seat-bot[data-seat="{seat}"]')
    page.wait_for_selector("#start:not([hidden])")
    page.click("#start")
    page.wait_for_selector("#qz-seats .qz-seat")


def my_turn(page) -> None:
    page.wait_for_function("""() => { const s = window.cryptarena.state;
      return s && !s.over && s.to_act.includes(s.seat) && s.legal.length > 0; }""", timeout=30_000)


def test_a_hint_lights_the_move_says_the_chance_and_is_played(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.05, secret_key="test-secret", bot_think=1.0)
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        quartz_table_with_bots(page, rated=False)
        my_turn(page)
        page.wait_for_selector("#hint:not([hidden]):not([disabled])")
        assert page.text_content("#hint") == "Hint"
        version = page.evaluate("window.cryptarena.state.version")
        page.click("#hint")
        page.wait_for_selector("#hint-panel .hint-chance", timeout=30_000)
        chance = page.text_content("#hint-panel .hint-chance")
        assert re.fullmatch(r"Your estimated chance of winning from here: \d{1,3}%", chance), chance
        assert "medium bot" in page.text_content("#hint-panel .hint-about")
        # the move lit on the board is one of the legal moves, said in its element's words, and in view
        targets = page.query_selector_all("#board .hint-target")
        assert targets, "the hinted move is not lit on the board"
        action = json.loads(targets[0].get_attribute("data-action"))
        assert action in page.evaluate("window.cryptarena.state.legal")
        move = page.text_content("#hint-panel .hint-move")
        assert move.startswith("Suggested move: ") and "not drawn" not in move, move
        box = targets[0].bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
        assert page.evaluate("window.cryptarena.state.version") == version
        page.screenshot(path=str(ARTIFACTS / "hint-desktop.png"))

        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(100)  # the layout settles after the resize
        targets[0].scroll_into_view_if_needed()
        assert page.query_selector("#board .hint-target")  # still lit after the page laid itself out again
        page.screenshot(path=str(ARTIFACTS / "hint-phone.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1, "the page is wider than a phone"

        page.click("#board .hint-target")  # play it: the table takes it (it is the person's turn: nobody else moves)
        page.wait_for_function("(v) => window.cryptarena.state.version > v", arg=version)
        page.wait_for_selector("#hint-panel", state="hidden")
        assert not page.query_selector("#board .hint-target")
        assert not page.query_selector(".toast-error"), page.text_content(".toast-error")
        assert errors == []


def test_a_rated_table_shows_no_hint_button(tmp_path):
    errors: list[str] = []
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.05, secret_key="test-secret", bot_think=1.0)
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        quartz_table_with_bots(page, rated=True)
        my_turn(page)
        assert page.evaluate("window.cryptarena.table.hints") is False
        assert page.is_hidden("#hint") and page.is_hidden("#hint-panel")
        # a seat without a clock shows no stray word where its clock would be
        assert "null" not in page.inner_text("#seats")
        assert errors == []
