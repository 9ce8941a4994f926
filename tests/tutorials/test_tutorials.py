"""Every tutorial is played on its game's engine: each asked move is legal where it is asked, every
other move is refused and changes nothing, and the learner's place is read back from a save."""

from __future__ import annotations

import copy
import json

import pytest

from cryptarena import games, tutorials
from cryptarena.engine import Rng
from cryptarena.tutorials import TutorialError, WrongMove

ALL = tutorials.ids()


@pytest.mark.parametrize("tutorial_id", ALL)
def test_the_lesson_plays_on_the_engine_as_written(tutorial_id):
    tutorial = tutorials.load(tutorial_id)
    state = tutorial.new_state()
    asked = tutorial.asked()
    for k, index in enumerate(asked):
        assert tutorial.position(state) == k
        assert state.to_act() == [tutorial.seat], f"step {index}: the table does not wait for the learner"
        expected = tutorial.moves_of(tutorial.steps[index])
        assert expected[0] in state.legal_actions(tutorial.seat), f"step {index}: {expected[0]} is not legal there"
        # a save in the middle of the lesson comes back at the same step
        assert tutorial.position(games.load(tutorial.game_id).from_json(state.to_json())) == k
        tutorial.play(state, tutorial.seat, expected)
    assert tutorial.done(state)
    assert not state.is_over(), "a lesson ends before the game does (a tutorial table is never recorded)"


@pytest.mark.parametrize("tutorial_id", ALL)
def test_every_other_move_is_refused_and_changes_nothing(tutorial_id):
    tutorial = tutorials.load(tutorial_id)
    state = tutorial.new_state()
    rng = Rng(7)
    for index in tutorial.asked():
        expected = tutorial.moves_of(tutorial.steps[index])
        others = [a for a in state.legal_actions(tutorial.seat) if a != expected[0]]
        for other in [rng.choice(others)] if others else []:
            before = json.dumps(state.to_json(), sort_keys=True)
            with pytest.raises(WrongMove) as refused:
                tutorial.play(state, tutorial.seat, [other])
            assert refused.value.expected == expected
            assert json.dumps(state.to_json(), sort_keys=True) == before
        tutorial.play(state, tutorial.seat, expected)


@pytest.mark.parametrize("tutorial_id", ALL)
def test_the_guide_has_a_page_for_every_asked_move_in_three_languages(tutorial_id):
    tutorial = tutorials.load(tutorial_id)
    state = tutorial.new_state()
    seen_pages = 0
    while True:
        guide = tutorial.guide(state)
        assert guide["pages"], f"no page to show at step {guide['step']}"
        for page in guide["pages"]:
            assert all(page["say"][lang].strip() for lang in ("en", "fr", "zh"))
        seen_pages += len(guide["pages"])
        if guide["done"]:
            assert guide["expect"] is None
            break
        assert guide["expect"] == tutorial.expected(state)
        assert guide["pages"][-1]["highlight"], "an asked move points at where to make it"
        tutorial.play(state, tutorial.seat, guide["expect"])
    assert seen_pages == sum(1 for s in tutorial.steps if "say" in s)


def test_a_wrong_seat_or_a_finished_lesson_takes_no_move():
    tutorial = tutorials.load(ALL[0])
    state = tutorial.new_state()
    other_seat = (tutorial.seat + 1) % tutorial.players
    with pytest.raises(WrongMove):
        tutorial.play(state, other_seat, tutorial.expected(state))
    finished = tutorial.play_through()
    with pytest.raises(WrongMove):
        tutorial.play(finished, tutorial.seat, [{"type": "end_turn"}])


def _quartz_data():
    with open(tutorials.HERE / "quartz.json", encoding="utf-8") as f:
        return json.load(f)


def test_data_without_a_language_or_with_a_scripted_learner_move_is_refused():
    data = _quartz_data()
    broken = copy.deepcopy(data)
    asked = next(s for s in broken["steps"] if "expect" in s)
    del asked["say"]["zh"]
    with pytest.raises(TutorialError, match="zh"):
        tutorials.parse(broken)
    broken = copy.deepcopy(data)
    broken["steps"].insert(0, {"seat": broken.get("seat", 0), "action": {"type": "stop"}})
    with pytest.raises(TutorialError, match="learner's seat"):
        tutorials.parse(broken)
    broken = copy.deepcopy(data)
    broken["steps"] = [s for s in broken["steps"] if "expect" not in s]
    with pytest.raises(TutorialError, match="asks the learner"):
        tutorials.parse(broken)


def test_a_rules_change_breaks_the_lesson_not_silently():
    """A lesson whose asked move no longer fits the engine names the step."""
    data = _quartz_data()
    asked = next(s for s in data["steps"] if "expect" in s)
    asked["expect"] = {"type": "reroll", "dice": [7]}
    with pytest.raises(TutorialError, match="does not fit"):
        tutorials.parse(data).play_through()


def test_every_game_has_a_lesson_and_parts_add_up():
    assert {tutorials.load(t).game_id for t in ALL} == set(games.ids())
    for game_id in games.ids():
        lessons = tutorials.for_game(game_id)
        assert [t.part for t in lessons] == list(range(1, len(lessons) + 1))
        assert all(t.parts == len(lessons) for t in lessons)
        for lesson in lessons:
            assert lesson.players in range(games.load(game_id).min_players, games.load(game_id).max_players + 1)
