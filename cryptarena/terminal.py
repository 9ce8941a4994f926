"""The terminal front end: `cryptarena play` (you against bots), `rules` and `replay`.

It reaches games only through the registry and their public JSON (views, legal actions, log
entries), so every registered game can be played here; `terminal_boards` holds the words and
tables, with a readable board and short commands for the games that have one.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from . import games
from .ai.agents import agent_names, decide, make_agent
from .engine import Rng, derive_seed
from .engine.log import entry_in_full
from .engine.messages import render
from .terminal_boards import (HELP_EXAMPLES, QUIET_FOR_OTHERS, READERS, SHORTCUTS, UNPLAYABLE, Arg, Choice, board,
                              choices, command_args, score_table)

HELP = """[bold]How to answer[/]
  [bold]NUMBER[/]          the choice with that number
  [bold]COMMAND ARGS[/]    the command shown beside a choice, e.g. {example}
  [bold]b[/] / board       show the board again          [bold]log[/]        the whole log so far
  [bold]save FILE[/]       save the game (show it with: cryptarena replay FILE)
  [bold]h[/] / help        this help                     [bold]q[/] / quit   leave the game"""


class Quit(Exception):
    """The player asked to leave."""


class InputError(Exception):
    """What was wrong with a line the player typed (shown to them, then a new prompt)."""


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


# ------------------------------------------------------------------------------------ the menu
class Menu:
    """Numbered choices and the commands that stand for them."""

    def __init__(self, items: list[Choice]):
        self.items = items
        self.numbered: list[dict] = [a for item in items if item.numbered for a in item.actions]

    def lines(self) -> list[str]:
        out, number, group = [], 1, ""
        for item in self.items:
            if item.group != group:
                group = item.group
                if group:
                    out.append(f"  {group}")
            count = len(item.actions) if item.numbered else 0
            numbers = "" if not count else str(number) if count == 1 else f"{number}-{number + count - 1}"
            out.append(f"  [bold cyan]{numbers:>7}[/]  [bold]{item.command:<10}[/] {item.text}")
            number += count
        return out

    def action(self, number: int) -> dict:
        if not 1 <= number <= len(self.numbered):
            raise InputError(f"There is no choice {number}: the choices are numbered 1–{len(self.numbered)}.")
        return self.numbered[number - 1]


def parse_action(line: str, menu: Menu, legal: list[dict], state: Any, seat: int) -> dict:
    """The legal action a typed line stands for, or InputError saying what is wrong with it."""
    words = line.split()
    if not words:
        raise InputError("Nothing typed: type the number of a choice or its command (h for help).")
    if len(words) == 1 and words[0].isdigit():
        return menu.action(int(words[0]))
    game = state.game
    kind = _resolve_type(words[0].lower(), game)
    of_kind = [a for a in legal if a["type"] == kind]
    if not of_kind:
        possible = ", ".join(sorted({a["type"] for a in legal}))
        raise InputError(f"You cannot {kind} now (phase {state.phase}); possible: {possible}.")
    args = command_args(game.id, kind, of_kind[0])
    reader = READERS.get(game.id)
    try:  # a game whose typed fields depend on more than the action type reads them itself
        action = reader(state.view(seat), kind, words[1:], legal) if reader else None
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if action is None:
        action = {"type": kind, **_read_args(kind, words[0], words[1:], args, of_kind[0])}
    if action in legal:
        return action
    try:  # the engine says precisely why; a copy, so that nothing could change the real table
        state.clone().apply(seat, action)
    except games.IllegalAction as exc:
        if not exc.reason.startswith(json.dumps(action, sort_keys=True)):
            raise InputError(f"Not allowed: {exc.reason}.") from None
    raise InputError(_why_not(line, words[0], action, args, of_kind))


def _read_args(kind: str, command: str, typed: list[str], args: tuple[Arg, ...], example: dict) -> dict:
    """The fields of an action from the words after its command, read as `args` describe them
    (an "ints" argument takes every word after the others)."""
    fixed = [a for a in args if a.kind != "ints"]
    rest = next((a for a in args if a.kind == "ints"), None)
    counts_ok = len(typed) == len(fixed) if rest is None else len(typed) > len(fixed)
    numbers_ok = all(_is_int(w) for a, w in zip(fixed, typed) if a.kind == "int") and \
        (rest is None or all(_is_int(w) for w in typed[len(fixed):]))
    if not counts_ok or not numbers_ok:
        usage = " ".join(a.name + ("…" if a.kind == "ints" else "") for a in args)
        example_line = " ".join([command, *(a.show(example[a.field]) for a in args)])
        if all(a.kind == "int" for a in args):
            need = f"{len(args)} number(s){': ' + usage if usage else ''}"
        else:
            need = usage
        raise InputError(f"{kind} needs {need} (for example: {example_line}).")
    values: dict = {}
    for arg, word in zip(fixed, typed):
        values[arg.field] = int(word) - arg.base if arg.kind == "int" else _pick_word(word.lower(), arg)
    if rest is not None:
        numbers = [int(w) - rest.base for w in typed[len(fixed):]]
        twice = sorted({n + rest.base for n in numbers if numbers.count(n) > 1})
        if twice:
            raise InputError(f"{rest.name.lower()} {', '.join(map(str, twice))} named twice: name each once.")
        values[rest.field] = sorted(numbers)
    return {a.field: values[a.field] for a in args}  # the fields in the order the engine lists them


def _pick_word(word: str, arg: Arg) -> str:
    if word in arg.words or not arg.words:
        return word
    if word in arg.short:
        return arg.short[word]
    matches = [w for w in arg.words if w.startswith(word)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise InputError(f"{word!r} could mean {', '.join(matches)}: type more of it.")
    raise InputError(f"{word!r} is not a {arg.name.lower()}: {', '.join(arg.words)}.")


def _why_not(line: str, command: str, action: dict, args: tuple[Arg, ...], of_kind: list[dict]) -> str:
    """What the engine could not say: which value is out of reach, else what is possible."""
    for arg in args:
        seen = [a[arg.field] for a in of_kind]
        allowed = sorted({v for value in seen for v in value}) if arg.kind == "ints" else list(dict.fromkeys(seen))
        for value in action[arg.field] if arg.kind == "ints" else [action[arg.field]]:
            if value not in allowed:
                shown = (", ".join(allowed) if arg.kind == "word"
                         else _numbers_text([v + arg.base for v in allowed]))
                typed = str(value + arg.base) if arg.kind != "word" else value
                return f"Not allowed: {arg.name.lower()} {typed} is not possible now; possible: {shown}."
    possible = [" ".join([command, *(a.show(legal[a.field]) for a in args)]) for legal in of_kind]
    more = f", … ({len(possible)} in all)" if len(possible) > 8 else ""
    return f"Not allowed now: {line.strip()}. Possible: {', '.join(possible[:8])}{more}."


def _numbers_text(numbers: list[int]) -> str:
    """1, 2, 3 as they are; a long list with its runs shortened (8–75), so that a bid's
    seventy possible values read as one range."""
    if len(numbers) <= 8:
        return ", ".join(map(str, numbers))
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _resolve_type(word: str, game: Any) -> str:
    types = list(game.action_types)
    if word in types:
        return word
    shortcuts = SHORTCUTS.get(game.id, {})
    if word in shortcuts:
        return shortcuts[word]
    matches = [t for t in types if t.startswith(word)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise InputError(f"{word!r} could mean {', '.join(matches)}: type more of it.")
    raise InputError(f"I don't understand {word!r}: type the number of a choice or its command "
                     "(h for help).")


# ------------------------------------------------------------------------------------ play
class TerminalGame:
    def __init__(self, console: Console, state: Any, me: int, agents: dict, delay: float, seed: int):
        self.console = console
        self.state = state
        self.game = state.game
        self.me = me
        self.agents = agents  # seat -> agent
        self.agent_names = {s: a.name for s, a in agents.items()}
        self.rngs = {s: Rng(derive_seed(seed, "terminal-bot", s)) for s in agents}
        self.delay = delay
        self.seed = seed
        self.names = {me: f"Seat {me} (you)"}
        self.recap_from = 0  # first log line not yet shown in a recap
        self.live_from = 0  # first log line not yet printed live
        self.last_offer: Any = None
        self.echo = not _stdin_is_tty()  # piped input is not echoed by the terminal: show it

    # -- output -------------------------------------------------------------------------------
    def _log_lines(self, start: int) -> tuple[list[str], int]:
        log = self.state.log_for(self.me)
        quiet = QUIET_FOR_OTHERS.get(self.game.id, set())
        lines = [render(self.game, e, "en", self.names) for e in log[start:]
                 if not (e.get("msg") in quiet and e.get("seat") != self.me)]
        return lines, len(log)

    def recap(self, title: str = "Since your last move") -> None:
        lines, self.recap_from = self._log_lines(self.recap_from)
        self.live_from = max(self.live_from, self.recap_from)
        if lines:
            self.console.print(Rule(title, style="dim"))
            for line in lines:
                self.console.print(Text("  " + line))

    def live(self) -> None:
        """During bot turns, when watching (delay > 0), print each new line as it happens."""
        if self.delay <= 0:
            return
        lines, self.live_from = self._log_lines(self.live_from)
        for line in lines:
            self.console.print(Text("  " + line, style="dim"))
        if lines:
            time.sleep(self.delay)

    def show_board(self) -> None:
        view = self.state.view(self.me)
        self.console.print(Rule(style="bold"))
        self.console.print(board(self.game.id, view, self.names, self.me, self.agent_names))

    def read(self, prompt: str) -> str:
        line = self.console.input(prompt)  # EOFError / KeyboardInterrupt go up to play_game
        if self.echo:
            self.console.print(line, highlight=False)
        return line.strip()

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        bots = ", ".join(f"{self.names.get(s, f'Seat {s}')}: {a}" for s, a in self.agent_names.items())
        self.console.print(f"[bold]{self.game.name}[/] · {self.state.players} player(s) · you are "
                           f"[bold]Seat {self.me}[/] · bots: {bots or 'none'} · seed {self.seed} "
                           f"(the same deal again: --seed {self.seed}) · type h for help")
        while not self.state.is_over():
            actors = self.state.to_act()
            if not actors:
                raise RuntimeError(f"{self.game.id}: nobody may act but the game is not over")
            if self.me in actors:
                self.my_turn()
                continue
            actor = actors[0]
            self.offer_free_actions(actor)
            if not self.state.is_over() and actor in self.state.to_act():
                self.bot_step(actor)
        self.finish()

    def my_turn(self) -> None:
        legal = self.state.legal_actions(self.me)
        view = self.state.view(self.me)
        items = choices(self.game, view, legal, self.names)
        if len(legal) == 1:
            self.recap()
            self.console.print(f"[bold]Your only choice:[/] {items[0].text}")
            self.state.apply(self.me, legal[0])
            return
        self.show_board()
        self.recap()
        self.ask(items, legal, "Your move", "> ")

    def ask(self, items: list[Choice], legal: list[dict], title: str, prompt: str,
            empty_ok: bool = False) -> bool:
        """Prompt until the player picks a legal action (applied; True) or, when `empty_ok`,
        presses Enter (False)."""
        menu = Menu(items)
        self.console.print(f"[bold]{title}[/] (phase {self.state.phase}):")
        for line in menu.lines():
            self.console.print(line, highlight=False)
        while True:
            line = self.read(prompt)
            if not line and empty_ok:
                return False
            if self.meta_command(line, items, legal):
                continue
            try:
                action = parse_action(line, menu, legal, self.state, self.me)
            except InputError as exc:
                self.console.print(f"[red]{exc}[/]")
                continue
            self.state.apply(self.me, action)
            return True

    def meta_command(self, line: str, items: list[Choice], legal: list[dict]) -> bool:
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("q", "quit", "exit"):
            raise Quit
        if word in ("h", "help", "?"):
            example = HELP_EXAMPLES.get(self.game.id, "the action's name, then its values")
            self.console.print(HELP.format(example=example))
            shortcuts = SHORTCUTS.get(self.game.id, {})
            if shortcuts:
                listed = ", ".join(f"[bold]{short}[/] {kind}" for short, kind in shortcuts.items())
                self.console.print(f"  Short commands: {listed}; any unambiguous start of an action "
                                   "name works too.")
            return True
        if word in ("b", "board") and not (rest.strip() and word in SHORTCUTS.get(self.game.id, {})):
            self.show_board()
            for menu_line in Menu(items).lines():
                self.console.print(menu_line, highlight=False)
            return True
        if word == "log":
            log = self.state.log_for(self.me)
            for entry in log:
                self.console.print(Text(f"{entry['seq']:>4} {render(self.game, entry, 'en', self.names)}"))
            return True
        if word == "save":
            self.save(rest.strip())
            return True
        return False

    def save(self, path: str) -> None:
        if not path:
            self.console.print("[red]save needs a file name, e.g. save crypt-game.json[/]")
            return
        try:
            Path(path).write_text(json.dumps(self.state.to_json()), encoding="utf-8")
        except OSError as exc:
            self.console.print(f"[red]Could not save to {path}: {exc.strerror or exc}[/]", soft_wrap=True)
            return
        self.console.print(f"Saved to {path} (show it with: cryptarena replay {path}).", soft_wrap=True)

    def offer_free_actions(self, actor: int) -> None:
        """Abilities usable at any time (legal for you while another seat is to act): offered once
        per other player's turn, and again when what you may do changes."""
        while not self.state.is_over():
            free = self.state.legal_actions(self.me)
            if not free:
                return
            key = (self.state.phase, actor, json.dumps(free, sort_keys=True))
            if key == self.last_offer:
                return
            self.last_offer = key
            self.recap()
            view = self.state.view(self.me)
            who = self.names.get(actor, f"Seat {actor}")
            used = self.ask(choices(self.game, view, free, self.names), free,
                            f"Before {who} plays you may use", f"number or command, Enter to let {who} play > ",
                            empty_ok=True)
            if not used:
                return

    def bot_step(self, seat: int) -> None:
        agent = self.agents[seat]
        sides = self.game.seat_teams(self.state.players, self.state.options)
        action = decide(agent, self.state, seat, self.rngs[seat], sides)
        try:
            self.state.apply(seat, action)
        except games.IllegalAction as exc:
            raise SystemExit(f"error: the {agent.name} bot at seat {seat} chose an illegal action "
                             f"{action}: {exc.reason}") from None
        self.live()

    def finish(self) -> None:
        self.show_board()
        self.recap("The end of the game")
        view = self.state.view(self.me)
        result = view.get("result", {})
        winners = self.state.winners()
        self.console.print(score_table(self.state.scores(), winners, self.names, self.agent_names))
        for attempt in result.get("tiebreak", []):  # tied players rolled their unexhausted servants
            rolls = "; ".join(f"{self.names.get(int(s), f'Seat {s}')} rolls {', '.join(map(str, r)) or 'nothing'}"
                              f" = {sum(r)}" for s, r in attempt["rolls"].items())
            self.console.print(f"Tie-break roll-off {attempt['attempt']}: {rolls}")
        if "target" in result:
            mine = self.state.scores()[self.me]["total"]
            verdict = "you win!" if self.me in winners else "the Ghost wins."
            self.console.print(f"[bold]Solo: {mine} coins against a target of {result['target']}: {verdict}[/]")
        elif winners:
            names = " and ".join(self.names.get(s, f"Seat {s}") for s in winners)
            verdict = "You win!" if winners == [self.me] else ("You share the win." if self.me in winners
                                                                else "You lose.")
            self.console.print(f"[bold]Winner: {names}.[/] {verdict}")
        else:
            self.console.print("[bold]Nobody wins.[/]")


