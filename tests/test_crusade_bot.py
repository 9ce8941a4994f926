"""The greedy Crusade bot: always legal, sees only its view, clearly beats random team against
team, and makes the choices its description promises on arranged views (take a Grave in reach,
avoid one an opponent stands on, guard, seal, kick, desecrate, sprint, flip, shop, Leaf Blower)."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.ai.agents import make_agent
from cryptarena.engine import Rng, derive_seed
from cryptarena.games.crusade.bot import Board, GreedyAgent

from bot_play import play

GAME = games.load("crusade")
SIDE = 5  # the default square5 layout: tile id = y * 5 + x, the Shed at 12


# ------------------------------------------------------------------------------------ against random
def greedy_team_shares(players: int, games_count: int, options=None) -> dict[str, float]:
    """Greedy on one team, random on the other, the greedy team changing sides every game (bot_play's
    seat alternation would put one of each on every team): the greedy team's share of the games it
    played on each side, a draw counting half."""
    wins, games_played = {"gk": 0.0, "nm": 0.0}, {"gk": 0, "nm": 0}
    teams = GAME.seat_teams(players, options or {})
    for index in range(games_count):
        side = ("gk", "nm")[index % 2]
        seating = ["greedy" if team == side else "random" for team in teams]
        winners = play(GAME, players, seating, derive_seed(31, players, index), options).winners()
        games_played[side] += 1
        if len(winners) == players:
            wins[side] += 0.5
        elif winners and teams[winners[0]] == side:
            wins[side] += 1
    return {side: wins[side] / games_played[side] for side in wins}


def test_crusade_offers_the_greedy_bot():
    assert GAME.bots["greedy"] is GreedyAgent
    assert make_agent("greedy", GAME).name == "greedy"


def test_greedy_team_clearly_beats_a_random_team_at_two_against_two():
    shares = greedy_team_shares(4, 200)
    # random against random wins about half the games on either side; a bot that ignored Graves,
    # or played one side only, would fall far short on that side
    assert shares["gk"] > 0.85 and shares["nm"] > 0.85, shares


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_greedy_always_legal_at_other_counts(players):
    for index in range(3):
        state = play(GAME, players, ["greedy"] * players, derive_seed(41, players, index))
        assert state.is_over()


@pytest.mark.parametrize("options", [{"board": "hex19"}, {"played_cards": "discard", "copies": 2},
                                     {"roses": 3}])
def test_greedy_stays_legal_under_options(options):
    for index in range(3):
        assert play(GAME, 4, ["greedy", "random", "random", "greedy"], derive_seed(42, index), options).is_over()


def test_greedy_only_reads_its_view_and_returns_a_legal_action_every_step():
    """Every decision of a greedy-vs-greedy game, offered again on a copy of the view: the same
    legal answer (no state, no hidden cards needed)."""
    state = GAME.new_state(4, 7)
    agents = [GreedyAgent(GAME) for _ in range(4)]
    rng = Rng(7)
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        action = agents[seat].act(view, legal, rng)
        assert action in legal
        assert GreedyAgent(GAME).act(view, list(legal), Rng(0)) == action  # deterministic, view-only
        state.apply(seat, action)
        steps += 1
    assert steps > 13 * 4


def test_greedy_games_use_cards_and_the_shop():
    """Greedy teams buy cards and play them: several card kinds come up over a few games."""
    played, bought = set(), 0
    for index in range(6):
        state = play(GAME, 4, ["greedy"] * 4, derive_seed(43, index))
        for step in state.history:
            action = step.get("action") or {}
            if action.get("type") == "play":
                played.add(action["card"])
            bought += action.get("type") == "buy"
    assert bought >= 6
    assert len(played) >= 4, played


# ------------------------------------------------------------------------------------ arranged views
def tiles() -> list[dict]:
    return [{"id": y * SIDE + x, "x": x, "y": y, "rose": False, "shed": (x, y) == (2, 2),
             "edge": x in (0, SIDE - 1) or y in (0, SIDE - 1)} for y in range(SIDE) for x in range(SIDE)]


def arranged(seat: int, positions: dict[int, int | None], graves: dict[int, tuple], hands: dict[int, list[str]],
             *, phase: str = "turn", moved: bool = False, allowance: int | None = None, cards_left: int = 1,
             effects: dict | None = None, purse: dict | None = None) -> dict:
    """A 4-seat view (GK 0, 1; NM 2, 3) from `seat`'s side: graves {tile: (owner, seal)}, hands of
    the bot's team shown, the other team's as tiers only."""
    teams = ["gk", "gk", "nm", "nm"]
    tier_of = {"sacred_seal": 1, "kick": 1, "sprint": 1, "glide": 1, "desecrate": 1, "whispers": 1,
               "holy_water": 2, "leaf_blower": 2, "ghastly_touch": 2, "mass_desecrate": 2, "life_leech": 2,
               "flashlight": 3, "holy_water_balloon": 3, "rally": 3, "flip": 3, "portal": 3, "boo": 3}
    board = tiles()
    for tile in graves:
        board[tile]["rose"] = True
    base = {"gk": 2, "nm": 3}[teams[seat]]
    return {
        "game": "crusade", "seat": seat, "phase": phase, "to_act": [seat], "over": False, "options": {},
        "round": 3, "rounds": 13, "layout": "square5", "tiles": board,
        "graves": {str(t): {"owner": o, "seal": s} for t, (o, s) in graves.items()},
        "teams": teams, "my_team": teams[seat],
        "pieces": [{"seat": s, "team": teams[s], "tile": positions.get(s), "portal": None,
                    "effects": {"ghastly": False, "leech": 0, "balloon": False, "boo": False, "boost": 0,
                                **(effects or {}).get(s, {})}} for s in range(4)],
        "purse": purse or {"gk": 0, "nm": 0}, "earned": {"gk": 0, "nm": 0},
        "piles": {"gk": {"1": 9, "2": 6, "3": 9}, "nm": {"1": 9, "2": 9, "3": 9}},
        "prices": {"gk": {"1": 2, "2": 4, "3": 6}, "nm": {"1": 1, "2": 2, "3": 3}},
        "hands": [{"seat": s, "tiers": [tier_of[c] for c in hands.get(s, [])],
                   "cards": list(hands.get(s, [])) if teams[s] == teams[seat] else None, "revealed": []}
                  for s in range(4)],
        "turn": {"seat": seat, "moved": moved, "allowance": base if allowance is None else allowance,
                 "cards_left": cards_left, "borrowed": False} if phase == "turn" else None,
        "shop_done": [], "scores": {"gk": 0, "nm": 0}, "winner": None,
    }


def moves(view: dict, allowance: int | None = None) -> list[dict]:
    me = view["seat"]
    here = next(p["tile"] for p in view["pieces"] if p["seat"] == me)
    reach = allowance if allowance is not None else view["turn"]["allowance"]
    board = Board(view["layout"])
    return [{"type": "move", "to": t} for t in board.ids if t != here and board.dist[(here, t)] <= reach]


def decide(view: dict, legal: list[dict]) -> dict:
    action = GreedyAgent().act(view, legal, Rng(0))
    assert action in legal
    return action


def test_board_geometry_square_and_hex():
    board = Board("square5")
    assert board.dist[(0, 24)] == 4 and board.dist[(12, 0)] == 2
    assert board.dist[(None, 12)] == 3 and board.dist[(None, 6)] == 2  # entering: the first step onto an edge
    assert sorted(board.kick_landings(0)) == [2, 10, 12]  # corner: only directions into the board
    assert sorted(board.kick_landings(6)) == [0, 1, 2, 5, 8, 10, 16, 18]  # 2 tiles, or 1 where the edge stops it
    assert board.reach(None, 1) == [t for t in range(25) if t not in (6, 7, 8, 11, 12, 13, 16, 17, 18)]
    hexes = Board("hex19")
    assert len(hexes.ids) == 19 and max(hexes.dist[(hexes.shed, t)] for t in hexes.ids) == 2
    assert sum(1 for t in hexes.ids if hexes.dist[(hexes.shed, t)] == 1) == 6


def test_takes_a_capturable_grave_in_reach():
    view = arranged(0, {0: 12, 1: 12}, {0: (None, 0), 24: ("nm", 0)}, {})
    legal = moves(view) + [{"type": "end"}]
    assert decide(view, legal)["to"] in (0, 24)


def test_does_not_walk_onto_a_grave_an_opponent_stands_on_when_another_is_free():
    view = arranged(0, {0: 12, 1: 12, 2: 0}, {0: (None, 0), 4: (None, 0)}, {})
    legal = moves(view) + [{"type": "end"}]
    assert decide(view, legal) == {"type": "move", "to": 4}


def test_prefers_retaking_an_enemy_grave_to_a_neutral_one():
    view = arranged(0, {0: 12, 1: 12}, {0: (None, 0), 4: ("nm", 0)}, {})
    assert decide(view, moves(view) + [{"type": "end"}]) == {"type": "move", "to": 4}


def test_a_sealed_grave_is_not_a_capture():
    view = arranged(0, {0: 12, 1: 12}, {0: ("nm", 2), 4: (None, 0)}, {})
    assert decide(view, moves(view) + [{"type": "end"}]) == {"type": "move", "to": 4}


def test_guards_its_threatened_grave_rather_than_wander():
    """A Necromancer is near the Groundskeepers' only Grave and nothing is left to take: stay on it."""
    view = arranged(0, {0: 6, 1: 12, 2: 8}, {6: ("gk", 0), 18: ("nm", 2)}, {})
    assert decide(view, moves(view) + [{"type": "end"}]) == {"type": "end"}


