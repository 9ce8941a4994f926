"""script_chance: an outcome that cannot happen is refused and changes nothing (all or nothing
for a list); one that can is recorded in the history, and seed + history replays it."""

from __future__ import annotations

import pytest

from cryptarena.engine import Rng
from cryptarena.games import IllegalAction

from .play import canonical, config_id, configs, games_for, mean_steps, new_table, random_step

GAMES_PER_CONFIG = 3  # per config, scaled by SCALE and the game's player range and length (games_for)
SAMPLE_EVERY = 10
# Each accepted script replays the whole game so far, so a long game (Pharaoh at six) is sampled
# more thinly: about this many check points in a game of average length, at least every 10th step.
CHECKS_PER_GAME = 40
PLAY_ON = 12  # random actions after an accepted script
# No chance kind of any game has these outcomes (die faces, card / crystal ids are small
# non-negative numbers or short names).
IMPOSSIBLE = [None, -1, 10**12, 2.5, "no-such-outcome", [], {}, [1, 2, 3], {"a": 1, "b": 2}]
# Tried in order to find an outcome the game accepts now (a die face, a card id still in the bag).
CANDIDATES = list(range(0, 200))


def refuse_script(state, outcomes, where: str, before: str | None = None) -> None:
    """script_chance(outcomes) must raise IllegalAction. The state is compared with `before`
    (computed here if not given; callers batching several refusals compare once after)."""
    snap = canonical(state) if before is None else None
    try:
        state.script_chance(outcomes)
    except IllegalAction as exc:
        assert exc.reason.strip(), f"{where}: refusing {outcomes!r} gave no reason"
    else:
        raise AssertionError(f"{where}: the impossible outcomes {outcomes!r} were accepted")
    if snap is not None:
        assert canonical(state) == snap, f"{where}: refusing {outcomes!r} changed the state"


def possible_outcome(state, kind: str):
    """An outcome of `kind` the state accepts now: one it lists in chance_outcomes (which must then
    be accepted), else one found by trying other values on clones; None if none."""
    for value in state.chance_outcomes(kind):
        trial = state.clone()
        trial.script_chance([{kind: value}])  # a listed outcome must be accepted
        return value
    for value in CANDIDATES:
        trial = state.clone()
        try:
            trial.script_chance([{kind: value}])
        except IllegalAction:
            continue
        return value
    return None


def check_chance(table, state, rng: Rng) -> int:
    """All the refusals at one step; returns how many possible outcomes were then played."""
    game = table.game
    where = f"{table.label} step={len(state.history)}"
    before = canonical(state)
    refuse_script(state, [{"no_such_chance_kind": 1}], where, before)
    kinds = list(game.chance_kinds)
    for kind in kinds:
        for value in IMPOSSIBLE:
            refuse_script(state, [{kind: value}], f"{where} kind={kind}", before)
    if game.default_chance_kind:
        for value in IMPOSSIBLE:
            if not isinstance(value, (list, dict)):
                refuse_script(state, value, f"{where} bare", before)
    assert canonical(state) == before, f"{where}: refusing impossible outcomes changed the state"
    played = 0
    for kind in kinds:
        value = possible_outcome(state, kind)
        if value is None:
            continue
        # all or nothing: a possible outcome followed by an impossible one leaves no trace
        refuse_script(state, [{kind: value}, {kind: None}], f"{where} kind={kind} (list)", before)
        assert canonical(state) == before, f"{where}: a half-refused list of outcomes changed the state"
        trial = state.clone()
        trial.script_chance([{kind: value}])
        assert trial.history[-1] == {"script": [{kind: value}]}, f"{where}: the script is not in the history"
        for _ in range(PLAY_ON):  # play on; a refused action (outcome did not fit) must leave no trace
            if trial.is_over():
                break
            snap = canonical(trial)
            try:
                random_step(trial, rng)
            except IllegalAction:
                assert canonical(trial) == snap, f"{where}: a refused action left a trace"
        replayed = game.replay(trial.players, table.seed, table.options, trial.history)
        assert canonical(replayed) == canonical(trial), f"{where}: seed + history with a script does not replay"
        played += 1
    return played


@pytest.mark.parametrize("config", configs(), ids=config_id)
def test_scripted_chance_refuses_what_cannot_happen(config):
    played = 0
    every = max(SAMPLE_EVERY, round(mean_steps(config[0]) / CHECKS_PER_GAME))
    for index in range(games_for(config[0], GAMES_PER_CONFIG, per_step_checks=True)):
        table = new_table(*config, index, "chance")
        state, rng = table.state, table.rng
        while not state.is_over():
            if rng.below(every) == 0:
                played += check_chance(table, state, rng)
            random_step(state, rng)
        refuse_script(state, [{kind: None} for kind in table.game.chance_kinds] or [None], table.label)
    if table.game.chance_kinds:
        assert played, f"{config_id(config)}: no scripted outcome was ever accepted (CANDIDATES too narrow?)"
