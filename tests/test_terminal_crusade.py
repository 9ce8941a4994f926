"""Crypt Crusade in the terminal, driven through the real CLI (and `TerminalGame` on arranged
positions where a test needs chosen cards or pieces): whole games against bots, the board (square
grid and hexes, Graves by owner, seals, pieces, portals, hands by team), the short commands (`m 7`,
`p sprint`, `e`, `b 1`, `d`, `g whispers`, numbers for card plays with targets), refused commands,
the typed-command reader for plays with targets and tiles by name, and `simulate`."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from cryptarena import games
from cryptarena.cli import app
from cryptarena.terminal import Menu
from cryptarena.terminal_boards import QUIET_FOR_OTHERS, READERS, board, choices
from cryptarena.terminal_boards.crusade import read_command, tile_from_word

from terminal_play import flat, my_actions, render, run_session

GAME = games.load("crusade")
runner = CliRunner()
YOU = {0: "Seat 0 (you)"}
GAME_CARD_NAMES = {"sacred_seal": "Sacred Seal", "kick": "Kick", "sprint": "Sprint"}
NM_CARD_NAMES = ("Glide", "Desecrate", "Whispers", "Ghastly Touch", "Mass Desecrate", "Life Leech", "Flip",
                 "Portal", "Boo!")


def play(*args: str, answers: str) -> object:
    return runner.invoke(app, ["play", "crusade", *args], input=answers)


def arranged(players: int = 4, seed: int = 1, **changes):
    """A fresh table (seat 0, a Groundskeeper, to move) with some pieces, hands, Graves or purses
    set by hand, as the rules tests arrange positions."""
    state = GAME.new_state(players, seed, {})
    for name, value in changes.items():
        target = getattr(state, name)
        if isinstance(target, dict):
            target.update(value)
        else:
            for index, item in value.items():
                target[index] = item
    state._legal_cache = None
    return state


def menu_number(screen: str, command: str) -> str:
    """The number the last menu printed beside `command`."""
    found = re.findall(rf"^\s+(\d+)\s+{re.escape(command)}\s", screen, re.MULTILINE)
    assert found, f"no menu line for {command!r}"
    return found[-1]


# ------------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players, seed, option", [(4, 21, "board=square5"), (3, 22, "board=hex19"),
                                                   (5, 23, "played_cards=discard")])
def test_answering_1_to_everything_plays_a_whole_game_to_the_winner(players, seed, option):
    """Choice 1 always makes progress (a Grave in reach, a card, the end of the turn; buy, done)."""
    result = play("--players", str(players), "--bots", "greedy,random", "--seed", str(seed), "-o", option,
                  answers="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "Your move (phase turn)" in out
    assert "round 13/13" in out
    assert "Final scores" in out and "graves" in out
    assert re.search(r"The game is over: (the (Groundskeepers|Necromancers) win, \d+ Graves to \d+|a draw)", flat(out))
    assert re.search(r"Winner: Seat \d", out)


def test_play_seats_crusades_own_bot_when_no_bot_is_named():
    result = play("--players", "4", "--seed", "5", answers="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "bots: Seat 1: greedy, Seat 2: greedy, Seat 3: greedy" in flat(result.output)
    assert "Winner: Seat" in result.output


def test_dealing_the_others_cards_and_their_done_in_the_shop_are_not_worth_a_line():
    assert QUIET_FOR_OTHERS["crusade"] == {"crusade.deal", "crusade.done"}


# ------------------------------------------------------------------------------------ the board
def test_the_first_board_shows_the_grid_graves_shed_pieces_and_hands_by_team():
    seed = 3
    state = GAME.new_state(4, seed, {})
    view = state.view(0)
    result = play("--players", "4", "--seed", str(seed), answers="")
    out = result.output
    text = flat(out)
    assert "Crypt Crusade · round 1/13 · phase turn · Graves: Groundskeepers 0, Necromancers 0, neutral 7" in text
    assert "You are Seat 0 (you), a Groundskeeper." in text
    assert re.search(r"┃\s+┃ a\s+┃ b\s+┃ c\s+┃ d\s+┃ e\s+┃", out)  # the grid's columns
    rows = [line for line in out.splitlines() if line.startswith("│")]
    shed_row = next(i for i, line in enumerate(rows) if "12 Shed" in line)
    assert rows[shed_row].startswith("│3 ") and "G01" in rows[shed_row + 1]  # both Groundskeepers on the Shed
    for tile in view["graves"]:
        assert re.search(rf"│\s*{tile} ✿·", out), tile  # every Grave, neutral at the start
    mine = view["hands"][0]["cards"][0]
    seat0 = next(line for line in out.splitlines() if "Seat 0 (you)" in line and "│" in line)
    assert GAME_CARD_NAMES[mine] in seat0 and "12 (c3)" in seat0
    for seat in (2, 3):
        row = next(line for line in out.splitlines() if f"Seat {seat} (greedy)" in line)
        assert "off the board" in row and "3 Tier I" in row
    for name in NM_CARD_NAMES:  # the Necromancers' cards are secret to a Groundskeeper
        assert name not in out.split("Since your last move")[0]
    assert "Seat 0 (you) (Groundskeeper) to play: may move up to 2 tiles, 1 card left to play." in text
    assert "end your turn on the Shed: +5 tokens for your team" in text


def test_the_board_shows_owners_seals_portals_effects_and_revealed_cards():
    state = arranged(pos={0: 6, 2: 7, 3: None}, portal={2: 11}, hands={2: ["flip", "glide", "whispers"]},
                     revealed={2: ["flip"]})
    graves = sorted(state.graves)
    state.graves[graves[0]].update(owner="gk", seal=2)
    state.graves[graves[1]].update(owner="nm", seal=1)
    state.effects[3].update(ghastly=True)  # odd on a Necromancer, but every effect has its words
    state.effects[1].update(boo=True, leech=-1)
    text = render(board("crusade", state.view(0), YOU, 0, {}), width=180)
    assert re.search(rf"│\s*{graves[0]} ✿G s2", text) and re.search(rf"│\s*{graves[1]} ✿N s1", text)
    assert "◊2" in text  # seat 2's portal on tile 11
    assert "Graves: Groundskeepers 1, Necromancers 1, neutral 5" in flat(text)
    rows = {seat: next(line for line in text.splitlines() if f"Seat {seat}" in line and "│" in line)
            for seat in range(4)}
    assert "Flip (revealed), 2 Tier I" in rows[2] and "portal 11" in rows[2] and "7 (c2)" in rows[2]
    assert "Boo!: cannot capture" in rows[1] and "Life Leech -1 move" in rows[1]
    assert "Ghastly Touch: cannot move" in rows[3]
    # the Necromancers see their own cards, and nothing revealed of the Groundskeepers
    nm_text = render(board("crusade", state.view(2), {2: "Seat 2 (you)"}, 2, {}), width=180)
    nm_row = next(line for line in nm_text.splitlines() if "Seat 2 (you)" in line and "│" in line)
    assert "Flip (revealed), Glide, Whispers" in nm_row
    gk_row = next(line for line in nm_text.splitlines() if "Seat 0" in line and "│" in line)
    assert "│ Tier I " in gk_row and GAME_CARD_NAMES[state.hands[0][0]] not in gk_row


def test_a_spectator_board_shows_every_hand_as_tiers_only():
    """`cryptarena replay` draws the board for no seat: no hand is named, none is "yours"."""
    state = GAME.new_state(4, 2, {})
    text = render(board("crusade", state.view(None), {}, None, {}), width=160)
    rows = {seat: next(line for line in text.splitlines() if f"Seat {seat} " in line and "│" in line)
            for seat in range(4)}
    assert all("│ Tier I " in rows[s] for s in (0, 1)) and all("│ 3 Tier I " in rows[s] for s in (2, 3))
    assert not any(name in text for name in (*GAME_CARD_NAMES.values(), *NM_CARD_NAMES))
    assert "You are" not in text
    assert "Seat 0 (Groundskeeper) to play: may move up to 2 tiles" in flat(text)


def test_the_hex_board_draws_rows_of_three_to_five_offset_by_half_a_tile():
    state = GAME.new_state(4, 2, {"board": "hex19"})
    text = render(board("crusade", state.view(0), YOU, 0, {}))
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"^\s+0\b", line))
    id_rows = [lines[start + 2 * k] for k in range(5)]
    counts = [len(re.findall(r"(?:^|\s)(\d{1,2})(?= |$)", row)) for row in id_rows]
    assert counts == [3, 4, 5, 4, 3], id_rows
    ids = [int(n) for row in id_rows for n in re.findall(r"(?:^|\s)(\d{1,2})(?= |$)", row)]
    assert ids == list(range(19))
    assert "9 Shed" in id_rows[2] and "G01" in lines[start + 5]
    first_end = [re.search(r"\d+", row).end() for row in id_rows]  # where each row's first tile number ends
    assert first_end[0] == first_end[4] > first_end[1] == first_end[3] > first_end[2]  # a hexagon, not a square
    assert first_end[0] - first_end[1] == first_end[1] - first_end[2] > 0


# ------------------------------------------------------------------------------------ commands
def test_m_7_moves_and_with_no_card_to_play_the_turn_ends(monkeypatch):
    state = arranged(hands={0: []})
    out = run_session(state, "m 7\n", monkeypatch)
    assert my_actions(state) == [{"type": "move", "to": 7}]
    assert state.pos[0] == 7
    assert "m TILE any tile you can reach: 0 1 2 3 4 5 6 7 8 9 10 11 13 14 15 16 17 18 19 20 21 22 23 24" in flat(out)
    assert state.round == 2  # nothing left to do: the turn ended by itself and the bots played round 1 out


def test_sprint_by_its_name_then_a_three_tile_move(monkeypatch):
    state = arranged(pos={0: 0}, hands={0: ["sprint"]})
    out = run_session(state, "p sprint\nm 15\n", monkeypatch)
    assert my_actions(state)[:2] == [{"type": "play", "card": "sprint"}, {"type": "move", "to": 15}]
    assert "Seat 0 (you) (Groundskeeper) to play: may move up to 3 tiles, 0 cards left to play." in flat(out)


def test_a_kick_is_played_by_the_number_beside_its_command(monkeypatch):
    state = arranged(pos={2: 7}, hands={0: ["kick"]})
    first = run_session(state.clone(), "", monkeypatch)
    assert "kick Seat 2 from 7 (c2) to 2 (c1)" in first
    number = menu_number(first, "p kick 2 2")
    out = run_session(state, f"{number}\n", monkeypatch)
    assert my_actions(state)[0] == {"type": "play", "card": "kick", "target": 2, "to": 2}
    assert out.count("Your move (phase turn)") == 1


def test_a_kick_and_a_move_typed_with_targets_and_tile_names(monkeypatch):
    state = arranged(pos={2: 7}, hands={0: ["kick"]})
    run_session(state, "p kick 2 c1\n", monkeypatch)
    assert my_actions(state)[0] == {"type": "play", "card": "kick", "target": 2, "to": 2}
    moved = arranged(hands={0: []})
    run_session(moved, "m b2\n", monkeypatch)
    assert my_actions(moved) == [{"type": "move", "to": 6}]


def test_choice_1_takes_a_grave_in_reach_before_anything_else():
    state = arranged(hands={0: ["sprint"]})
    view = state.view(0)
    items = choices(GAME, view, state.legal_actions(0), YOU)
    first = Menu(items).action(1)
    assert first["type"] == "move" and str(first["to"]) in view["graves"]
    assert "take the neutral Grave" in items[0].text


@pytest.mark.parametrize("line, message", [
    ("b 1", "You cannot buy now (phase turn); possible: end, move, play."),
    ("m", "move needs 1 number(s): TILE"),
    ("xyzzy", "I don't understand 'xyzzy'"),
    ("p kick", "Not allowed: you hold no Kick."),  # the engine's reason
    ("", "Nothing typed"),
])
def test_a_bad_command_is_refused_with_a_message_and_changes_nothing(tmp_path, line, message):
    seed = 6
    fresh = GAME.new_state(4, seed, {})
    assert fresh.view(0)["hands"][0]["cards"] == ["sprint"]  # the seed deals seat 0 a Sprint
    path = tmp_path / "after.json"
    result = play("--players", "4", "--seed", str(seed), answers=f"{line}\nsave {path}\n")
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out
    assert message in flat(out)
    assert json.loads(path.read_text()) == fresh.to_json()
    assert out.count("\n> ") == 3  # the bad line, save, and the end of the input: re-prompted


def test_a_tile_out_of_reach_is_refused(monkeypatch):
    state = arranged(pos={0: 0}, hands={0: []})
    out = run_session(state, "m 24\nm 2\n", monkeypatch)
    assert "Not allowed: tile 24 is 4 tiles away: you may move 2." in out  # the engine's reason
    assert my_actions(state)[0] == {"type": "move", "to": 2}


def test_shop_buy_by_tier_then_done(monkeypatch):
    """Ending the first turn on the Shed earns 5 tokens: a Tier I card in round 2's shop."""
    state = arranged(hands={0: []})
    out = run_session(state, "e\nb 4\nb 2\nd\n", monkeypatch)
    mine = my_actions(state)
    assert mine[:3] == [{"type": "end"}, {"type": "buy", "tier": 2}, {"type": "done"}]
    assert "Not allowed" in out
    assert "Shop: your team has" in out and "b 1 buy a random Tier I card for 2 tokens" in flat(out)
    assert "d done shopping for this round" in flat(out)