def test_moves_onto_a_guarded_grave_and_kicks_the_necromancer_off():
    """With Kick, a Grave a Necromancer stands on is taken: move there, then kick."""
    view = arranged(0, {0: 12, 1: 12, 2: 0, 3: None}, {0: ("nm", 0)}, {0: ["kick"]})
    assert decide(view, moves(view) + [{"type": "end"}]) == {"type": "move", "to": 0}
    after = arranged(0, {0: 0, 1: 12, 2: 0, 3: None}, {0: ("nm", 0)}, {0: ["kick"]}, moved=True)
    kicks = [{"type": "play", "card": "kick", "target": 2, "to": t} for t in (2, 10, 12)]
    choice = decide(after, kicks + [{"type": "end"}])
    assert choice["card"] == "kick"


def test_seals_a_threatened_grave_it_cannot_guard():
    """Seat 2 (Life Leeched: 2 tiles next turn) can reach Grave 6, not Grave 8; seat 3 is held."""
    view = arranged(0, {0: 7, 1: 12, 2: 15, 3: 24}, {6: ("gk", 0), 8: ("gk", 0)}, {0: ["sacred_seal"]},
                    moved=True, effects={2: {"leech": -1}, 3: {"ghastly": True}})
    legal = [{"type": "play", "card": "sacred_seal", "tile": 8}, {"type": "play", "card": "sacred_seal", "tile": 6},
             {"type": "end"}]
    assert decide(view, legal) == {"type": "play", "card": "sacred_seal", "tile": 6}


