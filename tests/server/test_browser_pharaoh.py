"""Crypt: The Pharaoh's Curse end to end in a real browser (Debian's chromium, a real server).

- A person creates a 3-seat table from the lobby, seats two greedy bots, picks a starter deck with
  one click and plays the whole game by clicking the page to the end screen. At every look the page
  must draw what the view says (every placed hex, every standing piece on its hex, the hand's cards)
  and offer every legal action as an element carrying it; an attack on the person shows the
  incoming strike with the dodge odds, a play-any-time window shows what it answers.
- A friend joins by the invite link: in their page and in every frame their socket receives, no card
  of another seat's hand. Screenshots go to artifacts/ (pharaoh-mid-game.png, pharaoh-end.png,
  pharaoh-friend.png, and pharaoh-defence.png / pharaoh-window.png when those moments came).
The deck builder and a custom deck brought to a table: test_browser_decks.py.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, add_bot, assert_result_in_view, chromium_path, click_if_present, lobby_page

pytestmark = pytest.mark.browser

# What the page shows and what this seat's view says, read in one go so both belong to one state.
SNAPSHOT = """() => {
  const page = window.cryptarena, st = page.state;
  if (!st || !st.view || !document.querySelector('#pharaoh')) return null;
  const all = (sel) => [...document.querySelectorAll(sel)];
  return { seat: st.seat, view: st.view, legal: st.legal || [], over: st.over, busy: page.busy, version: st.version,
    hexes: all('#ph-svg .ph-hex').map((g) => Number(g.dataset.hex)),
    pieces: all('#ph-svg .ph-piece').map((p) => [p.dataset.piece, Number(p.closest('.ph-hex').dataset.hex)]),
    hand: all('#ph-hand .ph-card').map((c) => c.dataset.card),
    actions: all('#pharaoh [data-action]').map((e) => e.getAttribute('data-action')),
    strike: !!document.querySelector('#ph-strike'), odds: all('#ph-strike .ph-odds').length,
    window: !!document.querySelector('#ph-window') };
}"""


def check_page(snap: dict) -> None:
    """The map, the pieces and the hand are the view's; every legal action is offered."""
    view = snap["view"]
    if view["phase"] != "setup":
        assert sorted(snap["hexes"]) == list(range(len(view["crypt"])))
        standing = sorted([f"c{s['seat']}", s["hex"]] for s in view["seats"] if not s["defeated"] and s["hex"] is not None)
        drawn = sorted(p for p in map(list, snap["pieces"]) if p[0][0] == "c")
        assert drawn == standing, (drawn, standing)
        monsters = sorted([f"m{m['uid']}", m["hex"]] for m in view["monsters"] if m["hex"] is not None and m["lp"] > 0)
        assert sorted(p for p in map(list, snap["pieces"]) if p[0][0] == "m") == monsters
        if snap["seat"] is not None:
            assert snap["hand"] == view["hand"]
    offered = {json.dumps(json.loads(a), sort_keys=True) for a in snap["actions"]}
    for action in snap["legal"]:
        if action["type"] not in ("add", "remove", "add_hex", "remove_hex"):  # set-up lists: in a <details>
            assert json.dumps(action, sort_keys=True) in offered, action
    if view["strike"] and snap["seat"] is not None and view["strike"]["target"] == f"c{snap['seat']}":
        assert snap["strike"] and (snap["odds"] >= 1 or not view["strike"]["dodgeable"]
                                   or not any(a["type"] == "dodge" for a in snap["legal"]))
    if view["window"]:
        assert snap["window"]


PREFERENCE = ("exit", "pickup", "dodge_exit", "escape", "escape_to", "target", "confirm", "defend", "dodge", "soak",
              "place", "draw", "explore", "move", "hit", "done", "end", "pass", "take", "discard", "dominate", "wait")


def choose(snap: dict, rng: random.Random) -> dict:
    """A player who heads for the exit: the Key and the exit first, then exploring and moving,
    defending when attacked, and now and then a card; never a play taken back on purpose."""
    legal = snap["legal"]
    kinds = {a["type"] for a in legal}
    if "play" in kinds and "act" == snap["view"]["phase"] and rng.random() < 0.25:
        plays = [a for a in legal if a["type"] == "play" and a["card"] != "key"]
        if plays:
            return rng.choice(plays)
    for kind in PREFERENCE:
        options = [a for a in legal if a["type"] == kind]
        if options:
            return rng.choice(options)
    return rng.choice(legal)


