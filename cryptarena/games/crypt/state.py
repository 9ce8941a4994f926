"""Crypt's table and forward model.

A round is Reveal -> (Pottery B step) -> Claim -> Collect (-> Idol A step) -> Pass the Torch.
Only the steps with a decision are phases a seat acts in: `pottery`, `claim`, `idol`; the rest
run by themselves inside `_apply`. The game ends (`game_end`) after the round that emptied the deck.

Knowledge of card values is kept per card: `public[id]` (seen face-up or flipped) and
`knowers[id]` (seats that saw it: the collector, a Manuscript B peek, a Pottery B take). A view
shows a value only to a seat that knows it; `determinize` re-draws every value a seat does not know.
"""

from __future__ import annotations

from ...engine import Action, IllegalAction, Rng, State
from . import ghost
from .knowledge import resample_hidden
from .reasons import explain
from .collectors import IDOL_B_NEEDED, collector_bonus
from .components import DECKS, DICE_PER_PLAYER, DIE_FACES, FACE_DOWN_RANK, FLIP_COST, GHOST, REVEAL, TYPES

READY, PLACED, EXHAUSTED = "ready", "placed", "exhausted"
ABILITY_PHASES = ("pottery", "claim", "idol")


# Every legal action, made once and read-only (Action): the engine hands them out without copying
_PLACE = tuple(tuple(Action(type="place", slot=slot, effort=effort) for effort in range(1, DIE_FACES + 1))
               for slot in range(8))
_POTTERY = tuple(Action(type="pottery_take", slot=slot) for slot in range(8))
_REROLL = tuple(Action(type="idol_reroll", die=die) for die in range(DICE_PER_PLAYER))
_TAKE_BACK, _CONFIRM, _RECOVER, _PASS, _PEEK, _REMAINS = (
    Action(type=t) for t in ("take_back", "confirm", "recover", "pass", "manuscript_peek", "remains_recover"))


def _slot(card: int, face_up: bool) -> dict:
    return {"card": card, "up": face_up, "owner": None, "effort": 0, "dice": []}


