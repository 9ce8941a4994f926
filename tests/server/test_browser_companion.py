"""The Midas companion on a phone (390×844, touch), in a real browser against a real server.

Three people at a physical table; the phone is the rulebook's app. The test starts a game in French,
reports a lost die by holding the stone, makes Cy draw until Cursed (buying a favour on the way and
using Pot-de-vin), runs Cy's secret Obsidian step, switches to English and back, then makes Bo draw
until Ada is the last one not Cursed. A second phone opening the code only watches. Screenshots:
artifacts/companion-start.png, companion-mid.png, companion-end.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path, lobby_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1,
         "locale": "fr-FR"}  # the page speaks the browser's language
SEED = 20  # a table where Cy draws a safe coin (buys Pot-de-vin, uses it) before the cursed one
ADA, BO, CY = 0, 1, 2


def version(page) -> int:
    return page.evaluate("window.companion.state ? window.companion.state.version : -1")


def tap(page, selector: str) -> None:
    """Tap a button that sends an action and wait for the table's next version."""
    before = version(page)
    page.tap(selector)
    page.wait_for_function(f"window.companion.state && window.companion.state.version > {before} && !window.companion.busy")


def phase(page) -> str:
    return page.get_attribute("#game", "data-phase")


def text(page, selector: str) -> str:
    return page.inner_text(selector).strip()


