"""Play seeded games between agents, one game or a chunk of a run at a time.

Everything is a function of (base seed, game index): game g is dealt with seed
`derive_seed(seed, g)`, seat i plays `agents[(i + g) % len(agents)]` (the list is rotated by one
seat per game so that no agent keeps the first seat), and the agent in seat i draws from its own
Rng seeded with `derive_seed(game seed, "agent", i)`. A chunk of game indices therefore plays the
same way in any process, which is what lets `--jobs N` reproduce `--jobs 1` exactly.

Agents are built fresh for every seat of every game, so an agent that keeps memory between its
turns cannot carry it from one game into the next (nor make results depend on chunking).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import games
from ..engine import IllegalAction, Rng, derive_seed
from .agents import decide, make_agent
from .stats import RunTally

# A game that needs more decisions than this is stuck (a rules bug or an agent that keeps
# undoing itself): stop with the seed that reproduces it instead of looping forever.
MAX_ACTIONS_PER_GAME = 100_000


class SimulationError(RuntimeError):
    """A game could not be played to its end (an agent's illegal choice, a game that never ends)."""


@dataclass
class GameRecord:
    """What a finished game leaves for the statistics."""

    index: int
    seed: int
    seating: list[str]            # agent name per seat
    totals: list[int]             # scores()[seat]["total"]
    breakdowns: list[dict]        # scores()[seat]["breakdown"]
    winners: list[int]            # seats; [] when nobody won (a lost solo game)
    actions: int                  # decisions applied from the first to the last


def seating_for(agents: list[str], players: int, game_index: int, teams: list[str] | None = None) -> list[str]:
    """Seat i of game g is played by agents[(i + g) % len(agents)]. In a game with teams the list
    rotates over the teams instead (team j, in order of its first seat, plays agents[(j + g) % len]
    with every seat): "greedy,random" then means a greedy team against a random team, each side in
    turn, not a greedy and a random player on each team."""
    if not agents:
        raise ValueError("at least one agent is needed")
    if teams is not None:
        order = list(dict.fromkeys(teams))
        return [agents[(order.index(team) + game_index) % len(agents)] for team in teams]
    return [agents[(seat + game_index) % len(agents)] for seat in range(players)]


def game_seed(seed: int, game_index: int) -> int:
    return derive_seed(seed, game_index)


def play_game(game, players: int, seed: int, seating: list[str], options: dict | None = None,
              *, index: int = 0, max_actions: int = MAX_ACTIONS_PER_GAME) -> GameRecord:
    """Play one game to its end. `seed` is this game's own seed; `seating` names each seat's agent.

    Whenever seats may act, the first of them decides, seeing only its view and its legal actions
    (and, for a search agent, worlds re-drawn from its view: `decide`).
    """
    if len(seating) != players:
        raise ValueError(f"seating names {len(seating)} agents for {players} seats")
    state = game.new_state(players, seed=seed, options=options, keep_log=False)  # nobody reads it here
    agents = [make_agent(name, game) for name in seating]
    rngs = [Rng(derive_seed(seed, "agent", seat)) for seat in range(players)]
    sides = game.seat_teams(players, options)
    actions = 0
    while True:
        waiting = state.to_act()
        if not waiting:
            break
        if actions >= max_actions:
            raise SimulationError(f"game {index} (seed {seed}) has not ended after {max_actions} actions "
                                  f"(phase {state.phase}); stopped")
        seat = waiting[0]
        action = decide(agents[seat], state, seat, rngs[seat], sides)
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise SimulationError(f"agent {seating[seat]!r} in seat {seat} of game {index} (seed {seed}) "
                                  f"chose an illegal action {action!r}: {exc.reason}") from None
        actions += 1
    if not state.is_over():
        raise SimulationError(f"game {index} (seed {seed}) stopped in phase {state.phase} with nobody "
                              "to act, but is not over")
    scores = state.scores()
    return GameRecord(index=index, seed=seed, seating=list(seating),
                      totals=[s["total"] for s in scores],
                      breakdowns=[dict(s["breakdown"]) for s in scores],
                      winners=list(state.winners()), actions=actions)


def play_indexed(game, players: int, seed: int, agents: list[str], options: dict | None,
                 game_index: int) -> GameRecord:
    """Game `game_index` of a run with base seed `seed` and the agent list `agents`."""
    teams = game.seat_teams(players, options)
    return play_game(game, players, game_seed(seed, game_index),
                     seating_for(agents, players, game_index, teams), options, index=game_index)


def play_chunk(game_id: str, players: int, seed: int, agents: list[str], options: dict | None,
               start: int, stop: int) -> RunTally:
    """Games start..stop-1 of a run, folded into a tally: a worker process's unit of work (plain,
    picklable data in and out; the game is loaded from the registry in the worker)."""
    game = games.load(game_id)
    tally = RunTally(players, teams=game.seat_teams(players, options))
    for game_index in range(start, stop):
        tally.add(play_indexed(game, players, seed, agents, options, game_index))
    return tally
