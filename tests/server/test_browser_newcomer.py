"""A person who has never seen Pharaoh, on a phone, by taps alone and without opening the rules:
the lobby's "Learn to play" for part 1, every page of the guide and every asked move, then from the
guide's last page a game against two bots, whose first turns they play by taps from what the table
offers. (A whole Pharaoh game against two bots by taps is test_browser_phone.py's.)"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import sync_playwright

from cryptarena import tutorials
from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path
from test_browser_phone import PHONE, SNAPSHOT, offered, pharaoh_turn, tap_action
from test_browser_tutorials import make_the_move

pytestmark = pytest.mark.browser


def test_a_newcomer_learns_pharaoh_then_plays_two_bots_on_a_phone_by_taps(tmp_path):
    lesson = tutorials.load("pharaoh-1")
    errors: list[str] = []
    shots = ARTIFACTS / "newcomer"
    shots.mkdir(parents=True, exist_ok=True)
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15_000)
        page.goto(base_url + "/")
        page.fill("#guest-name", "Newcomer")
        page.tap("#guest-name-ok")
        page.wait_for_selector("#session-name")
        page.tap('.game-tile[data-game="pharaoh"] .learn-link[data-tutorial="pharaoh-1"]')
        page.wait_for_selector("#guide:not([hidden])")
        for _ in range(200):
            guide = page.evaluate("window.cryptarena.state.tutorial")
            if page.query_selector("#guide-next"):
                page.tap("#guide-next")
                continue
            if guide["done"]:
                break
            make_the_move(page, guide)
            page.wait_for_function(f"window.cryptarena.state.tutorial.step > {guide['step']}")
        assert guide["done"] and guide["step"] == len(lesson.asked())
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")
        page.screenshot(path=str(shots / "lesson-end.png"))

        # two bots: three players, the default the guide offers after a lesson of two
        assert page.input_value("#guide-players") == "3"
        page.tap("#guide-play")
        page.wait_for_function("window.cryptarena.table && !window.cryptarena.table.tutorial && window.cryptarena.state?.view")
        table = page.evaluate("window.cryptarena.table")
        assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot"] and table["status"] == "playing"

        rng, memo, tapped = random.Random(5), {}, []
        untappable: dict[int, set] = {}  # per version, what a tap could not reach: choose something else
        for _ in range(600):
            snap = page.evaluate(SNAPSHOT)
            if snap is None or not snap["legal"] or snap["busy"]:
                page.wait_for_timeout(40)
                continue
            assert snap["wide"] <= 0, f"the page scrolls sideways by {snap['wide']} px"
            missed = untappable.setdefault(snap["version"], set())
            choices = [a for a in offered(snap) if json.dumps(a, sort_keys=True) not in missed]
            action = pharaoh_turn(page, snap, choices, memo, rng)
            if action is not None and tap_action(page, action):
                tapped.append(action["type"])
                page.wait_for_function("(v) => !window.cryptarena.busy && window.cryptarena.state.version > v",
                                       arg=snap["version"])
            elif action is not None:  # a redraw may take an element away; a tap that fails again is a defect
                missed.add(json.dumps(action, sort_keys=True))
                assert len(missed) < 5, f"nothing offered could be tapped at version {snap['version']}: {missed}"
            if len(tapped) >= 25 or snap["over"]:
                break
        page.screenshot(path=str(shots / "first-game.png"))
        assert len(tapped) >= 25 or page.evaluate("window.cryptarena.state.over"), tapped
        # set-up by one tap, then whole turns of several kinds of decision (the table's seed is drawn
        # at random, so which ones differs from run to run)
        assert tapped[0] == "pick" and len(set(tapped) - {"pick"}) >= 4, tapped
        browser.close()
    assert errors == [], errors
