"""A clock per person (server/clocks.py): the arithmetic on its own, then through the store on SQLite
and PostgreSQL — the clock runs only while the table waits for that person, the increment comes once
per turn handed over and never lifts the reserve above its start, a deadline passed makes a bot play
(live) or opens a vote (turn-based), a vote's majority skips or expels, the expelled person is rated
last, and the sweep reads only tables whose deadline has passed, one process at a time."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from fake_clock import FakeClock
from sqlalchemy import select

from cryptarena import games
from cryptarena.engine import Rng
from cryptarena.server.clocks import ClockError, SeatClock, TableClock, advance, choose
from cryptarena.server.records import rate_pending
from cryptarena.server.schema import result_seats
from cryptarena.server.store import Append, Store

HOUR, DAY = 3600, 86400


# ---------------------------------------------------------------------- choosing a clock
def test_the_defaults_of_each_pace():
    assert choose() == TableClock("live", None, 0, "bot")
    assert choose("turn-based") == TableClock("turn-based", 3 * DAY, DAY, "vote")
    assert choose("live", turn_clock=30) == TableClock("live", 30, 30, "bot")  # the older per-move shorthand
    assert choose("live", {"reserve": 600, "increment": 10}, "vote") == TableClock("live", 600, 10, "vote")


@pytest.mark.parametrize("args, code, words", [
    (("fast",), "bad_pace", "pace is one of live, turn-based"),
    (("live", {"reserve": 2 * HOUR}), "bad_clock", "a live clock's reserve is 1 to 3600 seconds"),
    (("turn-based", {"reserve": 60}), "bad_clock", "a turn-based clock's reserve is 3600 to 1209600 seconds"),
    (("turn-based", {"reserve": 15 * DAY}), "bad_clock", "reserve is 3600 to 1209600"),
    (("turn-based", {"reserve": DAY, "increment": 2 * DAY}), "bad_clock", "the increment is 0 to the reserve"),
    (("live", None, "shrug"), "bad_clock", "on_timeout is one of bot, vote"),
])
def test_a_clock_that_breaks_a_bound_is_refused_naming_it(args, code, words):
    with pytest.raises(ClockError) as refused:
        choose(*args)
    assert refused.value.code == code and words in refused.value.reason


# ---------------------------------------------------------------------- the arithmetic
def at(hours: float):
    return FakeClock().now() + timedelta(hours=hours)


def test_the_clock_runs_only_while_the_table_waits_and_the_increment_comes_when_the_turn_passes():
    reserve, inc = 10 * HOUR, 2 * HOUR
    a, b = SeatClock(0, 10 * HOUR, at(0), True), SeatClock(1, 10 * HOUR, None, True)
    # seat 0 thinks 3 hours and hands the turn to seat 1
    a, b = advance([a, b], {1}, {0}, at(3), reserve, inc)
    assert (a.left, a.since) == (9 * HOUR, None)  # 10 - 3 + 2
    assert (b.left, b.since) == (10 * HOUR, at(3))  # seat 1's clock starts now, untouched so far
    assert b.left_at(at(8)) == 5 * HOUR and a.left_at(at(8)) == 9 * HOUR  # only the waited-for clock runs
    # seat 1 takes 1 hour: back to the reserve, never above it
    a, b = advance([a, b], {0}, {1}, at(4), reserve, inc)
    assert b.left == reserve and a.since == at(4)


def test_a_turn_of_several_actions_earns_the_increment_once():
    reserve, inc = 10 * HOUR, 1 * HOUR
    a = SeatClock(0, 5 * HOUR, at(0), True)
    for hour in (1, 2, 3):  # three small actions, still their turn: charged, not credited
        (a,) = advance([a], {0}, {0}, at(hour), reserve, inc)
        assert a.left == (5 - hour) * HOUR and a.since == at(hour)
    (a,) = advance([a], set(), {0}, at(4), reserve, inc)  # the confirm hands the turn over
    assert a.left == 2 * HOUR


def test_simultaneous_choices_run_each_clock_until_that_person_chose():
    reserve = 10 * HOUR
    a, b = SeatClock(0, reserve, at(0), True), SeatClock(1, reserve, at(0), True)
    a, b = advance([a, b], {1}, {0}, at(2), reserve, 0)  # seat 0 chose after 2 hours; seat 1 still choosing
    assert a.left == 8 * HOUR and b.since == at(0) and b.left_at(at(5)) == 5 * HOUR


def test_a_stand_in_s_time_is_not_the_person_s_and_nobody_is_charged_for_a_turn_skipped_by_others():
    reserve, inc = 10 * HOUR, HOUR
    away = SeatClock(0, 4 * HOUR, at(0), False)  # a bot plays for them: their clock stands still
    (away,) = advance([away], set(), {0}, at(6), reserve, inc)
    assert away.left == 5 * HOUR  # the turn their seat played still earns the increment
    other = SeatClock(1, 4 * HOUR, at(0), True)
    (other,) = advance([other], set(), set(), at(1), reserve, inc)  # the table stopped waiting without their move
    assert other.left == 3 * HOUR and other.since is None


# ---------------------------------------------------------------------- through the store
def seated(store: Store, game: str, players: int, clock: TableClock, *, people: int | None = None):
    """A started table: seats 0..people-1 taken by people (player ids p0, p1, ...), the rest by bots."""
    table = store.create_table(game, players, seed=3, clock=clock)
    people = players if people is None else people
    for seat in range(players):
        if seat < people:
            store.take_seat(table.id, seat, kind="human", name=f"P{seat}", player_id=f"p{seat}")
        else:
            store.take_seat(table.id, seat, kind="bot", agent="random")
    store.start_table(table.id)
    return table.id


def play(store: Store, table_id: str, rng: Rng) -> int:
    """One random legal move of the first seat to act, stored as the server stores it (with the
    table's clock, if it has one); the seat that moved."""
    record = store.get_table(table_id)
    state, version = store.load_state(table_id)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.below(len(legal))])
    clock = record.clock if record.clock.reserve is not None else None
    outcome = store.append_batch([Append(table_id, version, state.history[version:], state, clock)])[0]
    assert outcome == version + 1, outcome
    return seat


