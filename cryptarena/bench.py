"""`cryptarena bench`: random-playout throughput of every game, beside OpenSpiel's.

A *run* plays uniformly random games back to back for about `seconds` seconds of play (the
clock runs while a game is played, the game in progress is always finished, so every counted game
is complete) and counts games and steps. A
*step* is one decision or one chance outcome, on both sides:

- ours: one `state.apply(seat, action)` call is one decision; the dice rolled and cards revealed
  inside it are counted from the log entries marked "chance" (one per die or card), because our
  games roll inside `apply` where OpenSpiel has a separate chance node for each outcome.
- OpenSpiel: every `state.apply_action(a)`, chance nodes included.

Our games are played as simulations play them: every action validated, the history recorded, the
readable log not written (`keep_log=False`; OpenSpiel keeps no log either). The chance outcomes
are then counted, off the clock, on a logged replay of the same game (seed + history), which
also proves the timed game replayable. `--with-log` times logged games instead.

Each measurement is repeated `runs` times and the median (with min and max) is reported. Runs are
interleaved (run 1 of every row, then run 2, ...), and each run of one of our rows follows a run of
the reference just before it: a row's "× ref" is the median over its runs of its steps/s ÷ that
reference run's. A virtual machine's speed drifts by tens of percent within a minute, and the
ratios of medians measured a row apart (up to half a minute) inherited that drift; a ratio
measured side by side does not. The loops
are as lean as each side allows: no agent objects, no views; the same seeded engine `Rng` picks
actions (and samples OpenSpiel's chance outcomes) on both sides.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable, Iterable

import orjson
from rich.console import Console
from rich.table import Table

from . import games
from .engine import Rng, derive_seed

MISSING_OPENSPIEL = "open_spiel not installed: `make bench` installs it"
# The reference every row is compared with: OpenSpiel's pure-Python game, i.e. the speed of a
# careful Python implementation of a small dice/bluff game.
REFERENCE = "python_liars_poker"
OPENSPIEL_GAMES = (("python_liars_poker", "OpenSpiel py"), ("liars_dice", "OpenSpiel C++"))

# plays one complete random game, returns (decisions, chance outcomes), or for a game played
# without its log (decisions, the game), its chance outcomes counted once the clock is stopped
PlayOne = Callable[[Rng], tuple[int, "int | LoglessGame"]]


@dataclass
class Run:
    elapsed: float
    games: int
    decisions: int
    chance: int

    @property
    def steps(self) -> int:
        return self.decisions + self.chance


@dataclass
class Target:
    """One row of the table: a game at a player count, and how to play one random game of it."""

    game: str
    source: str
    players: int
    play_one: PlayOne = field(repr=False)
    runs: list[Run] = field(default_factory=list)
    # per run, its steps/s ÷ the reference's in the run measured just before it (our rows)
    ref_ratios: list[float] = field(default_factory=list)

    def per_second(self, what: str) -> list[float]:
        return [getattr(r, what) / r.elapsed for r in self.runs]

    def summary(self) -> dict:
        steps, games_ = self.per_second("steps"), self.per_second("games")
        total = sum(r.games for r in self.runs) or 1
        return {
            "game": self.game, "source": self.source, "players": self.players, "runs": len(self.runs),
            "steps_per_s": {"median": statistics.median(steps), "min": min(steps), "max": max(steps)},
            "games_per_s": {"median": statistics.median(games_), "min": min(games_), "max": max(games_)},
            "decisions_per_s": {"median": statistics.median(self.per_second("decisions"))},
            "games": sum(r.games for r in self.runs),
            "steps_per_game": sum(r.steps for r in self.runs) / total,
            "decisions_per_game": sum(r.decisions for r in self.runs) / total,
            "chance_per_game": sum(r.chance for r in self.runs) / total,
            "x_ref": ({"median": statistics.median(self.ref_ratios), "min": min(self.ref_ratios),
                       "max": max(self.ref_ratios)} if self.ref_ratios else None),
        }


# ---- our games ------------------------------------------------------------------------------

def chance_outcomes_logged(log: list[dict]) -> int:
    """Dice and cards drawn, read from the engine's log schema: an entry's "chance" part holds a
    "values" list (several dice rolled at once) or one "value" (possibly only in its secret)."""
    count = 0
    for entry in log:
        chance = entry.get("chance")
        if chance is not None:
            values = chance.get("values") or entry.get("secret", {}).get("chance", {}).get("values")
            count += len(values) if values is not None else 1
    return count


def play_random(state, rng: Rng) -> int:
    """Play `state` to the end, uniformly at random; returns the number of decisions made."""
    decisions = 0
    while True:
        seats = state.to_act()
        if not seats:
            break
        seat = seats[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        decisions += 1
    if not state.is_over():  # a game that stalls would make every figure meaningless
        raise RuntimeError(f"{state.game.id}: nobody is to act but the game is not over")
    return decisions


def our_player(game_id: str, players: int, keep_log: bool = False) -> PlayOne:
    game = games.load(game_id)

    def play_one(rng: Rng) -> tuple[int, "int | LoglessGame"]:
        seed = rng.next64()
        state = game.new_state(players, seed=seed, keep_log=keep_log)
        decisions = play_random(state, rng)
        return decisions, chance_outcomes_logged(state.log) if keep_log else LoglessGame(state)

    return play_one


class LoglessGame:
    """A game timed without its log. Its chance outcomes are counted after the run, on a logged
    replay of its seed + history, kept meanwhile as JSON bytes: a run keeps thousands of games,
    and that many live dicts would slow the garbage collector during the games being timed."""

    __slots__ = ("game", "players", "seed", "history")

    def __init__(self, state):
        self.game, self.players, self.seed, self.history = state.game, state.players, state.seed, state.history

    def pack(self) -> "LoglessGame":
        self.history = orjson.dumps(self.history)
        return self

    def chance(self) -> int:
        replayed = self.game.replay(self.players, self.seed, None, orjson.loads(self.history))
        return chance_outcomes_logged(replayed.log)


def player_counts(game_id: str) -> list[int]:
    game = games.load(game_id)
    return list(range(game.min_players, game.max_players + 1))


# ---- OpenSpiel ------------------------------------------------------------------------------

def import_openspiel() -> tuple[ModuleType | None, str | None]:
    """pyspiel with OpenSpiel's Python games registered, or (None, why not)."""
    try:
        import pyspiel
        import open_spiel.python.games  # noqa: F401 - registers python_liars_poker and friends
    except ImportError as exc:
        return None, str(exc)
    return pyspiel, None