class CryptState(State):
    frozen_actions = True  # every legal action is one of the read-only Actions above
    # ------------------------------------------------------------------ setup and round flow
    def _setup(self) -> None:
        self.cards = DECKS[self.players]
        self.solo = self.players == 1
        self.sides = self._choose_sides()
        self.deck = list(range(len(self.cards)))
        self.rng.shuffle(self.deck)
        self.public = [False] * len(self.cards)
        self.knowers = [[] for _ in self.cards]
        self.flipped = [False] * len(self.cards)
        self.crypt: list[dict] = []
        self.discard: list[int] = []
        self.collections = [[] for _ in range(self.players)]
        self.dice = [[READY] * DICE_PER_PLAYER for _ in range(self.players)]
        self.ghost_dice = [READY] * DICE_PER_PLAYER if self.solo else []
        self.leader = self.options["first_leader"]
        self.lights_out = self._lights_out_for(self.leader)
        self.round = 0
        self.queue: list[int] = []  # seats still to act in the current phase, in order
        self.pending: list[list[int]] = []  # this claim turn's placements: [slot, effort] per die
        self.just_exhausted = [[] for _ in range(self.players)]  # [die, effort] this Collect
        self.peeked = [False] * self.players
        self.idol_b_first: list[int] = []
        self.tiebreak: list[dict] = []
        self.final_winners: list[int] = []
        self.add_log("crypt.setup", {"players": self.players, "sides": dict(self.sides),
                                     "deck": len(self.deck), "leader": self.leader})
        self._start_round()

    def _choose_sides(self) -> dict:
        mode = self.options["collectors"]
        if mode in ("A", "B"):
            return {kind: mode for kind in TYPES}
        if mode == "random":
            return {kind: "AB"[self.rng.below(2)] for kind in TYPES}
        return {kind: self.options[kind] for kind in TYPES}

    def _lights_out_for(self, leader: int) -> int:
        if self.players <= 2:  # 2 players: the Leader also holds Lights Out; solo likewise
            return leader
        return (leader - 1) % self.players

    def _start_round(self) -> None:
        self.round += 1
        self.peeked = [False] * self.players
        self.add_log("crypt.round", {"round": self.round, "leader": self._who(self.leader)})
        up, down = REVEAL[self.players]
        self.crypt = [_slot(self._draw_card(), face_up) for face_up in [True] * up + [False] * down]
        if self.solo:
            # Only Child: the Crypt is laid out from highest to lowest coin value, a face-down card
            # ranking 2.5; equal cards keep their draw order (sorted() is stable).
            self.crypt.sort(key=lambda s: -(self.cards[s["card"]].value if s["up"] else FACE_DOWN_RANK))
        for slot, laid in enumerate(self.crypt):
            self._log_reveal(slot, laid["card"], laid["up"])
        self._begin_pottery()

    def _log_reveal(self, slot: int, card: int, face_up: bool) -> None:
        kind = self.cards[card].type
        if face_up:
            self.public[card] = True
            self.add_log("crypt.reveal_up", {"slot": slot, "type": kind, "value": self.cards[card].value},
                         chance={"kind": "card", "value": card})
        else:
            self.add_log("crypt.reveal_down", {"slot": slot, "type": kind}, chance={"kind": "card"},
                         secret={"to": [], "chance": {"value": card},
                                 "params": {"value": self.cards[card].value}})

    def _draw_card(self) -> int:
        scripted = self.scripted("card")
        if scripted is not None:
            self.deck.remove(scripted)
            return scripted
        return self.deck.pop()

    def _order_from_leader(self) -> list[int]:
        return [(self.leader + i) % self.players for i in range(self.players)]

    # ------------------------------------------------------------------ Pottery B (before Claim)
    def _begin_pottery(self) -> None:
        self.phase = "pottery"
        self.queue = [s for s in self._order_from_leader()] if self.sides["pottery"] == "B" else []
        self._advance_pottery()

    def _can_take_pottery(self, seat: int) -> bool:
        return (self.sides["pottery"] == "B" and self._unflipped(seat, "pottery") >= FLIP_COST["pottery"]
                and any(not s["up"] for s in self.crypt))

    def _advance_pottery(self) -> None:
        while self.queue and not self._can_take_pottery(self.queue[0]):
            self.queue.pop(0)
        if not self.queue:
            self._check_idol_b()
            self._begin_claim()

    # ------------------------------------------------------------------ Claim
    def _begin_claim(self) -> None:
        self.phase = "claim"
        if self.players == 1:
            order = [self.leader, GHOST if self.leader == 0 else 0, self.leader]
        elif self.players == 2:
            order = [self.leader, 1 - self.leader, self.leader]
        else:
            order = self._order_from_leader()
        self.queue = order
        self.pending = []
        self._advance_claim()

    def _advance_claim(self) -> None:
        while self.queue and self.queue[0] == GHOST:
            ghost.take_turn(self, last_turn=len(self.queue) == 1)
            self.queue.pop(0)
        if not self.queue:
            self._collect()

    def _is_last_claim_turn(self) -> bool:
        return len(self.queue) == 1  # the Lights Out holder's turn

    def _pending_cards(self) -> dict[int, list[int]]:
        """slot -> [effort, dice count] of this turn's placements."""
        cards: dict[int, list[int]] = {}
        for slot, effort in self.pending:
            if slot in cards:
                cards[slot][1] += 1
            else:
                cards[slot] = [effort, 1]
        return cards

    def _claim_shortfall(self, cards: dict[int, list[int]], held: list[int] | None = None) -> int:
        """Dice still needed so that every card placed on this turn beats its occupant
        (`held`: each slot's current total, when the caller already has them)."""
        held = self._held_totals() if held is None else held
        needed = 0
        for slot, (effort, count) in cards.items():
            if effort * count <= held[slot]:
                needed += -(-(held[slot] + 1 - effort * count) // effort)
        return needed

    def _held_total(self, slot: int) -> int:
        s = self.crypt[slot]
        return s["effort"] * len(s["dice"]) if s["owner"] is not None else 0

    def _held_totals(self) -> list[int]:
        """Every slot's `_held_total`, in one pass (the claim hot path asks for all of them)."""
        return [s["effort"] * len(s["dice"]) if s["owner"] is not None else 0 for s in self.crypt]

    def _free_dice(self, seat: int) -> int:
        return self.dice[seat].count(READY) - len(self.pending)

    def _claim_actions(self, seat: int) -> list[dict]:
        cards = self._pending_cards() if self.pending else {}
        held = self._held_totals()
        shortfall = self._claim_shortfall(cards, held)
        free = self._free_dice(seat)
        actions = self._placements(seat, free, cards, held, shortfall) if free > 0 else []
        if self.pending:
            actions.append(_TAKE_BACK)
            if shortfall == 0:
                actions.append(_CONFIRM)
        elif EXHAUSTED in self.dice[seat]:
            actions.append(_RECOVER)
        if not actions:
            actions.append(_PASS)  # all servants already out (2p Leader's second turn)
        return actions

    def _placements(self, seat: int, free: int, cards: dict, held: list[int], shortfall: int) -> list[dict]:
        """Every legal `place`: the same answers as `reasons.place_problem`, computed once per call
        (this is the hot path of every simulation).

        A card held at total h needs ceil((h + 1) / e) dice of effort e to be taken, so with
        `budget` dice to spare beyond this one the lowest possible effort is
        ceil((h + 1) / (budget + 1)), and every effort above it works too."""
        one_card_only = len(self.queue) == 1 and bool(cards)
        spare = free - 1  # dice left after this placement
        budget = spare - shortfall
        actions: list[dict] = []
        for slot, card in enumerate(self.crypt):
            if card["owner"] == seat:
                continue
            if slot in cards:
                effort, count = cards[slot]
                gap = held[slot] + 1 - effort * count  # coins still missing before this die
                before = -(-gap // effort) if gap > 0 else 0
                after = -(-(gap - effort) // effort) if gap > effort else 0
                if shortfall - before + after <= spare:
                    actions.append(_PLACE[slot][effort - 1])
            elif not one_card_only and budget >= 0:
                lowest = -(-(held[slot] + 1) // (budget + 1))
                if lowest <= DIE_FACES:
                    actions.extend(_PLACE[slot][lowest - 1:])
        return actions

    def _confirm_claim(self, seat: int) -> None:
        placements = []
        for slot, (effort, count) in sorted(self._pending_cards().items()):
            target = self.crypt[slot]
            if target["owner"] is not None:
                self._push_out(slot, by=seat)
            target["owner"], target["effort"] = seat, effort
            for die in range(DICE_PER_PLAYER):
                if count and self.dice[seat][die] == READY:
                    self.dice[seat][die] = PLACED
                    target["dice"].append(die)
                    count -= 1
            placements.append({"slot": slot, "effort": effort, "dice": len(target["dice"])})
        self.pending = []
        self.add_log("crypt.claim", {"seat": seat, "placements": placements}, seat=seat)

    def _push_out(self, slot: int, by: int) -> None:
        target = self.crypt[slot]
        owner = target["owner"]
        pool = self.ghost_dice if owner == GHOST else self.dice[owner]
        for die in target["dice"]:
            pool[die] = READY
        self.add_log("crypt.push_out", {"slot": slot, "by": self._who(by), "owner": self._who(owner),
                                        "dice": len(target["dice"]), "total": self._held_total(slot)})
        target["owner"], target["effort"], target["dice"] = None, 0, []

    def _recover_all(self, seat: int, msg: str) -> None:
        count = self.dice[seat].count(EXHAUSTED)
        self.dice[seat] = [READY if d == EXHAUSTED else d for d in self.dice[seat]]
        self.add_log(msg, {"seat": seat, "dice": count}, seat=seat)

    def _end_claim_turn(self) -> None:
        self.queue.pop(0)
        self.pending = []
        self._advance_claim()

    # ------------------------------------------------------------------ Collect
    def _collect(self) -> None:
        self.phase = "collect"
        for slot in [s for s in self.crypt if s["owner"] is None]:
            self.discard.append(slot["card"])
            self.add_log("crypt.discard", {"type": self.cards[slot["card"]].type,
                                           **({"value": self.cards[slot["card"]].value} if slot["up"] else {})})
        claimed = [s for s in self.crypt if s["owner"] is not None]
        owners = {s["owner"] for s in claimed}
        for seat in range(self.players):
            if seat not in owners and EXHAUSTED in self.dice[seat]:
                self._recover_all(seat, "crypt.auto_recover")
        self.just_exhausted = [[] for _ in range(self.players)]
        for seat in self._order_from_leader():
            for slot in (s for s in claimed if s["owner"] == seat):
                self._resolve_claim(seat, slot)
        for slot in (s for s in claimed if s["owner"] == GHOST):
            ghost.collect(self, slot)
        if self.solo:
            ghost.reset(self)
        self.crypt = []
        self.phase = "idol"
        self.queue = self._order_from_leader() if self.sides["idol"] == "A" else []
        self._advance_idol()

    def _resolve_claim(self, seat: int, slot: dict) -> None:
        effort = slot["effort"]
        rolls = []
        for die in slot["dice"]:
            roll = self.roll_die()
            rolls.append(roll)
            if roll < effort:  # exhausted iff roll < effort (components §3.6)
                self.dice[seat][die] = EXHAUSTED
                self.just_exhausted[seat].append([die, effort])
            else:
                self.dice[seat][die] = READY
        card = slot["card"]
        self.collections[seat].append(card)
        if seat not in self.knowers[card]:
            self.knowers[card].append(seat)
        params = {"seat": seat, "effort": effort, "rolls": rolls,
                  "exhausted": sum(r < effort for r in rolls), "type": self.cards[card].type}
        if slot["up"]:
            self.add_log("crypt.collect", {**params, "value": self.cards[card].value}, seat=seat,
                         chance={"kind": "die", "values": rolls})
        else:
            self.add_log("crypt.collect", params, seat=seat, chance={"kind": "die", "values": rolls},
                         secret={"to": [seat], "params": {"value": self.cards[card].value}})

    def _can_reroll(self, seat: int) -> bool:
        return bool(self.just_exhausted[seat]) and self._unflipped(seat, "idol") >= FLIP_COST["idol"]

    def _advance_idol(self) -> None:
        while self.queue and not self._can_reroll(self.queue[0]):
            self.queue.pop(0)
        if not self.queue:
            self._end_round()

    def _idol_reroll(self, seat: int, die: int) -> None:
        effort = next(e for d, e in self.just_exhausted[seat] if d == die)
        self._flip(seat, "idol", FLIP_COST["idol"])
        roll = self.roll_die()
        self.just_exhausted[seat] = [pair for pair in self.just_exhausted[seat] if pair[0] != die]
        if roll >= effort:
            self.dice[seat][die] = READY
        self.add_log("crypt.idol_reroll", {"seat": seat, "effort": effort, "roll": roll,
                                           "recovered": roll >= effort}, seat=seat,
                     chance={"kind": "die", "values": [roll]})

    # ------------------------------------------------------------------ end of round, end of game
    def _end_round(self) -> None:
        self.just_exhausted = [[] for _ in range(self.players)]
        self._check_idol_b()
        if not self.deck:  # the deck ran out: this round was the last
            self._end_game()
            return
        self._pass_torch()
        self._start_round()

    def _pass_torch(self) -> None:
        if self.players == 1:
            self.leader = self.lights_out = GHOST if self.leader == 0 else 0
        else:
            step = 1 if self.options["torch_direction"] == "left" else -1
            self.leader = (self.leader + step) % self.players
            self.lights_out = self._lights_out_for(self.leader)
        self.add_log("crypt.torch", {"leader": self._who(self.leader), "lights_out": self._who(self.lights_out)})

    def _end_game(self) -> None:
        self.phase = "game_end"
        self.queue = []
        for seat, cards in enumerate(self.collections):  # everything is shown at the end
            for card in cards:
                self.public[card] = True
        totals = [s["total"] for s in self.scores()]
        self.add_log("crypt.game_end", {"totals": totals})
        if self.solo:
            self.final_winners = [0] if totals[0] >= self.options["solo_target"] else []
        else:
            self.final_winners = self._roll_off([s for s in range(self.players) if totals[s] == max(totals)])
        self.add_log("crypt.winners", {"seats": self.final_winners})

    def _roll_off(self, tied: list[int]) -> list[int]:
        """Tied players roll their unexhausted servants; highest sum wins; ties roll again."""
        for attempt in range(1, 101):
            if len(tied) == 1:
                return tied
            if all(self.dice[s].count(READY) == 0 for s in tied):
                return tied  # nobody has a die to roll: they share the win (docs/rules/crypt.md)
            rolls = {s: [self.roll_die() for _ in range(self.dice[s].count(READY))] for s in tied}
            sums = {s: sum(r) for s, r in rolls.items()}
            self.tiebreak.append({"attempt": attempt, "rolls": {str(s): r for s, r in rolls.items()}})
            self.add_log("crypt.tiebreak", {"rolls": {str(s): r for s, r in rolls.items()}},
                         chance={"kind": "die", "values": [v for r in rolls.values() for v in r]})
            tied = [s for s in tied if sums[s] == max(sums.values())]
        return tied

    def _check_idol_b(self) -> None:
        if self.sides["idol"] != "B" or self.idol_b_first:
            return
        firsts = [s for s in range(self.players) if self._count(s, "idol") >= IDOL_B_NEEDED]
        for seat in firsts:
            self._flip(seat, "idol", IDOL_B_NEEDED)
            self.add_log("crypt.idol_b_first", {"seat": seat}, seat=seat)
        self.idol_b_first = firsts

    # ------------------------------------------------------------------ abilities (flip cards)
    def _count(self, seat: int, kind: str) -> int:
        return sum(1 for c in self.collections[seat] if self.cards[c].type == kind)

    def _unflipped(self, seat: int, kind: str) -> int:
        return sum(1 for c in self.collections[seat] if self.cards[c].type == kind and not self.flipped[c])

    def _flip(self, seat: int, kind: str, count: int) -> None:
        """Flip `count` unflipped cards of `kind`. Cards whose value is already public go first,
        then the lowest: flipping reveals as little as possible (docs/rules/crypt.md)."""
        candidates = [c for c in self.collections[seat] if self.cards[c].type == kind and not self.flipped[c]]
        candidates.sort(key=lambda c: (not self.public[c], self.cards[c].value))
        for card in candidates[:count]:
            self.flipped[card] = True
            self.public[card] = True
            self.add_log("crypt.flip", {"seat": seat, "type": kind, "value": self.cards[card].value}, seat=seat)

    def _die_to_recover(self, seat: int) -> int:
        """Remains A brings back one exhausted die. Prefer one that Idol A could not re-roll
        anyway, else the one exhausted at the highest effort (the least likely to come back by a
        re-roll): no player would choose otherwise (docs/rules/crypt.md)."""
        rerollable = {die: effort for die, effort in self.just_exhausted[seat]}
        exhausted = [d for d, status in enumerate(self.dice[seat]) if status == EXHAUSTED]
        return min(exhausted, key=lambda d: (d in rerollable, -rerollable.get(d, 0), d))

    def _ability_actions(self, seat: int) -> list[dict]:
        """Manuscript B and Remains A may be used at any decision point, on or off one's turn."""
        if self.phase not in ABILITY_PHASES or len(self.collections[seat]) < 1:
            return []
        actions = []
        if (self.sides["manuscript"] == "B" and not self.peeked[seat]
                and self._unflipped(seat, "manuscript") >= FLIP_COST["manuscript"]
                and any(not s["up"] and seat not in self.knowers[s["card"]] for s in self.crypt)):
            actions.append(_PEEK)
        if (self.sides["remains"] == "A" and EXHAUSTED in self.dice[seat]
                and self._unflipped(seat, "remains") >= FLIP_COST["remains"]):
            actions.append(_REMAINS)
        return actions

    # ------------------------------------------------------------------ the contract
    def to_act(self) -> list[int]:
        if self.phase in ("pottery", "claim", "idol") and self.queue:
            return [self.queue[0]]
        return []

    def is_over(self) -> bool:
        return self.phase == "game_end"

    def _legal_actions(self, seat: int) -> list[dict]:
        phase = self.phase
        if phase not in ABILITY_PHASES:
            return []  # game_end: nothing more to do
        actions: list[dict] = []
        if self.queue and self.queue[0] == seat:
            if phase == "claim":
                actions = self._claim_actions(seat)
            elif phase == "pottery":
                actions = [_POTTERY[i] for i, s in enumerate(self.crypt) if not s["up"]]
                actions.append(_PASS)
            else:
                actions = [_REROLL[d] for d, _ in self.just_exhausted[seat]]
                actions.append(_PASS)
        if self.sides["remains"] == "A" or self.sides["manuscript"] == "B":
            actions += self._ability_actions(seat)
        return actions

    def _apply(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "manuscript_peek":
            self._flip(seat, "manuscript", FLIP_COST["manuscript"])
            self.peeked[seat] = True
            seen = {}
            for i, slot in enumerate(self.crypt):
                if not slot["up"]:
                    if seat not in self.knowers[slot["card"]]:
                        self.knowers[slot["card"]].append(seat)
                    seen[str(i)] = self.cards[slot["card"]].value
            self.add_log("crypt.manuscript_peek", {"seat": seat}, seat=seat, action=action,
                         secret={"to": [seat], "params": {"seen": seen}})
        elif kind == "remains_recover":
            self._flip(seat, "remains", FLIP_COST["remains"])
            die = self._die_to_recover(seat)
            self.dice[seat][die] = READY
            self.just_exhausted[seat] = [pair for pair in self.just_exhausted[seat] if pair[0] != die]
            self.add_log("crypt.remains_recover", {"seat": seat}, seat=seat, action=action)
            if self.phase == "idol":
                self._advance_idol()
        elif self.phase == "pottery":
            if kind == "pottery_take":
                self._pottery_take(seat, action["slot"])
            else:
                self.add_log("crypt.pass", {"seat": seat, "phase": "pottery"}, seat=seat, action=action)
                self.queue.pop(0)
            self._advance_pottery()
        elif self.phase == "claim":
            self._apply_claim(seat, action)
        elif self.phase == "idol":
            if kind == "idol_reroll":
                self._idol_reroll(seat, action["die"])
            else:
                self.add_log("crypt.pass", {"seat": seat, "phase": "idol"}, seat=seat, action=action)
                self.queue.pop(0)
            self._advance_idol()

    def _apply_claim(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "place":
            self.pending.append([action["slot"], action["effort"]])
            self.add_log("crypt.place", {"seat": seat, "slot": action["slot"], "effort": action["effort"]},
                         seat=seat, action=action)
        elif kind == "take_back":
            slot, effort = self.pending.pop()
            self.add_log("crypt.take_back", {"seat": seat, "slot": slot, "effort": effort}, seat=seat,
                         action=action)
        elif kind == "confirm":
            self._confirm_claim(seat)
            self._end_claim_turn()
        elif kind == "recover":
            self._recover_all(seat, "crypt.recover")
            self._end_claim_turn()
        elif kind == "pass":
            self.add_log("crypt.pass", {"seat": seat, "phase": "claim"}, seat=seat, action=action)
            self._end_claim_turn()

    def _pottery_take(self, seat: int, index: int) -> None:
        self._flip(seat, "pottery", FLIP_COST["pottery"])
        slot = self.crypt.pop(index)
        card = slot["card"]
        self.collections[seat].append(card)
        if seat not in self.knowers[card]:
            self.knowers[card].append(seat)
        self.add_log("crypt.pottery_take", {"seat": seat, "slot": index, "type": self.cards[card].type},
                     seat=seat, action={"type": "pottery_take", "slot": index},
                     secret={"to": [seat], "params": {"value": self.cards[card].value}})

    def _explain_illegal(self, seat: int, action: dict) -> str | None:
        return explain(self, seat, action)

    # ------------------------------------------------------------------ scores
    def holdings(self) -> list[list[tuple[str, int]]]:
        return [[(self.cards[c].type, self.cards[c].value) for c in cards] for cards in self.collections]

    def scores(self) -> list[dict]:
        holdings = self.holdings()
        bonuses = {kind: collector_bonus(kind, self.sides[kind], holdings, self.idol_b_first) for kind in TYPES}
        result = []
        for seat in range(self.players):
            breakdown = {"treasure": sum(v for _, v in holdings[seat]),
                         "servants": sum(1 for d in self.dice[seat] if d != EXHAUSTED)}
            breakdown.update({kind: bonuses[kind][seat] for kind in TYPES})
            result.append({"total": sum(breakdown.values()), "breakdown": breakdown})
        return result

    def winners(self) -> list[int]:
        return list(self.final_winners) if self.is_over() else []

    def public_score(self, seat: int) -> int:
        """What everyone can count: known treasure values plus unexhausted servants."""
        known = sum(self.cards[c].value for c in self.collections[seat] if self.public[c])
        return known + sum(1 for d in self.dice[seat] if d != EXHAUSTED)

    # ------------------------------------------------------------------ views
    def _who(self, seat: int) -> int | str:
        return "ghost" if seat == GHOST else seat

    def _card_view(self, card: int, seat: int | None, face_up: bool) -> dict:
        known = face_up or self.public[card] or (seat is not None and seat in self.knowers[card])
        return {"type": self.cards[card].type, "value": self.cards[card].value if known else None}

    def _view(self, seat: int | None) -> dict:
        from .views import build_view  # local: views import this module's constants
        return build_view(self, seat)

    # ------------------------------------------------------------------ chance and hidden state
    def _check_outcome(self, kind: str, value, queued: list) -> None:
        if kind == "die":
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= DIE_FACES:
                raise IllegalAction(f"a die shows 1..{DIE_FACES}, not {value!r}", code="bad_outcome")
        elif kind == "card":
            if isinstance(value, bool) or not isinstance(value, int) or value not in self.deck:
                raise IllegalAction(f"card {value!r} cannot be drawn: it is not in the deck", code="bad_outcome")
            if any(k == "card" and v == value for k, v in queued):
                raise IllegalAction(f"card {value} is already scripted to be drawn", code="bad_outcome")

    def chance_outcomes(self, kind: str) -> list:
        if kind == "die":
            return list(range(1, DIE_FACES + 1))
        if kind == "card":
            return sorted(self.deck)
        raise IllegalAction(f"unknown chance kind {kind!r}", code="bad_outcome")

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        resample_hidden(self, seat, rng)

    # ------------------------------------------------------------------ JSON
    _FIELDS = ("deck", "public", "knowers", "flipped", "crypt", "discard", "collections", "dice",
               "ghost_dice", "sides", "leader", "lights_out", "round", "queue", "pending",
               "just_exhausted", "peeked", "idol_b_first", "tiebreak", "final_winners")
    # the fields in slots, not __dict__: with the engine's, they are more than a shared-key dict
    # keeps (30), past which every self.x goes through a plain dict (see PharaohState)
    __slots__ = _FIELDS + ("cards", "solo")

    def _data(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        self.cards = DECKS[self.players]
        self.solo = self.players == 1
        for name in self._FIELDS:
            setattr(self, name, data[name])
        everything = sorted(self.deck + self.discard + [s["card"] for s in self.crypt]
                            + [c for cards in self.collections for c in cards])
        if everything != list(range(len(self.cards))):
            raise ValueError("the cards in the save do not make up the deck exactly once")
        if len(self.dice) != self.players or any(len(d) != DICE_PER_PLAYER for d in self.dice):
            raise ValueError("every seat must have exactly three servant dice")
