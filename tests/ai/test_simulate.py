"""Whole runs: reproducible figures, --jobs, the JSON report and the CLI."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from cryptarena.ai.simulate import run_simulation
from cryptarena.cli import app

runner = CliRunner()


def simulate(*args: str):
    return runner.invoke(app, ["simulate", "crypt", *args])


def error_text(result) -> str:
    """The error message without rich's box drawing and line wrapping."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output + (result.stderr or "")).split())


def test_same_seed_same_figures_other_seed_other_figures():
    first = run_simulation("crypt", players=3, games=20, agents=["random"], seed=11)
    again = run_simulation("crypt", players=3, games=20, agents=["random"], seed=11)
    other = run_simulation("crypt", players=3, games=20, agents=["random"], seed=12)
    assert first == again
    assert first["by_seat"] != other["by_seat"]
    assert first["games"] == 20 and first["length"]["min"] > 0


def test_jobs_give_the_figures_of_one_process():
    one = run_simulation("crypt", players=2, games=20, agents=["random"], seed=3, jobs=1)
    two = run_simulation("crypt", players=2, games=20, agents=["random"], seed=3, jobs=2)
    assert json.dumps(one) == json.dumps(two)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_report_parses_and_seat_win_rates_sum_to_one(players):
    result = simulate("--players", str(players), "--games", "12", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)  # nothing but the JSON on stdout
    assert report["no_winner_games"] == 0  # Crypt breaks ties, so every multi-player game has a winner
    assert sum(row["win_rate"] for row in report["by_seat"]) == pytest.approx(1.0)
    assert [row["seat"] for row in report["by_seat"]] == list(range(players))
    (random_agent,) = report["by_agent"]
    assert random_agent["seat_games"] == 12 * players
    assert random_agent["wins"] == pytest.approx(12)
    for row in report["by_seat"]:
        low, high = row["win_interval"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        score = row["score"]
        assert set(score["total"]) == {"mean", "std", "min", "max"}
        # each breakdown item's mean adds up to the total's mean, as the items add up to the total
        assert sum(item["mean"] for item in score["breakdown"].values()) == pytest.approx(score["total"]["mean"])
    assert "simulating" not in result.stderr  # --json hides the progress bar


def test_solo_run_counts_lost_games_as_no_win():
    report = run_simulation("crypt", players=1, games=10, agents=["random"], seed=2,
                            options={"solo_target": 30})
    (seat,) = report["by_seat"]
    assert seat["wins"] + report["no_winner_games"] == 10
    assert seat["win_rate"] == report["by_agent"][0]["win_rate"]


def test_repeated_names_pool_into_one_agent():
    report = run_simulation("crypt", players=2, games=4, agents=["random", "random", "random"], seed=1)
    assert [row["agent"] for row in report["by_agent"]] == ["random"]
    assert report["by_agent"][0]["seat_games"] == 8
    assert report["agents"] == ["random", "random", "random"]


def test_table_output_and_progress_on_stderr():
    result = simulate("-p", "2", "-n", "6", "--seed", "1", "--agents", "random")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for expected in ("seat 0", "seat 1", "random", "95% interval", "treasure", "servants",
                     "game length", "seat i is played by"):
        assert expected in out
    assert "6/6" in result.stderr  # the finished progress bar


@pytest.mark.parametrize("args, message", [
    (["-p", "2", "--agents", "random,nobody"], "unknown agent 'nobody'"),
    (["-p", "7"], "played by 1–4 players, not 7"),
    (["-p", "2", "-o", "collectors=C"], "'C' is not allowed"),
    (["-p", "2", "-o", "nonsense=1"], "unknown option 'nonsense'"),
    (["-p", "2", "--games", "0"], "at least 1"),
    (["-p", "2", "--jobs", "0"], "at least 1"),
    (["-p", "2", "--agents", "random,"], "agent names"),
])
def test_mistakes_get_a_clear_message_and_no_traceback(args, message):
    result = simulate(*args)
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit)  # a clean exit, not an uncaught error
    assert message in error_text(result)
    assert "Traceback" not in result.output


def test_a_team_game_seats_one_agent_per_team_and_reports_each_team():
    report = run_simulation("crusade", players=5, games=6, agents=["greedy", "random"], seed=2)
    assert "team j" in report["seating"]
    gk, nm = report["by_team"]
    assert (gk["team"], gk["seats"], nm["team"], nm["seats"]) == ("gk", [0, 1, 2], "nm", [3, 4])
    # each game's win is 1 in all (a draw gives each team 1/2): the teams' wins add up to the games
    assert gk["wins"] + nm["wins"] == pytest.approx(6)
    assert sum(row["wins"] for row in report["by_seat"]) == pytest.approx(6)
    # both agents played both sides: greedy held 3 seats in 3 games and 2 in the other 3
    seat_games = {row["agent"]: row["seat_games"] for row in report["by_agent"]}
    assert seat_games == {"greedy": 15, "random": 15}
    assert report["by_team"][0]["score"]["total"] == report["by_seat"][0]["score"]["total"]


def test_a_game_without_teams_reports_no_team():
    assert run_simulation("crypt", players=2, games=2, agents=["random"], seed=1)["by_team"] == []
