"""Whole games by keyboard alone, in Debian's chromium: a person picks a name in the lobby, creates a
Quartz (then a Midas) table, seats the bots, starts and plays to the end screen with Tab, Shift+Tab,
Enter, Space and the arrow keys only: no mouse, no element.click(). The test reads the page to decide
where to go, as a person reads the screen; every move is a key press. The focus must stay visible."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path

pytestmark = pytest.mark.browser

# Where the focus is against where `selector` is, in the page's Tab order (the DOM order of what can
# take the focus and is shown: no page here sets a positive tabindex).
WHERE = """(selector) => {
  const all = [...document.querySelectorAll(
    "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])")]
    .filter((el) => el.getClientRects().length && !el.closest("[hidden], [inert]"));
  const target = document.querySelector(selector);
  const at = all.indexOf(document.activeElement), to = all.indexOf(target);
  if (!target || to < 0) return { at: false, step: 0 };
  if (target === document.activeElement) {
    const style = getComputedStyle(target);
    return { at: true, ring: target.matches(":focus-visible") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 };
  }
  // from the board's own focus (a board left empty by a redraw), Tab enters the board
  const inside = document.activeElement && document.activeElement.contains(target);
  return { at: false, step: at < 0 || inside || to > at ? 1 : -1 };
}"""


class Keyboard:
    """Reaches a control by Tab / Shift+Tab and presses it with Enter or Space."""

    def __init__(self, page):
        self.page = page
        self.presses = 0
        self.unringed: set[str] = set()

    def focus(self, selector: str, limit: int = 120) -> bool:
        for _ in range(limit):
            where = self.page.evaluate(WHERE, selector)
            if where["at"]:
                if not where["ring"]:
                    self.unringed.add(selector)
                return True
            if not where["step"]:
                return False
            self.key("Tab" if where["step"] > 0 else "Shift+Tab")
        return False

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def press(self, selector: str, key: str = "Enter") -> bool:
        if not self.focus(selector):
            return False
        self.key(key)
        return True


def sit_down_and_start(page, kb: Keyboard, base_url: str, game: str, players: int) -> None:
    """The lobby and the table's set-up, by keyboard: a name, the game's Create, the players count
    chosen with the arrow keys, then a bot in every other seat and Start."""
    page.goto(base_url + "/")
    page.wait_for_selector(".game-tile[data-game]")
    assert kb.focus("#guest-name")
    page.keyboard.type("Ada")
    kb.key("Enter")
    page.wait_for_selector("#session-name")
    assert kb.press(f'.create-table[data-game="{game}"]')
    page.wait_for_selector("#create-players")
    assert kb.focus("#create-players")
    for _ in range(8):
        shown = int(page.input_value("#create-players"))
        if shown == players:
            break
        kb.key("ArrowDown" if shown < players else "ArrowUp")
    assert page.input_value("#create-players") == str(players)
    assert kb.press("#create-submit")
    page.wait_for_url("**/table/**")
    for seat in range(1, players):
        page.wait_for_selector(f'button.seat-bot[data-seat="{seat}"]')
        assert kb.press(f'button.seat-bot[data-seat="{seat}"]', "Space")
        page.wait_for_selector(f'#seats li.seat-bot[data-seat="{seat}"]')
    page.wait_for_selector("#start:not([hidden])")
    assert kb.press("#start")


def play_to_the_end(page, kb: Keyboard, turn, name: str) -> dict:
    seen: dict = {}
    for _ in range(1500):
        if page.query_selector("#rematch"):
            return seen
        legal = page.evaluate("window.cryptarena.state?.legal?.length || 0")
        acted = bool(legal) and turn(page, kb, seen)
        if seen.get("moves", 0) == 10 and not seen.get("shot"):
            page.screenshot(path=str(ARTIFACTS / f"keyboard-{name}.png"))
            seen["shot"] = True
        page.wait_for_timeout(30 if acted else 100)
    page.screenshot(path=str(ARTIFACTS / f"keyboard-{name}-stuck.png"))
    raise AssertionError(f"the game of {name} did not reach its end by keyboard: {seen}, focus on "
                         + page.evaluate("document.activeElement.outerHTML.slice(0, 200)"))


def pressed(seen: dict, what: str) -> bool:
    seen[what] = seen.get(what, 0) + 1
    seen["moves"] = seen.get("moves", 0) + 1
    return True


QUARTZ_ORDER = ("#draw", ".qz-return", ".qz-dump", ".qz-steal", ".qz-protect", ".qz-wild", ".qz-use",
                "#stop-action", "#end-turn")


def quartz_turn(page, kb: Keyboard, seen: dict) -> bool:
    if page.query_selector("#stop"):  # rolling: mark dice 0 and 2 with Space, reroll once a turn, then keep
        if page.query_selector("button.qz-die") and page.query_selector("#reroll") and not seen.get("rerolled"):
            for die in (0, 2):
                if kb.press(f'button.qz-die[data-die="{die}"]', "Space") and not seen.get("kept_focus"):
                    # marking a die redraws the board: the focus must stay on that die, not fall to the page
                    page.wait_for_selector(f'button.qz-die.to-reroll[data-die="{die}"]')
                    assert page.evaluate(f"document.activeElement.matches('button.qz-die[data-die=\"{die}\"]')")
                    seen["kept_focus"] = True
            if page.query_selector(".qz-die.to-reroll") and kb.focus("#reroll:not([disabled])"):
                assert json.loads(page.get_attribute("#reroll", "data-action")) == {"type": "reroll", "dice": [0, 2]}
                kb.key("Enter")
                seen["rerolled"] = True
                return pressed(seen, "reroll")
            return False
        seen["rerolled"] = False
        return kb.press("#stop") and pressed(seen, "#stop")
    for selector in QUARTZ_ORDER:
        if page.query_selector(f"{selector}:not([disabled])") and kb.press(f"{selector}:not([disabled])"):
            return pressed(seen, selector)
    return False


def midas_turn(page, kb: Keyboard, seen: dict) -> bool:
    if page.query_selector(".midas-obsidian"):  # cursed: the first card offered
        return kb.press(".midas-obsidian") and pressed(seen, ".midas-obsidian")
    if page.query_selector("#accuse") or page.query_selector(".midas-bid"):
        view = page.evaluate("window.cryptarena.state.view")
        on_table = sum(s["dice_count"] for s in view["seats"])
        if page.query_selector("#accuse") and ((view["bid"] or 0) >= 0.5 * on_table or not page.query_selector(".midas-bid")):
            return kb.press("#accuse") and pressed(seen, "#accuse")
        if not seen.get("#bid"):  # once: a count picked in the select with the arrow keys, then Bid
            if not kb.focus("#bid-count"):
                return False
            kb.key("ArrowDown")
            count = page.input_value("#bid-count")
            if kb.focus("#bid") and json.loads(page.get_attribute("#bid", "data-action"))["count"] == int(count):
                kb.key("Enter")
                return pressed(seen, "#bid")
            return False
        return kb.press(".midas-bid") and pressed(seen, ".midas-bid")
    if page.query_selector("#draw"):
        me = page.evaluate("window.cryptarena.state.view.seats[window.cryptarena.state.seat]")
        choice = "#draw" if me["dice_count"] <= 3 or not page.query_selector("#lose-die") else "#lose-die"
        return kb.press(choice) and pressed(seen, choice)
    if page.query_selector("#pass"):
        choice = ".midas-buy" if not seen.get(".midas-buy") and page.query_selector(".midas-buy:not([disabled])") else "#pass"
        return kb.press(choice) and pressed(seen, choice)
    if page.query_selector(".midas-swap"):
        return kb.press(".midas-swap") and pressed(seen, ".midas-swap")
    return False


@pytest.mark.parametrize("game, players, turn, needed", [
    ("quartz", 3, quartz_turn, ("reroll", "#stop", "#end-turn")),
    ("midas", 2, midas_turn, ("#bid", "#accuse")),
])
def test_a_whole_game_by_keyboard_alone(tmp_path, game, players, turn, needed):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15_000)
        kb = Keyboard(page)
        sit_down_and_start(page, kb, base_url, game, players)
        seen = play_to_the_end(page, kb, turn, game)
        page.wait_for_selector("#score-breakdown")
        assert kb.focus("#rematch"), "the end screen's Rematch cannot be reached by keyboard"
        page.screenshot(path=str(ARTIFACTS / f"keyboard-{game}-end.png"))
        browser.close()
    assert errors == [], errors
    assert all(seen.get(what) for what in needed), seen
    assert not kb.unringed, f"no visible focus on {sorted(kb.unringed)}"


def test_the_deck_builder_adds_cards_by_keyboard_and_keeps_the_focus(served):
    base_url, _ = served
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        page.set_default_timeout(15_000)
        kb = Keyboard(page)
        page.goto(base_url + "/decks/pharaoh")
        page.wait_for_selector(".builder-character[data-character]")
        assert kb.press(".builder-character", "Space")
        page.wait_for_selector(".builder-character.selected")
        card = page.get_attribute(".builder-add:not([disabled])", "data-card")
        add = f'.builder-add[data-card="{card}"]'
        assert kb.press(add)
        page.wait_for_selector(f'#builder-deck-list li[data-card="{card}"][data-n="1"]')
        # the list was redrawn: Enter again adds a second copy from where the focus still is
        assert page.evaluate(f"document.activeElement.matches('{add}')"), "the focus fell off the + button"
        kb.key("Enter")
        page.wait_for_selector(f'#builder-deck-list li[data-card="{card}"][data-n="2"]')
        browser.close()
    assert not kb.unringed, f"no visible focus on {sorted(kb.unringed)}"
