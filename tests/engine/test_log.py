"""Log redaction: the one generic function every game's secrets go through."""

from __future__ import annotations

from cryptarena.engine.log import entry_for, keep_for

ENTRY = {"seq": 4, "seat": 1, "msg": "x.draw", "params": {"seat": 1}, "chance": {"kind": "card"},
         "secret": {"to": [1, 2], "params": {"card": 17}, "chance": {"value": 17},
                    "action": {"type": "take", "slot": 3}}}
PUBLIC = {"seq": 5, "seat": None, "msg": "x.roll", "params": {"face": 3}}


def test_a_reader_of_the_secret_gets_it_merged_in():
    shown = entry_for(ENTRY, 2)
    assert shown == {"seq": 4, "seat": 1, "msg": "x.draw", "params": {"seat": 1, "card": 17},
                     "chance": {"kind": "card", "value": 17}, "action": {"type": "take", "slot": 3}}


def test_anyone_else_gets_the_public_part_marked_redacted():
    for seat in (0, 3, None):
        assert entry_for(ENTRY, seat) == {"seq": 4, "seat": 1, "msg": "x.draw", "params": {"seat": 1},
                                          "chance": {"kind": "card"}, "redacted": True}


def test_public_entries_pass_unchanged_and_nothing_is_mutated():
    assert entry_for(PUBLIC, None) == PUBLIC and keep_for(PUBLIC, 0) == PUBLIC
    entry_for(ENTRY, 1)
    keep_for(ENTRY, 0)
    assert ENTRY["params"] == {"seat": 1} and "secret" in ENTRY


def test_keep_for_keeps_the_marking_for_a_reader_and_drops_the_secret_for_others():
    assert keep_for(ENTRY, 1) == ENTRY  # a determinised copy for seat 1 may still redact for others
    kept = keep_for(ENTRY, 0)
    assert "secret" not in kept and kept["redacted"] is True
    assert entry_for(kept, 0) == entry_for(ENTRY, 0)  # the copy reads the same to that seat
    assert keep_for(ENTRY, None) == entry_for(ENTRY, None)


def test_an_empty_audience_hides_from_everyone():
    hidden = {**ENTRY, "secret": {"to": [], "params": {"card": 2}}}
    assert all(entry_for(hidden, s).get("redacted") for s in (0, 1, 2, None))
