"""Tutorials: a real table on a game's engine, played along a script.

A tutorial is data (`<id>.json` beside this module): a table (game, players, seed, options, the
learner's seat, the other seats' names) and a list of steps, in order:

- `{"script": [outcome, ...]}` queues chance outcomes (`state.script_chance`): the dice and draws the
  lesson needs;
- `{"seat": s, "action": {...}}` is a scripted opponent's move;
- `{"say": {"en", "fr", "zh"}, "highlight": "<css selector>"}` is a page of the guide: it explains,
  pointing at that part of the table, and the learner reads on;
- `{"say": ..., "highlight": ..., "expect": action or [actions], "wrong": {...}}` asks the learner for
  exactly that move (a list: one message of several actions); any other move is refused with `wrong`
  and offered again. `do` (optional) lists the clicks that make that move on the table, where it
  takes more than clicking the one element carrying the action (mark a die, then Reroll); the
  browser tests play every lesson by them.

The scripted steps between two asked moves are played right after the first one (with the chance
outcomes they need), so the table waits only for the learner. Where the learner stands is read from
the table itself: the moves of the learner's seat in its history. A table therefore survives a
restart, and the script is checked against the engine by playing it (`play_through`): a rules change
that breaks a lesson breaks its test, not the lesson.

Layers: this package reaches games only through the registry; the server runs tutorial tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .. import games

HERE = Path(__file__).resolve().parent
LANGS = ("en", "fr", "zh")
STEP_KINDS = ("script", "action", "say")


class TutorialError(ValueError):
    """A tutorial's data does not fit its game (a step names an illegal move, a text lacks a language)."""


class WrongMove(Exception):
    """The learner tried another move than the one the tutorial asks for. Nothing was applied."""

    code = "tutorial_step"

    def __init__(self, step: dict, expected: list[dict]):
        self.step = step
        self.expected = expected
        super().__init__("this tutorial step asks for another move: " + ", ".join(json.dumps(a) for a in expected))


@dataclass(frozen=True)
class Tutorial:
    id: str
    game_id: str
    title: dict
    minutes: int
    players: int
    seed: int
    options: dict
    seat: int
    names: list
    steps: list
    part: int = 1
    parts: int = 1

    # ------------------------------------------------------------------ the script
    def asked(self) -> list[int]:
        """Indices of the steps that ask the learner for a move, in order."""
        return [i for i, step in enumerate(self.steps) if "expect" in step]

    @staticmethod
    def moves_of(step: dict) -> list[dict]:
        expect = step["expect"]
        return list(expect) if isinstance(expect, list) else [expect]

    def new_state(self):
        """The table at its first asked move: set up, then the scripted steps before it played."""
        state = games.load(self.game_id).new_state(self.players, self.seed, self.options)
        self._run_scripted(state, 0)
        return state

    def _run_scripted(self, state, start: int) -> None:
        """Play the scripted steps from `start` up to the next asked move (or the end)."""
        for step in self.steps[start:]:
            if "expect" in step:
                return
            if "script" in step:
                state.script_chance(step["script"])
            elif "action" in step:
                state.apply(step["seat"], step["action"])

    def position(self, state) -> int:
        """How many asked moves the learner has made: the index (among `asked()`) of the move the
        table waits for now, or len(asked()) once the lesson is over."""
        made = sum(1 for entry in state.history if entry.get("seat") == self.seat)
        done = 0
        for index in self.asked():
            made -= len(self.moves_of(self.steps[index]))
            if made < 0:
                break
            done += 1
        return done

    def expected(self, state) -> list[dict] | None:
        """The move (as a list of actions) the table waits for, or None once the lesson is over."""
        asked = self.asked()
        k = self.position(state)
        return self.moves_of(self.steps[asked[k]]) if k < len(asked) else None

    def done(self, state) -> bool:
        return self.position(state) >= len(self.asked())

    def play(self, state, seat: int, actions: list[dict]) -> None:
        """The learner's move: refused with WrongMove (nothing applied) unless it is the one asked for;
        then applied, and the scripted steps up to the next asked move played after it. A refusal by
        the engine (IllegalAction) leaves the state as it was, as `apply` does."""
        asked = self.asked()
        k = self.position(state)
        if seat != self.seat or k >= len(asked):
            raise WrongMove({}, [])
        step = self.steps[asked[k]]
        expected = self.moves_of(step)
        if [dict(a) for a in actions] != expected:
            raise WrongMove(step, expected)
        for action in actions:
            state.apply(seat, action)
        self._run_scripted(state, asked[k] + 1)

    # ------------------------------------------------------------------ what the guide shows
    def guide(self, state) -> dict:
        """The guide's pages for where the table stands: the pages said since the last asked move,
        the asked move's own page last (with the move, its highlight and the wrong-move text); once
        over, the closing pages."""
        asked = self.asked()
        k = self.position(state)
        begin = asked[k - 1] + 1 if k else 0
        end = asked[k] + 1 if k < len(asked) else len(self.steps)
        pages = [{"say": s["say"], "highlight": s.get("highlight")} for s in self.steps[begin:end] if "say" in s]
        data = {"id": self.id, "game": self.game_id, "title": self.title, "step": k, "steps": len(asked),
                "part": self.part, "parts": self.parts, "pages": pages, "done": k >= len(asked), "expect": None}
        if k < len(asked):
            step = self.steps[asked[k]]
            data["expect"] = self.moves_of(step)
            data["wrong"] = step.get("wrong")
            data["do"] = step.get("do")
        return data

    def total_moves(self) -> int:
        """The table's history length once the lesson is over (every step played)."""
        return len(self.play_through().history)

    def play_through(self):
        """The whole lesson played on the engine, every asked move as asked: the state at its end.
        Raises TutorialError naming the step that does not fit."""
        state = self.new_state()
        for k, index in enumerate(self.asked()):
            try:
                self.play(state, self.seat, self.moves_of(self.steps[index]))
            except (games.IllegalAction, WrongMove) as exc:
                raise TutorialError(f"tutorial {self.id}: step {index} ({k + 1}th asked move) does not fit: "
                                    f"{getattr(exc, 'reason', exc)}") from None
        return state


