"""The socket's per-connection rate limit: the token bucket on a hand-driven clock (no sleeping), and
one live server where a burst over a real socket is answered `rate_limited` and changes nothing."""

from __future__ import annotations

import pytest
from websockets.exceptions import ConnectionClosed

from cryptarena.server.app import create_app
from cryptarena.server.ratelimit import CLOSE_CODE, SocketRateLimit, TokenBucket, Verdict
from live_server import LiveClient, serving


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_full_bucket_lets_a_burst_through_then_refuses():
    clock = FakeClock()
    bucket = TokenBucket(rate=2, burst=5, clock=clock)
    assert [bucket.take() for _ in range(7)] == [True] * 5 + [False] * 2


def test_tokens_come_back_at_the_rate_and_never_above_the_burst():
    clock = FakeClock()
    bucket = TokenBucket(rate=4, burst=3, clock=clock)
    for _ in range(3):
        assert bucket.take()
    assert not bucket.take()
    clock.now += 0.2  # 0.8 of a token: still nothing
    assert not bucket.take()
    clock.now += 0.05  # 1.0 token
    assert bucket.take() and not bucket.take()
    clock.now += 3600  # an idle hour refills to the burst, not beyond
    assert bucket.tokens == 3
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_a_clock_going_backwards_does_not_remove_tokens():
    clock = FakeClock()
    bucket = TokenBucket(rate=1, burst=2, clock=clock)
    bucket.take()
    clock.now -= 50
    assert bucket.tokens == 1
    clock.now += 1  # back where it was: time since the last look counts from the backward step
    assert bucket.tokens == 2


@pytest.mark.parametrize(("rate", "burst"), [(0, 5), (-1, 5), (1, 0)])
def test_a_bucket_that_could_never_pass_anything_is_refused(rate, burst):
    with pytest.raises(ValueError):
        TokenBucket(rate, burst)


def test_the_limiter_closes_only_after_enough_drops_in_a_row():
    clock = FakeClock()
    limit = SocketRateLimit(rate=1, burst=1, close_after=3, clock=clock)
    assert limit.admit() is Verdict.PASS
    assert [limit.admit() for _ in range(2)] == [Verdict.DROP, Verdict.DROP]
    clock.now += 1  # one message let through resets the count
    assert limit.admit() is Verdict.PASS
    assert [limit.admit() for _ in range(3)] == [Verdict.DROP, Verdict.DROP, Verdict.CLOSE]


def test_the_refusal_is_a_documented_socket_error():
    payload = SocketRateLimit(rate=20, burst=40).refusal().payload()
    assert payload["type"] == "error" and payload["code"] == "rate_limited"
    assert "20" in payload["message"] and "40" in payload["message"]


# ---------------------------------------------------------------------------------- live
def receive_until(ws, kind: str) -> dict:
    while True:
        message = ws.receive_json(timeout=10)
        if message["type"] == kind:
            return message


def test_a_burst_over_a_real_socket_is_rate_limited_and_changes_nothing(tmp_path):
    # a refill of one message in 1000 s: nothing comes back during the test, whatever the machine's speed
    app = create_app(f"sqlite:///{tmp_path / 'arena.db'}", bot_delay=0, secret_key="test-secret",
                     socket_rate=0.001, socket_burst=3)
    with serving(app) as base_url, LiveClient(base_url) as client:
        client.post("/api/session", json={"name": "Flooder"})
        table = client.post("/api/tables", json={"game": "crypt", "players": 2, "seed": 7}).json()["table"]
        tokens = [client.post(f"/api/tables/{table['id']}/seats/{s}", json={"kind": "human"}).json()["token"]
                  for s in range(2)]
        client.post(f"/api/tables/{table['id']}/start")
        path = f"/ws/tables/{table['id']}"
        with client.websocket_connect(path) as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})  # 3 messages spend the burst
            state = receive_until(ws, "state")
            for _ in range(2):
                ws.send_json({"type": "sync"})
                assert ws.receive_json()["type"] == "state"
            move = {"type": "act", "action": state["legal"][0], "version": state["version"]}
            for _ in range(10):  # a legal move each time, so a message let through would show
                ws.send_json(move)
            replies = [ws.receive_json() for _ in range(10)]
            assert [r["code"] for r in replies] == ["rate_limited"] * 10
            assert client.get(f"/api/tables/{table['id']}").json()["version"] == state["version"]

            # sustained abuse: the 100th drop in a row closes the socket with 4429
            for _ in range(90):
                ws.send_json(move)
            codes = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    codes.append(ws.receive_json()["code"])
            assert codes == ["rate_limited"] * 90
            assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_CODE
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == state["version"]
        metrics = client.get("/metrics").text
        assert 'cryptarena_errors_total{code="rate_limited"} 100.0' in metrics

        # the budget is per connection: a fresh socket plays the same move
        with client.websocket_connect(path) as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            receive_until(ws, "state")
            ws.send_json(move)
            assert receive_until(ws, "state")["version"] == state["version"] + 1
