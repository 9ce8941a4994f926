"""`cryptarena ladder`: every agent and level of a game in a round robin, rated with OpenSkill.

    cryptarena ladder midas -p 3 --games 4 --seed 1 --json ladder.json --plot ladder.png

The pool is the three levels and every other agent the game offers, less aliases (`medium` is the
game's heuristic bot, so that bot is not entered twice). Every way of choosing `players` agents of
the pool (with repeats where the pool is smaller than the table) plays `games` games, and each game
rotates the seats (the rotation of `ai.runner.seating_for`), so no agent keeps a seat. In a team game
(Crusade) a side is one agent: every pair of agents meets, each side in turn.

Each finished game updates the ratings with OpenSkill's Plackett–Luce model: the winning side(s)
ranked first, the others tied behind (a game nobody wins ties everyone). A rating is `mu ± sigma`;
the table is ordered by the conservative `mu - 3 sigma`. Everything is a function of the seed.

With `jobs` above one the games are played in worker processes, but the ratings are still updated
in the games' order, so the ladder is the same whatever the number of workers.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from openskill.models import PlackettLuce

from .. import games as registry
from ..engine import derive_seed
from .agents import LEVELS, agent_names, medium_name
from .runner import play_game, seating_for


@dataclass
class Entry:
    agent: str
    mu: float
    sigma: float
    games: int = 0
    wins: float = 0.0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Ladder:
    game: str
    players: int
    seed: int
    games_per_match: int
    entries: list[Entry] = field(default_factory=list)
    matches: int = 0
    played: int = 0

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "games_per_match": self.games_per_match, "matches": self.matches, "games": self.played,
                "model": "openskill PlackettLuce (mu 25, sigma 25/3); order: mu - 3 sigma",
                "ladder": [{"rank": i + 1, "agent": e.agent, "mu": round(e.mu, 3), "sigma": round(e.sigma, 3),
                            "ordinal": round(e.ordinal, 3), "games": e.games,
                            "win_rate": round(e.wins / e.games, 4) if e.games else None}
                           for i, e in enumerate(self.entries)]}


def pool(game) -> list[str]:
    """The levels, then every other agent of the game but the one `medium` already is."""
    alias = medium_name(game)
    return [*LEVELS, *(name for name in agent_names(game) if name not in LEVELS and name != alias)]


def matches(agents: list[str], players: int, team_game: bool) -> list[tuple[str, ...]]:
    """The line-ups that meet: one agent per side, every combination of the pool."""
    sides = 2 if team_game else players
    if len(agents) >= sides:
        return list(itertools.combinations(agents, sides))
    return list(itertools.combinations_with_replacement(agents, sides))


def _play(task: tuple) -> list[int]:
    game_id, players, seed, seating, options, index = task
    return play_game(registry.load(game_id), players, seed, seating, options, index=index).winners


def run_ladder(game_id: str, players: int, *, games: int = 2, seed: int = 0, agents: list[str] | None = None,
               options: dict | None = None, progress: Callable[[int, int], None] | None = None,
               jobs: int = 1) -> Ladder:
    game = registry.load(game_id)
    players = game.check_players(players)
    options = game.check_table(players, options or {})
    teams = game.seat_teams(players, options)
    names = agents or pool(game)
    lineups = matches(names, players, teams is not None)
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    entries = {name: Entry(name, ratings[name].mu, ratings[name].sigma) for name in names}
    ladder = Ladder(game_id, players, seed, games, matches=len(lineups))
    tasks = [(game_id, players, derive_seed(seed, "ladder", m * games + g), seating_for(list(lineup), players, g, teams),
              options, m * games + g) for m, lineup in enumerate(lineups) for g in range(games)]
    pool_ = None
    if jobs > 1 and len(tasks) > 1:
        pool_ = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=multiprocessing.get_context("spawn"))
    try:
        results = pool_.map(_play, tasks) if pool_ else map(_play, tasks)
        for task, winners in zip(tasks, results):  # in the games' order, however many workers
            rate(model, ratings, entries, task[3], winners, teams)
            ladder.played += 1
            if progress:
                progress(ladder.played, len(tasks))
    finally:
        if pool_:
            pool_.shutdown(cancel_futures=True)
    for name in names:
        entries[name].mu, entries[name].sigma = ratings[name].mu, ratings[name].sigma
    ladder.entries = sorted(entries.values(), key=lambda e: -e.ordinal)
    return ladder


def rate(model, ratings: dict, entries: dict, seating: list[str], winners: list[int], teams: list | None) -> None:
    """One game's result into the ratings: each side is the agent that played it (a seat, or a team)."""
    side_of = teams or list(range(len(seating)))
    sides: dict = {}
    for seat, agent in enumerate(seating):
        sides.setdefault(side_of[seat], agent)
    won = {side_of[s] for s in winners}
    order = list(sides)
    # an agent met by itself (a pool smaller than the table) is one player: rate only distinct agents
    agents, ranks = [], []
    for side in order:
        agent = sides[side]
        rank = 0 if side in won else 1
        if agent in agents:
            i = agents.index(agent)
            ranks[i] = min(ranks[i], rank)
            continue
        agents.append(agent)
        ranks.append(rank)
    for side in order:
        entries[sides[side]].games += 1
        if side in won:
            entries[sides[side]].wins += 1 / len(won)
    if len(agents) < 2:
        return
    new = model.rate([[ratings[a]] for a in agents], ranks=ranks)
    for agent, team in zip(agents, new):
        ratings[agent] = team[0]


def write_plot(ladder: Ladder, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    entries = ladder.entries
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(entries) + 1.5))
    ys = list(range(len(entries)))[::-1]
    ax.errorbar([e.mu for e in entries], ys, xerr=[2 * e.sigma for e in entries], fmt="o", capsize=4)
    ax.set_yticks(ys, [e.agent for e in entries])
    ax.set_xlabel("OpenSkill rating (mu ± 2 sigma)")
    ax.set_title(f"{ladder.game}, {ladder.players} players: {ladder.played} games")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def to_markdown(ladder: Ladder) -> str:
    rows = ["| rank | agent | mu | sigma | mu − 3σ | games | win rate |", "|---|---|---|---|---|---|---|"]
    for i, e in enumerate(ladder.entries):
        rate_text = f"{e.wins / e.games:.1%}" if e.games else "—"
        rows.append(f"| {i + 1} | {e.agent} | {e.mu:.2f} | {e.sigma:.2f} | {e.ordinal:.2f} | {e.games} | {rate_text} |")
    return "\n".join(rows)


def dump(ladder: Ladder, path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(ladder.to_json(), out, indent=2)
        out.write("\n")