def clocks_of(store: Store, table_id: str) -> dict[int, SeatClock]:
    return {s.seat: s.clock for s in store.get_table(table_id).seats if s.clock is not None}


@pytest.fixture
def clocked(store_url):
    fake = FakeClock()
    store = Store(store_url, clock=fake.now)
    yield store, fake
    store.close()


def test_the_store_keeps_each_person_s_clock_with_the_move(clocked):
    store, fake = clocked
    table_id = seated(store, "quartz", 3, TableClock("turn-based", 2 * DAY, DAY, "vote"))
    state, _ = store.load_state(table_id)
    first = state.to_act()[0]
    clocks = clocks_of(store, table_id)
    assert clocks[first].since == fake.now() and clocks[first].left == 2 * DAY
    assert all(c.since is None and c.left == 2 * DAY for seat, c in clocks.items() if seat != first)
    assert store.get_table(table_id).clock == TableClock("turn-based", 2 * DAY, DAY, "vote")
    fake.advance(hours=5)
    rng = Rng(1)
    moved = play(store, table_id, rng)
    state, _ = store.load_state(table_id)
    clocks = clocks_of(store, table_id)
    if moved in state.to_act():  # Quartz: the same person may go on drawing
        assert clocks[moved].left == 2 * DAY - 5 * HOUR and clocks[moved].since == fake.now()
    else:
        assert clocks[moved].left == 2 * DAY and clocks[moved].since is None  # 48 - 5 + 24, capped at 48


