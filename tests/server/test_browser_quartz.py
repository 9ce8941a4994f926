"""Quartz end to end in a real browser: one person creates a 4-seat table from the lobby, seats three
bots, and plays a whole game by clicking dice and crystals, to the final scores. Screenshots go to
artifacts/ (quartz-mid-game.png, quartz-end.png)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, assert_result_in_view, chromium_path, click_if_present, lobby_page

pytestmark = pytest.mark.browser

# Within an action, the person takes the first thing offered, in this order; "Done" and
# "End turn" come last so that every kind of choice gets clicked at some point in a game.
ACTION_ORDER = ("#draw", ".qz-return", ".qz-dump", ".qz-steal", ".qz-protect", ".qz-wild", ".qz-use",
                "#stop-action", "#end-turn")


def take_a_turn(page, seen: dict) -> bool:
    """Click through one decision if the page offers one; True if it clicked something."""
    if page.query_selector("#stop"):  # rolling: reroll the first two dice once per turn, then keep
        dice = page.query_selector_all("button.qz-die")
        for die in dice:  # what a face does is a hover away ("Steal (2 or more): take up to n−1 …")
            assert ":" in (die.get_attribute("title") or ""), die.get_attribute("title")
        if dice and page.query_selector("#reroll") and not seen.get("rerolled_this_turn"):
            dice[0].click()
            page.click('button.qz-die[data-die="2"]')
            action = json.loads(page.get_attribute("#reroll", "data-action"))
            assert action == {"type": "reroll", "dice": [0, 2]}, action
            assert len(page.query_selector_all(".qz-die.to-reroll")) == 2
            page.click("#reroll")
            seen["rerolled_this_turn"] = True
            seen["reroll"] = seen.get("reroll", 0) + 1
            return True
        page.click("#stop")
        seen["rerolled_this_turn"] = False
        return True
    for selector in ACTION_ORDER:
        button = page.query_selector(f"{selector}:not([disabled])")
        if click_if_present(button):
            seen[selector] = seen.get(selector, 0) + 1
            return True
    return False


def test_one_person_and_three_bots_play_a_whole_game_of_quartz(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.02) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        page.click('.create-table[data-game="quartz"]')
        players = [o.get_attribute("value") for o in page.query_selector_all("#create-players option")]
        assert players == ["3", "4", "5", "6"]
        for option in ("die_faces", "big_sets", "unstable_in_chest", "bag_empty_end", "crystals_white"):
            assert page.query_selector(f'[name="{option}"]'), f"the table form has no field for {option}"
        page.select_option("#create-players", "4")
        page.click("#create-submit")
        page.wait_for_url("**/table/**")
        for seat in (1, 2, 3):
            page.click(f'.seat-bot[data-seat="{seat}"]')
            page.wait_for_selector(f'#seats li.seat-bot[data-seat="{seat}"]')
        page.wait_for_selector("#start:not([hidden])")
        page.click("#start")
        page.wait_for_selector("#qz-seats .qz-seat")
        assert len(page.query_selector_all("#qz-seats .qz-seat")) == 4
        assert int(page.get_attribute("#qz-bag", "data-size")) > 0

        seen: dict = {}
        clicks = 0
        for _ in range(3000):
            if page.query_selector("#rematch"):
                break
            acted = take_a_turn(page, seen)
            clicks += acted
            if clicks == 12:
                page.screenshot(path=str(ARTIFACTS / "quartz-mid-game.png"), full_page=True)
            page.wait_for_timeout(40 if acted else 120)
        else:
            raise AssertionError("the game of Quartz did not reach its end in the browser")

        page.wait_for_selector("#score-breakdown")
        assert_result_in_view(page)
        page.screenshot(path=str(ARTIFACTS / "quartz-end.png"), full_page=True)
        keys = {row.get_attribute("data-key") for row in page.query_selector_all("#score-breakdown tr[data-key]")}
        assert keys == {"crystals", "sets", "unstable", "fewest_in_chest"}
        breakdown = page.inner_text("#score-breakdown")
        for word in ("Ada", "medium", "Crystals", "Fewest in chest", "Total"):
            assert word in breakdown, word
        log = page.inner_text("#log")
        assert "Ada rerolls 2 dice" in log and "(" not in log.split("uses the")[0][-3:] and "The game ends" in log
        assert seen.get("reroll", 0) >= 6 and seen.get(".qz-use", 0) >= 3 and seen.get("#end-turn", 0) >= 6, seen
        browser.close()
    assert errors == [], errors
    for name in ("quartz-mid-game.png", "quartz-end.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000
