"""Replays of finished games, rebuilt by the engine from seed + options + history (never from
stored views), as the replay page steps through them.

A replay is a list of frames, one per step of the history plus the set-up: frame k is the table
after k steps, as one perspective sees it — a seat's view, the spectator's, or every seat's at once
("all": the game is over, so its secrets may be shown). The log comes once, for that perspective
(every entry in full for "all"), and each frame says how much of it had been written by then.
"""

from __future__ import annotations

from typing import Any

from .. import games
from ..engine.log import entry_in_full

MAX_STEPS = 20_000


class ReplayError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def replay_file(game_id: str, players: int, seed: int, options: dict, history: list, seats: list[dict]) -> dict:
    """The file a finished table exports: `cryptarena replay FILE` reads it, the lobby imports it."""
    return {"kind": "cryptarena-replay", "game": game_id, "players": players, "seed": seed, "options": options,
            "history": history, "seats": seats}


def check_file(data: Any) -> tuple[Any, int, int, dict, list]:
    """(game, players, seed, options, history) of an uploaded replay file, or ReplayError naming the defect."""
    if not isinstance(data, dict):
        raise ReplayError("bad_replay", "a replay file is a JSON object with game, players, seed, options and history")
    missing = [k for k in ("game", "players", "seed", "history") if k not in data]
    if missing:
        raise ReplayError("bad_replay", f"the replay file lacks {', '.join(missing)}")
    try:
        game = games.load(data["game"])
    except (games.UnknownGame, TypeError):
        raise ReplayError("bad_replay", f"the replay file is for an unknown game {str(data['game'])[:40]!r}; "
                          f"known games: {', '.join(games.ids())}") from None
    players, seed, options, history = data["players"], data["seed"], data.get("options") or {}, data["history"]
    if not isinstance(players, int) or isinstance(players, bool) or not isinstance(seed, int) \
            or isinstance(seed, bool) or not isinstance(options, dict):
        raise ReplayError("bad_replay", "players and seed must be whole numbers, options an object")
    if not 0 <= seed < 2**63:
        raise ReplayError("bad_replay", "seed must be between 0 and 2^63 - 1")
    if not isinstance(history, list) or len(history) > MAX_STEPS or not all(isinstance(s, dict) for s in history):
        raise ReplayError("bad_replay", f"history must be a list of at most {MAX_STEPS} steps "
                          "({seat, action} or {script})")
    try:
        game.replay(players, seed, options, history, keep_log=False)
    except (games.IllegalAction, games.OptionError) as exc:
        raise ReplayError("bad_replay", f"the history does not replay: {exc.reason}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError("bad_replay", f"the history does not replay: a malformed step ({type(exc).__name__})") \
            from None
    return game, players, seed, game.check_table(players, options), history


def file_seats(data: dict, players: int) -> list[dict]:
    """The seats a replay file names (its `seats`, as a table's export writes them), kept only where
    well formed: one per seat, a kind, a name and an agent of plain short text. Else unnamed seats."""
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, dict) for s in seats):
        return [{"seat": s, "kind": "human", "name": None, "agent": None} for s in range(players)]

    def text(value, limit):
        return value[:limit] if isinstance(value, str) and value.isprintable() else None

    return [{"seat": s, "kind": text(seat.get("kind"), 8) or "human", "name": text(seat.get("name"), 64),
             "agent": text(seat.get("agent"), 32)} for s, seat in enumerate(seats)]


def frames(game, players: int, seed: int, options: dict, history: list, perspective: str) -> dict:
    """Every step's table as `perspective` ("spectator", "all" or a seat number) sees it."""
    if perspective not in ("spectator", "all") and not (perspective.isdigit() and int(perspective) < players):
        raise ReplayError("bad_perspective", f"see the replay as 'spectator', 'all' or a seat 0..{players - 1}")
    seat = int(perspective) if perspective.isdigit() else None
    state = game.new_state(players, seed, options)

    def frame() -> dict:
        views = [state.view(s) for s in range(players)] if perspective == "all" else [state.view(seat)]
        return {"views": views, "log": len(state.log), "to_act": state.to_act()}

    shown = [frame()]
    for step in history:
        state.replay_step(step)
        if "script" in step:
            continue  # the outcome shows in the next move's frame
        shown[-1]["next"] = {"seat": step["seat"], "action": step["action"]}
        shown.append(frame())
    log = [entry_in_full(e) for e in state.log] if perspective == "all" else state.log_for(seat)
    return {"game": game.id, "players": players, "seed": seed, "options": options, "perspective": perspective,
            "frames": shown, "log": log, "over": state.is_over(),
            "scores": state.scores(), "winners": state.winners() if state.is_over() else []}
