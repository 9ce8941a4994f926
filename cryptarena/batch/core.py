"""The batched simulator's core: the array backend, the chance sources, the driver loop and the fold
into the very report `cryptarena simulate` prints (docs/batch.md).

A batch game holds n games of one rules set as arrays and moves every unfinished one by one decision
per `step`. Every random event goes through a source object: `RandomSource` (counter-based, so a
game's draws depend only on the seed, its game index and its own draw count, never on the batch it
shares) or `ScriptedSource` (listed outcomes, for the tests that play the scalar engine and the batch
side by side).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import numpy as np

from .. import games as registry
from ..ai.stats import Moments, RunTally, ScoreTally
from ..engine import CryptArenaError, OptionError

# id -> module of its batch version; imported on first use, so a game's module may be missing
GAMES = {"midas": "cryptarena.batch.midas", "quartz": "cryptarena.batch.quartz"}
BACKENDS = ("auto", "numpy", "numba", "jax")
DEFAULT_CHUNK = 50_000
MAX_STEPS = 100_000  # a batch still running after this many decisions is stuck (a rules bug)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GAME_KEY = np.uint64(0xD1B54A32D192ED03)
_STREAM_KEY = np.uint64(0x8CB92BA72F3D8DD7)


class BatchSetupError(ValueError):
    """A batch run asked for something the batch cannot do; `param` names the CLI option at fault."""

    def __init__(self, message: str, param: str | None = None):
        super().__init__(message)
        self.param = param


# ------------------------------------------------------------------------------------ backend
class Backend:
    """`xp` is numpy or jax.numpy; game code uses only `xp` and these few helpers, so one code path
    serves both (no item assignment on arrays: jax arrays are immutable)."""

    def __init__(self, name: str, xp):
        self.name, self.xp = name, xp
        # jax compiles each operation again for every new array shape: there a batch keeps its shape
        # (masks, no sub-batches, finished games not dropped); numpy and numba's fallback need not
        self.fixed_shapes = name == "jax"

    def asnumpy(self, array) -> np.ndarray:
        return np.asarray(array)

    def set_at(self, array, index, values):
        """`array` with array[index] = values: jax returns a new array, numpy writes in place (so
        only on an array the caller owns: game state is replaced, never shared, between steps)."""
        if self.name == "jax":
            return array.at[index].set(values)
        array[index] = values
        return array

    def __repr__(self) -> str:
        return f"Backend({self.name!r})"


_BACKENDS: dict[str, Backend] = {}


def compiled_available() -> bool:
    """Whether numba is installed (the compiled backend needs it)."""
    return importlib.util.find_spec("numba") is not None


def backend(name: str = "numpy") -> Backend:
    """The numpy backend; numba (compiled kernels where a game has one for the run's policies, the
    numpy code otherwise: docs/batch.md); jax.numpy with 64-bit integers (the chance hash needs
    uint64); or auto: numba where it is installed, else numpy."""
    if name == "auto":
        name = "numba" if compiled_available() else "numpy"
    found = _BACKENDS.get(name)
    if found is not None:
        return found
    if name == "numpy":
        found = Backend("numpy", np)
    elif name == "numba":
        if not compiled_available():
            raise BatchSetupError("the numba backend needs numba: pip install numba (make setup installs it)",
                                  "--array-backend")
        found = Backend("numba", np)
    elif name == "jax":
        try:
            import jax
        except ImportError:
            raise BatchSetupError("the jax backend needs jax: pip install jax (CPU), or jax[cuda12] for a GPU",
                                  "--array-backend") from None
        jax.config.update("jax_enable_x64", True)
        found = Backend("jax", jax.numpy)
    else:
        raise BatchSetupError(f"unknown array backend {name!r}; choose one of {', '.join(BACKENDS)}",
                              "--array-backend")
    _BACKENDS[name] = found
    return found


def some(mask) -> bool:
    """Whether any game of `mask` is concerned: guards work that no game needs this step. Always
    True while jax traces (a traced array has no value yet), so a step can be put under jax.jit."""
    if _traced(mask):
        return True
    return bool(mask.any())


def _traced(array) -> bool:
    if not type(array).__module__.startswith("jax"):
        return False
    from jax._src.core import Tracer
    return isinstance(array, Tracer)


get_backend = backend  # for functions whose `backend` parameter is the backend's name


def _mix(xp, z):
    """splitmix64's finaliser (the engine's Rng uses the same), on uint64 arrays."""
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def _below_from_bits(xp, bits, k):
    """An integer in [0, k) from 64 random bits: the high 32 bits scaled (bias under k / 2**32)."""
    return ((bits >> np.uint64(32)) * xp.asarray(k).astype(xp.uint64)) >> np.uint64(32)


# ------------------------------------------------------------------------------------ chance
class RandomSource:
    """Counter-based chance: game g's j-th draw is a hash of (seed, stream, game_index[g], j), so a
    game plays the same in any batch and any chunking. `stream` separates independent sources of one
    run (the rules' chance and the policies' choices)."""

    def __init__(self, backend: Backend, seed: int, game_index, stream: int = 0):
        self.backend = backend
        xp = backend.xp
        index = np.asarray(game_index, dtype=np.uint64)
        key = _mix(np, np.array([int(seed) & (2**64 - 1)], dtype=np.uint64) + np.uint64(stream) * _STREAM_KEY)
        base = _mix(np, (key ^ (index * _GAME_KEY)) + _GOLDEN)
        self.base = xp.asarray(base)
        self.counter = xp.zeros(index.shape[0], dtype=xp.uint64)

    def _next(self, mask, rows=None):
        xp = self.backend.xp
        mask = xp.asarray(mask).astype(xp.uint64)
        if rows is None:
            self.counter = self.counter + mask
            return _mix(xp, self.base + self.counter * _GOLDEN)
        counter = self.counter[rows] + mask
        self.counter = self.backend.set_at(self.counter, rows, counter)
        return _mix(xp, self.base[rows] + counter * _GOLDEN)

    def pick(self, mask, weights, rows=None):
        """(`rows`: mask and weights describe those games only; the others draw nothing.)"""
        xp = self.backend.xp
        mask = xp.asarray(mask)
        weights = xp.asarray(weights)
        bits = self._next(mask, rows)
        cumulative = xp.cumsum(weights, axis=1)
        total = cumulative[:, -1]
        if not _traced(total) and bool(xp.any(mask & (total <= 0))):
            raise ValueError("a pick with no weight to draw from")
        r = _below_from_bits(xp, bits, xp.maximum(total, 1)).astype(cumulative.dtype)
        index = xp.sum(cumulative <= r[:, None], axis=1)
        return xp.where(mask, index, 0)

    def dice(self, mask, count: int, sides: int):
        xp = self.backend.xp
        mask = xp.asarray(mask)
        return self.dice_masked(mask[:, None] & xp.ones((1, count), dtype=bool), sides)

    def dice_masked(self, valid, sides: int, rows=None):
        """One face in 0..sides-1 for each true cell of `valid` (bool[n, m]), drawn in row order, as
        that many successive picks with equal weights; false cells are 0 and draw nothing. (The one
        call for a round's cups when each seat holds a different number of dice.) With `rows`,
        valid's rows are those games only (the others draw nothing)."""
        xp = self.backend.xp
        valid = xp.asarray(valid)
        steps = xp.cumsum(valid.astype(xp.uint64), axis=1)
        if rows is None:
            base, counter = self.base, self.counter
        else:
            base, counter = self.base[rows], self.counter[rows]
        bits = _mix(xp, base[:, None] + (counter[:, None] + steps) * _GOLDEN)
        if rows is None:
            self.counter = counter + steps[:, -1]
        else:
            self.counter = self.backend.set_at(self.counter, rows, counter + steps[:, -1])
        return xp.where(valid, _below_from_bits(xp, bits, sides).astype(xp.int64), 0)

    def take(self, index) -> "RandomSource":
        """The source of the games at `index` only (their streams carry on)."""
        kept = RandomSource.__new__(RandomSource)
        kept.backend, kept.base, kept.counter = self.backend, self.base[index], self.counter[index]
        return kept

    def below(self, mask, k, rows=None):
        """A uniform integer in [0, k[g]) per game of `mask` (a pick among k[g] equal weights)."""
        xp = self.backend.xp
        bits = self._next(mask, rows)
        return xp.where(xp.asarray(mask), _below_from_bits(xp, bits, xp.maximum(xp.asarray(k), 1)).astype(xp.int64),
                        0)


class ScriptedSource:
    """Game g's draws are the listed category indices, in order (tests: the scalar engine's chance
    outcomes fed to the batch). A listed index out of range or of weight 0 raises ValueError, and so
    does running out, unless `fallback(g, possible)` is given: it then chooses among the possible
    indices and its choice is appended to the game's list. `calls[g]` records each draw's kind of
    call ("pick", "dice" or "below"), so a test can tell the scalar engine what to script."""

    def __init__(self, per_game: list[list[int]], array_backend: Backend | None = None,
                 fallback: Callable[[int, list[int]], int] | None = None):
        self.backend = array_backend or backend("numpy")
        self.per_game = per_game
        self.position = [0] * len(per_game)
        self.fallback = fallback
        self.calls: list[list[str]] = [[] for _ in per_game]

    def _take(self, g: int, size: int, allowed, call: str) -> int:
        script, at = self.per_game[g], self.position[g]
        if at >= len(script):
            if self.fallback is None:
                raise ValueError(f"game {g} has run out of scripted outcomes (after {at})")
            script.append(self.fallback(g, [v for v in range(size) if allowed(v)]))
        value = int(script[at])
        if not (0 <= value < size and allowed(value)):
            raise ValueError(f"game {g}: scripted outcome {value} (draw {at}) is not a possible one here")
        self.position[g] = at + 1
        self.calls[g].append(call)
        return value

    def pick(self, mask, weights, rows=None):
        mask, weights = np.asarray(mask), np.asarray(weights)
        games = np.arange(mask.shape[0]) if rows is None else np.asarray(rows)
        out = np.zeros(mask.shape[0], dtype=np.int64)
        for g in np.flatnonzero(mask):
            out[g] = self._take(int(games[g]), weights.shape[1], lambda v: weights[g, v] > 0, "pick")
        return self.backend.xp.asarray(out)

    def dice(self, mask, count: int, sides: int):
        mask = np.asarray(mask)
        return self.dice_masked(mask[:, None] & np.ones((1, count), dtype=bool), sides)

    def dice_masked(self, valid, sides: int, rows=None):
        valid = np.asarray(valid)
        games = np.arange(valid.shape[0]) if rows is None else np.asarray(rows)
        out = np.zeros(valid.shape, dtype=np.int64)
        for r, j in zip(*np.nonzero(valid)):  # row-major: game by game, cells in order
            out[r, j] = self._take(int(games[r]), sides, lambda v: True, "dice")
        return self.backend.xp.asarray(out)

    def take(self, index) -> "ScriptedSource":
        """The source of the games at `index` only (their lists and positions carry on)."""
        index = [int(i) for i in np.asarray(index)]
        kept = ScriptedSource([self.per_game[i] for i in index], self.backend, self.fallback)
        kept.position = [self.position[i] for i in index]
        kept.calls = [self.calls[i] for i in index]
        return kept

    def below(self, mask, k, rows=None):
        mask = np.asarray(mask)
        k = np.broadcast_to(np.asarray(k), mask.shape)
        games = np.arange(mask.shape[0]) if rows is None else np.asarray(rows)
        out = np.zeros(mask.shape[0], dtype=np.int64)
        for g in np.flatnonzero(mask):
            out[g] = self._take(int(games[g]), int(k[g]), lambda v: True, "below")
        return self.backend.xp.asarray(out)


class Restricted:
    """A source whose draws are confined to the games of `mask`: a policy playing some games of a
    batch must not advance the other games' streams (their draws would then depend on the batch)."""

    def __init__(self, source, mask):
        self.source, self.mask = source, mask
        self.backend = source.backend

    def _mine(self, rows):
        return self.mask if rows is None else self.mask[rows]

    def pick(self, mask, weights, rows=None):
        return self.source.pick(mask & self._mine(rows), weights, rows=rows)

    def dice(self, mask, count: int, sides: int):
        return self.source.dice(mask & self.mask, count, sides)

    def dice_masked(self, valid, sides: int, rows=None):
        return self.source.dice_masked(valid & self._mine(rows)[:, None], sides, rows=rows)

    def below(self, mask, k, rows=None):
        return self.source.below(mask & self._mine(rows), k, rows=rows)


class RowSource:
    """The games at `rows` of a batch, seen as a batch of their own (a sub-batch draws from its
    games' own streams)."""

    def __init__(self, source, rows):
        self.source, self.rows = source, rows
        self.backend = source.backend

    def _rows(self, rows):
        return self.rows if rows is None else self.rows[rows]

    def pick(self, mask, weights, rows=None):
        return self.source.pick(mask, weights, rows=self._rows(rows))

    def dice(self, mask, count: int, sides: int):
        return self.dice_masked(mask[:, None] & self.source.backend.xp.ones((1, count), dtype=bool), sides)

    def dice_masked(self, valid, sides: int, rows=None):
        return self.source.dice_masked(valid, sides, rows=self._rows(rows))

    def below(self, mask, k, rows=None):
        return self.source.below(mask, k, rows=self._rows(rows))


# ------------------------------------------------------------------------------------ results
@dataclass
class BatchResult:
    """What n finished games leave, as arrays (numpy): the scalar `scores()`, `winners()` and the
    number of decisions (`apply` calls) of each game."""

    totals: np.ndarray            # int[n, p]
    breakdown: dict               # item -> int[n, p], in the engine's order of items
    winners: np.ndarray           # bool[n, p]
    length: np.ndarray            # int[n]


def batch_ids() -> list[str]:
    """The games with a batch version installed."""
    return [gid for gid, module in GAMES.items() if importlib.util.find_spec(module) is not None]


def load(game_id: str):
    """The batch game class of `game_id`."""
    module = GAMES.get(game_id)
    if module is None or importlib.util.find_spec(module) is None:
        have = ", ".join(batch_ids()) or "none"
        raise BatchSetupError(f"{game_id} has no batch version (games with one: {have})", "GAME_ID")
    mod = importlib.import_module(module)
    found = getattr(mod, "BATCH_GAME", None)
    if found is None:  # else the module's class whose id is the game's
        found = next((v for v in vars(mod).values() if isinstance(v, type) and getattr(v, "id", None) == game_id
                      and hasattr(v, "policies")), None)
    if found is None:
        raise BatchSetupError(f"{module} defines no batch game for {game_id}", "GAME_ID")
    return found


def play(game_cls, backend_: Backend, players: int, n: int, options: dict, seats_policy, seed: int,
         game_index, *, source=None, policy_source=None) -> BatchResult:
    """Play n games to their end. seats_policy[g, seat] indexes game_cls.policies. Chance comes from
    RandomSource(seed, stream 0) and the policies' choices from RandomSource(seed, stream 1), unless
    sources are given. A game class with `take(index)` has its finished games dropped whenever a
    fifth of the batch has finished (the steps then cost only what is still being played)."""
    xp = backend_.xp
    index = np.asarray(game_index)
    if backend_.name == "numba" and source is None and policy_source is None:
        done = play_compiled(game_cls, players, n, options, seats_policy, seed, index)
        if done is not None:
            return done
    source = source if source is not None else RandomSource(backend_, seed, index, stream=0)
    policy_source = policy_source if policy_source is not None else RandomSource(backend_, seed, index, stream=1)
    game = game_cls(backend_, players, n, options, source)
    seats_policy = np.asarray(seats_policy, dtype=np.int64)
    used = sorted(set(seats_policy.ravel().tolist()))
    seats_policy = xp.asarray(seats_policy)
    origin = np.arange(n)  # each game's row in the result
    parts: list[tuple[np.ndarray, BatchResult]] = []
    for _ in range(MAX_STEPS):
        seat = game.to_act()
        active = seat >= 0
        live = int(xp.sum(active))
        if not live:
            parts.append((origin, game.result()))
            return _assemble(parts, n)
        if not backend_.fixed_shapes and hasattr(game, "take") and live * 5 <= origin.shape[0] * 4 \
                and origin.shape[0] >= 64:
            finished = np.asarray(backend_.asnumpy(~active))
            parts.append((origin[finished], _rows(game.result(), finished)))
            keep = np.flatnonzero(~finished)
            game = game.take(xp.asarray(keep))
            policy_source = policy_source.take(xp.asarray(keep))
            seats_policy = seats_policy[xp.asarray(keep)]
            origin = origin[keep]
            seat = game.to_act()
            active = seat >= 0
        if len(used) == 1:
            actions = game.policy(game_cls.policies[used[0]], policy_source)
        else:
            chosen = xp.take_along_axis(seats_policy, xp.maximum(seat, 0)[:, None], axis=1)[:, 0]
            actions = xp.zeros(seat.shape[0], dtype=xp.int64)
            for k in used:
                mine = active & (chosen == k)
                if some(mine):  # only the games it plays draw from their streams
                    choice = game.policy(game_cls.policies[k], Restricted(policy_source, mine))
                    actions = xp.where(mine, choice, actions)
        game.step(actions)
    raise RuntimeError(f"a batch of {game_cls.id} has not ended after {MAX_STEPS} decisions")


def compiled_kernel(game_cls, seats_policy):
    """The game's compiled module (batch/<id>_compiled.py, named by the class's `compiled`) when it
    plays every policy of `seats_policy`, else None."""
    name = getattr(game_cls, "compiled", None)
    if name is None or not compiled_available():
        return None
    module = importlib.import_module(name)
    used = {game_cls.policies[k] for k in set(np.asarray(seats_policy).ravel().tolist())}
    return module if used <= set(module.POLICIES) else None


def play_compiled(game_cls, players: int, n: int, options: dict, seats_policy, seed: int, game_index):
    """`play` by the game's compiled kernel (the same games, drawn from the same streams), or None
    where the game has none for these policies."""
    module = compiled_kernel(game_cls, seats_policy)
    if module is None:
        return None
    numpy_ = backend("numpy")
    rules = RandomSource(numpy_, seed, game_index, stream=0).base
    policies = RandomSource(numpy_, seed, game_index, stream=1).base
    seats = np.ascontiguousarray(np.asarray(seats_policy, dtype=np.int64).reshape(n, players))
    return module.play(players, n, options, seats, rules, policies)


def _rows(result: BatchResult, rows) -> BatchResult:
    return BatchResult(totals=np.asarray(result.totals)[rows],
                       breakdown={k: np.asarray(v)[rows] for k, v in result.breakdown.items()},
                       winners=np.asarray(result.winners)[rows], length=np.asarray(result.length)[rows])


def _assemble(parts: list, n: int) -> BatchResult:
    """The results of the games dropped along the way and of the last batch, in game order."""
    if len(parts) == 1 and np.array_equal(parts[0][0], np.arange(n)):
        return _rows(parts[0][1], slice(None))
    origin = np.concatenate([o for o, _ in parts])
    order = np.argsort(origin, kind="stable")
    results = [r for _, r in parts]
    return BatchResult(totals=np.concatenate([r.totals for r in results])[order],
                       breakdown={k: np.concatenate([r.breakdown[k] for r in results])[order]
                                  for k in results[0].breakdown},
                       winners=np.concatenate([r.winners for r in results])[order],
                       length=np.concatenate([r.length for r in results])[order])


# ------------------------------------------------------------------------------------ runs
def policy_names(game, game_cls, agents: list[str]) -> list[str]:
    """Each agent name as the batch policy that plays it ("medium" is the game's heuristic bot)."""
    from ..ai.agents import medium_name
    found = []
    for name in agents:
        policy = medium_name(game) if name == "medium" else name
        if policy not in game_cls.policies:
            raise BatchSetupError(f"the batch version of {game.id} has no agent {name!r}; it plays "
                                  f"{', '.join(game_cls.policies)} (and medium = {medium_name(game)})", "--agents")
        found.append(policy)
    return found


def check_run(game_id: str, players: int, games: int, agents: list[str], options: dict | None):
    """Everything that can be wrong with a batch run, before the first game: (game, batch class,
    clean agent names, their policies, resolved options)."""
    try:
        game = registry.load(game_id)
    except CryptArenaError as exc:
        raise BatchSetupError(exc.reason, "GAME_ID") from None
    game_cls = load(game_id)
    try:
        resolved = game.check_table(players, options)
    except OptionError as exc:
        raise BatchSetupError(exc.reason, "--option") from None
    names = [name.strip() for name in agents]
    if not names or any(not name for name in names):
        raise BatchSetupError("give one or more agent names separated by commas, e.g. random", "--agents")
    if games < 1:
        raise BatchSetupError(f"the number of games must be at least 1, not {games}", "--games")
    refusal = getattr(game_cls, "refuse", None)
    if refusal is not None:
        reason = refusal(players, resolved)
        if reason:
            raise BatchSetupError(reason, "--option")
    return game, game_cls, names, policy_names(game, game_cls, names), resolved


def fold(result: BatchResult, seating: np.ndarray, agents: list[str], teams: list[str] | None = None) -> RunTally:
    """A RunTally of these games, exactly as RunTally.add would fold them one by one. seating[g, seat]
    indexes `agents` (the names as given, repeats allowed)."""
    totals, winners, length = (np.asarray(result.totals), np.asarray(result.winners, dtype=bool),
                               np.asarray(result.length))
    n, players = totals.shape
    tally = RunTally(players, teams=teams)
    tally.games = n
    tally.length = _moments(length)
    count = winners.sum(axis=1)
    tally.no_winner_games = int((count == 0).sum())
    if teams:
        order = list(dict.fromkeys(teams))
        team_won = np.stack([winners[:, [s for s in range(players) if teams[s] == t]].any(axis=1) for t in order], 1)
        tally.shared_win_games = int((team_won.sum(axis=1) > 1).sum())
    else:
        tally.shared_win_games = int((count > 1).sum())
    breakdown = {item: np.asarray(values) for item, values in result.breakdown.items()}

    def wins(mask) -> Fraction:
        won = Fraction(0)
        for k in np.unique(count[count > 0]):
            won += Fraction(int((winners & mask & (count == k)[:, None]).sum()), int(k))
        return won

    def scores(mask) -> ScoreTally:
        return ScoreTally(total=_moments(totals[mask]),
                          breakdown={item: _moments(values[mask]) for item, values in breakdown.items()})

    for seat in range(players):
        column = np.zeros((n, players), dtype=bool)
        column[:, seat] = True
        tally.seat_wins[seat] = wins(column)
        tally.seat_scores[seat] = scores(column)
    names = list(dict.fromkeys(agents))
    for name in names:
        mask = np.isin(seating, [i for i, a in enumerate(agents) if a == name])
        if not mask.any():
            continue
        tally.agent_seat_games[name] = int(mask.sum())
        tally.agent_wins[name] = wins(mask)
        tally.agent_scores[name] = scores(mask)
    return tally


def _moments(values: np.ndarray) -> Moments:
    values = np.asarray(values).astype(np.int64).ravel()
    if not values.size:
        return Moments()
    return Moments(count=int(values.size), total=int(values.sum()), total_sq=int((values * values).sum()),
                   low=int(values.min()), high=int(values.max()))


def seating_indices(players: int, start: int, stop: int, agents: int) -> np.ndarray:
    """simulate's rotation: in game g, seat i is played by agents[(i + g) % len(agents)]."""
    g = np.arange(start, stop)[:, None]
    return (np.arange(players)[None, :] + g) % agents


def run_batch(game_id: str, players: int, games: int, agents: list[str], seed: int = 0, options: dict | None = None,
              backend: str = "auto", chunk: int = DEFAULT_CHUNK,
              on_progress: Callable[[int], None] | None = None) -> dict:
    """`simulate`'s report (ai/simulate.py build_report) for `games` games played as arrays, chunk by
    chunk; game g is the same game whatever the chunk size."""
    from ..ai.simulate import build_report
    game, game_cls, names, policies, resolved = check_run(game_id, players, games, agents, options)
    bk = get_backend(backend)
    if chunk < 1:
        raise BatchSetupError(f"the chunk size must be at least 1, not {chunk}", "--chunk")
    teams = game.seat_teams(players, resolved)
    policy_index = [game_cls.policies.index(p) for p in policies]
    total = RunTally(players, teams=teams)
    for start in range(0, games, chunk):
        stop = min(start + chunk, games)
        seating = seating_indices(players, start, stop, len(names))
        seats_policy = np.asarray(policy_index)[seating]
        result = play(game_cls, bk, players, stop - start, resolved, seats_policy, seed, np.arange(start, stop))
        total.merge(fold(result, seating, names, teams))
        if on_progress:
            on_progress(stop - start)
    return build_report(game_id, players, seed, names, resolved, total, teams)
