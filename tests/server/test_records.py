"""Results and ratings in the store, on SQLite and PostgreSQL: a finished table is recorded once, in
the transaction of its last move; ratings fold results in order, one pass at a time even when
processes race, and a rebuild from the history agrees with them."""

from __future__ import annotations

import threading

from sqlalchemy import func, select

from cryptarena.server.records import MU, SIGMA, rate_game, rate_pending, rebuild
from cryptarena.server.schema import ratings, result_seats, results
from cryptarena.server.store import SeatRecord
from test_store import play_and_store


def finished(store, agents=("medium", "random"), *, game="midas", seed=0, rated=True, people=()):
    seats = [SeatRecord(s, "bot", None, agent) for s, agent in enumerate(agents)]
    for seat, player in people:
        seats[seat] = SeatRecord(seat, "human", f"P{seat}", None, None, player)
    record = store.create_table(game, len(agents), seed=seed, seat_kinds=seats, rated=rated)
    store.set_status(record.id, "playing")
    state, _ = play_and_store(store, record, 10_000, seed)
    assert state.is_over()
    return record, state


def count(store, table) -> int:
    with store.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(table)).scalar_one()


def test_the_last_move_records_the_result_once(store):
    record, state = finished(store, people=[(0, "p-ada")])
    with store.engine.connect() as conn:
        row = conn.execute(select(results)).one()
        seats = conn.execute(select(result_seats).order_by(result_seats.c.seat)).all()
    assert row.table_id == record.id and row.moves == len(state.history) and row.rating_class == "2"
    assert [s.rating_key for s in seats] == ["player:p-ada", "bot:random"]
    assert [s.won for s in seats] == [seat in state.winners() for seat in range(2)]
    assert [s.total for s in seats] == [float(s["total"]) for s in state.scores()]
    assert count(store, results) == 1


def test_solo_and_friendly_tables_are_recorded_unrated(store):
    finished(store, ("medium",), game="crypt")
    finished(store, rated=False, seed=1)
    with store.engine.connect() as conn:
        rows = conn.execute(select(results.c.rated, results.c.rating_class).order_by(results.c.seq)).all()
    assert [tuple(r) for r in rows] == [(False, None), (False, "2")]
    assert rate_pending(store.engine) == 0 and count(store, ratings) == 0


def test_ratings_fold_in_order_and_a_rebuild_agrees(store):
    for seed in range(4):
        finished(store, seed=seed)
    finished(store, ("medium", "random", "random"), seed=9)
    assert rate_pending(store.engine) == 5
    assert rate_pending(store.engine) == 0  # nothing twice
    with store.engine.connect() as conn:
        two = {r.rating_key: r for r in conn.execute(select(ratings).where(ratings.c.rating_class == "2"))}
    assert two["bot:medium"].games == 4 and two["bot:random"].games == 4
    assert two["bot:medium"].mu != MU and two["bot:medium"].sigma < SIGMA
    found = rebuild(store.engine)
    assert found["results"] == 5 and found["differences"] == []


def test_a_damaged_rating_is_found_and_rewritten_by_a_rebuild(store):
    finished(store)
    rate_pending(store.engine)
    with store.engine.begin() as conn:
        conn.execute(ratings.update().where(ratings.c.rating_key == "bot:medium").values(mu=99.0))
    found = rebuild(store.engine)
    assert [d["key"] for d in found["differences"]] == ["bot:medium"]
    assert rebuild(store.engine, write=True)["differences"]
    assert rebuild(store.engine)["differences"] == []


def test_racing_rating_passes_rate_each_result_once(store):
    for seed in range(6):
        finished(store, seed=seed)
    done, errors = [], []

    def rate():
        try:
            done.append(rate_pending(store.engine))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=rate) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and sum(done) == 6
    assert rebuild(store.engine)["differences"] == []


def test_sides_rank_winners_first_then_by_score_with_ties():
    rows = [{"seat": 0, "side": 0, "won": False, "total": 5.0, "rating_key": "a"},
            {"seat": 1, "side": 1, "won": True, "total": 3.0, "rating_key": "b"},
            {"seat": 2, "side": 2, "won": False, "total": 5.0, "rating_key": "c"}]
    after = rate_game({}, rows)
    assert after[1][0] > MU  # the winner gains, whatever the score
    assert after[0] == after[2] and after[0][0] < MU  # equal losers tie


def test_a_person_a_bot_stood_in_for_is_rated_for_the_result(store):
    seats = [SeatRecord(0, "human", "Ada", None, None, "p-ada"), SeatRecord(1, "bot", None, "medium")]
    record = store.create_table("midas", 2, seed=4, seat_kinds=seats)
    store.set_status(record.id, "playing")
    assert store.set_away(record.id, 0, "disconnected", at_version=0)
    play_and_store(store, record, 10_000, 4)
    rate_pending(store.engine)
    with store.engine.connect() as conn:
        ada = conn.execute(select(result_seats).where(result_seats.c.seat == 0)).one()
    assert ada.stood_in and ada.rating_key == "player:p-ada" and ada.mu_after is not None
    with store.engine.connect() as conn:
        keys = {r.rating_key for r in conn.execute(select(ratings))}
    assert keys == {"player:p-ada", "bot:medium"}  # the stand-in is not rated