def openspiel_player(pyspiel: ModuleType, name: str) -> tuple[PlayOne, int]:
    game = pyspiel.load_game(name)

    def play_one(rng: Rng) -> tuple[int, int]:
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                # sample by probability with the same Rng our side uses
                u, action = rng.next64() / 2.0 ** 64, outcomes[-1][0]
                for outcome, probability in outcomes:
                    u -= probability
                    if u < 0:
                        action = outcome
                        break
                state.apply_action(action)
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
                decisions += 1
        return decisions, chance

    return play_one, game.num_players()


# ---- measuring ------------------------------------------------------------------------------

def build_targets(game_ids: Iterable[str], pyspiel: ModuleType | None, keep_log: bool = False) -> list[Target]:
    targets = [Target(gid, "ours", n, our_player(gid, n, keep_log))
               for gid in game_ids for n in player_counts(gid)]
    if pyspiel is not None:
        for name, source in OPENSPIEL_GAMES:
            play_one, players = openspiel_player(pyspiel, name)
            targets.append(Target(name, source, players, play_one))
    return targets


def measure_once(play_one: PlayOne, seconds: float, rng: Rng) -> Run:
    games_ = decisions = chance = 0
    logless: list[LoglessGame] = []
    clock = time.perf_counter
    elapsed = 0.0
    while elapsed < seconds:
        start = clock()
        d, c = play_one(rng)
        elapsed += clock() - start
        games_, decisions = games_ + 1, decisions + d
        if isinstance(c, LoglessGame):
            logless.append(c.pack())  # off the clock, like the count itself below
        else:
            chance += c
    return Run(elapsed, games_, decisions, chance + sum(g.chance() for g in logless))


def paired_reference(targets: list[Target]) -> Target | None:
    """The reference target, when it is to be measured beside our rows (it and one of ours are there)."""
    reference = next((t for t in targets if t.game == REFERENCE), None)
    return reference if reference is not None and any(t.source == "ours" for t in targets) else None


