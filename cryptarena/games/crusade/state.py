"""Crypt Crusade — table and forward model.

Two teams share a graveyard board: Groundskeepers (seats 0..g-1, g = ceil(n/2)) and Necromancers
(the rest). A round: the shop (from round 2; every seat may buy random cards of a tier with its
team's tokens), then every Groundskeeper's turn in seat order, their team's income, every
Necromancer's turn, theirs, and the round's end (seals fade, the counter moves). A turn: one move
of up to 2 (GK) / 3 (NM) tiles, then optionally one card, which ends it; at its end the player
captures the Grave under them (unless sealed, an opponent stands there or Boo! forbids it), and a
Groundskeeper on the Shed earns 5 tokens. After round 13 the team with more Graves wins.

Secrets: a hand is seen by its own team; the other team sees its size and the tier of each card
(printed on the backs), plus the cards a Flashlight or Whispers revealed. Pile contents are secret
to everyone. Card effects are in cards.py, the reasons for refusals in reasons.py.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from functools import cache

from ...engine import Action, IllegalAction, Rng, State
from . import cards
from .board import Board, board
from .components import (BASE_MOVE, CARD_ORDER, CARDS, DEBUFFS, GK, NM, OTHER, PRICES, RALLY_CARDS,
                         RALLY_MOVE_BONUS, ROUNDS, SHED_BONUS, STARTING_HAND, TEAMS, TIERS, card_key, full_pile)
from .reasons import explain
from .saves import check_save

PHASES = ("shop", "turn", "leaf_blower", "game_end")
SPEED_CARDS = ("sprint", "glide")

# The legal actions other than plays (cards.py has those), built once: the state hands them out
# read-only (frozen_actions), a simulation asks for the legal list at every step.
END, TELEPORT, DONE = Action(type="end"), Action(type="teleport"), Action(type="done")
BUY = {tier: Action(type="buy", tier=tier) for tier in TIERS}
GIVE_UP = {card_id: Action(type="give_up", card=card_id) for card_id in CARDS}


@cache
def shop_choices(*tiers: int) -> tuple[Action, ...]:
    """A shopper's choices: buy from each of these tiers, or be done."""
    return (*(BUY[tier] for tier in tiers), DONE)


@cache
def move_actions(where: Board, here: int | None, reach: int) -> tuple[Action, ...]:
    """Every move of up to `reach` tiles from `here` on that board."""
    return tuple(Action(type="move", to=t) for t in where.reachable(here, reach))


def teams_for(players: int) -> list[str]:
    """Seat -> team: the Groundskeepers first, one more of them with an odd count."""
    groundskeepers = (players + 1) // 2
    return [GK] * groundskeepers + [NM] * (players - groundskeepers)


