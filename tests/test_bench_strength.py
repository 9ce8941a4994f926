"""bench/strength.py: what it plays and prints (never how fast)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import strength  # noqa: E402


def test_one_hard_seat_against_medium_with_intervals_and_a_table_row():
    m = strength.measure("crypt", 2, 2, 1, 7)
    assert m["games"] == 2 and m["fair"] == 0.5
    assert m["hard"]["seat_games"] == 2 and m["medium"]["seat_games"] == 2
    assert m["hard"]["wins"] + m["medium"]["wins"] + m["no_winner_games"] == 2
    low, high = m["hard"]["win_interval"]
    assert 0.0 <= low <= m["hard"]["win_rate"] <= high <= 1.0
    line = strength.row(m)
    assert line.startswith("| crypt | 2 | 2 | ") and line.count("|") == 9


def test_a_team_game_seats_one_hard_side_and_a_table_one_hard_seat():
    assert strength.lineup("crusade", 4) == (["hard", "medium"], 2)
    assert strength.lineup("quartz", 3) == (["hard", "medium", "medium"], 3)


def test_another_level_against_another_seats_as_asked(monkeypatch):
    assert strength.lineup("midas", 2, "expert", "hard") == (["expert", "hard"], 2)
    monkeypatch.setattr(type(strength.games.load("midas")), "expert_settings", {"worlds": 2, "width": 2, "depth": 4})
    monkeypatch.setattr(type(strength.games.load("midas")), "search_settings", {"worlds": 2, "width": 2, "depth": 4})
    m = strength.measure("midas", 2, 2, 1, 7, "expert", "hard")
    assert m["agent"] == "expert" and m["against"] == "hard"
    assert m["expert"]["seat_games"] == 2 and m["expert"]["wins"] + m["hard"]["wins"] == 2
    assert strength.row(m).startswith("| midas | 2 | 2 | ")
