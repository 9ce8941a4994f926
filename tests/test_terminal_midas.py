"""Midas Chests in the terminal, driven through the real CLI (and `TerminalGame` on arranged
positions where a test needs chosen dice or coins): whole games against bots, the board (your cup
only, everyone's at the reveal), the short commands (`b 7`, `a`, `l`, `d`, `buy imm`, `bribe
emerald`, `o 1`, `swap 2`), refused commands, the companion-mode refusal, and `simulate`."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from cryptarena import games
from cryptarena.cli import app
from cryptarena.terminal import InputError, Menu, parse_action
from cryptarena.terminal_boards import QUIET_FOR_OTHERS, board, choices

from terminal_play import flat, my_actions, render
from terminal_play import run_session as shared_session

GAME = games.load("midas")
runner = CliRunner()
YOU = {0: "Seat 0 (you)"}



def run_session(state, keys: str, monkeypatch, me: int = 0) -> str:
    return shared_session(state, keys, monkeypatch, me, bots="random")

def play(*args: str, answers: str) -> object:
    return runner.invoke(app, ["play", "midas", *args], input=answers)


def seed_where_i_open(players: int) -> int:
    """A seed whose first round seat 0 opens: every bid from 1 to the cap is open to it."""
    return next(s for s in range(200) if GAME.new_state(players, s, {}).to_act() == [0])


def my_turn_to_answer_a_bid(players: int, seed: int, faces: str = "diamond"):
    """A fresh table where the others have bid (1, 2, …) until seat 0 must raise or accuse, every
    cup holding only `faces`: accusing then loses (a cup of diamonds counts far above any small bid)."""
    state = GAME.new_state(players, seed, {})
    while state.to_act() != [0] or state.bid is None:
        state.apply(state.to_act()[0], {"type": "bid", "count": (state.bid or 0) + 1})
    for seat in range(players):
        state.dice[seat] = [faces] * state.dice_count[seat]
    state.__dict__.pop("_legal_cache", None)
    return state


# ------------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players, seed", [(2, 21), (3, 22), (4, 23)])
def test_answering_1_to_everything_plays_a_whole_game_to_the_winner(players, seed):
    """Choice 1 always makes progress (accuse before raising, lose a die before drawing)."""
    result = play("--players", str(players), "--bots", "probabilistic,random", "--seed", str(seed),
                  answers="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "Your move (phase bidding)" in out  # real turns, not only forced ones
    assert "Final scores" in out and "uncursed" in out
    winner = re.search(r"Winner: Seat (\d)\.", out)
    assert winner, out[-2000:]
    assert f"Seat {winner.group(1)}{' (you)' if winner.group(1) == '0' else ''} is the last one not Cursed " \
           "and takes the gold!" in out
    assert "the game is over" in out
    assert out.count("turns to gold: Cursed!") == players - 1
    for seat in range(players):
        assert f"Seat {seat}" in out


def test_play_seats_midas_own_bot_when_no_bot_is_named():
    """`play` seats the game's own bot by default: for Midas, probabilistic."""
    result = play("--players", "3", "--seed", "5", answers="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "bots: Seat 1: probabilistic, Seat 2: probabilistic" in flat(result.output)
    assert "Winner: Seat" in result.output


def test_other_seats_shaking_their_cups_is_not_worth_a_line():
    assert QUIET_FOR_OTHERS["midas"] == {"midas.roll"}
    seed = seed_where_i_open(3)
    result = play("--players", "3", "--bots", "random", "--seed", str(seed), answers="")
    mine = GAME.new_state(3, seed, {}).view(0)["seats"][0]["dice"]
    assert f"Seat 0 (you) rolls {', '.join(mine)} under the cup." in flat(result.output)
    assert "shakes" not in result.output


# ------------------------------------------------------------------------------------ the board
def test_the_first_board_shows_the_stone_values_cap_and_your_cup():
    seed = seed_where_i_open(3)
    view = GAME.new_state(3, seed, {}).view(0)
    result = play("--players", "3", "--bots", "random", "--seed", str(seed), answers="")
    out = flat(result.output)
    assert f"round 1 · phase bidding · Midas announces {view['stone']} · bid cap 75" in out
    others = ", ".join(s for s in view["stones"] if s != view["stone"])
    assert f"Faces count: {view['stone']} 1 · diamond 2 · favour 1 · obsidian 0 · {others} 0" in out
    assert "No bid yet: Seat 0 (you) opens (1 to 75)." in out
    assert f"Your cup (red): {' '.join(view['seats'][0]['dice'])} → counts" in out
    assert "with the other 10 dice the table holds about" in out
    assert "b N bid N (N from 1 to 75)" in out  # the bid range on one line
    assert "1 b 1 open the bidding at 1" in out
    assert "Favours (price): Pot-de-vin 1 free · Immunité 2 free · Damoclès 3 free · Échange 4 free" in out


def test_the_board_shows_your_dice_only_until_the_cups_are_lifted():
    state = my_turn_to_answer_a_bid(3, 4)
    state.dice = [["ruby", "ruby", "emerald", "diamond", "favour"], ["sapphire"] * 5, ["obsidian"] * 5]
    state.stone = "ruby"
    state.__dict__.pop("_legal_cache", None)
    before = render(board("midas", state.view(0), YOU, 0, {1: "random"}))
    assert "Your cup (red): ruby ruby emerald diamond favour  → counts 5 toward ruby" in before
    assert "sapphire sapphire" not in before and "obsidian obsidian" not in before
    assert "Last reveal" not in before
    rows = {seat: next(line for line in before.splitlines() if f"Seat {seat}" in line and "│" in line)
            for seat in (1, 2)}
    assert [row.split("│")[3].strip() for row in rows.values()] == ["5", "5"]  # the others' cups as counts

    state.apply(0, {"type": "accuse"})
    after = flat(render(board("midas", state.view(0), YOU, 0, {})))
    bid, bidder = state.last_reveal["bid"], state.last_reveal["bidder"]
    # 2 rubies + a diamond (2) + a favour (1), and nothing from sapphires or obsidian (nobody is Cursed)
    assert (f"Last reveal, round 1 (ruby): Seat {bidder} bid {bid}, Seat 0 (you) accused; counted 5 "
            f"(Obsidian worth 0) {'<' if 5 < bid else '≥'} {bid}") in after
    assert "Seat 0 (you): ruby ruby emerald diamond favour" in after
    assert "Seat 1: sapphire sapphire sapphire sapphire sapphire" in after
    assert "Seat 2: obsidian obsidian obsidian obsidian obsidian" in after
    loser = "Seat 0 (you)" if bid <= 5 else f"Seat {bidder}"
    assert f"{loser} lost" in after


def test_the_board_shows_favours_immunity_damocles_and_the_cursed():
    state = my_turn_to_answer_a_bid(4, 6)
    state.bought[1], state.granted, state.immune[1] = "immunite", ["immunite", "pot_de_vin"], True
    state.bought[3], state.bribe_holder = "pot_de_vin", 3
    state.damocles = True
    state.cursed[2], state.dice[2], state.obsidian[2] = True, [], 1
    state.chests[2]["coins"], state.purse[1] = 3, 2
    state.__dict__.pop("_legal_cache", None)
    text = render(board("midas", state.view(0), YOU, 0, {}))
    out = flat(text)
    assert "Favours (price): Pot-de-vin 1 → Seat 3 · Immunité 2 → Seat 1 · Damoclès 3 free · Échange 4 free" in out
    assert "Damoclès is armed: the next player to draw from a chest draws twice." in out
    assert "favour 3 (1 + 2 granted)" in out
    assert "obsidian ? (hidden cards)" in out  # a Cursed player's card is secret until the reveal
    row = {seat: next(line for line in text.splitlines() if f"Seat {seat}" in line and "│" in line)
           for seat in (1, 2, 3)}
    assert "Immunité" in row[1] and "immune" in row[1] and row[1].split("│")[5].strip() == "2"  # purse
    assert "Cursed · card played" in row[2] and "3 coins" in row[2] and row[2].split("│")[3].strip() == "—"
    assert "may bribe" in row[3]


# ------------------------------------------------------------------------------------ commands
def test_b_7_sends_exactly_a_bid_of_7_and_b_alone_shows_the_board(tmp_path):
    seed = seed_where_i_open(3)
    path = tmp_path / "after.json"
    result = play("--players", "3", "--bots", "random", "--seed", str(seed), answers=f"b\nb 7\nsave {path}\n")
    assert result.exit_code == 0, result.output
    history = json.loads(path.read_text())["history"]
    assert [step["action"] for step in history if step["seat"] == 0][0] == {"type": "bid", "count": 7}
    assert "Seat 0 (you) bids 7" in result.output
    assert result.output.count("Midas Chests · round 1 · phase bidding") >= 2  # "b" alone: the board again


@pytest.mark.parametrize("line, message", [
    ("b 0", "Not allowed: bid 0 is not possible now; possible: 1–75."),
    ("b 76", "Not allowed: a bid of 76 is above the cap of 75."),
    ("b x", "bid needs 1 number(s): BID (for example: b 1)."),
    ("b 7 8", "bid needs 1 number(s): BID"),
    ("a", "You cannot accuse now (phase bidding); possible: bid."),
    ("buy imm", "You cannot buy now (phase bidding); possible: bid."),
    ("l", "You cannot lose_die now (phase bidding); possible: bid."),
    ("bribe emerald", "You cannot bribe now (phase bidding); possible: bid."),
    ("xyzzy", "I don't understand 'xyzzy'"),
    ("2", "There is no choice 2: the choices are numbered 1–1."),
    ("", "Nothing typed"),
])
def test_a_bad_command_is_refused_with_a_message_and_changes_nothing(tmp_path, line, message):
    seed = seed_where_i_open(3)
    fresh = GAME.new_state(3, seed, {})
    path = tmp_path / "after.json"
    result = play("--players", "3", "--bots", "random", "--seed", str(seed), answers=f"{line}\nsave {path}\n")
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out
    assert message in flat(out)
    assert json.loads(path.read_text()) == fresh.to_json()  # not even the dice's RNG moved
    assert out.count("\n> ") == 3  # the bad line, save, and the end of the input: re-prompted


def test_accuse_draw_and_buy_by_short_command(monkeypatch):
    state = my_turn_to_answer_a_bid(3, 7)
    state.purse[0] = 1  # with the coin drawn below: 2, enough for Pot-de-vin or Immunité
    state.script_chance([{"coin": "safe"}])
    start = len(state.history)
    out = run_session(state, "d\na\nd\nbuy dam\nbuy imm\n", monkeypatch)
    assert "You cannot draw now (phase bidding); possible: accuse, bid." in out
    assert "Not allowed: Damoclès costs 3 coins and your purse holds 2." in out
    assert my_actions(state, start)[:3] == [{"type": "accuse"}, {"type": "draw"}, {"type": "buy", "favour": "immunite"}]
    assert "Seat 0 (you) draws a safe coin (5 coins left in the chest)." in out
    assert "Seat 0 (you) buys Immunité (immunity) for 2 coins." in out
    assert "buy immunite — Immunité for 2 coins: your next penalty draw is cancelled" in out
    assert "paid with the safe coins you drew: you have 2" in out


def test_bribe_then_accuse_and_lose_a_die(monkeypatch):
    state = my_turn_to_answer_a_bid(3, 8)
    state.stone, state.bribe_holder, state.bought[0], state.granted = "ruby", 0, "pot_de_vin", ["pot_de_vin"]
    state.__dict__.pop("_legal_cache", None)
    bid = state.bid
    start = len(state.history)
    out = run_session(state, "b 1\nbribe ruby\nbribe e\na\nl\n", monkeypatch)
    assert f"Not allowed: a bid of 1 does not raise the bid on the table ({bid})." in out
    assert "Not allowed: the stone is already ruby." in out
    assert my_actions(state, start)[:3] == [{"type": "bribe", "stone": "emerald"}, {"type": "accuse"},
                                            {"type": "lose_die"}]
    assert "Seat 0 (you) bribes Midas (Pot-de-vin): the stone is now emerald." in out
    assert "lose a die (5 → 4)" in out
    assert state.dice_count[0] == 4


def test_a_cursed_player_plays_an_obsidian_card_by_o(monkeypatch):
    state = my_turn_to_answer_a_bid(3, 9)
    state.script_chance([{"coin": "cursed"}])
    start = len(state.history)
    out = run_session(state, "a\nd\no 2\no 1\n", monkeypatch)
    assert "Seat 0 (you) draws the cursed coin and turns to gold: Cursed!" in out
    assert "You are Cursed: no dice; your Obsidian card this round: not played yet." in out
    assert "Not allowed: an Obsidian card is worth 0 or 1, not 2." in out
    assert my_actions(state, start)[:3] == [{"type": "accuse"}, {"type": "draw"}, {"type": "obsidian", "value": 1}]
    assert "Seat 0 (you) plays an Obsidian card worth 1." in out


def test_echange_then_swap_by_seat(monkeypatch):
    state = my_turn_to_answer_a_bid(3, 10)
    state.purse[0] = 3
    state.script_chance([{"coin": "safe"}])
    start = len(state.history)
    out = run_session(state, "a\nd\nbuy ech\nswap 0\nswap 2\n", monkeypatch)
    assert "Not allowed: swap with another player who is not Cursed." in out
    assert my_actions(state, start)[:4] == [{"type": "accuse"}, {"type": "draw"}, {"type": "buy", "favour": "echange"},
                                     {"type": "swap", "with": 2}]
    assert "take Seat 2's chest (6 coins) for yours (5 coins)" in out
    assert "Seat 0 (you) swaps chests with Seat 2." in out


@pytest.mark.parametrize("line", ["buy imm", "buy immunite", "buy immunity", "buy IMMUNITÉ", "bu i", "2"])
def test_every_way_of_naming_a_favour_gives_the_same_action(line):
    state = my_turn_to_answer_a_bid(3, 7)
    state.purse[0] = 1
    state.script_chance([{"coin": "safe"}])
    state.apply(0, {"type": "accuse"})
    state.apply(0, {"type": "draw"})
    legal = state.legal_actions(0)
    menu = Menu(choices(GAME, state.view(0), legal, YOU))
    assert parse_action(line, menu, legal, state, 0) == {"type": "buy", "favour": "immunite"}
    with pytest.raises(InputError, match="'dx' is not a favour: pot_de_vin, immunite, damocles, echange"):
        parse_action("buy dx", menu, legal, state, 0)
    with pytest.raises(InputError, match="Damoclès costs 3 coins and your purse holds 2"):
        parse_action("buy d", menu, legal, state, 0)  # a favour that exists but costs 3


def test_help_gives_midas_examples():
    seed = seed_where_i_open(3)
    result = play("--players", "3", "--bots", "random", "--seed", str(seed), answers="h\n")
    out = flat(result.output)
    assert "b 7 (bid 7), a (accuse), l (lose a die) or d (draw a coin), buy imm" in out
    assert "b bid, a accuse, l lose_die" in out


# ------------------------------------------------------------------------------------ companion, simulate
def test_companion_mode_is_refused_with_a_pointer_to_the_browser_page():
    result = play("--players", "3", "--seed", "1", "-o", "mode=companion", answers="1\n" * 10)
    assert result.exit_code == 2
    out = flat(result.output)
    assert "companion mode is not played in the terminal" in out
    assert "http://127.0.0.1:8000/companion" in out and "leave out -o mode=companion" in out
    assert "Your move" not in out and "Midas Chests · round" not in out


def test_simulate_midas_prints_the_seat_table():
    result = runner.invoke(app, ["simulate", "midas", "--players", "3", "--games", "30",
                                 "--agents", "probabilistic,random", "--seed", "1"], env={"COLUMNS": "140"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "midas: 3 players, 30 games, seed 1, agents probabilistic,random" in out
    for seat in range(3):
        assert re.search(rf"│ seat {seat} +│ +30 │", out), seat
    assert re.search(r"│ probabilistic +│ +45 │", out) and re.search(r"│ random +│ +45 │", out)
    assert "uncursed" in out
    wins = [int(m) for m in re.findall(r"│ seat \d +│ +30 │ +(\d+) │", out)]
    assert sum(wins) == 30  # one winner a game, never a shared win
