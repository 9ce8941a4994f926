"""Fuzzed input over a real server: malformed, oversized, out-of-turn, wrong-token and replayed
messages on real WebSockets, and invalid HTTP requests (schemathesis's negative mode against
/openapi.json, plus hand-made garbage). Every message must get a documented error — the code lists
are read from docs/protocol.md, so a code the page does not name fails — the database must be byte
for byte what it was, and the server must keep serving (a legitimate move still plays).

The number of messages scales with CRYPTARENA_FUZZ_SCALE (default 1: about 10^5 in all)."""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import re
import sqlite3
import string
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cryptarena import games
from cryptarena.ai.agents import agent_names
from cryptarena.server.app import create_app
from cryptarena.server.protocol import MAX_MESSAGE_BYTES
from live_server import serving

SCALE = float(os.environ.get("CRYPTARENA_FUZZ_SCALE", "1"))
PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
WS_BATCH = 50  # draws per hypothesis example; each is sent as 1 to 32 messages (`socket_cases`)
WS_EXAMPLES = 95
WS_MESSAGES = 92_000  # at least, in all (about 100 000 are sent at scale 1)
TRUNCATIONS = 6
HTTP_SCHEMA_EXAMPLES = 400  # schemathesis cases (one request each)
HTTP_RAW_EXAMPLES = 150
HTTP_BATCH = 20  # hand-made requests per example
FUZZ_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None)


# ------------------------------------------------------------------------ the documented codes
def _section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


def documented_socket_codes() -> set[str]:
    """Every code named in the first column of the socket's error table."""
    table = _section(PROTOCOL_DOC.read_text(), "### Error codes (socket)", "\n\n### ")
    codes = set()
    for row in table.splitlines()[3:]:
        codes |= set(re.findall(r"`([a-z_]+)`", row.split("|")[1]))
    return codes


def documented_http_codes() -> dict[str, int]:
    """code -> HTTP status, from the "Errors are ..." paragraph (`400 (... `code` ...)`) and from the
    `400 code` mentions of the HTTP table."""
    http = _section(PROTOCOL_DOC.read_text(), "## HTTP", "## WebSocket")
    paragraph = _section(http, "Errors are", "\n\n")
    codes = {}
    for status, inside in re.findall(r"(\d{3})\s+\(([^)]*)\)", paragraph):
        codes.update({code: int(status) for code in re.findall(r"`([a-z_]+)`", inside)})
    codes.update({code: int(status) for status, code in re.findall(r"`(\d{3}) ([a-z_]+)`", http)})
    return codes


SOCKET_CODES = documented_socket_codes()
HTTP_CODES = documented_http_codes()
ENGINE_CODES = {"illegal_action", "not_your_turn", "wrong_action_type", "malformed_action", "game_over"}


def test_the_code_lists_are_read_from_the_page():
    # the parsers must find the codes the fuzz relies on, or every later check would be vacuous
    assert {"malformed", "too_large", "unknown_type", "hello_first", "bad_token", "spectator", "not_started",
            "version_conflict", "rate_limited", "no_teams", "team_chat_spectator"} | ENGINE_CODES <= SOCKET_CODES
    assert HTTP_CODES["malformed"] == 422 and HTTP_CODES["unknown_table"] == 404
    assert HTTP_CODES["no_session"] == 401 and HTTP_CODES["bad_players"] == 400


# ------------------------------------------------------------------------ the arena
# A seat's presence heartbeat (its socket was seen open): bookkeeping of connections, not of the game.
PRESENCE_COLUMNS = {"seen_at"}


def database_dump(db_path: Path) -> list[str]:
    """Every row of every table of the database but the presence heartbeat: "no stored state
    changes" to the byte."""
    connection = sqlite3.connect(db_path)
    try:
        rows = []
        for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
            cursor = connection.execute(f'SELECT * FROM "{name}" ORDER BY rowid')
            kept = [i for i, column in enumerate(cursor.description) if column[0] not in PRESENCE_COLUMNS]
            rows += [f"{name} {[row[i] for i in kept]!r}" for row in cursor]
        return rows
    finally:
        connection.close()


@dataclass
class Arena:
    base_url: str
    db_path: Path
    playing: dict   # a crypt table for two, both seats people, started
    tokens: list[str]
    waiting: dict   # a crypt table for two with one person seated, not started
    waiting_token: str
    other_tokens: list[str]  # seats of another started table: wrong tokens at `playing`
    cookie: str

    def ws_url(self, table_id: str) -> str:
        return self.base_url.replace("http://", "ws://") + f"/ws/tables/{table_id}"


