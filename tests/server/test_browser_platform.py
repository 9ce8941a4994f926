"""The platform in a real browser: a person opens the lobby, creates an account (a refused password
first, shown in words), creates a rated two-seat Midas table with a bot from the lobby and plays it to
the end by clicking, finds it under My games, opens its replay (steps back and forth, plays, sees it
from the bot's seat and from every seat, jumps to the end, downloads the file and imports it again),
then their profile shows the game with a rating that moved and the leaderboard lists them and the bot.
No page may raise a script error or log one to the console."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import CHROMIUM_FLAGS, add_bot, chromium_path
from test_browser_midas import SNAPSHOT, take_a_turn

pytestmark = pytest.mark.browser

STEP = "document.querySelector('#replay-step').textContent"
BOARD = "() => document.querySelector('#replay-board').innerHTML"


def watch_errors(page, errors: list[str]) -> None:
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # a refused request (the 401 before any session, the refused password) is logged by chromium as a
    # failed resource: that is the API answering, not the page failing
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None)


def register(page) -> None:
    page.click("#account-register-open")
    page.fill("#account-name", "Ada")
    page.fill("#account-pass", "short")
    page.click("#account-submit")
    page.wait_for_function("document.querySelector('#account-error')?.textContent.includes('8 to 256 characters')")
    page.fill("#account-pass", "correct horse battery")
    page.click("#account-submit")
    page.wait_for_selector("#account-tag")
    assert page.inner_text("#session-name") == "Ada"
    assert not page.query_selector("#account-dialog")
    page.wait_for_selector("#mine-lists:not([hidden])")


def play_to_the_end(page) -> None:
    seen: dict = {}
    for _ in range(3000):
        if page.query_selector("#rematch"):
            return
        snap = page.evaluate(SNAPSHOT)
        acted = take_a_turn(page, snap, seen) if snap else False
        page.wait_for_timeout(30 if acted else 80)
    raise AssertionError("the game of Midas did not reach its end in the browser")


def step_to(page, step: int) -> None:
    page.wait_for_function(f"{STEP} === '{step}'")


def check_the_replay(page, table_id: str) -> None:
    page.wait_for_selector("#replay-board #midas")
    assert page.input_value("#replay-seat") == "0"  # the person who played sees it from their own seat
    total = int(page.inner_text("#replay-total"))
    assert total > 10 and page.inner_text("#replay-step") == "0"
    assert page.is_disabled("#replay-back")
    logged = "(k) => document.querySelectorAll('#replay-log li').length === window.replay.data.frames[k].log"
    boards = [page.evaluate(BOARD)]
    for step in (1, 2):
        page.click("#replay-forward")
        step_to(page, step)
        page.wait_for_function(logged, arg=step)
        boards.append(page.evaluate(BOARD))
    assert boards[0] != boards[1] != boards[2], "the board was not redrawn for the next move"
    page.click("#replay-back")
    step_to(page, 1)
    assert page.evaluate(BOARD) == boards[1]  # the same frame draws the same board
    assert page.query_selector_all("#replay-log li.log-new")

    page.select_option("#replay-seat", "1")  # the bot's seat: its dice face up, the person's hidden
    page.wait_for_function("window.replay.perspective === '1'")
    page.wait_for_selector('#replay-board .midas-seat.me[data-seat="1"] .midas-cup-mine')
    assert len(page.query_selector_all('#replay-board .midas-seat[data-seat="0"] .midas-die-hidden')) == 5
    assert page.inner_text("#replay-step") == "1"
    page.select_option("#replay-seat", "all")  # one board per seat, each under its seat's name
    page.wait_for_function("document.querySelectorAll('#replay-board .replay-seat').length === 2")
    assert [el.inner_text() for el in page.query_selector_all(".replay-seat-name")] == ["Ada", "medium (bot)"]
    for seat in (0, 1):
        assert page.query_selector(f'.replay-seat[data-seat="{seat}"] .midas-seat.me[data-seat="{seat}"] .midas-cup-mine')

    page.focus("#replay-jump")
    page.keyboard.press("End")  # the slider to its end: the final scores
    step_to(page, total)
    page.wait_for_selector("#replay-result #replay-breakdown")
    assert "Game over" in page.inner_text("#replay-banner")
    assert len(page.query_selector_all("#replay-log li")) == page.evaluate("window.replay.data.log.length")
    assert page.is_disabled("#replay-forward")
    totals = sorted(int(td.inner_text()) for td in page.query_selector_all("#replay-breakdown td.total"))
    assert totals == [0, 1], totals

    page.focus("#replay-jump")
    page.keyboard.press("Home")
    step_to(page, 0)
    page.select_option("#replay-speed", "250")
    page.click("#replay-play")
    page.wait_for_function(f"Number({STEP}) >= 2")
    page.click("#replay-play")  # pause
    assert page.get_attribute("#replay-play", "data-playing") == "false"
    paused = page.inner_text("#replay-step")
    page.wait_for_timeout(600)
    assert page.inner_text("#replay-step") == paused

    href = page.get_attribute("#replay-download", "href")
    assert href == f"/api/tables/{table_id}/replay-file"
    data = page.evaluate("(url) => fetch(url).then((r) => r.json())", href)
    assert data["kind"] == "cryptarena-replay" and data["game"] == "midas" and len(data["history"]) >= total


def test_a_person_registers_plays_and_finds_the_replay_profile_and_leaderboard(tmp_path):
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.02) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-US").new_page()
        page.set_default_timeout(15_000)
        watch_errors(page, errors)
        page.goto(base_url + "/")
        register(page)

        page.click('.create-table[data-game="midas"]')
        page.select_option("#create-players", "2")
        assert page.is_checked("#create-rated") and page.is_checked("#create-spectators")
        page.click("#create-submit")
        page.wait_for_url("**/table/**")
        table_id = page.url.rstrip("/").split("/")[-1]
        page.wait_for_selector('.seat-agent[data-seat="1"]')
        add_bot(page, 1, "medium")
        page.wait_for_selector("#start:not([hidden])")
        page.click("#start")
        page.wait_for_selector("#midas-seats .midas-seat")
        play_to_the_end(page)
        assert page.get_attribute("#result-replay", "href") == f"/replay/{table_id}"

        page.click("a.brand")  # back to the lobby: the game is under My games, with its result
        row = f'#my-finished li[data-table="{table_id}"]'
        page.wait_for_selector(row)
        assert re.search(r"-?\d+\.\d → -?\d+\.\d", page.inner_text(f"{row} .rating-change"))
        assert "medium (bot)" in page.inner_text(row)
        page.click(f"{row} a.replay-link")
        page.wait_for_url(f"**/replay/{table_id}**")
        check_the_replay(page, table_id)

        page.goto(base_url + "/")  # the file downloaded comes back in through the lobby
        page.wait_for_selector("#replay-import")
        replay_file = page.request.get(f"{base_url}/api/tables/{table_id}/replay-file").body()
        page.set_input_files("#replay-import", files=[{"name": "midas.replay.json", "mimeType": "application/json",
                                                       "buffer": replay_file}])
        page.wait_for_url("**/replay/file/**")
        page.wait_for_selector("#replay-board #midas")
        assert page.is_hidden("#replay-download") and page.input_value("#replay-seat") == "spectator"

        page.goto(base_url + "/")
        page.wait_for_selector("#my-profile:not([hidden])")
        page.click("#my-profile")
        page.wait_for_url("**/players/**")
        page.wait_for_selector('#profile-games tr[data-game="midas"]')
        assert page.inner_text("#profile-name") == "Ada"
        assert page.inner_text('#profile-games tr[data-game="midas"] .played') == "1"
        assert re.fullmatch(r"-?\d+\.\d", page.inner_text('#profile-games tr[data-game="midas"] .profile-rating[data-class="2"]'))
        recent = f'#profile-recent tr[data-table="{table_id}"]'
        change = page.query_selector(f"{recent} .rating-change")
        before, after = float(change.get_attribute("data-before")), float(change.get_attribute("data-after"))
        assert before != after and "→" in change.inner_text()
        assert page.get_attribute(f"{recent} a.replay-link", "href") == f"/replay/{table_id}"
        player_id = page.url.split("/players/")[1].split("?")[0]

        page.click('#profile-games tr[data-game="midas"] th a')  # the game's leaderboard
        page.wait_for_url("**/leaderboard/midas**")
        page.wait_for_selector("#leaderboard-rows tr[data-key]")
        keys = {tr.get_attribute("data-key") for tr in page.query_selector_all("#leaderboard-rows tr[data-key]")}
        assert keys == {f"player:{player_id}", "bot:medium"}, keys
        assert page.input_value("#leaderboard-class") == "2"
        assert page.inner_text('#leaderboard-rows tr[data-key="bot:medium"] td:nth-child(2)') == "medium (bot)"
        person = page.query_selector(f'#leaderboard-rows tr[data-key="player:{player_id}"] a')
        assert person.inner_text() == "Ada" and person.get_attribute("href") == f"/players/{player_id}"
        page.select_option("#leaderboard-class", "3+")
        page.wait_for_function("!document.querySelector('#leaderboard-rows tr[data-key]')")
        assert "players=3%2B" in page.url or "players=3+" in page.url
        browser.close()
    assert errors == [], errors
