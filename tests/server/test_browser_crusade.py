"""Crypt Crusade end to end in a real browser: one person creates a 4-seat table from the lobby,
seats three bots (a Groundskeeper team-mate and two Necromancers), starts, and plays a whole 2v2
game of 13 rounds by clicking: moves on the lit tiles, cards then their targets, the shop's tiers and
Done, End turn. On every decision the page must draw the whole board (every tile, every Grave with
its owner and seal, every piece on its tile) and light exactly the tiles of the legal moves; a team
chat line must reach the team-mate's side only as a team line. Screenshots go to artifacts/
(crusade-mid-game.png, crusade-end.png)."""

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
  const st = window.cryptarena.state;
  if (!st || !st.view || !document.querySelector('#crusade')) return null;
  const attr = (sel, name) => [...document.querySelectorAll(sel)].map((e) => e.getAttribute(name));
  return { seat: st.seat, view: st.view, legal: st.legal || [], over: st.over, busy: window.cryptarena.busy,
    tiles: attr('#crusade-board .crusade-tile', 'data-tile').map(Number),
    reachable: attr('#crusade-board .crusade-tile.reachable', 'data-tile').map(Number),
    reachableActions: attr('#crusade-board .crusade-tile.reachable', 'data-action'),
    selected: document.querySelectorAll('#crusade-hand .crusade-card.selected').length,
    graves: [...document.querySelectorAll('#crusade-board .crusade-grave')].map((g) =>
      [Number(g.dataset.tile), g.dataset.owner, Number(g.dataset.seal)]),
    pieces: [...document.querySelectorAll('#crusade-board .crusade-piece')].map((p) =>
      [Number(p.dataset.seat), Number(p.closest('.crusade-tile').dataset.tile)]),
    offboard: attr('#crusade-offboard .crusade-chip-piece', 'data-seat').map(Number),
    shopTiers: attr('#crusade-shop .crusade-buy:not([disabled])', 'data-tier').map(Number),
    round: Number(document.querySelector('#crusade-round')?.dataset.round) };
}"""


def check_board(snap: dict) -> None:
    """Every tile, Grave and piece of the view is drawn where the view says, and no more."""
    view = snap["view"]
    assert sorted(snap["tiles"]) == [t["id"] for t in view["tiles"]]
    assert len(snap["tiles"]) == 25  # square5, the default layout
    assert sum(t["shed"] for t in view["tiles"]) == 1
    graves = sorted((int(tile), g["owner"] or "none", g["seal"]) for tile, g in view["graves"].items())
    assert sorted(map(tuple, snap["graves"])) == graves
    assert len(graves) == 7 and {int(tile) for tile in view["graves"]} == {t["id"] for t in view["tiles"] if t["rose"]}
    on_board = sorted((p["seat"], p["tile"]) for p in view["pieces"] if p["tile"] is not None)
    assert sorted(map(tuple, snap["pieces"])) == on_board
    assert sorted(snap["offboard"]) == sorted(p["seat"] for p in view["pieces"] if p["tile"] is None)
    assert snap["round"] == view["round"]


def distance(a: dict, b: dict) -> int:
    return max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"]))


def check_reachable(snap: dict) -> None:
    """With no card picked, the lit tiles are exactly the legal moves, each carrying its move; on
    the square board they are the tiles within the turn's allowance of the piece (king moves)."""
    if snap["selected"]:
        return
    moves = sorted(a["to"] for a in snap["legal"] if a["type"] == "move")
    assert sorted(snap["reachable"]) == moves, (snap["reachable"], moves)
    assert sorted(json.loads(a)["to"] for a in snap["reachableActions"]) == moves
    view, me = snap["view"], snap["seat"]
    piece = view["pieces"][me]
    turn = view["turn"]
    if moves and piece["tile"] is not None and turn and turn["seat"] == me and not turn["moved"]:
        tiles = {t["id"]: t for t in view["tiles"]}
        here = tiles[piece["tile"]]
        within = sorted(i for i, t in tiles.items() if 1 <= distance(here, t) <= turn["allowance"])
        assert moves == within, (moves, within, turn)