def _make_agents(game: Any, bots: str, players: int, me: int) -> dict:
    names = [n.strip() for n in bots.split(",") if n.strip()] or ["random"]
    others = [s for s in range(players) if s != me]
    agents = {}
    for i, seat in enumerate(others):
        name = names[i % len(names)]
        try:
            agents[seat] = make_agent(name, game)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--bots") from None
    return agents


def play_game(game_id: str, players: int, seat: int = 0, bots: str | None = None, seed: int | None = None,
              options: dict | None = None, delay: float | None = None) -> None:
    console = Console(highlight=False)
    game = games.load(game_id)
    try:
        game.check_players(players)
    except games.OptionError as exc:
        raise typer.BadParameter(exc.reason, param_hint="--players") from None
    if not 0 <= seat < players:
        raise typer.BadParameter(f"seat {seat} does not exist: seats are 0..{players - 1}", param_hint="--seat")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if delay is None:
        delay = 0.3 if _stdin_is_tty() else 0.0
    try:
        state = game.new_state(players, seed, options or {})
    except games.OptionError as exc:
        raise typer.BadParameter(exc.reason, param_hint="--option") from None
    refusal = UNPLAYABLE.get(game_id, lambda options: None)(state.options)
    if refusal:
        _fail(refusal)
    if bots is None:  # the game's own heuristic bot
        bots = "medium"
    agents = _make_agents(game, bots, players, seat)
    session = TerminalGame(console, state, seat, agents, delay, seed)
    try:
        session.run()
    except (EOFError, Quit) as exc:
        reason = "Input ended" if isinstance(exc, EOFError) else "You left the game"
        console.print(f"\n{reason} at round {getattr(state, 'round', '?')} (seed {seed}). Goodbye!")
        raise typer.Exit(0) from None
    except KeyboardInterrupt:
        console.print(f"\nInterrupted (seed {seed}). Goodbye!")
        raise typer.Exit(130) from None


