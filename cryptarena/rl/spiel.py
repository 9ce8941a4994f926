"""Every game of ours as an OpenSpiel game (docs/rl.md), registered as `cryptarena_<id>`.

- Sequential, imperfect information, explicit chance: every draw the engine makes, from the
  set-up's shuffles on, is a chance node (chance.py); an action that draws is resolved once all
  its draws are chosen. The initial state is the set-up's first chance node.
- Seats that may act at once (a simultaneous choice) are asked one at a time, in `to_act()`
  order; the engine's views hide what the earlier ones chose.
- Parameters: `players`, `max_steps` (the step cap, table.py) and every table option by its name.
- Returns at the end only (table.returns): zero-sum where every seat is its own side and there are
  at least two (Quartz, Midas, Pharaoh), general-sum otherwise (Crypt's solo, Crusade's teams of
  unequal size). A table capped at `max_steps` ends with 0 for everyone.
- Observation: the game's observation encoding of `view(player)` (`view(None)`, the public part,
  for an observer asked for public information only). Information state: the same tensor; its
  string adds a digest of everything the seat has read in the log, so that it has perfect recall.
- `resample_from_infostate` is the engine's `determinize`; serialisation is OpenSpiel's pickling
  of the state, whose table travels as its JSON save.
"""

from __future__ import annotations

import hashlib

import numpy as np
import orjson
import pyspiel

from .. import games
from ..engine import Rng
from .chance import BASE, ChanceRng, NeedChance
from .table import DEFAULT_MAX_STEPS, Setup, render, returns, setup

SETUP = "setup"  # the pending step of a table not laid out yet


def register(game_id: str) -> str:
    """Register `game_id` with OpenSpiel (once); returns its short name."""
    name = f"cryptarena_{game_id}"
    if name in pyspiel.registered_names():
        return name
    game = games.load(game_id)
    counts = range(game.min_players, game.max_players + 1)
    zero_sum = game.min_players >= 2 and all(game.seat_teams(n) is None for n in counts)
    defaults = {"players": game.min_players, "max_steps": DEFAULT_MAX_STEPS,
                **{option["name"]: option["default"] for option in game.options_schema()}}
    game_type = pyspiel.GameType(
        short_name=name, long_name=f"Crypt Arena: {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=defaults)
    # a class, not a closure: OpenSpiel's registry keeps its creator until the interpreter has gone,
    # and dropping a closure then aborts the process (a class is never freed at that point)
    creator = type(f"CryptArenaGame_{game_id}", (CryptArenaGame,), {"game_id": game_id, "game_type": game_type})
    pyspiel.register_game(game_type, creator)
    return name


def openspiel_game(game_id: str, players: int, options: dict | None = None,
                   max_steps: int = DEFAULT_MAX_STEPS) -> pyspiel.Game:
    """A `players`-seat table of `game_id` as a pyspiel game (loaded by name, so that OpenSpiel's own
    serialisation finds it again). OptionError or NoEncoding, as they are, before OpenSpiel is asked."""
    setup(game_id, players, options)
    name = register(game_id)
    return pyspiel.load_game(name, {"players": players, "max_steps": max_steps, **(options or {})})


class CryptArenaGame(pyspiel.Game):
    """One of our games at one table size and options; `register` makes a subclass per game."""

    game_id: str
    game_type: pyspiel.GameType

    def __init__(self, params: dict):
        params = dict(params)
        players, max_steps = params.pop("players"), params.pop("max_steps")
        self.config: Setup = setup(self.game_id, players, params)
        self.max_steps = max_steps
        low, high = self.config.utility_range()
        zero_sum = self.game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=self.config.actions.size, max_chance_outcomes=BASE, num_players=players,
            min_utility=low, max_utility=high, utility_sum=0.0 if zero_sum else None,
            max_game_length=max_steps)
        super().__init__(self.game_type, info, {"players": players, "max_steps": max_steps, **self.config.options})

    def new_initial_state(self) -> "CryptArenaState":
        return CryptArenaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "Observer":
        return Observer(self.config, iig_obs_type, params)