def _texts(where: str, value, errors: list[str]) -> None:
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) or not value[lang].strip()
                                          for lang in LANGS):
        errors.append(f"{where}: needs a text in each of {', '.join(LANGS)}")


def parse(data: dict) -> Tutorial:
    """A tutorial from its JSON data; TutorialError lists every defect of its shape."""
    errors: list[str] = []
    for key in ("id", "game", "title", "players", "seed", "steps"):
        if key not in data:
            errors.append(f"missing {key!r}")
    if errors:
        raise TutorialError("; ".join(errors))
    _texts("title", data["title"], errors)
    steps = data["steps"]
    for i, step in enumerate(steps):
        kinds = [k for k in STEP_KINDS if k in step]
        if len(kinds) != 1:
            errors.append(f"step {i}: one of script, action or say, not {kinds or 'none'}")
            continue
        if "say" in step:
            _texts(f"step {i} say", step["say"], errors)
            if "wrong" in step:
                _texts(f"step {i} wrong", step["wrong"], errors)
        elif "action" in step and step.get("seat") == data.get("seat", 0):
            errors.append(f"step {i}: a scripted move of the learner's seat (ask for it with expect)")
    if not any("expect" in s for s in steps):
        errors.append("no step asks the learner for a move")
    if errors:
        raise TutorialError(f"tutorial {data.get('id')}: " + "; ".join(errors))
    return Tutorial(id=data["id"], game_id=data["game"], title=data["title"], minutes=int(data.get("minutes", 5)),
                    players=data["players"], seed=data["seed"], options=data.get("options", {}),
                    seat=data.get("seat", 0), names=list(data.get("names", [])), steps=steps,
                    part=data.get("part", 1), parts=data.get("parts", 1))


@cache
def _all() -> dict[str, Tutorial]:
    found = {}
    for path in sorted(HERE.glob("*.json")):
        tutorial = parse(json.loads(path.read_text(encoding="utf-8")))
        if tutorial.id != path.stem:
            raise TutorialError(f"{path.name} holds tutorial {tutorial.id!r}: the file is named after its id")
        found[tutorial.id] = tutorial
    # A game's tutorials in the order of their parts
    return dict(sorted(found.items(), key=lambda kv: (games.ids().index(kv[1].game_id), kv[1].part)))


def ids() -> list[str]:
    return list(_all())


def load(tutorial_id: str) -> Tutorial:
    try:
        return _all()[tutorial_id]
    except KeyError:
        raise KeyError(f"unknown tutorial {tutorial_id!r}; known: {', '.join(_all())}") from None


def for_game(game_id: str) -> list[Tutorial]:
    return [t for t in _all().values() if t.game_id == game_id]


__all__ = ["Tutorial", "TutorialError", "WrongMove", "for_game", "ids", "load", "parse"]
