"""End-game Collectors and the score breakdown. scores() is valid mid-game, so a collection built
round by round (feed_round: seat s collects slot s, the next round's cards scripted) is scored as
it grows."""

from __future__ import annotations

import pytest

from crypt_play import breakdown, feed_round, find, in_deck, others
from cryptarena.games.crypt.collectors import collector_bonus
from cryptarena.games.crypt.components import REVEAL

TYPES = ("idol", "jewelry", "manuscript", "pottery", "remains", "tapestry")


def none_of(kind):
    def where(laid):
        return all(t != kind for t, _ in laid)
    where.__name__ = f"no_{kind}"
    return where


NONE_OF = {kind: none_of(kind) for kind in TYPES}


def progression(players, kind, side, deals):
    """The `kind` Collector's coins per seat after each round. Round 1 deals no card of `kind`;
    each entry of `deals` is the next round's Crypt, slot s (collected by seat s) holding the
    `kind` card of that value, or a filler card of another type for None."""
    state = find(players, where=NONE_OF[kind], collectors="mix", **{kind: side})
    seen = []
    for deal in [*deals, None]:  # None: the last round, whose next Crypt does not matter
        cards = []
        if deal is not None:
            fill = iter(others(state, sum(REVEAL[players]), avoid=[kind]))
            wanted = list(deal) + [None] * (sum(REVEAL[players]) - len(deal))
            cards = [in_deck(state, kind, v)[0] if v is not None else next(fill) for v in wanted]
        feed_round(state, cards)
        seen.append([breakdown(state, s)[kind] for s in range(players)])
        assert_adds_up(state)
    return state, seen


def values(state, seat, kind):
    return sorted(state.cards[c].value for c in state.collections[seat] if state.cards[c].type == kind)


def assert_adds_up(state):
    for score in state.scores():
        assert set(score["breakdown"]) == {"treasure", "servants", *TYPES}
        assert sum(score["breakdown"].values()) == score["total"]


# ------------------------------------------------------------------ one scenario per Collector
def test_jewelry_a_scores_the_highest_jewelry_twice_with_two_or_more():
    state, seen = progression(2, "jewelry", "A", [[4], [1]])
    assert values(state, 0, "jewelry") == [1, 4]
    assert seen == [[0, 0], [0, 0], [4, 0]]  # one Jewelry: nothing; two: the 4 again


def test_jewelry_b_scores_one_per_jewelry():
    state, seen = progression(2, "jewelry", "B", [[4, 2], [1]])
    assert seen == [[0, 0], [1, 1], [2, 1]]


def test_manuscript_a_makes_each_manuscript_worth_4_with_two_or_more():
    state, seen = progression(2, "manuscript", "A", [[1], [3], [2]])
    # bonus = what lifts each Manuscript to 4: 1 alone gives nothing; 1+3 -> 3+1; 1+3+2 -> 3+1+2
    assert seen == [[0, 0], [0, 0], [4, 0], [6, 0]]
    assert sum(values(state, 0, "manuscript")) + seen[-1][0] == 3 * 4


def test_pottery_a_pays_2_4_8_for_two_three_four():
    state, seen = progression(2, "pottery", "A", [[1], [2], [3], [4]])
    assert [s[0] for s in seen] == [0, 0, 2, 4, 8]


def test_remains_b_pays_10_from_four_remains():
    state, seen = progression(2, "remains", "B", [[1], [2], [3], [4]])
    assert [s[0] for s in seen] == [0, 0, 0, 0, 10]


def test_tapestry_a_most_coins_get_5_ties_all_get_it_and_none_without_a_tapestry():
    state, seen = progression(2, "tapestry", "A", [[None, 1], [4], [None, 3]])
    assert seen == [
        [0, 0],  # nobody has a Tapestry: a 0-0 tie gives nothing
        [0, 5],  # seat 1: Tapestry 1 vs none
        [5, 0],  # seat 0: 4 beats 1
        [5, 5],  # seat 1: 1 + 3 = 4 ties 4: both get the full +5
    ]


def test_tapestry_b_7_alone_with_three_4_each_when_several():
    state, seen = progression(3, "tapestry", "B", [[1, 2], [3, 2], [4], [None, 3]])
    assert [values(state, s, "tapestry") for s in range(3)] == [[1, 3, 4], [2, 2, 3], []]
    assert seen == [[0, 0, 0], [0, 0, 0], [0, 0, 0], [7, 0, 0], [4, 4, 0]]


# ------------------------------------------------------------------ thresholds beyond a scenario
@pytest.mark.parametrize("kind, side, holdings, expected", [
    ("pottery", "A", [[1] * 5, [1]], [8, 0]),  # 4 or more: +8 (4 players hold up to 8 Potteries)
    ("remains", "B", [[1] * 5, [1, 2, 3]], [10, 0]),
    ("jewelry", "A", [[2, 2], [4]], [2, 0]),
    ("manuscript", "A", [[4, 4], [1]], [0, 0]),
    ("tapestry", "A", [[4], [2, 2], []], [5, 5, 0]),
    ("tapestry", "B", [[1, 1, 1], [1, 1, 1], [1, 1, 1, 1]], [4, 4, 4]),
    ("tapestry", "B", [[1, 1], []], [0, 0]),
    ("idol", "A", [[1, 2, 3, 4], []], [0, 0]),  # an ability: no coins
])
def test_collector_bonus_thresholds(kind, side, holdings, expected):
    cards = [[(kind, v) for v in vs] for vs in holdings]
    assert collector_bonus(kind, side, cards, idol_b_first=[]) == expected


def test_idol_b_bonus_first_and_later():
    cards = [[("idol", 1), ("idol", 2)], [("idol", 3), ("idol", 4)], [("idol", 1)]]
    assert collector_bonus("idol", "B", cards, idol_b_first=[1]) == [2, 5, 0]
