"""Leavers and clocks in a real browser: a person creates a live Quartz table with a clock from the
lobby (5 minutes + 30 s a turn: the clock shows on the table page, beside each person and as their
own), leaves, is replaced by a bot past the grace period, and on coming back is told so and takes the
seat back with one click."""

from __future__ import annotations

import re
import time

import httpx
import pytest
from playwright.sync_api import sync_playwright

from cryptarena.server.app import create_app
from live_server import serving
from test_browser import CHROMIUM_FLAGS, chromium_path, lobby_page

pytestmark = pytest.mark.browser


def wait_until(check, what: str, limit: float = 90.0, show=lambda: None):
    deadline = time.monotonic() + limit  # only so a broken server cannot hang the suite
    while not check():
        assert time.monotonic() < deadline, f"never: {what}; at the end: {show()}"
        time.sleep(0.1)


def test_a_person_leaves_a_bot_plays_for_them_and_they_take_the_seat_back(tmp_path):
    errors: list[str] = []
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.5, secret_key="test-secret", grace=1.0)
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        context = page.context
        page.click('.create-table[data-game="quartz"]')
        assert page.is_checked("#create-pace-live")  # live unless the person chooses otherwise
        page.select_option("#create-clock", "300:30")
        page.click("#create-submit")
        page.wait_for_url("**/table/**")
        table_id = page.url.rstrip("/").split("/")[-1]
        for seat in (1, 2):
            page.click(f'.seat-bot[data-seat="{seat}"]')
            page.wait_for_selector(f'#seats li.seat-bot[data-seat="{seat}"]')
        page.click("#start")
        page.wait_for_selector("#clock:not([hidden])")
        assert re.fullmatch(r"Your clock: [45]:\d\d", page.inner_text("#clock")), page.inner_text("#clock")
        assert page.query_selector('.seat-clock[data-seat="0"]')
        table = httpx.get(f"{base_url}/api/tables/{table_id}").json()
        assert table["pace"] == "live" and table["clock"] == {"reserve": 300, "increment": 30, "on_timeout": "bot"}
        assert table["seats"][0]["away"] is None

        page.close()  # Ada leaves (her seat token stays in the browser's storage)
        wait_until(lambda: httpx.get(f"{base_url}/api/tables/{table_id}").json()["seats"][0]["away"] == "disconnected",
                   "the seat was given to a bot", show=lambda: httpx.get(f"{base_url}/api/tables/{table_id}").json())

        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base_url}/table/{table_id}")
        page.wait_for_selector("#stand-in:not([hidden])")
        assert "away too long" in page.inner_text("#stand-in-text")
        assert page.query_selector('#seats li[data-seat="0"] .away-tag')
        page.click("#take-back")
        page.wait_for_selector("#stand-in", state="hidden")
        wait_until(lambda: httpx.get(f"{base_url}/api/tables/{table_id}").json()["seats"][0]["away"] is None,
                   "the seat was taken back", show=lambda: (httpx.get(f"{base_url}/api/tables/{table_id}").json(),
                                                            page.inner_text("#banner"), errors))
        assert not page.query_selector('#seats li[data-seat="0"] .away-tag')
        browser.close()
    assert not errors, errors