# every name a Crypt seat accepts as its bot (the levels, the generic agents, Crypt's own bots)
CRYPT_AGENTS = frozenset(agent_names(games.load("crypt")))


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    db_path = tmp_path_factory.mktemp("fuzz") / "arena.db"
    # a budget no fuzz batch reaches: these tests exercise validation, test_ratelimit.py the limiter;
    # and a grace no run of this module reaches: the seated people never open a socket, and a bot
    # standing in for them (the leaver rule, tested elsewhere) would change the tables under the fuzz
    app = create_app(f"sqlite:///{db_path}", bot_delay=0, secret_key="test-secret",
                     socket_rate=1e6, socket_burst=10**6, grace=24 * 3600)
    with serving(app) as base_url, httpx.Client(base_url=base_url, timeout=20) as http:
        assert http.post("/api/session", json={"name": "Fuzzer"}).status_code == 200

        def table(seated: int, start: bool, seed: int):
            created = http.post("/api/tables", json={"game": "crypt", "players": 2, "seed": seed}).json()["table"]
            tokens = [http.post(f"/api/tables/{created['id']}/seats/{s}", json={"kind": "human"}).json()["token"]
                      for s in range(seated)]
            if start:
                assert http.post(f"/api/tables/{created['id']}/start").status_code == 200
            return http.get(f"/api/tables/{created['id']}").json(), tokens

        playing, tokens = table(2, True, seed=11)
        waiting, (waiting_token,) = table(1, False, seed=12)
        _, other_tokens = table(2, True, seed=13)
        cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        yield Arena(base_url, db_path, playing, tokens, waiting, waiting_token, other_tokens + [waiting_token],
                    cookie)


def hello_state(ws, token: str | None) -> dict:
    ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "state":
            return message


# ------------------------------------------------------------------------ socket message strategies
@dataclass(frozen=True)
class Case:
    channel: str   # which connection sends it (CHANNELS)
    frame: str | bytes
    codes: frozenset  # the error codes it may be answered with
    reply: str = "error"  # "error", "state+error" (a bad token) or "error+state" (a stale version)


# prehello: connected, no hello yet; spectator: hello without a token; to_act / waiting_turn: the
# two seats of the playing table (seat 0 is to act); not_started: the seat at the table not started
CHANNELS = ("prehello", "spectator", "to_act", "waiting_turn", "not_started")
CLIENT_FIELDS = {"hello": {"token", "lang"}, "act": {"action", "version"}, "sync": set(), "chat": {"text", "team"}}
KNOWN_TYPES = tuple(CLIENT_FIELDS)  # a tuple: a fuzzed "type" may be a list or an object (unhashable)

json_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                | st.text(max_size=20))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=6)
non_objects = json_values.filter(lambda v: not isinstance(v, dict))
not_a_number = st.lists(json_scalars, max_size=2) | st.dictionaries(st.text(max_size=4), json_scalars, max_size=2) \
    | st.none() | st.text(max_size=10).map(lambda s: s + "x")  # "x": no int coercion of "12"
bad_version = not_a_number | st.integers(max_value=-1) \
    | st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: f != int(f))
extra_keys = st.text(min_size=1, max_size=10)
languages = st.sampled_from(["en", "fr", "zh"])


def parse_error(raw: str | bytes) -> str | None:
    """The documented answer to a frame that is not a well-formed message of a known type
    (docs/protocol.md: too_large, malformed, unknown_type), or None when it is one."""
    if len(raw) > MAX_MESSAGE_BYTES:
        return "too_large"
    try:
        data = json.loads(raw)
    except ValueError:
        return "malformed"
    if not isinstance(data, dict):
        return "malformed"
    if data.get("type") not in KNOWN_TYPES:
        return "unknown_type"
    return None