class Play:
    """The engine's table behind one OpenSpiel state, and the step being resolved: the set-up or a
    seat's action, with the chance picks chosen for it so far. Copied with the engine's `clone`
    (OpenSpiel deep-copies a state's attributes) and pickled as the table's JSON save."""

    def __init__(self, config: Setup):
        self.config = config
        self.table = None
        self.pending: object = SETUP  # SETUP, (seat, action) or None
        self.picks: list[int] = []
        self.outcomes: list[tuple[int, float]] | None = None  # the chance node's, once known
        self.steps = 0
        # what the table looks like to a seat, asked again and again (each player's observation and
        # information state at every node): seat -> vector, until the table moves
        self.vectors: dict = {}
        # seat -> (log entries read, a running digest of them): the log only grows
        self.read: dict = {}

    def resolve(self) -> None:
        """Run the pending step with the picks chosen so far: it either completes (the table moves
        on) or stops at its next draw, whose outcomes make the chance node."""
        if self.pending is None or self.outcomes is not None:
            return
        rng = ChanceRng(self.picks)
        try:
            if self.pending == SETUP:
                table = self.config.game.new_state(self.config.players, 0, self.config.options, rng=rng)
            else:
                table = fork(self.table)
                table.rng = rng
                table.apply(*self.pending)
        except NeedChance as need:
            self.outcomes = need.outcomes
            return
        table.rng = Rng(0)  # never drawn from: each draw is a chance node
        self.table, self.pending, self.picks, self.vectors = table, None, [], {}

    def replace_table(self, table) -> None:
        """Another table in place of this one (a determinised copy): nothing read from it holds."""
        self.table, self.vectors, self.read = table, {}, {}

    # -- what a seat sees ---------------------------------------------------------------------
    def vector(self, seat: int | None) -> list[float]:
        if seat not in self.vectors:
            self.vectors[seat] = self.config.observations.encode(self.table.view(seat))
        return self.vectors[seat]

    def log_digest(self, seat: int | None) -> str:
        """A digest of every log entry `seat` may read, entry by entry (so the same log gives the
        same digest however often it was asked on the way)."""
        count, digest = self.read.get(seat, (0, None))
        if digest is None:
            digest = hashlib.blake2b(digest_size=16)
        if count < len(self.table.log):
            digest = digest.copy()
            for entry in self.table.log_for(seat, count):
                digest.update(orjson.dumps(entry, option=orjson.OPT_SORT_KEYS) + b"\n")
            self.read[seat] = count, digest = len(self.table.log), digest
        return digest.hexdigest()

    # -- copies and saves ---------------------------------------------------------------------
    def __deepcopy__(self, memo) -> "Play":
        twin = Play.__new__(Play)
        twin.__dict__.update(self.__dict__)
        twin.table = None if self.table is None else fork(self.table)
        twin.picks = list(self.picks)
        twin.vectors = dict(self.vectors)  # vectors are never changed, only replaced
        twin.read = dict(self.read)  # digests are copied before they are extended
        return twin

    def __getstate__(self) -> dict:
        data = {k: v for k, v in self.__dict__.items() if k not in ("vectors", "read")}
        data["config"] = (self.config.game_id, self.config.players, self.config.options)
        data["table"] = None if self.table is None else self.table.dumps()
        return data

    def __setstate__(self, data: dict) -> None:
        self.__dict__.update(data)
        self.config = setup(*data["config"])
        self.vectors, self.read = {}, {}
        if data["table"] is not None:
            self.table = self.config.game.from_json(data["table"])


def fork(table):
    """`table.clone()`, sharing the entries of its log and history: they are written once and never
    changed, and copying them is most of a clone's cost late in a game."""
    log, history = table.log, table.history
    table.log, table.history = [], []
    try:
        twin = table.clone()
    finally:
        table.log, table.history = log, history
    twin.log, twin.history = list(log), list(history)
    return twin


class CryptArenaState(pyspiel.State):
    def __init__(self, game: CryptArenaGame):
        super().__init__(game)
        self.play = Play(game.config)  # nothing runs yet: OpenSpiel makes one of these per clone
        self.max_steps = game.max_steps

    # -- whose turn ---------------------------------------------------------------------------
    def current_player(self) -> int:
        play = self.play
        play.resolve()
        if play.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if play.table.is_over() or play.steps >= self.max_steps:
            return pyspiel.PlayerId.TERMINAL
        return play.table.to_act()[0]

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self.play.resolve()
        return list(self.play.outcomes)

    def _legal_actions(self, player: int) -> list[int]:
        play = self.play
        return sorted(play.config.actions.indices(play.table.legal_actions(player)))

    # -- moving on ----------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        play = self.play
        if self.current_player() == pyspiel.PlayerId.CHANCE:
            if action not in {pick for pick, _ in play.outcomes}:
                raise ValueError(f"{action} is not a chance outcome here")
            play.picks.append(int(action))
            play.outcomes = None
            play.resolve()
            return
        seat = play.table.to_act()[0]
        play.pending = (seat, play.config.actions.action(int(action)))
        try:
            play.resolve()  # an illegal action raises here, the table untouched (the engine's apply)
        except Exception:
            play.pending = None
            raise
        play.steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return orjson.dumps(self.play.config.actions.action(int(action)), option=orjson.OPT_SORT_KEYS).decode()

    def returns(self) -> list[float]:
        play = self.play
        if not self.is_terminal() or not play.table.is_over():
            return [0.0] * play.config.players
        return returns(play.config, play.table)

    # -- what a seat knows --------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler) -> "CryptArenaState":
        """A state `player_id` cannot tell from this one: the table from `determinize`, seeded by the
        sampler; a pending step keeps its action, its chance picks are drawn again."""
        twin = self.clone()
        play = twin.play
        if play.table is not None:
            seed = int(probability_sampler() * (1 << 53))
            play.replace_table(play.table.determinize(player_id, Rng(seed)))
        if play.pending is not None:
            play.picks, play.outcomes = [], None
        return twin

    def __str__(self) -> str:
        play = self.play
        text = render(play.table, play.steps)
        if play.pending is not None:
            step = "set-up" if play.pending == SETUP else f"seat {play.pending[0]} playing {play.pending[1]}"
            text += f"\nresolving the {step}: chance outcomes so far {play.picks}"
        return text


class Observer:
    """OpenSpiel's observer interface: one flat tensor, the game's observation encoding."""

    def __init__(self, config: Setup, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("every seat's private information at once is not offered: views are per seat")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.encoding = config.observations
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: CryptArenaState, player: int) -> None:
        play = state.play
        if play.table is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = play.vector(self._seat(player))

    def string_from(self, state: CryptArenaState, player: int) -> str:
        seat, play = self._seat(player), state.play
        if play.table is None:
            return "set-up"
        text = orjson.dumps(play.table.view(seat), option=orjson.OPT_SORT_KEYS).decode()
        if self.recall:
            text += " log " + play.log_digest(seat)
        return text


# as OpenSpiel's own Python games do: importing the module registers them, so that
# pyspiel.load_game("cryptarena_quartz(players=4)") and deserialising a saved state work
for _game_id in games.ids():
    register(_game_id)

__all__ = ["CryptArenaGame", "CryptArenaState", "openspiel_game", "register"]
