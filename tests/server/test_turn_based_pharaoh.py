"""What a turn-based table is for, end to end: three people with accounts and confirmed addresses play
Crypt: The Pharaoh's Curse over days of (injected) time, each dropping by to play their turn and
closing the tab; each is told by e-mail (a real SMTP server) when it is their move — once per turn,
with the table's link — nobody is ever replaced by a bot for being away, and the lobby's "your move"
list always names exactly the people the table waits for."""

from __future__ import annotations

import random

from fake_clock import FakeClock, sweep_now
from notify_helpers import SmtpSink, arena, confirm_address, drain, links, local, person, play_turn

NAMES = ("Ada", "Bob", "Cyd")
HOUR = 3600


def test_three_people_play_a_turn_based_pharaoh_table_over_days_told_by_mail(tmp_path):
    clock = FakeClock()
    rng = random.Random(4)
    with SmtpSink() as sink, arena(f"sqlite:///{tmp_path / 'arena.db'}", clock, sink.url) as (app, base_url):
        people = [person(base_url, name) for name in NAMES]
        addresses = [f"{name.lower()}@example.org" for name in NAMES]
        for client, address in zip(people, addresses):
            confirm_address(client, app, sink, address)
        made = people[0].post("/api/tables", json={"game": "pharaoh", "players": 3, "seed": 12, "pace": "turn-based"})
        assert made.status_code == 201, made.text
        table = made.json()["table"]
        assert table["clock"] == {"reserve": 3 * 86400, "increment": 86400, "on_timeout": "vote"}
        tokens = [client.post(f"/api/tables/{table['id']}/seats/{seat}", json={"kind": "human"}).json()["token"]
                  for seat, client in enumerate(people)]
        assert people[0].post(f"/api/tables/{table['id']}/start").status_code == 200
        start = clock.now()
        turns, mailed = 0, set()
        while (clock.now() - start).days < 6 or turns < 24:
            clock.advance(seconds=31)  # past the notice's delay: time for someone still at the table to be seen
            drain(app)
            waiting = {seat for seat, client in enumerate(people)
                       if client.get("/api/me/turns").json()["count"] == 1}
            record = people[0].get(f"/api/tables/{table['id']}").json()
            assert record["status"] == "playing" and all(s["away"] is None for s in record["seats"])
            assert waiting, "the table waits for nobody"
            for seat in range(3):
                got = sink.take(to=addresses[seat])
                if seat in waiting and seat not in mailed:
                    [mail] = got  # told once that it is their move
                    assert mail["Subject"].startswith("Your move at Crypt: The Pharaoh") and mail["To"] == addresses[seat]
                    assert any(local(link) == f"/table/{table['id']}" for link in links(mail)), links(mail)
                    assert "/unsubscribe/" in mail["List-Unsubscribe"]
                    mailed.add(seat)
                else:
                    assert got == [], (seat, [m["Subject"] for m in got])  # no flood: nothing until they play
            seat = min(waiting)
            clock.advance(seconds=rng.randrange(HOUR, 10 * HOUR))  # they come back hours later
            sweep_now(app)
            state = play_turn(people[seat], app, table["id"], tokens[seat], seat, rng)
            mailed.discard(seat)
            turns += 1
            if state["over"]:
                break
        assert (clock.now() - start).days >= 6 and turns >= 24
        assert all(s["away"] is None for s in people[0].get(f"/api/tables/{table['id']}").json()["seats"])
