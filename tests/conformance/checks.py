"""Assertions of the engine contract, shared by the conformance tests.

Each check reads a state through the public contract only and fails with a message that names
the game, the seed and the step, so a failure can be replayed by hand.
"""

from __future__ import annotations

import math
import re

import orjson
import pytest

from cryptarena.engine import Action
from cryptarena.games import IllegalAction

from .play import canonical, dump_sorted

# A view must not look like it carries the RNG. "position" is only forbidden at the top level,
# where a dumped RNG would sit: board games legitimately talk about piece positions. The
# value check (`assert_no_rng_digits`) covers every depth.
_FORBIDDEN_KEY = re.compile(r"rng|seed|random_state", re.IGNORECASE)
_FORBIDDEN_TOP_KEY = re.compile(r"^(position|rng_position|state_position)$", re.IGNORECASE)
_SECRET_KEY = re.compile(r"^secret$")


def _walk_plain_json(value, where: str, path: str = "$", forbidden_key=None) -> None:
    """The slow, precise form of assert_plain_json: names the path of the first offence."""
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, float):
        assert math.isfinite(value), f"{where}: non-finite number at {path}"
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            _walk_plain_json(item, where, f"{path}[{i}]", forbidden_key)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{where}: non-string key {key!r} at {path} (not plain JSON)"
            assert forbidden_key is None or not forbidden_key.search(key), \
                f"{where}: key {key!r} at {path} is not allowed here"
            _walk_plain_json(item, where, f"{path}.{key}", forbidden_key)
        return
    raise AssertionError(f"{where}: {type(value).__name__} at {path} is not plain JSON: {value!r}")


def assert_plain_json(value, where: str, forbidden_key=None) -> str:
    """Only dict (string keys) / list / str / int / finite float / bool / None: what survives a
    trip through JSON unchanged (a tuple or an int key would come back different over the wire).
    `forbidden_key`, a compiled pattern, is checked against every key. Returns the JSON text.
    The round trip itself is the fast check; the walk runs only to explain a failure."""
    try:
        text = orjson.dumps(value).decode()
        exact = orjson.loads(text) == value
    except (TypeError, ValueError):
        text, exact = "", False
    suspicious = forbidden_key is not None and re.search(
        r'"[^"]*(?:' + forbidden_key.pattern.strip("^$") + r')[^"]*"\s*:', text, forbidden_key.flags)
    if not exact or suspicious:
        _walk_plain_json(value, where, "$", forbidden_key)
        assert exact, f"{where}: does not survive a JSON round trip unchanged"
    return text


def assert_no_rng_digits(text: str, state, where: str) -> None:
    """The seed and the RNG position (64-bit numbers in the conformance tables) predict every
    future roll: neither may appear in anything a player reads."""
    for name, number in (("seed", state.seed), ("RNG position", state.rng.position)):
        if number is not None and number > 10**6:
            assert str(number) not in text, f"{where} contains the {name} {number}"


def check_view(state, seat, where: str) -> dict:
    view = state.view(seat)
    assert isinstance(view, dict), f"{where}: view({seat}) is not a dict"
    text = assert_plain_json(view, f"{where} view({seat})", forbidden_key=_FORBIDDEN_KEY)
    for key in view:
        assert not _FORBIDDEN_TOP_KEY.match(key), f"{where}: view({seat}) has top-level key {key!r}"
    assert_no_rng_digits(text, state, f"{where} view({seat})")
    assert view["phase"] == state.phase and view["to_act"] == state.to_act(), where
    return view


def seat_teams(state) -> list | None:
    """The team of each seat (Game.seat_teams), or None in a game without teams."""
    return state.game.seat_teams(state.players, state.options)


def team_mates(state, seat) -> list[int]:
    """The other seats of `seat`'s team: they know what it knows ([] without teams)."""
    teams = seat_teams(state)
    if teams is None or seat is None:
        return []
    return [s for s in range(state.players) if s != seat and teams[s] == teams[seat]]


def check_log_marking(state, where: str, start: int = 0, determinized: bool = False) -> None:
    """The full log's shape, and its secrets marked as {"secret": {"to": [seats], ...}}, from
    entry `start` on (the per-step checks look at the new entries, a full pass now and then).
    In a team game a secret is addressed within one team: a secret both teams read would be one
    team's secret shown to the other."""
    teams = seat_teams(state)
    for index, entry in enumerate(state.log[start:], start):
        assert isinstance(entry, dict) and entry.get("seq") == index, f"{where}: log[{index}] seq"
        assert isinstance(entry.get("msg"), str) and entry["msg"], f"{where}: log[{index}] msg"
        assert isinstance(entry.get("params"), dict), f"{where}: log[{index}] params"
        if not determinized:  # a determinised copy's log is already redacted for its seat
            assert "redacted" not in entry, f"{where}: log[{index}] is marked redacted in the full log"
        if "secret" in entry:
            secret = entry["secret"]
            assert isinstance(secret, dict) and isinstance(secret.get("to"), list), \
                f"{where}: log[{index}] secret must be {{'to': [seats], ...}}, got {secret!r}"
            for seat in secret["to"]:
                assert isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players, \
                    f"{where}: log[{index}] secret['to'] holds {seat!r}, not a seat"
            if teams is not None:
                assert len({teams[seat] for seat in secret["to"]}) <= 1, \
                    f"{where}: log[{index}] secret is addressed across teams: {secret['to']!r}"
    assert_no_rng_digits(orjson.dumps(state.log[start:]).decode(), state, f"{where} full log")


