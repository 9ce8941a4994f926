"""Midas Chests end to end in a real browser: one person creates a 3-seat digital table from the
lobby, seats two probabilistic bots, and plays a whole game by clicking bids, accusations,
penalties, favours and Obsidian cards, until one player is left uncursed. On every step the page
must show the person's own dice and none of the others' (until the cups are lifted), and every
reveal must show everyone's dice. Screenshots go to artifacts/ (midas-mid-game.png, midas-end.png)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, add_bot, assert_result_in_view, chromium_path, click_if_present, lobby_page

pytestmark = pytest.mark.browser

# What the page shows and what this seat's view says, read in one go so both belong to one state.
SNAPSHOT = """() => {
  const st = window.cryptarena.state;
  if (!st || !st.view || !document.querySelector('#midas')) return null;
  const cups = {};
  for (const el of document.querySelectorAll('#midas-seats .midas-seat')) {
    cups[el.dataset.seat] = { faces: el.querySelectorAll('.midas-cup .midas-face').length,
      hidden: el.querySelectorAll('.midas-cup .midas-die-hidden').length, me: el.classList.contains('me') };
  }
  const reveal = document.querySelector('#midas-reveal');
  return { seat: st.seat, view: st.view, legal: st.legal || [], cups,
    revealed: reveal ? [...reveal.querySelectorAll('.midas-reveal-seat')].map((r) => r.querySelectorAll('.midas-face').length) : null,
    revealText: reveal ? reveal.innerText : null,
    onTable: document.querySelectorAll('#midas-seats .midas-cup .midas-die').length };
}"""


def check_what_is_shown(snap: dict, names: dict, reveals: dict) -> None:
    """Own dice face up, the others' hidden (as many as they have), and every reveal in full."""
    view, me = snap["view"], snap["seat"]
    for s in view["seats"]:
        cup = snap["cups"][str(s["seat"])]
        if s["seat"] == me:
            assert cup["me"]
            if not s["cursed"]:
                assert cup["faces"] == len(s["dice"]) == s["dice_count"] > 0, (cup, s)
        else:
            assert s["dice"] is None, "the server sent another player's dice"
            assert cup["faces"] == 0, f"seat {s['seat']}'s dice are drawn face up under the cup"
            assert cup["hidden"] == s["dice_count"], (cup, s)
    last = view["last_reveal"]
    if last is None:
        assert snap["revealed"] is None
        return
    assert snap["revealed"] == [len(dice) for dice in last["dice"]], (snap["revealed"], last)
    assert str(last["total"]) in snap["revealText"] and names[last["loser"]] in snap["revealText"]
    if any(dice for seat, dice in enumerate(last["dice"]) if seat != me):
        reveals[last["round"]] = last


def take_a_turn(page, snap: dict, seen: dict) -> bool:
    """Click through one decision if the page offers one; True if it clicked something."""
    if not snap["legal"]:  # decide only on a state where the person has a choice, not on a stale one
        return False

    def click(selector: str) -> bool:
        if not click_if_present(page.query_selector(f"{selector}:not([disabled])")):
            return False
        seen[selector] = seen.get(selector, 0) + 1
        return True

    cards = page.query_selector_all(".midas-obsidian")
    if cards:  # cursed: bluff with 1 and 0 in turn
        seen[".midas-obsidian"] = seen.get(".midas-obsidian", 0) + 1
        cards[seen[".midas-obsidian"] % len(cards)].click()
        return True
    if not seen.get(".midas-bribe") and click(".midas-bribe"):
        return True
    if page.query_selector("#accuse") or page.query_selector(".midas-bid"):
        bid = snap["view"]["bid"] or 0
        if page.query_selector("#accuse") and (bid >= 0.6 * snap["onTable"] or not page.query_selector(".midas-bid")):
            return click("#accuse")
        if not seen.get("#bid"):  # once, a count picked from the select: the second smallest raise
            options = page.query_selector_all("#bid-count option")
            count = options[min(1, len(options) - 1)].get_attribute("value")
            page.select_option("#bid-count", count)
            assert json.loads(page.get_attribute("#bid", "data-action")) == {"type": "bid", "count": int(count)}
            seen["picked"] = int(count)
            return click("#bid")
        shown, smallest = page.evaluate("""() => [document.querySelector('#midas-bid')?.dataset.bid,
            document.querySelector('.midas-bid')?.dataset.action]""")  # one read: the state may move on
        if smallest:
            assert json.loads(smallest) == {"type": "bid", "count": int(shown or 0) + 1}, (smallest, shown)
        return click(".midas-bid")
    if page.query_selector("#draw"):
        me = snap["view"]["seats"][snap["seat"]]
        return click("#draw") if me["dice_count"] <= 3 else click("#lose-die")
    if page.query_selector("#pass"):
        return click(".midas-buy") if not seen.get(".midas-buy") else click("#pass")
    return click(".midas-swap")


