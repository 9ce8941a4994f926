"""The settings API's answers and refusals (a refused request changes nothing), the signed links'
purposes kept apart, and the notices' words in English, French and Chinese."""

from __future__ import annotations

import pytest

from cryptarena.server.notify import Tokens
from cryptarena.server.notify.texts import WORDS, Facts, compose, duration, game_name
from cryptarena.server.notify.tokens import TokenError
from live_server import LiveClient, error_code
from fake_clock import FakeClock
from notify_helpers import arena, drain, person

DEFAULTS = {"email": {"turn": True, "end": True, "invite": True}, "webhook": {"turn": True, "end": True, "invite": True},
            "browser": {"turn": True}}


@pytest.fixture
def served(tmp_path):
    with arena(f"sqlite:///{tmp_path / 'arena.db'}", FakeClock(), mail_dir=str(tmp_path / "mail")) as (app, base_url):
        yield app, base_url


def test_every_call_needs_a_session(served):
    _, base_url = served
    with LiveClient(base_url) as nobody:
        for method, path, body in [("GET", "/api/me/notifications", None), ("PUT", "/api/me/notifications", {}),
                                   ("POST", "/api/me/email", {"address": "a@example.org"}),
                                   ("DELETE", "/api/me/email", None)]:
            answer = nobody.http.request(method, path, json=body)
            assert (answer.status_code, error_code(answer)) == (401, "no_session"), path


def test_a_guest_sees_the_defaults_and_may_keep_a_webhook(served):
    _, base_url = served
    with LiveClient(base_url) as guest:
        guest.post("/api/session", json={"name": "Gus"})
        assert guest.get("/api/me/notifications").json() == {
            "registered": False, "email": {"address": None, "pending": None, "confirmed": False},
            "webhook": {"url": None}, "prefs": DEFAULTS, "lang": "en", "failures": []}
        changed = guest.http.put("/api/me/notifications", json={"webhook_url": "https://hooks.slack.com/services/T/B/X",
                                                               "prefs": {"webhook": {"end": False}}, "lang": "zh"})
        assert changed.status_code == 200
        assert changed.json()["webhook"] == {"url": "https://hooks.slack.com/services/T/B/X"}
        assert changed.json()["prefs"]["webhook"] == {"turn": True, "end": False, "invite": True}
        assert changed.json()["lang"] == "zh"
        # a later partial change keeps the rest; an absent webhook_url leaves it, null removes it
        again = guest.http.put("/api/me/notifications", json={"prefs": {"webhook": {"turn": False}}}).json()
        assert again["prefs"]["webhook"] == {"turn": False, "end": False, "invite": True}
        assert again["webhook"]["url"] and again["lang"] == "zh"
        assert guest.http.put("/api/me/notifications", json={"webhook_url": None}).json()["webhook"] == {"url": None}


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"lang": "de"}, 400, "bad_lang"),
    ({"prefs": {"sms": {"turn": True}}}, 400, "bad_prefs"),
    ({"prefs": {"browser": {"end": True}}}, 400, "bad_prefs"),
    ({"prefs": {"email": {"turn": "yes"}}}, 422, "malformed"),
    ({"prefs": {"email": {"turn": False}}, "webhook_url": "file:///etc/passwd"}, 400, "bad_webhook"),
    ({"colour": "red"}, 422, "malformed"),
])
def test_bad_settings_are_named_and_change_nothing(served, body, status, code):
    _, base_url = served
    ada = person(base_url, "Ada")
    before = ada.get("/api/me/notifications").json()
    answer = ada.http.put("/api/me/notifications", json=body)
    assert (answer.status_code, error_code(answer)) == (status, code)
    assert ada.get("/api/me/notifications").json() == before