def copies_for(players: int, option: int) -> int:
    """Copies of each card: the option, or (0) 3, raised to one more than the Necromancers so
    that every starting hand can be dealt with Tier I cards to spare."""
    return option or max(3, players // 2 + 1)


def no_effects(boost: int = 0) -> dict:
    return {"ghastly": False, "leech": 0, "balloon": False, "boo": False, "boost": boost}


class CrusadeState(State):
    frozen_actions = True  # every legal action is an engine Action, built once

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        opts, n = self.options, self.players
        self._derive()
        layout = self.board.layout
        count = opts["roses"] or layout.roses
        spots = [t for t in range(self.board.size) if t != self.board.shed]
        self.rng.shuffle(spots)  # the tiles shuffled around the Shed: where the roses lie
        self.graves = {t: {"owner": None, "seal": 0} for t in sorted(spots[:count])}
        self.pos = [self.board.shed if team == GK else None for team in self.teams]
        self.portal: list[int | None] = [None] * n
        self.effects = [no_effects() for _ in range(n)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.revealed: list[list[str]] = [[] for _ in range(n)]
        self.piles = {team: [full_pile(team, tier, self.copies) for tier in TIERS] for team in TEAMS}
        self.discarded: dict[str, list[str]] = {GK: [], NM: []}
        self.purse = {GK: 0, NM: 0}
        self.earned = {GK: 0, NM: 0}
        self.round = 1
        self.part = GK
        self.order_index = 0
        self.turn: dict | None = None
        self.shop_done: list[int] = []
        self.leaf: dict | None = None
        self.winner: str | None = None
        self.add_log("crusade.setup", {"players": n, "gk": self.team_seats(GK), "nm": self.team_seats(NM),
                                       "layout": layout.name, "graves": sorted(self.graves)})
        for seat in range(n):
            for _ in range(STARTING_HAND[self.teams[seat]]):
                self._give(seat, self._draw(self.teams[seat], 1), "crusade.deal")
        self.add_log("crusade.round", {"round": self.round})
        self._start_part(GK)

    def _derive(self) -> None:
        """What follows from the settings alone (not saved)."""
        self.board = board(self.options["board"])
        self.teams = teams_for(self.players)
        self.copies = copies_for(self.players, self.options["copies"])
        self._seats = {team: [s for s in range(self.players) if self.teams[s] == team] for team in TEAMS}

    def team_seats(self, team: str) -> list[int]:
        return self._seats[team]

    # ------------------------------------------------------------------ cards in hands and piles
    def _draw(self, team: str, tier: int) -> str:
        pile = self.piles[team][tier - 1]
        card = self.scripted("card") if self._script else None
        if card is None:
            card = pile[self.rng.below(len(pile))]
        elif card not in pile:
            raise IllegalAction(f"scripted card {card!r} is not in the {team} Tier {tier} pile being drawn from",
                                code="bad_outcome")
        pile.remove(card)
        return card

    def _give(self, seat: int, card: str, msg: str, params: dict | None = None) -> None:
        hand = self.hands[seat]
        insort(hand, card, key=card_key)
        if self.keep_log:  # (the hot paths skip building entries nobody keeps: a simulation's)
            self.add_log(msg, {"seat": seat, "tier": CARDS[card].tier, **(params or {})}, seat=seat,
                         chance={"kind": "card"},
                         secret={"to": list(self.team_seats(self.teams[seat])), "params": {"card": card},
                                 "chance": {"value": card}})

    def _take(self, seat: int, card: str) -> bool:
        """The card leaves the hand (a revealed copy first); True if that copy was revealed."""
        self.hands[seat].remove(card)
        if card in self.revealed[seat]:
            self.revealed[seat].remove(card)
            return True
        return False

    def reveal(self, seat: int) -> None:
        """The whole hand is shown to everyone (an empty hand shows nothing: no log line)."""
        self.revealed[seat] = list(self.hands[seat])
        if self.hands[seat]:
            self.add_log("crusade.reveal", {"seat": seat, "cards": list(self.hands[seat])}, seat=seat)

    def _to_pile(self, card: str) -> None:
        spec = CARDS[card]
        pile = self.piles[spec.team][spec.tier - 1]
        insort(pile, card, key=CARD_ORDER.__getitem__)

    # ------------------------------------------------------------------ board helpers
    def pieces_within(self, tile: int, reach: int, team: str) -> list[int]:
        """Seats of `team` on the board within `reach` tiles of `tile`."""
        row = self.board.dist[tile]
        return [s for s in self._seats[team] if self.pos[s] is not None and row[self.pos[s]] <= reach]

    def seals_within(self, tile: int, reach: int) -> list[int]:
        row = self.board.dist[tile]
        return [t for t, g in self.graves.items() if g["seal"] and row[t] <= reach]

    def clear_debuffs(self, seat: int) -> None:
        effects = self.effects[seat]
        for name in DEBUFFS:
            effects[name] = 0 if name == "leech" else False

    # ------------------------------------------------------------------ turns
    def _start_part(self, team: str) -> None:
        self.part = team
        self.order_index = 0
        self._start_turn(self._seats[team][0])

    def _start_turn(self, seat: int, borrowed: bool = False) -> None:
        self.turn = {"seat": seat, "moved": False, "bonus": RALLY_MOVE_BONUS if borrowed else 0, "extra": 0,
                     "cards_left": RALLY_CARDS if borrowed else 1, "borrowed": borrowed, "boost_next": 0}
        self.phase = "turn"

    def allowance(self) -> int:
        """Tiles the current turn's player may still move in one move."""
        turn = self.turn
        if turn["moved"]:
            return turn["extra"]
        effects = self.effects[turn["seat"]]
        if effects["ghastly"]:
            return 0
        return max(0, BASE_MOVE[self.teams[turn["seat"]]] + effects["leech"] + effects["boost"] + turn["bonus"])

    def can_speed_up(self) -> bool:
        """Sprint / Glide would give movement: before the move (not frozen by Ghastly Touch), or
        after it as a new 1-tile move (not while one is still unused)."""
        turn = self.turn
        if turn["moved"]:
            return turn["extra"] == 0
        return not self.effects[turn["seat"]]["ghastly"]

    def moves(self) -> tuple[Action, ...]:
        """The turn's player's move actions now."""
        reach = self.allowance()
        if reach <= 0:
            return ()
        return move_actions(self.board, self.pos[self.turn["seat"]], reach)

    def can_teleport(self) -> bool:
        seat, marker = self.turn["seat"], self.portal[self.turn["seat"]]
        return not self.turn["moved"] and marker is not None and self.pos[seat] not in (None, marker)

    def can_play(self) -> bool:
        """Whether the turn's player may play a card at all (public facts only)."""
        seat = self.turn["seat"]
        return self.turn["cards_left"] > 0 and bool(self.hands[seat]) and not self.effects[seat]["balloon"]

    def _move(self, seat: int, to: int, how: str) -> None:
        origin = self.pos[seat]
        self.pos[seat] = to
        self.turn["moved"] = True
        self.turn["extra"] = 0
        if self.keep_log:
            params = {"seat": seat, "to": to} if origin is None else {"seat": seat, "from": origin, "to": to}
            self.add_log("crusade.enter" if origin is None else f"crusade.{how}", params, seat=seat,
                         action={"type": how, "to": to} if how == "move" else {"type": how})
        if self.turn["cards_left"] == 0 or not self.can_play():
            if self.allowance() == 0:  # nothing left to do: the turn ends by itself
                self._end_turn()

    def _play(self, seat: int, action: dict) -> None:
        card_id = action["card"]
        self._take(seat, card_id)  # a played card is public, revealed or not
        if self.options["played_cards"] == "discard":
            self.discarded[CARDS[card_id].team].append(card_id)
        else:
            self._to_pile(card_id)
        self.turn["cards_left"] -= 1
        effect = cards.resolve(self, seat, action)
        if self.keep_log:
            self.add_log(f"crusade.card.{card_id}", {"seat": seat, "card": card_id, **effect}, seat=seat,
                         action=dict(action))
        if card_id == "rally":
            self._end_turn(rallied=action["target"])
        elif card_id == "leaf_blower":
            self.leaf = {"by": seat, "target": action["target"]}
            self.phase = "leaf_blower"
        else:
            self._after_card(grants_move=card_id in SPEED_CARDS)

    def _after_card(self, grants_move: bool = False) -> None:
        if self.turn["cards_left"] == 0 and not grants_move:
            self._end_turn()

    def _give_up(self, seat: int, card_id: str) -> None:
        was_revealed = self._take(seat, card_id)
        self._to_pile(card_id)  # blown back to the shop, whatever `played_cards` says
        tier = CARDS[card_id].tier
        if was_revealed:
            self.add_log("crusade.give_up", {"seat": seat, "tier": tier, "card": card_id}, seat=seat,
                         action={"type": "give_up", "card": card_id})
        else:
            self.add_log("crusade.give_up", {"seat": seat, "tier": tier}, seat=seat,
                         secret={"to": list(self.team_seats(NM)), "params": {"card": card_id},
                                 "action": {"type": "give_up", "card": card_id}})
        self.leaf = None
        self.phase = "turn"
        self._after_card()

    def _end_turn(self, rallied: int | None = None) -> None:
        seat = self.turn["seat"]
        team = self.teams[seat]
        tile = self.pos[seat]
        grave = self.graves.get(tile)  # (None: off the board)
        if grave is not None and grave["owner"] != team:
            blocked = ("sealed" if grave["seal"] else
                       "opponent" if any(self.pos[s] == tile for s in self._seats[OTHER[team]]) else
                       "boo" if self.effects[seat]["boo"] else None)
            if blocked:
                self.add_log("crusade.no_capture", {"seat": seat, "tile": tile, "why": blocked}, seat=seat)
            else:
                params = {"seat": seat, "tile": tile, "team": team}
                if grave["owner"] is not None:
                    params["from"] = grave["owner"]
                self.add_log("crusade.capture", params, seat=seat)
                grave["owner"] = team
        if team == GK and tile == self.board.shed:
            self._earn(GK, SHED_BONUS)
            self.add_log("crusade.shed", {"seat": seat, "tokens": SHED_BONUS}, seat=seat)
        # the effects this turn consumed are gone; a Life Leech played now boosts the next turn
        self.effects[seat] = no_effects(boost=self.turn["boost_next"])
        if self.keep_log:
            self.add_log("crusade.end_turn", {"seat": seat}, seat=seat)
        if rallied is not None:
            self.add_log("crusade.rally_turn", {"seat": rallied, "by": seat}, seat=rallied)
            self._start_turn(rallied, borrowed=True)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """The next player in the round order, after the player whose own turn it was (a
        borrowed turn never moves the order)."""
        self.order_index += 1
        seats = self._seats[self.part]
        if self.order_index < len(seats):
            self._start_turn(seats[self.order_index])
            return
        self._income(self.part)
        if self.part == GK:
            self._start_part(NM)
        else:
            self._end_round()

    def _earn(self, team: str, tokens: int) -> None:
        self.purse[team] += tokens
        self.earned[team] += tokens

    def _income(self, team: str) -> None:
        held = self.graves_of(team)
        self._earn(team, held)
        if self.keep_log:
            self.add_log("crusade.income", {"team": team, "graves": held, "tokens": held})

    def graves_of(self, team: str) -> int:
        return [g["owner"] for g in self.graves.values()].count(team)

    def _end_round(self) -> None:
        self.turn = None
        for tile, grave in self.graves.items():
            if grave["seal"]:
                grave["seal"] -= 1
                if not grave["seal"]:
                    self.add_log("crusade.seal_gone", {"tile": tile})
        if self.round >= ROUNDS:
            self._end_game()
            return
        self.round += 1
        self.add_log("crusade.round", {"round": self.round})
        self.shop_done = []
        self.phase = "shop"
        if not self.to_act():
            self._close_shop()

    def _end_game(self) -> None:
        self.phase = "game_end"
        graves = {team: self.graves_of(team) for team in TEAMS}
        winner = self._decide(graves)
        self.winner = winner
        points = self.earned if self.options["tie_break"] == "earned" else self.purse
        self.add_log("crusade.game_end", {"gk": graves[GK], "nm": graves[NM], "tie_break": self.options["tie_break"],
                                          "gk_points": points[GK], "nm_points": points[NM], "winner": winner})

    def _decide(self, graves: dict) -> str:
        if graves[GK] != graves[NM]:
            return GK if graves[GK] > graves[NM] else NM
        points = self.earned if self.options["tie_break"] == "earned" else self.purse
        if points[GK] != points[NM]:
            return GK if points[GK] > points[NM] else NM
        return "draw"

    # ------------------------------------------------------------------ shop
    def can_buy(self, team: str) -> list[int]:
        """Tiers the team can buy from now: affordable and not empty."""
        piles, prices, purse = self.piles[team], PRICES[team], self.purse[team]
        return [tier for tier in TIERS if piles[tier - 1] and prices[tier] <= purse]

    def shopping(self, team: str) -> bool:
        """bool(can_buy(team)), without the list: to_act asks it for both teams at every step
        of the shop."""
        piles, prices, purse = self.piles[team], PRICES[team], self.purse[team]
        for tier in TIERS:
            if piles[tier - 1] and prices[tier] <= purse:
                return True
        return False

    def _buy(self, seat: int, tier: int) -> None:
        team = self.teams[seat]
        price = PRICES[team][tier]
        self.purse[team] -= price
        self._give(seat, self._draw(team, tier), "crusade.buy", {"price": price})
        self._after_shopping()

    def _after_shopping(self) -> None:
        if not self.to_act():
            self._close_shop()

    def _close_shop(self) -> None:
        self.shop_done = []
        self._start_part(GK)

    # ------------------------------------------------------------------ the contract
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == "turn":
            return [self.turn["seat"]]
        if phase == "leaf_blower":
            return [self.leaf["target"]]
        if phase == "shop":
            done = self.shop_done
            seats = []
            for team in TEAMS:  # the Groundskeepers' seats come first: team by team is seat order
                if self.shopping(team):
                    seats += [s for s in self._seats[team] if s not in done] if done else self._seats[team]
            return seats
        return []

    def is_over(self) -> bool:
        return self.phase == "game_end"

    def _legal_actions(self, seat: int) -> list[dict]:
        phase = self.phase
        if phase == "turn":
            if seat != self.turn["seat"]:
                return []
            legal = list(self.moves())
            if self.portal[seat] is not None and self.can_teleport():
                legal.append(TELEPORT)
            if self.can_play():
                legal += cards.hand_plays(self, seat)
            legal.append(END)
            return legal
        if phase == "leaf_blower":
            if seat != self.leaf["target"]:
                return []
            return [GIVE_UP[c] for c in dict.fromkeys(self.hands[seat])]
        if phase == "shop" and seat not in self.shop_done:  # a seat whose team can buy (to_act)
            tiers = self.can_buy(self.teams[seat])
            return list(shop_choices(*tiers)) if tiers else []
        return []

    def _apply(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "move":
            self._move(seat, action["to"], "move")
        elif kind == "teleport":
            self._move(seat, self.portal[seat], "teleport")
        elif kind == "play":
            self._play(seat, action)
        elif kind == "end":
            self._end_turn()
        elif kind == "give_up":
            self._give_up(seat, action["card"])
        elif kind == "buy":
            self._buy(seat, action["tier"])
        elif kind == "done":
            self.shop_done.append(seat)
            if self.keep_log:
                self.add_log("crusade.done", {"seat": seat}, seat=seat, action={"type": "done"})
            self._after_shopping()

    def _explain_illegal(self, seat: int, action: dict) -> str | None:
        return explain(self, seat, action)

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[dict]:
        held = {team: self.graves_of(team) for team in TEAMS}
        return [{"total": held[team], "breakdown": {"graves": held[team]}} for team in self.teams]

    def winners(self) -> list[int]:
        if self.winner is None:
            return []
        return list(range(self.players)) if self.winner == "draw" else list(self._seats[self.winner])

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict:
        my_team = self.teams[seat] if seat is not None else None
        roses = set(self.graves)
        pieces = [{"seat": s, "team": self.teams[s], "tile": self.pos[s], "portal": self.portal[s],
                   "effects": dict(self.effects[s])} for s in range(self.players)]
        hands = [{"seat": s, "tiers": [CARDS[c].tier for c in self.hands[s]],
                  "cards": list(self.hands[s]) if self.teams[s] == my_team else None,
                  "revealed": list(self.revealed[s])} for s in range(self.players)]
        turn = None
        if self.turn is not None:
            turn = {"seat": self.turn["seat"], "moved": self.turn["moved"], "allowance": self.allowance(),
                    "cards_left": self.turn["cards_left"], "borrowed": self.turn["borrowed"],
                    "extra_move": self.turn["extra"] > 0, "boost_next": self.turn["boost_next"]}
        return {"round": self.round, "rounds": ROUNDS, "layout": self.board.name,
                "tiles": [self.board.tile_view(t, roses) for t in range(self.board.size)],
                "graves": {str(t): dict(g) for t, g in self.graves.items()},
                "teams": list(self.teams), "my_team": my_team, "pieces": pieces,
                "purse": dict(self.purse), "earned": dict(self.earned),
                "piles": {team: {str(tier): len(self.piles[team][tier - 1]) for tier in TIERS} for team in TEAMS},
                "prices": {team: {str(tier): PRICES[team][tier] for tier in TIERS} for team in TEAMS},
                "discarded": {team: list(self.discarded[team]) for team in TEAMS},
                "copies": self.copies, "hands": hands, "turn": turn,
                "leaf_blower": dict(self.leaf) if self.leaf else None,
                "shop_done": list(self.shop_done), "scores": {team: self.graves_of(team) for team in TEAMS},
                "winner": self.winner, "why_not": self._why_not(seat)}

    def _why_not(self, seat: int | None) -> dict:
        """On the seat's own turn, why each card of its hand that it cannot play now is refused (the
        engine's keyed reason), so that the page shows it on the card instead of leaving it dim."""
        if seat is None or self.phase != "turn" or not self.turn or self.turn["seat"] != seat:
            return {}
        playable = {a["card"] for a in self.legal_actions(seat) if a["type"] == "play"}
        out = {}
        for card in dict.fromkeys(self.hands[seat]):
            reason = None if card in playable else explain(self, seat, {"type": "play", "card": card})
            if getattr(reason, "key", None):
                out[card] = {"msg": reason.key, "params": reason.params}
        return out

    # ------------------------------------------------------------------ chance
    def _check_outcome(self, kind: str, value, queued: list) -> None:
        if kind != "card":
            raise IllegalAction(f"unknown chance kind {kind!r}", code="bad_outcome")
        if not isinstance(value, str) or value not in CARDS:
            raise IllegalAction(f"{value!r} is not a card id (one of {', '.join(CARDS)})", code="bad_outcome")
        spec = CARDS[value]
        left = self.piles[spec.team][spec.tier - 1].count(value) - sum(1 for k, v in queued if v == value)
        if left <= 0:
            raise IllegalAction(f"no {value} is left in the {spec.team} Tier {spec.tier} pile to be drawn",
                                code="bad_outcome")

    def chance_outcomes(self, kind: str) -> list:
        if kind != "card":
            raise IllegalAction(f"unknown chance kind {kind!r}", code="bad_outcome")
        present = {card for team in TEAMS for pile in self.piles[team] for card in pile}
        return sorted(present, key=CARD_ORDER.__getitem__)

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Re-deal, per tier, the other team's unrevealed hand cards together with its pile (a
        seat knows its own team's pile by counting: the re-deal could not change it); a
        spectator's copy re-deals both teams."""
        hidden = list(TEAMS) if seat is None else [OTHER[self.teams[seat]]]
        for team in hidden:
            for tier in TIERS:
                slots: list[int] = []
                pool = list(self.piles[team][tier - 1])
                for s in self._seats[team]:
                    unseen = Counter(c for c in self.hands[s] if CARDS[c].tier == tier) - Counter(self.revealed[s])
                    for card, count in unseen.items():
                        for _ in range(count):
                            self.hands[s].remove(card)
                            pool.append(card)
                            slots.append(s)
                # in card order, not the order the true hands and pile hold them in: the re-deal
                # must be a function of what the seat knows and the rng, nothing else
                pool.sort(key=CARD_ORDER.__getitem__)
                rng.shuffle(pool)
                for s in slots:
                    self.hands[s].append(pool.pop())
                self.piles[team][tier - 1] = sorted(pool, key=CARD_ORDER.__getitem__)
            for s in self._seats[team]:
                self.hands[s].sort(key=card_key)

    # ------------------------------------------------------------------ saves
    _FIELDS = ("pos", "portal", "effects", "hands", "revealed", "piles", "discarded", "purse", "earned", "round",
               "part", "order_index", "turn", "shop_done", "leaf", "winner")
    # the fields in slots, not __dict__: with the engine's, they are more than a shared-key dict
    # keeps (30), past which every self.x goes through a plain dict (see PharaohState)
    __slots__ = _FIELDS + ("graves", "board", "teams", "copies", "_seats")

    def _data(self) -> dict:
        data = {name: getattr(self, name) for name in self._FIELDS}
        data["graves"] = {str(t): g for t, g in self.graves.items()}
        return data

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])
        # in tile order, whatever order the save's keys come in (seals fade in that order)
        self.graves = {int(t): g for t, g in sorted(data["graves"].items(), key=lambda item: int(item[0]))}
        self._derive()
        check_save(self)
