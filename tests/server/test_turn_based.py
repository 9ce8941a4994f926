"""A turn-based table over days, on a real server whose time the test moves (no sleeping): Crypt for
two people played to the end across a server restart, each person's clock checked against a model
of the rules at every move (it runs only while the table waits for them; the increment comes when
their turn passes, capped at the reserve); nobody is replaced for closing the browser for days; the
lobby's "your move" list follows the table; and the votes on a person out of time over the socket."""

from __future__ import annotations

from fake_clock import FakeClock, sweep_now
from live_server import LiveClient, serving

from cryptarena.engine import Rng
from cryptarena.server.app import create_app

HOUR, DAY = 3600, 86400
RESERVE, INCREMENT = 3 * DAY, DAY


def app_for(db_url, fake):
    return create_app(db_url, bot_delay=0.0, secret_key="test-secret", grace=1.0, clock=fake.now)


def next_state(ws, after: int) -> dict:
    while True:
        message = ws.receive_json(timeout=30)
        assert message["type"] != "error", message
        if message["type"] == "state" and message["version"] > after:
            return message


def turn_based_table(base_url, game: str, players: int, body: dict | None = None):
    """A started turn-based table of `players` people: (table id, [client per seat], [token per seat])."""
    people = [LiveClient(base_url) for _ in range(players)]
    for seat, person in enumerate(people):
        person.post("/api/session", json={"name": f"P{seat}"})
    reply = people[0].post("/api/tables", json={"game": game, "players": players, "seed": 11,
                                                "pace": "turn-based", **(body or {})})
    assert reply.status_code == 201, reply.text
    table = reply.json()["table"]
    assert table["pace"] == "turn-based"
    tokens = [person.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "human"}).json()["token"]
              for seat, person in enumerate(people)]
    assert people[0].post(f"/api/tables/{table['id']}/start").status_code == 200
    return table, people, tokens


def open_seat(person, table_id, token):
    ws = person.websocket_connect(f"/ws/tables/{table_id}")
    ws.send_json({"type": "hello", "token": token})
    return ws, next_state(ws, -1)


class ClockModel:
    """The rules of the clock, written plainly: what each person should have left."""

    def __init__(self, seats):
        self.left = {seat: float(RESERVE) for seat in seats}
        self.last = None  # who moved last: a new turn starts when another person moves

    def wait(self, waiting: set[int], seconds: float) -> None:
        for seat in waiting:
            self.left[seat] = max(0.0, self.left[seat] - seconds)

    def moved(self, seat: int, before: set[int], after: set[int]) -> None:
        if seat in before and seat not in after:
            self.left[seat] = min(RESERVE, self.left[seat] + INCREMENT)

    def check(self, state: dict) -> None:
        waiting = set(state["to_act"])
        shown = {c["seat"]: c for c in state["clocks"]}
        for seat, left in self.left.items():
            assert abs(shown[seat]["left"] - left) < 0.01, (seat, shown[seat], left, state["version"])
            assert shown[seat]["running"] == (seat in waiting) and not shown[seat]["out_of_time"]


