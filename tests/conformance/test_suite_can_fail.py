"""The conformance checks themselves: they pass on the toy game (a second game on the engine,
so nothing in the suite is Crypt-shaped) and fail on toy variants that each break one rule of
the contract. A check that cannot fail would show up here."""

from __future__ import annotations

import pytest

from cryptarena.engine import Rng

from .play import Table, advance
from .test_full_games import play_checked_game
from .test_secrets import check_sample
from .toy import HighCard, HighCardState, TeamHighCard, TeamHighCardState


def table_of(game, players: int, index: int) -> Table:
    seed = 10**12 + 7919 * index
    return Table(game, game.new_state(players, seed), Rng(index), {}, seed, f"{game.id} #{index}")


def variant(name: str, base: type = HighCard, **methods) -> HighCard:
    """A HighCard (or `base`, a subclass) whose state class overrides some methods."""
    state_class = type(f"{name}State", (base.state_class,), methods)
    return type(name, (base,), {"state_class": state_class})()


def every_step_fails(game) -> str:
    for index in range(30):
        try:
            play_checked_game(table_of(game, 2 + index % 2, index))
        except AssertionError as exc:
            return str(exc)
    raise AssertionError("the per-step checks passed a game that breaks the contract")


def secrets_fail(game, players: int = 3) -> str:
    for index in range(30):
        table = table_of(game, players, index)
        advance(table.state, table.rng, index % 3)
        try:
            check_sample(table, table.state, Rng(index), False)
        except AssertionError as exc:
            return str(exc)
    raise AssertionError("the secret checks passed a game that leaks")


def test_the_honest_toy_passes_everything():
    for index in range(30):
        table = table_of(HighCard(), 2 + index % 2, index)
        assert check_sample(table, table.state, Rng(index), False) == (True, True)
        play_checked_game(table)


def _show_all(self, seat):
    return {**HighCardState._view(self, seat), "hands": list(self.hands)}


def _leaky_reason(self, seat, action):
    return f"no; by the way the next card is {self.deck[-1]}"


def _keep_rng(self, seat, rng):
    twin = HighCardState.determinize(self, seat, rng)
    twin.rng = self.rng.__class__(position=self.rng.position)
    return twin


def _peek_log(self):
    HighCardState._setup(self)
    self.add_log("toy.hint", {"card": self.hands[0]}, secret={"to": "owner", "params": {}})


def _shared_legal_list(self, seat):
    # promises read-only Actions but hands out plain dicts kept from one call to the next
    cache = self.__dict__.setdefault("_kept", {})
    key = (self.turns, seat)
    if key not in cache:
        cache[key] = HighCardState._legal_actions(self, seat)
    return cache[key]


@pytest.mark.parametrize(("name", "methods", "expected"), [
    ("ShowsHands", {"_view": _show_all}, "view"),
    ("LeakyReason", {"_explain_illegal": _leaky_reason}, "reason reveals a secret"),
    ("KeepsRng", {"determinize": _keep_rng}, "real RNG"),
    ("BadMarking", {"_setup": _peek_log}, "secret"),
])
def test_secret_checks_catch_a_leak(name, methods, expected):
    assert expected in secrets_fail(variant(name, **methods))


def _refusal_shuffles(self, seat, action):
    self.deck.reverse()
    return "no"


def _forget_pot(self):
    return {k: v for k, v in HighCardState._data(self).items() if k != "pot"}


def _load_without_pot(self, data):
    HighCardState._load(self, {**data, "pot": [0] * self.players})


def _stuck(self, seat):
    return [] if self.turns == 1 else HighCardState._legal_actions(self, seat)


def _bad_sum(self):
    scores = HighCardState.scores(self)
    scores[0]["total"] += 1
    return scores


def _from_clock(self):
    HighCardState._setup(self)
    import time
    self.deck.sort(key=lambda c: hash((c, time.perf_counter_ns())))  # not from the state's RNG


def _tuple_view(self, seat):
    return {**HighCardState._view(self, seat), "pot": tuple(self.pot)}


def _shared_legal_list(self, seat):
    # promises read-only Actions but hands out plain dicts kept from one call to the next
    cache = self.__dict__.setdefault("_kept", {})
    key = (self.turns, seat)
    if key not in cache:
        cache[key] = HighCardState._legal_actions(self, seat)
    return cache[key]


@pytest.mark.parametrize(("name", "methods", "expected"), [
    ("FrozenInNameOnly", {"frozen_actions": True, "_legal_actions": _shared_legal_list}, "read-only Action"),
    ("RefusalMutates", {"_explain_illegal": _refusal_shuffles}, "changed the state"),
    ("ForgetsOnSave", {"_data": _forget_pot, "_load": _load_without_pot}, "differs"),
    ("NoLegalAction", {"_legal_actions": _stuck}, "no legal action"),
    ("FrozenInNameOnly", {"frozen_actions": True, "_legal_actions": _shared_legal_list}, "read-only Action"),
    ("ScoresDoNotAddUp", {"scores": _bad_sum}, "does not add up"),
    ("UnseededShuffle", {"_setup": _from_clock}, "replay"),
    ("TupleInView", {"_view": _tuple_view}, "not plain JSON"),
])
def test_per_step_checks_catch_a_broken_contract(name, methods, expected):
    assert expected in every_step_fails(variant(name, **methods))


# ------------------------------------------------------------------ teams
# Team High Card: seats 0-1 against 2-3 (0-1 against 2 with three players); a seat sees its
# team-mates' cards, never the other team's.

def test_the_honest_team_toy_passes_everything():
    for index in range(12):
        table = table_of(TeamHighCard(), 3 + index % 2, index)
        assert check_sample(table, table.state, Rng(index), False) == (True, True)
        play_checked_game(table)


def _team_sees_everything(self, seat):
    return {**TeamHighCardState._view(self, seat), "hands": list(self.hands)}


def _deal_to_everyone_but_one(self, owner):
    # the card's secret is also addressed to the first seat of the other team
    teams = self.game.seat_teams(self.players, self.options)
    return TeamHighCardState.readers(self, owner) + [teams.index("b" if teams[owner] == "a" else "a")]


def _redraws_team_mates(self, seat, rng):
    # the copy for a seat re-draws every card but its own: its team-mates' too, which it sees
    hidden = [] if self.is_over() else [s for s in range(self.players) if s != seat]
    pool = self.deck + [self.hands[s] for s in hidden]
    rng.shuffle(pool)
    for s in hidden:
        self.hands[s] = pool.pop()
    self.deck = pool


def _own_card_only(self, seat):
    # teams declared (seat_teams) but each seat sees only its own card: a team-mate knows more
    return HighCardState._view(self, seat)


def _each_own_card(self, owner):
    return [owner]


@pytest.mark.parametrize(("name", "methods", "expected"), [
    ("ShowsOtherTeam", {"_view": _team_sees_everything}, "view"),
    ("SecretAcrossTeams", {"readers": _deal_to_everyone_but_one}, "across teams"),
    ("RedrawsTeamMates", {"_resample_hidden": _redraws_team_mates}, "view"),
    ("MatesKeepSecrets", {"readers": _each_own_card, "_view": _own_card_only}, "team-mate"),
])
@pytest.mark.parametrize("players", [3, 4])
def test_secret_checks_understand_teams(name, methods, expected, players):
    assert expected in secrets_fail(variant(name, TeamHighCard, **methods), players)
