"""engine.Action: the read-only legal action a frozen_actions game hands out."""

from __future__ import annotations

import copy
import json
import pickle

import orjson
import pytest

from cryptarena.engine import Action


def test_an_action_refuses_every_change():
    action = Action(type="bid", count=3)
    changes = [lambda a: a.__setitem__("count", 4), lambda a: a.__delitem__("count"), lambda a: a.clear(),
               lambda a: a.pop("count"), lambda a: a.popitem(), lambda a: a.setdefault("x", 1),
               lambda a: a.update(count=4), lambda a: a.__ior__({"count": 4})]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change(action)
    assert action == {"type": "bid", "count": 3}


def test_an_action_is_its_plain_dict_everywhere_else():
    action = Action(type="bid", count=3)
    plain = {"type": "bid", "count": 3}
    assert action == plain and plain == action
    assert orjson.loads(orjson.dumps(action)) == plain and json.loads(json.dumps(action)) == plain
    for twin in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
        assert type(twin) is Action and twin == plain
    mine = dict(action)
    mine["count"] = 4  # a copy is the caller's to change
    assert action["count"] == 3 and {**action, "count": 5}["count"] == 5
