"""The engine's State mechanics on the toy High Card game (tests/conformance/toy.py): action
validation and its messages, restoring a table when a scripted outcome does not fit, scripted
chance, replay, determinisation and the view envelope."""

from __future__ import annotations

import json

import pytest
from conformance.toy import HighCard

from cryptarena.engine import IllegalAction, Rng


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def new(players: int = 3, seed: int = 11):
    return HighCard().new_state(players, seed)


def refused(state, seat, action) -> IllegalAction:
    before = snap(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert snap(state) == before
    return info.value


def test_validation_messages_say_what_is_wrong():
    state = new()
    error = refused(state, 5, {"type": "fold"})
    assert error.code == "bad_seat" and "0..2" in error.reason
    assert refused(state, True, {"type": "fold"}).code == "bad_seat"
    for junk in (None, [], "fold", {"kind": "fold"}, {"type": 3}):
        assert refused(state, 0, junk).code == "malformed_action"
    error = refused(state, 1, {"type": "fold"})
    assert error.code == "not_your_turn" and "waiting for seat 0" in error.reason and "bid" in error.reason
    error = refused(state, 0, {"type": "shout"})
    assert error.code == "wrong_action_type" and "unknown action type 'shout'" in error.reason
    assert "fold" in error.reason and "raise" in error.reason  # the possible types are listed
    error = refused(state, 0, {"type": "raise", "amount": 3})
    assert error.reason == "raise by 1 or 2 coins"  # the game's own explanation
    error = refused(state, 0, {"type": "fold", "loudly": True})
    assert error.code == "illegal_action" and "not a legal fold" in error.reason


def test_the_game_over_refuses_everything():
    state = new(2)
    state.apply(0, {"type": "fold"})
    assert state.is_over() and state.to_act() == [] and state.winners() == [1]
    assert refused(state, 1, {"type": "fold"}).code == "game_over"


def test_apply_records_the_canonical_legal_action():
    state = new()
    state.apply(0, {"type": "raise", "amount": 1.0})  # equal to the legal {"amount": 1}
    assert state.history == [{"seat": 0, "action": {"type": "raise", "amount": 1}}]
    assert type(state.history[0]["action"]["amount"]) is int


def test_legal_actions_are_fresh_copies_and_follow_the_state():
    state = new()
    legal = state.legal_actions(0)
    legal[0]["amount"] = 99
    legal.append({"type": "cheat"})
    assert state.legal_actions(0) == [{"type": "raise", "amount": 1}, {"type": "raise", "amount": 2},
                                      {"type": "fold"}]
    state.apply(0, {"type": "fold"})
    assert state.legal_actions(0) == [] and state.legal_actions(1)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "1", None])
def test_legal_actions_of_a_non_seat_is_empty(seat):
    state = new()
    state.apply(0, {"type": "fold"})
    assert state.legal_actions(1)  # memoised for seat 1 now: a non-seat equal to 1 must not hit it
    assert state.legal_actions(seat) == []


def test_a_scripted_outcome_that_does_not_fit_restores_the_table_exactly():
    state = new()
    state.script_chance([{"card": state.deck[0]}])  # but a raise rolls a die next
    before = snap(state)
    error = refused(state, 0, {"type": "raise", "amount": 2})
    assert error.code == "bad_outcome" and "'die'" in error.reason
    assert snap(state) == before
    state.apply(0, {"type": "fold"})  # no chance event: fine, the script waits
    assert state.to_json()["script"] == [["card", state.to_json()["script"][0][1]]]


def test_script_chance_forms_and_refusals():
    state = new()
    state.script_chance(4)  # a bare value is of the default kind (die)
    state.script_chance([{"die": 6}, ["die", 2]])
    assert state.to_json()["script"] == [["die", 4], ["die", 6], ["die", 2]]
    assert state.history[-2:] == [{"script": [{"die": 4}]}, {"script": [{"die": 6}, {"die": 2}]}]
    before = snap(state)
    for bad in ([{"die": 7}], [{"dice": 1}], [{"die": 1, "card": 2}], [[1, 2, 3]], [{"die": 3}, {"die": 0}],
                [{"card": 99}], [None]):
        with pytest.raises(IllegalAction) as info:
            state.script_chance(bad)
        assert info.value.code == "bad_outcome", bad
        assert snap(state) == before, f"{bad!r} left a trace"
    card = state.deck[0]
    with pytest.raises(IllegalAction):  # the same card twice cannot be drawn
        state.script_chance([{"card": card}, {"card": card}])
    state.apply(0, {"type": "raise", "amount": 1})
    assert state.pot[0] == 1 + 4  # the scripted die


def test_replay_follows_actions_and_scripts():
    game = HighCard()
    state = game.new_state(3, 5)
    state.script_chance([6])
    state.apply(0, {"type": "raise", "amount": 2})
    state.apply(1, {"type": "fold"})
    state.script_chance([{"die": 1}])
    state.apply(2, {"type": "raise", "amount": 1})
    again = game.replay(3, 5, {}, state.history)
    assert snap(again) == snap(state)
    assert again.pot == [8, 0, 2]


