"""Turn-based play in a real browser, on a server whose time the test moves (no sleeping).

The issue's scenario: Ada creates a turn-based Crypt table from the lobby (the pace chosen in the
form, its default clock and rule shown), Bo finds it in the lobby's list by its pace and joins, Ada
moves and closes the page, days pass (nobody is replaced for a closed browser), Bo moves; Ada opens
the lobby and finds "your move at 1 table" first on the page and "(1)" in its title, follows Next
table, sees the clock the state gives her (about 1 day left of a 3-day reserve after 2 days), plays,
and her clock is credited its increment. While her page is in the background, it becomes her move
again: the browser notifies her; her lobby in a background tab does too when her count rises.
A vote: three people, one runs out of time, the other two see Skip and Expel with what each means
and the tally; two votes to expel carry it, the seat says expelled everywhere, and the expelled
person is told so and offered no Take back; at a table of two, one vote to skip lets a bot play that
turn and gives the seat back. The create form's usual length, from recorded games."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
from playwright.sync_api import sync_playwright

from cryptarena.server.app import create_app
from fake_clock import FakeClock, sweep_now
from live_server import serving
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path, lobby_page, take_a_turn

pytestmark = pytest.mark.browser

HOUR, DAY = 3600, 86400
SHOTS = ARTIFACTS / "turn-based"

# The page's background, for the browser notifications: a headless page is always in front, so the
# test says when it is not (document.hidden), and records each notification as it is made.
BACKGROUND = """
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get() { return window.__hidden; } });
Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get() { return window.__hidden ? "hidden" : "visible"; } });
window.__notes = [];
if (window.Notification) {
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) { window.__notes.push({ title, body: options && options.body, tag: options && options.tag }); super(title, options); }
  };
}
"""


def new_person(browser, base_url, errors, name, width=1280, height=1000):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.grant_permissions(["notifications"], origin=base_url)
    context.add_init_script(BACKGROUND)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{name}: {exc}"))
    page.set_default_timeout(15_000)
    page.goto(base_url + "/")
    page.fill("#guest-name", name)
    page.click("#guest-name-ok")
    page.wait_for_selector("#session-name")
    return page


def state(page) -> dict:
    return page.evaluate("""() => { const s = window.cryptarena.state;
      return s && { version: s.version, seat: s.seat, to_act: s.to_act, clocks: s.clocks || null, votes: s.votes || null }; }""")


def wait_for_move(page, seat: int, limit: int = 30_000) -> None:
    page.wait_for_function("(seat) => (window.cryptarena.state?.to_act || []).includes(seat)", arg=seat, timeout=limit)


def play_turn(page, seat: int) -> None:
    """Click through this person's whole turn (a claim, its effort, the confirm), until the table
    waits for someone else."""
    for _ in range(300):
        st = state(page)
        if seat not in st["to_act"]:
            return
        take_a_turn(page)
        page.wait_for_timeout(80)
    raise AssertionError(f"seat {seat}'s turn never ended: {state(page)}")


def shown_seconds(text: str) -> int:
    """The time a turn-based clock shows, in seconds ("1 d 0 h", "23 h 59 min", "12 min")."""
    units = {"d": DAY, "h": HOUR, "min": 60, "s": 1}
    found = re.findall(r"(\d+)\s*(d|h|min|s)\b", text)
    assert found, text
    return sum(int(n) * units[u] for n, u in found)


def test_a_turn_based_table_found_again_in_the_lobby_and_played(tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    fake = FakeClock(datetime.now(timezone.utc).replace(microsecond=0))
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.05, secret_key="test-secret", grace=1.0,
                     clock=fake.now)
    errors: list[str] = []
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        ada = new_person(browser, base_url, errors, "Ada")
        ada.click('.create-table[data-game="crypt"]')
        ada.select_option("#create-players", "2")
        ada.check("#create-pace-turn-based")
        # the pace's own clocks, its default (3 days + 1 day a turn), its rule at 0 (a vote), its length
        assert ada.input_value("#create-clock") == f"{3 * DAY}:{DAY}"
        assert ada.input_value("#create-timeout") == "vote"
        assert "usual choice for turn-based" in ada.inner_text("#create-timeout-field")
        assert "expel: a bot plays to the end" in ada.inner_text("#create-timeout-field")
        ada.wait_for_function("document.querySelector('#create-length').textContent.includes('No recorded game yet')")
        assert "3 days + 1 day per turn" in ada.inner_text("#create-clock")
        ada.screenshot(path=str(SHOTS / "create-form.png"), full_page=True)
        ada.click("#create-submit")
        ada.wait_for_url("**/table/**")
        table_id = ada.url.rstrip("/").split("/")[-1]
        table = ada.request.get(f"{base_url}/api/tables/{table_id}").json()
        assert table["pace"] == "turn-based"
        assert table["clock"] == {"reserve": 3 * DAY, "increment": DAY, "on_timeout": "vote"}
        ada.wait_for_function("document.querySelector('#pace-note').textContent.includes('Close this tab')")
        assert ada.get_attribute("#pace-note", "data-pace") == "turn-based"

        # Bo finds the table in the lobby by its pace and joins it
        bo = new_person(browser, base_url, errors, "Bo")
        row = f'#open-tables li[data-table="{table_id}"]'
        bo.wait_for_selector(row)
        assert "Turn-based · 3 days + 1 day per turn" in bo.inner_text(row)
        bo.click(f"{row} a")
        bo.click('.seat-join[data-seat="1"]')
        bo.wait_for_selector('#seats li[data-seat="1"] .you-tag')
        ada.wait_for_selector("#start:not([hidden])")
        ada.click("#start")
        wait_for_move(ada, 0)
        # a clock beside each person's seat: Ada's runs, Bo's waits with his whole reserve
        ada.wait_for_selector('.seat-clock[data-seat="0"].clock-running')
        assert not ada.query_selector('.seat-clock[data-seat="1"].clock-running')
        assert shown_seconds(ada.inner_text('.seat-clock[data-seat="1"]')) == 3 * DAY

        play_turn(ada, 0)
        ada.close()  # Ada leaves; her seat's token stays in this browser

        # a day passes: a turn-based table replaces nobody for a closed browser; Bo moves, then two
        # days pass while the table waits for Ada
        fake.advance(days=1)
        sweep_now(app)
        assert ada.context.request.get(f"{base_url}/api/tables/{table_id}").json()["seats"][0]["away"] is None
        bo.evaluate("window.cryptarena.socket.sync()")
        wait_for_move(bo, 1)
        play_turn(bo, 1)
        fake.advance(days=2)
        sweep_now(app)

        # Ada comes back to the lobby: her move, first on the page and in the title
        ada = ada.context.new_page()
        ada.on("pageerror", lambda exc: errors.append(f"Ada: {exc}"))
        ada.goto(base_url + "/")
        ada.wait_for_selector("#turns:not([hidden])")
        first = ada.evaluate("[...document.querySelector('main.lobby').children].find((el) => !el.hidden).id")
        assert first == "turns"
        assert ada.inner_text("#turns-title") == "Your move at 1 table"
        ada.wait_for_function("document.title.startsWith('(1) ')")
        turn_row = ada.inner_text(f'#turns-list li[data-table="{table_id}"]')
        assert "Crypt" in turn_row and "waiting for you for 2 days" in turn_row, turn_row
        assert "1 d 0 h left on your clock" in turn_row, turn_row  # 3 days, less the 2 days waited
        ada.screenshot(path=str(SHOTS / "your-move-lobby.png"), full_page=True)

        ada.click("#turns-next")
        ada.wait_for_url(f"**/table/{table_id}")
        wait_for_move(ada, 0)
        ada.wait_for_function("document.title.startsWith('(1) ')")
        mine = next(c for c in state(ada)["clocks"] if c["seat"] == 0)
        assert mine["running"] and abs(mine["left"] - DAY) < 5, mine
        shown = shown_seconds(ada.inner_text('.seat-clock[data-seat="0"]'))
        assert abs(shown - mine["left"]) <= 120, (shown, mine)  # "23 h 59 min" or "1 d 0 h"
        assert abs(shown_seconds(ada.inner_text("#clock")) - mine["left"]) <= 120
        assert ada.query_selector('.seat-clock[data-seat="0"].clock-running')
        ada.screenshot(path=str(SHOTS / "table-clocks.png"), full_page=True)

        play_turn(ada, 0)
        # her turn handed over: the day she had plus the day's increment, and her clock stops
        ada.wait_for_function("!document.querySelector('.seat-clock[data-seat=\"0\"]').classList.contains('clock-running')")
        mine = next(c for c in state(ada)["clocks"] if c["seat"] == 0)
        assert not mine["running"] and abs(mine["left"] - 2 * DAY) < 5, mine
        assert abs(shown_seconds(ada.inner_text('.seat-clock[data-seat="0"]')) - 2 * DAY) <= 60
        ada.wait_for_function("!document.title.startsWith('(')")  # no table waits for her now

        # her page in the background, Bo moves: the browser tells her it is her move
        ada.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
        bo.evaluate("window.cryptarena.socket.sync()")
        wait_for_move(bo, 1)
        play_turn(bo, 1)
        ada.wait_for_function("window.__notes.length > 0")
        note = ada.evaluate("window.__notes[0]")
        assert note["title"] == "Your move — Crypt Arena" and "Crypt" in note["body"], note
        browser.close()
    assert not errors, errors


def test_a_person_out_of_time_is_voted_out_from_the_others_pages(tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    fake = FakeClock(datetime.now(timezone.utc).replace(microsecond=0))
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.05, secret_key="test-secret", grace=1.0,
                     clock=fake.now)
    errors: list[str] = []
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        people = [new_person(browser, base_url, errors, name) for name in ("Ada", "Bo", "Cy")]
        post = lambda page, path, data=None: page.request.post(base_url + path, data=data or {}).json()  # noqa: E731
        table = post(people[0], "/api/tables", {"game": "crypt", "players": 3, "seed": 4, "pace": "turn-based",
                                                "clock": {"reserve": HOUR, "increment": 15 * 60}})["table"]["id"]
        for seat, page in enumerate(people):
            token = post(page, f"/api/tables/{table}/seats/{seat}", {"kind": "human"})["token"]
            page.evaluate("([table, token]) => localStorage.setItem(`ca.token.${table}`, token)", [table, token])
        post(people[0], f"/api/tables/{table}/start")
        for page in people:
            page.goto(f"{base_url}/table/{table}")
            page.wait_for_selector(".seat-clock[data-seat]")
        slow = state(people[0])["to_act"][0]
        others = [seat for seat in range(3) if seat != slow]
        name = ("Ada", "Bo", "Cy")[slow]

        fake.advance(hours=2)  # past the slow person's hour: the others may vote
        sweep_now(app)
        for seat in others:
            people[seat].wait_for_selector(f'.vote[data-target="{slow}"] .vote-expel')
            text = people[seat].inner_text("#votes")
            assert f"{name}'s clock reached 0" in text
            assert "a bot plays this turn" in text and "counts as their loss" in text
            assert "skip: 0, expel: 0; 2 needed" in text
        people[slow].wait_for_selector(f'.vote[data-target="{slow}"]')
        assert "Your clock reached 0" in people[slow].inner_text("#votes")
        assert not people[slow].query_selector(".vote-expel")
        assert people[slow].inner_text(f'.seat-clock[data-seat="{slow}"]') == "out of time"
        people[others[0]].screenshot(path=str(SHOTS / "vote.png"), full_page=True)

        people[others[0]].click(f'.vote-expel[data-seat="{slow}"]')
        people[others[0]].wait_for_selector(f'.vote-expel[data-seat="{slow}"][aria-pressed="true"]')
        people[others[1]].wait_for_function("document.querySelector('#votes').textContent.includes('expel: 1;')")
        assert "you voted to expel" in people[others[0]].inner_text("#votes")
        people[others[1]].click(f'.vote-expel[data-seat="{slow}"]')

        for page in people:
            page.wait_for_selector(f'#seats li[data-seat="{slow}"] .away-tag[data-away="expelled"]')
            page.wait_for_selector("#votes", state="hidden")
        assert "expelled" in people[others[1]].inner_text(f'#seats li[data-seat="{slow}"]')
        people[slow].wait_for_selector("#stand-in:not([hidden])")
        assert "voted you out" in people[slow].inner_text("#stand-in-text")
        assert people[slow].is_hidden("#take-back")  # an expelled person cannot take the seat back
        people[slow].screenshot(path=str(SHOTS / "expelled.png"), full_page=True)

        # at a table of two, one vote decides: Skip lets a bot play that turn, then the seat is theirs again
        ada, bo = people[0], people[1]
        table = post(ada, "/api/tables", {"game": "crypt", "players": 2, "seed": 4, "pace": "turn-based",
                                          "clock": {"reserve": HOUR, "increment": 15 * 60}})["table"]["id"]
        for seat, page in enumerate((ada, bo)):
            token = post(page, f"/api/tables/{table}/seats/{seat}", {"kind": "human"})["token"]
            page.evaluate("([table, token]) => localStorage.setItem(`ca.token.${table}`, token)", [table, token])
        post(ada, f"/api/tables/{table}/start")
        for page in (ada, bo):
            page.goto(f"{base_url}/table/{table}")
            wait_for_move(page, 0)
        fake.advance(hours=2)
        sweep_now(app)
        bo.wait_for_selector('.vote[data-target="0"] .vote-skip')
        assert "skip: 0, expel: 0; 1 needed" in bo.inner_text("#votes")
        bo.click('.vote-skip[data-seat="0"]')
        wait_for_move(bo, 1)  # the bot played Ada's turn
        ada.wait_for_function("window.cryptarena.table.seats[0].away === null")
        assert ada.is_hidden("#stand-in") and ada.is_hidden("#votes")
        assert not ada.query_selector('#seats li[data-seat="0"] .away-tag')
        browser.close()
    assert not errors, errors


def test_the_create_form_says_how_long_such_a_game_usually_lasts(tmp_path):
    """From the recorded games of that game, player count and pace with a person at them: two live games
    (the person leaves and a bot finishes for them; a game of bots alone is not counted), none
    turn-based; switching the pace or the players asks again."""
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.0, secret_key="test-secret", grace=0.3)
    errors: list[str] = []
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        for people in (1, 1, 0):
            table = page.request.post(f"{base_url}/api/tables", data={"game": "crypt", "players": 2}).json()["table"]["id"]
            for seat in (0, 1):
                kind = {"kind": "human"} if seat < people else {"kind": "bot", "agent": "easy"}
                assert page.request.post(f"{base_url}/api/tables/{table}/seats/{seat}", data=kind).ok
            page.request.post(f"{base_url}/api/tables/{table}/start", data={})
        length = f"{base_url}/api/games/crypt/length?players=2&pace=live"
        for _ in range(600):  # the bots play the games to the end (bounded, so a broken server cannot hang)
            if len(page.request.get(f"{base_url}/api/tables?status=over").json()) == 3:
                break
            page.wait_for_timeout(100)
        assert page.request.get(length).json()["games"] == 2
        moves = page.request.get(length).json()["median_moves"]
        page.click('.create-table[data-game="crypt"]')
        page.select_option("#create-players", "2")
        page.wait_for_function("document.querySelector('#create-length').textContent.includes('recorded games: 2')")
        assert page.inner_text("#create-length").startswith("Usually ")
        assert f"{moves} moves at 2 players, live" in page.inner_text("#create-length"), (moves, page.inner_text("#create-length"))
        page.check("#create-pace-turn-based")
        page.wait_for_function("document.querySelector('#create-length').textContent.includes('No recorded game yet at 2 players, turn-based')")
        page.select_option("#create-players", "3")
        page.wait_for_function("document.querySelector('#create-length').textContent.includes('at 3 players')")
        browser.close()
    assert not errors, errors


def test_the_lobby_in_the_background_notifies_a_new_move(tmp_path):
    """Ada's lobby sits in a background tab while the table waits for Bo; Bo moves; at the lobby's next
    look at her tables (every 20 s: the page's timers are run forward, not waited for) her count rises
    and the browser tells her."""
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.0, secret_key="test-secret")
    errors: list[str] = []
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        bo, ada = (new_person(browser, base_url, errors, name) for name in ("Bo", "Ada"))
        table = bo.request.post(f"{base_url}/api/tables", data={"game": "crypt", "players": 2, "pace": "turn-based"}).json()["table"]["id"]
        for seat, page in enumerate((bo, ada)):
            token = page.request.post(f"{base_url}/api/tables/{table}/seats/{seat}", data={"kind": "human"}).json()["token"]
            page.evaluate("([table, token]) => localStorage.setItem(`ca.token.${table}`, token)", [table, token])
        bo.request.post(f"{base_url}/api/tables/{table}/start", data={})
        ada.clock.install()
        ada.goto(base_url + "/")
        ada.wait_for_selector("#session-name")
        ada.clock.run_for(1_000)
        assert ada.is_hidden("#turns") and not ada.title().startswith("(")
        ada.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")

        bo.goto(f"{base_url}/table/{table}")
        wait_for_move(bo, 0)
        play_turn(bo, 0)
        ada.clock.run_for(21_000)
        ada.wait_for_function("window.__notes.length > 0")
        note = ada.evaluate("window.__notes[0]")
        assert note["title"] == "Your move at 1 table" and note["body"] == "Crypt: the table is waiting for your move.", note
        assert ada.title().startswith("(1) ")
        browser.close()
    assert not errors, errors


def test_a_table_played_from_two_devices_keeps_its_seat_on_both(tmp_path):
    """Ada plays on her laptop, then goes back to the table from her phone (My games: a new seat token
    there, which retires the laptop's); back on the laptop, the page gets a fresh token by itself and
    she plays her seat, not watches it."""
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.0, secret_key="test-secret")
    errors: list[str] = []
    with serving(app) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        laptop, bo = (new_person(browser, base_url, errors, name) for name in ("Ada", "Bo"))
        table = laptop.request.post(f"{base_url}/api/tables", data={"game": "crypt", "players": 2, "pace": "turn-based"}).json()["table"]["id"]
        for seat, page in enumerate((laptop, bo)):
            token = page.request.post(f"{base_url}/api/tables/{table}/seats/{seat}", data={"kind": "human"}).json()["token"]
            page.evaluate("([table, token]) => localStorage.setItem(`ca.token.${table}`, token)", [table, token])
        laptop.request.post(f"{base_url}/api/tables/{table}/start", data={})
        laptop.goto(f"{base_url}/table/{table}")
        laptop.wait_for_function("window.cryptarena.state?.seat === 0")
        laptop.close()

        phone = browser.new_context(viewport={"width": 390, "height": 844})
        phone.add_cookies(laptop.context.cookies())  # the same person, signed in on her phone
        page = phone.new_page()
        page.on("pageerror", lambda exc: errors.append(f"phone: {exc}"))
        page.goto(base_url + "/")
        page.click(f'.my-resume[data-table="{table}"]')
        page.wait_for_function("window.cryptarena?.state?.seat === 0")

        laptop = laptop.context.new_page()
        laptop.on("pageerror", lambda exc: errors.append(f"laptop: {exc}"))
        laptop.goto(f"{base_url}/table/{table}")
        laptop.wait_for_function("window.cryptarena.state?.seat === 0")
        wait_for_move(laptop, 0)
        play_turn(laptop, 0)
        browser.close()
    assert not errors, errors
