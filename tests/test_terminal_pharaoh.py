"""Crypt: The Pharaoh's Curse in the terminal, driven through the real CLI and `TerminalGame`:
whole games against bots (answering "1" to everything, and typing each command in words), the
board at many points of seeded games with 2–6 players and at several widths (the hex map shrinks,
then shows the part around you), every legal action reached by its command and its number, the
typed-command reader (short forms, card words, ambiguity, refusals) and a custom deck built by
typing."""

from __future__ import annotations

import io
import re
import sys

import pytest
from rich.console import Console
from terminal_play import flat, my_actions, render, run_session
from typer.testing import CliRunner

from cryptarena import games
from cryptarena.ai.agents import make_agent
from cryptarena.cli import app
from cryptarena.engine import Rng
from cryptarena.terminal import InputError, Menu, TerminalGame, parse_action
from cryptarena.terminal_boards import (
    HELP_EXAMPLES,
    QUIET_FOR_OTHERS,
    READERS,
    SHORTCUTS,
    board,
    choices,
)
from cryptarena.terminal_boards.pharaoh import TITLE, command_of, read_command
from cryptarena.terminal_boards.pharaoh_crypt import CryptMap

GAME = games.load("pharaoh")
runner = CliRunner()
YOU = {0: "Seat 0 (you)"}


def play(*args: str, answers: str) -> object:
    return runner.invoke(app, ["play", "pharaoh", *args], input=answers)


def positions(players: int = 3, seeds=range(60), bots: str = "greedy", steps: int = 400):
    """(state, seat) at every decision of seeded bot games: the seat is one that may act."""
    for seed in seeds:
        state = GAME.new_state(players, seed, {})
        agents = [make_agent("random" if bots == "mixed" and s % 2 else "greedy", GAME) for s in range(players)]
        rng = Rng(seed)
        for _ in range(steps):
            if state.is_over():
                break
            for seat in state.to_act():
                yield state, seat
            seat = state.to_act()[0]
            state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat), rng))


def find(predicate, players: int = 3, **kw):
    """The first position (a copy of the state, and the seat) where predicate(state, seat) holds."""
    for state, seat in positions(players, **kw):
        if predicate(state, seat):
            return state.clone(), seat
    pytest.fail("no seeded game reaches the position")


def typed(state, seat: int, line: str) -> dict:
    """What a typed line stands for at this position (InputError if nothing)."""
    legal = state.legal_actions(seat)
    menu = Menu(choices(GAME, state.view(seat), legal, {seat: "you"}))
    return parse_action(line, menu, legal, state, seat)


