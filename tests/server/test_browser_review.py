"""The replay page's Review tab in a real browser against a real server and its real review worker.

A two-player Pharaoh game (seat 0 played at random, seat 1 by the medium bot, through the registry)
is imported as a replay file and opened at /replay/file/{id}; the Review tab asks for seat 0's review,
shows its progress ("12 of 37 decisions") while the worker runs, then the chart and the decisions
that gave up the most chance, biggest first, in words; clicking the top one moves the replay to that
move as seat 0 saw it, and so does a point of the chart, by mouse and by keyboard. The page opened
again shows the finished review at once, in English, French and Chinese, at desktop and phone size
(screenshots under artifacts/screens/review-<desktop|phone>-<lang>.png, and one mid-way), without scrolling sideways
on the phone and without a serious accessibility violation. A finished table's replay (/replay/{id})
is reviewed the same way.

The reviews spend tiny budgets (ReviewSettings) so that one takes seconds; the seed is one whose
random seat makes moves the medium bot clearly beats, so that there are swings to click."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import sync_playwright

from cryptarena import games
from cryptarena.ai.agents import make_agent
from cryptarena.ai.review import Limits
from cryptarena.engine import Rng
from cryptarena.server.app import create_app
from cryptarena.server.reviews import ReviewSettings
from live_server import LiveClient, serving
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path
from test_browser_a11y import report, serious_violations
from test_reviews import finished_table

pytestmark = pytest.mark.browser

SCREENS = ARTIFACTS / "screens"
SEED = 23  # seat 0's random moves lose chances the medium bot's keep (two swings at moves 65 and 67)
# seconds high enough that every decision gets its 6 worlds however busy the machine: the same review each run
SETTINGS = ReviewSettings(limits=Limits(think=0.05, worlds=6, seconds=5.0, width=3), interval=0.05)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WORDS = {"en": ("Review", "Move"), "fr": ("Analyse", "Coup"), "zh": ("复盘", "第")}
REVIEW_TIMEOUT = 300_000  # ms: a review of 37 decisions on a loaded machine


def pharaoh_replay_file() -> dict:
    """A finished two-player Pharaoh game, as the replay file a table exports."""
    game = games.load("pharaoh")
    state = game.new_state(2, SEED, {})
    bots, rng = [make_agent("random", game), make_agent("medium", game)], Rng(SEED)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if len(legal) == 1 else bots[seat].act(state.view(seat), legal, rng))
    return {"kind": "cryptarena-replay", "game": "pharaoh", "players": 2, "seed": SEED, "options": {},
            "history": list(state.history),
            "seats": [{"seat": 0, "kind": "human", "name": "Ada", "agent": None},
                      {"seat": 1, "kind": "bot", "name": "medium", "agent": "medium"}]}


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('review') / 'arena.db'}"
    table_id, _ = finished_table(db)
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=1, review_settings=SETTINGS)) as base, \
            LiveClient(base) as client:
        imported = client.post("/api/replays", json=pharaoh_replay_file())
        assert imported.status_code == 201, imported.text
        yield base, imported.json()["id"], table_id


def replay_state(page) -> tuple[str, int]:
    return tuple(page.evaluate("[window.replay.perspective, window.replay.step]"))


def wait_for_result(page) -> None:
    page.wait_for_selector("#review-chart .review-point", timeout=REVIEW_TIMEOUT)


def no_raw_words(page) -> None:
    text = page.inner_text("#review-panel")
    assert not re.search(r"\b(?:ui|term)\.[a-z]", text) and "{" not in text and "undefined" not in text, text


def test_a_seat_is_reviewed_and_its_biggest_swing_shown_on_the_board(arena):
    base, replay_id, _ = arena
    SCREENS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with sync_playwright() as pw, LiveClient(base) as client:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport=DESKTOP).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(20_000)
        page.goto(f"{base}/")
        page.evaluate("localStorage.setItem('ca.lang', 'en')")
        page.goto(f"{base}/replay/file/{replay_id}")
        page.wait_for_selector("#replay-board .ph-map, #replay-board svg")
        assert page.is_hidden("#review-panel") and page.is_visible("#replay-log")

        # the tabs by keyboard: → from the log's tab opens the review's
        page.focus("#tab-log")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#review-panel:not([hidden]) #review-start")
        assert page.evaluate("document.activeElement.id") == "tab-review"
        assert page.get_attribute("#tab-review", "aria-selected") == "true" and page.is_hidden("#replay-log-panel")
        assert page.input_value("#review-seat") == "0" and page.input_value("#review-reviewer") == "hard"
        assert [o.inner_text() for o in page.query_selector_all("#review-seat option")] == ["Ada", "medium (bot)"]
        assert "tab=review" in page.url

        page.click("#review-start")
        page.wait_for_selector("#review-progress", timeout=60_000)  # the worker is under way: "n of 37"
        progress = page.inner_text("#review-status")
        assert re.search(r"\d+ of \d+ decisions", progress), progress
        page.screenshot(path=str(SCREENS / "review-desktop-progress-en.png"))
        wait_for_result(page)
        assert not page.query_selector("#review-progress") and not page.query_selector("#review-start")

        review_id = client.get(f"/api/replays/{replay_id}/reviews").json()["reviews"][0]["id"]
        review = client.get(f"/api/reviews/{review_id}").json()
        result = review["result"]
        rows = result["decisions"]
        assert review["status"] == "done" and len(rows) > 20
        lost = [i for i in result["ranked"] if rows[i]["swing"] > 0]
        assert lost, "the seeded game has no swing: nothing to click"
        assert len(page.query_selector_all("#review-chart .review-point")) == len(rows)
        assert len(page.query_selector_all("#review-chart .review-point-lost")) == len(lost)
        assert page.inner_text("#review-summary") == \
            f"Ada chose as the hard bot would, or as well, at {result['agreed']} of {len(rows)} decisions."

        # the list: biggest swing first, each in words, and a click shows the board before that move
        swings = page.query_selector_all("#review-swings .review-swing")
        assert [int(b.get_attribute("data-index")) for b in swings] == lost
        top = rows[lost[0]]
        first = swings[0].inner_text()
        assert first.startswith(f"Move {top['move']}")
        assert f"{round(100 * top['before'])}% → {round(100 * top['after'])}%" in first
        assert "Played: " in first and "Better: " in first and "{" not in first
        swings[0].click()
        page.wait_for_function(f"window.replay.perspective === '0' && window.replay.step === {top['move']}")
        assert page.inner_text("#replay-step") == str(top["move"])
        assert page.input_value("#replay-seat") == "0"
        assert "review-current" in page.get_attribute("#review-swings .review-swing", "class")
        # the log is the log up to that move, as seat 0 read it
        assert page.evaluate("(k) => document.querySelectorAll('#replay-log li').length === window.replay.data.frames[k].log",
                             top["move"])

        # a point of the chart, clicked, and the chart by keyboard (← → pick a decision, Enter shows it)
        page.click("#review-chart .review-point[data-index='0'] .review-hit")
        page.wait_for_function(f"window.replay.step === {rows[0]['move']}")
        page.focus("#review-chart")
        page.keyboard.press("ArrowRight")
        assert page.inner_text("#review-chart-caption").startswith(f"Move {rows[1]['move']}:")
        assert replay_state(page) == ("0", rows[0]["move"])  # picking is not showing: the arrow did not step the replay
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.replay.step === {rows[1]['move']}")

        # a finished review opens at once, in every language, at desktop and phone size
        for lang in WORDS:
            page.evaluate(f"localStorage.setItem('ca.lang', '{lang}')")
            page.goto(f"{base}/replay/file/{replay_id}?seat=0&step={top['move']}&tab=review")
            page.wait_for_selector("#review-chart .review-point", timeout=20_000)
            assert not page.query_selector("#review-start")
            tab, move = WORDS[lang]
            assert page.inner_text("#tab-review") == tab and page.inner_text("#review-swings").count(move) >= len(lost)
            no_raw_words(page)
            page.screenshot(path=str(SCREENS / f"review-desktop-{lang}.png"), full_page=True)
        found = serious_violations(page)
        assert not found, "axe-core found serious or critical violations:\n" + report({"review tab": found})
        page.select_option("#lang", "en")  # the language switched in place redraws the tab in that language
        page.wait_for_function("document.querySelector('#review-panel h3')?.textContent === 'Biggest swings'")
        assert page.inner_text("#tab-review") == "Review"
        assert len(page.query_selector_all("#review-swings .review-swing")) == len(lost)
        no_raw_words(page)

        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2).new_page()
        phone.on("pageerror", lambda exc: errors.append(str(exc)))
        phone.goto(f"{base}/")
        for lang in WORDS:
            phone.evaluate(f"localStorage.setItem('ca.lang', '{lang}')")
            phone.goto(f"{base}/replay/file/{replay_id}?tab=review")
            phone.wait_for_selector("#review-chart .review-point", timeout=20_000)
            assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, lang
            no_raw_words(phone)
            phone.screenshot(path=str(SCREENS / f"review-phone-{lang}.png"), full_page=True)
        phone.tap("#review-swings .review-swing")
        phone.wait_for_function(f"window.replay.perspective === '0' && window.replay.step === {top['move']}")
        # the board is above the tab on a phone: the page goes up to it
        phone.wait_for_function("(() => { const r = document.querySelector('.replay-controls').getBoundingClientRect();"
                                " return r.top >= 0 && r.bottom <= window.innerHeight; })()")
        phone.screenshot(path=str(SCREENS / "review-phone-jumped.png"))
        browser.close()
    assert errors == [], errors


def test_a_finished_table_is_reviewed_from_its_replay_page(arena):
    base, _, table_id = arena
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport=DESKTOP).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(20_000)
        page.goto(f"{base}/")
        page.evaluate("localStorage.setItem('ca.lang', 'en')")
        page.goto(f"{base}/replay/{table_id}?seat=1")
        page.wait_for_selector("#replay-board > *")
        page.click("#tab-review")
        page.wait_for_selector("#review-start")
        assert page.input_value("#review-seat") == "1"  # the seat the replay is seen by
        page.click("#review-start")
        wait_for_result(page)
        with LiveClient(base) as client:
            listed = client.get(f"/api/tables/{table_id}/reviews").json()["reviews"]
        assert [(r["seat"], r["status"]) for r in listed] == [(1, "done")]
        points = page.query_selector_all("#review-chart .review-point")
        assert points and len(points) == listed[0]["total"]
        no_raw_words(page)
        page.screenshot(path=str(SCREENS / "review-desktop-table-en.png"), full_page=True)
        last = points[-1]
        move = int(last.get_attribute("data-move"))
        page.click("#review-chart .review-point:last-child .review-hit")
        page.wait_for_function(f"window.replay.step === {move} && window.replay.perspective === '1'")
        # another seat: nothing asked for yet, so the button again
        page.select_option("#review-seat", "0")
        page.wait_for_selector("#review-start")
        assert not page.query_selector("#review-chart")
        browser.close()
    assert errors == [], errors
