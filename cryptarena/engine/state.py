"""The engine contract: `Game` (the rules object) and `State` (one table).

A game subclasses both. The engine owns what is the same for every game: option checking, the
seeded RNG and scripted chance, validation of actions against `legal_actions` (so an illegal action
never reaches the game's code and cannot change anything), the log and its redaction, the JSON round
trip, cloning and the skeleton of determinisation. The game supplies the rules:

    _setup()                      lay out a fresh table (may draw from the RNG)
    to_act() / _legal_actions(s)  whose decision it is and the complete finite list of choices
    _apply(seat, action)          carry out an action already known to be legal
    _view(seat)                   what that seat may see (None = spectator)
    is_over() / scores() / winners()
    _data() / _load(data)         the game's part of the JSON (plain lists/dicts/ints/strs only)
    _resample_hidden(seat, rng)   on a copy: re-draw everything `seat` cannot know
    _check_outcome(kind, value, queued)   may this scripted chance outcome happen?
"""

from __future__ import annotations

import json
import pickle
from functools import cache
from itertools import repeat
from operator import is_
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

import orjson

from .actions import Action
from .errors import CorruptSave, IllegalAction, OptionError, Reason
from .log import entry_for, keep_for
from .options import Option, resolve_options
from .rng import Rng

if TYPE_CHECKING:
    from .encoding import ActionEncoding, ObservationEncoding

SAVE_FORMAT = 1