# ------------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players, seed", [(3, 1), (3, 6), (2, 11), (6, 11)])
def test_answering_1_to_everything_plays_a_whole_game_to_the_end(players, seed):
    """Choice 1 always plays on: a deck, draw, exit or pick up a Key, explore, target before
    cancel, keep the hand, dodge, let plays be."""
    result = play("--players", str(players), "--seed", str(seed), answers="1\n" * 4000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out and "Input ended" not in out
    assert TITLE in out and "Your move (phase setup)" in out and "pick spellmancer" in out
    assert "Final scores" in out and "escape" in out and "life" in out
    assert re.search(r"Winner: Seat \d|Nobody wins", out)
    assert "bots: Seat 1: greedy" in flat(out)  # the game's own bot by default


class Typist(io.TextIOBase):
    """A keyboard for seat 0 that types, at every prompt, the greedy bot's choice: in words
    (`play crossbow table`), every third time by its number, every fourth in short form."""

    def __init__(self, state, seat: int = 0):
        self.state, self.seat = state, seat
        self.bot, self.rng = make_agent("greedy", GAME), Rng(99)
        self.lines: list[str] = []

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        state, seat = self.state, self.seat
        legal, view = state.legal_actions(seat), state.view(seat)
        action = self.bot.act(view, legal, self.rng)
        items = choices(GAME, view, legal, YOU)
        line = command_of(view, action, legal)
        if len(self.lines) % 3 == 2:
            line = str(Menu(items).numbered.index(action) + 1)
        elif len(self.lines) % 4 == 3:  # `p throw use` for `play throwing_knives use` where it reads the same
            short = {kind: word for word, kind in SHORTCUTS["pharaoh"].items() if len(word) == 1}
            kind, _, rest = line.partition(" ")
            brief = " ".join([short.get(kind, kind), *(w if len(w) < 6 or w[0] in "tcmh" and w[1:].isdigit()
                                                        else w[:5] for w in rest.split())])
            try:
                same = parse_action(brief, Menu(items), legal, state, seat) == action
            except InputError:
                same = False
            line = brief if same else line
        self.lines.append(line)
        return line + "\n"


@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_game_typed_in_words_against_two_bots(monkeypatch, seed):
    state = GAME.new_state(3, seed, {})
    out = io.StringIO()
    agents = {s: make_agent("greedy", GAME) for s in (1, 2)}
    session = TerminalGame(Console(file=out, width=100, highlight=False), state, 0, agents, delay=0, seed=seed)
    keyboard = Typist(state)
    monkeypatch.setattr(sys, "stdin", keyboard)
    session.run()
    text = out.getvalue()
    assert state.is_over() and "Final scores" in text
    assert len(keyboard.lines) > 10
    assert "Not allowed" not in text and "could mean" not in text and "I don't understand" not in text
    assert my_actions(state)  # seat 0 played the game it typed
    words = [line for line in keyboard.lines if not line.isdigit()]
    assert any(" " in line for line in words)  # commands with arguments were typed
    assert any(line.split()[0] in SHORTCUTS["pharaoh"] for line in words)  # and short forms


# ------------------------------------------------------------------------------------ the board
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_board_renders_at_many_points_of_seeded_games(players):
    for n, (state, seat) in enumerate(positions(players, seeds=range(players, players + 3), bots="mixed")):
        if n % 9:
            continue
        width = (80, 120, 200)[n % 3]
        for me in (seat, None):
            view = state.view(me)
            text = render(board("pharaoh", view, {me: "Seat X (you)"} if me is not None else {}, me, {}), width)
            assert TITLE in flat(text)
            assert all(len(line) <= width for line in text.splitlines())
            if view["crypt"]:
                hexes = flat(text).split("Hexes: ")[1]
                assert all(f"{i} {games_title(view, i)}" in hexes for i in range(len(view["crypt"])))
            if me is not None and view["phase"] != "setup" and view["hand"]:
                assert "Your hand" in text


def games_title(view: dict, index: int) -> str:
    from cryptarena.games.pharaoh.components import HEXES
    return HEXES[view["crypt"][index]["tile"]].title


def map_view(cells: list[tuple], seats: list[int | None] = (), **more) -> dict:
    """A view holding only what the map reads: hexes as (q, r, doors[, exit, keys])."""
    crypt = [{"tile": "antechamber", "owner": 0, "q": c[0], "r": c[1], "doors": list(c[2]),
              "exit": c[3] if len(c) > 3 else False, "keys": c[4] if len(c) > 4 else 0} for c in cells]
    rows = [{"seat": s, "hex": h, "defeated": False} for s, h in enumerate(seats)]
    return {"crypt": crypt, "seats": rows, "table": more.get("table", []), "monsters": more.get("monsters", []),
            "turn": None}


def draw(view: dict, width: int, me: int | None = None, focus: int = 0) -> list[str]:
    return render(CryptMap(view, me, focus), width).splitlines()


def test_a_passage_is_a_gap_in_the_wall_and_a_door_onto_a_wall_is_not():
    lines = draw(map_view([(0, 0, [0]), (1, 0, [3])]), 120)  # the widest hexes: 14 columns
    assert lines[1][14] == " " and lines[2][14] == " "  # E of hex 0 meets W of hex 1
    assert lines[1][0] == "│" and lines[1][28] == "│"  # the outer walls
    walled = draw(map_view([(0, 0, [0]), (1, 0, [])]), 120)
    assert walled[1][14] == "│"
    assert lines[1].startswith("│ 0 Antechambe") and lines[1][15:].startswith(" 1 Antechambe")


def test_rows_are_shifted_half_a_hex_and_doors_to_unexplored_cells_are_open():
    lines = draw(map_view([(0, 0, [1]), (0, 1, [4, 2])]), 120)
    assert lines[4][7:11] == "│ 1 " or lines[4][8:10] == " 1"  # the row below starts half a hex right
    assert lines[3][8:14] == "      "  # hex 0's SE door meets hex 1's NW door: a passage
    assert lines[3][1:7] == "──────"  # hex 0's SW side is a wall
    assert lines[6][1:7] == "      "  # hex 1's SW door opens on the unexplored


def test_a_hex_shows_exit_keys_characters_agents_and_monsters():
    view = map_view([(0, 0, [0], True, 2)], seats=[0, None, 0],
                    table=[{"uid": 7, "card": "giant_rat", "owner": 1, "seat": None, "hex": 0}],
                    monsters=[{"uid": 9, "monster": "cobra", "hex": 0, "dominated_by": None}])
    view["seats"][1]["hex"] = None
    lines = draw(view, 120, me=0)
    assert lines[2][1:14] == "X K2 0 2 a M "  # EXIT shortened to fit: X, 2 Keys, seats 0 and 2
    assert draw(map_view([(0, 0, [0], True)], seats=[0]), 120)[2][1:7] == "EXIT 0"


def test_the_map_shrinks_its_hexes_then_shows_the_part_around_you():
    corridor = map_view([(q, 0, [0, 3]) for q in range(12)])
    for width, cell in ((200, 14), (130, 10), (100, 8), (80, 6)):
        lines = draw(corridor, width)
        assert all(len(line) <= width for line in lines)
        numbers = [int(n) for n in re.findall(r"\d+", lines[1])]
        assert numbers == list(range(12))
        assert lines[1].index(" 1") - lines[1].index(" 0") == cell, width
    long = map_view([(q, 0, [0, 3]) for q in range(40)], seats=[30])
    lines = draw(long, 80, me=0, focus=30)
    assert lines[0].startswith("Map columns ") and "around hex 30 (a wider screen shows more)" in lines[0]
    assert all(len(line) <= 80 for line in lines)
    assert "30" in lines[2] and "│ 0 " not in lines[2] and re.search(r"\b3\d\b.*\b3\d\b", lines[2])


def test_the_first_board_in_the_cli_says_starter_set_and_lists_the_decks():
    result = play("--players", "3", "--seed", "2", answers="")
    out = flat(result.output)
    assert "Crypt: The Pharaoh's Curse — starter set · round 1/30 · phase setup" in out
    for deck in ("spellmancer", "warlord", "avenger", "technomancer"):
        assert f"pick {deck}" in out and f"build {deck}" in out
    assert "Set-up, every seat at once and in secret: Seat 0 (you): choosing" in out


def test_the_board_mid_game_shows_seats_hand_turn_and_map():
    state, _ = find(lambda s, seat: seat == 0 and s.phase == "act" and len(s.placed) >= 4 and s.hand[0])
    view = state.view(0)
    text = flat(render(board("pharaoh", view, YOU, 0, {1: "greedy", 2: "greedy"}), 120))
    assert "Players (cards: in hand / in deck / discarded)" in text and "Seat 1 (greedy)" in text
    assert f"Your hand ({len(view['hand'])}/10)" in text
    assert f"Seat 0 (you)'s turn: actions ({view['turn']['used']} of" in text
    assert f"You are in hex {view['seats'][0]['hex']} " in text
    from cryptarena.games.pharaoh.components import CARDS
    assert all(CARDS[c].title in text for c in view["hand"])


def test_a_defence_turn_shows_the_strike_and_the_odds_of_a_dodge():
    state, seat = find(lambda s, seat: s.phase == "defend" and s.queue[0]["target"][0] == "c"
                       and any(a.get("card") for a in s.legal_actions(seat) if a["type"] == "dodge"))
    view = state.view(seat)
    text = flat(render(board("pharaoh", view, {seat: "you"}, seat, {}), 160))
    assert "Incoming:" in text and "you defends" in text
    lines = [f"{c.command} {c.text}" for c in choices(GAME, view, state.legal_actions(seat), {seat: "you"})]
    dodge = next(line for line in lines if line.startswith("dodge "))
    assert re.search(r"dodge roll 2D6, \d+ or less dodges \(\d+%\)", dodge)
    assert any(re.match(r"dodge \w+ \[dim\]|dodge \w+ with ", line) for line in lines)
    assert lines[-1].startswith("take take it: ")


# ------------------------------------------------------------------------------------ commands
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_legal_action_is_reached_by_its_command_and_by_its_number(players):
    seen = set()
    for n, (state, seat) in enumerate(positions(players, seeds=range(2), bots="mixed", steps=250)):
        legal = state.legal_actions(seat)
        if state.phase == "setup" and n % 5:
            continue
        view = state.view(seat)
        items = choices(GAME, view, legal, {seat: "you"})
        menu = Menu(items)
        assert sorted(map(str, (a for c in items for a in c.actions))) == sorted(map(str, legal))
        for number, action in enumerate(menu.numbered, 1):
            assert parse_action(str(number), menu, legal, state, seat) == action
        for item in items:
            (action,) = item.actions
            assert item.command == command_of(view, action, legal)
            assert parse_action(item.command, menu, legal, state, seat) == action, item.command
            seen.add(action["type"])
    assert {"pick", "draw", "move", "explore", "play", "target", "dodge", "take", "discard", "end"} <= seen


def test_the_briefs_commands_and_their_short_forms():
    state, seat = find(lambda s, seat: {"type": "pick", "deck": "warlord"} in s.legal_actions(seat))
    assert typed(state, seat, "pick warlord") == typed(state, seat, "pick war") == {"type": "pick", "deck": "warlord"}
    state, seat = find(lambda s, seat: any(a.get("card") == "crossbow" and a["type"] == "play"
                                           for a in s.legal_actions(seat)))
    crossbow = {"type": "play", "card": "crossbow", "method": "table"}
    assert typed(state, seat, "play crossbow table") == typed(state, seat, "p cross") == crossbow
    state, seat = find(lambda s, seat: {"type": "target", "target": "c1"} in s.legal_actions(seat))
    assert typed(state, seat, "target c1") == typed(state, seat, "t c1") == {"type": "target", "target": "c1"}
    state, seat = find(lambda s, seat: any(a["type"] == "move" for a in s.legal_actions(seat)))
    move = next(a for a in state.legal_actions(seat) if a["type"] == "move")
    assert typed(state, seat, f"move {move['to']}") == typed(state, seat, f"m {move['to']}") == move
    state, seat = find(lambda s, seat: {"type": "explore", "side": 0} in s.legal_actions(seat))
    assert typed(state, seat, "explore 0") == typed(state, seat, "x e") == {"type": "explore", "side": 0}
    state, seat = find(lambda s, seat: {"type": "dodge", "card": "rally"} in s.legal_actions(seat))
    assert typed(state, seat, "dodge rally") == typed(state, seat, "dodge ral") == {"type": "dodge", "card": "rally"}
    assert typed(state, seat, "dodge") == {"type": "dodge"} and typed(state, seat, "k") == {"type": "take"}
    state, seat = find(lambda s, seat: {"type": "defend", "card": "block"} in s.legal_actions(seat))
    assert typed(state, seat, "defend block") == typed(state, seat, "def bl") == {"type": "defend", "card": "block"}
    state, seat = find(lambda s, seat: {"type": "exit"} in s.legal_actions(seat))  # `exit` quits the terminal
    items = choices(GAME, state.view(seat), state.legal_actions(seat), {})
    assert items[0].command == "leave" and typed(state, seat, "leave") == {"type": "exit"}
    state, seat = find(lambda s, seat: sum(a["type"] == "use" for a in s.legal_actions(seat)) == 1)
    (use,) = [a for a in state.legal_actions(seat) if a["type"] == "use"]
    card = next(e["card"] for e in state.table if e["uid"] == use["uid"])
    assert typed(state, seat, f"use t{use['uid']}") == typed(state, seat, f"u {card}") == use


def test_respond_thwart_pending_answers_a_modifier_in_a_window():
    thwart = {"type": "respond", "card": "thwart", "target": "pending"}
    state, seat = find(lambda s, seat: thwart in s.legal_actions(seat), players=4, seeds=range(200))
    assert typed(state, seat, "respond thwart pending") == typed(state, seat, "r thw pend") == thwart
    assert typed(state, seat, "pass") == {"type": "pass"}
    view = state.view(seat)
    assert "Play-any-time window: waiting for" in flat(render(board("pharaoh", view, {}, seat, {}), 160))


def test_a_card_with_two_ways_to_play_needs_the_way_named():
    state, seat = find(lambda s, seat: sum(a["type"] == "play" and a["card"] == "giant_rat"
                                           for a in s.legal_actions(seat)) == 2, seeds=range(300))
    with pytest.raises(InputError, match=r"play rat could mean play giant_rat hex, play giant_rat table: type more"):
        typed(state, seat, "p rat")
    with pytest.raises(InputError, match="could mean"):
        typed(state, seat, "play rat t")  # table or table_hex
    assert typed(state, seat, "play rat hex") == {"type": "play", "card": "giant_rat", "method": "table_hex"}
    assert typed(state, seat, "play giant_rat table") == {"type": "play", "card": "giant_rat", "method": "table"}


@pytest.mark.parametrize("line, message", [
    ("play meteor", "Not allowed: Meteor is not in your hand."),  # the engine's reason
    ("play zzz", "'zzz' is not a card of the starter set."),
    ("move 99", "Not allowed: hex 99 is not possible now; possible:"),
    ("target 1", "Not possible now: target 1. Possible: target"),
    ("xyzzy", "I don't understand 'xyzzy'"),
    ("pick", "You cannot pick now (phase act)"),
    ("ex", "'ex' could mean"),
])
def test_a_bad_command_is_refused_with_a_message_and_changes_nothing(monkeypatch, line, message):
    state, _ = find(lambda s, seat: seat == 0 and s.phase == "act" and "meteor" not in s.hand[0]
                       and any(a["type"] == "move" for a in s.legal_actions(0)))
    if line.startswith("target"):
        state, _ = find(lambda s, seat: seat == 0 and {"type": "target", "target": "c1"} in s.legal_actions(0))
    before = state.to_json()
    with pytest.raises(InputError) as refused:
        typed(state, 0, line)
    assert message in str(refused.value)
    assert state.to_json() == before


def test_help_gives_pharaoh_examples_and_short_commands():
    result = play("--players", "3", "--seed", "1", answers="h\n")
    out = flat(result.output)
    assert "play crossbow table" in out and "respond thwart pending" in out
    assert "m move, x explore, p play, u use" in out
    assert HELP_EXAMPLES["pharaoh"].startswith("pick warlord")


def test_other_seats_deals_set_up_steps_and_passes_are_quiet():
    assert QUIET_FOR_OTHERS["pharaoh"] == {"pharaoh.setup_step", "pharaoh.deal", "pharaoh.pass"}
    result = play("--players", "3", "--seed", "1", answers="1\n" * 40)
    out = flat(result.output)
    assert "Seat 0 (you) is dealt" in out and "Seat 1 is dealt" not in out


def test_a_custom_deck_is_built_by_typing(monkeypatch):
    state = GAME.new_state(3, 5, {})
    keys = ["build warlord", "add dag", "add dagger", "add dagger", "add dagger", "add dagger",  # a fifth: refused
            "remove dagger", "add dagger"]
    keys += [f"add {card}" for card in ("halberd", "block", "heal", "bow", "buckler") for _ in range(4)]
    keys += ["add_hex crossroads"] * 4 + ["ready", "add_hex sunlit", "b", "ready"]
    out = run_session(state, "\n".join(keys) + "\n", monkeypatch)
    text = flat(out)
    assert "Not allowed: at most 4 of a kind: the deck already holds 4 Dagger." in text
    assert "You cannot ready now (phase setup)" in text  # the board says why:
    assert "Still: bring 5–10 hexes, not 4; one of your hexes must be an EXIT hex." in text
    assert "Your custom deck for the Warlord: 25 cards with the Key" in text
    assert "Legal: type ready." in text
    assert state.chars[0] == "warlord" and state.decklists[0]["dagger"] == 4
    assert sorted(state.setup[0]["hexes"]) == ["crossroads"] * 4 + ["sunlit_stair"]
    assert READERS["pharaoh"] is read_command
