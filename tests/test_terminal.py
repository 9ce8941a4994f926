"""The terminal front end, driven end to end through the real CLI with scripted keyboard input:
`play` (finishing games, bad input, end of input, "any time" abilities offered off-turn),
`rules`, and `replay` (round trip of a saved game, corrupt files)."""

from __future__ import annotations

import io
import json
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cryptarena import games
from cryptarena.ai.agents import make_agent
from cryptarena.cli import app
from cryptarena.engine import Rng
from cryptarena.terminal import TerminalGame, load_replay

GAME = games.load("crypt")
runner = CliRunner()


def play(*args: str, answers: str) -> object:
    return runner.invoke(app, ["play", "crypt", *args], input=answers)


# ------------------------------------------------------------------------------------ play
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_answering_1_to_everything_finishes_the_game_with_scores(players):
    """Choice 1 always makes progress (confirm comes first, take-back last), so a long run of
    "1" plays a whole game; the scores and the winner are printed at the end."""
    result = play("--players", str(players), "--bots", "random", "--seed", str(10 + players),
                  "-o", "collectors=random", answers="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Final scores" in out and "total" in out
    if players == 1:
        assert "coins against a target of" in out
    else:
        assert "Winner: Seat" in out
    assert "The deck is empty: game over." in out
    assert "Traceback" not in out
    # the score table names every seat
    for seat in range(players):
        assert f"Seat {seat}" in out


def test_the_same_seed_and_answers_give_the_same_game():
    first = play("--players", "3", "--bots", "random,greedy", "--seed", "5", answers="1\n" * 3000)
    second = play("--players", "3", "--bots", "random,greedy", "--seed", "5", answers="1\n" * 3000)
    assert first.exit_code == second.exit_code == 0
    assert first.output == second.output


def test_bad_input_is_explained_and_prompted_again():
    answers = "xyz\np 99 9\n\np 2\n42\nc\n"
    result = play("--players", "3", "--bots", "random", "--seed", "1", answers=answers)
    out = result.output
    assert result.exit_code == 0
    assert "I don't understand 'xyz'" in out
    assert "Not allowed: there is no card in slot 99" in out
    assert "Nothing typed" in out
    assert "place needs 2 number(s): SLOT EFFORT" in out
    assert "There is no choice 42" in out
    assert "You cannot confirm now" in out
    # one prompt per answer, and one more that met the end of the input
    assert out.count("\n> ") == len(answers.splitlines()) + 1
    assert "Input ended at round 1 (seed 1). Goodbye!" in out
    assert "Traceback" not in out


def test_a_legal_command_is_applied_and_shown_back():
    result = play("--players", "3", "--bots", "random", "--seed", "1", answers="p 2 3\nu\np 1 4\nc\n")
    out = result.output
    assert "Seat 0 (you) places a servant on slot 2 with effort 3." in out
    assert "Seat 0 (you) takes back the servant from slot 2 (effort 3)." in out
    assert "Seat 0 (you) claims slot 1 (1 servant at effort 4)." in out


def test_end_of_input_and_quit_say_goodbye():
    result = play("--players", "2", "--bots", "random", "--seed", "2", answers="")
    assert result.exit_code == 0 and "Goodbye!" in result.output
    result = play("--players", "2", "--bots", "random", "--seed", "2", answers="q\n")
    assert result.exit_code == 0 and "You left the game" in result.output


def test_help_board_and_log_commands():
    result = play("--players", "2", "--bots", "random", "--seed", "2", answers="h\nb\nlog\n")
    out = result.output
    assert "How to answer" in out
    assert out.count("The Crypt") == 2  # the board, then again on request
    assert "   0 A game of Crypt for 2 players" in out


@pytest.mark.parametrize("args, message", [
    (["--bots", "nosuch"], "unknown agent 'nosuch'"),
    (["--seat", "7"], "seat 7 does not exist"),
    (["--players", "9"], "played by 1–4 players"),
    (["-o", "first_leader=9"], "above the maximum 3"),
    (["-o", "colour=red"], "unknown option 'colour'"),
])
def test_bad_command_line_is_a_usage_error(args, message):
    result = play(*args, answers="")
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def _manuscript_round_two(seed_range=range(500)):
    """A 2-player table (all collectors B) where seat 0 collected a Manuscript in round 1 and
    round 2 opens with seat 1 to act and a face-down card seat 0 has not seen: seat 0 may use
    Manuscript B "at any time", so also before seat 1 plays."""
    for seed in seed_range:
        state = GAME.new_state(2, seed, {"collectors": "B"})
        crypt = state.view(0)["crypt"]
        target = next((c["slot"] for c in crypt if c["face_up"] and c["type"] == "manuscript"), None)
        if target is None:
            continue
        others = [c["slot"] for c in crypt if c["slot"] != target]
        for seat, slot in ((0, target), (1, others[0]), (0, others[1])):  # effort 1 never fails
            state.apply(seat, {"type": "place", "slot": slot, "effort": 1})
            state.apply(seat, {"type": "confirm"})
        assert state.to_act() == [1] and {"type": "manuscript_peek"} in state.legal_actions(0)
        return state
    pytest.fail("no seed deals a face-up Manuscript in round 1")


def test_any_time_abilities_are_offered_before_a_bot_plays(monkeypatch):
    state = _manuscript_round_two()
    peek_seq = len(state.log)
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    session = TerminalGame(console, state, me=0, agents={1: make_agent("random", GAME)}, delay=0, seed=0)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 2000))  # the keyboard: "1" to everything
    session.run()
    text = out.getvalue()
    assert "Before Seat 1 plays you may use" in text
    assert "Manuscript B: flip 1 Manuscript, look at every face-down card" in text
    peek = next(e for e in state.log[peek_seq:] if e["msg"] == "crypt.manuscript_peek")
    assert peek["seat"] == 0
    (slot, value), = peek["secret"]["params"]["seen"].items()
    assert f"Seat 0 (you) flips a Manuscript and looks at the face-down cards: slot {slot} is worth {value}." in text
    assert state.is_over() and "Final scores" in text


