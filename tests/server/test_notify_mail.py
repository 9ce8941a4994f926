"""Notification mails through a real SMTP server (aiosmtpd, started here), from a served app whose
clock the tests move: "your move" after the delay, never while the person is at the table, once until
they play, none after unsubscribing; the end of a table; invitations; the confirmation of an address
(nothing is mailed to an address before it is confirmed). Every mail is read back and checked."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest

from cryptarena.server.notify import Notifier, SmtpMailer
from cryptarena.server.notify.worker import outbox_rows
from live_server import LiveClient, error_code
from fake_clock import FakeClock
from notify_helpers import (PUBLIC, SmtpSink, arena, confirm_address, drain, leave, links, local, person,
                            play, play_turn, sit, text_of, turn_based_table, catch_up)


@pytest.fixture
def sink():
    with SmtpSink() as server:
        yield server


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def served(tmp_path, sink, clock):
    with arena(f"sqlite:///{tmp_path / 'arena.db'}", clock, sink.url) as (app, base_url):
        yield app, base_url


def check_headers(mail, to: str, subject: str) -> None:
    """What every notice carries: the address, the subject, a Message-ID, and the one-click
    unsubscribe headers whose URL is also in the text."""
    assert mail["To"] == to and mail["Subject"] == subject
    assert mail["From"] == "Crypt Arena <noreply@localhost>"
    assert mail["Message-ID"].startswith("<outbox.") and mail["Message-ID"].endswith("@localhost>")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = mail["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith(PUBLIC + "/unsubscribe/") and unsubscribe in links(mail)
    html = mail.get_body(("html",)).get_content()
    assert unsubscribe in html and "<a href=" in html


def test_your_move_after_the_delay_not_at_the_table_once_until_played(served, sink, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    confirm_address(ada, app, sink, "ada@example.org")
    confirm_address(bob, app, sink, "bob@example.org")
    table_id, tokens = turn_based_table(ada, bob)
    rng = random.Random(5)

    # The table starts waiting for Ada (her "your move" is queued); she plays at once and leaves:
    # Bob's move. Nothing goes before the 30 s delay; then Bob's goes, and Ada's is dropped.
    state = play_turn(ada, app, table_id, tokens[0], 0, rng)
    assert state["to_act"] == [1]
    clock.advance(seconds=10)
    assert drain(app) == [] and sink.take() == []
    clock.advance(seconds=21)
    ada_row, sent = drain(app)
    assert (ada_row.status, ada_row.detail) == ("dropped", "the table no longer waits for them (they played)")
    assert sent.status == "sent"
    [mail] = sink.take()
    check_headers(mail, "bob@example.org", f"Your move at Crypt (table {table_id[:6]})")
    body = text_of(mail)
    assert f"{PUBLIC}/table/{table_id}" in links(mail)
    assert "Ada moved last." in body
    assert "Your clock: 2 d 23 h left." in body  # turn-based default: 3 days, 31 s of Bob's spent
    first_id = mail["Message-ID"]

    # At most one mail per table until Bob plays: time passes, nothing more.
    clock.advance(seconds=6 * 3600)
    assert drain(app) == [] and sink.take() == []

    # Bob plays and leaves: Ada's move. She has the table open the whole time: no mail to her.
    ws, state = sit(ada, table_id, tokens[0])
    state = play_turn(bob, app, table_id, tokens[1], 1, rng)
    assert state["to_act"] == [0]
    clock.advance(seconds=31)
    [dropped] = drain(app)
    assert dropped.status == "dropped" and "at the table" in dropped.detail
    assert sink.take() == []
    # She plays, still there, and leaves: Bob, who played since his mail, is told again.
    state = play(ws, 0, catch_up(ws, state["version"]), rng)
    leave(ws, app, table_id, 0)
    assert state["to_act"] == [1]
    clock.advance(seconds=31)
    assert [o.status for o in drain(app)] == ["sent"]
    [again] = sink.take()
    assert again["To"] == "bob@example.org" and again["Message-ID"] != first_id


def test_no_mail_to_a_person_who_played_before_it_was_due(served, sink, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    confirm_address(bob, app, sink, "bob@example.org")
    table_id, tokens = turn_based_table(ada, bob)
    play_turn(ada, app, table_id, tokens[0], 0, random.Random(8))
    clock.advance(seconds=10)
    play_turn(bob, app, table_id, tokens[1], 1, random.Random(8))  # Bob was quick: he played and left
    clock.advance(seconds=21)  # the notice is due; Bob was last seen 21 s ago (not at the table any more)
    [outcome] = drain(app)
    assert outcome.status == "dropped" and "they played" in outcome.detail
    assert sink.take() == []


def test_a_socket_on_another_process_counts_while_its_marks_are_fresh(served, sink, clock):
    """Another server process, which does not hold Bob's socket, reads his presence from the database:
    the marks Bob's own process writes every few seconds. Seen 10 s ago: at the table; 20 s ago (that
    process died with the socket): not any more."""
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    confirm_address(bob, app, sink, "bob@example.org")
    table_id, tokens = turn_based_table(ada, bob)
    play_turn(ada, app, table_id, tokens[0], 0, random.Random(6))
    store = app.state.service.store
    elsewhere = Notifier(store, SmtpMailer(sink.url), tokens=app.state.notifier.tokens, public_url=PUBLIC,
                         worker_id="another-process")
    clock.advance(seconds=31)
    store.mark_seen([(table_id, 1)])  # Bob's process marks his open socket (its sweep)
    clock.advance(seconds=10)
    [outcome] = asyncio.run(elsewhere.drain())
    assert outcome.status == "dropped" and "at the table" in outcome.detail
    # The next notice (Bob played, Ada too) meets a mark 20 s old: Bob is gone, the mail goes.
    play_turn(bob, app, table_id, tokens[1], 1, random.Random(6))
    play_turn(ada, app, table_id, tokens[0], 0, random.Random(7))
    clock.advance(seconds=31)
    store.mark_seen([(table_id, 1)])
    clock.advance(seconds=20)
    assert [o.status for o in asyncio.run(elsewhere.drain())] == ["sent"]
    assert [m["To"] for m in sink.take()] == ["bob@example.org"]


def test_unsubscribing_from_the_link_stops_that_kind(served, sink, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    confirm_address(bob, app, sink, "bob@example.org")
    bob.http.put("/api/me/notifications", json={"lang": "fr"}).raise_for_status()
    table_id, tokens = turn_based_table(ada, bob)
    rng = random.Random(7)
    play_turn(ada, app, table_id, tokens[0], 0, rng)
    clock.advance(seconds=31)
    drain(app)
    [mail] = sink.take()
    assert mail["Subject"] == f"À vous de jouer à Crypte (table {table_id[:6]})"  # Bob reads French
    assert "Ada a joué en dernier." in text_of(mail)

    # The link of the mail, opened in any browser (no session needed): unsubscribed at once.
    [link] = [u for u in links(mail) if "/unsubscribe/" in u]
    page = httpx.get(base_url + local(link))
    assert page.status_code == 200 and "Désabonnement fait" in page.text and 'href="/settings"' in page.text
    prefs = bob.get("/api/me/notifications").json()["prefs"]
    assert prefs["email"] == {"turn": False, "end": True, "invite": True}

    # A later "your move" for Bob is not sent (no row is even written for a kind turned off).
    play_turn(bob, app, table_id, tokens[1], 1, rng)
    play_turn(ada, app, table_id, tokens[0], 0, rng)
    clock.advance(seconds=3600)
    drain(app)
    assert sink.take() == []
    # A tampered link is refused.
    assert httpx.get(base_url + local(link)[:-3] + "abc").status_code == 400


def test_one_click_unsubscribe_by_post_and_a_row_queued_before_is_dropped(served, sink, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    confirm_address(bob, app, sink, "bob@example.org")
    table_id, tokens = turn_based_table(ada, bob)
    play_turn(ada, app, table_id, tokens[0], 0, random.Random(1))  # Bob's notice is queued now
    # Before it is due, Bob's mail program posts the one-click link of an earlier "your move" mail
    # (RFC 8058: the List-Unsubscribe URL, body List-Unsubscribe=One-Click, no cookie).
    link = f"/unsubscribe/{app.state.notifier.tokens.unsubscribe(bob.player['id'], 'email', 'turn')}"
    one_click = httpx.post(base_url + link, content=b"List-Unsubscribe=One-Click",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert one_click.status_code == 200
    clock.advance(seconds=31)
    [outcome] = drain(app)
    assert outcome.status == "dropped" and "turned off" in outcome.detail
    assert sink.take() == []


def test_the_end_of_a_table_is_mailed_to_those_not_at_it(served, sink, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    confirm_address(ada, app, sink, "ada@example.org")
    confirm_address(bob, app, sink, "bob@example.org")
    bob.http.put("/api/me/notifications", json={"lang": "zh"}).raise_for_status()
    table_id, tokens = turn_based_table(ada, bob, seed=11)
    rng = random.Random(11)
    # Both play with their table open (so no "your move" goes out), to the end.
    sockets = {0: sit(ada, table_id, tokens[0]), 1: sit(bob, table_id, tokens[1])}
    version, seat = 0, 0
    while True:
        ws = sockets[seat][0]
        state = play(ws, seat, catch_up(ws, version), rng)
        version = state["version"]
        if state["over"]:
            break
        seat = 1 - seat
    # Bob closes his tab; Ada still looks at the finished table.
    leave(sockets[1][0], app, table_id, 1)
    clock.advance(seconds=16)
    outcomes = drain(app)
    leave(sockets[0][0], app, table_id, 0)
    by_status = sorted(o.status for o in outcomes)
    assert "sent" in by_status and by_status.count("sent") == 1, outcomes
    [mail] = sink.take()
    assert mail["To"] == "bob@example.org"
    assert mail["Subject"] == f"墓穴（牌桌 {table_id[:6]}）已结束"
    body = text_of(mail)
    assert f"{PUBLIC}/replay/{table_id}" in links(mail)
    assert ("你赢了。" in body) != ("你没有获胜。" in body)
    assert "得分：" in body and "Ada" in body and "Bob" in body
    ends = outbox_rows(app.state.service.store, kind="end")
    assert sorted(r.status for r in ends) == ["dropped", "sent"]  # Ada was at the table


def test_an_invitation_is_mailed_once_and_unknown_names_are_refused(served, sink, clock):
    app, base_url = served
    ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
    confirm_address(bob, app, sink, "bob@example.org")
    table = ada.post("/api/tables", json={"game": "midas", "players": 2}).json()["table"]
    invited = ada.post(f"/api/tables/{table['id']}/invite", json={"name": "bob"})
    assert invited.status_code == 200 and invited.json() == {"invited": bob.player}
    assert ada.post(f"/api/tables/{table['id']}/invite", json={"name": "BOB"}).status_code == 200  # again
    drain(app)
    [mail] = sink.take()
    check_headers(mail, "bob@example.org", "Ada invites you to a table of Midas Chests")
    assert f"{PUBLIC}/table/{table['id']}" in links(mail)

    assert error_code(ada.post(f"/api/tables/{table['id']}/invite", json={"name": "nobody"})) == "unknown_player"
    assert error_code(ada.post("/api/tables/AAAAAAAAAAAAAAAA/invite", json={"name": "bob"})) == "unknown_table"
    with LiveClient(base_url) as stranger:
        refused = stranger.post(f"/api/tables/{table['id']}/invite", json={"name": "bob"})
        assert (refused.status_code, error_code(refused)) == (401, "no_session")
    # Bob turns invitations off: the next one writes nothing.
    bob.http.put("/api/me/notifications", json={"prefs": {"email": {"invite": False}}}).raise_for_status()
    other = ada.post("/api/tables", json={"game": "midas", "players": 2}).json()["table"]
    assert ada.post(f"/api/tables/{other['id']}/invite", json={"name": "bob"}).status_code == 200
    drain(app)
    assert sink.take() == []


def test_nothing_goes_to_an_address_before_it_is_confirmed(served, sink, clock):
    app, base_url = served
    ada, cy = person(base_url, "Ada"), person(base_url, "Cyd")
    asked = cy.post("/api/me/email", json={"address": "cy@example.org"})
    assert asked.status_code == 202
    settings = cy.get("/api/me/notifications").json()["email"]
    assert settings == {"address": None, "pending": "cy@example.org", "confirmed": False}
    table_id, tokens = turn_based_table(ada, cy)
    play_turn(ada, app, table_id, tokens[0], 0, random.Random(2))
    invited = ada.post(f"/api/tables/{table_id}/invite", json={"name": "cyd"})
    assert invited.status_code == 200
    clock.advance(seconds=31)
    drain(app)
    [mail] = sink.take()  # the confirmation, and nothing else
    assert mail["To"] == "cy@example.org" and mail["Subject"] == "Confirm your e-mail address for Crypt Arena"
    assert "Cyd" in text_of(mail)
    check_headers(mail, "cy@example.org", "Confirm your e-mail address for Crypt Arena")
    assert [r.kind for r in outbox_rows(app.state.service.store, player_id=cy.player["id"])] == ["confirm"]

    # The link confirms it; from then on, Cy's turns are mailed.
    [link] = [u for u in links(mail) if "/email/confirm/" in u]
    page = cy.get(local(link))
    assert page.status_code == 200 and "Address confirmed" in page.text and "cy@example.org" in page.text
    play_turn(cy, app, table_id, tokens[1], 1, random.Random(2))
    play_turn(ada, app, table_id, tokens[0], 0, random.Random(3))
    clock.advance(seconds=31)
    drain(app)
    [turn] = sink.take()
    assert turn["To"] == "cy@example.org" and turn["Subject"].startswith("Your move at Crypt")


def test_a_confirmation_link_expires_after_two_days_and_a_newer_address_wins(served, sink, clock):
    app, base_url = served
    cy = person(base_url, "Cyd")
    cy.post("/api/me/email", json={"address": "old@example.org"})
    drain(app)
    [old] = sink.take()
    [old_link] = [u for u in links(old) if "/email/confirm/" in u]
    cy.post("/api/me/email", json={"address": "new@example.org"})
    drain(app)
    [new] = sink.take()
    [new_link] = [u for u in links(new) if "/email/confirm/" in u]
    # The older link no longer attaches its address: another was asked for since.
    stale = cy.get(local(old_link))
    assert stale.status_code == 400 and "Another address was asked for" in stale.text
    clock.advance(seconds=2 * 24 * 3600 + 1)
    expired = cy.get(local(new_link), headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert expired.status_code == 400
    assert cy.get("/api/me/notifications").json()["email"]["address"] is None
    assert cy.get(local(new_link)[:-2] + "xx").status_code == 400


def test_a_guest_has_no_email_and_bad_addresses_change_nothing(served):
    app, base_url = served
    with LiveClient(base_url) as guest:
        guest.post("/api/session", json={"name": "Guest"})
        refused = guest.post("/api/me/email", json={"address": "g@example.org"})
        assert (refused.status_code, error_code(refused)) == (403, "not_registered")
        assert guest.get("/api/me/notifications").json()["registered"] is False
    ada = person(base_url, "Ada2")
    for bad in ("no-at-sign", "a@b", "x@example.org\r\nBcc: evil@example.org", "a b@example.org", "@example.org"):
        answer = ada.post("/api/me/email", json={"address": bad})
        assert (answer.status_code, error_code(answer)) == (400, "bad_email"), bad
    assert ada.get("/api/me/notifications").json()["email"] == {"address": None, "pending": None, "confirmed": False}
    assert outbox_rows(app.state.service.store) == []
