"""Quartz in the terminal, driven through the real CLI (and `TerminalGame` where a test needs
chosen dice): whole games against bots, the board, the short commands (`r 1 3`, `u p`, `s 1
yellow`, `dump 2`, `ret unstable`), refused commands, and `simulate` for Quartz."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cryptarena import games
from cryptarena.ai.agents import make_agent
from cryptarena.cli import app
from cryptarena.terminal import TerminalGame
from cryptarena.terminal_boards import QUIET_FOR_OTHERS, board, choices

GAME = games.load("quartz")
runner = CliRunner()


def first_player(players: int, seed: int) -> int:
    return GAME.new_state(players, seed, {}).to_act()[0]


def play(*args: str, answers: str) -> object:
    return runner.invoke(app, ["play", "quartz", *args], input=answers)


def render(renderable, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False).print(renderable)
    return out.getvalue()


def arranged(players: int, seed: int, dice: list[str]):
    """A fresh table whose first player rolled exactly `dice` (an arranged position, as the
    Quartz scenario tests make them)."""
    state = GAME.new_state(players, seed, {})
    state.dice = list(dice)
    for seat in range(players):  # whatever the first player mined: empty carts are easier to reason on
        state.carts[seat] = dict.fromkeys(state.carts[seat], 0)
    state.__dict__.pop("_legal_cache", None)
    return state, state.to_act()[0]


def run_session(state, me: int, keys: str, monkeypatch) -> str:
    """The keyboard types `keys`, then the input ends; returns the screen."""
    out = io.StringIO()
    agents = {s: make_agent("greedy", GAME) for s in range(state.players) if s != me}
    session = TerminalGame(Console(file=out, width=100, highlight=False), state, me, agents, delay=0, seed=0)
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    with pytest.raises(EOFError):
        session.run()
    return out.getvalue()


def my_actions(state, me: int) -> list[dict]:
    return [step["action"] for step in state.history if step.get("seat") == me]


# ------------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players, seed", [(3, 11), (4, 12), (6, 13)])
def test_answering_1_to_everything_plays_a_whole_game_to_the_final_scores(players, seed):
    """Choice 1 always makes progress (keep the dice, use an action, end the turn last)."""
    result = play("--players", str(players), "--bots", "greedy,random", "--seed", str(seed), answers="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "Final scores" in out and "fewest_in_chest" in out and "total" in out
    assert "The game ends. Scores:" in out
    assert re.search(r"Winner: Seat \d", out)
    assert "round 6/6" in out or "The bag is empty" in out
    assert "Your move (phase actions)" in out  # the player took real turns, not only forced ones
    for seat in range(players):
        assert f"Seat {seat}" in out


def test_nothing_of_another_seats_turn_is_hidden():
    """Quartz keeps no log line quiet: the bots' rolls, rerolls and keeps are the push-your-luck."""
    assert QUIET_FOR_OTHERS["quartz"] == set()
    result = play("--players", "4", "--bots", "greedy", "--seed", "12", answers="1\n" * 3000)
    for seat in (1, 2, 3):
        assert f"Seat {seat} rolls:" in result.output and f"Seat {seat} keeps" in result.output


# ------------------------------------------------------------------------------------ the board
def test_the_first_board_shows_round_bag_seats_and_the_numbered_dice():
    seed = 7
    me = first_player(4, seed)
    view = GAME.new_state(4, seed, {}).view(me)
    result = play("--players", "4", "--seat", str(me), "--seed", str(seed), answers="")
    out = result.output
    assert f"round 1/{view['rounds']}" in out
    assert f"Bag ({view['bag_size']}):" in out
    dice = " ".join(f"{i} {face}" for i, face in enumerate(view["dice"], 1))
    assert f"Dice: {dice}" in " ".join(out.split())
    assert "2 free rerolls left" in out
    header = next(line for line in out.splitlines() if "player" in line and "cart" in line)
    assert "chest" in header and "markers" in header and "score" in header
    assert "U unstable -3" in out and "Y yellow 9" in out  # the legend of the short crystal names
    acting_row = next(line for line in out.splitlines() if "▶" in line)
    assert f"Seat {me} (you)" in acting_row
    assert "r DIE…" in out and "free reroll (2 left)" in out