def pick_move(snap: dict, rng: random.Random) -> int:
    """A Grave the team could take (not ours, no seal, no opponent on it), else the Shed, else any."""
    view, me = snap["view"], snap["seat"]
    team = view["teams"][me]
    moves = [a["to"] for a in snap["legal"] if a["type"] == "move"]
    blocked = {p["tile"] for p in view["pieces"] if p["team"] != team}
    graves = [t for t in moves if str(t) in view["graves"] and view["graves"][str(t)]["owner"] != team
              and not view["graves"][str(t)]["seal"] and t not in blocked]
    if graves:
        return rng.choice(graves)
    shed = [t["id"] for t in view["tiles"] if t["shed"] and t["id"] in moves]
    return shed[0] if shed and rng.random() < 0.6 else rng.choice(moves)


def play_a_card(page, seen: dict) -> bool:
    """Pick a playable card, then its target on the board (a lit tile or piece) or its Play button."""
    if not click_if_present(page.query_selector("#crusade-hand .crusade-card.playable")):
        return False
    page.wait_for_selector("#crusade-hand .crusade-card.selected", timeout=3_000)
    card = page.get_attribute("#crusade-hand .crusade-card.selected", "data-card")
    kick = page.query_selector('#crusade-board [data-pick^="kick:"]')
    if kick:
        click_if_present(kick)
    for selector in ("#crusade-play", "#crusade-board .crusade-tile.target",
                     "#crusade-board .crusade-piece.target[data-action]",
                     "#crusade-offboard .crusade-chip-piece.target", "#crusade-targets .crusade-choice"):
        element = page.query_selector(selector)
        if element:
            action = json.loads(element.get_attribute("data-action"))
            assert action["type"] == "play" and action["card"] == card, (action, card)
            if click_if_present(element):
                seen.setdefault("cards", []).append(card)
                seen["card_via"] = seen.get("card_via", set()) | {selector}
                return True
    click_if_present(page.query_selector("#crusade-cancel"))  # the page moved on under us: drop the card
    return False


def take_a_turn(page, snap: dict, seen: dict, rng: random.Random) -> bool:
    """Click through one decision if the page offers one; True if it clicked something."""
    legal = snap["legal"]
    if not legal or snap["busy"]:
        return False
    kinds = {a["type"] for a in legal}
    if snap["selected"]:  # a card picked on an earlier look: drop it, decide afresh
        return click_if_present(page.query_selector("#crusade-cancel"))

    def click(selector: str, key: str) -> bool:
        if click_if_present(page.query_selector(selector)):
            seen[key] = seen.get(key, 0) + 1
            return True
        return False

    if "give_up" in kinds:
        return click("#crusade-hand .crusade-give-up", "give_up")
    if "buy" in kinds or "done" in kinds:
        rnd = snap["view"]["round"]
        # even rounds: buy one card of the dearest tier in reach; odd rounds: Done straight away
        if "buy" in kinds and seen.get("bought_in") != rnd and rnd % 2 == 0:
            tiers = sorted(a["tier"] for a in legal if a["type"] == "buy")
            assert snap["shopTiers"] == tiers, (snap["shopTiers"], tiers)  # one tier button enabled per legal buy
            if click(f'#crusade-shop .crusade-buy[data-tier="{tiers[-1]}"]', "buy"):
                seen["bought_in"] = rnd
                return True
        return click("#crusade-done", "done")
    if "end" in kinds and not seen.get("end"):  # once: pass a whole turn ("choose not to do anything")
        return click("#crusade-end", "end")
    if "move" in kinds and not seen.get("card_first_turn") and "play" in kinds and rng.random() < 0.3:
        seen["card_first_turn"] = True  # once in a while, the card before the move (Sprint: +1)
        if play_a_card(page, seen):
            return True
    if "move" in kinds:
        to = pick_move(snap, rng)
        return click(f'#crusade-board .crusade-tile.reachable[data-tile="{to}"]', "move")
    if "play" in kinds and rng.random() < 0.8 and play_a_card(page, seen):
        return True
    if "teleport" in kinds and click("#crusade-teleport", "teleport"):
        return True
    return click("#crusade-end", "end")


def send_team_line(page, text: str) -> None:
    """In a team game a seated player talks to the team by default; the toggle switches to All and back."""
    page.wait_for_selector('#chat-scope:not([hidden])[data-scope="team"]')
    page.click("#chat-scope")
    page.wait_for_selector('#chat-scope[data-scope="all"]')
    page.click("#chat-scope")
    page.wait_for_selector('#chat-scope[data-scope="team"]')
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")
    page.wait_for_function("""(text) => [...document.querySelectorAll('#chat .chat-line.chat-team')]
      .some((li) => li.textContent.includes(text))""", arg=text)