def test_a_necromancer_gives_up_a_card_to_a_leaf_blower(monkeypatch):
    state = arranged(pos={2: 5}, hands={0: ["leaf_blower"], 2: ["glide", "whispers", "desecrate"]})
    state.apply(0, {"type": "play", "card": "leaf_blower", "target": 2})
    assert state.phase == "leaf_blower"
    items = choices(GAME, state.view(2), state.legal_actions(2), {2: "Seat 2 (you)"})
    assert sorted(c.command for c in items) == ["g desecrate", "g glide", "g whispers"]
    assert all(c.group.startswith("[bold]Leaf Blower[/]") for c in items)
    start = len(state.history)
    run_session(state, "g whi\n", monkeypatch, me=2)
    assert my_actions(state, start, me=2)[0] == {"type": "give_up", "card": "whispers"}
    assert "whispers" not in state.hands[2]


def test_help_gives_crusade_examples():
    result = play("--players", "4", "--seed", "1", answers="h\n")
    out = flat(result.output)
    assert "m 12 (move to tile 12; m c3 by column and row), t (teleport), p kick 3 7" in out
    assert "m move, t teleport, p play, e end, b buy, d done, g give_up" in out


# ------------------------------------------------------------------------------------ typed plays
def test_read_command_reads_plays_with_targets_and_tiles_by_name():
    """What `p kick 2 2`, `p seal 16` or `m c3` stand for, once the terminal asks READERS."""
    # seed 1 has Graves on 10, 15, 16, 17 and 22, all within 1 tile of 16
    state = arranged(pos={0: 16, 2: 7}, hands={0: ["kick", "sacred_seal"]})
    view, legal = state.view(0), state.legal_actions(0)
    assert READERS["crusade"] is read_command
    kick = {"type": "play", "card": "kick", "target": 2, "to": 2}
    assert kick not in legal and {"type": "play", "card": "sacred_seal", "tile": 16} in legal
    state = arranged(pos={2: 7}, hands={0: ["kick"]})
    assert kick in state.legal_actions(0)
    assert read_command(state.view(0), "play", ["kick", "2", "2"], state.legal_actions(0)) == kick
    assert read_command(state.view(0), "play", ["k", "2", "c1"], state.legal_actions(0)) == kick
    assert read_command(view, "play", ["seal", "16"], legal) == {"type": "play", "card": "sacred_seal", "tile": 16}
    assert read_command(view, "play", ["sacred", "b4"], legal) == {"type": "play", "card": "sacred_seal", "tile": 16}
    assert read_command(view, "move", ["c3"], legal) == {"type": "move", "to": 12}
    assert read_command(view, "move", ["b1"], legal) == {"type": "move", "to": 1}
    assert read_command(view, "move", ["12"], legal) is None  # numbers, and other types, read the usual way
    assert read_command(view, "buy", ["1"], legal) is None
    assert read_command(view, "play", ["glide", "3"], legal) == {"type": "play", "card": "glide"}  # the engine
    with pytest.raises(ValueError, match=r"Sacred Seal needs TILE \(for example: p seal "):
        read_command(view, "play", ["seal"], legal)
    with pytest.raises(ValueError, match=r"Kick needs TARGET TO \(for example: p kick 2 "):
        read_command(state.view(0), "play", ["kick", "2"], state.legal_actions(0))
    with pytest.raises(ValueError, match="'holy' could mean holy_water, holy_water_balloon"):
        read_command(view, "play", ["holy"], legal)
    assert read_command(view, "move", ["z9"], legal) is None  # not a tile: the usual "move needs 1 number"
    with pytest.raises(ValueError, match="'z9' is not a tile number"):
        read_command(view, "play", ["seal", "z9"], legal)


def test_tiles_by_column_and_row_only_on_square_boards():
    square = GAME.new_state(4, 1, {}).view(0)
    assert [tile_from_word(square, w) for w in ("a1", "e1", "c3", "e5", "12", "f1")] == [0, 4, 12, 24, 12, None]
    hexes = GAME.new_state(4, 1, {"board": "hex19"}).view(0)
    assert tile_from_word(hexes, "a1") is None and tile_from_word(hexes, "9") == 9


# ------------------------------------------------------------------------------------ simulate
def test_simulate_crusade_prints_the_seat_table():
    result = runner.invoke(app, ["simulate", "crusade", "--players", "4", "--games", "20",
                                 "--agents", "greedy,random", "--seed", "1"], env={"COLUMNS": "140"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "crusade: 4 players, 20 games, seed 1, agents greedy,random" in out
    for seat in range(4):
        assert re.search(rf"│ seat {seat} +│ +20 │", out), seat
    assert re.search(r"│ greedy +│ +40 │", out) and re.search(r"│ random +│ +40 │", out)
    assert "graves" in out
