"""Typed messages of the table socket (docs/protocol.md) and of the HTTP API bodies."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError, model_validator

MAX_MESSAGE_BYTES = 16 * 1024


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(_Message):
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=200)
    lang: Literal["en", "fr", "zh"] = "en"
    patches: bool = False  # states after the first carry only what changed (docs/protocol.md)


MAX_ACTIONS = 100  # a batch: a deck brought at set-up is about 60 small actions


class Act(_Message):
    type: Literal["act"]
    # one action, or several played in order, all or nothing (docs/protocol.md)
    action: dict[str, Any] | None = None
    actions: list[dict[str, Any]] | None = Field(default=None, min_length=1, max_length=MAX_ACTIONS)
    version: StrictInt = Field(ge=0)  # not true, "3" or 2.0

    @model_validator(mode="after")
    def _one_of(self) -> "Act":
        if (self.action is None) == (self.actions is None):
            raise ValueError("send either action (one) or actions (a list), not both or neither")
        return self


class Sync(_Message):
    type: Literal["sync"]


class Chat(_Message):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=500)
    # True: only the sender's team hears it (a game with teams, a seated sender; docs/protocol.md)
    team: StrictBool = False


class Vote(_Message):
    """A person at the table votes on another who is out of time: skip their turn, or expel them."""

    type: Literal["vote"]
    seat: StrictInt = Field(ge=0, le=15)
    choice: Literal["skip", "expel"]


class TakeBack(_Message):
    """A person a bot stood in for (they left, or ran out of time) plays their seat again."""

    type: Literal["take_back"]


ClientMessage = TypeAdapter(Annotated[Union[Hello, Act, Sync, Chat, TakeBack, Vote], Field(discriminator="type")])
CLIENT_TYPES = ("hello", "act", "sync", "chat", "take_back", "vote")


class ProtocolError(Exception):
    """`key` and `params`: a refused move's reason in the game's catalogue, so that the page says it in
    its reader's language (`message` stays English for API users); `at`: [i, n] for the i-th of n
    actions of one message."""

    def __init__(self, code: str, message: str, ref: str | None = None, *, key: str | None = None,
                 params: dict | None = None, at: list[int] | None = None):
        super().__init__(message)
        self.code, self.message, self.ref = code, message, ref
        self.key, self.params, self.at = key, params, at

    @classmethod
    def refusal(cls, exc, where: str = "", at: list[int] | None = None) -> "ProtocolError":
        """The engine's refusal of a move (an IllegalAction) as the socket answers it: its code, its
        reason in English after `where`, and the reason's catalogue key and parameters."""
        return cls(exc.code, where + exc.reason, ref="act", key=exc.key, params=exc.params, at=at)

    def payload(self) -> dict:
        data = {"type": "error", "code": self.code, "message": self.message}
        if self.ref:
            data["ref"] = self.ref
        if self.key:
            data["key"], data["params"] = self.key, self.params or {}
        if self.at:
            data["at"] = self.at
        return data


def parse_client_message(raw: str | bytes) -> Hello | Act | Sync | Chat | TakeBack:
    """One socket message, or ProtocolError naming exactly what was wrong."""
    import json

    size = len(raw) if isinstance(raw, bytes) or len(raw) * 4 <= MAX_MESSAGE_BYTES else len(raw.encode())
    if size > MAX_MESSAGE_BYTES:  # (a text frame's size is its UTF-8 bytes, not its characters)
        raise ProtocolError("too_large", f"message of {size} bytes; the limit is {MAX_MESSAGE_BYTES}")
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise ProtocolError("malformed", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message must be a JSON object with a \"type\"")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}; known: {', '.join(CLIENT_TYPES)}",
                            ref=str(kind)[:40])
    try:
        return ClientMessage.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'message'}: {e['msg']}"
                             for e in exc.errors())
        raise ProtocolError("malformed", f"bad {kind} message: {problems}", ref=kind) from None


# ---- HTTP bodies ---------------------------------------------------------------------------
PRINTABLE = r"^[^\x00-\x1f\x7f]*$"  # no control characters in text we store (PostgreSQL refuses NUL)


class SessionBody(_Message):
    name: str = Field(min_length=1, max_length=40, pattern=PRINTABLE)


SeatName = Annotated[str, Field(max_length=40, pattern=PRINTABLE)]


class ClockBody(_Message):
    reserve: StrictInt = Field(ge=1, le=14 * 86400)  # seconds each person starts with
    increment: StrictInt = Field(default=0, ge=0, le=14 * 86400)  # credited after each turn, up to the reserve


class CreateTableBody(_Message):
    game: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    # One display name per seat (blank: the default). A seat's given name stays when someone takes it.
    names: list[SeatName] | None = Field(default=None, max_length=16)
    # live (a bot stands in for a person gone past the grace period) or turn-based (over days)
    pace: Literal["live", "turn-based"] = "live"
    # each person's clock (server/clocks.py): None = none live, 3 days + 1 day per turn turn-based
    clock: ClockBody | None = None
    on_timeout: Literal["bot", "vote"] | None = None  # at 0: a bot plays (live default) or the others vote
    # the older shorthand: seconds per move, a live clock refilled at each turn (not with `clock`)
    turn_clock: int | None = Field(default=None, ge=1, le=3600)
    rated: StrictBool = True  # False: a friendly table, recorded in the history, rating nobody
    spectators: StrictBool = True  # False: nobody may watch while it is played


class SeatBody(_Message):
    kind: Literal["human", "bot"] = "human"
    agent: str | None = None


class AccountBody(_Message):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=1024)


class PasswordBody(_Message):
    current: str = Field(min_length=1, max_length=1024)
    new: str = Field(min_length=1, max_length=1024)