def test_one_person_and_three_bots_play_a_whole_game_of_crusade(tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    rng = random.Random(7)
    with live_server(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0.01) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = lobby_page(browser, base_url, errors)
        assert page.query_selector('.game-tile[data-game="crusade"] img[src$="/games/crusade.svg"]')
        page.click('.create-table[data-game="crusade"]')
        page.select_option("#create-players", "4")
        page.click("#create-submit")
        page.wait_for_url("**/table/**")
        page.wait_for_selector('.seat-agent[data-seat="1"]')
        agents = [o.get_attribute("value") for o in page.query_selector_all('.seat-agent[data-seat="1"] option')]
        agent = "greedy" if "greedy" in agents else "random"
        for seat in (1, 2, 3):
            add_bot(page, seat, agent)
        page.wait_for_selector("#start:not([hidden])")
        page.click("#start")
        page.wait_for_selector("#crusade-board .crusade-tile")
        page.wait_for_selector('#scores li[data-seat="3"]')
        # the team colours reach the seat list: the two Groundskeepers gold, the Necromancers violet
        borders = page.evaluate("""() => [0, 1, 2, 3].map((seat) =>
          getComputedStyle(document.querySelector(`#seats li[data-seat="${seat}"]`)).borderLeftColor)""")  # one redraw
        assert borders == ["rgb(240, 195, 74)", "rgb(217, 154, 28)", "rgb(165, 107, 255)", "rgb(125, 79, 214)"], borders

        send_team_line(page, "I take the graves by the shed")
        teams = page.evaluate("() => window.cryptarena.table.teams")
        assert teams == ["gk", "gk", "nm", "nm"]

        seen: dict = {}
        shot = False
        checked = 0
        for _ in range(6000):
            if page.query_selector("#rematch"):
                break
            snap = page.evaluate(SNAPSHOT)
            if snap is None:
                page.wait_for_timeout(80)
                continue
            check_board(snap)
            if snap["legal"] and not snap["busy"]:
                check_reachable(snap)
                checked += 1
            lit = page.query_selector("#crusade-board .crusade-tile.reachable")
            if not shot and snap["view"]["round"] >= 5 and lit:
                page.screenshot(path=str(ARTIFACTS / "crusade-mid-game.png"), full_page=True)
                shot = True
            acted = take_a_turn(page, snap, seen, rng)
            page.wait_for_timeout(30 if acted else 80)
        else:
            snap = page.evaluate(SNAPSHOT) or {}
            raise AssertionError(f"the game of Crusade did not reach its end in the browser: {seen}; "
                                 f"round {snap.get('round')}, legal {snap.get('legal')}, "
                                 f"to_act {snap.get('view', {}).get('to_act')}")

        page.wait_for_selector("#score-breakdown")
        assert_result_in_view(page)
        page.wait_for_selector("#crusade-winner")
        page.screenshot(path=str(ARTIFACTS / "crusade-end.png"), full_page=True)
        final = page.evaluate("() => window.cryptarena.state")
        view = final["view"]
        assert final["over"] and view["round"] == 13
        scores = view["scores"]
        expected = "gk" if scores["gk"] > scores["nm"] else "nm" if scores["nm"] > scores["gk"] else None
        winner = page.get_attribute("#crusade-winner", "data-winner")
        assert winner == view["winner"] and (expected is None or winner == expected), (winner, scores)
        winning_seats = [0, 1, 2, 3] if winner == "draw" else [s for s in range(4) if teams[s] == winner]
        assert sorted(final["winners"]) == winning_seats
        keys = {row.get_attribute("data-key") for row in page.query_selector_all("#score-breakdown tr[data-key]")}
        assert keys == {"graves"}
        totals = [int(cell.inner_text()) for cell in page.query_selector_all("#score-breakdown td.total")]
        assert totals == [scores[team] for team in teams], (totals, scores)
        owned = [g["owner"] for g in view["graves"].values()]
        assert scores == {"gk": owned.count("gk"), "nm": owned.count("nm")}
        assert f"{scores['gk']} Groundskeepers" in page.inner_text("#crusade-winner")
        assert not page.query_selector(".render-error")
        assert shot and checked >= 13, (shot, checked)
        assert seen.get("move", 0) >= 8 and seen.get("done", 0) >= 1 and seen.get("end", 0) >= 1, seen
        assert seen.get("buy", 0) >= 1 and seen.get("cards"), seen
        browser.close()
    assert errors == [], errors
    for name in ("crusade-mid-game.png", "crusade-end.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000