def test_the_board_shows_markers_carts_chests_and_the_current_action():
    state, me = arranged(4, 3, ["steal", "steal", "steal", "helmet", "helmet"])
    other = (me + 1) % 4
    state.markers[me] = 2
    state.free_left = 0
    state.carts[other].update(yellow=1, white=2)
    state.chests[other].update(red=3)
    state.__dict__.pop("_legal_cache", None)
    names = {me: f"Seat {me} (you)"}

    text = render(board("quartz", state.view(me), names, me, {other: "greedy"}))
    row = next(line for line in text.splitlines() if f"Seat {me} (you)" in line and "│" in line)
    assert row.split("│")[-2].strip() == "2"  # the markers column
    other_row = next(line for line in text.splitlines() if f"Seat {other} (greedy)" in line)
    assert "2W" in other_row and "1Y" in other_row and "3R" in other_row
    assert "no free reroll left: 1 marker a reroll (you have 2 markers)" in text
    menu = " ".join(c.text for c in choices(GAME, state.view(me), state.legal_actions(me), names))
    assert "reroll costs 1 marker (you have 2)" in menu

    state.apply(me, {"type": "stop"})
    state.apply(me, {"type": "use", "face": "steal"})
    text = render(board("quartz", state.view(me), names, me, {}))
    assert "Dice kept: 3 steal, 2 helmet" in text
    assert "Steal: up to 2 more crystals to take from other carts" in text
    assert "used: steal" in text


# ------------------------------------------------------------------------------------ commands
def test_r_1_3_sends_exactly_the_reroll_of_dice_0_and_2(tmp_path):
    seed = 4
    me = first_player(4, seed)
    path = tmp_path / "after.json"
    result = play("--players", "4", "--seat", str(me), "--seed", str(seed),
                  answers=f"r 1 3\nr 3 1\nsave {path}\n")
    assert result.exit_code == 0, result.output
    history = json.loads(path.read_text())["history"]
    assert [step for step in history if step["seat"] == me][:2] == [
        {"seat": me, "action": {"type": "reroll", "dice": [0, 2]}},
        {"seat": me, "action": {"type": "reroll", "dice": [0, 2]}},  # typed in any order: sorted
    ]
    assert result.output.count(f"Seat {me} (you) rerolls") == 2
    assert "free reroll (1 left)" in result.output


@pytest.mark.parametrize("line, message", [
    ("r 9", "Not allowed: die 9 is not possible now; possible: 1, 2, 3, 4, 5."),
    ("r 0", "Not allowed: die 0 is not possible now"),
    ("r 1 1", "die 1 named twice: name each once."),
    ("r", "reroll needs DIE… (for example: r 1)."),
    ("r 2 x", "reroll needs DIE…"),
    ("u steal", "You cannot use now (phase roll); possible: reroll, stop."),
    ("xyzzy", "I don't understand 'xyzzy'"),
    ("st", "'st' could mean stop, steal: type more of it."),
    ("42", "There is no choice 42: the choices are numbered 1–1."),
    ("", "Nothing typed"),
])
def test_a_bad_command_is_refused_with_a_message_and_changes_nothing(tmp_path, line, message):
    seed = 4
    me = first_player(4, seed)
    fresh = GAME.new_state(4, seed, {})
    path = tmp_path / "after.json"
    result = play("--players", "4", "--seat", str(me), "--seed", str(seed), answers=f"{line}\nsave {path}\n")
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out
    assert message in " ".join(out.split())
    assert json.loads(path.read_text()) == fresh.to_json()  # not even the dice's RNG moved
    assert out.count("\n> ") == 3  # the bad line, save, and the end of the input: re-prompted


