"""Shared by the bot tests: play a seeded game with named agents, asserting every choice is legal,
and the win share per agent over many games with the seating rotated one seat per game."""

from __future__ import annotations

from cryptarena.ai.agents import make_agent
from cryptarena.engine import Rng, derive_seed


def play(game, players: int, seating: list[str], seed: int, options=None):
    state = game.new_state(players, seed, options)
    agents = [make_agent(name, game) for name in seating]
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = agents[seat].act(state.view(seat), legal, rng)
        assert action in legal, (action, state.phase)
        state.apply(seat, action)
    return state


def win_shares(game, players: int, games_count: int, bot: str, options=None) -> dict[str, float]:
    """Wins per seat played (a shared win split) for `bot` and `random`, alternating seats."""
    names = (bot, "random")
    wins = dict.fromkeys(names, 0.0)
    seat_games = dict.fromkeys(names, 0)
    for index in range(games_count):
        seating = [names[(seat + index) % 2] for seat in range(players)]
        state = play(game, players, seating, derive_seed(99, index), options)
        for seat, name in enumerate(seating):
            seat_games[name] += 1
            if seat in state.winners():
                wins[name] += 1 / len(state.winners())
    return {name: wins[name] / seat_games[name] for name in names}
