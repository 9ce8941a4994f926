"""High Card, a toy game on the engine, small enough to read at a glance. It exercises what the
contract has (secret hands, a shuffled deck, public dice, scripted chance, a named end) and lets
the tests show that the conformance checks do fail on a game that breaks the contract.
Never registered: tests build it directly.

Each seat is dealt one secret card (0..9). In turn, seats `raise` 1 or 2 coins (then a public
die adds to the pot) or `fold`; after two turns each, the highest card still in wins."""

from __future__ import annotations

from cryptarena.engine import Game, IllegalAction, Option, Rng, State


class HighCardState(State):
    def _setup(self) -> None:
        self.deck = list(range(10))
        self.rng.shuffle(self.deck)
        self.hands = []
        for seat in range(self.players):
            card = self._draw()
            self.hands.append(card)
            self.add_log("toy.deal", {"seat": seat}, seat=seat, chance={"kind": "card"},
                         secret={"to": self.readers(seat), "params": {"card": card}, "chance": {"value": card}})
        self.folded = [False] * self.players
        self.pot = [0] * self.players
        self.turns = 0
        self.turn = 0
        self.final = []
        self.phase = "bid"

    def readers(self, owner: int) -> list[int]:
        """The seats that may see `owner`'s card."""
        return [owner]

    def _draw(self) -> int:
        card = self.scripted("card")
        if card is None:
            return self.deck.pop()
        self.deck.remove(card)
        return card

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [self.turn]

    def _legal_actions(self, seat: int) -> list[dict]:
        if self.is_over() or seat != self.turn:
            return []
        return [{"type": "raise", "amount": 1}, {"type": "raise", "amount": 2}, {"type": "fold"}]

    def _apply(self, seat: int, action: dict) -> None:
        if action["type"] == "fold":
            self.folded[seat] = True
            self.add_log("toy.fold", {"seat": seat}, seat=seat, action=action)
        else:
            bonus = self.roll_die()
            self.pot[seat] += action["amount"] + bonus
            self.add_log("toy.raise", {"seat": seat, "amount": action["amount"], "bonus": bonus},
                         seat=seat, action=action, chance={"kind": "die", "values": [bonus]})
        self.turns += 1
        standing = [s for s in range(self.players) if not self.folded[s]]
        if len(standing) <= 1 or self.turns >= 2 * self.players:
            self._end(standing)
            return
        self.turn = (self.turn + 1) % self.players
        while self.folded[self.turn]:
            self.turn = (self.turn + 1) % self.players

    def _end(self, standing: list[int]) -> None:
        self.phase = "game_end"
        best = max((self.hands[s] for s in standing), default=None)
        self.final = [s for s in standing if self.hands[s] == best]
        self.add_log("toy.showdown", {"hands": list(self.hands), "winners": self.final})

    def _view(self, seat: int | None) -> dict:
        shown = [card if (seat in self.readers(s) or self.is_over()) else None for s, card in enumerate(self.hands)]
        return {"hands": shown, "folded": list(self.folded), "pot": list(self.pot),
                "deck_size": len(self.deck), "turn": self.turn}

    def is_over(self) -> bool:
        return self.phase == "game_end"

    def scores(self) -> list[dict]:
        bonus = self.options["win_bonus"]
        return [{"total": self.pot[s] + (bonus if s in self.final else 0),
                 "breakdown": {"pot": self.pot[s], "win": bonus if s in self.final else 0}}
                for s in range(self.players)]

    def winners(self) -> list[int]:
        return list(self.final)

    _FIELDS = ("deck", "hands", "folded", "pot", "turns", "turn", "final")

    def _data(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])
        if sorted(self.deck + self.hands) != list(range(10)):
            raise ValueError("the cards in the save do not make up the deck exactly once")

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        if self.is_over():
            hidden_seats = []
        else:
            hidden_seats = [s for s in range(self.players) if seat not in self.readers(s)]
        pool = self.deck + [self.hands[s] for s in hidden_seats]
        rng.shuffle(pool)
        for s in hidden_seats:
            self.hands[s] = pool.pop()
        self.deck = pool

    def _check_outcome(self, kind: str, value, queued: list) -> None:
        if kind == "die":
            if type(value) is not int or not 1 <= value <= 6:
                raise IllegalAction(f"a die shows 1..6, not {value!r}", code="bad_outcome")
        elif type(value) is not int or value not in self.deck or ("card", value) in queued:
            raise IllegalAction(f"card {value!r} cannot be drawn now", code="bad_outcome")

    def _explain_illegal(self, seat: int, action: dict) -> str | None:
        if action["type"] == "raise":
            return "raise by 1 or 2 coins"
        return None


class HighCard(Game):
    id = "highcard"
    name = "High Card"
    min_players = 2
    max_players = 3
    state_class = HighCardState
    options = (Option("win_bonus", "int", 5, "coins for the winner", minimum=0, maximum=10),)
    phases = {"bid": "in turn, raise or fold", "game_end": "the cards are shown"}
    action_types = {"raise": "{amount}: 1 or 2 coins, then a die adds to your pot", "fold": "{}: drop out"}
    chance_kinds = {"card": "a card dealt from the deck: 0..9", "die": "the die after a raise: 1..6"}
    default_chance_kind = "die"


class TeamHighCardState(HighCardState):
    """High Card in two teams: the first half of the seats (one more with an odd count) against
    the rest; a seat sees its team-mates' cards, never the other team's."""

    def readers(self, owner: int) -> list[int]:
        teams = self.game.seat_teams(self.players, self.options)
        return [s for s in range(self.players) if teams[s] == teams[owner]]


class TeamHighCard(HighCard):
    id = "teamhighcard"
    name = "Team High Card"
    max_players = 4
    state_class = TeamHighCardState

    def seat_teams(self, players: int, options: dict | None = None) -> list[str]:
        first = (players + 1) // 2
        return ["a"] * first + ["b"] * (players - first)
