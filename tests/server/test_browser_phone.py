"""Every game on a phone: a whole game of each of the five, at 390×844 with touch alone (a chromium
context with mobile emulation: `has_touch`, `is_mobile`), against bots, by taps (`page.tap`) on the
elements that carry a legal action. At every few steps, and in every language at the shots, the page
must not scroll sideways (`scrollWidth <= innerWidth`). Pharaoh's map pans with one finger and zooms
with two (touch pointer events sent to the map),
keeps its hex names readable at any zoom, and its hand is a bottom sheet that opens and closes and
leaves the choices above it reachable.

Screenshots (one page per game, not one game per picture): mid-game and at the end, each in English,
French and Chinese, at phone size and, on the same page resized, at desktop size (1280×800), under
artifacts/screens/<game>-<phone|desktop>-<mid|end>-<lang>.png.

One server and one browser for the five games; the tables are made with a seed so that a run can be
repeated, and their seats and bots are set up over HTTP (the lobby's form is tested elsewhere).
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from live_server import live_server
from test_browser import ARTIFACTS, CHROMIUM_FLAGS, chromium_path
from test_browser_crusade import pick_move
from test_browser_pharaoh import choose as pharaoh_choice

pytestmark = pytest.mark.browser

SCREENS = ARTIFACTS / "screens"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LANGS = ("en", "fr", "zh")

# game -> (players, options, seed, agent of the bots, taps before the mid-game shots)
TABLES = {
    "crypt": (2, {}, 5, "easy", 12),
    "quartz": (3, {}, 5, "easy", 14),
    "midas": (2, {}, 5, "easy", 8),
    "crusade": (2, {}, 5, "easy", 14),
    "pharaoh": (3, {"round_limit": 8}, 5, "easy", 10),  # a newcomer's first game: two bots
}

# The page's state, what it offers (elements carrying a legal action, not disabled) and its width.
SNAPSHOT = """() => {
  const page = window.cryptarena, st = page.state;
  if (!st || !st.view) return null;
  const offered = [...document.querySelectorAll('#board [data-action]')]
    .filter((e) => !e.disabled && !e.closest('[disabled]')).map((e) => e.getAttribute('data-action'));
  return { seat: st.seat, view: st.view, legal: st.legal || [], over: !!st.over, busy: page.busy,
    version: st.version, offered, wide: document.documentElement.scrollWidth - window.innerWidth,
    rematch: !!document.querySelector('#rematch') };
}"""


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    """(base URL, browser): one server with bots moving at once, one chromium."""
    db = tmp_path_factory.mktemp("phone") / "arena.db"
    with live_server(f"sqlite:///{db}", bot_delay=0) as base_url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        yield base_url, browser
        browser.close()


def phone_page(browser, errors: list[str]):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(15_000)
    return page


def open_table(page, base_url: str, game: str) -> None:
    """Name a guest by taps, make a seeded table with bots over HTTP, open it and tap Start."""
    players, options, seed, agent, _ = TABLES[game]
    page.goto(base_url + "/")
    page.fill("#guest-name", "Ada")
    page.tap("#guest-name-ok")
    page.wait_for_selector("#session-name")
    table_id = page.evaluate("""async ([game, players, options, seed, agent]) => {
      const post = async (url, body) => {
        const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(url + ' ' + res.status + ' ' + await res.text());
        return res.json();
      };
      const { table } = await post('/api/tables', { game, players, options, seed });
      const me = await post(`/api/tables/${table.id}/seats/0`, { kind: 'human' });
      localStorage.setItem(`ca.token.${table.id}`, me.token);
      for (let seat = 1; seat < players; seat++) await post(`/api/tables/${table.id}/seats/${seat}`, { kind: 'bot', agent });
      return table.id;
    }""", [game, players, options, seed, agent])
    page.goto(f"{base_url}/table/{table_id}")
    page.wait_for_selector("#start:not([hidden])")
    page.tap("#start")
    page.wait_for_function("() => window.cryptarena.state && window.cryptarena.state.view")


def tap(page, selector: str) -> bool:
    """Tap an element seen a moment ago; a redraw (a bot's move) may have taken it: no failure."""
    try:
        page.locator(selector).first.tap(timeout=3_000)
        return True
    except PlaywrightError:
        return False


def tap_action(page, action: dict | str) -> bool:
    raw = action if isinstance(action, str) else json.dumps(action, separators=(",", ":"))
    return tap(page, f"#board [data-action='{raw}']")


def offered(snap: dict) -> list[dict]:
    """The legal actions the page offers as an element (a redraw may lag a state: both must hold)."""
    legal = {json.dumps(a, sort_keys=True) for a in snap["legal"]}
    seen, out = set(), []
    for raw in snap["offered"]:
        action = json.loads(raw)
        key = json.dumps(action, sort_keys=True)
        if key in legal and key not in seen:
            seen.add(key)
            out.append(action)
    return out


def first_of(actions: list[dict], kinds, rng: random.Random | None = None) -> dict | None:
    for kind in kinds:
        options = [a for a in actions if a["type"] == kind]
        if options:
            return rng.choice(options) if rng else options[0]
    return None


# -- one decision per game: an action to tap, or None after a tap that only picks (a card, a die) ---------
def crypt_turn(page, snap, actions, memo, rng):
    if (a := first_of(actions, ("confirm",))):
        return a
    places = [a for a in actions if a["type"] == "place"]
    if places:
        return places[len(places) // 2]
    if any(a["type"] == "place" for a in snap["legal"]):  # the effort picker opens on the card's tap
        if tap(page, ".crypt-card.selectable"):
            return None
    return first_of(actions, ("recover", "idol_reroll", "pass", "pottery_take", "remains_recover", "manuscript_peek"))


def quartz_turn(page, snap, actions, memo, rng):
    view = snap["view"]
    if view["phase"] == "roll" and any(a["type"] == "reroll" for a in snap["legal"]):
        key = (view["round"], tuple(view["order"]))
        if memo.get("rerolled") != key:  # once a turn: mark a die by a tap, then Reroll
            if tap(page, 'button.qz-die[data-die="0"]'):
                page.wait_for_selector("button.qz-die.to-reroll", timeout=3_000)
                memo["rerolled"] = key
                return next((a for a in offered(page.evaluate(SNAPSHOT)) if a["type"] == "reroll"), None)
    return first_of(actions, ("draw", "return", "dump", "steal", "protect", "wild", "use", "stop", "end_turn"))


def midas_turn(page, snap, actions, memo, rng):
    view = snap["view"]
    if (a := first_of(actions, ("obsidian",), rng)):
        return a
    if not memo.get("bribed") and (a := first_of(actions, ("bribe",))):
        memo["bribed"] = True
        return a
    bids = sorted((a for a in actions if a["type"] == "bid"), key=lambda a: a["count"])
    accuse = first_of(actions, ("accuse",))
    if accuse or bids:
        on_table = sum(s["dice_count"] for s in view["seats"])
        if accuse and ((view["bid"] or 0) >= 0.5 * on_table or not bids):
            return accuse
        return bids[0]
    if any(a["type"] == "draw" for a in actions):
        me = view["seats"][snap["seat"]]
        return first_of(actions, ("draw",) if me["dice_count"] <= 3 else ("lose_die", "draw"))
    if not memo.get("bought") and (a := first_of(actions, ("buy",))):
        memo["bought"] = True
        return a
    return first_of(actions, ("pass", "swap"))


def crusade_turn(page, snap, actions, memo, rng):
    view = snap["view"]
    kinds = {a["type"] for a in actions}
    selected = page.query_selector("#crusade-hand .crusade-card.selected")
    if selected:  # a card picked on the step before: its targets, else drop it
        if (a := first_of(actions, ("play",), rng)):
            return a
        tap(page, "#crusade-cancel")
        return None
    if (a := first_of(actions, ("give_up",))):
        return a
    if "buy" in kinds or "done" in kinds:
        if "buy" in kinds and memo.get("bought_in") != view["round"] and view["round"] % 2 == 0:
            memo["bought_in"] = view["round"]
            return max((a for a in actions if a["type"] == "buy"), key=lambda a: a["tier"])
        return first_of(actions, ("done",))
    if any(a["type"] == "play" for a in snap["legal"]) and rng.random() < 0.25:
        if tap(page, "#crusade-hand .crusade-card.playable"):  # a card first: its targets light up
            return None
    if "move" in kinds:
        to = pick_move({**snap, "legal": actions}, rng)
        return next(a for a in actions if a["type"] == "move" and a["to"] == to)
    return first_of(actions, ("teleport", "end"))


def pharaoh_turn(page, snap, actions, memo, rng):
    if snap["view"]["phase"] == "setup":
        return next((a for a in actions if a["type"] == "pick" and a["deck"] == "warlord"), first_of(actions, ("pick",)))
    return pharaoh_choice({**snap, "legal": actions}, rng) if actions else None


TURNS = {"crypt": crypt_turn, "quartz": quartz_turn, "midas": midas_turn, "crusade": crusade_turn,
         "pharaoh": pharaoh_turn}


# -- shots ------------------------------------------------------------------------------------------
def set_lang(page, lang: str) -> None:
    page.select_option("#lang", lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def no_sideways_scroll(page, where: str, problems: list[str]) -> None:
    wide = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    if wide[0] > wide[1]:
        problems.append(f"{where}: the page is {wide[0]} px wide in a {wide[1]} px window")


def shoot(page, game: str, moment: str, problems: list[str]) -> None:
    """The page in three languages at phone size, then resized to a desktop's, then back."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        for lang in LANGS:
            set_lang(page, lang)
            page.evaluate("() => window.scrollTo(0, 0)")
            if size == "phone":
                no_sideways_scroll(page, f"{game} {moment} {lang}", problems)
            page.screenshot(path=str(SCREENS / f"{game}-{size}-{moment}-{lang}.png"), full_page=True)
    page.set_viewport_size(PHONE)
    set_lang(page, "en")


def play_by_taps(page, game: str, problems: list[str], on_mid=None) -> dict:
    """Tap through a whole game; the shots at mid-game and at the end. Returns what was tapped."""
    rng = random.Random(3)
    memo: dict = {}
    taps: dict = {}
    mid_after = TABLES[game][4]
    for step in range(4000):
        snap = page.evaluate(SNAPSHOT)
        if snap is None:
            page.wait_for_timeout(50)
            continue
        if snap["over"] and snap["rematch"]:
            break
        if step % 10 == 0 and snap["wide"] > 0:
            problems.append(f"{game} step {step} ({snap['view'].get('phase')}): {snap['wide']} px too wide")
        if not snap["legal"] or snap["busy"]:
            page.wait_for_timeout(40)
            continue
        actions = offered(snap)
        if sum(taps.values()) >= mid_after and not memo.get("mid") and actions:
            memo["mid"] = True
            if on_mid:
                on_mid(page)
            shoot(page, game, "mid", problems)
            continue  # the page was redrawn in other languages: look again
        action = TURNS[game](page, snap, actions, memo, rng)
        if action is None:
            page.wait_for_timeout(40)
            continue
        if tap_action(page, action):
            taps[action["type"]] = taps.get(action["type"], 0) + 1
            try:
                page.wait_for_function("(v) => !window.cryptarena.busy && window.cryptarena.state.version > v",
                                       arg=snap["version"], timeout=10_000)
            except PlaywrightError:
                pass  # a tap the page did not send (a redraw came first): look again
    else:
        raise AssertionError(f"the game of {game} did not reach its end by taps: {taps}")
    page.wait_for_selector("#score-breakdown")
    assert memo.get("mid"), f"{game} ended before the mid-game shots: {taps}"
    shoot(page, game, "end", problems)
    return taps


# -- Pharaoh's map and hand on a phone --------------------------------------------------------------
VIEWBOX = "() => document.querySelector('#ph-svg').getAttribute('viewBox').split(/[ ,]+/).map(Number)"
# the on-screen height of each line of each hex name
NAME_HEIGHTS = "() => [...document.querySelectorAll('#ph-svg .ph-hex-name tspan')].map((t) => t.getBoundingClientRect().height)"


# Fingers as the browser reports them to the page: touch pointer events on the map, in order (events
# made here rather than through the DevTools input channel, which waits on the page's answer to each).
GESTURE = """([steps]) => {
  const svg = document.querySelector('#ph-svg');
  const fire = (type, id, [x, y]) => svg.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch',
    isPrimary: id === 1, clientX: x, clientY: y, bubbles: true, cancelable: true }));
  for (const [type, points] of steps) points.forEach((p, i) => fire(type, i + 1, p));
}"""


def gesture(page, start: list, moves: list[list]) -> None:
    """Fingers down at `start`, through each of `moves`, then up."""
    page.evaluate(GESTURE, [[["pointerdown", start], *[["pointermove", m] for m in moves], ["pointerup", moves[-1]]]])


def check_map_by_touch(page) -> None:
    """Two fingers apart zoom in, one finger pans; the names stay readable from the widest zoom out."""
    page.locator("#ph-svg").scroll_into_view_if_needed()
    box = page.locator("#ph-svg").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = page.evaluate(VIEWBOX)
    gesture(page, [[cx - 30, cy], [cx + 30, cy]], [[[cx - 30 - 15 * k, cy], [cx + 30 + 15 * k, cy]] for k in range(1, 6)])
    pinched = page.evaluate(VIEWBOX)
    assert pinched[2] < before[2] * 0.6 and pinched[3] < before[3] * 0.6, (before, pinched)  # about 2.5× closer
    gesture(page, [[cx, cy]], [[[cx + 12 * k, cy + 8 * k]] for k in range(1, 6)])
    panned = page.evaluate(VIEWBOX)
    assert panned[2:] == pinched[2:], (pinched, panned)
    assert panned[0] < pinched[0] - 10 and panned[1] < pinched[1] - 5, (pinched, panned)  # the map follows the finger
    for _ in range(12):
        page.tap("#ph-zoom-out")
    widest = page.evaluate(NAME_HEIGHTS)
    assert widest and min(widest) >= 11, f"hex names {min(widest):.1f} px high at the widest zoom"
    page.tap("#ph-zoom-fit")
    assert min(page.evaluate(NAME_HEIGHTS)) >= 11


def check_hand_sheet(page) -> None:
    """The hand is a sheet at the bottom of the screen; it closes to its handle and opens again, and
    with it open the page still scrolls the decision panel clear of it."""
    sheet = "#ph-hand"
    page.wait_for_selector(f"{sheet} .ph-card", state="attached")
    rect = page.evaluate(f"() => JSON.parse(JSON.stringify(document.querySelector('{sheet}').getBoundingClientRect()))")
    assert abs(rect["bottom"] - PHONE["height"]) <= 1 and rect["height"] < PHONE["height"] * 0.6, rect
    toggle = "#ph-hand-toggle"
    opened = page.get_attribute(toggle, "aria-expanded")
    page.tap(toggle)
    page.wait_for_function("(was) => document.querySelector('#ph-hand-toggle').getAttribute('aria-expanded') !== was", arg=opened)
    if opened == "true":
        assert not page.locator(f"{sheet} .ph-card").first.is_visible()
        page.tap(toggle)
        page.wait_for_selector(f"{sheet} .ph-card", state="visible")
    assert page.get_attribute(toggle, "aria-expanded") == "true"
    closed_height = rect["height"] if opened == "false" else None
    # scrolled to the end, the panel of choices sits above the open sheet
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.evaluate("() => document.querySelector('#ph-panel').scrollIntoView({ block: 'end' })")
    panel, top = page.evaluate("""() => [document.querySelector('#ph-panel').getBoundingClientRect().bottom,
      document.querySelector('#ph-hand').getBoundingClientRect().top]""")
    assert panel <= top + 1, (panel, top, closed_height)
    page.evaluate("() => window.scrollTo(0, 0)")


@pytest.mark.parametrize("game", list(TABLES))
def test_a_whole_game_on_a_phone_by_taps(arena, game):
    base_url, browser = arena
    errors: list[str] = []
    problems: list[str] = []
    page = phone_page(browser, errors)
    open_table(page, base_url, game)
    on_mid = None
    if game == "pharaoh":
        def on_mid(p):
            check_map_by_touch(p)
            check_hand_sheet(p)
    taps = play_by_taps(page, game, problems, on_mid)
    assert sum(taps.values()) >= TABLES[game][4], taps
    assert not page.query_selector(".render-error")
    page.context.close()
    assert problems == [], problems
    assert errors == [], errors
    for size in ("phone", "desktop"):
        for moment in ("mid", "end"):
            for lang in LANGS:
                assert (SCREENS / f"{game}-{size}-{moment}-{lang}.png").stat().st_size > 10_000


# -- what a thing does, on a touch screen ----------------------------------------------------------
LONG_PRESS = """async ([selector, ms]) => {
  const el = document.querySelector(selector), r = el.getBoundingClientRect();
  const at = { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true, cancelable: true, pointerType: 'touch', pointerId: 7, isPrimary: true };
  el.dispatchEvent(new PointerEvent('pointerdown', at));
  await new Promise((done) => setTimeout(done, ms));
  el.dispatchEvent(new PointerEvent('pointerup', at));
  el.dispatchEvent(new MouseEvent('click', at));
}"""


def test_a_long_press_says_what_a_thing_does_and_a_tap_on_a_label_too(arena):
    base_url, browser = arena
    errors: list[str] = []
    page = phone_page(browser, errors)
    open_table(page, base_url, "quartz")
    page.wait_for_function("() => window.cryptarena.state.legal.some((a) => a.type === 'reroll')")
    die = 'button.qz-die[data-die="1"]'
    title = page.get_attribute(die, "title")
    assert title
    page.evaluate(LONG_PRESS, [die, 700])
    assert page.is_visible("#touch-tip") and page.inner_text("#touch-tip") == title
    assert not page.query_selector("button.qz-die.to-reroll")  # the press showed, it did not mark the die
    page.tap("#qz-bag")  # a label that only explains itself: a tap shows what it says
    assert page.inner_text("#touch-tip") == page.get_attribute("#qz-bag", "title")
    page.tap(die)  # a plain tap on the die still marks it
    page.wait_for_selector("button.qz-die.to-reroll")
    assert errors == [], errors
    page.context.close()