def test_enter_declines_an_offered_ability(monkeypatch):
    state = _manuscript_round_two()
    out = io.StringIO()
    session = TerminalGame(Console(file=out, width=100), state, me=0,
                           agents={1: make_agent("random", GAME)}, delay=0, seed=0)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    with pytest.raises(EOFError):
        session.run()
    assert "Before Seat 1 plays you may use" in out.getvalue()
    assert not any(e["msg"] == "crypt.manuscript_peek" for e in state.log)
    assert state.history[-1]["seat"] == 1  # Enter let the bot play


# ------------------------------------------------------------------------------------ rules
def test_rules_prints_the_summary_options_phases_and_actions():
    result = runner.invoke(app, ["rules", "crypt"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    out = result.output
    assert "Crypt — the rules as played here" in out
    for option in GAME.options_schema():
        assert option["name"] in out
    for name in [*GAME.phases, *GAME.action_types]:
        assert name in out
    assert "torch_direction" in out and "left, right" in out


def test_rules_in_french_and_a_language_we_lack():
    result = runner.invoke(app, ["rules", "crypt", "--lang", "fr"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    first_heading = GAME.rules_summary("fr").splitlines()[0].lstrip("# ").strip()
    assert first_heading and first_heading in result.output and "the rules as played here" not in result.output
    refused = runner.invoke(app, ["rules", "crypt", "--lang", "de"])
    assert refused.exit_code == 2 and "en, fr, zh" in refused.output


def test_rules_of_an_unknown_game_is_a_usage_error():
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


# ------------------------------------------------------------------------------------ replay
def _random_game(players=3, seed=4):
    state = GAME.new_state(players, seed, {"collectors": "random"})
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def test_replay_round_trip_of_a_save_and_of_a_replay_file(tmp_path):
    state = _random_game()
    save = tmp_path / "save.json"
    save.write_text(json.dumps(state.to_json()))
    replay = tmp_path / "replay.json"
    replay.write_text(json.dumps({"game": "crypt", "players": state.players, "seed": state.seed,
                                  "options": state.options, "history": state.history}))
    assert load_replay(str(save)).to_json() == state.to_json()
    assert load_replay(str(replay)).to_json() == state.to_json()
    outputs = []
    for path in (save, replay):
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 0, result.output
        assert "Final scores" in result.output and "Winner: " in result.output
        outputs.append(result.output)
    assert outputs[0] == outputs[1]
    totals = [s["total"] for s in state.scores()]
    assert f"Totals: {', '.join(f'Seat {s}: {t}' for s, t in enumerate(totals))}" in " ".join(outputs[0].split())


def test_a_game_saved_from_play_replays(tmp_path):
    path = tmp_path / "mine.json"
    result = play("--players", "2", "--bots", "random", "--seed", "8", answers=f"1\n1\nsave {path}\n")
    assert f"Saved to {path}" in result.output
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0
    assert "unfinished" in replayed.output and "Seat 0 places a servant" in replayed.output


@pytest.mark.parametrize("content, message", [
    ("{not json", "is not valid JSON"),
    ("[1, 2]", "must hold a JSON object"),
    ('{"game": "chess"}', "unknown game 'chess'"),
    ('{"game": "crypt", "players": 3}', "lacks seed, history"),
    ('{"game": "crypt", "players": 3, "seed": 1, "history": [{"seat": 0, "action": {"type": "fly"}}]}',
     "does not replay"),
    ('{"game": "crypt", "players": 3, "seed": 1, "history": [{"seat": 0}]}', "malformed"),
    ('{"game": "crypt", "players": 3, "seed": 1, "history": 5}', "history must be a list"),
    ('{"game": "crypt", "format": 1, "players": 3}', "save lacks"),
])
def test_a_corrupt_file_is_a_clear_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "error:" in result.output and message in result.output
    assert "Traceback" not in result.output


def test_a_tampered_save_is_a_clear_error(tmp_path):
    data = _random_game().to_json()
    data["data"]["deck"] = [0, 0]  # cards twice
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "inconsistent" in result.output


def test_a_missing_file_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and "cannot read" in result.output


def test_the_end_shows_the_tie_break_and_the_winners():
    for seed in range(1000):  # a tie-break is rare: the first seeded random game that has one
        state = _random_game(players=4, seed=seed)
        if state.tiebreak:
            break
    else:
        pytest.fail("no tie-break in 1000 random 4-player games")
    out = io.StringIO()
    TerminalGame(Console(file=out, width=120), state, me=0, agents={}, delay=0, seed=seed).run()
    text = out.getvalue()
    first = state.tiebreak[0]
    rolled = "; ".join(f"{'Seat 0 (you)' if s == '0' else f'Seat {s}'} rolls {', '.join(map(str, r)) or 'nothing'}"
                       f" = {sum(r)}" for s, r in first["rolls"].items())
    assert f"Tie-break roll-off 1: {rolled}" in text
    winners = " and ".join("Seat 0 (you)" if s == 0 else f"Seat {s}" for s in state.winners())
    assert f"Winner: {winners}." in text
    assert "Final scores" in text
