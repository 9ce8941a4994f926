"""Game reviews over the real API and the real worker: a review asked for is queued, claimed, run
decision by decision in a worker process and stored with its result; asking again gives the same
review (a failed one queued again); bad requests are refused naming what is wrong and store nothing;
an imported replay is reviewed like a table; progress shows while it runs; a review whose worker
stopped is taken again by another once its lease runs out, and the first worker writes nothing more;
a worker runs at most its number of reviews at once, and two processes never claim one review.

Reviews here are of a short two-player Crypt game with tiny budgets (ReviewSettings), so each takes
a few seconds: the numbers are not what is tested, the path is."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from datetime import timedelta

import pytest

from sqlalchemy import select, update

from cryptarena import games
from cryptarena.ai import coach
from cryptarena.ai.agents import make_agent
from cryptarena.ai.review import Limits
from cryptarena.engine import Rng
from cryptarena.server.app import create_app
from cryptarena.server.reviews import MAX_QUEUED, ReviewSettings, ReviewStore, ReviewsBusy, ReviewWorker
from cryptarena.server.reviews.worker import Lost
from cryptarena.server.schema import moves, reviews
from cryptarena.server.store import SeatRecord, Store
from fake_clock import FakeClock
from live_server import LiveClient, serving
from live_server import error_code as error

LIMITS = Limits(think=0.05, worlds=4, seconds=0.1, width=3)
QUICK = ReviewSettings(limits=LIMITS, interval=0.05)
BY_HAND = ReviewSettings(limits=LIMITS, interval=0)  # no loop: the test runs the worker
REVIEW_KEYS = {"id", "source", "source_id", "game", "seat", "reviewer", "status", "done", "total", "error", "result"}
RESULT_KEYS = {"game", "players", "seat", "reviewer", "decisions", "blunders", "ranked", "chart", "agreed"}


def finished_table(url: str, seed: int = 5, clock=None) -> tuple[str, list]:
    """A two-seat Crypt table played to the end by easy bots and stored: (its id, its history)."""
    store = Store(url, clock=clock)
    try:
        record = store.create_table("crypt", 2, seed=seed, seat_kinds=[SeatRecord(0, "bot", agent="easy"),
                                                                      SeatRecord(1, "bot", agent="easy")])
        store.start_table(record.id)
        game = games.load("crypt")
        state = game.new_state(2, seed, record.options)
        bot, rng = make_agent("easy", game), Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat), rng))
        store.append_many(record.id, 0, list(state.history), state)
        assert store.get_table(record.id).status == "over"
        return record.id, list(state.history)
    finally:
        store.close()


def seat_decisions(url: str, table_id: str, seat: int) -> list[tuple[int, int, dict]]:
    store = Store(url)
    try:
        record = store.get_table(table_id)
        return [(step, move, action) for step, move, _state, _seat, action in
                coach.decisions(games.load("crypt"), 2, record.seed, record.options, store.history(table_id), {seat})]
    finally:
        store.close()


def wait_for(client: LiveClient, review_id: str, status: str, timeout: float = 180) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        review = client.get(f"/api/reviews/{review_id}").json()
        if review["status"] == status:
            return review
        assert review["status"] not in ("done", "failed"), review
        assert time.monotonic() < deadline, f"the review never became {status}: {review}"
        time.sleep(0.05)


def run(coroutine_function, *args):
    return asyncio.run(coroutine_function(*args))


async def drained(worker: ReviewWorker) -> None:
    try:
        await worker.drain()
    finally:
        await worker.stop()


def check_result(review: dict, url: str, table_id: str, seat: int) -> None:
    result = review["result"]
    assert set(result) == RESULT_KEYS
    assert (result["game"], result["players"], result["seat"], result["reviewer"]) == ("crypt", 2, seat, "hard")
    expected = seat_decisions(url, table_id, seat)
    rows = result["decisions"]
    assert [(r["step"], r["move"], r["played"]) for r in rows] == expected
    assert review["status"] == "done" and review["done"] == review["total"] == len(rows)
    for row in rows:
        assert row["seat"] == seat and 0 <= row["after"] <= row["before"] <= 1 and row["swing"] >= 0
        assert row["compared"][0]["action"] == row["played"] and row["worlds"] >= 4
    assert sorted(result["ranked"]) == list(range(len(rows)))
    assert set(result["blunders"]) <= set(result["ranked"])
    assert [c["move"] for c in result["chart"]] == [r["move"] for r in rows]
    assert result["agreed"] == sum(1 for r in rows if r["swing"] <= 0)


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'arena.db'}"


def test_a_review_is_queued_run_by_the_server_and_kept_with_its_result(db):
    table_id, _history = finished_table(db)
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=1, review_settings=QUICK)) as base, \
            LiveClient(base) as client:
        asked = client.post(f"/api/tables/{table_id}/reviews", json={"seat": 1})
        assert asked.status_code == 202, asked.text
        review = asked.json()
        assert set(review) == REVIEW_KEYS
        assert (review["source"], review["source_id"], review["game"], review["seat"], review["reviewer"]) == \
            ("table", table_id, "crypt", 1, "hard")
        assert review["result"] is None and review["error"] is None and len(review["id"]) == 22
        done = wait_for(client, review["id"], "done")
        check_result(done, db, table_id, 1)
        again = client.post(f"/api/tables/{table_id}/reviews", json={"seat": 1, "reviewer": "hard"})
        assert again.status_code == 202 and again.json() == done  # the same review, not a new one
        listed = client.get(f"/api/tables/{table_id}/reviews").json()
        assert listed == {"reviews": [{k: v for k, v in done.items() if k != "result"}]}


def test_bad_requests_are_refused_naming_the_fault_and_store_nothing(db):
    table_id, _ = finished_table(db)
    store = Store(db)
    playing = store.create_table("crypt", 2, seed=2, seat_kinds=[SeatRecord(0, "bot", agent="easy"),
                                                                 SeatRecord(1, "human", name="Ada")])
    store.close()
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=0)) as base, LiveClient(base) as client:
        cases = [
            ("/api/tables/nosuchtable/reviews", {"seat": 0}, 404, "unknown_table", "nosuchtable"),
            (f"/api/tables/{playing.id}/reviews", {"seat": 0}, 409, "not_over", "still being played"),
            (f"/api/tables/{table_id}/reviews", {"seat": 2}, 400, "bad_seat", "0..1"),
            (f"/api/tables/{table_id}/reviews", {"seat": -1}, 400, "bad_seat", "seat -1"),
            (f"/api/tables/{table_id}/reviews", {"seat": 0, "reviewer": "medium"}, 400, "bad_reviewer", "hard"),
            (f"/api/tables/{table_id}/reviews", {"seat": "0"}, 422, "malformed", "malformed"),
            (f"/api/tables/{table_id}/reviews", {"seat": 0, "colour": 1}, 422, "malformed", "malformed"),
            ("/api/replays/nosuchreplay/reviews", {"seat": 0}, 404, "unknown_replay", "nosuchreplay"),
        ]
        for path, body, status, code, words in cases:
            answer = client.post(path, json=body)
            assert (answer.status_code, error(answer)) == (status, code), (path, body, answer.text)
            assert words in answer.json()["error"]["message"], answer.text
        missing = client.get("/api/reviews/nosuchreview")
        assert (missing.status_code, error(missing)) == (404, "unknown_review")
        assert error(client.get("/api/replays/nosuchreplay/reviews")) == "unknown_replay"
        assert client.get(f"/api/tables/{table_id}/reviews").json() == {"reviews": []}
    store = Store(db)
    with store.engine.connect() as conn:
        assert conn.execute(select(reviews)).all() == []
    store.close()


def test_a_failed_review_says_why_and_is_queued_again_when_asked_for_again(db):
    table_id, history = finished_table(db)
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=0)) as base, LiveClient(base) as client:
        review = client.post(f"/api/tables/{table_id}/reviews", json={"seat": 0}).json()
        store = Store(db)
        broken = {"seat": history[3]["seat"], "action": {"type": "juggle"}}  # a damaged move: it does not replay
        with store.engine.begin() as conn:
            conn.execute(update(moves).where(moves.c.table_id == table_id, moves.c.version == 4)
                         .values(entry=json.dumps(broken)))
        run(drained, ReviewWorker(store, 1, BY_HAND))
        failed = client.get(f"/api/reviews/{review['id']}").json()
        assert failed["status"] == "failed" and failed["result"] is None
        assert failed["error"].startswith("IllegalAction") and "Traceback" not in failed["error"], failed["error"]

        with store.engine.begin() as conn:  # repaired: asked for again, it is queued again and runs
            conn.execute(update(moves).where(moves.c.table_id == table_id, moves.c.version == 4)
                         .values(entry=json.dumps(history[3])))
        again = client.post(f"/api/tables/{table_id}/reviews", json={"seat": 0}).json()
        assert (again["id"], again["status"], again["error"], again["done"]) == (review["id"], "queued", None, 0)
        run(drained, ReviewWorker(store, 1, BY_HAND))
        check_result(client.get(f"/api/reviews/{review['id']}").json(), db, table_id, 0)
        store.close()


def test_an_imported_replay_file_is_reviewed_like_its_table(db):
    table_id, _ = finished_table(db)
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=1, review_settings=QUICK)) as base, \
            LiveClient(base) as client:
        data = client.get(f"/api/tables/{table_id}/replay-file").json()
        replay_id = client.post("/api/replays", json=data).json()["id"]
        review = client.post(f"/api/replays/{replay_id}/reviews", json={"seat": 0}).json()
        assert (review["source"], review["source_id"], review["game"]) == ("replay", replay_id, "crypt")
        done = wait_for(client, review["id"], "done")
        check_result(done, db, table_id, 0)  # the file's decisions are the table's
        assert client.get(f"/api/replays/{replay_id}/reviews").json()["reviews"][0]["id"] == review["id"]
        assert client.get(f"/api/tables/{table_id}/reviews").json() == {"reviews": []}  # another source


def test_progress_shows_mid_way_and_a_review_left_by_a_stopped_worker_is_taken_again(store_url):
    db = store_url  # SQLite and PostgreSQL: the lease fences the first worker's writes on both
    clock = FakeClock()
    table_id, _ = finished_table(db, clock=clock.now)
    total = len(seat_decisions(db, table_id, 1))
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=0, clock=clock.now)) as base, \
            LiveClient(base) as client:
        review = client.post(f"/api/tables/{table_id}/reviews", json={"seat": 1}).json()
        first, second = Store(db, clock=clock.now), Store(db, clock=clock.now)
        a, b = ReviewWorker(first, 1, BY_HAND), ReviewWorker(second, 1, BY_HAND)

        async def scenario():
            try:
                claim = a.reviews.claim(a.lease)
                assert claim is not None and claim.id == review["id"]
                job = await a.begin(claim)
                await a.step(job)
                await a.step(job)
                mid = client.get(f"/api/reviews/{review['id']}").json()
                assert (mid["status"], mid["done"], mid["total"], mid["result"]) == ("running", 2, total, None)
                assert b.reviews.claim(b.lease) is None  # a's lease holds
                clock.advance(seconds=61)  # a stopped answering: its lease ran out
                taken = b.reviews.claim(b.lease)
                assert taken is not None and taken.id == review["id"]
                with pytest.raises(Lost):
                    await a.step(job)  # a wakes up: it writes nothing more
                assert client.get(f"/api/reviews/{review['id']}").json()["done"] == 0
                assert await b.work(taken) == "done"
            finally:
                await a.stop()
                await b.stop()

        asyncio.run(scenario())
        check_result(client.get(f"/api/reviews/{review['id']}").json(), db, table_id, 1)
        first.close()
        second.close()


def test_a_worker_stopping_hands_its_reviews_back_to_the_queue(db):
    table_id, _ = finished_table(db)
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=0)) as base, LiveClient(base) as client:
        review = client.post(f"/api/tables/{table_id}/reviews", json={"seat": 0}).json()
        store = Store(db)
        worker = ReviewWorker(store, 1, BY_HAND)

        async def scenario():
            [claim] = await worker.fill()
            assert client.get(f"/api/reviews/{review['id']}").json()["status"] == "running"
            await worker.stop()  # the server shuts down mid-review
            return claim

        asyncio.run(scenario())
        back = client.get(f"/api/reviews/{review['id']}").json()
        assert (back["status"], back["done"]) == ("queued", 0)  # the next process takes it at once
        run(drained, ReviewWorker(store, 1, BY_HAND))
        assert client.get(f"/api/reviews/{review['id']}").json()["status"] == "done"
        store.close()


def test_a_worker_runs_at_most_its_number_of_reviews_at_once(db):
    table_id, _ = finished_table(db)
    other, _ = finished_table(db, seed=6)
    with serving(create_app(db, bot_delay=0, secret_key="t", reviews=0)) as base, LiveClient(base) as client:
        ids = [client.post(f"/api/tables/{t}/reviews", json={"seat": s}).json()["id"]
               for t, s in ((table_id, 0), (table_id, 1), (other, 0))]
        store = Store(db)
        worker = ReviewWorker(store, 2, BY_HAND)

        async def scenario():
            try:
                assert [c.id for c in await worker.fill()] == ids[:2]  # the oldest two
                assert worker.running == 2 and await worker.fill() == []  # no slot left
                statuses = [client.get(f"/api/reviews/{i}").json()["status"] for i in ids]
                assert statuses == ["running", "running", "queued"]
                await worker.drain()
            finally:
                await worker.stop()

        asyncio.run(scenario())
        assert [client.get(f"/api/reviews/{i}").json()["status"] for i in ids] == ["done"] * 3
        store.close()


def test_two_processes_never_claim_the_same_review_and_the_queue_has_a_bound(store_url):
    store = Store(store_url)
    try:
        requests = ReviewStore(store.engine, store.now)
        asked = [requests.request("table", f"t{n}", "crypt", 0, "hard").id for n in range(12)]
        claimed: list[str] = []
        lock = threading.Lock()

        # four processes in effect: a store each on the same database (opened here: Alembic's opening
        # is not thread-safe), claiming side by side
        others = [Store(store_url) for _ in range(4)]

        def claimer(mine: Store):
            while (claim := ReviewStore(mine.engine, mine.now).claim(timedelta(seconds=60))) is not None:
                with lock:
                    claimed.append(claim.id)

        threads = [threading.Thread(target=claimer, args=(other,)) for other in others]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for other in others:
            other.close()
        assert sorted(claimed) == sorted(asked)  # each once
        assert requests.claim(timedelta(seconds=60)) is None
        for n in range(12, MAX_QUEUED + 12):
            requests.request("table", f"t{n}", "crypt", 0, "hard")
        with pytest.raises(ReviewsBusy, match="waiting already"):
            requests.request("table", "one-more", "crypt", 0, "hard")
        assert requests.request("table", "t0", "crypt", 0, "hard").id == asked[0]  # an existing one still answers
    finally:
        store.close()
