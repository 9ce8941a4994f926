"""Pharaoh's deck builder end to end in a real browser: from the lobby's deck builder link, pick the
Warlord, see exactly the cards he may use, add cards with + until the deck is legal (the copies limit
disables +), add five hexes with an exit, and see the server's verdict live; break a limit and read the
problem in English and in French; save the deck, find it again after a reload, load a starter deck in
one click, and have a malformed import refused. Then the deck brought to a table: a broken one refused by
the server with its reason, the good one played. Screenshots: artifacts/pharaoh-deck-builder.png (and
-phone.png, one column on a phone-sized screen)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path, lobby_page

pytestmark = pytest.mark.browser

SETTLED = "#builder-status[data-pending='false']"


def settled(page, legal: bool) -> None:
    """Wait for the server's check of the deck as it is now, and for its verdict."""
    page.wait_for_selector(f"{SETTLED}[data-legal='{str(legal).lower()}']")


def problems(page) -> dict[str, str]:
    return {li.get_attribute("data-msg"): li.inner_text() for li in page.query_selector_all("#builder-problems li")}


def stored(page) -> list[dict]:
    return json.loads(page.evaluate("localStorage.getItem('ca.decks.pharaoh') || '[]'"))


def test_build_check_save_and_load_a_pharaoh_deck(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors, height=900)
        api = page.request
        # the page is served for a game with decks only
        assert api.get(f"{base_url}/decks/crypt").status == 404
        assert api.get(f"{base_url}/decks/crypt").json()["error"]["code"] == "no_decks"
        assert api.get(f"{base_url}/decks/nope").json()["error"]["code"] == "unknown_game"
        comp = api.get(f"{base_url}/api/games/pharaoh/components").json()
        cards = {c["id"]: c for c in comp["cards"]}
        warlord = next(c for c in comp["characters"] if c["id"] == "warlord")

        assert [a.get_attribute("data-game") for a in page.query_selector_all(".deck-builder-link")] == ["pharaoh"]
        page.click('.game-tile[data-game="pharaoh"] .deck-builder-link')
        page.wait_for_url("**/decks/pharaoh")
        page.wait_for_selector("body[data-ready='true']")
        assert "starter set" in page.inner_text("#builder-starter").lower()
        assert page.inner_text("#builder-status") == "Pick a character first."

        page.click('.builder-character[data-character="warlord"]')
        assert "selected" in page.get_attribute('.builder-character[data-character="warlord"]', "class").split()
        listed = [li.get_attribute("data-card") for li in page.query_selector_all("#builder-cards .builder-card")]
        assert listed == warlord["may_use"] and "key" not in listed

        # 4 copies of 6 common cards: 24 chosen, 25 with the Key; + is disabled at the copies limit
        commons = [c for c in warlord["may_use"] if cards[c]["rarity"] == "C"][:6]
        for card in commons:
            for _ in range(4):
                page.click(f'.builder-add[data-card="{card}"]')
            assert page.inner_text(f'.builder-card[data-card="{card}"] .builder-count') == "4"
            assert page.is_disabled(f'.builder-add[data-card="{card}"]')
        assert page.inner_text("#builder-size") == "25 / 25–50 (Key included)"
        settled(page, False)
        assert set(problems(page)) == {"pharaoh.deck.hex_count", "pharaoh.deck.no_exit"}

        hexes = [x for x in comp["hexes"] if x["rarity"] == "C"]
        chosen = [x["id"] for x in hexes if not x.get("exit")][:4]
        exit_hex = next(x for x in hexes if x.get("exit"))
        for hex_id in [*chosen, exit_hex["id"]]:
            page.click(f'.builder-hex-add[data-hex="{hex_id}"]')
        assert page.get_attribute("#builder-hex-size", "data-n") == "5"
        assert page.get_attribute("#builder-hex-size", "data-exits") == "1"
        doors = page.query_selector_all(f'.builder-hex[data-hex="{exit_hex["id"]}"] .builder-door')
        assert sorted(int(d.get_attribute("data-side")) for d in doors) == sorted(exit_hex["doors"])
        settled(page, True)
        assert page.inner_text("#builder-status") == "Ready to play" and problems(page) == {}

        # break a limit: no exit any more; the server's words, then in French
        page.click(f'.builder-hex-remove[data-hex="{exit_hex["id"]}"]')
        settled(page, False)
        deck = page.evaluate("({...window.deckBuilder.deck})")
        english = api.post(f"{base_url}/api/games/pharaoh/decks/check?lang=en", data=deck).json()["problems"]
        french = api.post(f"{base_url}/api/games/pharaoh/decks/check?lang=fr", data=deck).json()["problems"]
        assert problems(page) == {p["msg"]: p["text"] for p in english}
        assert "pharaoh.deck.no_exit" in problems(page)
        page.select_option("#lang", "fr")
        page.wait_for_function("document.querySelector('#builder-problems li[data-msg=\"pharaoh.deck.no_exit\"]')"
                               "?.textContent.includes('SORTIE')")
        settled(page, False)
        assert problems(page) == {p["msg"]: p["text"] for p in french}
        assert page.inner_text("#builder-status") == "2 problèmes"
        assert page.inner_text("#builder-save") == "Enregistrer le deck"

        # save it (a work in progress may be saved), in French
        page.fill("#builder-name", "Warlord commons")
        page.click("#builder-save")
        page.wait_for_selector('#builder-saved li[data-name="Warlord commons"]')
        assert "pas encore valide" in page.inner_text("#builder-save-note")
        [saved] = stored(page)
        assert (saved["name"], saved["character"], saved["cards"], saved["hexes"]) == \
            ("Warlord commons", "warlord", {c: 4 for c in commons}, chosen)
        assert saved["saved"][:2] == "20"
        page.select_option("#lang", "en")

        # the saved deck is there after a reload, and loads back
        page.reload()
        page.wait_for_selector("body[data-ready='true']")
        page.click('#builder-saved li[data-name="Warlord commons"] .builder-load')
        assert page.input_value("#builder-name") == "Warlord commons"
        assert "selected" in page.get_attribute('.builder-character[data-character="warlord"]', "class")
        assert page.inner_text("#builder-size") == "25 / 25–50 (Key included)"
        settled(page, False)

        # a starter deck in one click: its character, cards and hexes, and legal
        starter = next(d for d in comp["decks"] if d["id"] == "avenger")
        page.click('.builder-prebuilt[data-deck="avenger"]')
        settled(page, True)
        assert "selected" in page.get_attribute('.builder-character[data-character="avenger"]', "class")
        assert page.evaluate("window.deckBuilder.deck") == {"character": "avenger", "cards": starter["cards"],
                                                             "hexes": starter["hexes"]}
        page.screenshot(path=str(ARTIFACTS / "pharaoh-deck-builder.png"), full_page=True)

        # a malformed import is refused and changes nothing; a good one is added
        before = stored(page)
        for text in ("{not json", '[{"name": "half a deck"}]'):
            page.fill("#builder-io", text)
            page.click("#builder-import")
            page.wait_for_selector("#builder-io-note.error")
            assert "Import refused" in page.inner_text("#builder-io-note")
            assert stored(page) == before
        page.click("#builder-export")
        exported = json.loads(page.input_value("#builder-io"))
        exported[0]["name"] = "Copy"
        page.fill("#builder-io", json.dumps(exported))
        page.click("#builder-import")
        page.wait_for_selector('#builder-saved li[data-name="Copy"]')
        assert [d["name"] for d in stored(page)] == ["Warlord commons", "Copy"]
        page.click('#builder-saved li[data-name="Copy"] .builder-delete')
        page.wait_for_selector('#builder-saved li[data-name="Copy"]', state="detached")

        # a phone: one column, nothing wider than the screen
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        cards_box = page.locator(".builder-cards-panel").bounding_box()
        side_box = page.locator(".builder-side").bounding_box()
        assert side_box["y"] > cards_box["y"] + cards_box["height"] - 1
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / "pharaoh-deck-builder-phone.png"))
        browser.close()
    assert errors == [], errors


