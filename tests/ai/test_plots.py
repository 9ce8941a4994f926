"""`simulate --plot FILE` writes a real PNG figure of the report."""

from typer.testing import CliRunner

from cryptarena.ai.plots import plot_report
from cryptarena.ai.simulate import run_simulation
from cryptarena.cli import app

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_plot_report_writes_a_png(tmp_path):
    report = run_simulation("crypt", players=3, games=12, agents=["greedy", "random"], seed=4)
    path = plot_report(report, tmp_path / "wins.png")
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 800 and height > 400


def test_plot_for_a_solo_run_has_no_fair_share_line_but_still_draws(tmp_path):
    report = run_simulation("crypt", players=1, games=5, agents=["greedy"], seed=2)
    assert plot_report(report, tmp_path / "solo.png").read_bytes().startswith(PNG_SIGNATURE)


def test_cli_plot_option(tmp_path):
    target = tmp_path / "cli.png"
    result = CliRunner().invoke(app, ["simulate", "crypt", "-p", "2", "-n", "6", "--agents", "greedy,random",
                                      "--plot", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(PNG_SIGNATURE)