def click_action(page, action: dict) -> bool:
    selector = f"#pharaoh [data-action='{json.dumps(action, separators=(',', ':'))}']"
    return click_if_present(page.query_selector(selector))


def test_a_person_and_two_bots_play_a_whole_game_of_pharaoh(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    rng = random.Random(11)
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.01) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors, width=1400, height=1000)
        assert page.query_selector('.game-tile[data-game="pharaoh"] img[src$="/games/pharaoh.svg"]')
        page.click('.create-table[data-game="pharaoh"]')
        page.select_option("#create-players", "3")
        page.fill('input[name="round_limit"]', "12")
        page.click("#create-submit")
        page.wait_for_url("**/table/**")
        page.wait_for_selector('.seat-agent[data-seat="2"]')
        for seat in (1, 2):
            add_bot(page, seat, "greedy")
        page.wait_for_selector("#start:not([hidden])")
        page.click("#start")
        page.wait_for_selector("#ph-setup .ph-pick")
        assert "Starter set" in page.inner_text("#pharaoh")
        page.click('#ph-setup .ph-pick[data-action=\'{"type":"pick","deck":"warlord"}\']')
        page.wait_for_selector("#ph-svg .ph-hex")

        seen: dict = {}
        for _ in range(3000):
            if page.query_selector("#rematch"):
                break
            snap = page.evaluate(SNAPSHOT)
            if snap is None:
                page.wait_for_timeout(60)
                continue
            check_page(snap)
            kind = (snap["view"]["decision"] or {}).get("kind") or snap["view"]["phase"]
            seen[kind] = seen.get(kind, 0) + 1
            for moment, shot in (("defend", "pharaoh-defence.png"), ("window", "pharaoh-window.png")):
                if kind == moment and snap["legal"] and not seen.get(shot):
                    page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
                    seen[shot] = True
            if len(snap["view"]["crypt"]) >= 6 and not seen.get("mid"):
                page.screenshot(path=str(ARTIFACTS / "pharaoh-mid-game.png"), full_page=True)
                seen["mid"] = True
            if not snap["legal"] or snap["busy"]:
                page.wait_for_timeout(60)
                continue
            action = choose(snap, rng)
            if click_action(page, action):
                seen["clicks"] = seen.get("clicks", 0) + 1
                page.wait_for_function("(v) => !window.cryptarena.busy && window.cryptarena.state.version > v",
                                       arg=snap["version"], timeout=10_000)
        else:
            raise AssertionError(f"the game of Pharaoh did not reach its end in the browser: {seen}")

        page.wait_for_selector("#ph-end")
        page.wait_for_selector("#score-breakdown")
        assert_result_in_view(page)
        page.screenshot(path=str(ARTIFACTS / "pharaoh-end.png"), full_page=True)
        final = page.evaluate("() => window.cryptarena.state")
        view = final["view"]
        assert final["over"] and view["phase"] == "game_end"
        end = page.query_selector("#ph-end")
        assert end.get_attribute("data-reason") == view["end_reason"]
        if view["winner"] is not None:
            assert final["winners"] == [view["winner"]]
            assert page.get_attribute("#ph-end", "data-winner") == str(view["winner"])
        assert not page.query_selector(".render-error")
        # The table's seed is the lobby's (random): a bot escaping can end a game after a few of the
        # person's turns (3 to 14 clicks in runs of this test), before the crypt reaches 6 hexes.
        assert seen.get("clicks", 0) >= 3, seen
        assert seen.get("mid") or view["end_reason"] == "escape", seen
        browser.close()
    assert errors == [], errors