def test_a_custom_deck_brought_to_a_table_and_a_broken_one_refused(tmp_path):
    """Built and saved in the deck builder, chosen at the table's set-up: a deck that breaks a limit is
    refused by the server with the reason and changes nothing (the seat is still choosing), whether the
    builder saved it as a work in progress or someone wrote it into the browser's store by hand; the
    good deck makes the seat ready, and the revealed decklist is the one built."""
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.01) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors, height=900)
        comp = page.request.get(f"{base_url}/api/games/pharaoh/components").json()
        hexes = {x["id"]: x for x in comp["hexes"]}
        starter = next(d for d in comp["decks"] if d["id"] == "warlord")

        # the Warlord's starter deck, one Dagger fewer: a deck of one's own
        page.click('.game-tile[data-game="pharaoh"] .deck-builder-link')
        page.wait_for_selector("body[data-ready='true']")
        page.click('.builder-prebuilt[data-deck="warlord"]')
        settled(page, True)
        page.click('.builder-remove[data-card="dagger"]')
        settled(page, True)
        page.fill("#builder-name", "My warlord")
        page.click("#builder-save")
        page.wait_for_selector('#builder-saved li[data-name="My warlord"]')
        mine = next(d for d in stored(page) if d["name"] == "My warlord")
        assert mine["cards"] == {**starter["cards"], "dagger": starter["cards"]["dagger"] - 1}
        # the same without its exit: the builder saves it, as a work in progress
        exit_hex = next(x for x in mine["hexes"] if hexes[x].get("exit"))
        page.click(f'.builder-hex-remove[data-hex="{exit_hex}"]')
        settled(page, False)
        assert "pharaoh.deck.no_exit" in problems(page)
        page.fill("#builder-name", "No exit")
        page.click("#builder-save")
        page.wait_for_selector('#builder-saved li[data-name="No exit"]')
        # and one the builder would never make (five Daggers), written into the store by hand
        page.evaluate("""(deck) => {
          const decks = JSON.parse(localStorage.getItem('ca.decks.pharaoh'));
          decks.push(deck);
          localStorage.setItem('ca.decks.pharaoh', JSON.stringify(decks));
        }""", {**mine, "name": "Five daggers", "cards": {**mine["cards"], "dagger": 5}})

        # a table with a bot; the set-up offers the saved decks
        page.goto(base_url)
        page.click('.create-table[data-game="pharaoh"]')
        page.select_option("#create-players", "2")
        page.click("#create-submit")
        page.wait_for_url("**/table/**")
        page.click('button.seat-bot[data-seat="1"]')
        page.wait_for_selector("#start:not([hidden])")
        page.click("#start")
        page.wait_for_selector("#ph-setup .ph-saved")
        assert sorted(b.get_attribute("data-name") for b in page.query_selector_all("#ph-setup .ph-saved")) == \
            ["Five daggers", "My warlord", "No exit"]
        # the bot chooses its deck on its own time: wait for it, so that the version below moves only for us
        page.wait_for_function("() => window.cryptarena.state.view.seats[1].ready")

        def still_choosing(version: int) -> None:
            state = page.evaluate("() => window.cryptarena.state")
            assert state["version"] == version
            assert state["view"]["phase"] == "setup"
            assert state["view"]["seats"][0]["setup"]["mode"] is None and not state["view"]["seats"][0]["ready"]

        for name, reason in (("No exit", "the deck is not legal yet"), ("Five daggers", "at most 4 of a kind")):
            version = page.evaluate("() => window.cryptarena.state.version")
            page.click(f'#ph-setup .ph-saved[data-name="{name}"]')
            toast = page.wait_for_selector(f'#toasts .toast-error:has-text("{reason}")')
            if name == "No exit":
                assert "exit hex" in toast.inner_text().lower().split(reason, 1)[1]
            page.wait_for_function("() => !window.cryptarena.busy")
            still_choosing(version)
            assert page.query_selector("#ph-setup .ph-saved")

        # the same refusals in French and Chinese: the reason's key and parameters, in the page's words
        for lang, reason, problem in (("fr", "au plus 4 exemplaires d'une carte", None),
                                      ("zh", "牌组尚不合规", "必须")):
            page.select_option("#lang", lang)
            page.click(f'#ph-setup .ph-saved[data-name="{"Five daggers" if lang == "fr" else "No exit"}"]')
            toast = page.wait_for_selector(f'#toasts .toast-error:has-text("{reason}")')
            assert "of a kind" not in toast.inner_text() and "EXIT hex" not in toast.inner_text()
            assert problem is None or problem in toast.inner_text(), toast.inner_text()
            page.wait_for_function("() => !window.cryptarena.busy")
        page.select_option("#lang", "en")
        page.click('#ph-setup .ph-saved[data-name="My warlord"]')
        page.wait_for_selector("#ph-svg .ph-hex")  # the bot was ready: the crypt opens
        view = page.evaluate("() => window.cryptarena.state.view")
        assert view["seats"][0]["character"] == "warlord"
        assert view["seats"][0]["decklist"] == mine["cards"]
        assert len(view["hand"]) + view["seats"][0]["deck"] == sum(mine["cards"].values()) + 1  # and the Key
        browser.close()
    assert errors == [], errors
