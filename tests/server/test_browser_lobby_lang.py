"""The lobby in English, French and Chinese: it starts in the browser's language, the switch
changes every word of the page at once, and the choice is kept across a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import CHROMIUM_FLAGS, chromium_path

pytestmark = pytest.mark.browser


def texts(page) -> dict:
    return {"title": page.inner_text(".hero h1"), "create": page.inner_text('.create-table[data-game="crypt"]'),
            "open": page.inner_text("#open-tables"), "rules": page.inner_text('.game-tile[data-game="crypt"] .rules-link'),
            "players": page.inner_text('.game-tile[data-game="quartz"] .meta')}


def test_the_lobby_speaks_the_browsers_language_and_switches(tmp_path):
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        french = browser.new_context(locale="fr-FR").new_page()
        french.on("pageerror", lambda exc: errors.append(str(exc)))
        french.goto(base_url + "/")
        french.wait_for_selector('.create-table[data-game="crypt"]')
        french.wait_for_function("document.querySelector('#open-tables li') !== null")
        assert texts(french) == {"title": "Choisissez un jeu, invitez un ami, complétez avec des bots",
                                 "create": "Créer une table", "open": "Aucune table ouverte : créez-en une ci-dessus.",
                                 "rules": "Règles", "players": "3 à 6 joueurs"}
        assert french.get_attribute("html", "lang") == "fr"

        french.select_option("#lang", "zh")
        assert texts(french)["create"] == "创建牌桌" and texts(french)["players"] == "3–6名玩家"
        french.reload()
        french.wait_for_selector('.create-table[data-game="crypt"]')
        assert texts(french)["title"] == "选一个游戏，邀请朋友，空位交给机器人"  # kept across the reload

        french.select_option("#lang", "en")
        assert texts(french)["create"] == "Create a table" and texts(french)["rules"] == "Rules"
        french.click('.create-table[data-game="crypt"]')
        assert french.inner_text("#create-title") == "Create a table — Crypt"
        french.select_option("#lang", "fr")
        assert french.inner_text("#create-title") == "Créer une table — Crypt"  # the open form follows
        assert french.inner_text("#create-submit") == "Créer la table"
        browser.close()
    assert errors == []
