"""The greedy Crypt bot: always legal, sees only its view, and clearly beats random."""

import pytest

from cryptarena import games
from cryptarena.engine import derive_seed

from bot_play import play as shared_play
from bot_play import win_shares as shared_win_shares


GAME = games.load("crypt")


def play(players: int, seating: list[str], seed: int, options=None):
    return shared_play(GAME, players, seating, seed, options)


def win_shares(players: int, games_count: int, options=None) -> dict[str, float]:
    return shared_win_shares(GAME, players, games_count, "greedy", options)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_clearly_beats_random(players):
    shares = win_shares(players, 120)
    fair = 1 / players
    assert shares["greedy"] > 1.5 * fair, shares
    assert shares["greedy"] > 5 * shares["random"], shares


def test_greedy_beats_random_with_b_side_collectors():
    shares = win_shares(4, 80, {"collectors": "B"})
    assert shares["greedy"] > 5 * shares["random"], shares


def test_greedy_reaches_the_solo_target_more_often_than_random():
    greedy = sum(bool(play(1, ["greedy"], derive_seed(5, i)).winners()) for i in range(100))
    random_ = sum(bool(play(1, ["random"], derive_seed(5, i)).winners()) for i in range(100))
    assert greedy > random_ + 30, (greedy, random_)


@pytest.mark.parametrize("collectors", ["A", "B", "random"])
def test_greedy_always_legal_at_every_count(collectors):
    for players in (1, 2, 3, 4):
        for index in range(10):
            state = play(players, ["greedy"] * players, derive_seed(7, players, index),
                         {"collectors": collectors})
            assert state.is_over()


def test_greedy_uses_abilities():
    """Pottery B, Idol A, Remains A and Manuscript B are free value: the bot takes them."""
    used = set()
    for index in range(40):
        for collectors in ("A", "B"):
            state = play(3, ["greedy"] * 3, derive_seed(11, index), {"collectors": collectors})
            used |= {entry["msg"] for entry in state.log}
    assert {"crypt.pottery_take", "crypt.idol_reroll", "crypt.remains_recover",
            "crypt.manuscript_peek"} <= used
