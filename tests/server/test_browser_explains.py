"""Crypt, Quartz, Midas and Crusade explain themselves, on arranged moments drawn by the real renderers
(table_scenes.py: the engine's real view and legal actions, no socket):

- Midas: the player offered favours is told where Buy and Pass are (not "waiting for" themself); a
  favour spent shows as used; the obsidian chip shows the value the cups revealed; what a favour does
  and what a face counts are one hover away;
- Crypt: long card names fit their card; the running score says that collector bonuses count at the
  end, with the projected total and its parts on hover;
"""

from __future__ import annotations

import random

import pytest

from cryptarena import games
from table_scenes import Scene, scene_browser, title_of
from test_browser import ARTIFACTS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with scene_browser(tmp_path_factory, "explains") as page:
        yield page


def played_until(game_id: str, players: int, moment, seeds=range(40)):
    """A random game of `game_id` played until `moment(state)` holds (the first seed where it does)."""
    game = games.load(game_id)
    for seed in seeds:
        state, rng = game.new_state(players, seed, {}), random.Random(seed)
        while not state.is_over():
            if moment(state):
                return state
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no {game_id} game reached the moment")


# -- Midas ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, hint", [("en", "buy one or pass"), ("fr", "achetez-en une ou passez"), ("zh", "购买或放弃")])
def test_midas_favours_say_where_to_answer_and_what_they_do(page, lang, hint):
    state = played_until("midas", 3, lambda st: st.phase == "favours")
    offered = state.view(None)["offer_to"]
    scene = Scene(page, page.base_url, "midas", state, lang)
    scene.draw(offered)
    bar = page.inner_text("#midas-actions")
    assert hint in bar and "Ava" not in bar and "Bo" not in bar and "Cy" not in bar, bar  # not "waiting for" oneself
    assert page.query_selector("#midas-favours #pass")
    # a favour offered but out of reach: a disabled Buy with its reason, not a silently missing button
    buys = len(page.query_selector_all("#midas-favours .midas-buy"))
    refused = page.query_selector_all("#midas-favours .midas-buy-refused button[disabled]")
    assert buys + len(refused) == 4 and all(b.get_attribute("title") for b in refused), (buys, len(refused))
    texts = [e.inner_text() for e in page.query_selector_all("#midas-favours .midas-favour-text")]
    assert len(texts) == 4 and all(texts), texts
    if lang == "en":
        assert "draws twice" in page.inner_text('#midas-favours .midas-favour[data-favour="damocles"]')
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "midas-favours-offer.png"))


def test_midas_a_spent_bribe_shows_used_and_the_revealed_obsidian_stays_shown(page):
    state = played_until("midas", 3, lambda st: st.phase == "bidding" and any(e["msg"] == "midas.bribe" for e in st.log))
    briber = next(e["params"]["seat"] for e in state.log if e["msg"] == "midas.bribe")
    scene = Scene(page, page.base_url, "midas", state)
    scene.draw(None)
    chip = f'.midas-seat[data-seat="{briber}"] .midas-owned-favour'
    assert page.get_attribute(chip, "data-favour") == "pot_de_vin" and page.get_attribute(chip, "data-used") == "true"
    assert "used" in page.inner_text(chip) and "change the stone" in title_of(page, chip)
    # a Cursed player's card hidden, this round's cups lifted: the chip shows what obsidian counted
    state = played_until("midas", 3, lambda st: any(st.cursed) and st.last_reveal and st.last_reveal.get("round") == st.round
                         and st.view(None)["values"]["obsidian"] is None and "obsidian" in st.die)
    worth = state.last_reveal["obsidian"]
    scene = Scene(page, page.base_url, "midas", state)
    scene.draw(None)
    obsidian = '#midas-values .chip[data-face="obsidian"]'
    assert page.inner_text(obsidian).strip() == f"+{worth}", page.inner_text(obsidian)
    assert "Cursed players' Obsidian cards" in title_of(page, obsidian)
    assert "always counts +2" in title_of(page, '#midas-values .chip[data-face="diamond"]')


# -- Crypt ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, note", [("en", "collectors at the end"), ("fr", "collectionneurs à la fin"), ("zh", "收藏家")])
def test_crypt_names_fit_their_cards_and_the_score_says_bonuses_come_at_the_end(page, lang, note):
    def moment(st):  # a manuscript (the longest name) in the Crypt, and cards collected already
        view = st.view(0)
        return (st.phase == "claim" and any(c["type"] == "manuscript" for c in view["crypt"])
                and any(p["collection"] for p in view["players"]))
    state = played_until("crypt", 2, moment)
    scene = Scene(page, page.base_url, "crypt", state, lang)
    scene.draw(0)
    cut = page.evaluate("""() => [...document.querySelectorAll('#board .card-banner span:last-child')]
      .filter((s) => getComputedStyle(s).display !== 'none' && s.scrollWidth > s.clientWidth + 1)
      .concat([...document.querySelectorAll('#board .card .card-banner')].filter((b) => b.scrollWidth > b.clientWidth + 1))
      .map((s) => s.textContent)""")
    assert cut == [], cut  # "MANUSCRIP" before
    names = page.evaluate("() => [...document.querySelectorAll('#crypt .card-banner span:last-child')].map((s) => s.textContent)")
    assert names, names
    scores = page.inner_text("#scores")
    assert note in scores, scores
    parts = page.get_attribute('#scores li[data-seat="0"]', "title")
    score = state.view(0)["players"][0]["public_score"]
    assert parts.startswith(f"{score} = ") and page.get_attribute('#players .player[data-seat="0"] .player-score', "title") == parts
    assert page.inner_text("#collectors-note")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"crypt-explains-{lang}.png"))


# -- small things a newcomer met ----------------------------------------------------------------------
def test_the_opener_of_a_midas_round_is_told_it_is_them(page):
    state = played_until("midas", 3, lambda st: st.phase == "bidding" and st.view(None)["bid"] is None)
    opener = state.view(None)["turn"]
    scene = Scene(page, page.base_url, "midas", state)
    scene.draw(opener)
    head = page.inner_text("#midas")
    assert "you bid first" in head and f"{scene.names[opener]} bids first" not in head
    scene.draw((opener + 1) % 3)
    assert f"{scene.names[opener]} bids first" in page.inner_text("#midas")


def test_quartz_says_a_lone_helmet_makes_no_face(page):
    state = played_until("quartz", 3, lambda st: st.phase == "actions" and st.view(None)["helmets"] == 1)
    seat = state.to_act()[0]
    for lang, words in (("en", "it takes two"), ("fr", "il en faut deux"), ("zh", "两个头盔")):
        Scene(page, page.base_url, "quartz", state, lang).draw(seat)
        assert words in page.inner_text("#qz-wild-none")


def test_a_necromancer_who_may_not_teleport_now_is_told_why(page):
    def moved_with_a_portal(st):
        t = st.view(None)
        return (st.phase == "turn" and t["turn"]["moved"]
                and next(p for p in t["pieces"] if p["seat"] == t["turn"]["seat"])["portal"] is not None)
    state = played_until("crusade", 2, moved_with_a_portal, seeds=range(200))
    seat = state.view(None)["turn"]["seat"]
    Scene(page, page.base_url, "crusade", state, "fr").draw(seat)
    blocked = page.wait_for_selector("#crusade-teleport-blocked")
    assert blocked.is_disabled() and "déjà bougé" in blocked.get_attribute("title")
    assert not page.query_selector("#crusade-teleport")
