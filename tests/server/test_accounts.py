"""Accounts over the real HTTP API: register, sign in and out, change the password, a guest turning
into an account with its games, the brake on guessing, cross-site refusals, and the password never
stored or logged in clear."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import create_engine, select

from cryptarena.server import accounts as accounts_module
from cryptarena.server.schema import players
from live_server import LiveClient
from live_server import error_code as error


@pytest.fixture
def client(served):
    with LiveClient(served[0]) as test_client:
        yield test_client


def test_register_sign_out_and_sign_in_again(client):
    assert client.get("/api/session").status_code == 401
    made = client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"})
    assert made.status_code == 201, made.text
    player = made.json()["player"]
    assert player["registered"] and player["name"] == "Ada"
    assert client.get("/api/session").json()["player"] == player
    assert client.post("/api/account/sign-out").json() == {"signed_out": True}
    assert client.get("/api/session").status_code == 401
    back = client.post("/api/account/sign-in", json={"name": "ada", "password": "correct horse"})  # any case
    assert back.status_code == 200 and back.json()["player"]["id"] == player["id"]
    assert client.get("/api/session").json()["name"] == "Ada"


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"name": "x", "password": "long enough"}, 400, "bad_name"),
    ({"name": "has space", "password": "long enough"}, 400, "bad_name"),
    ({"name": "Ada", "password": "short"}, 400, "bad_password"),
    ({"name": "Ada"}, 422, "malformed"),
    ({"name": "Ada", "password": "long enough", "admin": True}, 422, "malformed"),
])
def test_bad_registrations_are_named_and_store_nothing(client, served, body, status, code):
    response = client.post("/api/account/register", json=body)
    assert (response.status_code, error(response)) == (status, code)
    with create_engine(served[1]).connect() as conn:
        assert conn.execute(select(players.c.id).where(players.c.login.is_not(None))).all() == []


def test_a_taken_name_is_refused_whatever_its_case(client, served):
    assert client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"}).status_code == 201
    with LiveClient(served[0]) as other:
        again = other.post("/api/account/register", json={"name": "ADA", "password": "another one"})
        assert (again.status_code, error(again)) == (409, "name_taken")


def test_a_guest_becomes_an_account_and_keeps_its_seats(client):
    guest = client.post("/api/session", json={"name": "Bea"}).json()
    table = client.post("/api/tables", json={"game": "midas", "players": 2}).json()["table"]
    assert "token" in client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"}).json()
    made = client.post("/api/account/register", json={"name": "Beatrice", "password": "correct horse"}).json()
    assert made["player"]["id"] == guest["player"]["id"]  # the same player, now registered
    mine = client.get("/api/me/games").json()
    assert [t["table"] for t in mine["unfinished"]] == [table["id"]]
    # from another browser, the account gets a fresh token for its seat; the old one stops working
    with LiveClient(client.base_url) as phone:
        phone.post("/api/account/sign-in", json={"name": "Beatrice", "password": "correct horse"})
        fresh = phone.post(f"/api/tables/{table['id']}/seats/0/token")
        assert fresh.status_code == 200 and fresh.json()["token"]
        assert error(phone.post(f"/api/tables/{table['id']}/seats/1/token")) == "not_your_seat"


def test_another_player_cannot_take_a_seat_token_or_change_a_password(client, served):
    client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"})
    table = client.post("/api/tables", json={"game": "midas", "players": 2}).json()["table"]
    client.post(f"/api/tables/{table['id']}/seats/0", json={"kind": "human"})
    with LiveClient(served[0]) as mallory:
        assert error(mallory.post(f"/api/tables/{table['id']}/seats/0/token")) == "no_session"
        mallory.post("/api/account/register", json={"name": "Mallory", "password": "correct horse"})
        refused = mallory.post(f"/api/tables/{table['id']}/seats/0/token")
        assert (refused.status_code, error(refused)) == (403, "not_your_seat")
        assert mallory.get("/api/me/games").json()["unfinished"] == []


def test_changing_the_password_signs_other_sessions_out(client, served):
    client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"})
    with LiveClient(served[0]) as laptop:
        laptop.post("/api/account/sign-in", json={"name": "Ada", "password": "correct horse"})
        assert laptop.get("/api/session").status_code == 200
        wrong = client.post("/api/account/password", json={"current": "wrong one!", "new": "battery staple"})
        assert (wrong.status_code, error(wrong)) == (401, "bad_credentials")
        short = client.post("/api/account/password", json={"current": "correct horse", "new": "short"})
        assert error(short) == "bad_password"
        done = client.post("/api/account/password", json={"current": "correct horse", "new": "battery staple"})
        assert done.status_code == 200
        assert client.get("/api/session").status_code == 200  # this session stays
        assert laptop.get("/api/session").status_code == 401  # the other one is signed out
        assert laptop.post("/api/account/sign-in", json={"name": "Ada", "password": "correct horse"}).status_code == 401
        assert laptop.post("/api/account/sign-in", json={"name": "Ada", "password": "battery staple"}).status_code == 200


def test_a_guest_has_no_password_to_change(client):
    client.post("/api/session", json={"name": "Bea"})
    refused = client.post("/api/account/password", json={"current": "anything1", "new": "battery staple"})
    assert (refused.status_code, error(refused)) == (403, "not_registered")


def test_wrong_names_and_passwords_get_one_answer_and_then_the_brake(client, served):
    client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"})
    client.post("/api/account/sign-out")
    unknown = client.post("/api/account/sign-in", json={"name": "Nobody", "password": "correct horse"})
    wrong = client.post("/api/account/sign-in", json={"name": "Ada", "password": "wrong horse"})
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json()  # nothing says whether the name exists
    for _ in range(accounts_module.PER_LOGIN - 1):
        assert client.post("/api/account/sign-in", json={"name": "Ada", "password": "wrong horse"}).status_code == 401
    braked = client.post("/api/account/sign-in", json={"name": "Ada", "password": "correct horse"})
    assert (braked.status_code, error(braked)) == (429, "too_many_attempts")  # even the right password waits
    assert int(braked.headers["Retry-After"]) > 0
    # the brake is per name: another account signs in from the same address
    with LiveClient(served[0]) as other:
        other.post("/api/account/register", json={"name": "Bea", "password": "correct horse"})
        other.post("/api/account/sign-out")
        assert other.post("/api/account/sign-in", json={"name": "Bea", "password": "correct horse"}).status_code == 200


def test_the_address_brake_holds_across_names(client, monkeypatch):
    monkeypatch.setattr(accounts_module, "PER_ADDRESS", 3)
    for name in ("Ann", "Ben", "Cat"):
        assert client.post("/api/account/sign-in", json={"name": name, "password": "whatever1"}).status_code == 401
    braked = client.post("/api/account/sign-in", json={"name": "Dan", "password": "whatever1"})
    assert (braked.status_code, error(braked)) == (429, "too_many_attempts")
    assert "address" in braked.json()["error"]["message"]


def test_passwords_are_hashed_with_argon2_and_never_logged(client, served, caplog):
    caplog.set_level(logging.DEBUG)
    client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"})
    client.post("/api/account/sign-in", json={"name": "Ada", "password": "wrong horse!"})
    client.post("/api/account/password", json={"current": "correct horse", "new": "battery staple"})
    with create_engine(served[1]).connect() as conn:
        stored = conn.execute(select(players.c.password_hash).where(players.c.login == "ada")).scalar_one()
    assert stored.startswith("$argon2id$") and "battery" not in stored
    for secret in ("correct horse", "wrong horse!", "battery staple"):
        assert secret not in caplog.text


def test_the_session_cookie_is_http_only_and_same_site(client):
    response = client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"})
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie


def test_cross_site_posts_are_refused_and_change_nothing(client):
    for headers in ({"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}):
        refused = client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"},
                              headers=headers)
        assert (refused.status_code, error(refused)) == (403, "cross_site")
        assert error(client.post("/api/tables", json={"game": "midas", "players": 2}, headers=headers)) == "cross_site"
    assert client.get("/api/session").status_code == 401
    assert client.get("/api/tables").json() == []
    same = client.post("/api/account/register", json={"name": "Ada", "password": "correct horse"},
                       headers={"Origin": client.base_url, "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 201