def test_one_person_and_two_bots_play_a_whole_game_of_midas(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.02) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        assert page.query_selector('.game-tile[data-game="midas"] img[src$="/games/midas.svg"]')
        page.click('.create-table[data-game="midas"]')
        players = [o.get_attribute("value") for o in page.query_selector_all("#create-players option")]
        assert players == ["2", "3", "4"]
        page.select_option("#create-players", "3")
        page.click("#create-submit")
        page.wait_for_url("**/table/**")
        for seat in (1, 2):
            select = f'.seat-agent[data-seat="{seat}"]'
            page.wait_for_selector(select)
            agents = [o.get_attribute("value") for o in page.query_selector_all(f"{select} option")]
            assert "probabilistic" in agents, agents
            # Midas ships the expert's weights: the menu offers it, in words
            assert agents[:4] == ["easy", "medium", "hard", "expert"], agents
            assert page.inner_text(f'{select} option[value="expert"]') == "expert bot (learned)"
            if seat == 1:  # shown chosen, then the test seats the bot it plays with
                page.select_option(select, "expert")
                page.screenshot(path=str(ARTIFACTS / "midas_seat_menu.png"))
            add_bot(page, seat, "probabilistic")
            assert page.inner_text(f'#seats li[data-seat="{seat}"] .seat-agent-name') == "probabilistic"
        page.wait_for_selector("#start:not([hidden])")
        page.click("#start")
        page.wait_for_selector("#midas-seats .midas-seat")
        assert len(page.query_selector_all("#midas-seats .midas-seat")) == 3
        assert len(page.query_selector_all(".midas-seat.me .midas-cup-mine .midas-die[data-face]")) == 5
        page.wait_for_selector('#scores li[data-seat="2"]')
        names = {seat: page.inner_text(f'#scores li[data-seat="{seat}"] .score-name') for seat in range(3)}
        assert names[0] == "Ada" and all("probabilistic" in names[s] for s in (1, 2)), names
        # the seat list takes the cups' colours (red, blue, green) from the renderer
        borders = [page.eval_on_selector(f'#seats li[data-seat="{seat}"]', "e => getComputedStyle(e).borderLeftColor")
                   for seat in range(3)]
        assert borders == ["rgb(217, 84, 74)", "rgb(63, 134, 230)", "rgb(63, 191, 106)"], borders

        seen: dict = {}
        reveals: dict = {}
        shot = False
        for _ in range(3000):
            if page.query_selector("#rematch"):
                break
            snap = page.evaluate(SNAPSHOT)
            if snap is None:
                page.wait_for_timeout(100)
                continue
            check_what_is_shown(snap, names, reveals)
            if not shot and reveals and page.query_selector(".midas-bid"):
                page.screenshot(path=str(ARTIFACTS / "midas-mid-game.png"), full_page=True)
                shot = True
            acted = take_a_turn(page, snap, seen)
            page.wait_for_timeout(40 if acted else 120)
        else:
            raise AssertionError("the game of Midas did not reach its end in the browser")

        page.wait_for_selector("#score-breakdown")
        assert_result_in_view(page)
        page.screenshot(path=str(ARTIFACTS / "midas-end.png"), full_page=True)
        keys = {row.get_attribute("data-key") for row in page.query_selector_all("#score-breakdown tr[data-key]")}
        assert keys == {"uncursed"}
        breakdown = page.inner_text("#score-breakdown")
        for word in ("Ada", "probabilistic", "Not cursed", "Total"):
            assert word in breakdown, word
        totals = [int(cell.inner_text()) for cell in page.query_selector_all("#score-breakdown td.total")]
        assert sorted(totals) == [0, 0, 1], totals
        log = page.inner_text("#log")
        assert re.search(rf"\bAda bids {seen['picked']}\b", log) and "The cups are lifted" in log and "takes the gold" in log
        assert shot and len(reveals) >= 2, (shot, reveals)
        # a log line's hover gives the rule behind it: what a bid counts
        assert "A bid counts" in (page.get_attribute("#log li.log-midas-bid", "title") or "")
        for lang, favours in (("fr", "Faveurs de Midas"), ("zh", "迈达斯的恩惠")):  # the board redraws in the new language
            page.select_option("#lang", lang)
            page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent === text", arg=["#midas-favours h3", favours])
            assert not page.query_selector(".render-error")
        assert seen.get(".midas-bid", 0) >= 1 and seen.get("#accuse", 0) >= 1, seen
        browser.close()
    assert errors == [], errors
    for name in ("midas-mid-game.png", "midas-end.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000