def test_an_address_is_removed_and_confirmation_mails_are_braked(served):
    app, base_url = served
    ada = person(base_url, "Ada")
    for i in range(5):
        assert ada.post("/api/me/email", json={"address": f"ada{i}@example.org"}).status_code == 202
    refused = ada.post("/api/me/email", json={"address": "ada9@example.org"})
    assert (refused.status_code, error_code(refused)) == (429, "too_many_attempts")
    assert ada.get("/api/me/notifications").json()["email"]["pending"] == "ada4@example.org"
    sent = drain(app)  # only the latest asked address still waits: the older mails are dropped
    assert sorted(o.status for o in sent) == ["dropped"] * 4 + ["sent"]
    removed = ada.http.delete("/api/me/email")
    assert removed.status_code == 200
    assert removed.json()["email"] == {"address": None, "pending": None, "confirmed": False}


def test_the_settings_page_is_served(served):
    _, base_url = served
    with LiveClient(base_url) as browser:
        page = browser.get("/settings")
    # the page itself is the browser client's (web/settings.html); until it exists the server says so
    assert page.status_code in (200, 503) and page.status_code != 404


def test_a_link_made_for_one_purpose_is_refused_for_another():
    clock = FakeClock()
    tokens = Tokens("k", clock.now)
    confirm = tokens.confirm("p1", "a@example.org")
    unsubscribe = tokens.unsubscribe("p1", "email", "turn")
    assert tokens.read_confirm(confirm) == ("p1", "a@example.org")
    assert tokens.read_unsubscribe(unsubscribe) == ("p1", "email", "turn")
    for wrong in (lambda: tokens.read_unsubscribe(confirm), lambda: tokens.read_confirm(unsubscribe),
                  lambda: Tokens("another key", clock.now).read_confirm(confirm)):
        with pytest.raises(TokenError) as refused:
            wrong()
        assert refused.value.reason == "invalid"
    clock.advance(seconds=2 * 24 * 3600 + 1)
    with pytest.raises(TokenError) as late:
        tokens.read_confirm(confirm)
    assert late.value.reason == "expired"
    assert tokens.read_unsubscribe(unsubscribe) == ("p1", "email", "turn")  # never expires


def test_every_language_has_every_word():
    assert set(WORDS) == {"en", "fr", "zh"}
    assert set(WORDS["fr"]) == set(WORDS["en"]) == set(WORDS["zh"])
    for lang in WORDS:
        for kind in ("turn", "end", "invite", "confirm"):
            notice = compose(Facts(kind=kind, lang=lang, game=game_name("pharaoh", lang), table_id="abcdefgh",
                                   link="http://x/t", last_mover="Bea", left=93784.0, won=False, winners=["Bea"],
                                   scores=[("Bea", 12.0), ("Al", 9.5)], by="Bea", account="Al"))
            assert notice.subject and "{" not in notice.text() and "http://x/t" in notice.text()


def test_words_in_three_languages():
    facts = dict(table_id="abcdefgh", link="http://x/t", last_mover="Bea", left=93784.0)
    assert compose(Facts(kind="turn", lang="fr", game=game_name("crypt", "fr"), **facts)).subject == \
        "À vous de jouer à Crypte (table abcdef)"
    zh = compose(Facts(kind="turn", lang="zh", game=game_name("crypt", "zh"), **facts))
    assert zh.subject == "轮到你了：墓穴（牌桌 abcdef）" and "你的计时器还剩1天2小时。" in zh.text()
    assert game_name("quartz", "fr") == "Quartz : le jeu de dés" and game_name("nope", "en") == "nope"
    assert [duration(s, "en") for s in (0, 59, 61, 3600, 90061)] == ["0 s", "59 s", "1 min 1 s", "1 h", "1 d 1 h"]
    assert duration(90061, "fr") == "1 j 1 h"
    end = compose(Facts(kind="end", lang="en", game="Crypt", table_id="abcdefgh", link="http://x/r", won=True,
                        winners=["Ada", "Bob"], scores=[("Ada", 20.0), ("Bob", 20.0), ("Cy", 3.5)]))
    assert "You won." in end.text() and "Winners: Ada and Bob." in end.text()
    assert "Scores: Ada: 20, Bob: 20, Cy: 3.5." in end.text()
