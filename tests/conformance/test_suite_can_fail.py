"""The conformance checks themselves: they pass on the toy game (a second game on the engine,
so nothing in the suite is Crypt-shaped) and fail on toy variants that each break one rule of
the contract. A check that cannot fail would show up here."""

from __future__ import annotations

import pytest

from cryptarena.engine import Rng

from .play import Table, advance
from .test_full_games import play_checked_game
from .test_secrets import check_sample
from .toy import HighCard, HighCardState


def table_of(game, players: int, index: int) -> Table:
    seed = 10**12 + 7919 * index
    return Table(game, game.new_state(players, seed), Rng(index), {}, seed, f"{game.id} #{index}")


def variant(name: str, **methods) -> HighCard:
    """A HighCard whose state class overrides some methods."""
    state_class = type(f"{name}State", (HighCardState,), methods)
    return type(name, (HighCard,), {"state_class": state_class})()


def every_step_fails(game) -> str:
    for index in range(30):
        try:
            play_checked_game(table_of(game, 2 + index % 2, index))
        except AssertionError as exc:
            return str(exc)
    raise AssertionError("the per-step checks passed a game that breaks the contract")


def secrets_fail(game) -> str:
    for index in range(30):
        table = table_of(game, 3, index)
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