def test_keeps_its_seal_when_nothing_is_threatened():
    view = arranged(0, {0: 7, 1: 12, 2: 24, 3: 20}, {6: ("gk", 0)}, {0: ["sacred_seal"]}, moved=True,
                    effects={2: {"ghastly": True}, 3: {"ghastly": True}})
    # the NMs cannot move next turn (a pretend Ghastly Touch on them), so the Grave is safe
    assert decide(view, [{"type": "play", "card": "sacred_seal", "tile": 6}, {"type": "end"}]) == {"type": "end"}


def test_a_necromancer_desecrates_the_sealed_grave_it_stands_on():
    view = arranged(2, {0: 24, 1: 24, 2: 0, 3: None}, {0: ("gk", 1)}, {2: ["desecrate", "whispers"]}, moved=True)
    legal = [{"type": "play", "card": "desecrate"}, {"type": "play", "card": "whispers"}, {"type": "end"}]
    assert decide(view, legal) == {"type": "play", "card": "desecrate"}


def test_sprints_when_the_extra_tile_reaches_a_grave():
    view = arranged(0, {0: 15, 1: 12}, {3: (None, 0)}, {0: ["sprint"]})  # (0, 3) to (3, 0): 3 tiles
    legal = moves(view) + [{"type": "play", "card": "sprint"}, {"type": "end"}]
    first = decide(view, legal)
    if first["type"] == "play":  # sprint first: 3 tiles, straight onto the Grave
        view["turn"]["allowance"] = 3
        assert decide(view, moves(view) + [{"type": "end"}]) == {"type": "move", "to": 3}
        return
    # or move 2 tiles next to it, then sprint's new move of 1 tile
    assert Board("square5").dist[(first["to"], 3)] == 1, first
    after = arranged(0, {0: first["to"], 1: 12}, {3: (None, 0)}, {0: ["sprint"]}, moved=True)
    assert decide(after, [{"type": "play", "card": "sprint"}, {"type": "end"}]) == {"type": "play", "card": "sprint"}
    after["turn"]["allowance"] = 1
    assert decide(after, moves(after) + [{"type": "end"}]) == {"type": "move", "to": 3}


