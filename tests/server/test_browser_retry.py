"""A move that meets a table which moved on meanwhile (a bot moving in the same instant: Pharaoh's
decks are picked by everyone at once) is sent again by the page at the fresh version when it is still
legal there, instead of being refused with "look again and choose"; one that is no longer legal is
refused in words as before."""

from __future__ import annotations

from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import CHROMIUM_FLAGS, add_bot, chromium_path, lobby_page

MOVED_ON = "The table moved on before your move arrived"


def started_table(page, game: str, players: int) -> None:
    page.click(f'.create-table[data-game="{game}"]')
    page.select_option("#create-players", str(players))
    page.click("#create-submit")
    page.wait_for_url("**/table/**")
    page.wait_for_selector(f'.seat-agent[data-seat="{players - 1}"]')
    for seat in range(1, players):
        add_bot(page, seat, "easy")
    page.wait_for_selector("#start:not([hidden])")
    page.click("#start")


def my_move_offered(page) -> dict:
    page.wait_for_function("""() => { const s = window.cryptarena.state;
      return s && s.to_act.includes(s.seat) && s.legal.length && !window.cryptarena.busy; }""")
    return page.evaluate("() => ({version: window.cryptarena.state.version})")


def toasts(page) -> str:
    return page.evaluate("() => [...document.querySelectorAll('.toast')].map((t) => t.textContent).join(' | ')")


def test_a_move_still_legal_after_the_table_moved_on_is_sent_again(tmp_path):
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        started_table(page, "crypt", 2)
        before = my_move_offered(page)
        # the page believes the table is at a version it is not at: the server refuses the move as late
        page.evaluate("""() => { const s = window.cryptarena.socket;
          s.version = 999; s.act(window.cryptarena.state.legal[0]); }""")
        page.wait_for_function("(v) => window.cryptarena.state.version > v", arg=before["version"])
        assert MOVED_ON not in toasts(page)
        history = page.request.get(f"{base_url}/api/tables/{page.url.rsplit('/', 1)[1]}").json()
        assert history["version"] > before["version"]
        # a move no longer legal at the fresh version is not sent again: the page says why
        page.evaluate("""() => { const s = window.cryptarena.socket;
          s.version = 999; s.act({ type: "no_such_move" }); }""")
        page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=MOVED_ON)
        browser.close()
    assert errors == [], errors