def measure(targets: list[Target], runs: int, seconds: float, seed: int = 0,
            progress: Callable[[Target, int], None] | None = None) -> None:
    """Fill each target's runs; run r of every target happens before run r+1 of any. With the
    reference among the targets, it is measured right before each run of one of our rows (its runs
    are those), and the row keeps its ratio to that run (`ref_ratios`)."""
    for i, target in enumerate(targets):  # warm-up: imports, caches, first-call costs
        target.play_one(Rng(derive_seed(seed, "warm-up", i)))
    reference = paired_reference(targets)
    for r in range(runs):
        for i, target in enumerate(targets):
            if target is reference:
                continue  # measured beside each of our rows instead
            beside = None
            if reference is not None and target.source == "ours":
                if progress is not None:
                    progress(reference, r)
                beside = measure_once(reference.play_one, seconds, Rng(derive_seed(seed, "reference", i, r)))
                reference.runs.append(beside)
            if progress is not None:
                progress(target, r)
            run = measure_once(target.play_one, seconds, Rng(derive_seed(seed, i, r)))
            target.runs.append(run)
            if beside is not None and beside.steps:
                target.ref_ratios.append(run.steps / run.elapsed / (beside.steps / beside.elapsed))


# ---- reporting ------------------------------------------------------------------------------

def machine() -> dict:
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(terse=True), "cpus": os.cpu_count()}


