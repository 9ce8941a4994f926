"""Webhooks against a real local HTTP receiver that fails when told: the JSON Discord and Slack both
read, retries with back-off (the injected clock moved, never slept), giving up after the bound, each
failure visible in GET /api/me/notifications, and a bad URL refused without changing anything."""

from __future__ import annotations

import random

import pytest

from cryptarena.server.notify.worker import MAX_ATTEMPTS, backoff, outbox_rows
from live_server import LiveClient, error_code, free_port
from fake_clock import FakeClock
from notify_helpers import PUBLIC, HookReceiver, arena, drain, person, play_turn, turn_based_table


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def served(tmp_path, clock):
    with arena(f"sqlite:///{tmp_path / 'arena.db'}", clock, mail_dir=str(tmp_path / "mail")) as (app, base_url):
        yield app, base_url


def hook(client: LiveClient, url: str | None):
    answer = client.http.put("/api/me/notifications", json={"webhook_url": url})
    assert answer.status_code == 200, answer.text
    return answer.json()


def invite_table(ada: LiveClient, name: str) -> str:
    table = ada.post("/api/tables", json={"game": "quartz", "players": 3}).json()["table"]
    assert ada.post(f"/api/tables/{table['id']}/invite", json={"name": name}).status_code == 200
    return table["id"]


def test_the_json_is_read_by_discord_and_slack_alike(served, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    with HookReceiver() as receiver:
        assert hook(bob, receiver.url)["webhook"] == {"url": receiver.url}
        table_id, tokens = turn_based_table(ada, bob)
        play_turn(ada, app, table_id, tokens[0], 0, random.Random(4))
        clock.advance(seconds=31)
        assert [o.status for o in drain(app)] == ["sent"]
    [call] = receiver.calls
    assert call["path"] == "/hooks/abc" and call["headers"]["Content-Type"] == "application/json"
    body = call["json"]
    text = f"Your move at Crypt (table {table_id[:6]}): {PUBLIC}/table/{table_id}"
    # Discord shows `content` under `username`; Slack shows `text`; both ignore the keys they do not know.
    assert body == {"content": text, "text": text, "username": "Crypt Arena", "allowed_mentions": {"parse": []},
                    "event": {"kind": "turn", "table": table_id, "game": "crypt", "url": f"{PUBLIC}/table/{table_id}"}}


def test_a_failing_hook_is_retried_with_back_off_then_delivered(served, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    with HookReceiver(fail_first=2) as receiver:
        hook(bob, receiver.url)
        table_id = invite_table(ada, "Bob")
        assert [o.status for o in drain(app)] == ["pending"]  # attempt 1: HTTP 500
        assert len(receiver.calls) == 1
        [failure] = bob.get("/api/me/notifications").json()["failures"]
        assert failure["channel"] == "webhook" and failure["kind"] == "invite" and failure["table"] == table_id
        assert (failure["attempts"], failure["error"], failure["status"]) == (1, "HTTP 500", "pending")
        assert failure["at"].startswith(clock.now().isoformat()[:19])

        clock.advance(seconds=backoff(1).total_seconds() - 1)  # not yet: the back-off is waited out
        assert drain(app) == [] and len(receiver.calls) == 1
        clock.advance(seconds=1)
        assert [o.status for o in drain(app)] == ["pending"]  # attempt 2: HTTP 500 again
        clock.advance(seconds=backoff(1).total_seconds())
        assert drain(app) == []  # the second wait is twice as long
        clock.advance(seconds=backoff(2).total_seconds() - backoff(1).total_seconds())
        assert [o.status for o in drain(app)] == ["sent"]
    assert len(receiver.calls) == 3 and receiver.calls[-1]["json"]["event"]["kind"] == "invite"
    assert bob.get("/api/me/notifications").json()["failures"] == []  # delivered: no longer a failure
    [row] = outbox_rows(app.state.service.store, kind="invite")
    assert (row.status, row.attempts) == ("sent", 3)


def test_a_hook_that_keeps_failing_is_given_up_after_the_bound(served, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    with HookReceiver(fail_first=1000, fail_status=404) as receiver:
        hook(bob, receiver.url)
        invite_table(ada, "Bob")
        statuses = []
        for attempt in range(1, MAX_ATTEMPTS + 1):
            statuses += [o.status for o in drain(app)]
            clock.advance(seconds=backoff(attempt).total_seconds())
        assert statuses == ["pending"] * (MAX_ATTEMPTS - 1) + ["failed"]
        clock.advance(seconds=7 * 24 * 3600)
        assert drain(app) == []  # given up for good
    assert len(receiver.calls) == MAX_ATTEMPTS
    [failure] = bob.get("/api/me/notifications").json()["failures"]
    assert (failure["status"], failure["attempts"], failure["error"]) == ("failed", MAX_ATTEMPTS, "HTTP 404")


def test_an_unreachable_hook_is_a_failure_with_its_reason(served, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    hook(bob, f"http://127.0.0.1:{free_port()}/nobody-listens")
    invite_table(ada, "Bob")
    [outcome] = drain(app)
    assert outcome.status == "pending" and "could not reach it" in outcome.detail
    [failure] = bob.get("/api/me/notifications").json()["failures"]
    assert "could not reach it" in failure["error"] and "nobody-listens" not in failure["error"]  # the URL is a secret


def test_a_removed_hook_drops_what_was_queued_for_it(served, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    with HookReceiver() as receiver:
        hook(bob, receiver.url)
        invite_table(ada, "Bob")
        hook(bob, None)
        [outcome] = drain(app)
    assert outcome.status == "dropped" and outcome.detail == "no webhook URL"
    assert receiver.calls == []


@pytest.mark.parametrize("url", ["ftp://example.org/hook", "javascript:alert(1)", "https://", "example.org/hook",
                                 "http://exa mple.org/", "https://example.org:port/x",
                                 "https://example.org/" + "x" * 2000, ""])
def test_a_webhook_is_http_or_https_and_a_bad_one_changes_nothing(served, url):
    _, base_url = served
    guest = LiveClient(base_url)
    guest.post("/api/session", json={"name": "Gus"})  # a guest may have a webhook (not an e-mail)
    before = hook(guest, "https://discord.com/api/webhooks/1/abc")
    answer = guest.http.put("/api/me/notifications", json={"webhook_url": url, "lang": "fr",
                                                           "prefs": {"webhook": {"turn": False}}})
    assert (answer.status_code, error_code(answer)) == (400, "bad_webhook")
    assert guest.get("/api/me/notifications").json() == before