# ------------------------------------------------------------------------------------ rules
def _allowed(option: dict) -> str:
    if "allowed" in option:
        return ", ".join(map(str, option["allowed"]))
    if "minimum" in option or "maximum" in option:
        return f"{option.get('minimum', '')}–{option.get('maximum', '')}"
    return "true, false" if option["type"] == "bool" else ""


def rules_command(game_id: str, lang: str = "en") -> None:
    console = Console(highlight=False)
    game = games.load(game_id)
    console.print(f"[bold]{game.name}[/] ({game.id}) · {game.min_players}–{game.max_players} players")
    console.print(Markdown(game.rules_summary(lang)))
    table = Table(title="Options (cryptarena play ... -o name=value)", title_justify="left")
    for column in ("name", "type", "default", "allowed", "description"):
        table.add_column(column, no_wrap=column in ("name", "type", "default"), overflow="fold")
    for opt in game.options_schema():
        note = ""
        if opt.get("depends_on") and not any(k in opt["description"] for k in opt["depends_on"]):
            note = " (used when " + ", ".join(f"{k} = {' or '.join(v)}" for k, v in opt["depends_on"].items()) + ")"
        table.add_row(opt["name"], opt["type"], str(opt["default"]), _allowed(opt), opt["description"] + note)
    console.print(table)
    for title, mapping in (("Phases", game.phases), ("Action types", game.action_types),
                           ("Chance kinds (script_chance)", game.chance_kinds)):
        if not mapping:
            continue
        table = Table(title=title, title_justify="left")
        table.add_column("name", no_wrap=True)
        table.add_column("description")
        for name, text in mapping.items():
            table.add_row(name, text)
        console.print(table)


