"""Midas Chests — table and forward model.

A round: Midas announces a stone type; everyone still uncursed rolls their dice under their cup;
each cursed player secretly plays an Obsidian card (0 or 1); then bids rise, each a count of the
announced stone under all cups, until someone accuses (or the bid reaches the cap). The cups are
revealed and counted: the bidder loses if the count is below the bid, else the accuser. The loser
loses a die or draws a coin from their chest (forced at one die); a drawn cursed coin makes them
Cursed. After any coin draw Midas offers favours. The last player not Cursed wins.

Two modes share this state. `digital`: the server rolls and hides the dice and takes the bids.
`companion`: the dice and the bids stay on the physical table; seat 0 is the one device that does
what the rulebook's app does (announce the stone, collect Obsidian cards, show their value at the
reveal, draw from a chest, sell favours, count dice) and enters who lost each round.

A chest is a count of coins and whether the cursed one is still in it: coins are alike until drawn,
so a draw is a chance event and no state ever says where the cursed coin lies.
"""

from __future__ import annotations

from functools import cache
from math import prod
from itertools import chain, product

from ...engine import Action, IllegalAction, Rng, State
from .components import (CUP_COLOURS, DIAMOND, DICE_PER_PLAYER, DIE_PRESETS, FAVOUR, FAVOURS,
                         OBSIDIAN, OBSIDIAN_CARDS, stones)
from .reasons import explain

PHASES = ("obsidian", "bidding", "table", "result", "penalty", "favours", "swap")

# Bid actions 1..cap, built once per cap and sliced: a bidding decision offers dozens of them.
# They are read-only Actions, handed out as they are (frozen_actions below).
_BID_LADDERS: dict[int, list[Action]] = {}
_ACCUSE = Action(type="accuse")


def _bid_ladder(cap: int) -> list[Action]:
    ladder = _BID_LADDERS.get(cap)
    if ladder is None:
        ladder = _BID_LADDERS[cap] = [Action(type="bid", count=c) for c in range(1, cap + 1)]
    return ladder


# (cap, bid on the table) -> the answers to it: every higher bid, then accuse. Built on first use
# and shared (read only: the engine copies the list it hands out).
_ANSWERS: dict[tuple[int, int], list[Action]] = {}


def _answers(cap: int, bid: int) -> list[Action]:
    answers = _ANSWERS.get((cap, bid))
    if answers is None:
        answers = _ANSWERS[cap, bid] = _bid_ladder(cap)[bid:] + [_ACCUSE]
    return answers


@cache
def _every_cup(die: tuple[str, ...], count: int) -> tuple[tuple[str, ...], ...]:
    return tuple(product(die, repeat=count))


