"""Secrets: nothing a seat reads may depend on what it cannot know.

A secret is whatever `state.determinize(seat, rng)` may re-draw. So for a seat s and a
determinised copy d = state.determinize(s, Rng(k)), everything s reads must be the same on d as
on the real state: view(s), log_for(s), legal_actions(s) and the reason given for every illegal
action s tries. If any of them depended on a hidden part, a re-draw would show it. In a team
game (Game.seat_teams) a team shares what it knows: what s's team-mates read must not change on
d either, and no secret is addressed to both teams. The log's own
marking ({"secret": {"to": [seats]}}) is checked alongside, and the copy must not carry the real
RNG, the seed or the history (each would let a bot rebuild the hidden parts).
See docs/engine.md, "Secrets".
"""

from __future__ import annotations

import json

import pytest

from cryptarena.engine import Rng

from .checks import check_log_marking, check_view, may_read, refusal, team_mates
from .illegal import attempts_for_seat
from .play import canonical, chunks, config_id, new_table, play_out, random_step

# Scale here: games per (game, player count); in each, about one step in SAMPLE_EVERY is examined
# (and the last one), for every seat and the spectator.
SECRET_GAMES_PER_CONFIG = 12
GAMES_PER_CHUNK = 6
SAMPLE_EVERY = 6


def check_determinized(table, state, seat, k: int, rng: Rng, deep: bool) -> object:
    """Compare the state with one determinised copy for `seat`; return the copy. `deep` adds the
    costlier checks: the copy round-trips through JSON and plays on to the end."""
    game = table.game
    where = f"{table.label} determinize step={len(state.history)} seat={seat} k={k}"
    twin = state.determinize(seat, Rng(k))

    assert twin.seed is None, f"{where}: the determinised copy keeps the seed"
    assert twin.history == [], f"{where}: the determinised copy keeps the history"
    assert twin.rng.position != state.rng.position, f"{where}: the determinised copy has the real RNG"
    assert _draws(twin.clone()) != _draws(state.clone()), f"{where}: the copy's RNG predicts the real rolls"

    view = check_view(twin, seat, f"{where} (copy)")
    assert json.dumps(view, sort_keys=True) == json.dumps(state.view(seat), sort_keys=True), \
        f"{where}: view({seat}) differs on a determinised copy"
    assert twin.log_for(seat) == state.log_for(seat), f"{where}: log_for({seat}) differs on a determinised copy"
    for index, entry in enumerate(twin.log):
        assert may_read(entry, seat), f"{where}: the copy's full log keeps secret entry {index} from another seat"

    # teams (Game.seat_teams) share what they know: a team-mate reads nothing this seat may not
    # know either, so its reads do not change on this seat's copy (one mate per copy, picked at
    # random: the cost stays that of the seat itself)
    mates = team_mates(state, seat)
    if mates:
        mate = mates[rng.below(len(mates))]
        assert twin.view(mate) == state.view(mate), \
            f"{where}: view({mate}) of a team-mate differs on a determinised copy for seat {seat}"
        assert twin.log_for(mate) == state.log_for(mate), \
            f"{where}: log_for({mate}) of a team-mate differs on a determinised copy for seat {seat}"
        assert twin.legal_actions(mate) == state.legal_actions(mate), \
            f"{where}: legal_actions({mate}) of a team-mate differ on a determinised copy for seat {seat}"

    if seat is not None:
        legal = state.legal_actions(seat)
        assert twin.legal_actions(seat) == legal, f"{where}: legal_actions({seat}) differ on a determinised copy"
        for action in attempts_for_seat(game, state, seat, legal, rng):
            real = refusal(state, seat, action, where)
            imagined = refusal(twin, seat, action, f"{where} (copy)")
            assert real == imagined, (f"{where}: refusing {action!r} says {real!r} on the real state but "
                                      f"{imagined!r} on a determinised copy: the reason reveals a secret")

    if deep:  # the copy is a full state: it round-trips and plays on (what ISMCTS does with it)
        copy_snap = canonical(twin)
        assert canonical(game.from_json(json.loads(copy_snap))) == copy_snap, f"{where}: the copy does not round-trip"
        play_out(twin.clone(), Rng(k))
    return twin


def _draws(state) -> list[int]:
    return [state.rng.below(1000) for _ in range(20)]


def check_sample(table, state, rng: Rng, redrawn: bool) -> tuple[bool, bool]:
    """Every seat and the spectator at one step; returns (some seat is kept from a secret,
    some copy re-drew hidden data)."""
    before = canonical(state)
    check_log_marking(state, table.label)
    seats = [None, *range(state.players)]
    deep_seat = seats[rng.below(len(seats))]
    hidden = False
    for seat in seats:
        twin = check_determinized(table, state, seat, rng.below(2**32), rng, deep=seat == deep_seat)
        hidden |= any(not may_read(entry, seat) for entry in state.log)
        if not redrawn:
            redrawn = twin.to_json()["data"] != state.to_json()["data"]
    assert canonical(state) == before, f"{table.label}: determinize or a refused action changed the real state"
    return hidden, redrawn


CHUNKS = chunks(SECRET_GAMES_PER_CONFIG, GAMES_PER_CHUNK, per_step_checks=True)


@pytest.mark.parametrize(("config", "chunk", "indices"), CHUNKS, ids=[f"{config_id(c)}-{k}" for c, k, _ in CHUNKS])
def test_determinized_copies_agree_with_what_each_seat_knows(config, chunk, indices, record_property):
    samples = 0
    redrawn = hidden = False
    for index in indices:
        table = new_table(*config, index, "secrets")
        state, rng = table.state, table.rng
        while True:
            if state.is_over() or rng.below(SAMPLE_EVERY) == 0:
                kept_from, redrawn = check_sample(table, state, rng, redrawn)
                hidden |= kept_from
                samples += state.players + 1
            if state.is_over():
                break
            random_step(state, rng)
    if hidden:
        # the log says some seat was kept from a secret: then re-drawing must change something
        assert redrawn, f"{config_id(config)}: the log marks secrets but determinize never re-drew anything"
    record_property("secret_samples", samples)
