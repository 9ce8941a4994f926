"""bench/quartz_value.py: the games it learns from and the fit (never how fast)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import quartz_value  # noqa: E402

from cryptarena import games  # noqa: E402
from cryptarena.games.quartz import value  # noqa: E402


def test_every_turn_start_is_recorded_and_the_winners_label_it():
    game = games.load("quartz")
    tables, target = quartz_value.record_game(game, 3, seed=11)
    assert len(tables) == 18  # six rounds of three turns (the bag does not run out at three)
    assert all(t.shape == (3, len(value.NAMES)) for t in tables)
    assert sum(target) == 1.0 and max(target) > 0
    again, _ = quartz_value.record_game(game, 3, seed=11)
    assert all((a == b).all() for a, b in zip(tables, again))  # a function of the seed
    explored, _ = quartz_value.record_game(game, 3, seed=11, explore=0.5)
    assert any((a != b).any() for a, b in zip(tables, explored))


def test_the_fit_learns_that_points_count_more_near_the_end(tmp_path):
    rows = quartz_value.collect([3], 40, seed=3)
    w = quartz_value.fit(quartz_value.stack(rows))
    assert w[value.NAMES.index("score*progress")] > 0.3
    groups = quartz_value.stack(rows)
    fitted = quartz_value.log_loss(groups, lambda x: np.asarray([value.chances(t, w) for t in x]))
    assert fitted < quartz_value.log_loss(groups, lambda x: np.full(x.shape[:2], 1 / x.shape[1]))


def test_the_command_writes_weights_the_game_reads(tmp_path, monkeypatch):
    out = tmp_path / "w.json"
    monkeypatch.setattr(sys, "argv", ["quartz_value.py", "-n", "10", "--seed", "2", "--out", str(out)])
    quartz_value.main()
    data = json.loads(out.read_text())
    assert tuple(data["features"]) == value.NAMES and len(data["weights"]) == len(value.NAMES)
    assert data["fitted"] == {"games": 10, "players": [3], "seed": 2, "ridge": 1.0, "explore": 0.1,
                              "script": "bench/quartz_value.py"}
