"""The Midas companion and the rules dialog speak the browser's language (en/fr/zh), in a real
browser against a real server: a zh-CN phone gets the companion in Chinese (set-up screen, the game,
its log), its switch turns it to English for good; a French browser opens the lobby's rules dialog
on the French rules, and the Chinese ones after switching."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import CHROMIUM_FLAGS, chromium_path
from test_rules_api import rules_file

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}


def text(page, selector: str) -> str:
    return page.inner_text(selector).strip()


def first_heading(markdown: str) -> str:
    return re.search(r"^# (.+)$", markdown, re.M).group(1).replace("**", "")


def test_the_companion_speaks_chinese_in_a_chinese_browser(tmp_path):
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(locale="zh-CN", **PHONE).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15_000)
        page.goto(f"{base_url}/companion?seed=20")
        page.wait_for_selector("#start-game")
        assert page.evaluate("navigator.languages")[0].startswith("zh")
        assert text(page, "#start-game") == "开始" and text(page, ".c-title") == "迈达斯宝箱"
        assert text(page, '.name-row[data-seat="0"] .cup-label') == "红色杯子"
        assert page.get_attribute("html", "lang") == "zh" and page.input_value("#lang") == "zh"
        assert page.title() == "迈达斯宝箱 — 助手"

        page.tap("#start-game")
        page.wait_for_url("**/companion/*")
        page.wait_for_selector("#stone")
        assert text(page, "#phase-label") == "用实体骰子叫价"
        assert text(page, "#reveal") == "揭晓" and text(page, ".cap-label") == "叫价上限"
        assert text(page, "#table-code").startswith("代码 ")
        assert text(page, "#log-box summary") == "游戏记录"
        log = page.eval_on_selector_all("#log li", "items => items.map(li => li.textContent)")
        assert log and all(re.search(r"[\u4e00-\u9fff]", line) for line in log), log  # the game's own log too

        page.select_option("#lang", "en")
        assert text(page, "#phase-label") == "Bidding with the real dice" and text(page, "#reveal") == "Reveal"
        page.reload()
        page.wait_for_selector("#stone")
        assert text(page, "#phase-label") == "Bidding with the real dice"  # the choice is kept
        assert page.get_attribute("html", "lang") == "en"
        browser.close()
    assert errors == [], errors


def test_the_rules_dialog_shows_the_rules_in_the_browsers_language(tmp_path):
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(locale="fr-FR").new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15_000)
        page.goto(base_url + "/")
        page.click('.game-tile[data-game="crypt"] .rules-link')
        page.wait_for_selector("#rules-dialog[open] #rules-body h1")
        assert text(page, "#rules-body h1") == first_heading(rules_file("crypt", "RULES.fr.md"))
        assert text(page, "#rules-body h1") == "Crypt — les règles telles qu'on les joue ici"
        assert "Collectionneur" in text(page, "#rules-body table")
        page.keyboard.press("Escape")
        page.wait_for_selector("#rules-dialog[open]", state="detached")

        page.select_option("#lang", "zh")
        page.click('.game-tile[data-game="quartz"] .rules-link')
        page.wait_for_selector("#rules-dialog[open] #rules-body h1")
        assert text(page, "#rules-body h1") == first_heading(rules_file("quartz", "RULES.zh.md"))
        browser.close()
    assert errors == [], errors
