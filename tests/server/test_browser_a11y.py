"""Accessibility checked by axe-core (the npm package, installed by `make setup` into .web-tools/)
in Debian's chromium: the lobby, each game's table in the middle of a game, the Pharaoh deck builder,
a replay and its Review tab (a review's result too: test_browser_review.py), a profile and a
leaderboard have no violation of impact "serious" or "critical"; at each game's table every seat has
a shape of its own wherever its colour marks what is theirs. One server and one browser for all the
pages. A missing axe-core is a failure that says why, not a skip."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from live_server import LiveClient
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path, lobby_page
from test_history import play_against_a_bot

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / ".web-tools" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

RUN_AXE = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.slice(0, 6).map((n) => n.target.join(" ") + " :: " + (n.failureSummary || "").split("\\n").slice(1, 3).join(" ")) }));
}"""

# (game, seats): every game's table, the person at seat 0 and bots in the other seats
TABLES = (("crypt", 3), ("quartz", 3), ("midas", 3), ("crusade", 4), ("pharaoh", 2))


# Where a seat's colour says whose something is, the seat's shape must be there too (colour-blind
# players): "{n}" is the seat. The page's seat list and scores, then each game's own places.
SEAT_CUES = {
    "all": ('#seats li.seat[data-seat="{n}"] .seat-mark', '#scores li[data-seat="{n}"] .seat-mark'),
    "crypt": ('#players .player[data-seat="{n}"] .player-name .seat-mark',),
    "quartz": ('.qz-seat[data-seat="{n}"] .seat-mark',),
    "midas": ('.midas-seat[data-seat="{n}"] .seat-mark',),
    "crusade": (),  # the pieces carry the seat's number and the team's shape: checked apart
    "pharaoh": ('.ph-seat[data-seat="{n}"] .seat-mark', '.ph-piece[data-piece="c{n}"] .ph-seat-shape'),
}
SHAPES_OF = """(selector) => [...document.querySelectorAll(selector)].map((el) => el.dataset.shape || "")"""
CRUSADE_PIECES = """() => [...document.querySelectorAll('#crusade-board .crusade-piece')].map((el) =>
  [el.dataset.seat, el.classList.contains('team-gk') ? 'gk' : 'nm', el.querySelector('.crusade-piece-shape')?.tagName, el.querySelector('text')?.textContent])"""


def seat_cue_problems(page, game: str, players: int) -> list[str]:
    """Each seat's shape is in every place its colour marks, the same shape each time, one per seat."""
    problems = []
    shapes = [page.evaluate(SHAPES_OF, SEAT_CUES["all"][0].format(n=n)) for n in range(players)]
    if any(len(found) != 1 or not found[0] for found in shapes) or len({found[0] for found in shapes}) != players:
        return [f"{game}: the seat list does not give each seat a shape of its own: {shapes}"]
    for template in SEAT_CUES["all"][1:] + SEAT_CUES[game]:
        for n in range(players):
            found = page.evaluate(SHAPES_OF, template.format(n=n))
            if not found or any(shape != shapes[n][0] for shape in found):
                problems.append(f"{game}: {template.format(n=n)} shows {found or 'no shape'}, the seat's is {shapes[n][0]}")
    if game == "crusade":
        pieces = page.evaluate(CRUSADE_PIECES)
        tags = {team: {tag for _, t, tag, _ in pieces if t == team} for team in ("gk", "nm")}
        if not pieces or any(text != seat for seat, _, _, text in pieces) or len(tags["gk"] | tags["nm"]) != 2 \
                or tags["gk"] & tags["nm"]:
            problems.append(f"crusade: the pieces do not show their seat's number and their team's shape: {pieces}")
    return problems


def axe_path() -> Path:
    if not AXE.exists():
        why = "npm is not installed, so `make setup` could not fetch it" if shutil.which("npm") is None \
            else "run `make setup` (it installs a pinned axe-core with npm into .web-tools/)"
        pytest.fail(f"axe-core is missing at {AXE}: {why}")
    return AXE


def serious_violations(page) -> list[dict]:
    page.add_script_tag(path=str(axe_path()))
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in SERIOUS]


def report(found: dict[str, list[dict]]) -> str:
    lines = []
    for where, violations in found.items():
        for v in violations:
            lines.append(f"{where}: {v['id']} ({v['impact']}): {v['help']}")
            lines.extend(f"    {target}" for target in v["targets"])
    return "\n".join(lines)