def test_a_turn_based_crypt_table_is_played_to_the_end_across_a_restart(tmp_path):
    db_url = f"sqlite:///{tmp_path / 'arena.db'}"
    fake = FakeClock()
    rng = Rng(5)
    model = ClockModel([0, 1])
    moves, restarted = 0, False
    app = app_for(db_url, fake)
    with serving(app) as base_url:
        table, people, tokens = turn_based_table(base_url, "crypt", 2)
        assert table["clock"] == {"reserve": RESERVE, "increment": INCREMENT, "on_timeout": "vote"}
        sockets = [open_seat(person, table["id"], token) for person, token in zip(people, tokens)]
        state = sockets[0][1]
        model.check(state)
        while moves < 40:
            state = play_one(sockets, state, fake, model, rng)
            moves += 1
        waiting = set(state["to_act"])
        for ws, _ in sockets:
            ws._ws.close()
        # nobody at the table for two days: a turn-based table replaces nobody, whatever the grace period
        fake.advance(days=2)
        model.wait(waiting, 2 * DAY)
        sweep_now(app)
        assert all(s["away"] is None for s in people[0].get(f"/api/tables/{table['id']}").json()["seats"])
    # the server stops and starts again on the same database: the table is where it was
    app = app_for(db_url, fake)
    with serving(app) as base_url:
        for seat, person in enumerate(people):
            person.base_url = base_url
            person.http.base_url = base_url
            turns = person.get("/api/me/turns").json()
            assert turns["count"] == (1 if seat in waiting else 0)
            if seat in waiting:
                [mine] = turns["tables"]
                assert mine["table"] == table["id"] and mine["url"] == f"/table/{table['id']}"
                assert abs(mine["left"] - model.left[seat]) < 0.01
        sweep_now(app)
        sockets = [open_seat(person, table["id"], token) for person, token in zip(people, tokens)]
        state = sockets[0][1]
        assert all(s["away"] is None for s in state["table"]["seats"])
        model.check(state)
        restarted = True
        while not state["over"]:
            state = play_one(sockets, state, fake, model, rng)
            moves += 1
            assert moves < 2000
        assert people[0].get("/api/me/turns").json()["count"] == 0
        [result] = people[0].get("/api/me/games").json()["finished"]
        assert result["table"] == table["id"] and not any(s["stood_in"] for s in result["seats"])
        for ws, _ in sockets:
            ws._ws.close()
    assert restarted and moves > 40


def play_one(sockets, state, fake, model, rng) -> dict:
    """The first person the table waits for thinks (hours at the start of a turn, minutes within it)
    and plays a random legal move; every socket's next state is checked against the model."""
    seat = state["to_act"][0]
    ws, mine = sockets[seat]
    before = set(state["to_act"])
    seconds = rng.below(20 * HOUR) + 60 if model.last != seat else rng.below(600) + 1
    model.last = seat
    fake.advance(seconds=seconds)
    model.wait(before, seconds)
    assert mine["version"] == state["version"] and mine["legal"], (seat, mine["to_act"])
    ws.send_json({"type": "act", "action": mine["legal"][rng.below(len(mine["legal"]))], "version": state["version"]})
    updated = [next_state(other, state["version"]) for other, _ in sockets]
    for i, new in enumerate(updated):
        sockets[i] = (sockets[i][0], new)
    after = set(updated[0]["to_act"]) if not updated[0]["over"] else set()
    model.moved(seat, before, after)
    if not updated[0]["over"]:
        for new in updated:
            model.check(new)
    return updated[0]


def wait_for(ws, predicate, what: str, limit: int = 200) -> dict:
    for _ in range(limit):
        message = ws.receive_json(timeout=30)
        if predicate(message):
            return message
    raise AssertionError(f"no {what}")


