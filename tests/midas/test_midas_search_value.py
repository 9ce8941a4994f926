"""Midas's estimate for a search bot's cut roll-outs: shares of the rounds each player can still lose."""

from cryptarena import games

GAME = games.load("midas")


def test_level_at_the_start_more_dice_more_share_the_cursed_none():
    state = GAME.new_state(3, seed=1)
    assert GAME.search_value(state) == [1 / 3] * 3
    state.dice_count[0] -= 2
    state.cursed[2] = True
    value = GAME.search_value(state)
    assert value[2] == 0.0 and value[1] > value[0] > 0 and abs(sum(value) - 1) < 1e-9
    state.chests[0]["cursed"] = False  # the cursed coin is out: every coin left is safe
    assert GAME.search_value(state)[0] > value[0]