def open_table(page, base_url: str, game: str, players: int) -> str:
    """A table started with this page's person at seat 0 and medium bots elsewhere, opened in the page."""
    post = lambda path, data: page.request.post(base_url + path, data=data).json()  # noqa: E731
    table = post("/api/tables", {"game": game, "players": players, "seed": 5})["table"]["id"]
    token = post(f"/api/tables/{table}/seats/0", {"kind": "human"})["token"]
    for seat in range(1, players):
        post(f"/api/tables/{table}/seats/{seat}", {"kind": "bot", "agent": "medium"})
    post(f"/api/tables/{table}/start", {})
    page.evaluate("([table, token]) => localStorage.setItem(`ca.token.${table}`, token)", [table, token])
    page.goto(f"{base_url}/table/{table}")
    return table


def my_turn(page) -> bool:
    try:
        page.wait_for_selector("#banner.banner-mine", timeout=8_000)
        return True
    except PlaywrightError:
        return False


def play_a_few_moves(page, moves: int) -> None:
    """Take the first thing offered until the table has moved on a few times: the middle of a game
    (a click may only select something, e.g. a Crypt card before its effort)."""
    start = page.evaluate("window.cryptarena.state.version")
    for _ in range(6 * moves):
        if page.evaluate("window.cryptarena.state.version") >= start + moves or not my_turn(page):
            return
        for selector in (".ph-pick", "#confirm", "#stop", ".die-btn:not([disabled])", ".crypt-card.selectable",
                         "#board [data-action]:not([disabled])"):
            element = page.query_selector(selector)
            if element:
                try:
                    element.click(timeout=3_000)
                except PlaywrightError:
                    continue
                break
        page.wait_for_timeout(300)


def test_no_serious_accessibility_violation_on_any_page_and_seats_told_apart_without_colour(served):
    base_url, _ = served
    ARTIFACTS.mkdir(exist_ok=True)
    axe_path()
    with LiveClient(base_url) as client:
        client.post("/api/session", json={"name": "Bo"})
        finished, _ = play_against_a_bot(client)
        bo = client.get("/api/session").json()["guest_id"]
    errors: list[str] = []
    found: dict[str, list[dict]] = {}
    cues: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        page.goto(base_url + "/")
        page.wait_for_selector(".game-tile[data-game]")
        found["lobby, no name yet"] = serious_violations(page)
        page.context.close()
        page = lobby_page(browser, base_url, errors)
        page.wait_for_selector(".game-tile[data-game]")
        found["lobby"] = serious_violations(page)
        page.click('.game-tile[data-game="midas"] .rules-link')
        page.wait_for_selector("#rules-dialog[open] #rules-body *")
        found["rules dialog"] = serious_violations(page)
        page.keyboard.press("Escape")
        page.click('.create-table[data-game="quartz"]')
        page.wait_for_selector("#create-players")
        found["lobby create form"] = serious_violations(page)

        for game, players in TABLES:
            open_table(page, base_url, game, players)
            page.wait_for_selector("#board > *")
            play_a_few_moves(page, 3)
            my_turn(page)
            page.screenshot(path=str(ARTIFACTS / f"a11y-{game}.png"), full_page=True)
            found[f"{game} table"] = serious_violations(page)
            cues.extend(seat_cue_problems(page, game, players))

        # a lesson: the guide over the table, its pointed-at elements ringed
        page.goto(base_url + "/")
        page.click('.learn-link[data-tutorial="pharaoh-1"]')
        page.wait_for_selector("#guide:not([hidden]) #guide-next")
        found["tutorial guide"] = serious_violations(page)

        for where, path, ready in (
                ("deck builder", "/decks/pharaoh", "#builder-cards li"),
                ("replay", f"/replay/{finished['id']}", "#replay-board #midas"),
                ("replay's review tab", f"/replay/{finished['id']}?tab=review", "#review-panel:not([hidden]) #review-start"),
                ("profile", f"/players/{bo}", "#profile-games tr[data-game]"),
                ("leaderboard", "/leaderboard/midas", "#leaderboard-rows tr[data-key]")):
            page.goto(base_url + path)
            page.wait_for_selector(ready)
            found[where] = serious_violations(page)
        browser.close()
    assert errors == [], errors
    found = {where: v for where, v in found.items() if v}
    assert not found, "axe-core found serious or critical violations:\n" + report(found)
    assert not cues, "seats told apart by colour alone:\n" + "\n".join(cues)