def test_determinize_redraws_only_what_the_seat_cannot_know():
    state = new(3, seed=21)
    own = state.hands[1]
    others = set()
    for k in range(40):
        twin = state.determinize(1, Rng(k))
        assert twin.hands[1] == own and twin.seed is None and twin.history == [] and twin._script == []
        assert sorted(twin.deck + twin.hands) == list(range(10))
        others.add((twin.hands[0], twin.hands[2]))
        # the copy's log keeps this seat's secret and redacts the others'
        deals = [e for e in twin.log if e["msg"] == "toy.deal"]
        assert [("secret" in e, e.get("redacted", False)) for e in deals] == [(False, True), (True, False),
                                                                             (False, True)]
    assert len(others) > 10  # the other hands really are re-drawn
    spectator = state.determinize(None, 3)  # an int seeds the re-draw too
    assert all("secret" not in e for e in spectator.log)
    with pytest.raises(IllegalAction):
        state.determinize(3, Rng(1))


def test_determinize_with_the_same_rng_seed_is_reproducible():
    state = new(3, seed=4)
    assert snap(state.determinize(0, Rng(9))) == snap(state.determinize(0, Rng(9)))


def test_view_envelope_and_bad_seats():
    state = new(3)
    view = state.view(2)
    assert {k: view[k] for k in ("game", "player_count", "seat", "phase", "to_act", "over")} == \
        {"game": "highcard", "player_count": 3, "seat": 2, "phase": "bid", "to_act": [0], "over": False}
    assert view["hands"] == [None, None, state.hands[2]]
    assert state.view(None)["hands"] == [None, None, None]
    for seat in (3, -1, "0", True):
        with pytest.raises(IllegalAction):
            state.view(seat)


def test_log_for_redacts_other_seats_secrets():
    state = new(2)
    mine, theirs = [e for e in state.log_for(0) if e["msg"] == "toy.deal"]
    assert mine["params"] == {"seat": 0, "card": state.hands[0]} and mine["chance"]["value"] == state.hands[0]
    assert theirs == {"seq": theirs["seq"], "seat": 1, "msg": "toy.deal", "params": {"seat": 1},
                      "chance": {"kind": "card"}, "redacted": True}
    assert all(e.get("redacted") for e in state.log_for(None) if e["msg"] == "toy.deal")


def test_clone_is_independent():
    state = new(3)
    before = snap(state)
    twin = state.clone()
    twin.apply(0, {"type": "raise", "amount": 2})
    twin.hands.reverse()
    assert snap(state) == before and twin.game is state.game


def test_dumps_is_to_json_as_text():
    import json as _json

    from cryptarena import games as _games
    from cryptarena.engine import Rng as _Rng
    for game_id in _games.ids():
        game = _games.load(game_id)
        state = game.new_state(game.max_players, 3)
        rng = _Rng(1)
        for _ in range(30):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            assert _json.loads(state.dumps()) == state.to_json()
            assert game.from_json(state.dumps()).to_json() == state.to_json()


class SlottedHighCardState(HighCard.state_class):
    # the toy game's fields in slots, as Crypt, Crusade and Pharaoh keep theirs
    __slots__ = HighCard.state_class._FIELDS

    def _apply(self, seat, action):
        self.pot[seat] += 100  # a slot's value changed before the roll: a refused outcome must undo it
        super()._apply(seat, action)
        self.pot[seat] -= 100


class SlottedHighCard(HighCard):
    state_class = SlottedHighCardState


def test_a_state_keeping_its_fields_in_slots_is_cloned_and_restored_whole():
    state = SlottedHighCard().new_state(3, 11)
    assert "hands" not in state.__dict__ and state.hands  # in a slot, not in __dict__
    twin = state.clone()
    assert snap(twin) == snap(state) and twin.hands is not state.hands
    twin.apply(0, {"type": "raise", "amount": 2})
    twin.hands.reverse()
    assert snap(twin) != snap(state)
    # a refused scripted outcome restores the slots too, not only __dict__
    state.apply(0, {"type": "fold"})
    state.script_chance([{"card": state.deck[0]}])  # a raise rolls a die next
    before = snap(state)
    hands = list(state.hands)
    assert refused(state, 1, {"type": "raise", "amount": 2}).code == "bad_outcome"
    assert snap(state) == before and state.hands == hands
    determinised = state.determinize(1, 5)
    assert determinised.hands[1] == state.hands[1] and "hands" not in determinised.__dict__


def test_the_history_keeps_a_read_only_legal_action_itself_and_copies_a_plain_one():
    from cryptarena import games
    from cryptarena.engine import Action
    state = games.load("midas").new_state(2, seed=3)  # a frozen_actions game
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    state.apply(seat, dict(action))  # an equal plain dict: the legal Action is what is kept
    assert type(state.history[-1]["action"]) is Action and state.history[-1]["action"] == action
    toy = new()
    toy.apply(0, {"type": "fold"})
    assert type(toy.history[-1]["action"]) is dict
