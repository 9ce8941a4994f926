"""What both adapters share: a game's encodings, the reward rule, the step cap and a text picture
of a table. Games are reached through the registry only."""

from __future__ import annotations

from dataclasses import dataclass

import orjson

from .. import games
from ..engine import ActionEncoding, ObservationEncoding, State

# A table still playing after this many actions ends there, every seat scoring 0 (PettingZoo:
# truncated; OpenSpiel: terminal, and this is its `max_game_length`). Random games stay far below
# it: Pharaoh's, the longest, average about 670 actions at 2 and 6 players, the longest of 30 about 1,560.
DEFAULT_MAX_STEPS = 5000


class NoEncoding(LookupError):
    """The game declares no action or observation encoding yet (Game.action_encoding is None)."""


@dataclass(frozen=True)
class Setup:
    """One table configuration: the game, its size, its resolved options and both encodings."""

    game: games.Game
    players: int
    options: dict
    actions: ActionEncoding
    observations: ObservationEncoding

    @property
    def game_id(self) -> str:
        return self.game.id

    def teams(self) -> list:
        """The side of each seat: its team in a team game (Crusade), else the seat itself."""
        return self.game.seat_teams(self.players, self.options) or list(range(self.players))

    def sides(self) -> int:
        return len(set(self.teams()))

    def utility_range(self) -> tuple[float, float]:
        """The least and the most a seat can get under `returns`."""
        return -1.0, float(max(1, self.sides() - 1))


def setup(game_id: str, players: int, options: dict | None = None) -> Setup:
    """The configuration of `players` seats of `game_id`, options checked; NoEncoding if the game has
    not declared its encodings."""
    game = games.load(game_id)
    resolved = game.check_table(players, options)
    actions = game.action_encoding(players, resolved)
    observations = game.observation_encoding(players, resolved)
    if actions is None or observations is None:
        raise NoEncoding(f"{game_id} declares no {'action' if actions is None else 'observation'} encoding "
                         "(Game.action_encoding / observation_encoding): no RL adapter can play it yet")
    return Setup(game, players, resolved, actions, observations)


def returns(config: Setup, state: State) -> list[float]:
    """Each seat's result at the end, from `winners()`: every side (a seat, or a team in a team game)
    stakes 1 and the winning sides share the pot, so a side that wins alone gets N - 1 (N sides),
    k winning sides get N/k - 1 each and a losing side -1; each seat gets its side's result. The
    sum over sides is 0. One side alone (Crypt solo): +1 for a win, -1 for a loss. No winner at all
    with several sides: 0 each."""
    teams, won = config.teams(), {config.teams()[seat] for seat in state.winners()}
    sides = config.sides()
    if sides == 1:
        return [1.0 if won else -1.0] * config.players
    if not won:
        return [0.0] * config.players
    return [sides / len(won) - 1.0 if teams[seat] in won else -1.0 for seat in range(config.players)]


def render(state: State | None, steps: int = 0) -> str:
    """A plain-text picture of the table as a spectator sees it (nothing secret)."""
    if state is None:
        return "(the table is being set up)"
    view = state.view(None)
    head = (f"{view['game']} · {view['player_count']} players · phase {view['phase']} · "
            f"to act {view['to_act'] or '-'} · action {steps}")
    if state.is_over():
        head += f" · over, winners {state.winners()}"
    body = {k: v for k, v in view.items() if k not in ("game", "player_count", "phase", "to_act", "over", "seat")}
    return head + "\n" + orjson.dumps(body, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode()


__all__ = ["DEFAULT_MAX_STEPS", "NoEncoding", "Setup", "render", "returns", "setup"]