def shot(page, name: str) -> None:
    """A full-page screenshot, after checking that nothing sticks out sideways on the phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"], name
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def dice(page, seat: int) -> str:
    return text(page, f'.player[data-seat="{seat}"] .dice-count-value')


class Table:
    """The taps a person makes on the phone, and what the test remembers about them."""

    def __init__(self, page):
        self.page, self.bought, self.bribed = page, [], False

    def obsidian(self, value: int) -> bool:
        page = self.page
        if not page.query_selector("#pass-phone"):
            return False
        assert "Cy" in text(page, "#pass-phone") and page.is_visible("#pass-phone")
        assert page.query_selector("#obsidian-choice") is None  # nothing secret before Cy takes the phone
        page.tap("#obsidian-ready")
        page.wait_for_selector("#obsidian-choice")
        tap(page, f'.obsidian-card[data-value="{value}"]')
        return True

    def bribe_once(self) -> None:
        page = self.page
        if self.bribed or not page.query_selector("#stone.bribable"):
            return
        stone = page.get_attribute("#stone", "data-stone")
        page.tap("#stone")
        page.wait_for_selector("#bribe-sheet")
        choice = page.get_attribute("#bribe-sheet .bribe-choice", "data-stone")
        tap(page, f'#bribe-sheet .bribe-choice[data-stone="{choice}"]')
        assert choice != stone and page.get_attribute("#stone", "data-stone") == choice
        self.bribed = True

    def reveal(self) -> None:
        tap(self.page, "#reveal")
        assert phase(self.page) == "result"

    def settle_favours(self) -> None:
        page = self.page
        while phase(page) in ("favours", "swap"):
            if phase(page) == "swap":
                tap(page, "#swap-choose .swap-btn")
                continue
            offer = page.query_selector_all(".favour-btn:not([disabled])")
            if not self.bought and offer:
                favour = offer[0].get_attribute("data-favour")
                buyer = int(page.get_attribute("#favour-offer", "data-seat"))
                tap(page, f'.favour-btn[data-favour="{favour}"]')
                assert page.query_selector(f'.player[data-seat="{buyer}"] .favour-badge[data-favour="{favour}"]')
                self.bought.append((buyer, favour))
            else:
                tap(page, "#favour-pass")

    def draw(self, seat: int) -> None:
        tap(self.page, f'.draw-btn[data-seat="{seat}"]')
        self.settle_favours()

    def cursed(self, seat: int) -> bool:
        return self.page.query_selector(f'.player[data-seat="{seat}"].is-cursed .cursed-badge') is not None


def test_a_companion_game_on_a_phone_from_start_to_the_winner(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)

        def phone():
            page = browser.new_context(**PHONE).new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.set_default_timeout(15_000)
            return page

        page = phone()
        page.goto(f"{base_url}/companion?seed={SEED}")
        assert text(page, "#start-game") == "Démarrer"
        page.tap('.count-btn[data-count="3"]')
        assert page.query_selector('input.cup-name[data-seat="3"]') is None
        for seat, name in ((ADA, "Ada"), (BO, "Bo"), (CY, "Cy")):
            page.fill(f'input.cup-name[data-seat="{seat}"]', name)
        assert "Gobelet vert" in text(page, '.name-row[data-seat="2"]')
        for _ in range(2):
            page.tap("#chest-minus")
        assert text(page, "#chest-size") == "4"
        shot(page, "companion-start.png")

        page.tap("#start-game")
        page.wait_for_url("**/companion/*")
        page.wait_for_selector("#stone")
        code = page.url.rsplit("/", 1)[1]
        assert code in text(page, "#table-code")
        assert text(page, "#bid-cap") == "75"
        assert [text(page, f'.player[data-seat="{s}"] .player-name') for s in range(3)] == ["Ada", "Bo", "Cy"]
        assert page.query_selector("#spectator-note") is None
        table = Table(page)

        # Round 1: the cups are lifted; Bo lost and gives up a die, reported by holding the stone.
        table.reveal()
        assert text(page, "#reveal-obsidian") == "+0" and text(page, "#reveal-favour") == "+1"
        box = page.locator("#stone").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_selector("#lose-die-sheet")
        page.mouse.up()
        tap(page, '#lose-die-sheet .lose-die-choice[data-seat="1"]')
        assert dice(page, BO) == "4" and dice(page, ADA) == "5"
        assert phase(page) == "table"

        # Cy loses round after round and draws from the chest until the cursed coin comes out.
        for _ in range(4):
            table.bribe_once()
            table.reveal()
            table.draw(CY)
            if table.cursed(CY):
                break
        assert table.cursed(CY)
        assert "Cy" in text(page, "#last-event .event-cursed")
        assert text(page, "#bid-cap") == "50"
        assert dice(page, CY) == "0"

        # The next round starts with Cy's secret Obsidian card, on a screen that hides the table.
        assert table.obsidian(1)
        assert text(page, "#value-obsidian") == "?"
        table.bribe_once()
        table.reveal()
        assert text(page, "#reveal-obsidian") == "+1"
        shot(page, "companion-mid.png")

        assert text(page, "#phase-label") == "Qui a perdu la manche ?"
        page.select_option("#lang", "en")
        assert text(page, "#phase-label") == "Who lost the round?"
        assert text(page, f'.draw-btn[data-seat="{BO}"]') == "Draw"
        page.select_option("#lang", "fr")
        assert text(page, f'.draw-btn[data-seat="{BO}"]') == "Piocher"

        tap(page, f'.lose-die-btn[data-seat="{ADA}"]')
        assert dice(page, ADA) == "4"

        # The same phone resumes after a reload (its token is kept); another phone only watches.
        page.reload()
        page.wait_for_selector("#stone")
        assert page.query_selector("#spectator-note") is None and dice(page, ADA) == "4"
        watcher = phone()
        watcher.goto(f"{base_url}/companion/{code}")
        watcher.wait_for_selector("#spectator-note")
        assert watcher.query_selector("[data-action]") is None and dice(watcher, ADA) == "4"

        # Bo draws until cursed: Ada, never drawing, is the last one flesh and bone.
        for _ in range(12):
            if phase(page) == "game_end":
                break
            table.obsidian(0)
            table.bribe_once()
            table.reveal()
            table.draw(BO)
        page.wait_for_selector("#winner-screen")
        assert "Ada" in text(page, "#winner-name")
        assert table.cursed(BO) and table.cursed(CY) and not table.cursed(ADA)
        assert table.bought, "a favour was bought on the way"
        assert table.bribed, "Pot-de-vin changed the stone once"
        watcher.wait_for_selector("#winner-screen")
        shot(page, "companion-end.png")
        browser.close()
    assert errors == [], errors
    for name in ("companion-start.png", "companion-mid.png", "companion-end.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000


def test_a_companion_table_made_in_the_lobby_opens_on_the_companion_page(tmp_path):
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors, height=900)
        page.click('.create-table[data-game="midas"]')
        page.select_option("#create-players", "3")
        page.select_option('#create-form [name="mode"]', "companion")
        page.click("#create-submit")
        page.wait_for_url("**/companion/*")
        page.wait_for_selector("#stone")  # the device seat was taken in the lobby: the game started
        code = page.url.rsplit("/", 1)[1]
        assert page.query_selector("#spectator-note") is None
        assert text(page, "#bid-cap") == "75"

        # the lobby lists it with the people at the table, and its link opens the companion page
        page.goto(base_url + "/")
        link = page.wait_for_selector(f'#live-tables li[data-table="{code}"] a')
        assert link.get_attribute("href") == f"/companion/{code}"
        assert "Player 2" in page.inner_text(f'#live-tables li[data-table="{code}"]')
        link.click()
        page.wait_for_url(f"**/companion/{code}")
        page.wait_for_selector("#stone")
        browser.close()
    assert errors == []
