"""Crypt explains itself, on arranged claim turns drawn by the real renderer (table_scenes.py: the engine's
real view and legal actions, no socket), in English, French and Chinese:

- a card the claimer cannot take says why under it (the total to beat, or the servants needed elsewhere);
- an effort that cannot be chosen is a disabled die with its reason; Confirm and Recover, when refused,
  are disabled buttons with their reasons (never silently missing); so is a collector's ability the player
  cannot pay for;
- what a card, a die and a torch mean is one hover away.
"""

from __future__ import annotations

import pytest

from cryptarena import games
from table_scenes import explained, Scene, scene_browser, title_of
from test_browser import ARTIFACTS

pytestmark = pytest.mark.browser

GAME = games.load("crypt")
WORDS = {  # what each language must say, from the catalogue's own words
    "en": {"total": "held with a total of 18", "same": "same effort (6)", "confirm": "do not yet beat every card",
           "placed": "take them back before you recover", "peek": "not have enough unflipped Manuscript"},
    "fr": {"total": "tenu avec un total de 18", "same": "même effort (6)", "confirm": "ne battent pas encore",
           "placed": "reprenez-les avant de récupérer", "peek": "pas assez de cartes Manuscrit"},
    "zh": {"total": "总计18", "same": "相同的努力值（6）", "confirm": "还没有超过", "placed": "先收回它们", "peek": "未翻面的手稿不够"},
}


@pytest.fixture(scope="module")
def browser_page(tmp_path_factory):
    with scene_browser(tmp_path_factory, "crypt-explains") as page:
        yield page


def claimed(*moves):
    """A 3-player table (collectors on side B: Manuscript B can look, at the price of a Manuscript)
    after the given (seat, action) moves."""
    state = GAME.new_state(3, 4, {"collectors": "B"})
    for seat, action in moves:
        state.apply(seat, action)
    return state


def place(slot, effort):
    return {"type": "place", "slot": slot, "effort": effort}


def draw(page, state, seat, lang):
    text = Scene(page, page.base_url, "crypt", state, lang).draw(seat)
    assert "reason." not in text, text
    return text


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_a_card_out_of_reach_and_refused_buttons_say_why(browser_page, lang):
    page, words = browser_page, WORDS[lang]
    # seat 0 holds slot 0 with 18: seat 1's three servants cannot beat it
    state = claimed(*[(0, place(0, 6))] * 3, (0, {"type": "confirm"}))
    draw(page, state, 1, lang)
    assert not page.query_selector('.crypt-card.selectable[data-slot="0"]')
    assert words["total"] in page.inner_text('.crypt-why-not[data-slot="0"]')
    assert not page.query_selector("#recover") and page.is_disabled("#recover-blocked")
    assert page.get_attribute("#recover-blocked", "title")  # nothing exhausted yet: said, not hidden
    # a Manuscript B look the player cannot pay for: a disabled button with the price
    assert page.is_disabled("#manuscript-peek-blocked")
    assert words["peek"] in page.inner_text('[data-blocked="manuscript-peek"]')
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"crypt-why-not-{lang}.png"), full_page=True)

    # seat 0 holds slot 0 with 12; seat 1 has put one 6 there: two more are needed before Confirm
    state = claimed(*[(0, place(0, 6))] * 2, (0, {"type": "confirm"}), (1, place(0, 6)))
    draw(page, state, 1, lang)
    assert not page.query_selector("#confirm") and page.is_disabled("#confirm-blocked")
    assert words["confirm"] in page.inner_text('[data-blocked="confirm"]')
    assert words["placed"] in page.inner_text('[data-blocked="recover"]')
    enabled = page.query_selector_all('.die-btn[data-slot="0"]:not([disabled])')
    assert [b.get_attribute("data-effort") for b in enabled] == ["6"]
    for effort in range(1, 6):  # the other faces: disabled, each with the reason
        assert words["same"] in title_of(page, f'.die-btn[data-slot="0"][data-effort="{effort}"]')
    # the other cards: the servants left are all needed on slot 0
    others = page.query_selector_all(".crypt-why-not")
    assert len(others) == len(state.crypt) - 1 and all(o.inner_text() for o in others)
    page.screenshot(path=str(ARTIFACTS / f"crypt-confirm-blocked-{lang}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the reasons still read, nothing sideways
    try:
        right = page.evaluate("""() => Math.max(...[...document.querySelectorAll('#crypt-blocked *, .crypt-why-not')]
          .map((e) => e.getBoundingClientRect().right))""")
        assert right <= 390, right
        assert page.is_visible('[data-blocked="confirm"] small')
        page.screenshot(path=str(ARTIFACTS / f"crypt-confirm-blocked-phone-{lang}.png"), full_page=True)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_what_a_card_a_die_and_a_torch_mean_is_one_hover_away(browser_page):
    page = browser_page
    state = claimed(*[(0, place(0, 6))] * 2, (0, {"type": "confirm"}))
    draw(page, state, 1, "en")
    kind = state.view(1)["crypt"][0]["type"]
    title = title_of(page, '.crypt-card[data-slot="0"]')
    collector = next(c for c in state.view(1)["collectors"] if c["type"] == kind)
    assert f"collector, side {collector['side']}:" in title, title
    face_down = next(c["slot"] for c in state.view(1)["crypt"] if not c["face_up"])
    assert "only those who saw it know its value" in title_of(page, f'.crypt-card[data-slot="{face_down}"]')
    assert "on a Crypt card" in title_of(page, '#players .player[data-seat="0"] .die-placed')
    assert "free to place" in title_of(page, '#players .player[data-seat="1"] .die-ready')
    assert "claims first" in title_of(page, "#torch-leader")
    assert "one card only" in title_of(page, "#torch-lights-out")
    # a log line: the rule behind it, and the collector of the card it names
    push = {"msg": "crypt.push_out", "params": {"slot": 0, "by": 1, "owner": 0, "dice": 2, "total": 12}}
    assert "strictly higher total" in explained(page, "crypt", push, view=state.view(1))
    assert "strictement supérieur" in explained(page, "crypt", push, "fr", state.view(1))
    collect = {"msg": "crypt.collect", "params": {"seat": 1, "effort": 3, "rolls": [2], "exhausted": 1, "type": kind}}
    assert "below its effort it is exhausted" in explained(page, "crypt", collect, view=state.view(1))
    assert f"collector, side {collector['side']}:" in explained(page, "crypt", collect, view=state.view(1))
    assert "严格更高" in explained(page, "crypt", push, "zh", state.view(1))
