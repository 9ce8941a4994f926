"""Hypothesis where it finds more than a loop: arbitrary action dicts, option dicts and scripted
chance outcomes. Each is either accepted or refused with the project's own error, cleanly —
never another exception, never a half-changed state."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cryptarena import games
from cryptarena.engine import Rng
from cryptarena.games import IllegalAction, OptionError

from .play import advance, canonical, configs, new_table, random_step

CONFIGS = configs()
FUZZ = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10, 60), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6))
values = st.one_of(scalars, st.lists(scalars, max_size=3), st.dictionaries(st.text(max_size=3), scalars, max_size=2))


@st.composite
def tables(draw):
    """A table somewhere in a seeded random game: mostly under way, sometimes at its end."""
    config = draw(st.sampled_from(CONFIGS))
    table = new_table(*config, draw(st.integers(0, 10**6)), "fuzz")
    advance(table.state, table.rng, draw(st.one_of(st.integers(0, 60), st.integers(0, 400))))
    return table


def moves(game, state):
    """(seat, action): garbage, made-up dicts with a documented or invented type, and legal
    actions as they are or with some fields replaced (those reach the game's own checks)."""
    pairs = [(seat, a) for seat in range(state.players) for a in state.legal_actions(seat)]
    fields = sorted({key for _, action in pairs for key in action if key != "type"} | {"id", "seat"})
    names = st.one_of(st.sampled_from(fields), st.text(max_size=6))
    types = st.one_of(st.sampled_from([*game.action_types, "", "no_such_type"]), values)
    made_up = st.builds(lambda kind, extra: {**extra, "type": kind}, types, st.dictionaries(names, values, max_size=3))
    seats = st.one_of(st.sampled_from(state.to_act() or [0]), st.integers(0, state.players - 1), values)
    options = [st.tuples(seats, st.one_of(values, made_up))]
    if pairs:
        legal = st.sampled_from(pairs)
        options.append(legal)
        options.append(st.builds(lambda pair, changes: (pair[0], {**pair[1], **changes}), legal,
                                 st.dictionaries(names, values, min_size=1, max_size=2)))
        options.append(st.builds(lambda pair, seat: (seat, pair[1]), legal, seats))
    return st.one_of(*options)


def _is_seat(state, seat) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players


@FUZZ
@given(data=st.data())
def test_any_action_is_applied_or_refused_cleanly(data):
    table = data.draw(tables())
    state = table.state
    for _ in range(3):
        seat, action = data.draw(moves(table.game, state), label="seat, action")
        legal = state.legal_actions(seat) if _is_seat(state, seat) else []
        before = canonical(state)
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            event("action refused")
            assert exc.reason.strip(), "an IllegalAction without a reason"
            assert canonical(state) == before, f"refusing {action!r} changed the state"
            assert action not in legal, f"a legal action {action!r} was refused: {exc.reason}"
        else:
            event("action applied")
            assert action in legal, f"seat {seat!r} was allowed {action!r}, which is not in legal_actions"
            # the history holds the canonical legal action, which replays to the same state
            replayed = table.game.replay(state.players, table.seed, table.options, state.history)
            assert canonical(replayed) == canonical(state)


def _valid(option: dict, value) -> bool:
    """Whether `value` fits one option of the published schema. Strict about types: an option
    value must survive JSON unchanged (True is not 1, 1.0 is not 1)."""
    if option["type"] == "enum":
        return any(type(value) is type(allowed) and value == allowed for allowed in option["allowed"])
    if option["type"] == "bool":
        return isinstance(value, bool)
    if option["type"] == "int":
        return (type(value) is int and option.get("minimum", value) <= value <= option.get("maximum", value))
    raise AssertionError(f"unknown option type {option['type']!r} in the schema")


@st.composite
def option_dicts(draw, schema):
    """Names from the schema or made up; values from the schema's own or anything."""
    names = st.one_of(st.sampled_from([o["name"] for o in schema] or ["none"]), st.text(max_size=8))
    good = [v for o in schema for v in [*o.get("allowed", ()), o.get("minimum"), o.get("maximum"),
                                       o["default"], True, False] if v is not None]
    return draw(st.dictionaries(names, st.one_of(st.sampled_from(good or [0]), values), max_size=4))


@FUZZ
@given(data=st.data())
def test_options_are_accepted_or_refused_with_option_error(data):
    game_id, _ = data.draw(st.sampled_from(CONFIGS))
    game = games.load(game_id)
    schema = {o["name"]: o for o in game.options_schema()}
    options = data.draw(option_dicts(list(schema.values())), label="options")
    players = data.draw(st.one_of(st.integers(game.min_players, game.max_players), st.integers(-3, 12), values),
                        label="players")
    seed = data.draw(st.one_of(st.integers(0, 2**64), values), label="seed")
    unknown = [name for name in options if name not in schema]
    options_ok = not unknown and all(_valid(schema[n], v) for n, v in options.items())
    players_ok = type(players) is int and game.min_players <= players <= game.max_players
    seed_ok = type(seed) is int

    if options_ok and players_ok and seed_ok:
        try:
            state = game.new_state(players=players, seed=seed, options=options)
        except OptionError as exc:
            # a value that does not fit the player count: the message must say which option
            assert any(name in exc.reason for name in options), f"{exc.reason!r} names none of {options}"
        else:
            assert state.to_act(), "a fresh table where nobody is to act"
            for name, value in options.items():
                assert state.options[name] == value
    else:
        with pytest.raises(OptionError) as info:
            game.new_state(players=players, seed=seed, options=options)
        assert info.value.reason.strip()
        if players_ok and seed_ok:
            for name in unknown:  # an unknown name is quoted in the message
                assert repr(name) in info.value.reason, f"{info.value.reason!r} does not name {name!r}"
    # the same options pinned on the rules object are checked the same way
    if options_ok:
        pinned = games.load(game_id, **options).check_options({})
        assert all(pinned[name] == value for name, value in options.items())
    else:
        with pytest.raises(OptionError):
            games.load(game_id, **options)


@st.composite
def outcomes(draw, kinds):
    """Plausible outcomes (small numbers, bare or of a known kind) as often as garbage."""
    small = st.integers(0, 60)
    plausible = st.one_of(small, st.builds(lambda kind, value: {kind: value}, st.sampled_from(kinds), small))
    any_kind = st.one_of(st.sampled_from(kinds), st.text(max_size=5))
    one = st.one_of(plausible, plausible, values, st.dictionaries(any_kind, values, min_size=1, max_size=2),
                    st.tuples(st.sampled_from(kinds), values).map(list))
    return draw(st.one_of(one, st.lists(one, max_size=3)))


@FUZZ
@given(data=st.data())
def test_scripted_chance_is_accepted_or_refused_cleanly(data):
    table = data.draw(tables())
    game, state = table.game, table.state
    script = data.draw(outcomes(list(game.chance_kinds) or ["none"]), label="outcomes")
    before = canonical(state)
    try:
        state.script_chance(script)
    except IllegalAction as exc:
        event("outcomes refused")
        assert exc.reason.strip()
        assert canonical(state) == before, f"refusing the outcomes {script!r} changed the state"
        return
    event("outcomes accepted")
    assert "script" in state.history[-1], "accepted outcomes are not in the history"
    # play on: an action whose chance events do not fit the script is refused without a trace
    rng = Rng(len(state.history))
    for _ in range(60):
        if state.is_over():
            break
        snap = canonical(state)
        try:
            random_step(state, rng)
        except IllegalAction:
            assert canonical(state) == snap, "an action refused for a misfit scripted outcome left a trace"
    replayed = game.replay(state.players, table.seed, table.options, state.history)
    assert canonical(replayed) == canonical(state), "seed + history (with the script) does not replay"
    json.dumps(state.to_json(), allow_nan=False)
