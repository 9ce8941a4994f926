"""`cryptarena bench`: what it counts and what it prints. No assertion on speed: only on what was
measured (complete games, the step count, the rows) and on the table that reports it."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cryptarena import games
from cryptarena.bench import (MISSING_OPENSPIEL, REFERENCE, engine_target_line, LoglessGame, Target, build_targets,
                              chance_outcomes_logged, import_openspiel, measure, measure_once, our_player,
                              play_random, run_bench, x_ref)
from cryptarena.cli import app
from cryptarena.engine import Rng


def recording_console() -> Console:
    return Console(record=True, width=200, color_system=None)


def table_rows(text: str, game: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if line.split()[:1] == [game]]


def test_without_openspiel_crypt_is_still_measured_and_the_missing_line_printed():
    console = recording_console()
    summaries = run_bench(["crypt"], runs=2, seconds=0.01, pyspiel=None, console=console)
    text = console.export_text()
    assert MISSING_OPENSPIEL in text
    assert [s["players"] for s in summaries] == [1, 2, 3, 4]
    rows = table_rows(text, "crypt")
    assert [row[2] for row in rows] == ["1", "2", "3", "4"]  # the seats column
    assert all(row[-1] == "—" for row in rows)  # no reference to compare with
    assert REFERENCE not in text.split("step =")[0]  # no OpenSpiel row in the table
    for s in summaries:
        assert s["runs"] == 2 and s["games"] >= 2  # every run finishes at least one game
        assert s["decisions_per_game"] > 0 and s["chance_per_game"] > 0
        assert s["steps_per_game"] == pytest.approx(s["decisions_per_game"] + s["chance_per_game"])
        assert s["steps_per_s"]["min"] <= s["steps_per_s"]["median"] <= s["steps_per_s"]["max"]


def test_random_playout_counts_every_decision_of_a_complete_game():
    state = games.load("crypt").new_state(3, seed=11)
    decisions = play_random(state, Rng(5))
    assert state.is_over()
    assert decisions == len(state.history) > 0


@pytest.mark.parametrize("keep_log", [True, False])
def test_our_play_one_counts_the_dice_and_cards_the_game_logged(keep_log):
    decisions, chance = our_player("crypt", 2, keep_log)(Rng(1))
    if not keep_log:  # played without its log: counted after the run, on a logged replay
        assert isinstance(chance, LoglessGame)
        chance = chance.pack().chance()
    # play the same game (same seed stream) with its log, to read it
    rng = Rng(1)
    state = games.load("crypt").new_state(2, seed=rng.next64())
    assert play_random(state, rng) == decisions
    dice = sum(len(e["chance"]["values"]) for e in state.log if e.get("chance", {}).get("kind") == "die")
    cards = sum(1 for e in state.log if e.get("chance", {}).get("kind") == "card")
    assert chance == dice + cards and dice > 0 and cards > 0


def test_a_run_without_the_log_counts_what_a_logged_run_counts():
    # a run of a nanosecond plays exactly one game: the same game in both runs (same Rng)
    logged, logless = (measure_once(our_player("midas", 3, keep_log), 1e-9, Rng(9)) for keep_log in (True, False))
    assert logged.games == logless.games == 1
    assert (logless.decisions, logless.chance) == (logged.decisions, logged.chance)
    assert logged.chance > 0


def test_chance_outcomes_are_read_from_the_log_schema():
    log = [
        {"seq": 0, "seat": None, "msg": "m", "params": {}, "chance": {"kind": "card", "value": 3}},
        {"seq": 1, "seat": 0, "msg": "m", "params": {}, "chance": {"kind": "die", "values": [1, 6, 2]}},
        {"seq": 2, "seat": None, "msg": "m", "params": {}, "chance": {"kind": "card"},
         "secret": {"to": [], "chance": {"value": 9}}},  # a face-down card: value only in the secret
        {"seq": 3, "seat": 1, "msg": "m", "params": {}, "action": {"type": "pass"}},
        {"seq": 4, "seat": 2, "msg": "m", "params": {}, "chance": {"kind": "die"},
         "secret": {"to": [2], "chance": {"values": ["a", "b"]}}},  # dice under a cup: values only in the secret
    ]
    assert chance_outcomes_logged(log) == 1 + 3 + 1 + 2


def test_runs_are_interleaved_across_rows():
    order = []
    targets = build_targets(["crypt"], None)[:2]
    measure(targets, runs=3, seconds=0.001, progress=lambda t, r: order.append((r, t.players)))
    assert order == [(0, 1), (0, 2), (1, 1), (1, 2), (2, 1), (2, 2)]
    assert all(len(t.runs) == 3 for t in targets)


def test_a_stalled_game_is_reported_not_counted():
    class Stalled:
        game = games.load("crypt")

        def to_act(self):
            return []

        def is_over(self):
            return False

    with pytest.raises(RuntimeError, match="not over"):
        play_random(Stalled(), Rng(0))


def test_with_openspiel_its_two_games_are_measured_and_are_the_reference():
    pyspiel = pytest.importorskip("pyspiel")
    pyspiel_, why = import_openspiel()
    assert pyspiel_ is pyspiel and why is None
    console = recording_console()
    summaries = run_bench(["crypt"], runs=1, seconds=0.01, pyspiel=pyspiel, console=console)
    text = console.export_text()
    assert MISSING_OPENSPIEL not in text
    by_game = {s["game"]: s for s in summaries}
    assert set(by_game) == {"crypt", "python_liars_poker", "liars_dice"}
    assert by_game["liars_dice"]["decisions_per_game"] > 0
    assert by_game["liars_dice"]["chance_per_game"] == pytest.approx(2.0)  # one die per player
    assert table_rows(text, REFERENCE)[0][-1] == "1.00"
    assert len(table_rows(text, "crypt")) == 4


def test_cli_bench_json():
    result = CliRunner().invoke(app, ["bench", "-g", "crypt", "--runs", "1", "--seconds", "0.01",
                                      "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    crypt = [row for row in data["rows"] if row["game"] == "crypt"]
    assert [row["players"] for row in crypt] == [1, 2, 3, 4]
    assert data["runs"] == 1 and data["machine"]["cpus"] >= 1


def test_cli_bench_rejects_an_unknown_game_and_zero_runs():
    runner = CliRunner()
    assert runner.invoke(app, ["bench", "-g", "nope"]).exit_code == 2
    assert runner.invoke(app, ["bench", "--runs", "0"]).exit_code == 2


def test_targets_cover_every_player_count_of_every_game():
    targets = build_targets(games.ids(), None)
    for gid in games.ids():
        game = games.load(gid)
        assert [t.players for t in targets if t.game == gid] == \
            list(range(game.min_players, game.max_players + 1))
    assert all(isinstance(t, Target) and t.source == "ours" for t in targets)


def test_the_ai_figures_search_rates_and_adapter_costs():
    from cryptarena.bench_ai import goal_line, render, run_ai_bench

    figures = run_ai_bench(["midas"], runs=1, seconds=0.05, iterations=5)
    [search] = figures["search"]
    assert (search["game"], search["players"], search["iterations"]) == ("midas", 3, 5)
    assert search["samples"] == 3 and 0 < search["iterations_per_s"]["min"] <= search["iterations_per_s"]["max"]
    [adapter] = figures["adapters"]
    per = adapter["seconds_per_decision"]
    assert all(per[k] > 0 for k in ("engine", "pettingzoo", "openspiel"))
    assert adapter["pettingzoo_x"] == per["pettingzoo"] / per["engine"]
    assert "midas at 3 players" in goal_line(figures["search"])
    assert [t.title.split()[0] for t in render(figures["search"], figures["adapters"])] == ["ISMCTS", "RL"]


def test_batch_rows_compare_the_batched_simulator_with_the_scalar_engine():
    from cryptarena.bench_batch import batch_backends, render, run_batch_bench, target_line
    rows = run_batch_bench(["midas", "crypt"], games_=64, bot_games=32, seconds=0.01)
    expected = [(p, q, b) for p in (2, 3, 4) for q in ("random", "probabilistic") for b in batch_backends("midas", q)]
    assert [(r["players"], r["policy"], r["backend"]) for r in rows] == expected
    for row in rows:
        assert row["game"] == "midas" and row["batch_games_per_s"] > 0 and row["scalar_games_per_s"] > 0
        assert row["ratio"] == pytest.approx(row["batch_games_per_s"] / row["scalar_games_per_s"])
    console = recording_console()
    console.print(render(rows))
    assert len(table_rows(console.export_text(), "midas")) == len(expected)
    line = target_line(rows)
    # judged per table size on its fastest backend
    best = {p: max(r["ratio"] for r in rows if r["policy"] == "random" and r["players"] == p) for p in (2, 3, 4)}
    assert ("NOT met" in line) == (min(best.values()) < 100)


def test_the_batch_target_takes_each_table_size_at_its_fastest_backend():
    from cryptarena.bench_batch import target_line

    def row(players, backend, ratio):
        return {"game": "midas", "players": players, "policy": "random", "backend": backend, "ratio": ratio}

    rows = [row(2, "numpy", 20.0), row(2, "numba", 150.0), row(3, "numpy", 18.0), row(3, "numba", 120.0),
            {**row(3, "numpy", 30.0), "policy": "probabilistic"}]
    assert target_line(rows).startswith("batch target") and ": met; lowest 120.0× (midas, 3 seats, numba)" in \
        target_line(rows)
    assert "NOT met; lowest 18.0× (midas, 3 seats, numpy)" in target_line(rows[:3])
    assert target_line([rows[-1]]) is None


def test_the_engine_target_line_names_the_rows_below_the_reference():
    def row(game, source, players, rate):
        return {"game": game, "source": source, "players": players, "steps_per_s": {"median": rate}}

    reference = row(REFERENCE, "OpenSpiel py", 2, 100.0)
    fast = [row("crypt", "ours", 2, 150.0), row("quartz", "ours", 3, 100.0), row("liars_dice", "OpenSpiel C++", 2, 50)]
    assert engine_target_line([*fast, reference]).endswith(": met")
    slow = [*fast, row("pharaoh", "ours", 4, 42.0), reference]
    assert engine_target_line(slow).endswith("NOT met; below: pharaoh 4p 0.42x")
    assert engine_target_line(fast) is None  # no reference, nothing to judge


def test_each_run_of_our_rows_follows_a_run_of_the_reference_and_keeps_its_ratio_to_it():
    def fixed(decisions):
        return lambda rng: (decisions, 0)

    ours = [Target("crypt", "ours", n, our_player("crypt", n)) for n in (1, 2)]
    reference = Target(REFERENCE, "OpenSpiel py", 2, fixed(3))
    other = Target("liars_dice", "OpenSpiel C++", 2, fixed(5))
    order = []
    measure([*ours, reference, other], runs=2, seconds=0.002, progress=lambda t, r: order.append((r, t.game, t.players)))
    assert order == [(0, REFERENCE, 2), (0, "crypt", 1), (0, REFERENCE, 2), (0, "crypt", 2), (0, "liars_dice", 2),
                     (1, REFERENCE, 2), (1, "crypt", 1), (1, REFERENCE, 2), (1, "crypt", 2), (1, "liars_dice", 2)]
    assert len(reference.runs) == 4 and not reference.ref_ratios and not other.ref_ratios
    for q, row in enumerate(ours):
        assert len(row.runs) == len(row.ref_ratios) == 2
        for r in range(2):
            beside = reference.runs[2 * r + q]  # the reference run measured just before this one
            run = row.runs[r]
            assert row.ref_ratios[r] == pytest.approx(run.steps / run.elapsed / (beside.steps / beside.elapsed))
        assert row.summary()["x_ref"]["median"] == pytest.approx(sorted(row.ref_ratios)[0] / 2 + sorted(row.ref_ratios)[1] / 2)


def test_the_ratio_shown_and_judged_is_the_paired_median_where_there_is_one():
    reference = {"game": REFERENCE, "source": "OpenSpiel py", "players": 2, "steps_per_s": {"median": 100.0},
                 "x_ref": None}
    # the medians alone would read 0.90: measured beside the reference, the runs read 1.10
    paired = {"game": "pharaoh", "source": "ours", "players": 3, "steps_per_s": {"median": 90.0},
              "x_ref": {"median": 1.1, "min": 0.9, "max": 1.3}}
    unpaired = {"game": "liars_dice", "source": "OpenSpiel C++", "players": 2, "steps_per_s": {"median": 480.0},
                "x_ref": None}
    assert x_ref(paired, reference) == 1.1 and x_ref(unpaired, reference) == 4.8 and x_ref(reference, reference) == 1.0
    assert engine_target_line([paired, unpaired, reference]).endswith(": met")
    paired["x_ref"]["median"] = 0.97
    assert engine_target_line([paired, unpaired, reference]).endswith("NOT met; below: pharaoh 3p 0.97x")