@st.composite
def badly_formed_messages(draw):
    """A known type with a defect its schema refuses: an extra field, a field of the wrong type or
    out of range, a required field missing."""
    kind = draw(st.sampled_from(sorted(CLIENT_FIELDS)))
    message = {"type": kind}
    defects = ["extra"]
    if kind == "hello":
        message |= {"token": draw(st.text(max_size=50)), "lang": draw(languages)}
        defects += ["token", "long_token", "lang"]
    elif kind == "act":
        message |= {"action": draw(st.dictionaries(st.text(max_size=8), json_values, max_size=3)),
                    "version": draw(st.integers(0, 5))}
        defects += ["action", "version", "no_action", "no_version"]
    elif kind == "chat":
        message |= {"text": draw(st.text(min_size=1, max_size=30)), "team": draw(st.booleans())}
        defects += ["text", "long_text", "team", "no_text"]
    defect = draw(st.sampled_from(defects))
    if defect == "extra":
        message[draw(extra_keys.filter(lambda k: k not in CLIENT_FIELDS[kind] | {"type"}))] = draw(json_values)
    elif defect == "token":
        message["token"] = draw(non_objects.filter(lambda v: v is not None and not isinstance(v, str)) | st.dictionaries(
            st.text(max_size=4), json_scalars, max_size=2))
    elif defect == "long_token":
        message["token"] = "t" * draw(st.integers(201, 2000))
    elif defect == "lang":
        message["lang"] = draw(json_values.filter(lambda v: v not in ("en", "fr", "zh")))
    elif defect == "action":
        message["action"] = draw(non_objects)
    elif defect == "version":
        message["version"] = draw(bad_version)
    elif defect.startswith("no_"):
        del message[defect.removeprefix("no_")]
    elif defect == "text":
        message["text"] = draw(st.just("") | non_objects.filter(lambda v: not isinstance(v, str)))
    elif defect == "long_text":
        message["text"] = "w" * draw(st.integers(501, 3000))
    elif defect == "team":
        message["team"] = draw(json_values.filter(lambda v: not isinstance(v, bool)))
    return json.dumps(message)


@st.composite
def oversized(draw):
    size = draw(st.integers(MAX_MESSAGE_BYTES + 1, 4 * MAX_MESSAGE_BYTES))
    shape = draw(st.sampled_from(["chat", "act", "filler"]))
    if shape == "chat":  # well-formed but for its size
        return json.dumps({"type": "chat", "text": "a" * size})
    if shape == "act":
        return json.dumps({"type": "act", "version": 0, "action": {"type": "place", "pad": "p" * size}})
    return draw(st.sampled_from(string.printable)) * size


def parse_level_frames():
    """(frame, the code it must get) for frames refused before their meaning is looked at."""
    junk_text = st.text(max_size=120) | st.builds(lambda s, n: s[:n], json_values.map(json.dumps), st.integers(0, 60))
    unknown_types = st.builds(lambda t, rest: json.dumps({**rest, "type": t} if t is not None else rest),
                              json_values.filter(lambda t: t not in KNOWN_TYPES), st.dictionaries(
                                  st.text(max_size=6), json_scalars, max_size=3)) | st.dictionaries(
        st.text(max_size=6).filter(lambda k: k != "type"), json_scalars, max_size=3).map(json.dumps)
    refused = st.one_of(
        junk_text, st.binary(max_size=120), non_objects.map(json.dumps), unknown_types,
        oversized(), oversized().map(str.encode),
    )
    return refused.map(lambda raw: (raw, parse_error(raw))).filter(lambda pair: pair[1] is not None) \
        | badly_formed_messages().map(lambda raw: (raw, "malformed"))


def as_frame(message: dict, binary: bool) -> str | bytes:
    """A well-formed message, sent as a text or a binary frame (the server reads both)."""
    text = json.dumps(message)
    return text.encode() if binary else text


def both_frames(raw: str | bytes) -> list[str | bytes]:
    """The frame as text and as binary; only as sent when the other form would read differently
    (bytes that are not UTF-8, or that JSON reads as UTF-16)."""
    try:
        other = raw.encode() if isinstance(raw, str) else raw.decode()
    except UnicodeDecodeError:
        return [raw]
    return [raw, other] if parse_error(other) == parse_error(raw) else [raw]