def test_a_friend_joining_by_link_sees_no_card_of_another_hand(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.01) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        ada = lobby_page(browser, base_url, errors, "Ada")
        ada.click('.create-table[data-game="pharaoh"]')
        ada.select_option("#create-players", "3")
        ada.click("#create-submit")
        ada.wait_for_url("**/table/**")
        ada.wait_for_function("(document.querySelector('#invite-link') || {}).value?.includes('/table/')")
        invite = ada.input_value("#invite-link")

        bo = browser.new_context(viewport={"width": 420, "height": 900}).new_page()  # a phone
        bo.on("pageerror", lambda exc: errors.append(str(exc)))
        frames: list[str] = []
        bo.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
        bo.goto(invite)
        bo.click('.seat-join[data-seat="1"]')
        bo.fill("#name-input", "Bo")
        bo.click("#name-ok")
        ada.click('.seat-bot[data-seat="2"]')
        ada.wait_for_selector("#start:not([hidden])")
        ada.click("#start")
        for page, deck in ((ada, "spellmancer"), (bo, "avenger")):
            page.wait_for_selector("#ph-setup .ph-pick")
            page.click(f'#ph-setup .ph-pick[data-action=\'{{"type":"pick","deck":"{deck}"}}\']')
        bo.wait_for_selector("#ph-hand .ph-card")
        ada.wait_for_selector("#ph-hand .ph-card")
        # a few moves of Ada's so that hands change, then look from Bo's side at a moment Ada holds cards
        # (she may have played her last card and not drawn yet: then play on a little). The lobby deals a
        # random seed: a bot may end the game or defeat Ada first, and she then holds no card to hide
        moved = 0
        for _ in range(120):
            if moved >= 10 and ada.evaluate("() => window.cryptarena.state.view.hand.length") > 0:
                break
            if ada.evaluate("() => window.cryptarena.state.over || window.cryptarena.state.view.seats[0].defeated"):
                break
            snap = ada.evaluate(SNAPSHOT)
            if snap and snap["legal"] and not snap["busy"]:
                legal = snap["legal"]
                action = next((a for a in legal if a["type"] in ("draw", "done", "explore", "place", "pass", "take", "end")), legal[0])
                if click_action(ada, action):
                    moved += 1
                    ada.wait_for_function("(v) => window.cryptarena.state.version > v", arg=snap["version"], timeout=10_000)
            bsnap = bo.evaluate(SNAPSHOT)
            if bsnap and bsnap["legal"] and not bsnap["busy"]:
                legal = bsnap["legal"]
                click_action(bo, next((a for a in legal if a["type"] in ("pass", "take", "skip", "done", "end")), legal[0]))
            bo.wait_for_timeout(50)
        bo.screenshot(path=str(ARTIFACTS / "pharaoh-friend.png"), full_page=True)

        ada_state = ada.evaluate("() => window.cryptarena.state")
        bo_state = bo.evaluate("() => window.cryptarena.state")
        assert bo_state["seat"] == 1 and ada_state["seat"] == 0
        ada_hand = ada_state["view"]["hand"]
        assert ada_hand or ada_state["over"] or ada_state["view"]["seats"][0]["defeated"], "Ada holds cards"
        # Bo's page draws Bo's hand only; Ada's seat shows counts, and only cards known to all
        assert [c.get_attribute("data-card") for c in bo.query_selector_all("#ph-hand .ph-card")] == bo_state["view"]["hand"]
        ada_row = bo.query_selector('#ph-seats .ph-seat[data-seat="0"]')
        assert ada_row.get_attribute("data-hand") == str(len(ada_hand))
        assert not ada_row.query_selector(".ph-card")
        known = ada_state["view"]["seats"][0]["known"]
        assert bo_state["view"]["seats"][0]["known"] == known
        # every frame Bo's socket received: another seat's hand is a count, never a list of cards
        states = [json.loads(f) for f in frames if f.startswith("{")]
        states = [m for m in states if m.get("type") == "state" and m.get("view")]
        assert len([m for m in states if m["seat"] == 1]) >= 5
        # Bo was sent states while Ada held cards (three from the deal at least): what follows has cards to hide
        assert any(seat["seat"] == 0 and seat["hand"] > 0 for m in states for seat in m["view"].get("seats", []))
        for message in states:
            view = message["view"]
            assert message["seat"] in (None, 1)  # watching before sitting down, then Bo's seat
            for seat in view.get("seats", []):  # a patch carries the seats only when they changed
                assert isinstance(seat["hand"], int)
                assert seat.get("setup") is None or seat["seat"] == message["seat"]
            for entry in message["log"]:
                assert "secret" not in entry
                if entry.get("msg") == "pharaoh.draw" and entry["params"].get("seat") == 0:
                    assert "card" not in entry["params"], entry  # Ada's draws are "draws a card"
        browser.close()
    assert errors == [], errors
