"""`cryptarena ladder`: a seeded round robin rated with OpenSkill, as a table, JSON and a PNG."""

from __future__ import annotations

import json

from openskill.models import PlackettLuce
from typer.testing import CliRunner

from cryptarena import games
from cryptarena.ai.ladder import Entry, matches, pool, rate, run_ladder
from cryptarena.cli import app


def test_the_pool_holds_the_levels_and_every_other_agent_once():
    # probabilistic is medium; Midas ships the expert's weights, Crypt does not
    assert pool(games.load("midas")) == ["easy", "medium", "hard", "expert", "ismcts", "random"]
    assert pool(games.load("crypt")) == ["easy", "medium", "hard", "ismcts", "random"]


def test_line_ups_meet_every_combination_and_teams_meet_as_sides():
    assert matches(["a", "b", "c"], 2, False) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert len(matches(["a", "b", "c", "d"], 4, True)) == 6  # Crusade: one agent a side, pairs
    assert matches(["a", "b"], 3, False) == [("a", "a", "a"), ("a", "a", "b"), ("a", "b", "b"), ("b", "b", "b")]


def test_a_win_moves_the_winner_up_and_a_team_counts_once():
    model = PlackettLuce()
    ratings = {n: model.rating(name=n) for n in ("x", "y")}
    entries = {n: Entry(n, 25.0, 25 / 3) for n in ("x", "y")}
    rate(model, ratings, entries, ["x", "y", "x", "y"], winners=[1, 3], teams=["A", "B", "A", "B"])
    assert ratings["y"].mu > 25 > ratings["x"].mu
    assert (entries["y"].games, entries["y"].wins, entries["x"].wins) == (1, 1.0, 0.0)


def test_the_ladder_is_a_function_of_its_seed_and_ranks_play_over_chance():
    one = run_ladder("midas", 2, games=6, seed=3, agents=["medium", "random", "easy"])
    two = run_ladder("midas", 2, games=6, seed=3, agents=["medium", "random", "easy"])
    assert one.to_json() == two.to_json()
    assert one.played == 3 * 6 and one.matches == 3
    order = [e.agent for e in one.entries]
    assert order.index("medium") < order.index("random")
    assert all(e.games == 12 for e in one.entries)


def test_workers_give_the_same_ladder_as_one_process():
    alone = run_ladder("crypt", 2, games=3, seed=5, agents=["medium", "random", "easy"])
    shared = run_ladder("crypt", 2, games=3, seed=5, agents=["medium", "random", "easy"], jobs=2)
    assert shared.to_json() == alone.to_json() and shared.played == 9


def test_cli_prints_the_table_and_writes_json_and_png(tmp_path):
    out, png = tmp_path / "ladder.json", tmp_path / "ladder.png"
    result = CliRunner().invoke(app, ["ladder", "quartz", "-p", "3", "-n", "1", "--agents", "easy,medium,random",
                                      "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "medium" in result.output and "mu - 3 sigma" in result.output
    data = json.loads(out.read_text())
    assert [row["rank"] for row in data["ladder"]] == [1, 2, 3] and data["games"] == 1
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = CliRunner().invoke(app, ["ladder", "quartz", "-p", "3", "--agents", "easy,grandmaster"])
    assert bad.exit_code != 0 and "grandmaster" in bad.output