def cut_short(text: str, pieces: int = TRUNCATIONS) -> list[Case]:
    """The message cut at `pieces` evenly spread places, each sent in every connection state: a
    message cut short anywhere is refused on sight (its object is never closed)."""
    cuts = sorted({len(text) * i // (pieces + 1) for i in range(1, pieces + 1)} - {0})
    return [Case(channel, text[:cut], frozenset({parse_error(text[:cut])})) for cut in cuts for channel in CHANNELS]


def garbage_actions(legal: list[dict]):
    """Action objects that are not one of `legal`: random objects, known action types with random
    fields, legal actions with one field changed, added or removed."""
    types = sorted({a["type"] for a in legal}) + ["claim", "pass", "move", "bid"]
    random_objects = st.dictionaries(st.text(max_size=8), json_values, max_size=4)
    typed = st.builds(lambda t, rest: {**rest, "type": t}, st.sampled_from(types), random_objects)

    @st.composite
    def mutated(draw):
        action = dict(draw(st.sampled_from(legal)))
        key = draw(st.sampled_from(sorted(action)))
        change = draw(st.sampled_from(["value", "extra", "drop"]))
        if change == "value":
            action[key] = draw(json_values)
        elif change == "extra":
            action[draw(extra_keys)] = draw(json_values)
        else:
            del action[key]
        return action

    return st.one_of(random_objects, typed, mutated()).filter(lambda a: a not in legal)


def socket_cases(arena: Arena, state: dict):
    """A strategy of Case for every channel, knowing the table's version and seat 0's legal actions."""
    version, legal = state["version"], state["legal"]
    stale = st.integers(min_value=0).filter(lambda v: v != version) | st.integers(10**18, 10**40)
    any_act = st.builds(lambda a, v: {"type": "act", "action": a, "version": v}, garbage_actions(legal),
                        st.integers(min_value=0))
    legal_act = st.builds(lambda a: {"type": "act", "action": a, "version": version}, st.sampled_from(legal))
    chat = st.builds(lambda t, team: {"type": "chat", "text": t, "team": team}, st.text(min_size=1, max_size=500),
                     st.booleans())
    team_chat = chat.map(lambda c: {**c, "team": True})
    wrong_tokens = (st.text(min_size=1, max_size=200).filter(lambda t: t not in arena.tokens)
                    | st.sampled_from(arena.other_tokens))
    bad_hello = st.builds(lambda t, lang: {"type": "hello", "token": t, "lang": lang}, wrong_tokens, languages)

    def case(channel, messages, codes, reply="error"):
        """The message, then the very same message again (a replay) as a binary frame: same answer;
        then the message cut short at a few places, in every connection state: malformed."""
        return messages.map(lambda m: [Case(channel, as_frame(m, binary), frozenset(codes), reply)
                                       for binary in (False, True)] + cut_short(json.dumps(m)))

    by_channel = {
        # anything but hello before hello: act (even a legal move), sync, chat
        "prehello": [case("prehello", any_act | legal_act | st.just({"type": "sync"}) | chat, {"hello_first"})],
        "spectator": [case("spectator", any_act | legal_act, {"spectator"}),
                      case("spectator", team_chat, {"team_chat_spectator"}),
                      case("spectator", bad_hello, {"bad_token"}, reply="state+error")],
        "to_act": [case("to_act", st.builds(lambda a, v: {"type": "act", "action": a, "version": v},
                                            st.sampled_from(legal) | garbage_actions(legal), stale),
                        {"version_conflict"}, reply="error+state"),  # replayed: even a legal move is refused
                   case("to_act", st.builds(lambda a: {"type": "act", "action": a, "version": version},
                                            garbage_actions(legal)),
                        {"illegal_action", "wrong_action_type", "malformed_action"}),
                   case("to_act", team_chat, {"no_teams"})],
        "waiting_turn": [case("waiting_turn", legal_act | st.builds(
                             lambda a: {"type": "act", "action": a, "version": version}, garbage_actions(legal)),
                             {"not_your_turn", "malformed_action"}),
                         case("waiting_turn", team_chat, {"no_teams"})],
        # the table has not started: any act, whatever its version
        "not_started": [case("not_started", any_act | legal_act, {"not_started"}),
                        case("not_started", team_chat, {"no_teams"})],
    }
    # A frame refused on sight is sent in every connection state, as text and as binary: it must be
    # refused the same way each time.
    refused = parse_level_frames().map(
        lambda pair: [Case(channel, frame, frozenset({pair[1]})) for channel in CHANNELS for frame in both_frames(pair[0])])
    # built once (a strategy built inside a draw is validated again at every draw: slow); `.map`
    # keeps one_of from flattening, so that half the draws are refused frames, half the channels' own
    return st.one_of(refused, st.one_of(*(c for cases in by_channel.values() for c in cases)).map(list))


# ------------------------------------------------------------------------ the socket fuzz
def receive(ws, case: Case) -> dict:
    try:
        return json.loads(ws.recv(timeout=10))
    except TimeoutError:
        raise AssertionError(f"no reply on {case.channel} to {case.frame[:300]!r}") from None
    except ConnectionClosed as exc:
        raise AssertionError(f"{case.channel} closed ({exc}) after {case.frame[:300]!r}") from None


@pytest.mark.slow
def test_fuzzed_socket_messages_get_documented_errors_and_change_nothing(arena, capsys):
    before = database_dump(arena.db_path)
    counts: Counter = Counter()
    with contextlib.ExitStack() as open_sockets:
        sockets = {channel: open_sockets.enter_context(connect(arena.ws_url(
            arena.waiting["id"] if channel == "not_started" else arena.playing["id"]), max_size=2**22, compression=None))
            for channel in CHANNELS}
        hello_state(sockets["spectator"], None)
        state = hello_state(sockets["to_act"], arena.tokens[0])
        assert state["to_act"] == [0] and state["legal"]
        assert hello_state(sockets["waiting_turn"], arena.tokens[1])["legal"] == []
        hello_state(sockets["not_started"], arena.waiting_token)

        @settings(max_examples=int(WS_EXAMPLES * SCALE), **FUZZ_SETTINGS)
        @given(draws=st.lists(socket_cases(arena, state), min_size=WS_BATCH, max_size=WS_BATCH))
        def fuzz(draws):
            batch = [case for cases in draws for case in cases]
            for case in batch:  # all sent first: the server reads them back to back
                sockets[case.channel].send(case.frame)
            counts["sent"] += len(batch)
            for case in batch:  # each connection answers in the order it was sent
                ws = sockets[case.channel]
                replies = [receive(ws, case) for _ in case.reply.split("+")]
                assert [r["type"] for r in replies] == case.reply.split("+"), (case, replies)
                error = next(r for r in replies if r["type"] == "error")
                assert error["code"] in SOCKET_CODES, f"undocumented code {error['code']!r} for {case}"
                assert error["code"] in case.codes, (case, error)
                assert error["message"]
                counts["errors"] += 1
                counts[error["code"]] += 1

        fuzz()
        # nothing else is pending on any socket: each message got exactly its replies
        for channel, ws in sockets.items():
            ws.send(json.dumps({"type": "nope"}))
            assert json.loads(ws.recv(timeout=10))["code"] == "unknown_type", channel
        counts["sent"] += len(sockets)
        counts["errors"] += len(sockets)
        for attempt in range(int(50 * SCALE)):  # a socket to a table that does not exist: one error, then 4404
            with connect(arena.ws_url(f"no-such-table-{attempt}")) as ws:
                assert json.loads(ws.recv(timeout=10))["code"] == "unknown_table"
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=10)
                assert closed.value.rcvd.code == 4404
                counts["unknown_table_sockets"] += 1

        after = database_dump(arena.db_path)
        changed = after != before
        with capsys.disabled():
            print(f"\nsocket fuzz: {counts['sent']} messages sent, {counts['errors']} errors returned, "
                  f"state changes: {int(changed)}; by code: "
                  f"{dict(sorted((k, v) for k, v in counts.items() if k not in ('sent', 'errors')))}")
        assert not changed, "\n".join(difflib.unified_diff(before, after, lineterm="", n=0))
        assert counts["errors"] == counts["sent"] >= WS_MESSAGES * SCALE

        # the server still serves: health, and the right seat's move
        assert httpx.get(f"{arena.base_url}/healthz").json() == {"status": "ok", "db": "ok"}
        move = {"type": "act", "action": state["legal"][0], "version": state["version"]}
        sockets["to_act"].send(json.dumps(move))
        while (reply := json.loads(sockets["to_act"].recv(timeout=10)))["type"] != "state":
            assert reply["type"] == "acted", reply
        assert reply["version"] == state["version"] + 1


# ------------------------------------------------------------------------ HTTP
MAX_SEED = 2**63 - 1  # the store keeps seeds (and seats) in 64-bit integer columns


def http_answer_is_documented(status: int, content: bytes, label: str) -> str:
    """A 4xx answer, JSON `{"error": {"code", "message"}}` whose code docs/protocol.md names with
    this status. Returns the code."""
    assert status < 500, f"{label}: {status} {content[:300]!r}"
    assert 400 <= status < 500, f"{label}: accepted with {status}: {content[:300]!r}"
    try:
        error = json.loads(content)["error"]
    except (ValueError, KeyError, TypeError):
        raise AssertionError(f"{label}: {status} is not a documented error: {content[:300]!r}") from None
    assert isinstance(error["message"], str) and error["message"], (label, error)
    assert error["code"] in HTTP_CODES, f"{label}: undocumented code {error['code']!r} ({status})"
    assert status == HTTP_CODES[error["code"]], f"{label}: {error['code']} documented as {HTTP_CODES[error['code']]}"
    return error["code"]


@pytest.mark.slow
def test_schemathesis_negative_requests_get_documented_errors(arena, capsys):
    import requests
    import schemathesis
    from schemathesis.specs.openapi.checks import negative_data_rejection

    schema = schemathesis.openapi.from_url(f"{arena.base_url}/openapi.json")
    before = database_dump(arena.db_path)
    counts: Counter = Counter()
    session = requests.Session()

    @settings(max_examples=int(HTTP_SCHEMA_EXAMPLES * SCALE), **FUZZ_SETTINGS)
    @given(case=schema.as_strategy(schemathesis.GenerationMode.NEGATIVE))
    def fuzz(case):
        response = case.call(base_url=arena.base_url, session=session, timeout=20)
        counts["sent"] += 1
        label = f"{case.method} {case.formatted_path} {case.query} {case.body!r:.200}"
        if response.status_code < 400:
            # schemathesis's own rule: only invalid data that stays invalid on the wire must be refused
            # (an unknown query parameter is not): this raises if it should have been
            case.validate_response(response, checks=[negative_data_rejection])
            assert case.method == "GET", label  # and then it only ever read
            counts["accepted_reads"] += 1
            return
        counts[http_answer_is_documented(response.status_code, response.content, label)] += 1
        counts["errors"] += 1

    fuzz()
    after = database_dump(arena.db_path)
    with capsys.disabled():
        print(f"\nschemathesis (negative) fuzz: {counts['sent']} requests sent, {counts['errors']} errors returned, "
              f"{counts['accepted_reads']} GETs answered (only extra query parameters), "
              f"state changes: {int(after != before)}; by code: "
              f"{dict(sorted((k, v) for k, v in counts.items() if k not in ('sent', 'errors', 'accepted_reads')))}")
    assert after == before, "\n".join(difflib.unified_diff(before, after, lineterm="", n=0))
    assert counts["errors"] >= 0.5 * HTTP_SCHEMA_EXAMPLES * SCALE  # the rest: GETs with extra query parameters
    assert httpx.get(f"{arena.base_url}/healthz").json() == {"status": "ok", "db": "ok"}


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    codes: frozenset
    body: bytes | None = None
    content_type: str = "application/json"
    with_session: bool = True


def crypt_accepts(options: dict) -> bool:
    """Some values drawn at random are good ones (first_leader 0): those are not bad requests."""
    try:
        games.load("crypt").check_table(2, options)
    except games.OptionError:
        return False
    return True


def raw_requests(arena: Arena):
    """Hand-made bad requests, each with the documented codes it may get."""
    known_games = sorted(["crypt", "quartz", "midas", "crusade"])
    ids = st.text(string.ascii_letters + string.digits + "-_~!$&'()*+,;=:@ ", min_size=1, max_size=40).filter(
        lambda t: t.strip(".") and t not in {arena.playing["id"], arena.waiting["id"]})
    quoted = ids.map(lambda t: quote(t, safe=""))
    crypt_options = {"collectors", "idol", "jewelry", "manuscript", "pottery", "remains", "tapestry",
                     "torch_direction", "first_leader", "solo_target"}

    def post(path, codes, body_strategy):
        return body_strategy.map(lambda body: Request("POST", path, frozenset(codes), body))

    as_json = lambda value: json.dumps(value).encode()  # noqa: E731 - a one-line helper
    not_json = st.text(max_size=80).filter(lambda t: parse_error(t) == "malformed" and not _is_json(t)).map(str.encode)
    oversized_body = st.integers(2**14, 2**18).map(lambda n: as_json({"game": "crypt", "players": 2, "names": ["n" * n]}))
    good_table = {"game": "crypt", "players": 2}
    bad_session = st.one_of(
        not_json, non_objects.map(as_json),
        st.builds(lambda name: as_json({"name": name}), st.just("") | st.text(min_size=41, max_size=80)
                  | non_objects.filter(lambda v: not isinstance(v, str))),
        st.builds(lambda key, v: as_json({"name": "Ada", key: v}), extra_keys.filter(lambda k: k != "name"),
                  json_values))
    bad_tables = st.one_of(
        post("/api/tables", {"malformed"}, not_json | non_objects.map(as_json) | oversized_body
             | st.builds(lambda key, v: as_json({**good_table, key: v}),
                         extra_keys.filter(lambda k: k not in {"game", "players", "options", "seed", "names"}),
                         json_values)
             | st.builds(lambda p: as_json({"game": "crypt", "players": p}), not_a_number)),
        post("/api/tables", {"unknown_game"}, st.builds(lambda g, p: as_json({"game": g, "players": p}),
                                                         st.text(max_size=20).filter(lambda g: g not in known_games),
                                                         st.integers())),
        post("/api/tables", {"bad_players"}, st.builds(
            lambda g, p: as_json({"game": g, "players": p}), st.sampled_from(known_games),
            st.integers(max_value=0) | st.integers(min_value=9))),
        post("/api/tables", {"unknown_option", "bad_option_value", "bad_option"}, st.builds(
            lambda k, v: as_json({**good_table, "options": {k: v}}), st.sampled_from(sorted(crypt_options))
            | st.text(max_size=12).filter(lambda k: k not in crypt_options), json_values).filter(
            lambda body: json.loads(body)["options"] != {} and not crypt_accepts(json.loads(body)["options"]))),
        # (a name with a control character is refused as malformed before the count is looked at)
        post("/api/tables", {"bad_names", "malformed"}, st.builds(lambda names: as_json({**good_table, "names": names}),
                                                      st.lists(st.text(max_size=40), max_size=16).filter(
                                                          lambda names: len(names) != 2))),
    )
    seat_bodies = st.sampled_from([{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "agent": "greedy"}])
    playing, waiting = arena.playing["id"], arena.waiting["id"]
    seats = st.one_of(
        # unknown tables, a table in play (every seat), seat 0 taken, seats that do not exist
        st.builds(lambda t, s, b: Request("POST", f"/api/tables/{t}/seats/{s}", frozenset({"unknown_table"}),
                                          as_json(b)), quoted, st.integers(-5, 5), seat_bodies),
        st.builds(lambda s, b: Request("POST", f"/api/tables/{playing}/seats/{s}", frozenset({"bad_seat"}),
                                       as_json(b)), st.integers(-MAX_SEED, MAX_SEED), seat_bodies),
        st.builds(lambda b: Request("POST", f"/api/tables/{waiting}/seats/0", frozenset({"seat_taken"}), as_json(b)),
                  seat_bodies),
        st.builds(lambda s, b: Request("POST", f"/api/tables/{waiting}/seats/{s}", frozenset({"bad_seat"}),
                                       as_json(b)), st.integers(-MAX_SEED, MAX_SEED).filter(lambda s: s not in (0, 1)),
                  seat_bodies),
        # the empty seat: only with an agent that does not exist, or a person without a session
        st.builds(lambda agent: Request("POST", f"/api/tables/{waiting}/seats/1", frozenset({"bad_seat"}),
                                        as_json({"kind": "bot", "agent": agent})),
                  st.text(max_size=20).filter(lambda a: a and a not in CRYPT_AGENTS)),
        st.just(Request("POST", f"/api/tables/{waiting}/seats/1", frozenset({"no_session"}),
                        as_json({"kind": "human"}), with_session=False)),
        st.builds(lambda s, body: Request("POST", f"/api/tables/{waiting}/seats/{s}", frozenset({"malformed"}), body),
                  st.sampled_from(["x", "1.5", "-", "1e3", "0x1", "one"]), st.just(as_json({"kind": "human"})))
        | st.builds(lambda body: Request("POST", f"/api/tables/{waiting}/seats/1", frozenset({"malformed"}), body),
                    not_json | non_objects.map(as_json)
                    | json_values.filter(lambda k: k not in ("human", "bot")).map(lambda k: as_json({"kind": k}))
                    | st.builds(lambda key, v: as_json({"kind": "human", key: v}),
                                extra_keys.filter(lambda k: k not in ("kind", "agent")), json_values)),
    )
    reads_and_actions = st.one_of(
        quoted.map(lambda t: Request("GET", f"/api/tables/{t}", frozenset({"unknown_table"}))),
        quoted.map(lambda g: Request("GET", f"/api/games/{g}", frozenset({"unknown_game"}))),
        st.builds(lambda g, lang: Request("GET", f"/api/games/{g}/rules?lang={quote(lang, safe='')}",
                                          frozenset({"bad_lang"})), st.sampled_from(known_games),
                  st.text(max_size=8).filter(lambda lang: lang not in ("en", "fr", "zh"))),
        quoted.map(lambda t: Request("POST", f"/api/tables/{t}/start", frozenset({"unknown_table"}))),
        quoted.map(lambda t: Request("POST", f"/api/tables/{t}/rematch", frozenset({"unknown_table"}))),
        st.sampled_from([playing, waiting]).map(lambda t: Request("POST", f"/api/tables/{t}/start",
                                                                  frozenset({"not_ready"}))),
    )
    return st.one_of(bad_session.map(lambda b: Request("POST", "/api/session", frozenset({"malformed"}), b)),
                     bad_tables, seats, reads_and_actions)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


@pytest.mark.slow
def test_raw_http_garbage_gets_documented_errors(arena, capsys):
    before = database_dump(arena.db_path)
    counts: Counter = Counter()
    with httpx.Client(base_url=arena.base_url, timeout=20) as with_session, \
            httpx.Client(base_url=arena.base_url, timeout=20) as anonymous:
        with_session.headers["Cookie"] = arena.cookie

        @settings(max_examples=int(HTTP_RAW_EXAMPLES * SCALE), **FUZZ_SETTINGS)
        @given(batch=st.lists(raw_requests(arena), min_size=HTTP_BATCH, max_size=HTTP_BATCH))
        def fuzz(batch):
            for request in batch:
                client = with_session if request.with_session else anonymous
                response = client.request(request.method, request.path, content=request.body,
                                          headers={"Content-Type": request.content_type} if request.body else None)
                counts["sent"] += 1
                label = f"{request.method} {request.path} {request.body[:200] if request.body else b''!r}"
                code = http_answer_is_documented(response.status_code, response.content, label)
                assert code in request.codes, (label, response.text[:300])
                counts["errors"] += 1
                counts[code] += 1

        fuzz()
    after = database_dump(arena.db_path)
    with capsys.disabled():
        print(f"\nraw HTTP fuzz: {counts['sent']} requests sent, {counts['errors']} errors returned, "
              f"state changes: {int(after != before)}; by code: "
              f"{dict(sorted((k, v) for k, v in counts.items() if k not in ('sent', 'errors')))}")
    assert after == before, "\n".join(difflib.unified_diff(before, after, lineterm="", n=0))
    assert counts["errors"] == counts["sent"] >= HTTP_RAW_EXAMPLES * SCALE * HTTP_BATCH
    assert httpx.get(f"{arena.base_url}/healthz").json() == {"status": "ok", "db": "ok"}


# ------------------------------------------------------------------------ what the fuzz once found (fixed)
@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/tables/{waiting}/seats/100000000000000000000", b'{"kind": "bot"}'),  # was 500 OverflowError
    ("POST", "/api/session", b"\xf7\x0f7\xac"),  # was 400 {"detail": "There was an error parsing the body"}
    ("GET", "/api/tables?status=nope", None),  # 400 bad_status: was not named in docs/protocol.md
    ("POST", "/api/tables", b'{"game": "crypt", "players": 2, "seed": -1}'),  # 400 bad_seed: not named either
    ("GET", "/api/no-such-route", None),  # was 404 {"detail": "Not Found"}
    ("DELETE", "/api/tables", None),  # was 405 {"detail": "Method Not Allowed"}
], ids=["seat-past-64-bits", "json-body-not-utf8", "bad-status-undocumented", "bad-seed-undocumented",
        "unknown-route", "wrong-method"])
def test_what_the_fuzz_found_gets_documented_errors(arena, method, path, body):
    response = httpx.request(method, arena.base_url + path.format(waiting=arena.waiting["id"]), content=body,
                             headers={"Content-Type": "application/json"} if body else None, timeout=20)
    http_answer_is_documented(response.status_code, response.content, f"{method} {path}")


@pytest.mark.parametrize(("method", "path", "body"), [
    ("GET", "/api/tables/a%00b", None),
    ("POST", "/api/tables", {"game": "crypt", "players": 2, "names": ["a\x00", "b"]}),
], ids=["nul-in-table-id", "nul-in-seat-name"])
def test_nul_characters_on_postgresql(pg_url, method, path, body):  # pg_url skips without PostgreSQL
    app = create_app(pg_url, bot_delay=0, secret_key="test-secret")
    with serving(app) as base_url:
        response = httpx.request(method, base_url + path, json=body, timeout=20)
        http_answer_is_documented(response.status_code, response.content, f"{method} {path}")
