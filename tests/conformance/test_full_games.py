"""Seeded random games played to the end with every contract check at every step.

Per step: exact JSON round trip, replay from seed + history, views / log_for / legal actions /
scores / winners well-formed, a batch of illegal actions of every kind refused with a reason and
no change. The game goes on at random either from a clone (the original must not move) or from
the copy restored from JSON text (its input dict must not move); since every step is compared
with the replay, anything a clone or a restored copy fails to carry shows up as a mismatch.
"""

from __future__ import annotations


import pytest

from .checks import (
    assert_plain_json,
    check_legal,
    check_log_for,
    check_log_marking,
    check_replay,
    check_roundtrip,
    check_scores,
    check_view,
    check_winners,
    refusal,
)
from .illegal import illegal_attempts
from .play import MAX_STEPS, actors, canonical, chunks, config_id, dump_sorted, new_table, snapshot

# Scale here: games per (game, player count) with the per-step checks (about 20 ms a step, most
# of it the JSON of the whole save, log included), in chunks that pytest-xdist spreads over workers.
FULL_GAMES_PER_CONFIG = 12
GAMES_PER_CHUNK = 4


# The log is checked from the entries new since the last step, and in full every this many steps
# and at the end (re-checking all of it at every step would make the suite quadratic).
FULL_LOG_CHECK_EVERY = 16
FULL_REPLAY_EVERY = 16


def _reads_and_refusals(game, state, rng, where, log_start):
    """Everything that must leave the state untouched; returns legal actions per seat."""
    check_log_marking(state, where, log_start)
    legal_by_seat = check_legal(game, state, where)
    for seat in [None, *range(state.players)]:
        check_view(state, seat, where)
        check_log_for(state, seat, where, log_start)
    check_scores(state, where)
    check_winners(state, where)
    for kind, seat, action in illegal_attempts(game, state, legal_by_seat, rng):
        refusal(state, seat, action, f"{where} [{kind}]")
    return legal_by_seat


def _check_same_table(state, other, where):
    """A copy equal in JSON must also be the same table to everyone who reads it: anything a
    game keeps outside its to_json() data shows up here."""
    for seat in [None, *range(state.players)]:
        assert other.view(seat) == state.view(seat), f"{where}: view({seat}) differs"
    for seat in range(state.players):
        assert other.legal_actions(seat) == state.legal_actions(seat), f"{where}: legal_actions({seat}) differ"
    assert other.scores() == state.scores() and other.winners() == state.winners(), f"{where}: scores differ"


def _find_culprit(game, snap, where):
    """The state changed under reads and refusals: redo them one by one on fresh copies."""
    fresh = game.from_json(snap)
    probes = [("view", lambda s, x: s.view(x)), ("log_for", lambda s, x: s.log_for(x)),
              ("legal_actions", lambda s, x: s.legal_actions(x))]
    for seat in range(fresh.players):
        for name, probe in probes:
            copy = game.from_json(snap)
            probe(copy, seat)
            if canonical(copy) != snap:
                return f"{where}: {name}({seat}) changed the state"
    return f"{where}: a refused action, a read or applying an action to a clone changed the state"


def play_checked_game(table) -> int:
    game, state, rng = table.game, table.state, table.rng
    # `shadow` is the replay kept up to date: a fresh table from the seed and options, fed each
    # new history entry. That is what game.replay does, without redoing the whole game at every
    # step; game.replay itself runs every FULL_REPLAY_EVERY steps and at the end.
    shadow = game.new_state(state.players, table.seed, table.options)
    checked_log = 0
    snap, data = snapshot(state)
    for step in range(MAX_STEPS + 1):
        where = f"{table.label} step={step}"
        restored = check_roundtrip(game, state, snap, where, data, direct=step % FULL_REPLAY_EVERY == 0)
        for entry in state.history[len(shadow.history):]:
            shadow.apply(entry["seat"], entry["action"])
        assert shadow.to_json() == data, f"{where}: replaying seed + history does not reproduce the state"
        if step % FULL_REPLAY_EVERY == 0:
            check_replay(game, state, table.seed, table.options, snap, where)
        if step % FULL_LOG_CHECK_EVERY == 0 or state.is_over():
            checked_log = 0
        legal_by_seat = _reads_and_refusals(game, state, rng, where, checked_log)
        checked_log = len(state.log)
        _check_same_table(state, restored, f"{where} (restored from JSON)")
        if state.is_over():
            assert canonical(state) == snap, _find_culprit(game, snap, where)
            _check_end(game, state, table, snap, where)
            return step
        seat = actors(state, rng)
        action = legal_by_seat[seat][rng.below(len(legal_by_seat[seat]))]
        if rng.below(2):
            # go on from a clone: the original must not move with it (checked below, together
            # with the reads and refusals above)
            successor = state.clone()
            successor.apply(seat, action)
        else:
            # go on from the copy restored from text: it must not share the dict it was built from
            successor = restored
            successor.apply(seat, action)
            assert dump_sorted(data) == snap, \
                f"{where}: the state restored by from_json shares data with its input"
        assert canonical(state) == snap, _find_culprit(game, snap, where)
        assert successor.history[-1] == {"seat": seat, "action": action}, f"{where}: history not appended"
        state = successor
        snap, data = snapshot(state)
    raise AssertionError(f"{table.label}: not over after {MAX_STEPS} actions")


def _check_end(game, state, table, snap, where):
    assert state.to_act() == [], where
    assert_plain_json(state.to_json(), f"{where} to_json()")
    assert canonical(game.from_json(snap)) == snap, f"{where}: from_json(text) differs"
    # the resolved options replay the same game as the options given at the table
    check_replay(game, state, table.seed, state.options, snap, f"{where} (resolved options)")


CHUNKS = chunks(FULL_GAMES_PER_CONFIG, GAMES_PER_CHUNK, per_step_checks=True)


@pytest.mark.parametrize(("config", "chunk", "indices"), CHUNKS, ids=[f"{config_id(c)}-{k}" for c, k, _ in CHUNKS])
def test_random_games_checked_at_every_step(config, chunk, indices, record_property):
    steps = 0
    for index in indices:
        steps += play_checked_game(new_table(*config, index, "full"))
    record_property("checked_games", len(indices))
    record_property("checked_steps", steps)