def may_read(entry: dict, seat) -> bool:
    return "secret" not in entry or (seat is not None and seat in entry["secret"]["to"])


def check_log_for(state, seat, where: str, start: int = 0) -> list:
    """What `seat` reads of the log, from entry `start` on: plain JSON, no "secret" anywhere,
    "redacted": True exactly on the entries whose secret it may not read."""
    shown = state.log_for(seat)
    assert len(shown) == len(state.log), f"{where}: log_for({seat}) has a different length"
    shown = shown[start:]
    text = assert_plain_json(shown, f"{where} log_for({seat})", forbidden_key=_SECRET_KEY)
    for entry, seen in zip(state.log[start:], shown, strict=True):
        redacted = not may_read(entry, seat)
        assert seen.get("redacted", False) is redacted, \
            f"{where}: log_for({seat}) entry {entry['seq']} should{'' if redacted else ' not'} be redacted"
    assert_no_rng_digits(text, state, f"{where} log_for({seat})")
    return shown


def check_legal(game, state, where: str) -> dict[int, list[dict]]:
    """legal_actions for every seat: plain JSON dicts with a documented "type", no duplicates;
    non-empty for every seat in to_act(); all empty once the game is over."""
    acting = state.to_act()
    assert isinstance(acting, list) and len(set(acting)) == len(acting), f"{where}: to_act() {acting!r}"
    assert all(isinstance(s, int) and 0 <= s < state.players for s in acting), f"{where}: to_act() {acting!r}"
    assert state.is_over() == (acting == []), f"{where}: is_over() {state.is_over()} but to_act() {acting}"
    assert state.phase in game.phases, f"{where}: phase {state.phase!r} is not documented in game.phases"
    legal_by_seat = {}
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        assert isinstance(legal, list), f"{where}: legal_actions({seat}) is not a list"
        assert_plain_json(legal, f"{where} legal_actions({seat})")
        for action in legal:
            assert isinstance(action, dict) and isinstance(action.get("type"), str), \
                f"{where}: legal action {action!r} has no string type"
            assert action["type"] in game.action_types, \
                f"{where}: action type {action['type']!r} is not documented in game.action_types"
        texts = [dump_sorted(a) for a in legal]
        assert len(set(texts)) == len(texts), f"{where}: legal_actions({seat}) has duplicates"
        # the caller owns the list it got: scribbling on it must not reach the state. A game with
        # frozen_actions hands out read-only Actions, which refuse the scribble; any other game's
        # actions are the caller's copies.
        for action in legal:
            if state.frozen_actions:
                assert type(action) is Action, f"{where}: {action!r} is not a read-only Action"
                with pytest.raises(TypeError):
                    action["scribble"] = 1
            else:
                action["scribble"] = 1
        legal.append({"type": "scribble"})
        again = state.legal_actions(seat)
        assert [dump_sorted(a) for a in again] == texts, \
            f"{where}: legal_actions({seat}) changed after its caller modified the list it got"
        legal = again
        if seat in acting:
            assert legal, f"{where}: seat {seat} is to act but has no legal action"
        if state.is_over():
            assert legal == [], f"{where}: the game is over but seat {seat} has legal actions"
        legal_by_seat[seat] = legal
    return legal_by_seat


def check_scores(state, where: str, plain: bool = True) -> None:
    """One {"total", "breakdown"} per seat, the breakdown adding up to the total (and, if
    `plain`, nothing but plain JSON)."""
    scores = state.scores()
    assert isinstance(scores, list) and len(scores) == state.players, f"{where}: scores() {scores!r}"
    if plain:
        assert_plain_json(scores, f"{where} scores()")
    for seat, score in enumerate(scores):
        breakdown = score["breakdown"]
        assert isinstance(breakdown, dict), f"{where}: seat {seat} breakdown"
        assert sum(breakdown.values()) == score["total"], \
            f"{where}: seat {seat} breakdown {breakdown} does not add up to {score['total']}"


def check_winners(state, where: str) -> None:
    winners = state.winners()
    assert isinstance(winners, list) and len(set(winners)) == len(winners), f"{where}: winners() {winners!r}"
    for seat in winners:
        assert isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players, \
            f"{where}: winners() holds {seat!r}, not a seat"


def refusal(state, seat, action, where: str) -> str:
    """Apply an action that must be illegal; return the reason. The caller checks the state."""
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        assert isinstance(exc.reason, str) and exc.reason.strip(), f"{where}: empty reason for {action!r}"
        assert str(exc) == exc.reason, f"{where}: str(error) differs from its reason"
        assert_no_rng_digits(exc.reason, state, f"{where} error message")
        return exc.reason
    raise AssertionError(f"{where}: seat {seat!r} was allowed the illegal action {action!r}")


def check_roundtrip(game, state, snap: str, where: str, data: dict | None = None, direct: bool = True):
    """game.from_json(...).to_json() == state.to_json(), from the dict read back from the JSON
    text `snap` (and, if `direct`, from to_json() itself). Returns the copy restored from text."""
    data = orjson.loads(snap) if data is None else data
    through_text = game.from_json(data)
    assert through_text.to_json() == data, f"{where}: from_json(json.loads(text)).to_json() differs"
    if direct:
        restored = game.from_json(state.to_json())
        assert canonical(restored) == snap, f"{where}: from_json(to_json()) differs from the state"
    return through_text


def check_replay(game, state, seed, options, snap: str, where: str) -> None:
    replayed = game.replay(state.players, seed, options, state.history)
    assert canonical(replayed) == snap, f"{where}: replaying seed + history does not reproduce the state"
