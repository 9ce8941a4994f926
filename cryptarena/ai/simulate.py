"""`cryptarena simulate`: many seeded games between agents, then win rates, scores and lengths.

    cryptarena simulate crypt --players 4 --games 10000 --agents greedy,random --seed 1 --jobs 2

Seating: the agent list is assigned to seats cyclically and rotated by one seat per game — in game
g, seat i is played by agents[(i + g) % len(agents)] — so no agent keeps the first seat. Repeat a
name to weight the table ("greedy,random,random,random": one greedy against three random).
Game g is dealt with seed derive_seed(seed, g) (see ai/runner.py), so the figures depend only on
the game, players, games, agents, seed and options: `--jobs N` gives exactly the figures of
`--jobs 1` (tallies are kept in exact integer/fraction arithmetic, so merge order cannot matter).

Backends: `--backend local` (the default) plays the chunks in this process (`--jobs 1`) or in a
pool of spawned worker processes; `--backend ray` plays each chunk as a Ray task (ai/ray_backend.py),
on a local Ray started for the run or on the cluster at `--address`, with `--jobs` tasks at a time.
Either way the chunks' tallies are merged in index order: the report is the same, to the byte.

Wins: a game with k winners gives each of them 1/k of a win; a game with no winner (a lost solo
game) gives none. A seat's win rate is its wins / games; an agent's is the wins of the seats it
played / the seats it played. Intervals are 95% Wilson score intervals (for an agent holding
several seats of one game they are approximate: those seats are not independent trials).

`--json` prints, on stdout, one object (the progress bar is not shown):

    {
      "game": "crypt", "players": 4, "games": 10000, "seed": 1,
      "agents": ["greedy", "random"],                  # as given, before rotation
      "options": {...},                                # every table option, defaults filled in
      "seating": "in game g, seat i is played by agents[(i + g) % len(agents)]",   # team games:
                                                       # team j plays agents[(j + g) % len(agents)]
      "confidence": 0.95,
      "no_winner_games": 0,                            # games nobody won
      "shared_win_games": 12,                          # games whose win was shared by a tie (team
                                                       # games: drawn between teams)
      "length": {"mean": 167.2, "std": 20.1, "min": 120, "max": 231},   # actions per game
      "by_seat": [
        {"seat": 0, "games": 10000, "wins": 2510.5, "win_rate": 0.251,
         "win_interval": [0.242, 0.259],
         "score": {"total": STATS, "breakdown": {"treasure": STATS, "servants": STATS, ...}}},
        ...
      ],
      "by_team": [                                     # games with teams only, else []
        {"team": "gk", "seats": [0, 1], "games": 2000, "wins": ..., "win_rate": ..., "win_interval": [lo, hi],
         "score": {...}},
        ...
      ],
      "by_agent": [
        {"agent": "greedy", "seat_games": 20000, "wins": ..., "win_rate": ..., "win_interval": [lo, hi],
         "score": {"total": STATS, "breakdown": {...}}},
        ...
      ]
    }

where STATS is {"mean": float, "std": float (sample, n - 1), "min": int, "max": int}. The
breakdown items are the game's own (`state.scores()[seat]["breakdown"]`), in its order.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
    TimeRemainingColumn
from rich.table import Table

from .. import games as registry
from ..engine import CryptArenaError, OptionError
from .agents import make_agent
from .runner import SimulationError, play_chunk
from .stats import RunTally, ScoreTally, wilson_interval

SEATING_RULE = "in game g, seat i is played by agents[(i + g) % len(agents)]"
TEAM_SEATING_RULE = ("in game g, every seat of team j (teams in order of their first seat) is played by "
                     "agents[(j + g) % len(agents)]")
CONFIDENCE = 0.95
BACKENDS = ("local", "ray")


class SimulationSetupError(ValueError):
    """A simulation asked for something impossible; `param` names the CLI option at fault."""

    def __init__(self, message: str, param: str | None = None):
        super().__init__(message)
        self.param = param


def check_setup(game_id: str, players: int, games: int, agents: list[str], jobs: int,
                options: dict | None, backend: str = "local",
                address: str | None = None) -> tuple[list[str], dict]:
    """Everything that can be wrong, found before the first game: clean agent names, full options."""
    check_backend(backend, address)
    try:
        game = registry.load(game_id)
    except CryptArenaError as exc:
        raise SimulationSetupError(exc.reason, "GAME_ID") from None
    try:
        game.check_players(players)
    except OptionError as exc:
        raise SimulationSetupError(exc.reason, "--players") from None
    try:
        resolved = game.check_options(options)
    except OptionError as exc:
        raise SimulationSetupError(exc.reason, "--option") from None
    names = [name.strip() for name in agents]
    if not names or any(not name for name in names):
        raise SimulationSetupError("give one or more agent names separated by commas, e.g. greedy,random",
                                   "--agents")
    for name in dict.fromkeys(names):
        try:
            make_agent(name, game)
        except ValueError as exc:
            raise SimulationSetupError(str(exc), "--agents") from None
    if games < 1:
        raise SimulationSetupError(f"the number of games must be at least 1, not {games}", "--games")
    if jobs < 1:
        raise SimulationSetupError(f"the number of jobs must be at least 1, not {jobs}", "--jobs")
    # a first table catches what only a table reveals (an option that does not fit the player count)
    try:
        game.new_state(players, seed=0, options=resolved)
    except OptionError as exc:
        raise SimulationSetupError(exc.reason, "--option") from None
    return names, resolved


def check_backend(backend: str, address: str | None) -> None:
    if backend not in BACKENDS:
        raise SimulationSetupError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}",
                                   "--backend")
    if address and backend != "ray":
        raise SimulationSetupError("--address names a Ray cluster: it needs --backend ray", "--address")
    if backend == "ray":
        from .ray_backend import RayUnavailable, import_ray
        try:
            import_ray()
        except RayUnavailable as exc:
            raise SimulationSetupError(str(exc), "--backend") from None


def chunk_bounds(games: int, jobs: int) -> list[tuple[int, int]]:
    """Contiguous index ranges: several per worker (so the bar moves and workers stay busy), capped
    in size. Boundaries do not affect the results."""
    size = max(1, min(50, math.ceil(games / (jobs * 8))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def run_simulation(game_id: str, *, players: int, games: int, agents: list[str], seed: int = 0,
                   jobs: int = 1, options: dict | None = None,
                   on_progress: Callable[[int], None] | None = None, backend: str = "local",
                   address: str | None = None) -> dict:
    """Play the games and return the report (the JSON shape in the module docstring).

    With jobs > 1 the workers are started with "spawn" (no fork of a threaded process): a script
    that calls this must do so under `if __name__ == "__main__":`, as multiprocessing requires.
    backend="ray" plays the chunks as Ray tasks (on the cluster at `address`, else on a local Ray
    with `jobs` CPUs, or on the Ray this process is already connected to).
    """
    names, resolved = check_setup(game_id, players, games, agents, jobs, options, backend, address)
    chunks = chunk_bounds(games, jobs)
    tallies: list[RunTally | None] = [None] * len(chunks)
    if backend == "ray":
        from .ray_backend import play_chunks

        def chunk_done(i: int) -> None:
            if on_progress:
                on_progress(chunks[i][1] - chunks[i][0])
        tallies = play_chunks(chunks, (game_id, players, seed, names, resolved), jobs=jobs, address=address,
                              on_chunk_done=chunk_done)
    elif jobs == 1:
        for i, (start, stop) in enumerate(chunks):
            tallies[i] = play_chunk(game_id, players, seed, names, resolved, start, stop)
            if on_progress:
                on_progress(stop - start)
    else:
        # spawn: workers start clean (no fork of a process whose progress-bar thread holds a lock)
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=context,
                                 initializer=_ignore_interrupt) as pool:
            futures = {pool.submit(play_chunk, game_id, players, seed, names, resolved, start, stop): i
                       for i, (start, stop) in enumerate(chunks)}
            try:
                for future in as_completed(futures):
                    i = futures[future]
                    tallies[i] = future.result()
                    if on_progress:
                        on_progress(chunks[i][1] - chunks[i][0])
            except BaseException:
                # wait=True: the `with` exit would call shutdown again without cancel_futures and
                # undo the cancel before the pool's manager thread has acted on it
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    total = RunTally(players, teams=registry.load(game_id).seat_teams(players, resolved))
    for tally in tallies:  # in index order, so breakdown items keep the game's order
        total.merge(tally)
    return build_report(game_id, players, seed, names, resolved, total, total.teams)


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the parent, which cancels the run (instead of one traceback each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# ---------------------------------------------------------------------------------- the report
def _win_entry(wins, trials: int) -> dict:
    low, high = wilson_interval(float(wins), trials)
    return {"wins": float(wins), "win_rate": float(wins) / trials, "win_interval": [low, high]}


def _score_entry(scores: ScoreTally) -> dict:
    return {"total": scores.total.summary(),
            "breakdown": {item: moments.summary() for item, moments in scores.breakdown.items()}}


def build_report(game_id: str, players: int, seed: int, agents: list[str], options: dict,
                 tally: RunTally, teams: list[str] | None = None) -> dict:
    by_seat = [{"seat": seat, "games": tally.games, **_win_entry(tally.seat_wins[seat], tally.games),
                "score": _score_entry(tally.seat_scores[seat])} for seat in range(players)]
    # a team's wins are its seats' wins: a game's win adds up to 1 over its winners, so a team that
    # wins gets 1 and each side of a drawn game 1/2; its seats all score the team's score
    by_team = []
    for team in dict.fromkeys(teams or []):
        seats = [seat for seat in range(players) if teams[seat] == team]
        by_team.append({"team": team, "seats": seats, "games": tally.games,
                        **_win_entry(sum(tally.seat_wins[seat] for seat in seats), tally.games),
                        "score": _score_entry(tally.seat_scores[seats[0]])})
    by_agent = []
    for name in dict.fromkeys(agents):
        seat_games = tally.agent_seat_games.get(name, 0)
        if not seat_games:  # more agents than seats and too few games for this one to sit
            continue
        by_agent.append({"agent": name, "seat_games": seat_games,
                         **_win_entry(tally.agent_wins[name], seat_games),
                         "score": _score_entry(tally.agent_scores[name])})
    return {"game": game_id, "players": players, "games": tally.games, "seed": seed,
            "agents": list(agents), "options": dict(options),
            "seating": TEAM_SEATING_RULE if teams else SEATING_RULE, "by_team": by_team,
            "confidence": CONFIDENCE, "no_winner_games": tally.no_winner_games,
            "shared_win_games": tally.shared_win_games, "length": tally.length.summary(),
            "by_seat": by_seat, "by_agent": by_agent}


# ---------------------------------------------------------------------------------- the CLI
def simulate_command(game_id: str, *, players: int, games: int, agents: list[str], seed: int = 0,
                     jobs: int = 1, as_json: bool = False, options: dict | None = None,
                     plot: str | None = None, backend: str = "local", address: str | None = None,
                     batch: bool = False, array_backend: str = "auto") -> None:
    """The body of `cryptarena simulate`: bar on stderr, then a table (or JSON) on stdout, and
    a PNG figure when `plot` names a file. `batch`: the games are played as arrays
    (cryptarena/batch, docs/batch.md), on `array_backend` (auto, numpy, numba or jax)."""
    try:
        if not batch:  # checked here too so that a mistake is reported before the bar appears
            check_setup(game_id, players, games, agents, jobs, options, backend, address)
        if batch:
            report = _run_batch(game_id, players, games, agents, seed, jobs, options, backend, address,
                                array_backend, as_json)
        elif as_json:
            report = run_simulation(game_id, players=players, games=games, agents=agents, seed=seed,
                                    jobs=jobs, options=options, backend=backend, address=address)
        else:
            report = _run_with_bar(game_id, players, games, agents, seed, jobs, options, backend, address)
    except SimulationSetupError as exc:
        raise typer.BadParameter(str(exc), param_hint=exc.param) from None
    except SimulationError as exc:
        Console(stderr=True).print(f"[bold red]Simulation failed:[/] {exc}", highlight=False)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        Console(stderr=True).print("[bold]Simulation interrupted.[/]")
        raise typer.Exit(130) from None
    if as_json:
        typer.echo(json.dumps(report, indent=2))
    else:
        print_report(report, Console())
    if plot:
        from .plots import plot_report
        written = plot_report(report, plot)
        Console(stderr=True).print(f"plot written to {written}", highlight=False)


def _run_batch(game_id, players, games, agents, seed, jobs, options, backend, address, array_backend,
               as_json) -> dict:
    """`simulate --batch`: the same report from the batched simulator, the bar moving per chunk."""
    from ..batch.core import BatchSetupError, backend as array, check_run, run_batch
    if jobs != 1:
        raise SimulationSetupError("--batch plays in this process: leave --jobs at 1 (one process already "
                                   "plays tens of thousands of games at once)", "--jobs")
    if backend != "local" or address:
        raise SimulationSetupError("--batch plays in this process: it takes no --backend ray or --address",
                                   "--backend")
    try:
        check_run(game_id, players, games, agents, options)
        array(array_backend)
        if as_json:
            return run_batch(game_id, players, games, agents, seed, options, array_backend)
        progress = Progress(TextColumn("[bold]simulating[/] (batch)"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("games"), TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                            console=Console(stderr=True))
        with progress:
            task = progress.add_task("games", total=games)
            return run_batch(game_id, players, games, agents, seed, options, array_backend,
                             on_progress=lambda n: progress.advance(task, n))
    except BatchSetupError as exc:
        raise SimulationSetupError(str(exc), exc.param) from None


def _run_with_bar(game_id, players, games, agents, seed, jobs, options, backend, address) -> dict:
    progress = Progress(TextColumn("[bold]simulating[/]"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("games"), TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                        console=Console(stderr=True))
    with progress:
        task = progress.add_task("games", total=games)
        return run_simulation(game_id, players=players, games=games, agents=agents, seed=seed, jobs=jobs,
                              options=options, on_progress=lambda n: progress.advance(task, n),
                              backend=backend, address=address)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _wins(wins: float) -> str:
    return f"{wins:.0f}" if wins == int(wins) else f"{wins:.2f}"


def _interval(bounds: list[float]) -> str:
    return f"{_pct(bounds[0])} – {_pct(bounds[1])}"


def _spread(stats: dict) -> str:
    return f"{stats['mean']:.2f} ± {stats['std']:.2f}"


def _range(stats: dict) -> str:
    return f"{stats['min']}–{stats['max']}"


def print_report(report: dict, console: Console) -> None:
    """The figures of `report` as rich tables (per-seat breakdowns are in the JSON only)."""
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items())
    players = f"{report['players']} player" + ("s" if report["players"] != 1 else "")
    console.print(f"[bold]{report['game']}[/]: {players}, {report['games']} games, "
                  f"seed {report['seed']}, agents {escape(','.join(report['agents']))}", highlight=False)
    console.print(f"seating rotates: {escape(report['seating'])}", style="dim", highlight=False)
    console.print(f"options: {escape(options)}", style="dim", highlight=False)

    wins = Table(title="Wins (a tie shares one win; 95% Wilson interval) and total score (mean ± std)",
                 title_justify="left")
    wins.add_column("")
    for column in ("played", "wins", "win rate", "95% interval", "score", "range"):
        wins.add_column(column, justify="right")
    for row in report["by_seat"]:
        total = row["score"]["total"]
        wins.add_row(f"seat {row['seat']}", str(row["games"]), _wins(row["wins"]), _pct(row["win_rate"]),
                     _interval(row["win_interval"]), _spread(total), _range(total))
    if report.get("by_team"):
        wins.add_section()
    for row in report.get("by_team", []):
        total = row["score"]["total"]
        seats = ", ".join(map(str, row["seats"]))
        wins.add_row(f"team {escape(row['team'])} (seats {seats})", str(row["games"]), _wins(row["wins"]),
                     _pct(row["win_rate"]), _interval(row["win_interval"]), _spread(total), _range(total))
    wins.add_section()
    for row in report["by_agent"]:
        total = row["score"]["total"]
        wins.add_row(escape(row["agent"]), str(row["seat_games"]), _wins(row["wins"]),
                     _pct(row["win_rate"]), _interval(row["win_interval"]), _spread(total), _range(total))
    console.print(wins)

    scores = Table(title=escape("Score breakdown: mean ± std [min–max]"), title_justify="left")
    scores.add_column("item")
    agents = report["by_agent"]
    for row in agents:
        scores.add_column(escape(row["agent"]), justify="right")
    items = list(dict.fromkeys(item for row in agents for item in row["score"]["breakdown"]))
    for item, is_total in [("total", True)] + [(item, False) for item in items]:
        cells = []
        for row in agents:
            stats = row["score"]["total"] if is_total else row["score"]["breakdown"].get(item)
            cells.append(escape(f"{_spread(stats)}  [{_range(stats)}]") if stats else "–")
        scores.add_row(escape(item), *cells, style="bold" if is_total else None)
    console.print(scores)

    length = report["length"]
    console.print(f"game length (actions per game): mean {length['mean']:.1f}, std {length['std']:.1f}, "
                  f"min {length['min']}, max {length['max']}", highlight=False)
    shared = "games drawn between teams" if report.get("by_team") else "games with a shared win"
    console.print(f"games with no winner: {report['no_winner_games']}; {shared}: "
                  f"{report['shared_win_games']}", highlight=False)