def test_a_necromancer_flips_onto_a_grave():
    view = arranged(2, {0: 0, 1: 24, 2: 4, 3: None}, {0: ("gk", 0)}, {2: ["flip"]}, moved=True)
    legal = [{"type": "play", "card": "flip", "target": 0}, {"type": "play", "card": "flip", "target": 1},
             {"type": "end"}]
    assert decide(view, legal) == {"type": "play", "card": "flip", "target": 0}


def test_ghastly_touch_stops_a_groundskeeper_next_to_a_grave():
    view = arranged(2, {0: 6, 1: 12, 2: 7, 3: None}, {0: ("nm", 0), 24: ("nm", 0)}, {2: ["ghastly_touch"]}, moved=True)
    legal = [{"type": "play", "card": "ghastly_touch", "target": 0}, {"type": "end"}]
    assert decide(view, legal) == {"type": "play", "card": "ghastly_touch", "target": 0}


def test_shop_groundskeepers_buy_tier_one_then_three_and_stop_at_a_full_hand():
    view = arranged(0, {0: 12, 1: 12}, {}, {0: []}, phase="shop", purse={"gk": 9, "nm": 0})
    buys = [{"type": "buy", "tier": t} for t in (1, 2, 3)] + [{"type": "done"}]
    assert decide(view, buys) == {"type": "buy", "tier": 1}
    view = arranged(0, {0: 12, 1: 12}, {}, {0: ["kick"]}, phase="shop", purse={"gk": 9, "nm": 0})
    assert decide(view, buys) == {"type": "buy", "tier": 3}
    view = arranged(0, {0: 12, 1: 12}, {}, {0: ["kick", "sprint", "rally"]}, phase="shop", purse={"gk": 9, "nm": 0})
    assert decide(view, buys) == {"type": "done"}


def test_shop_necromancers_buy_the_highest_affordable_tier():
    view = arranged(2, {0: 12, 1: 12}, {}, {2: ["glide"]}, phase="shop", purse={"gk": 0, "nm": 2})
    assert decide(view, [{"type": "buy", "tier": 1}, {"type": "buy", "tier": 2}, {"type": "done"}]) == \
        {"type": "buy", "tier": 2}


def test_leaf_blower_gives_up_the_least_useful_card():
    view = arranged(2, {0: 12, 1: 12, 2: 3}, {}, {2: ["flip", "whispers", "boo"]}, phase="leaf_blower")
    legal = [{"type": "give_up", "card": c} for c in ("flip", "whispers", "boo")]
    assert decide(view, legal) == {"type": "give_up", "card": "whispers"}
