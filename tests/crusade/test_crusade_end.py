"""The end: after round 13 (its Necromancers' income included) the team holding more Graves wins;
a tie goes to the tokens earned over the game (option: held at the end); still tied, a draw."""

from __future__ import annotations

from crusade_play import T, end, finish_turns, messages, table, turn_of


def last_round(players: int = 4, graves=None, earned=None, purse=None, **options):
    """Round 13, the first Groundskeeper to act; nobody stands on a Grave or the Shed."""
    state = table(players, graves=graves or {}, hands={}, pos={s: T(0, 4) for s in range(players)}, **options)
    state.round = 13
    state.earned.update(earned or {})
    state.purse.update(purse or {})
    return turn_of(state, 0)


def test_the_game_ends_after_round_thirteen_and_the_team_with_more_graves_wins():
    state = last_round(5, graves={T(0, 0): "nm", T(1, 0): "nm", T(2, 0): "gk"})
    finish_turns(state)
    assert state.is_over() and state.phase == "game_end" and state.to_act() == []
    assert state.winners() == [3, 4]
    assert [s["total"] for s in state.scores()] == [1, 1, 1, 2, 2]
    assert state.scores()[3] == {"total": 2, "breakdown": {"graves": 2}}
    view = state.view(0)
    assert view["winner"] == "nm" and view["scores"] == {"gk": 1, "nm": 2} and view["round"] == 13
    assert messages(state)[-1] == "crusade.game_end"
    assert all(state.legal_actions(s) == [] for s in range(5))


def test_no_shop_and_no_fourteenth_round():
    state = last_round(2, purse={"gk": 50, "nm": 50})
    finish_turns(state)
    assert state.is_over() and state.round == 13 and "crusade.buy" not in messages(state)


def test_the_last_necromancer_income_counts_for_the_tie_break():
    # 1 Grave each, 10 tokens earned each: the Groundskeepers' income makes it 11 to 10, and only
    # the Necromancers' income in round 13 makes it a draw again
    state = last_round(2, graves={T(0, 0): "gk", T(4, 4): "nm"}, earned={"gk": 10, "nm": 10})
    end(state)
    assert state.earned == {"gk": 11, "nm": 10} and not state.is_over()
    end(state)
    assert state.earned == {"gk": 11, "nm": 11} and state.winners() == [0, 1]  # a draw: both teams


def test_a_tie_in_graves_goes_to_the_team_that_earned_more_tokens():
    state = last_round(4, graves={T(0, 0): "gk", T(4, 4): "nm"}, earned={"gk": 20, "nm": 25},
                       purse={"gk": 19, "nm": 0})
    finish_turns(state)
    assert state.winners() == [2, 3] and state.view(None)["winner"] == "nm"
    entry = next(e for e in state.log if e["msg"] == "crusade.game_end")
    assert entry["params"] == {"gk": 1, "nm": 1, "tie_break": "earned", "gk_points": 21, "nm_points": 26,
                               "winner": "nm"}


def test_the_held_option_breaks_the_tie_with_the_tokens_held_at_the_end():
    state = last_round(4, graves={T(0, 0): "gk", T(4, 4): "nm"}, earned={"gk": 20, "nm": 25},
                       purse={"gk": 19, "nm": 0}, tie_break="held")
    finish_turns(state)
    assert state.winners() == [0, 1] and state.view(None)["winner"] == "gk"


def test_still_tied_is_a_draw_that_both_teams_share():
    state = last_round(3, graves={T(0, 0): "gk", T(4, 4): "nm"}, earned={"gk": 7, "nm": 7})
    finish_turns(state)
    assert state.winners() == [0, 1, 2] and state.view(None)["winner"] == "draw"


def test_scores_follow_the_graves_during_the_game_and_nobody_has_won_yet():
    state = table(4, graves={T(0, 0): "gk", T(1, 0): "gk", T(4, 4): "nm"}, hands={}, turn=0)
    assert [s["total"] for s in state.scores()] == [2, 2, 1, 1] and state.winners() == []
    assert state.view(None)["winner"] is None