def test_out_of_time_the_others_vote_over_the_socket_to_skip_then_to_expel(tmp_path):
    fake = FakeClock()
    app = app_for(f"sqlite:///{tmp_path / 'arena.db'}", fake)
    with serving(app) as base_url:
        table, people, tokens = turn_based_table(base_url, "quartz", 3, {"clock": {"reserve": HOUR, "increment": 0}})
        sockets = [open_seat(person, table["id"], token) for person, token in zip(people, tokens)]
        late = sockets[0][1]["to_act"][0]
        voters = [seat for seat in range(3) if seat != late]
        fake.advance(hours=2)
        sweep_now(app)
        for ws, _ in sockets:
            assert wait_for(ws, lambda m: m["type"] == "out_of_time", "out_of_time") == {"type": "out_of_time",
                                                                                        "seat": late}
        state = wait_for(sockets[voters[0]][0], lambda m: m["type"] == "state" and m.get("votes"), "votes")
        assert state["votes"] == [{"target": late, "voters": voters, "needed": 2, "skip": [], "expel": []}]
        assert [c["out_of_time"] for c in state["clocks"]] == [seat == late for seat in range(3)]
        # the person out of time is not replaced until a vote passes, and may still be asked to move
        late_ws = sockets[late][0]
        late_state = wait_for(late_ws, lambda m: m["type"] == "state" and m.get("votes"), "votes")
        assert late_state["legal"] and late_state["table"]["seats"][late]["away"] is None
        late_ws.send_json({"type": "vote", "seat": late, "choice": "skip"})
        assert wait_for(late_ws, lambda m: m["type"] == "error", "refusal")["code"] == "bad_vote"
        watcher = LiveClient(base_url).websocket_connect(f"/ws/tables/{table['id']}")
        watcher.send_json({"type": "hello"})
        watcher.send_json({"type": "vote", "seat": late, "choice": "skip"})
        assert wait_for(watcher, lambda m: m["type"] == "error", "refusal")["code"] == "spectator"
        first, second = (sockets[seat][0] for seat in voters)
        first.send_json({"type": "vote", "seat": late, "choice": "expel"})
        tally = wait_for(second, lambda m: m["type"] == "state" and m.get("votes") and m["votes"][0]["expel"],
                         "a tally")
        assert tally["votes"][0]["expel"] == [voters[0]]
        second.send_json({"type": "vote", "seat": late, "choice": "expel"})
        for ws, _ in sockets:
            assert wait_for(ws, lambda m: m["type"] == "replaced", "replaced") == {
                "type": "replaced", "seat": late, "reason": "expelled"}
        late_ws.send_json({"type": "take_back"})
        assert wait_for(late_ws, lambda m: m["type"] == "error", "refusal")["code"] == "expelled"
        # a bot plays the expelled seat: the table moves on without them
        moved = wait_for(first, lambda m: m["type"] == "state" and m["version"] > state["version"], "the bot's move")
        assert moved["table"]["seats"][late]["away"] == "expelled" and "votes" not in moved
        first.send_json({"type": "vote", "seat": late, "choice": "skip"})
        assert wait_for(first, lambda m: m["type"] == "error", "refusal")["code"] == "no_vote"
        for ws, _ in sockets:
            ws._ws.close()
        watcher._ws.close()


def test_a_pace_or_clock_out_of_bounds_is_named_and_stores_nothing(tmp_path):
    fake = FakeClock()
    with serving(app_for(f"sqlite:///{tmp_path / 'arena.db'}", fake)) as base_url:
        client = LiveClient(base_url)
        for body, status, code in [
            ({"pace": "by-post"}, 422, "malformed"),
            ({"pace": "turn-based", "clock": {"reserve": 60}}, 400, "bad_clock"),
            ({"pace": "live", "clock": {"reserve": 7200}}, 400, "bad_clock"),
            ({"pace": "turn-based", "clock": {"reserve": 86400, "increment": 90000}}, 400, "bad_clock"),
            ({"clock": {"reserve": 60}, "turn_clock": 60}, 400, "bad_clock"),
            ({"clock": {"reserve": "3 days"}}, 422, "malformed"),
            ({"on_timeout": "shrug"}, 422, "malformed"),
        ]:
            reply = client.post("/api/tables", json={"game": "crypt", "players": 2, **body})
            assert (reply.status_code, reply.json()["error"]["code"]) == (status, code), (body, reply.text)
        assert client.get("/api/tables").json() == []
        made = client.post("/api/tables", json={"game": "crypt", "players": 2, "pace": "turn-based",
                                                "clock": {"reserve": 7 * DAY, "increment": 12 * HOUR}}).json()
        assert made["table"]["clock"] == {"reserve": 7 * DAY, "increment": 12 * HOUR, "on_timeout": "vote"}
        assert client.get("/api/tables?status=open").json()[0]["pace"] == "turn-based"
        length = client.get("/api/games/crypt/length?players=2&pace=turn-based").json()
        assert length == {"game": "crypt", "players": 2, "pace": "turn-based", "games": 0,
                          "median_seconds": None, "median_moves": None}
        assert client.get("/api/games/crypt/length?players=9").json()["error"]["code"] == "bad_players"
        assert client.get("/api/games/crypt/length?players=2&pace=slow").json()["error"]["code"] == "bad_pace"
        assert client.get("/api/me/turns").json()["error"]["code"] == "no_session"
