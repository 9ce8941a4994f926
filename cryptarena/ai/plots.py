"""`simulate --plot FILE`: one figure from a simulation report (ai/simulate.py's JSON shape).

Left: win rate per seat and per agent with the 95% interval, against the fair share 1/players.
Right: each agent's mean score, stacked by breakdown item, so a designer sees where points come from.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402


def plot_report(report: dict, path: str | Path) -> Path:
    path = Path(path)
    fig, (wins_ax, score_ax) = plt.subplots(1, 2, figsize=(12, 4.8), constrained_layout=True)
    rows = [(f"seat {s['seat']}", s) for s in report["by_seat"]]
    rows += [(a["agent"], a) for a in report["by_agent"]]
    labels = [label for label, _ in rows]
    rates = [entry["win_rate"] for _, entry in rows]
    lows = [entry["win_rate"] - entry["win_interval"][0] for _, entry in rows]
    highs = [entry["win_interval"][1] - entry["win_rate"] for _, entry in rows]
    colours = ["#8a8f98"] * len(report["by_seat"]) + ["#c8902e"] * len(report["by_agent"])
    wins_ax.bar(labels, rates, yerr=[lows, highs], capsize=4, color=colours)
    if report["players"] > 1:
        wins_ax.axhline(1 / report["players"], color="#444", linestyle="--", linewidth=1,
                        label=f"fair share 1/{report['players']}")
        wins_ax.legend(loc="upper right")
    wins_ax.set_ylim(0, 1)
    wins_ax.set_ylabel("win rate (95% interval)")
    wins_ax.set_title("Wins by seat and by agent")

    agents = [a["agent"] for a in report["by_agent"]]
    items = list(report["by_agent"][0]["score"]["breakdown"]) if agents else []
    bottoms = [0.0] * len(agents)
    for item in items:
        means = [a["score"]["breakdown"][item]["mean"] for a in report["by_agent"]]
        if not any(means):
            continue  # an item nobody scored (an ability side) would only clutter the legend
        score_ax.bar(agents, means, bottom=bottoms, label=item)
        bottoms = [b + m for b, m in zip(bottoms, means)]
    score_ax.set_ylabel("mean score")
    score_ax.set_title("Where the points come from")
    score_ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    fig.suptitle(f"{report['game']}: {report['players']} players, {report['games']} games, "
                 f"agents {', '.join(report['agents'])}, seed {report['seed']}")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