def test_a_deadline_passed_opens_a_vote_and_a_majority_skips_then_expels(clocked):
    store, fake = clocked
    table_id = seated(store, "quartz", 3, TableClock("turn-based", DAY, HOUR, "vote"))
    state, _ = store.load_state(table_id)
    late = state.to_act()[0]
    others = [seat for seat in range(3) if seat != late]
    fake.advance(hours=23)
    assert store.time_out_due() == []  # an hour is left
    fake.advance(hours=2)
    assert store.time_out_due() == [(table_id, late, "out_of_time")]
    assert store.time_out_due() == []  # once
    seat = store.get_table(table_id).seats[late]
    assert seat.away is None and seat.clock.out_of_time and seat.clock.left == 0
    [ballot] = store.ballots(table_id)
    assert ballot == {"target": late, "voters": others, "needed": 2, "skip": [], "expel": []}
    with pytest.raises(Exception) as refused:
        store.vote(table_id, late, late, "skip")
    assert refused.value.code == "bad_vote"  # nobody votes on themselves
    assert store.vote(table_id, others[0], late, "skip") is None  # one of two: no majority yet
    assert store.vote(table_id, others[1], late, "skip") == "skip"
    seat = store.get_table(table_id).seats[late]
    assert seat.away == "skipped" and not seat.clock.out_of_time and store.ballots(table_id) == []
    # the stand-in plays the skipped turn; once the table stops waiting for them the seat is theirs again
    rng = Rng(4)
    while store.get_table(table_id).seats[late].away == "skipped":
        play(store, table_id, rng)
    clock = clocks_of(store, table_id)[late]
    assert clock.left == HOUR  # 0 + the increment of the turn handed over
    # their next turn: out of time again, and this time expelled
    while late not in store.load_state(table_id)[0].to_act():
        play(store, table_id, rng)
    fake.advance(hours=2)
    assert store.time_out_due() == [(table_id, late, "out_of_time")]
    store.vote(table_id, others[0], late, "expel")
    assert store.vote(table_id, others[1], late, "expel") == "expel"
    assert store.get_table(table_id).seats[late].away == "expelled"
    assert not store.take_back(table_id, late)  # voted out is for good
    with pytest.raises(Exception) as refused:
        store.vote(table_id, others[0], late, "skip")
    assert refused.value.code == "no_vote"
    # the game goes on to its end (bots for the expelled, random moves for the rest): the expelled is last
    while store.get_table(table_id).status == "playing":
        play(store, table_id, rng)
    with store.engine.connect() as conn:
        rows = {r.seat: r for r in conn.execute(select(result_seats))}
    assert rows[late].expelled and not rows[late].won and rows[late].side == 1000 + late
    rate_pending(store.engine)
    with store.engine.connect() as conn:
        rows = {r.seat: r for r in conn.execute(select(result_seats))}
    drops = {seat: r.mu_after - r.mu_before for seat, r in rows.items()}
    assert drops[late] == min(drops.values()) and drops[late] < 0


def test_with_nobody_to_vote_and_on_the_bot_rule_a_bot_plays(clocked):
    store, fake = clocked
    lonely = seated(store, "quartz", 3, TableClock("turn-based", DAY, 0, "vote"), people=1)  # two bots
    live = seated(store, "quartz", 3, TableClock("live", 60, 60, "bot"))
    rng = Rng(2)
    while 0 not in store.load_state(lonely)[0].to_act():  # the bots play up to the person's turn
        play(store, lonely, rng)
    fake.advance(days=2)
    found = sorted(store.time_out_due())
    waited = store.load_state(live)[0].to_act()[0]
    assert sorted(found) == sorted([(lonely, 0, "timeout"), (live, waited, "timeout")])
    assert store.get_table(lonely).seats[0].away == "timeout"


def test_turn_based_tables_never_replace_a_person_for_a_closed_browser(clocked):
    store, fake = clocked
    turn_based = seated(store, "quartz", 3, TableClock("turn-based", 3 * DAY, DAY, "vote"))
    live = seated(store, "quartz", 3, TableClock("live"))
    fake.advance(hours=1)
    gone = store.replace_absent(fake.now())
    assert {table for table, _ in gone} == {live}
    assert all(s.away is None for s in store.get_table(turn_based).seats)


