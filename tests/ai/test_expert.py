"""The expert level (ai/agents.py expert_agent, ai/value.py, ai/train.py), shipped for Midas only.

- It exists where a game ships learned weights, and only there: elsewhere `make_agent` says which
  agents the game has, `agent_names` leaves it out and the coach offers hard alone.
- It searches like hard (worlds from the seat's view, legal moves only) and its estimate reads only
  each seat's observation: two tables that differ only in another seat's hidden dice give the same
  decision, the same search.
- The shipped weights have the shapes the observation encoding gives; training is deterministic in
  its seed and writes a file the expert loads.
"""

from __future__ import annotations

import json

import pytest

from cryptarena import games
from cryptarena.ai import coach
from cryptarena.ai.agents import agent_names, decide, expert_agent, make_agent
from cryptarena.ai.runner import play_game
from cryptarena.ai.train import main as train_main
from cryptarena.ai.train import train
from cryptarena.ai.value import LearnedValue, load
from cryptarena.engine import Rng

SMALL = {"worlds": 2, "width": 3, "depth": 4}  # the expert's search, cut down for fast tests


@pytest.fixture
def small(monkeypatch):
    midas = games.load("midas")
    monkeypatch.setattr(type(midas), "expert_settings", SMALL)
    return midas


def test_the_expert_exists_where_weights_ship_and_nowhere_else():
    midas, crypt = games.load("midas"), games.load("crypt")
    assert "expert" in agent_names(midas) and coach.reviewers(midas) == ["hard", "expert"]
    assert "expert" not in agent_names(crypt) and coach.reviewers(crypt) == ["hard"]
    with pytest.raises(ValueError, match="unknown agent 'expert' for crypt; choose from easy, medium, hard"):
        make_agent("expert", crypt)
    expert = make_agent("expert", midas, think_seconds=0.5)
    assert expert.name == "expert" and expert.wants_worlds and expert.seconds == 0.5
    assert isinstance(expert.value, LearnedValue)


def test_without_its_weights_file_a_game_has_no_expert(monkeypatch, tmp_path):
    midas = games.load("midas")
    monkeypatch.setattr(type(midas), "expert_file", tmp_path / "missing.json")
    assert "expert" not in agent_names(midas)
    with pytest.raises(ValueError, match="unknown agent 'expert' for midas"):
        make_agent("expert", midas)


def test_the_shipped_weights_fit_the_observation_encoding():
    midas = games.load("midas")
    assert midas.expert_file.stat().st_size < 200_000
    value = load(midas, midas.expert_file)
    assert sorted(value.models) == [2, 3, 4]
    for players, net in value.models.items():
        size = midas.observation_encoding(players, {}).size
        assert net.size == size and net.mean.shape == (size,)
        assert net.w1.shape == (net.hidden, size)
    state = midas.new_state(2, seed=4)
    chances = value(state)
    assert len(chances) == 2 and abs(sum(chances) - 1) < 1e-9 and all(0 < c < 1 for c in chances)


def test_a_file_for_another_game_is_refused(tmp_path):
    midas = games.load("midas")
    data = json.loads(midas.expert_file.read_text())
    data["game"] = "crypt"
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="holds a model for 'crypt', not 'midas'"):
        load(midas, path)


def test_the_expert_needs_worlds_and_plays_whole_games_with_legal_moves(small):
    state = small.new_state(2, seed=2)
    seat = state.to_act()[0]
    expert = make_agent("expert", small)
    with pytest.raises(ValueError, match="the expert bot searches: it needs worlds"):
        expert.act(state.view(seat), state.legal_actions(seat), Rng(1))
    for players in (2, 3):
        record = play_game(small, players, seed=5, seating=["expert", *["medium"] * (players - 1)])
        assert record.actions > 0  # play_game raises on an illegal move


def test_the_estimate_reads_only_the_seats_own_view(small):
    """Two tables differing only in the other seat's dice: the same decision and the same search."""
    state = small.new_state(2, seed=11)
    rng = Rng(3)
    checked = 0
    for _ in range(40):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and state.phase == "bidding":
            other = state.determinize(seat, Rng(99))
            assert other.view(seat) == state.view(seat)
            if other.dice != state.dice:
                a, b = make_agent("expert", small), make_agent("expert", small)
                assert decide(a, state, seat, Rng(5)) == decide(b, other, seat, Rng(5))
                assert a.last.totals == b.last.totals and a.last.totals
                checked += 1
        state.apply(seat, decide(make_agent("medium", small), state, seat, rng))
    assert checked >= 3, "no table with other hidden dice was searched: the test would prove nothing"


def test_training_is_deterministic_in_its_seed_and_writes_what_the_expert_loads(small, tmp_path):
    tiny = dict(players=2, generations=2, games0=6, games_k=2, epochs=1, hidden=4, eval_games=0, also=(3,),
                echo=lambda line: None)
    first = train("midas", seed=5, out=str(tmp_path / "a.json"), **tiny)
    train("midas", seed=5, out=str(tmp_path / "b.json"), **tiny)
    train("midas", seed=6, out=str(tmp_path / "c.json"), **tiny)
    a, b, c = ((tmp_path / name).read_bytes() for name in ("a.json", "b.json", "c.json"))
    assert a == b and a != c
    assert [p["generation"] for p in first["curve"]] == [0, 1]
    assert first["curve"][1]["played_by"] == "expert"
    value = load(small, tmp_path / "a.json")
    assert sorted(value.models) == [2, 3] and value.models[2].hidden == 4
    state = small.new_state(2, seed=1)
    seat = state.to_act()[0]
    action = decide(expert_agent(small, value=value), state, seat, Rng(2))
    assert action in state.legal_actions(seat)


def test_the_learned_estimate_falls_back_where_it_has_no_model():
    """A table size the file holds no model for is judged by the game's own estimate."""
    midas = games.load("midas")
    only_three = LearnedValue(midas, {3: load(midas, midas.expert_file).models[3]})
    state = midas.new_state(2, seed=3)
    assert only_three(state) == midas.search_value(state)
    assert only_three(midas.new_state(3, seed=3)) != midas.search_value(midas.new_state(3, seed=3))


def test_the_training_command_refuses_bad_arguments(capsys):
    with pytest.raises(SystemExit):
        train_main(["midas", "--games0", "0"])
    assert "--games0 must be at least 1, not 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        train_main(["crypt", "--eval", "0"])
    assert "crypt has no expert level to train" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        train_main(["nowhere"])
    assert "unknown game 'nowhere'" in capsys.readouterr().err