def test_helmets_steal_and_pickaxe_by_short_command(monkeypatch):
    state, me = arranged(4, 5, ["steal", "steal", "helmet", "helmet", "pickaxe"])
    other = (me + 2) % 4
    state.carts[other].update(yellow=1, white=1)
    keys = f"k\nw s\nu s\ns {other} y\ns {other} white\nu p\nd\ne\n"
    out = run_session(state, me, keys, monkeypatch)
    assert my_actions(state, me)[:7] == [
        {"type": "stop"}, {"type": "wild", "as": "steal"}, {"type": "use", "face": "steal"},
        {"type": "steal", "from": other, "colour": "yellow"}, {"type": "steal", "from": other, "colour": "white"},
        {"type": "use", "face": "pickaxe"}, {"type": "draw"}]
    assert {"type": "end_turn"} in my_actions(state, me)  # typed, or forced when nothing else was left
    assert f"Seat {me} (you) counts two helmets as one steal face." in out
    assert f"Seat {me} (you) steals one yellow crystal from Seat {other}." in out
    assert f"s {other} yellow" in out and "a yellow (worth 9) from" in out


def test_chest_cart_and_jackhammer_by_short_command(monkeypatch):
    state, me = arranged(4, 6, ["chest", "chest", "cart", "cart", "jackhammer"])
    target = (me + 1) % 4
    state.carts[me].update(red=1, black=2)
    keys = f"k\nu c\nu ch\np bl\np b\np r\nu ca\ndump {me}\ndump {target}\ne\n"
    out = run_session(state, me, keys, monkeypatch)
    assert "'c' could mean chest, cart: type more of it." in out
    assert "'bl' could mean blue, black: type more of it." in out
    assert "Not allowed: colour blue is not possible now; possible: red." in out  # nothing blue in the cart
    assert f"Not allowed: seat {me} is not possible now" in out  # no dumping on yourself
    assert my_actions(state, me)[:6] == [
        {"type": "stop"}, {"type": "use", "face": "chest"}, {"type": "protect", "colour": "red"},
        {"type": "use", "face": "cart"}, {"type": "dump", "to": target}, {"type": "end_turn"}]
    assert state.chests[me]["red"] == 1


def test_the_jackhammer_return_takes_a_colour_word(monkeypatch):
    state, me = arranged(4, 8, ["jackhammer", "jackhammer", "helmet", "cart", "chest"])
    state.bag["black"] += 1
    state.script_chance([{"crystal": "blue"}, {"crystal": "black"}])
    out = run_session(state, me, "k\nu j\nret red\nret unstable\n", monkeypatch)
    assert "Not allowed: colour red is not possible now; possible: blue, black." in out
    assert "ret unstable" in out and "Jackhammer drew 1 blue, 1 unstable: 1 to put back" in out
    assert my_actions(state, me)[:3] == [{"type": "stop"}, {"type": "use", "face": "jackhammer"},
                                         {"type": "return", "colour": "black"}]


def test_help_gives_quartz_examples():
    me = first_player(4, 2)
    result = play("--players", "4", "--seat", str(me), "--seed", "2", answers="h\n")
    out = " ".join(result.output.split())
    assert "r 1 3 4 (reroll dice 1, 3 and 4)" in out
    assert "r reroll, k stop" in out and "e end_turn" in out


# ------------------------------------------------------------------------------------ simulate
def test_simulate_quartz_prints_the_seat_table():
    result = runner.invoke(app, ["simulate", "quartz", "--players", "4", "--games", "20",
                                 "--agents", "greedy,random", "--seed", "1"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "quartz: 4 players, 20 games, seed 1, agents greedy,random" in out
    for seat in range(4):
        assert re.search(rf"│ seat {seat} +│ +20 │", out), seat
    assert re.search(r"│ greedy +│ +40 │", out) and re.search(r"│ random +│ +40 │", out)
    assert "fewest_in_chest" in out