# ------------------------------------------------------------------------------------ replay
def _fail(message: str) -> None:
    Console(stderr=True, highlight=False).print(f"[red]error:[/] {message}", soft_wrap=True)
    raise typer.Exit(2)


def load_replay(path: str) -> Any:
    """A state from a to_json save or a {"game", "players", "seed", "options", "history"} file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}")
    try:
        data = json.loads(text)
    except ValueError as exc:
        _fail(f"{path} is not valid JSON: {exc}")
    if not isinstance(data, dict):
        _fail(f"{path} must hold a JSON object (a saved game or a replay)")
    game_id = data.get("game")
    if game_id not in games.ids():
        _fail(f"{path}: unknown game {game_id!r}; known games: {', '.join(games.ids())}")
    game = games.load(game_id)
    if "format" in data:
        try:
            return game.from_json(data)
        except games.CorruptSave as exc:
            _fail(f"{path}: {exc.reason}")
    missing = [k for k in ("players", "seed", "history") if k not in data]
    if missing:
        _fail(f"{path}: a replay needs players, seed and history; it lacks {', '.join(missing)}")
    history = data["history"]
    if not isinstance(history, list) or not all(isinstance(step, dict) for step in history):
        _fail(f"{path}: history must be a list of steps ({{seat, action}} or {{script}})")
    try:
        return game.replay(data["players"], data["seed"], data.get("options") or {}, history)
    except (games.IllegalAction, games.OptionError) as exc:
        _fail(f"{path}: the history does not replay: {exc.reason}")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        _fail(f"{path}: the history is malformed ({type(exc).__name__}: {exc})")


def replay_command(path: str) -> None:
    console = Console(highlight=False)
    state = load_replay(path)
    game = state.game
    console.print(f"[bold]Replay of {game.name}[/] · {state.players} player(s) · seed {state.seed} · "
                  f"{len(state.history)} steps · options {json.dumps(state.options)}")
    console.print(Rule("Log (every secret shown: the file holds them all)", style="dim"))
    for entry in state.log:
        console.print(Text(f"{entry['seq']:>4} {render(game, entry_in_full(entry), 'en')}"))
    console.print(Rule("Final position" if state.is_over() else f"Position (unfinished, phase {state.phase})"))
    console.print(board(game.id, state.view(None), {}, None, {}))
    winners = state.winners()
    console.print(score_table(state.scores(), winners, {}, {}))
    if state.is_over():
        console.print("[bold]Winner: " + (" and ".join(f"Seat {s}" for s in winners) or "nobody") + ".[/]")
    else:
        console.print("The game is not over: scores so far.")