def _rate(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def _spread(figures: dict) -> str:
    """half the min–max range, in percent of the median: how much the runs disagreed"""
    if not figures["median"]:
        return "—"
    return f"±{(figures['max'] - figures['min']) / 2 / figures['median'] * 100:.0f}%"


def render_table(summaries: list[dict], runs: int, seconds: float) -> Table:
    reference = next((s for s in summaries if s["game"] == REFERENCE), None)
    # no borders: the nine columns then fit an 80-column terminal, where the text columns fold
    # and the figures are never cut
    table = Table(title=f"Random playouts, median of {runs} runs of {seconds:g} s",
                  title_justify="left", box=None, pad_edge=False)
    table.add_column("game", overflow="fold")
    table.add_column("impl", overflow="fold")
    for name in ("seats", "steps/s", "±", "games/s", "steps\nper game", "chance\nper game", "× ref"):
        table.add_column(name, justify="right", no_wrap=True)
    for s in summaries:
        ratio = f"{x_ref(s, reference):.2f}" if reference else "—"
        table.add_row(s["game"], s["source"], str(s["players"]), _rate(s["steps_per_s"]["median"]),
                      _spread(s["steps_per_s"]), _rate(s["games_per_s"]["median"]),
                      f"{s['steps_per_game']:.1f}", f"{s['chance_per_game']:.1f}", ratio)
    return table


def run_bench(game_ids: Iterable[str], *, runs: int, seconds: float, pyspiel: ModuleType | None,
              why_missing: str | None = None, as_json: bool = False, keep_log: bool = False,
              console: Console | None = None) -> list[dict]:
    """Measure and print. `pyspiel` is the import result (None when OpenSpiel is unavailable),
    passed in so the missing-OpenSpiel path can be exercised with OpenSpiel installed."""
    if runs < 1 or seconds <= 0:
        raise ValueError("bench needs runs >= 1 and seconds > 0")
    console = console or Console()
    err = Console(stderr=True) if as_json else console
    if pyspiel is None:
        err.print(MISSING_OPENSPIEL + (f" ({why_missing})" if why_missing else ""), style="yellow",
                  markup=False)
    targets = build_targets(list(game_ids), pyspiel, keep_log)
    slots = len(targets)  # runs measured per round; a paired reference: once beside each of ours instead
    if paired_reference(targets) is not None:
        slots += sum(t.source == "ours" for t in targets) - 1
    estimate = slots * runs * seconds
    err.print(f"{len(targets)} rows × {runs} runs × {seconds:g} s ≈ {estimate:.0f} s", markup=False)
    # a slow spinner: its refresh thread competes with the loops being timed
    with err.status("measuring", refresh_per_second=2) as status:
        measure(targets, runs, seconds, progress=lambda t, r: status.update(
            f"run {r + 1}/{runs}: {t.game} ({t.source}), {t.players} players"))
    summaries = [t.summary() for t in targets]
    info = machine()
    if pyspiel is not None:
        info["open_spiel"] = _openspiel_version()
    if as_json:
        console.print_json(json.dumps({"machine": info, "runs": runs, "seconds": seconds,
                                       "ours_keep_log": keep_log, "rows": summaries}))
    else:
        console.print(render_table(summaries, runs, seconds))
        console.print("step = one decision or one chance outcome (a die, a card) on both sides; ours "
                      "roll inside apply() and count the dice and cards it logged as chance. Ours "
                      + ("write their readable log. " if keep_log else
                         "validate every action and keep the history, but write no readable log, as "
                         "simulate plays (--with-log to time it written). ") +
                      "± = half the min–max range of steps/s over the runs. "
                      f"× ref = steps/s ÷ {REFERENCE}'s: for our rows, the median over the runs of "
                      "the ratio to a run of the reference measured just before (the reference's "
                      "row: all those runs).", markup=False)
        console.print("machine: " + ", ".join(f"{k} {v}" for k, v in info.items()), markup=False)
        line = engine_target_line(summaries)
        if line:
            console.print(line, markup=False)
    return summaries


def x_ref(summary: dict, reference: dict) -> float:
    """A row's steps/s against the reference's: the median of its paired ratios where it has
    them, else (a row measured without the reference beside it) the ratio of the medians."""
    if summary is reference:
        return 1.0
    paired = summary.get("x_ref")
    if paired:
        return paired["median"]
    return summary["steps_per_s"]["median"] / reference["steps_per_s"]["median"]


def engine_target_line(summaries: list[dict]) -> str | None:
    """Whether every row of ours runs at least as many steps/s as the pure-Python reference (None
    without the reference): the rows below it, named."""
    reference = next((s for s in summaries if s["game"] == REFERENCE), None)
    if reference is None or not reference["steps_per_s"]["median"]:
        return None
    below = [(s["game"], s["players"], x_ref(s, reference)) for s in summaries if s["source"] == "ours"]
    below = [row for row in below if row[2] < 1.0]
    head = f"engine target (every engine of ours >= 1.0x {REFERENCE} per step): "
    if not below:
        return head + "met"
    return head + "NOT met; below: " + ", ".join(f"{game} {players}p {ratio:.2f}x" for game, players, ratio in below)


def _openspiel_version() -> str:
    try:
        from importlib.metadata import version
        return version("open_spiel")
    except Exception:  # noqa: BLE001 - a version string is only decoration
        return "?"


def bench_command(game_ids: Iterable[str], *, runs: int = 5, seconds: float = 1.0,
                  as_json: bool = False, keep_log: bool = False, ai: bool = True, batch: bool = True) -> list[dict]:
    """The engines' table; then, unless the figures go out as JSON, the batched simulator's
    (bench_batch.py, unless `batch` is off) and the AI lab's (bench_ai.py, unless `ai` is off:
    ISMCTS iterations per second, the RL adapters' cost per step)."""
    pyspiel, why = import_openspiel()
    game_ids = list(game_ids)
    summaries = run_bench(game_ids, runs=runs, seconds=seconds, pyspiel=pyspiel, why_missing=why,
                          as_json=as_json, keep_log=keep_log)
    if batch and not as_json:
        from .bench_batch import render as render_batch, run_batch_bench, target_line
        console = Console()
        with console.status("measuring the batched simulator", refresh_per_second=2):
            rows = run_batch_bench(game_ids, seconds=seconds)
        if rows:
            console.print(render_batch(rows))
            console.print(target_line(rows), markup=False)
    if ai and not as_json:
        from .bench_ai import goal_line, render, run_ai_bench
        console = Console()
        with console.status("measuring the search and the adapters", refresh_per_second=2):
            figures = run_ai_bench(game_ids, runs=min(runs, 3), seconds=seconds)
        for table in render(figures["search"], figures["adapters"]):
            console.print(table)
        line = goal_line(figures["search"])
        if line:
            console.print(line, markup=False)
        if not figures["adapters"]:
            console.print("RL adapters not measured: pip install 'cryptarena[rl]' (make setup does)", markup=False)
    return summaries