class Game:
    """The rules object of one game: its identity, player range, options and chance kinds."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    # kind -> description of the outcome values script_chance accepts for it
    chance_kinds: ClassVar[dict[str, str]] = {}
    default_chance_kind: ClassVar[str | None] = None
    # action type -> description of its fields (documentation and the CLI's help)
    action_types: ClassVar[dict[str, str]] = {}
    phases: ClassVar[dict[str, str]] = {}
    pitch: ClassVar[str] = ""
    state_class: ClassVar[type["State"]]

    def __init__(self, **fixed_options: Any):
        # games.load(id, **opts) can pin options, e.g. for a study that always plays side B.
        self.fixed_options = dict(fixed_options)
        if fixed_options:
            resolve_options(self.options, fixed_options, self.id)

    # -- options ----------------------------------------------------------------------------
    def options_schema(self) -> list[dict]:
        return [opt.to_json() for opt in self.options]

    def check_options(self, options: dict | None) -> dict:
        if options is not None and not isinstance(options, dict):
            raise OptionError(f"{self.id}: options must be an object of name: value, got {options!r}")
        return resolve_options(self.options, {**self.fixed_options, **(options or {})}, self.id)

    def check_table(self, players: int | None, options: dict | None) -> dict:
        """Options checked (and players, when known) before any state exists; games add checks
        that tie options to the player count in `_check_table`."""
        resolved = self.check_options(options)
        if players is not None:
            self.check_players(players)
            self._check_table(players, resolved)
        return resolved

    def _check_table(self, players: int, options: dict) -> None:
        """Raise OptionError for an option value that does not fit this player count."""

    def check_players(self, players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"{self.id}: players must be an integer, got {players!r}", code="bad_players")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is played by {self.min_players}–{self.max_players} players, not {players}",
                code="bad_players")
        return players

    # -- published content: pages that show a game's components (a deck builder) -------------------
    def components(self) -> dict | None:
        """The game's public components as JSON (cards, tiles, decks…); None: it publishes none."""
        return None

    def check_deck(self, deck: Any) -> list[dict] | None:
        """What a deck a player would bring breaks, as {"msg", "params"} entries in the log's form
        (words from the game's catalogue; empty: legal). None: the game has no decks to build. Any
        JSON may come in; a malformed deck is a problem, never an exception."""
        return None

    # Action types that only take back a step of the acting seat's own (a servant placed, a play being
    # built): a convenience for people. Search bots leave them alone, which also keeps them from
    # placing and taking back for ever.
    undo_actions: ClassVar[frozenset] = frozenset()

    # -- fixed encodings for learning agents (cryptarena.rl) ----------------------------------
    def action_encoding(self, players: int, options: dict | None = None) -> ActionEncoding | None:
        """Every action a table of this size and these options may ever offer, numbered once and for
        all (engine.encoding.ActionEncoding); None: the game declares none."""
        return None

    def observation_encoding(self, players: int, options: dict | None = None) -> ObservationEncoding | None:
        """What a seat sees (its `view`, nothing else) as a fixed-length vector with a documented layout
        (engine.encoding.ObservationEncoding); None: the game declares none."""
        return None

    # -- states ------------------------------------------------------------------------------
    def new_state(self, players: int, seed: int = 0, options: dict | None = None, *,
                  keep_log: bool = True, rng: Rng | None = None) -> "State":
        """A fresh table. keep_log=False plays the same game without writing the readable log
        (nobody reads it in a simulation; writing it is a seventh of a Midas playout): history,
        views, saves and replays are as ever, the log stays empty. `rng` replaces the RNG the
        seed would give, set-up draws included: OpenSpiel's adapter (cryptarena.rl) passes one
        whose every draw is an explicit chance node; such a table is no replay of its seed."""
        players = self.check_players(players)
        resolved = self.check_table(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"{self.id}: seed must be an integer, got {seed!r}", code="bad_seed")
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.players = players
        state.seed = seed
        state.options = resolved
        state.rng = Rng(seed) if rng is None else rng
        state.log = []
        if not keep_log:
            state.keep_log = False
        state.history = []
        state.phase = "setup"
        state._script = []
        state._setup()
        return state

    def from_json(self, data: Any) -> "State":
        if isinstance(data, (str, bytes)):
            try:
                data = orjson.loads(data)
            except ValueError as exc:
                raise CorruptSave(f"save is not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise CorruptSave("save must be a JSON object")
        if data.get("game") != self.id:
            raise CorruptSave(f"save is for game {data.get('game')!r}, not {self.id!r}")
        if data.get("format") != SAVE_FORMAT:
            raise CorruptSave(f"unknown save format {data.get('format')!r} (expected {SAVE_FORMAT})")
        missing = [k for k in ("players", "seed", "options", "rng", "phase", "log", "history",
                               "script", "data") if k not in data]
        if missing:
            raise CorruptSave(f"save lacks {', '.join(missing)}")
        try:
            players = self.check_players(data["players"])
            options = self.check_table(players, data["options"])
        except OptionError as exc:
            raise CorruptSave(f"save has bad settings: {exc.reason}") from None
        if not isinstance(data["rng"], int) or not isinstance(data["log"], list) \
                or not isinstance(data["history"], list) or not isinstance(data["script"], list):
            raise CorruptSave("save has a malformed rng, log, history or script")
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.players = players
        state.seed = data["seed"]
        state.options = options
        state.rng = Rng(position=data["rng"])
        state.phase = data["phase"]
        # copies, so that the caller's dict and the state never share lists
        state.log = _copy(data["log"])
        state.history = _copy(data["history"])
        if not all(isinstance(x, list) and len(x) == 2 and isinstance(x[0], str) and x[0] in self.chance_kinds
                   for x in data["script"]):
            raise CorruptSave("save has a malformed script of chance outcomes")
        state._script = [tuple(x) for x in data["script"]]
        try:
            game_data = data["data"]
            if isinstance(game_data, dict):
                game_data = {**state.save_defaults, **game_data}
            state._load(_copy(game_data))
        except CorruptSave:
            raise
        except Exception as exc:  # noqa: BLE001 - any defect in the game data is a corrupt save
            raise CorruptSave(f"save's game data is inconsistent: {type(exc).__name__}: {exc}") from None
        return state

    def replay(self, players: int, seed: int, options: dict | None, history: list, *,
               keep_log: bool = True) -> "State":
        """Seed + options + the recorded history (actions and scripted chance) -> the same state."""
        state = self.new_state(players, seed, options, keep_log=keep_log)
        for step in history:
            state.replay_step(step)
        return state

    def device_seats(self, players: int, options: dict | None = None) -> list[int]:
        """The seats someone plays from a device (a browser, the terminal, a bot). Every seat by
        default; a game used as the companion of a physical table may run every seat from one
        device (Midas's companion mode: seat 0), the other seats being people at that table."""
        return list(range(players))

    def seat_teams(self, players: int, options: dict | None = None) -> list[str] | None:
        """The team of each seat (e.g. ["gk", "gk", "nm", "nm"]), or None in a game without
        teams. Team-mates share their secrets (Crusade: a team sees its own hands) and a team
        chat at a table. The conformance suite holds a team game to it: a seat's determinised copy
        leaves its team-mates' views, logs and legal actions unchanged, and no log secret is
        addressed to seats of both teams."""
        return None

    def rules_summary(self, lang: str = "en") -> str:
        """The player-facing rules in `lang`: RULES.<lang>.md in the game's package (RULES.md is
        English), else the English RULES.md, else the pitch. A game without a translation still
        shows its rules, in English."""
        package = type(self).__module__.rpartition(".")[0]
        # only a plain language code becomes part of a file name
        names = [f"RULES.{lang}.md"] if lang != "en" and lang.isalpha() and lang.isascii() else []
        for name in [*names, "RULES.md"]:
            try:
                return (resources.files(package) / name).read_text(encoding="utf-8")
            except (FileNotFoundError, ModuleNotFoundError, TypeError):
                continue
        return self.pitch

    def describe(self) -> dict:
        return {"id": self.id, "name": self.name, "min_players": self.min_players,
                "max_players": self.max_players, "pitch": self.pitch,
                "options": self.options_schema(), "phases": dict(self.phases),
                "action_types": dict(self.action_types), "chance_kinds": dict(self.chance_kinds)}


class State:
    """One table. See the module docstring for what a game implements."""

    game: Game
    players: int
    seed: int | None
    options: dict
    rng: Rng
    log: list
    history: list
    phase: str
    _script: list
    # True when `_legal_actions` builds only read-only `Action`s (engine/actions.py): they are then
    # handed out without a copy. The conformance suite checks the promise.
    frozen_actions: ClassVar[bool] = False
    # data keys that saves written before the key existed lack, with the value such a save loads with;
    # every other key of `_data()` must be in a save
    save_defaults: ClassVar[dict] = {}
    # (history length, seat, legal list) of the last legal_actions asked; dropped on every change
    _legal_cache: tuple | None = None
    # False: add_log writes nothing (new_state(keep_log=False)); not saved, a loaded table logs
    keep_log: bool = True

    # ---- to implement ----------------------------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def to_act(self) -> list[int]:
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[dict]:
        raise NotImplementedError

    def _apply(self, seat: int, action: dict) -> None:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[dict]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def _data(self) -> dict:
        raise NotImplementedError

    def _load(self, data: dict) -> None:
        raise NotImplementedError

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        raise NotImplementedError

    def _check_outcome(self, kind: str, value: Any, queued: list) -> None:
        """Raise IllegalAction if `value` of `kind` cannot be the outcome of a future event."""

    def chance_outcomes(self, kind: str) -> list:
        """Every value a chance event of `kind` could take now (what `script_chance` would accept
        as the next outcome of that kind), like OpenSpiel's chance_outcomes."""
        raise NotImplementedError

    def _explain_illegal(self, seat: int, action: dict) -> str | None:
        """A precise reason for an illegal action (must depend only on what `seat` knows): a string,
        or a Reason from `refuse` so that a page can show it in its reader's language."""
        return None

    def refuse(self, key: str, **params: Any) -> Reason:
        """The reason `key` of the game's catalogue ("reason.<name>"), in English, keeping its key and
        parameters for the pages that speak another language."""
        from .messages import render  # the catalogue is read only when something is refused

        return Reason(render(self.game, {"msg": key, "params": params}, "en", sentence=False), key, params)

    # ---- the public contract ---------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[dict]:
        """The seat's legal actions now. Memoised until the next change of the state, because
        callers ask just before `apply`, which asks again to validate."""
        if type(seat) is not int or not 0 <= seat < self.players:  # bool is not a seat either
            return []
        cache = self._legal_cache  # _memoised_legal, written out: this runs at every step of a playout
        if cache is None or cache[1] != seat or cache[0] != len(self.history):
            cache = self._legal_cache = (len(self.history), seat, self._legal_actions(seat))
        if self.frozen_actions:  # read-only Actions: sharing them is safe, the list is the caller's
            return list(cache[2])
        return list(map(dict, cache[2]))

    def _memoised_legal(self, seat: int) -> list[dict]:
        """The game's legal list for a valid seat, computed once per state version. Callers get
        copies (legal_actions) or only read it (_validate)."""
        cache = self._legal_cache
        if cache is None or cache[1] != seat or cache[0] != len(self.history):
            cache = self._legal_cache = (len(self.history), seat, self._legal_actions(seat))
        return cache[2]

    def apply(self, seat: int, action: dict) -> None:
        # the game gets the legal action itself: the memo's own dict (dropped right here) or, in a
        # frozen_actions game, a read-only Action; either way nothing it keeps is the caller's.
        # The usual case first, written out: the action is one of the list just asked for this seat
        # (a memo exists only for a valid seat); anything else, a refusal included, goes to _validate.
        cache = self._legal_cache
        if type(seat) is int and cache is not None and cache[1] == seat and cache[0] == len(self.history):
            legal = cache[2]
            if len(legal) > 12 and any(map(is_, legal, repeat(action))):
                # one of a long list (a deck being built): found by identity, in C, at half the cost
                # of index(), whose == compares the contents of every action before it
                canonical = action
            else:
                try:
                    canonical = legal[legal.index(action)]
                except ValueError:
                    canonical = self._validate(seat, action)
        else:
            canonical = self._validate(seat, action)
        self._legal_cache = None
        if self._script:
            # scripted outcomes can turn out not to fit the events the action triggers:
            # then the action is refused and the table is restored exactly.
            snapshot = self.to_json()
            try:
                self._apply(seat, canonical)
            except IllegalAction:
                self._restore(snapshot)
                raise
        else:
            self._apply(seat, canonical)
        # a read-only Action is kept as it is; a plain dict is copied, as the game may keep and change it
        self.history.append({"seat": seat, "action": canonical if type(canonical) is Action else {**canonical}})

    def view(self, seat: int | None = None) -> dict:
        if seat is not None:
            self._check_seat(seat)
        # the table's options are public: renderers and bots read the rules in play from them
        data = {"game": self.game.id, "player_count": self.players, "seat": seat, "phase": self.phase,
                "to_act": self.to_act(), "over": self.is_over(), "options": dict(self.options)}
        data.update(self._view(seat))
        return data

    def log_for(self, seat: int | None, start: int = 0) -> list[dict]:
        """The log as `seat` may read it, from entry `start` on (a server sends only what is new)."""
        return [entry_for(e, seat) for e in self.log[start:]]

    def to_json(self) -> dict:
        """The save as plain JSON data, sharing nothing with the state."""
        return orjson.loads(_encode(self._save()))

    def dumps(self) -> str:
        """The save as JSON text (what a store writes)."""
        return _encode(self._save()).decode()

    def _save(self) -> dict:
        return {"format": SAVE_FORMAT, "game": self.game.id, "players": self.players,
                "seed": self.seed, "options": self.options, "rng": self.rng.position,
                "phase": self.phase, "script": [list(x) for x in self._script],
                "log": self.log, "history": self.history, "data": self._data()}

    def clone(self) -> "State":
        twin = self.__class__.__new__(self.__class__)
        inner = {k: v for k, v in self.__dict__.items() if k not in ("game", "_legal_cache")}
        slots = _slot_values(self)
        # one pickle for both: what the fields share stays shared in the copy
        copied_inner, copied_slots = pickle.loads(pickle.dumps((inner, slots), pickle.HIGHEST_PROTOCOL))
        for name, value in copied_slots.items():
            setattr(twin, name, value)
        twin.__dict__.update(copied_inner)
        twin.game = self.game
        return twin

    def determinize(self, seat: int | None, rng: Rng | int) -> "State":
        """A full state consistent with view(seat): hidden parts re-drawn, a fresh RNG, no seed
        and no history (either would let a bot reconstruct the hidden parts), a log with the
        secrets `seat` may not read removed."""
        if seat is not None:
            self._check_seat(seat)
        source = rng if isinstance(rng, Rng) else Rng(rng)
        twin = self.clone()
        twin.seed = None
        twin.history = []
        twin._script = []
        twin.log = [keep_for(e, seat) for e in self.log]
        twin._resample_hidden(seat, source)
        twin.rng = source.spawn()
        return twin

    def replay_step(self, step: dict) -> None:
        """One entry of a `history` played again: scripted chance (`{"script": [...]}`) or an action
        (`{"seat", "action"}`), as `apply` and `script_chance` would, refusals included."""
        if "script" in step:
            self.script_chance(step["script"])
        else:
            self.apply(step["seat"], step["action"])

    def script_chance(self, outcomes: list) -> None:
        """The next chance events take these outcomes, in order. Each outcome is a bare value of
        the game's default kind (a die face) or {"kind": value}, e.g. {"card": 17}."""
        if not isinstance(outcomes, list):
            outcomes = [outcomes]
        parsed: list[tuple[str, Any]] = []
        for raw in outcomes:
            kind, value = self._parse_outcome(raw)
            self._check_outcome(kind, value, self._script + parsed)
            parsed.append((kind, value))
        self._script.extend(parsed)
        self.history.append({"script": [{k: v} for k, v in parsed]})
        self._legal_cache = None

    # ---- helpers for games -----------------------------------------------------------------
    def scripted(self, kind: str) -> Any:
        """The scripted outcome for the chance event of `kind` happening now, or None."""
        if not self._script:
            return None
        head_kind, value = self._script[0]
        if head_kind != kind:
            raise IllegalAction(
                f"scripted outcome {{{head_kind!r}: {value!r}}} does not fit the next chance event, "
                f"which is a {kind!r}", code="bad_outcome")
        self._check_outcome(kind, value, [])
        self._script.pop(0)
        return value

    def roll_die(self, sides: int = 6) -> int:
        value = self.scripted("die")
        return self.rng.die(sides) if value is None else value

    def add_log(self, msg: str, params: dict | None = None, *, seat: int | None = None,
                action: dict | None = None, chance: dict | None = None,
                secret: dict | None = None) -> None:
        if not self.keep_log:
            return
        entry: dict = {"seq": len(self.log), "seat": seat, "msg": msg, "params": params or {}}
        if action is not None:
            entry["action"] = action
        if chance is not None:
            entry["chance"] = chance
        if secret is not None:
            entry["secret"] = secret
        self.log.append(entry)

    # ---- internals -------------------------------------------------------------------------
    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"seat {seat!r} does not exist: seats are 0..{self.players - 1}",
                                code="bad_seat")

    def _validate(self, seat: Any, action: Any) -> dict:
        """The legal action equal to `action` (its canonical form), or IllegalAction."""
        if type(seat) is not int or not 0 <= seat < self.players:
            self._check_seat(seat)  # raises, naming the seats that exist
        legal = self._memoised_legal(seat)
        # the common case first: list.index compares in C (identity, then ==); everything below
        # only explains a refusal. A finished game has no legal action, so nothing passes here.
        try:
            return legal[legal.index(action)]
        except ValueError:
            pass
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction('an action must be an object with a string "type"', code="malformed_action")
        if self.is_over():
            raise IllegalAction("the game is over", code="game_over")
        if not legal:
            waiting = ", ".join(map(str, self.to_act())) or "nobody"
            raise IllegalAction(f"seat {seat} cannot act now (phase {self.phase}; waiting for seat "
                                f"{waiting})", code="not_your_turn")
        types = sorted({a["type"] for a in legal})
        reason = self._explain_illegal(seat, action)
        if action["type"] not in types and reason is None:
            known = self.game.action_types
            what = "unknown action type" if action["type"] not in known else "action type"
            raise IllegalAction(f"{what} {action['type']!r} is not possible now (phase {self.phase}); "
                                f"possible: {', '.join(types)}", code="wrong_action_type")
        raise IllegalAction(reason or f"{json.dumps(action, sort_keys=True)} is not a legal "
                            f"{action['type']} now (phase {self.phase})", code="illegal_action")

    def _restore(self, snapshot: dict) -> None:
        restored = self.game.from_json(snapshot)
        keep_log = self.keep_log  # not part of a save
        self.__dict__.clear()
        self.__dict__.update(restored.__dict__)
        slots = _slot_values(restored)
        for name in _slot_names(self.__class__):
            if name in slots:
                setattr(self, name, slots[name])
            elif hasattr(self, name):
                delattr(self, name)
        if not keep_log:
            self.keep_log = False

    def _parse_outcome(self, raw: Any) -> tuple[str, Any]:
        kinds = self.game.chance_kinds
        if isinstance(raw, dict) and len(raw) == 1:
            (kind, value), = raw.items()
        elif isinstance(raw, (list, tuple)) and len(raw) == 2 and isinstance(raw[0], str):
            kind, value = raw
        elif self.game.default_chance_kind and not isinstance(raw, (dict, list, tuple)):
            kind, value = self.game.default_chance_kind, raw
        else:
            raise IllegalAction(f"cannot read scripted outcome {raw!r}: give a value or "
                                f"{{kind: value}} with kind one of {', '.join(kinds)}", code="bad_outcome")
        if kind not in kinds:
            raise IllegalAction(f"unknown chance kind {kind!r}; {self.game.name} has: "
                                f"{', '.join(kinds)}", code="bad_outcome")
        return kind, value


_UNSET = object()


@cache
def _slot_names(cls: type) -> tuple[str, ...]:
    """The slots a state class and its bases declare: a game may keep its fields there rather than
    in __dict__ (Crypt, Crusade and Pharaoh do), and a clone or a restore copies them as it copies
    __dict__."""
    names = []
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__slots__", ())
        names += [declared] if isinstance(declared, str) else [n for n in declared if n not in ("__dict__", "__weakref__")]
    return tuple(names)


def _slot_values(state: "State") -> dict:
    """name -> value of every slot of `state` that is set."""
    found = {}
    for name in _slot_names(state.__class__):
        value = getattr(state, name, _UNSET)
        if value is not _UNSET:
            found[name] = value
    return found


def _encode(value) -> bytes:
    """JSON bytes. orjson is several times faster than json on saves, which carry the whole log;
    json takes over for what orjson refuses but JSON can carry (an integer beyond 64 bits, say)."""
    try:
        return orjson.dumps(value)
    except TypeError:
        return json.dumps(value, allow_nan=False).encode()


def _copy(value):
    """A deep copy of plain JSON data, as JSON would bring it back."""
    return orjson.loads(_encode(value))
