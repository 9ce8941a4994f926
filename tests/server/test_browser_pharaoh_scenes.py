"""Pharaoh's renderer on the rulebook's own moments, in a real browser: the engine's real view and legal
actions of an arranged table (tests/pharaoh/pharaoh_play.py) are drawn by the real renderer module
served by a real server; a click's action is applied to the engine and the page drawn again. Only
the socket is left out, so that the exact moment can be set up.

- The seed's compound play: the Avenger uses a tabled Crossbow, attaches Echo and Poison, adds
  Enforce, then targets the Warlord: the panel sums up the play after every step and offers a cancel.
- The defence it meets: the incoming strike (source, dice, roll, type), a play-any-time window first.
- Rally turns a dodge of 6 into 9: the odds of both dodges are shown, in English, French and Chinese.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pharaoh"))
from pharaoh_play import dice, table, to_step, touched  # noqa: E402

pytestmark = pytest.mark.browser

DRAW = """async ({ view, legal, seat, comps, words, lang, names }) => {
  const mod = await import('/static/js/games/pharaoh.js');
  const i18n = await import('/static/js/i18n.js');
  const merged = i18n.mergeCatalogue(words, lang);
  window.local ??= {};
  window.sent = [];
  let board = document.getElementById('board');
  if (!board) {
    document.body.innerHTML = '<link rel="stylesheet" href="/static/css/app.css"><main id="board"></main>';
    board = document.getElementById('board');
  }
  mod.render(board, { view, legal, seat, toAct: view.to_act, over: false, t: i18n.translator(lang, merged), lang,
    names, nameOf: (s) => names[s], local: window.local, components: comps, words: merged, clock: 20,
    send: (a) => window.sent.push(a) });
}"""


class Scene:
    def __init__(self, page, base_url: str, state, lang: str = "en"):
        self.page, self.state, self.lang = page, state, lang
        self.comps = httpx.get(f"{base_url}/api/games/pharaoh/components").json()
        self.words = httpx.get(f"{base_url}/api/games/pharaoh/messages").json()
        page.goto(f"{base_url}/healthz")

    def draw(self, seat: int) -> None:
        self.page.evaluate(DRAW, {"view": self.state.view(seat), "legal": self.state.legal_actions(seat), "seat": seat,
                                  "comps": self.comps, "words": self.words, "lang": self.lang, "names": ["Ava", "Wulf"]})
        text = self.page.inner_text("#pharaoh")
        assert "ui.pharaoh." not in text and "term." not in text, text  # every word found in the catalogue

    def click(self, seat: int, selector: str) -> dict:
        """Click what carries an action; the action sent is applied to the engine; draw again."""
        element = self.page.query_selector(selector)
        assert element, selector
        element.click()
        sent = self.page.evaluate("() => window.sent")
        assert len(sent) == 1, sent
        assert sent[0] == json.loads(element.get_attribute("data-action"))
        assert sent[0] in self.state.legal_actions(seat)
        self.state.apply(seat, sent[0])
        return sent[0]


def rows(page) -> dict:
    return {r.get_attribute("data-part"): r.query_selector("td").inner_text()
            for r in page.query_selector_all("#ph-build tr[data-part]")}


def test_a_compound_play_is_built_step_by_step_then_met_by_a_window_and_a_defence(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    state = table(("avenger", "warlord"), hands={0: ["echo", "poison", "enforce"], 1: ["block", "block"]})
    for card in ("vanguard_ring", "crossbow"):
        state.deck[0].remove(card)
        state.new_entry(0, card, seat=0)
    touched(state)
    crossbow = next(e["uid"] for e in state.table if e["card"] == "crossbow")
    to_step(state)
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        scene = Scene(page, base_url, state)
        scene.draw(0)
        assert page.get_attribute("#ph-actions", "data-allowance") == "1"
        scene.click(0, f'.ph-tabled[data-uid="{crossbow}"] [data-action=\'{{"type":"use","uid":{crossbow}}}\']')
        scene.draw(0)
        assert page.get_attribute("#pharaoh", "data-decision") == "build"
        assert rows(page)["card"].startswith("Crossbow") and rows(page)["alteration"] == "—"
        assert page.query_selector("#ph-cancel") and page.query_selector('.ph-piece[data-piece="c1"].target')
        scene.click(0, '#ph-hand .ph-card[data-card="echo"] .ph-attach')
        scene.draw(0)
        scene.click(0, '#ph-hand .ph-card[data-card="poison"] .ph-attach')
        scene.draw(0)
        scene.click(0, '#ph-hand .ph-card[data-card="enforce"] .ph-modifier')
        scene.draw(0)
        parts = rows(page)
        assert {parts["alteration"], parts["enhancement"]} == {"Poison", "Echo"}, parts
        assert parts["modifiers"] == "Enforce" and parts["target"] == "—"
        assert page.query_selector("#ph-cancel")
        page.screenshot(path=str(ARTIFACTS / "pharaoh-compound-play.png"), full_page=True)
        # the target on the map: the Warlord's piece, lit, carries the target action
        scene.click(0, '#ph-svg .ph-piece[data-piece="c1"].target')
        dice(state, *[2] * 10)
        scene.draw(1)
        assert page.get_attribute("#pharaoh", "data-decision") == "window"
        window = page.inner_text("#ph-window")
        assert "Ava plays Crossbow" in window and "Echo" in window and "Poison" in window and "Enforce" in window
        assert "Wulf" in window  # still to answer
        scene.click(1, "#ph-pass")
        scene.draw(1)
        assert page.get_attribute("#pharaoh", "data-decision") == "defend"
        strike = page.inner_text("#ph-strike")
        assert "Crossbow from Ava at Wulf" in strike, strike
        assert "4D6" in strike and "16 weapons + 4 weapons + 5 Poison" in strike, strike
        page.screenshot(path=str(ARTIFACTS / "pharaoh-defence-scene.png"), full_page=True)
        scene.click(1, '#ph-hand .ph-card[data-card="block"] .ph-defend')
        browser.close()
    assert errors == [], errors


@pytest.mark.parametrize("lang, plain, rally", [
    ("en", "Dodge: 2D6 at or under 6 — 42%", "Dodge with it: 2D6 at or under 9 — 83%"),
    ("fr", "Esquiver : 2D6 à 6 ou moins — 42 %", "Esquiver avec elle : 2D6 à 9 ou moins — 83 %"),
    ("zh", "闪避：2D6掷出6或以下 — 42%", "配合它闪避：2D6掷出9或以下 — 83%"),
])
def test_rally_shows_the_odds_of_a_dodge_of_six_and_of_nine(tmp_path, lang, plain, rally):
    state = table(("warlord", "avenger"), hands={0: [], 1: ["rally"]})
    to_step(state)
    state.apply(0, {"type": "hit"})
    dice(state, 3)
    state.apply(0, {"type": "target", "target": "c1"})
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}") as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        scene = Scene(page, base_url, state, lang)
        scene.draw(1)
        odds = [li.inner_text() for li in page.query_selector_all("#ph-strike .ph-odds")]
        assert odds == [plain, rally], odds
        assert page.get_attribute('#ph-strike .ph-odds[data-card="rally"]', "data-at") == "9"
        dice(state, 4, 5)
        scene.click(1, '#ph-hand .ph-card[data-card="rally"] .ph-dodge')
        assert state.life[1] == 25  # 9: dodged with Rally, as the rulebook's example says
        browser.close()
