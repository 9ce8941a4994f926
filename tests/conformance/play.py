"""Seeded random play over the public contract, for every registered game.

Only `cryptarena.games` (the registry and its errors) and the engine's documented helpers
(`Rng`, `derive_seed`) are used, so a new game is covered as soon as it is registered.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

import orjson

from cryptarena import games
from cryptarena.engine import Rng, derive_seed

# A random game that has not ended after this many actions is treated as a bug (a loop).
MAX_STEPS = 5000

# Every count of games below is multiplied by this (default 1, which keeps `make test` within its
# time budget with five games); `make conformance` runs the suite ten times larger.
SCALE = float(os.environ.get("CRYPTARENA_CONFORMANCE_SCALE", "1"))


def configs() -> list[tuple[str, int]]:
    """(game id, player count) for every registered game and every count it supports."""
    found = []
    for game_id in games.ids():
        game = games.load(game_id)
        found += [(game_id, n) for n in range(game.min_players, game.max_players + 1)]
    return found


# A game's share of the suite should not grow with its player range: a game playable at more
# than this many player counts (Crusade: 2–8, seven counts) plays proportionally fewer games at
# each, so that it costs about what a game of this many counts costs (Crypt, Quartz: four).
COUNTS_AT_FULL_SHARE = 4


# Nor with the length of its games: a game whose random games take more than this many actions on
# average (Pharaoh: several hundred, its set-up deck building and long fights included) plays
# fewer. Where every step is checked against the whole save (full games, secrets, chance), a game
# twice as long costs four times as much, so those modules scale by the square of the ratio.
STEPS_AT_FULL_SHARE = 250
PROBE_GAMES = 3


@lru_cache(maxsize=None)
def mean_steps(game_id: str) -> float:
    """Mean length of a few seeded random games at each player count (no checks: a probe)."""
    game = games.load(game_id)
    lengths = []
    for players in range(game.min_players, game.max_players + 1):
        for index in range(PROBE_GAMES):
            table = new_table(game_id, players, index, purpose="probe")
            lengths.append(play_out(table.state, table.rng))
    return sum(lengths) / len(lengths)


def games_for(game_id: str, games_per_config: int, per_step_checks: bool = False) -> int:
    """Games per config of this game: the module's count, scaled by SCALE, by the game's
    player range (see COUNTS_AT_FULL_SHARE) and by its game length (STEPS_AT_FULL_SHARE, squared
    for modules that check every step against the whole save); at least one."""
    game = games.load(game_id)
    counts = game.max_players - game.min_players + 1
    length = min(1.0, STEPS_AT_FULL_SHARE / mean_steps(game_id))
    share = min(1.0, COUNTS_AT_FULL_SHARE / counts) * (length ** 2 if per_step_checks else length)
    return max(1, round(games_per_config * SCALE * share))


def chunks(games_per_config: int, games_per_chunk: int,
           per_step_checks: bool = False) -> list[tuple[tuple[str, int], int, range]]:
    """(config, chunk number, game indices) for every config: the games split into chunks so
    that pytest-xdist spreads them over workers; the count is scaled (games_for)."""
    found = []
    for config in configs():
        total = games_for(config[0], games_per_config, per_step_checks)
        found += [(config, k, range(start, min(start + games_per_chunk, total)))
                  for k, start in enumerate(range(0, total, games_per_chunk))]
    return found


def config_id(config: tuple[str, int]) -> str:
    return f"{config[0]}-{config[1]}p"


def dump_sorted(value) -> str:
    """JSON text with sorted keys. orjson (several times faster than json on saves that carry
    a whole log) refuses non-string keys and writes NaN as null, so nothing slips through."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def canonical(state) -> str:
    """The byte-exact form used to say 'unchanged': sorted keys, no NaN tolerated."""
    return dump_sorted(state.to_json())


def snapshot(state) -> tuple[str, dict]:
    """canonical(state) and the dict read back from it, which must equal to_json(): the save
    survives a trip through JSON text."""
    data = state.to_json()
    text = dump_sorted(data)
    again = orjson.loads(text)
    assert again == data, "to_json() does not survive a trip through JSON text"
    return text, again


def sample_options(game, players: int, rng: Rng) -> dict:
    """Random valid options drawn from the game's published schema (options_schema). A game may
    also tie options to the player count (game.check_table): a draw it refuses is drawn again."""
    for _ in range(50):
        chosen = _draw_options(game, rng)
        try:
            game.check_table(players, chosen)
        except games.OptionError:
            continue
        return chosen
    return {}


def _draw_options(game, rng: Rng) -> dict:
    chosen = {}
    for option in game.options_schema():
        kind = option["type"]
        if kind == "enum":
            chosen[option["name"]] = option["allowed"][rng.below(len(option["allowed"]))]
        elif kind == "bool":
            chosen[option["name"]] = bool(rng.below(2))
        elif kind == "int":
            low = option.get("minimum", option["default"])
            high = option.get("maximum", option["default"])
            chosen[option["name"]] = low + rng.below(high - low + 1)
    return chosen


@dataclass
class Table:
    """One seeded game: the rules object, the state and the random source that drives it."""

    game: object
    state: object
    rng: Rng
    options: dict
    seed: int
    label: str


def new_table(game_id: str, players: int, index: int, purpose: str = "play") -> Table:
    """Game `index` of a batch: a 64-bit seed (so that a leaked seed cannot pass as a small number),
    default options for even indexes and options sampled from the schema for odd ones."""
    game = games.load(game_id)
    seed = derive_seed("conformance", purpose, game_id, players, index)
    rng = Rng(derive_seed("driver", seed))
    options = sample_options(game, players, rng) if index % 2 else {}
    state = game.new_state(players=players, seed=seed, options=options)
    label = f"{game_id} players={players} seed={seed} options={options}"
    return Table(game, state, rng, options, seed, label)


def actors(state, rng: Rng) -> int:
    """The seat to move: usually one from to_act(); one time in eight any seat that has a legal
    action off turn (abilities usable 'any time'), so those paths are played too."""
    acting = state.to_act()
    if rng.below(8) == 0:
        others = [s for s in range(state.players) if s not in acting and state.legal_actions(s)]
        if others:
            return others[rng.below(len(others))]
    return acting[rng.below(len(acting))]


def random_step(state, rng: Rng) -> tuple[int, dict]:
    """Apply one uniformly random legal action; return (seat, action)."""
    seat = actors(state, rng)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is in to_act() {state.to_act()} but has no legal action (phase {state.phase})"
    action = legal[rng.below(len(legal))]
    state.apply(seat, action)
    return seat, action


def play_out(state, rng: Rng, limit: int = MAX_STEPS) -> int:
    """Random play to the end; the number of actions taken."""
    steps = 0
    while not state.is_over():
        assert steps < limit, f"game not over after {limit} random actions (phase {state.phase})"
        random_step(state, rng)
        steps += 1
    return steps


def advance(state, rng: Rng, steps: int) -> int:
    """Up to `steps` random actions, stopping at the end; the number taken."""
    taken = 0
    while taken < steps and not state.is_over():
        random_step(state, rng)
        taken += 1
    return taken
