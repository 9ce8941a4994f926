"""`cryptarena simulate --backend ray`: the report of `--jobs 1`, to the byte, from Ray tasks.

Ray takes seconds to start, so the checks share few starts: the CLI test starts (and stops) its
own local Ray, as a user's command does; the API checks share one module-scoped local Ray.
"""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

from cryptarena.ai.ray_backend import RAY_MISSING
from cryptarena.ai.simulate import run_simulation
from cryptarena.cli import app

from .test_simulate import error_text

runner = CliRunner()


def test_cli_ray_backend_prints_the_table_of_one_process_and_stops_its_ray():
    ray = pytest.importorskip("ray")
    if ray.is_initialized():  # only when run after the shared session below (e.g. reordered)
        pytest.skip("this test checks the Ray the command starts itself")
    args = ["simulate", "crypt", "-p", "2", "-n", "6", "--seed", "5", "--agents", "greedy,random"]
    local = runner.invoke(app, args)
    on_ray = runner.invoke(app, [*args, "--backend", "ray", "--jobs", "2"])
    assert local.exit_code == 0, local.output
    assert on_ray.exit_code == 0, on_ray.output
    assert on_ray.stdout == local.stdout
    assert "6/6" in on_ray.stderr  # the bar advanced to the end as the tasks finished
    assert not ray.is_initialized()  # the local Ray it started is stopped again


@pytest.fixture(scope="module")
def ray_session():
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="ERROR")
    yield ray
    ray.shutdown()


@pytest.mark.parametrize("game_id, players, agents, games", [
    ("crypt", 3, ["random"], 7),
    ("crusade", 4, ["greedy", "random"], 5),  # a team game: seating by team, by_team figures
])
def test_ray_report_is_the_report_of_one_process(ray_session, game_id, players, agents, games):
    one = run_simulation(game_id, players=players, games=games, agents=agents, seed=9, jobs=1)
    finished = []
    on_ray = run_simulation(game_id, players=players, games=games, agents=agents, seed=9, jobs=2,
                            backend="ray", on_progress=finished.append)
    assert json.dumps(on_ray) == json.dumps(one)
    assert sum(finished) == games and len(finished) > 1  # progress came chunk by chunk
    assert ray_session.is_initialized()  # a Ray the caller started is left running


def test_an_unknown_backend_is_refused():
    result = runner.invoke(app, ["simulate", "crypt", "-p", "2", "--backend", "dask"])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert "unknown backend 'dask'; choose one of local, ray" in error_text(result)


def test_address_without_the_ray_backend_is_refused():
    result = runner.invoke(app, ["simulate", "crypt", "-p", "2", "--address", "auto"])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert "it needs --backend ray" in error_text(result)


def test_without_ray_installed_the_backend_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if it were absent
    result = runner.invoke(app, ["simulate", "crypt", "-p", "2", "-n", "2", "--backend", "ray"])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert RAY_MISSING in error_text(result)
    assert "Traceback" not in result.output
    # the local backend does not need it
    assert runner.invoke(app, ["simulate", "crypt", "-p", "2", "-n", "2", "--json"]).exit_code == 0
