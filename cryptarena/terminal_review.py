"""`cryptarena review FILE`: a finished game's review in the terminal, one seat or every seat.

The same review as the server's (ai/review.py, decision by decision, each seat judged on worlds drawn
from its own view), run here in this process with a progress bar; then per seat the decisions that
gave up the most chance first, and how often the seat played the reviewer's move. `--json` writes the
results (a list, one per seat, the API's `result` shape), `--plot` a chart of each seat's chance.

Actions are printed as their type and fields (`place slot=1 effort=5`): the terminal's menus word
groups of moves ("p 1 1-6"), not one move, so there are no per-move words to reuse here.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from .ai.review import Limits, check_reviewer, review_decision, review_result, seat_decisions
from .terminal import load_replay

SHOWN = 10  # decisions listed per seat, biggest swing first


def action_text(action: dict) -> str:
    """An action dict compactly: its type, then field=value (lists as comma-separated values)."""
    def value(v) -> str:
        if isinstance(v, list):
            return ",".join(value(x) for x in v)
        if isinstance(v, dict):
            return json.dumps(v, separators=(",", ":"))
        return str(v)
    return " ".join([str(action.get("type", "?")), *(f"{k}={value(v)}" for k, v in action.items() if k != "type")])


def seat_names(path: str, players: int) -> dict[int, str]:
    """The seats a replay file names (a table's export has them): "Seat 1 (Ada)", else "Seat 1"."""
    try:
        seats = json.loads(Path(path).read_text(encoding="utf-8")).get("seats")
    except (OSError, ValueError, AttributeError):
        seats = None
    names = {}
    for seat in range(players):
        entry = seats[seat] if isinstance(seats, list) and len(seats) == players and isinstance(seats[seat], dict) \
            else {}
        name = entry.get("name") or entry.get("agent")
        names[seat] = f"Seat {seat}" + (f" ({name})" if isinstance(name, str) and name.isprintable() else "")
    return names


def review_command(path: str, seats: list[int] | None, reviewer: str, limits: Limits,
                   json_path: str | None = None, plot_path: str | None = None) -> list[dict]:
    state = load_replay(path)
    game = state.game
    try:
        check_reviewer(game, reviewer)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--reviewer") from None
    wanted = sorted(set(seats)) if seats else list(range(state.players))
    bad = [s for s in wanted if not 0 <= s < state.players]
    if bad:
        raise typer.BadParameter(f"{bad[0]} is not a seat of this game: its seats are 0..{state.players - 1}",
                                 param_hint="--seat")
    console, err = Console(highlight=False), Console(stderr=True, highlight=False)
    if not state.is_over():
        err.print("note: the game in this file is not over: its decisions so far are reviewed")
    todo = {s: seat_decisions(game, state.players, state.seed, state.options, state.history, s) for s in wanted}
    rows: dict[int, list[dict]] = {s: [] for s in wanted}
    progress = Progress(TextColumn("[bold]reviewing[/]"), BarColumn(), MofNCompleteColumn(), TextColumn("decisions"),
                        TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=err)
    with progress:
        bar = progress.add_task("review", total=sum(len(d) for d in todo.values()))
        for seat, decisions in todo.items():
            for decision in decisions:
                rows[seat].append(review_decision(game.id, state.seed, seat, reviewer, decision, limits))
                progress.advance(bar)
    results = [review_result(game.id, state.players, s, reviewer, rows[s]) for s in wanted]
    names = seat_names(path, state.players)
    console.print(f"[bold]Review of {game.name}[/] · {state.players} players · seed {state.seed} · reviewer "
                  f"{reviewer} · {limits.worlds} worlds a move")
    for result in results:
        console.print(seat_table(result, names[result["seat"]]))
        agreed, total = result["agreed"], len(result["decisions"])
        console.print(f"{names[result['seat']]} agreed with the reviewer at {agreed} of {total} decisions.\n")
    if json_path:
        Path(json_path).write_text(json.dumps(results, indent=1), encoding="utf-8")
        err.print(f"wrote {json_path}")
    if plot_path:
        plot_review(results, names, plot_path, game.name)
        err.print(f"wrote {plot_path}")
    return results


def seat_table(result: dict, name: str) -> Table | str:
    rows = result["decisions"]
    worse = [i for i in result["ranked"] if rows[i]["swing"] > 0][:SHOWN]
    if not worse:
        return f"[bold]{name}[/]: no decision gave up any chance the reviewer could measure."
    table = Table(title=f"{name}: the biggest swings first", title_justify="left")
    for column in ("move", "played", "preferred", "chance", "swing"):
        table.add_column(column, justify="right" if column in ("move", "swing") else "left")
    for i in worse:
        row = rows[i]
        table.add_row(str(row["move"]), action_text(row["played"]), action_text(row["preferred"]),
                      f"{row['before']:.0%} → {row['after']:.0%}", f"{row['swing']:.0%}",
                      style="bold" if i in result["blunders"] else None)
    return table


def plot_review(results: list[dict], names: dict[int, str], path: str, title: str) -> Path:
    """One panel per seat: the chance with the move played and with the preferred one, over the moves;
    the blunders marked."""
    import matplotlib

    matplotlib.use("Agg")  # files only
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(results), 1, figsize=(10, 2.8 * len(results)), squeeze=False,
                             constrained_layout=True)
    for ax, result in zip(axes[:, 0], results):
        chart = result["chart"]
        moves = [c["move"] for c in chart]
        ax.plot(moves, [100 * c["after"] for c in chart], marker="o", markersize=3, color="#c8902e",
                label="chance after the move played")
        ax.plot(moves, [100 * c["before"] for c in chart], linestyle="--", linewidth=1, color="#4a6fa5",
                label="with the preferred move")
        blunders = [chart[i] for i in result["blunders"]]
        ax.scatter([c["move"] for c in blunders], [100 * c["after"] for c in blunders], color="#b03030", zorder=3,
                   label="gave up 5% or more")
        ax.set_ylim(0, 100)
        ax.set_ylabel("chance to win (%)")
        ax.set_title(f"{names[result['seat']]}: agreed at {result['agreed']} of {len(result['decisions'])}")
    axes[0, 0].legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    axes[-1, 0].set_xlabel("move")
    fig.suptitle(f"{title}: review by {results[0]['reviewer'] if results else '-'}")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return Path(path)


__all__ = ["action_text", "plot_review", "review_command"]
