"""Write docs/ladder.md: `cryptarena ladder` for every registered game, as that command prints it.

    .venv/bin/python bench/ladders.py                 # every game, 10 games per line-up, 2 workers
    .venv/bin/python bench/ladders.py -g crypt -n 4   # one game (the others' sections are kept)
    .venv/bin/python bench/ladders.py -g pharaoh --skip ismcts   # leave an agent out of the pool (named in the doc)

Each game's section is the command line that produced it and its Markdown table; the JSON and the
PNG plot of each ladder go to docs/ladder/<game>.json and .png. Tables are played at the game's
smallest usual table (two players, Quartz three).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from cryptarena import games

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ladder.md"
HEADER = """# Bot ladders

Every agent and level of every game in a round robin (`cryptarena ladder`, docs/ai.md), rated with
OpenSkill's Plackett–Luce model and ordered by the conservative `mu − 3σ`. `medium` is the game's
heuristic bot, `hard` its search bot (settings in the game's `search_settings`), `easy` the heuristic
half the time, `ismcts` plain ISMCTS with uniform roll-outs. Each section names the command that
wrote it; `bench/ladders.py` reruns them all (hours on 2 cores: hard and ismcts think on every move).
Pharaoh's ladder leaves `ismcts` out (`--skip ismcts`): it thinks about 2.5 s a move, a game against
`random` can last the 30 rounds, and its eight games of a two-game round robin did not end in 50
minutes on 2 cores; the four others play 20 games per line-up in about 25 s.
"""


def players_for(game_id: str) -> int:
    return max(2, games.load(game_id).min_players)


def section(game_id: str, n: int, jobs: int, seed: int, skip: tuple[str, ...] = ()) -> str:
    players = players_for(game_id)
    out = ROOT / "docs" / "ladder"
    out.mkdir(parents=True, exist_ok=True)
    command = ["cryptarena", "ladder", game_id, "-p", str(players), "--games", str(n), "--seed", str(seed),
               "--jobs", str(jobs), "--markdown", "--json", f"docs/ladder/{game_id}.json",
               "--plot", f"docs/ladder/{game_id}.png"]
    if skip:
        from cryptarena.ai.ladder import pool

        kept = [a for a in pool(games.load(game_id)) if a not in skip]
        command += ["--agents", ",".join(kept)]
    exe = str(Path(sys.executable).parent / "cryptarena")
    table = subprocess.run([exe, *command[1:]], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    name = games.load(game_id).name
    return (f"## {name} ({game_id}), {players} players\n\n```\n{' '.join(command)}\n```\n\n{table.strip()}\n\n"
            f"![{game_id} ladder](ladder/{game_id}.png)\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-g", "--game", action="append", help="only these games (repeatable)")
    parser.add_argument("-n", "--games", type=int, default=10, help="games per line-up")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip", action="append", default=[], help="leave this agent out of the pool (repeatable)")
    args = parser.parse_args()
    sections = {}
    if DOC.exists():  # keep the games not rerun
        for block in re.split(r"(?m)^(?=## )", DOC.read_text())[1:]:
            found = re.search(r"\((\w+)\), \d+ players", block.splitlines()[0])
            if found:
                sections[found.group(1)] = block.rstrip() + "\n"
    for game_id in args.game or games.ids():
        print(f"{game_id} ...", file=sys.stderr, flush=True)
        sections[game_id] = section(game_id, args.games, args.jobs, args.seed, tuple(args.skip))
    ordered = [sections[g] for g in games.ids() if g in sections]
    DOC.write_text(HEADER + "\n" + "\n".join(ordered))
    print(f"wrote {DOC.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