def test_two_sweeps_at_once_time_each_person_out_once(clocked):
    store, fake = clocked
    tables = [seated(store, "quartz", 3, TableClock("live", 30, 30, "bot")) for _ in range(6)]
    other = Store(store.url, clock=fake.now)
    fake.advance(minutes=1)
    found: list = []
    threads = [threading.Thread(target=lambda s=s: found.extend(s.time_out_due())) for s in (store, other, store)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    other.close()
    assert sorted(t for t, _, _ in found) == sorted(tables)  # one person per table, each once


def test_a_game_length_is_estimated_from_recorded_games(clocked):
    from cryptarena.server.turns_api import game_length
    store, fake = clocked
    assert game_length(store.engine, "quartz", 3, "live")["games"] == 0
    rng = Rng(9)
    for minutes, people in ((10, 1), (30, 2), (1, 0)):  # the last one bots alone: not a measure
        table_id = seated(store, "quartz", 3, TableClock("live"), people=people)
        fake.advance(minutes=minutes)
        while store.get_table(table_id).status == "playing":
            play(store, table_id, rng)
    found = game_length(store.engine, "quartz", 3, "live")
    assert found["games"] == 2 and found["median_seconds"] == 20 * 60 and found["median_moves"] > 0
    assert game_length(store.engine, "quartz", 3, "turn-based")["games"] == 0
    assert games.load("quartz").min_players <= 3


def test_your_move_is_queued_with_the_move_once_until_played_and_the_end_for_everyone(clocked):
    from cryptarena.server.outbox import enqueue
    from cryptarena.server.schema import outbox, player_settings
    store, fake = clocked
    with store.engine.begin() as conn:  # p0 and p1 have a confirmed address; p1 turned "turn" mails off
        from cryptarena.server.schema import players
        for pid in ("p0", "p1", "p2"):
            conn.execute(players.insert().values(id=pid, name=pid, created_at=fake.now()))
        conn.execute(player_settings.insert(), [
            {"player_id": "p0", "email": "p0@example.org", "webhook_url": None, "prefs": "{}", "updated_at": fake.now()},
            {"player_id": "p1", "email": "p1@example.org", "webhook_url": "http://127.0.0.1:9/hook",
             "prefs": '{"email": {"turn": false}}', "updated_at": fake.now()}])

    def queued():
        with store.engine.connect() as conn:
            return [(r.player_id, r.channel, r.kind) for r in conn.execute(select(outbox).order_by(outbox.c.id))]

    table_id = seated(store, "quartz", 3, TableClock("turn-based", 3 * DAY, DAY, "vote"))
    first = store.load_state(table_id)[0].to_act()[0]
    expected = {"p0": [("p0", "email", "turn")], "p1": [("p1", "webhook", "turn")], "p2": []}[f"p{first}"]
    assert queued() == expected  # the first person to move is told at the start
    with store.engine.connect() as conn:
        due = conn.execute(select(outbox.c.due_at)).scalars().all()
    assert all(d.replace(tzinfo=None) == (fake.now() + timedelta(seconds=30)).replace(tzinfo=None) for d in due)
    rng = Rng(3)
    told: dict[str, int] = {}
    owed = {first}  # told of their move and not played since: told nothing more at this table
    while store.get_table(table_id).status == "playing":
        state = store.load_state(table_id)[0]
        waiting_before = set(state.to_act())
        count_before = len(queued())
        seat = play(store, table_id, rng)
        state = store.load_state(table_id)[0]
        new_rows = queued()[count_before:]
        owed.discard(seat)
        newly = set(state.to_act()) - waiting_before - owed if not state.is_over() else set()
        owed |= newly
        turn_rows = [r for r in new_rows if r[2] == "turn"]
        # one "your move" per person the table starts waiting for, on the channels they have on
        assert sorted(turn_rows) == sorted(r for s in newly for r in {"p0": [("p0", "email", "turn")],
                                                                      "p1": [("p1", "webhook", "turn")],
                                                                      "p2": []}[f"p{s}"])
        for row in turn_rows:
            told[row[0]] = told.get(row[0], 0) + 1
        assert seat in range(3)
    ends = [r for r in queued() if r[2] == "end"]
    assert sorted(ends) == [("p0", "email", "end"), ("p1", "email", "end"), ("p1", "webhook", "end")]
    assert told  # the game had turns to tell of
    with store.engine.begin() as conn:  # an invite goes through the same rule: the channels that are on
        assert enqueue(conn, "p2", "invite", table_id, fake.now()) == 0
        assert enqueue(conn, "p1", "invite", table_id, fake.now()) == 2