class MidasState(State):
    frozen_actions = True  # every legal action is an engine Action

    # ------------------------------------------------------------------ setup and rounds
    def _setup(self) -> None:
        opts = self.options
        self.companion = opts["mode"] == "companion"
        n = self.players
        self.dice_count = [DICE_PER_PLAYER] * n
        self.cursed = [False] * n
        self.chests = [{"coins": opts["chest_size"], "cursed": True} for _ in range(n)]
        self.purse = [0] * n
        self.bought: list[str | None] = [None] * n
        self.immune = [False] * n
        self.granted: list[str] = []
        self.damocles = False
        self.bribe_holder: int | None = None
        self.round = 0
        self.stone = ""
        self.dice: list[list[str]] = [[] for _ in range(n)]
        self.obsidian: list[int | None] = [None] * n
        self.bid: int | None = None
        self.bidder: int | None = None
        self.bids: list[list] = []  # this round's bids, public: [seat, count, stone, the bid it answered]
        self.turn: int | None = None
        self.loser: int | None = None
        self.offer: list[int] = []
        self.swapper: int | None = None
        self.last_reveal: dict | None = None
        self.winner: int | None = None
        self.starter = self.rng.below(n)  # "the player the app picks" (drawn before anything can be scripted)
        self.add_log("midas.setup", {"players": n, "mode": opts["mode"], "first": self.starter})
        self._start_round()

    @property
    def die(self) -> tuple[str, ...]:
        return DIE_PRESETS[self.options["die_faces"]]

    def uncursed(self) -> list[int]:
        return [s for s in range(self.players) if not self.cursed[s]]

    def bid_cap(self) -> int:
        return self.options["bid_cap_per_player"] * (self.players - sum(self.cursed))

    def _next_uncursed(self, seat: int) -> int:
        """The next player clockwise (after `seat`) who is not Cursed."""
        cursed, n = self.cursed, self.players
        for step in range(1, n + 1):
            if not cursed[(seat + step) % n]:
                return (seat + step) % n
        raise ValueError("everyone is Cursed")

    def _start_round(self) -> None:
        self.round += 1
        stone = self.scripted("stone") if self._script else None
        self.stone = self.rng.choice(stones(self.die)) if stone is None else stone
        self.bid = self.bidder = self.loser = self.swapper = None
        self.bids = []
        self.offer = []
        self.obsidian = [None] * self.players
        self.add_log("midas.round", {"round": self.round, "stone": self.stone, "first": self.starter,
                                     "cap": self.bid_cap()})
        if not self.companion:
            rolling = self.uncursed()
            if self._script:
                cups = [tuple(self._roll() for _ in range(self.dice_count[seat])) for seat in rolling]
            else:
                cups = self._roll_cups([self.dice_count[seat] for seat in rolling])
            for seat, faces in zip(rolling, cups):
                self.dice[seat] = list(faces)
                shown = list(faces)  # the log's copy (one list, read in two places of the entry)
                self.add_log("midas.roll", {"seat": seat, "count": len(faces)}, seat=seat, chance={"kind": "face"},
                             secret={"to": [seat], "params": {"dice": shown}, "chance": {"values": shown}})
        self.turn = self.starter
        self.phase = "obsidian" if self._choosing() else self._play_phase()

    def _play_phase(self) -> str:
        return "table" if self.companion else "bidding"

    def _roll_cups(self, counts: list[int]) -> list[tuple[str, ...]]:
        """Every cup of the round from one draw. A cup of k dice is one of the len(die)**k equally
        likely tuples of independent uniform faces (7,776 for five dice); the whole table is one of
        their product (6**20 for four full cups, well inside the 64 bits of one draw), read back
        digit by digit in base 'cups of that size'."""
        tables = [_every_cup(self.die, count) for count in counts]
        code = self.rng.below(prod(len(table) for table in tables))
        cups = []
        for table in tables:
            code, index = divmod(code, len(table))
            cups.append(table[index])
        return cups

    def _roll(self) -> str:
        face = self.scripted("face")
        return self.rng.choice(self.die) if face is None else face

    def _choosing(self) -> list[int]:
        """Cursed players who still have to play their Obsidian card this round."""
        if self.players == 2:  # the 2-player variant: Obsidian has a fixed value, no cards
            return []
        return [s for s in range(self.players) if self.cursed[s] and self.obsidian[s] is None]

    # ------------------------------------------------------------------ counting
    def obsidian_value(self) -> int:
        if self.players == 2:
            return self.options["two_player_obsidian"]
        return sum(v for s, v in enumerate(self.obsidian) if self.cursed[s] and v is not None)

    def face_value(self, face: str, obsidian: int | None = None) -> int:
        """What one die face counts this round (`obsidian`: the Obsidian value, when known)."""
        if face == DIAMOND:
            return 2
        if face == FAVOUR:
            return 1 + len(self.granted)
        if face == OBSIDIAN:
            return self.obsidian_value() if obsidian is None else obsidian
        return 1 if face == self.stone else 0

    def count(self, obsidian: int | None = None) -> int:
        value = {face: self.face_value(face, obsidian) for face in self.die}  # once per face, not per die
        return sum(map(value.__getitem__, chain.from_iterable(self.dice)))  # a Cursed player's cup is empty

    # ------------------------------------------------------------------ the contract
    def _actor(self, seat: int) -> int:
        """Who makes a player's decisions: the player, or in companion mode the device (seat 0)."""
        return 0 if self.companion else seat

    def to_act(self) -> list[int]:
        if self.phase == "bidding" and not self.companion:  # most decisions are bids
            return [self.turn]
        if self.phase == "game_end":
            return []
        if self.companion:
            return [0]
        if self.phase == "obsidian":
            return self._choosing()
        if self.phase == "bidding":
            return [self.turn]
        if self.phase == "penalty":
            return [self.loser]
        if self.phase == "favours":
            return [self.offer[0]]
        return [self.swapper]  # swap

    def is_over(self) -> bool:
        return self.phase == "game_end"

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "bidding" and not self.companion:  # the hot path of every playout
            # the one phase where someone may act out of turn (Pot-de-vin)
            bribes = self._bribes(seat) if self.bribe_holder is not None else []
            if seat != self.turn:
                return bribes
            return self._bids() + bribes if bribes else self._bids()
        return [Action(a) for a in self._other_actions(seat)]

    def _other_actions(self, seat: int) -> list[dict]:
        if self.phase == "game_end":
            return []
        if self.companion:
            return self._companion_actions() if seat == 0 else []
        if seat not in self.to_act():
            return []
        if self.phase == "obsidian":
            return [{"type": "obsidian", "value": v} for v in OBSIDIAN_CARDS]
        if self.phase == "penalty":
            return self._penalties(seat, {})
        if self.phase == "favours":
            return self._purchases(seat, {})
        return [{"type": "swap", "with": s} for s in self.uncursed() if s != seat]

    def _bids(self) -> list[Action]:
        """Read only (shared between states): the opening bids, or the answers to the bid."""
        return _bid_ladder(self.bid_cap()) if self.bid is None else _answers(self.bid_cap(), self.bid)

    def _bribes(self, seat: int, who: dict | None = None) -> list[dict]:
        """Pot-de-vin: its holder changes the stone, even out of turn, while the bidding is open."""
        holder = self.bribe_holder
        if holder is None or self.cursed[holder] or (who is None and seat != holder):
            return []
        return [Action(type="bribe", **(who or {}), stone=s) for s in stones(self.die) if s != self.stone]

    def _penalties(self, seat: int, who: dict) -> list[dict]:
        draw = [{"type": "draw", **who}]
        return draw if self.dice_count[seat] <= 1 else [{"type": "lose_die", **who}] + draw

    def _purchases(self, seat: int, who: dict) -> list[dict]:
        return [{"type": "buy", **who, "favour": f} for f in self._affordable(seat)] + [{"type": "pass", **who}]

    def _affordable(self, seat: int) -> list[str]:
        if self.cursed[seat] or self.bought[seat] is not None:
            return []
        if self.options["favour_payment"] == "drawn_coins":
            budget = self.purse[seat]
        else:  # coins returned from your own chest: only safe ones
            budget = self.chests[seat]["coins"] - self.chests[seat]["cursed"]
        return [f for f, price in FAVOURS.items() if f not in self.granted and price <= budget]

    def _companion_actions(self) -> list[dict]:
        phase = self.phase
        if phase == "obsidian":
            return [{"type": "obsidian", "player": s, "value": v} for s in self._choosing() for v in OBSIDIAN_CARDS]
        if phase == "table":
            holder = self.bribe_holder
            return [{"type": "reveal"}] + (self._bribes(holder, {"player": holder}) if holder is not None else [])
        if phase == "result":
            return [a for s in self.uncursed() for a in self._penalties(s, {"player": s})]
        if phase == "favours":
            return self._purchases(self.offer[0], {"player": self.offer[0]})
        return [{"type": "swap", "player": self.swapper, "with": s} for s in self.uncursed() if s != self.swapper]

    def _apply(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "bid":  # most decisions are bids
            self.bids.append([seat, action["count"], self.stone, self.bid])
            self.bid, self.bidder = action["count"], seat
            self.add_log("midas.bid", {"seat": seat, "count": action["count"]}, seat=seat, action=action)
            self.turn = self._next_uncursed(seat)
            return
        player = action.get("player", seat)
        if kind == "obsidian":
            self.obsidian[player] = action["value"]
            self.add_log("midas.obsidian", {"seat": player}, seat=player,
                         secret={"to": [] if self.companion else [player], "params": {"value": action["value"]},
                                 "action": action})
            if not self._choosing():
                self.phase = self._play_phase()
        elif kind == "bribe":
            self.stone = action["stone"]
            self.bribe_holder = None
            self.add_log("midas.bribe", {"seat": player, "stone": action["stone"]}, seat=player, action=action)
        elif kind == "accuse":
            self._reveal(accuser=seat)
        elif kind == "reveal":
            self._companion_reveal()
        elif kind == "lose_die":
            self.dice_count[player] -= 1
            self.add_log("midas.lose_die", {"seat": player, "left": self.dice_count[player]}, seat=player, action=action)
            self._after_penalty(player)
        elif kind == "draw":
            drew = self._draw_from_chest(player)
            self._after_penalty(player, drew)
        elif kind == "buy":
            self._buy(player, action["favour"])
        elif kind == "pass":
            self.add_log("midas.pass", {"seat": player}, seat=player, action=action)
            self.offer.pop(0)
            self._next_offer()
        elif kind == "swap":
            other = action["with"]
            self.chests[player], self.chests[other] = self.chests[other], self.chests[player]
            self.add_log("midas.swap", {"seat": player, "with": other}, seat=player, action=action)
            self.swapper = None
            self._start_round()

    def _explain_illegal(self, seat: int, action: dict):
        return explain(self, seat, action)

    # ------------------------------------------------------------------ reveal and penalty
    def _reveal(self, accuser: int) -> None:
        obsidian = self.obsidian_value()
        total = self.count(obsidian)
        loser = self.bidder if total < self.bid else accuser
        self.last_reveal = {"round": self.round, "stone": self.stone, "bid": self.bid, "bidder": self.bidder,
                            "accuser": accuser, "total": total, "loser": loser,
                            "dice": [list(dice) for dice in self.dice], "obsidian": obsidian,
                            "cards": list(self.obsidian)}
        self.add_log("midas.accuse", {"seat": accuser, "bidder": self.bidder, "bid": self.bid}, seat=accuser,
                     action={"type": "accuse"})
        self.add_log("midas.reveal", {"dice": self.last_reveal["dice"], "stone": self.stone, "total": total,
                                      "bid": self.bid, "loser": loser, "obsidian": obsidian})
        self.loser = loser
        self.phase = "penalty"

    def _companion_reveal(self) -> None:
        self.last_reveal = {"round": self.round, "stone": self.stone, "obsidian": self.obsidian_value(),
                            "cards": list(self.obsidian), "favour": 1 + len(self.granted)}
        self.add_log("midas.companion_reveal", {"stone": self.stone, "obsidian": self.obsidian_value(),
                                                "favour": 1 + len(self.granted)}, seat=0, action={"type": "reveal"})
        self.phase = "result"

    def _draw_from_chest(self, seat: int) -> bool:
        """The penalty draw (twice under Damocles); immunity cancels it. True if a coin was drawn."""
        if self.immune[seat]:
            self.immune[seat] = False  # Damocles, if armed, waits for the next drawer
            self.add_log("midas.immune", {"seat": seat}, seat=seat, action={"type": "draw"})
            return False
        times = 2 if self.damocles else 1
        if self.damocles:
            self.damocles = False
            self.add_log("midas.damocles", {"seat": seat}, seat=seat)
        for _ in range(times):
            chest = self.chests[seat]
            self._drawing = seat
            coin = self.scripted("coin")
            if coin is None:
                coin = "cursed" if chest["cursed"] and self.rng.below(chest["coins"]) == 0 else "safe"
            chest["coins"] -= 1
            if coin == "cursed":
                chest["cursed"] = False
                self.cursed[seat] = True
                self.dice[seat] = []
                self.add_log("midas.cursed", {"seat": seat}, seat=seat, chance={"kind": "coin", "value": coin})
                break
            self.purse[seat] += 1
            self.add_log("midas.draw", {"seat": seat, "left": chest["coins"]}, seat=seat,
                         chance={"kind": "coin", "value": coin})
        self._drawing = None
        return True

    def _after_penalty(self, seat: int, drew: bool = False) -> None:
        self.starter = seat if not self.cursed[seat] else self._next_uncursed(seat)
        in_play = self.uncursed()
        if len(in_play) == 1:
            self.winner = in_play[0]
            self.phase = "game_end"
            self.add_log("midas.game_end", {"winner": self.winner})
            return
        if drew:  # "after a coin is drawn, Midas offers favours": in turn order from the drawer
            first = seat if not self.cursed[seat] else self._next_uncursed(seat)
            order = [(first + i) % self.players for i in range(self.players)]
            self.offer = [s for s in order if not self.cursed[s]]
            self._next_offer()
        else:
            self._start_round()

    # ------------------------------------------------------------------ favours
    def _next_offer(self) -> None:
        while self.offer and not self._affordable(self.offer[0]):
            self.offer.pop(0)
        if self.offer:
            self.phase = "favours"
        else:
            self._start_round()

    def _buy(self, seat: int, favour: str) -> None:
        price = FAVOURS[favour]
        if self.options["favour_payment"] == "drawn_coins":
            self.purse[seat] -= price
        else:
            self.chests[seat]["coins"] -= price
        self.bought[seat] = favour
        self.granted.append(favour)
        self.offer = []  # one favour per offer
        self.add_log("midas.buy", {"seat": seat, "favour": favour, "price": price}, seat=seat,
                     action={"type": "buy", "favour": favour})
        if favour == "pot_de_vin":
            self.bribe_holder = seat
        elif favour == "immunite":
            self.immune[seat] = True
        elif favour == "damocles":
            self.damocles = True
        if favour == "echange" and len(self.uncursed()) > 1:
            self.swapper = seat
            self.phase = "swap"
        else:
            self._start_round()

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[dict]:
        return [{"total": int(not self.cursed[s]), "breakdown": {"uncursed": int(not self.cursed[s])}}
                for s in range(self.players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner is not None else []

    # ------------------------------------------------------------------ views, chance, JSON
    def _view(self, seat: int | None) -> dict:
        open_obsidian = self.players == 2 or not any(self.cursed)
        seats = []
        for s in range(self.players):
            mine = seat == s and not self.companion
            seats.append({"seat": s, "cup": CUP_COLOURS[s], "dice_count": self.dice_count[s] if not self.cursed[s] else 0,
                          "dice": list(self.dice[s]) if mine else None, "cursed": self.cursed[s],
                          "chest": self.chests[s]["coins"], "purse": self.purse[s], "favour": self.bought[s],
                          "immune": self.immune[s],
                          "obsidian_played": self.obsidian[s] is not None,
                          "obsidian": self.obsidian[s] if mine else None})
        return {"mode": self.options["mode"], "round": self.round, "stone": self.stone, "stones": list(stones(self.die)),
                "die": list(self.die), "cap": self.bid_cap(), "bid": self.bid, "bidder": self.bidder, "turn": self.turn,
                "bids": [{"seat": b[0], "count": b[1], "stone": b[2]} for b in self.bids],
                "starter": self.starter, "seats": seats,
                "values": {"diamond": 2, "favour": 1 + len(self.granted), "stone": 1,
                           "obsidian": self.obsidian_value() if open_obsidian else None},
                "favours": {f: {"price": p, "granted_to": next((s for s in range(self.players) if self.bought[s] == f), None)}
                            for f, p in FAVOURS.items()},
                "damocles": self.damocles, "bribe_holder": self.bribe_holder,
                "offer_to": self.offer[0] if self.phase == "favours" else None, "loser": self.loser,
                "swapper": self.swapper, "last_reveal": self.last_reveal, "winner": self.winner}

    def _check_outcome(self, kind: str, value, queued: list) -> None:
        if kind == "face":
            if self.companion:
                raise IllegalAction("a companion table rolls no dice: the dice are on the physical table",
                                    code="bad_outcome")
            if value not in self.die:
                raise IllegalAction(f"the dice show no face {value!r}", code="bad_outcome")
        elif kind == "stone":
            if value not in stones(self.die):
                raise IllegalAction(f"Midas cannot announce {value!r}: the stones are {', '.join(stones(self.die))}",
                                    code="bad_outcome")
        elif kind == "coin":
            if value not in ("safe", "cursed"):
                raise IllegalAction(f"a coin is 'safe' or 'cursed', not {value!r}", code="bad_outcome")
            seat = getattr(self, "_drawing", None)
            if seat is not None:
                chest = self.chests[seat]
                if value == "cursed" and not chest["cursed"] or value == "safe" and chest["coins"] <= chest["cursed"]:
                    raise IllegalAction(f"no {value} coin is left in that chest", code="bad_outcome")

    def chance_outcomes(self, kind: str) -> list:
        if kind == "face":
            return [] if self.companion else sorted(set(self.die))
        if kind == "stone":
            return list(stones(self.die))
        if kind == "coin":
            return ["cursed", "safe"]
        raise IllegalAction(f"unknown chance kind {kind!r}", code="bad_outcome")

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Other players' dice under their cups and other cursed players' Obsidian cards."""
        for s in range(self.players):
            if s == seat and not self.companion:
                continue
            if self.dice[s] and self.phase in ("obsidian", "bidding"):
                self.dice[s] = [rng.choice(self.die) for _ in self.dice[s]]
            if self.obsidian[s] is not None and self.phase in ("obsidian", "bidding", "table"):
                self.obsidian[s] = rng.choice(OBSIDIAN_CARDS)

    save_defaults = {"bids": []}  # saves from before the round's bids were kept
    _FIELDS = ("dice_count", "cursed", "chests", "purse", "bought", "immune", "granted", "damocles", "bribe_holder",
               "round", "stone", "dice", "obsidian", "bid", "bidder", "turn", "loser", "offer", "swapper",
               "last_reveal", "winner", "starter", "bids")

    def _data(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])
        self.companion = self.options["mode"] == "companion"
        n = self.players
        if any(len(getattr(self, name)) != n for name in ("dice_count", "cursed", "chests", "purse", "bought",
                                                           "immune", "dice", "obsidian")):
            raise ValueError("every seat must have its dice, chest, purse and favour")
        seats = [x for x in (self.bidder, self.turn, self.loser, self.swapper, self.bribe_holder, self.winner,
                             self.starter) if x is not None]
        if any(not isinstance(s, int) or not 0 <= s < n for s in seats + self.offer):
            raise ValueError("a seat in the save is not at the table")
        if any(face not in self.die for dice in self.dice for face in dice):
            raise ValueError("a die shows a face that no die has")
        if any(self.dice[s] for s in range(n) if self.cursed[s]):
            raise ValueError("a Cursed player has no dice")
        if self.phase not in (*PHASES, "game_end"):
            raise ValueError(f"unknown phase {self.phase!r}")
