"""Crypt: The Pharaoh's Curse — the table and its forward model.

The rules are split by concern: decks.py (set-up), turn.py (the turn, moving, exploring, hex
events), cards.py (building and resolving plays), targets.py (what may be played, at whom),
interrupts.py (play-any-time windows), combat.py (strikes, defence turns, damage, defeat),
domination.py (defeated players), board.py (hex geometry). This module ties them to the engine
contract.

Everything that happens is a job in a queue of plain JSON dicts (a strike, a damage part, a hex
event, the resolution of a play, an interrupt window, the end of a turn). `_apply` takes jobs in order
until one needs a decision (`self.decision`: who chooses and what: build, defend, soak, window,
place, escape, event_discard), so an attack answered by a defence turn in the middle of a
play-any-time window in the middle of a turn is a queue and a decision, and a save holds it all.
With nothing queued, the turn's step decides (draw, free, act, discard, dominate).

Secrets: hands, the order of every deck and of the Hexpile (their contents are public: deck lists
are revealed at set-up, hexes are marked with their owners), a seat's set-up choices until all are
ready, and dice not yet rolled. `_resample_hidden` re-deals exactly these.
"""

from __future__ import annotations

from ...engine import Action, IllegalAction, Rng, State
from .acts import DISCARD, ESCAPE_TO, PLACE, SOAK, STAY
from .board import Crypt
from .cards import CardsMixin
from .combat import CombatMixin
from .components import CARDS, CHARACTERS, DECKS, HEXES, LIFE, MONSTERS, QUAD, card_key
from .decks import SetupMixin, blank_setup, deck_issues, deck_problems, prebuilt
from .domination import DominationMixin
from .interrupts import InterruptsMixin
from .targets import TargetsMixin
from .turn import TurnMixin

# the most steps _apply takes after one action before it calls the queue stuck (made once: it runs
# after every action)
_SETTLE = range(100_000)
DECISIONS = ("build", "defend", "soak", "window", "place", "escape", "event_discard")
ESCAPE_POINTS = 100


class PharaohState(SetupMixin, TurnMixin, CardsMixin, TargetsMixin, InterruptsMixin, CombatMixin, DominationMixin,
                   State):
    # every legal action is a read-only Action: set-up's are built once (the long lists), the
    # other phases' short lists are made read-only as they are built, so none is copied per call
    frozen_actions = True
    _FIELDS = ("setup", "chars", "decklists", "life", "defeated", "pos", "trapped", "deck", "hand", "known", "discard",
               "table", "monsters", "placed", "hexpile", "uid_next", "turn", "queue", "decision", "pending",
               "round", "first", "turns_done", "winner", "end_reason")
    # the table's own fields and memos live in slots: with the engine's fields the instance would
    # hold more than CPython keeps in a shared-key dict (30), and every self.x and self.method()
    # would then go through a plain dict, about twice as slow; the engine's fields stay in __dict__
    __slots__ = _FIELDS + ("_crypt", "_builds", "_checked")

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.players
        self._crypt = self._builds = self._checked = None
        self.setup = [blank_setup() for _ in range(n)]
        self.chars: list = [None] * n
        self.decklists: list = [None] * n
        self.life = [LIFE] * n
        self.defeated = [False] * n
        self.pos: list = [None] * n
        self.trapped: list = [None] * n
        self.deck: list[list[str]] = [[] for _ in range(n)]
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[list[str]] = [[] for _ in range(n)]
        self.table: list[dict] = []
        self.monsters: list[dict] = []
        self.placed: list[dict] = []
        self.hexpile: list = []
        self.uid_next = 1
        self.turn: dict | None = None
        self.queue: list[dict] = []
        self.decision: dict | None = None
        self.pending: dict | None = None
        self.round = 1
        self.first = 0
        self.turns_done = 0
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.add_log("pharaoh.setup", {"players": n})
        self.phase = "setup"

    @property
    def crypt(self) -> Crypt:
        # kept between calls: hexes are only ever added (through Crypt.add, which keeps its index
        # of cells) and never move, so the index is stale only if the list was replaced or grown
        # behind its back
        crypt = self._crypt
        if crypt is None or crypt.placed is not self.placed or len(crypt.at) != len(self.placed):
            crypt = self._crypt = Crypt(self.placed)
        return crypt

    # ------------------------------------------------------------------ small helpers
    def new_uid(self) -> int:
        self.uid_next += 1
        return self.uid_next - 1

    def new_entry(self, owner: int, card_id: str, seat: int | None = None, hex: int | None = None) -> dict:
        card = CARDS[card_id]
        entry = {"uid": self.new_uid(), "card": card_id, "owner": owner, "seat": seat, "hex": hex,
                 "lp": card.lp or None, "lock": False, "used": False, "turn": False, "active": False,
                 "keys": 0, "enforced": 0, "attached": []}
        self.table.append(entry)
        return entry

    def entry(self, uid: int) -> dict | None:
        for e in self.table:
            if e["uid"] == uid:
                return e
        return None

    def monster(self, uid: int) -> dict | None:
        for m in self.monsters:
            if m["uid"] == uid:
                return m
        return None

    def piece(self, ref: str) -> dict | None:
        return self.entry(int(ref[1:])) if ref[0] == "t" else self.monster(int(ref[1:]))

    def where(self, ref: str) -> int | None:
        """The hex a piece stands in (a guard or a tabled card: its character's)."""
        kind, num = ref[0], int(ref[1:])
        if kind == "c":
            return self.pos[num]
        if kind == "h":
            return num
        piece = self.piece(ref)
        if piece is None:
            return None
        if kind == "t" and piece["hex"] is None:
            return self.pos[piece["seat"]]
        return piece["hex"]

    def to_discard(self, seat: int, card_id: str) -> None:
        self.discard[seat].append(card_id)

    def discard_entry(self, entry: dict) -> None:
        """A tabled card leaves the table for its owner's discard pile, its attachments with it."""
        self.table.remove(entry)
        for card_id in (entry["card"], *entry["attached"]):
            self.discard[entry["owner"]].append(card_id)

    def sort_hand(self, seat: int) -> None:
        self.hand[seat].sort(key=card_key)

    def take(self, seat: int, card_id: str) -> None:
        """A card leaves the hand (a copy everyone knows to be there first)."""
        self.hand[seat].remove(card_id)
        if card_id in self.known[seat]:
            self.known[seat].remove(card_id)

    def give(self, seat: int, cards: list[str], known: bool) -> None:
        """Cards go into the hand; `known`: in full view (a Key picked up, a card returned), so the
        other seats know it is there and a determinised copy keeps it."""
        self.hand[seat] += cards
        self.sort_hand(seat)
        if known:
            self.known[seat] = sorted(self.known[seat] + cards, key=card_key)

    def may_use(self, seat: int, card) -> bool:
        return self.chars[seat] is not None and CHARACTERS[self.chars[seat]].may_use(card)

    def add_log(self, msg: str, params: dict | None = None, **kw) -> None:
        """Log parameters without None, and each piece named for the reader: a ref "c2" / "t17" /
        "m3" / "h5" under `target`, `piece` or `source` gains `<key>_seat`, `_card`, `_monster`
        or `_hex`, so a message template can say who it was in words."""
        if not self.keep_log:
            return
        if params:
            params = {k: v for k, v in params.items() if v is not None}
            for key in ("target", "piece", "source"):
                ref = params.get(key)
                if isinstance(ref, str) and ref[:1] in "ctmh" and ref[1:].isdigit():
                    params.update(self._about(key, ref))
        super().add_log(msg, params, **kw)

    def _about(self, key: str, ref: str) -> dict:
        kind, num = ref[0], int(ref[1:])
        if kind == "c":
            return {f"{key}_seat": num}
        if kind == "h":
            return {f"{key}_hex": num}
        piece = self.piece(ref)
        if piece is None:
            return {}
        return {f"{key}_card": piece["card"]} if kind == "t" else {f"{key}_monster": piece["monster"]}

    def roll_die(self, sides: int = 6) -> int:
        # the engine's roll without its two calls when nothing is scripted: the same draw of the RNG
        if self._script:
            return State.roll_die(self, sides)
        return self.rng.below(sides) + 1

    def roll_2d6(self) -> list[int]:
        if self._script:
            return [self.roll_die(), self.roll_die()]
        below = self.rng.below  # roll_die's two draws, in order
        return [below(6) + 1, below(6) + 1]

    def finish(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        self.queue = []
        self.decision = None
        self.pending = None
        self.turn = None
        self.add_log("pharaoh.game_end", {"winner": winner, "reason": reason, "round": self.round})

    # ------------------------------------------------------------------ the engine contract
    def is_over(self) -> bool:
        return self.end_reason is not None

    def current_phase(self) -> str:
        if self.is_over():
            return "game_end"
        if self.chars[0] is None:
            return "setup"
        if self.decision is not None:
            return self.decision["kind"]
        return self.turn["step"] if self.turn else "game_end"

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == "game_end":
            return []
        if phase == "setup":
            waiting = []  # a loop, not a comprehension: in CPython 3.11 that is a function call more
            for s, mine in enumerate(self.setup):
                if not mine["ready"]:
                    waiting.append(s)
            return waiting
        if phase == "window":
            return list(self.decision["seats"])
        if self.decision is not None:
            return [self.decision["seat"]]
        return [self.turn["seat"]]

    def _legal_actions(self, seat: int) -> list[Action]:
        # to_act() without its list: the seat is the one (or one of those) the phase waits for
        phase = self.phase
        if phase == "setup":
            return self.setup_actions(seat)  # none once the seat is ready
        decision = self.decision
        if phase == "game_end" or (seat not in decision["seats"] if phase == "window" else
                                   seat != (decision or self.turn)["seat"]):
            return []
        if decision is None:
            return self.turn_actions(seat)
        if phase == "build":
            return self.build_options(seat)
        if phase == "defend":
            return self.defence_options(self.queue[0])
        if phase == "soak":
            return [SOAK[e["uid"]] for e in self.absorbers(seat)]
        if phase == "window":
            return self.responses(seat)
        if phase == "place":
            return [PLACE[t] for t in decision["turns"]]
        if phase == "escape":
            return [ESCAPE_TO[h] for h in self.crypt.passages(self.pos[seat])] + [STAY]
        if phase == "event_discard":
            return [DISCARD[c] for c in dict.fromkeys(self.hand[seat])]
        return self.turn_actions(seat)

    _HANDLERS = {"setup": "_setup_action", "build": "_build", "defend": "_defend", "soak": "_soak",
                 "window": "_respond", "place": "_place", "escape": "_escape_to",
                 "event_discard": "_event_discard", "dominate": "_dominate"}

    def _apply(self, seat: int, action: dict) -> None:
        if self.phase == "setup":
            self._setup_action(seat, action)
            if self.chars[0] is None:  # still choosing decks: no job, no turn, the phase stays
                return
        else:
            _ON_ACTION.get(self.phase, _TURN_ACTION)(self, seat, action)
        # then the queued jobs, taken until a decision is needed; with none queued, the turn goes
        # on (written here rather than in a method of its own: it runs after every action)
        jobs = _JOBS
        for _ in _SETTLE:
            if self.end_reason is not None or self.decision is not None:
                break
            queue = self.queue
            if queue:
                job = queue.pop(0)
                jobs[job["j"]](self, job)
                continue
            turn = self.turn
            if turn is None:
                break
            step = turn["step"]
            if step in ("discard", "dominate", "ending"):  # skip_empty_steps skips none of these
                break
            if step == "draw" and turn["piece"] is None and not self.defeated[turn["seat"]] and (
                    self.deck[turn["seat"]] or self.discard[turn["seat"]]):
                break  # a card to draw: skip_empty_steps would leave the step as it is
            if step in ("draw", "free", "act") and turn["piece"] is None and self.defeated[turn["seat"]]:
                turn["step"] = "act"
                self.end_actions()  # defeated during their own turn: it ends
                continue
            if step == "act":
                piece = turn["piece"]
                if turn["used"] >= self.allowance() or (piece is not None and self.piece(piece) is None):
                    self.end_actions()
                    continue
                break  # actions are left: skip_empty_steps would find nothing to skip
            self.skip_empty_steps()
            if self.turn is turn and not self.queue and (turn["step"] == step or turn["step"] == "act"):
                break  # unchanged, or come to actions it has (skip_empty_steps ends them when none are left)
        else:
            raise RuntimeError("pharaoh: the job queue did not settle")
        # current_phase(), written out: this runs after every action
        if self.end_reason is not None:
            self.phase = "game_end"
        elif self.decision is not None:
            self.phase = self.decision["kind"]
        else:
            self.phase = self.turn["step"] if self.turn else "game_end"

    def _explain_illegal(self, seat: int, action: dict) -> str | None:
        from .reasons import explain
        return explain(self, seat, action)

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[dict]:
        found = []
        for seat in range(self.players):
            escape = ESCAPE_POINTS if self.winner == seat else 0
            life = max(self.life[seat], 0) if not self.defeated[seat] else 0
            found.append({"total": escape + life, "breakdown": {"escape": escape, "life": life}})
        return found

    def winners(self) -> list[int]:
        return [self.winner] if self.winner is not None else []

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict:
        revealed = self.chars[0] is not None
        seats = []
        for s in range(self.players):
            mine = s == seat
            entry = {"seat": s, "character": self.chars[s], "life": self.life[s], "defeated": self.defeated[s],
                     "hex": self.pos[s], "trapped": self.trapped[s], "hand": len(self.hand[s]),
                     "known": list(self.known[s]),
                     "deck": len(self.deck[s]), "discard": list(self.discard[s]),
                     "decklist": self.decklists[s], "ready": self.setup[s]["ready"]}
            if not revealed:
                entry["setup"] = dict(self.setup[s], cards=dict(self.setup[s]["cards"]),
                                      hexes=list(self.setup[s]["hexes"])) if mine else None
                if mine and self.setup[s]["mode"] == "build":  # what still keeps a custom deck from ready
                    entry["setup"]["problems"] = deck_issues(self.setup[s]["character"], self.setup[s]["cards"],
                                                               self.setup[s]["hexes"])
            seats.append(entry)
        strike = None
        if self.decision is not None and self.decision["kind"] in ("defend", "soak"):
            head = self.queue[0]
            strike = {k: head.get(k) for k in ("target", "label", "by", "source", "anytime", "dodgeable", "rolled",
                                                "amount", "dtype")}
            strike["dodge_at"] = self.dodge_score(head["target"])  # public: the dodge and tabled maluses
        return {"starter_set": True, "round": self.round, "round_limit": self.options["round_limit"],
                "first": self.first, "seats": seats, "hand": list(self.hand[seat]) if seat is not None else None,
                "crypt": [dict(h) for h in self.placed],
                "hexpile": {"count": len(self.hexpile), "contents": sorted(t for t, _ in self.hexpile)},
                "table": [dict(e) for e in self.table], "monsters": [dict(m) for m in self.monsters],
                "turn": self._turn_view(), "pending": dict(self.pending) if self.pending else None,
                "decision": dict(self.decision) if self.decision else None, "strike": strike,
                "window": dict(self.queue[0]) if self.decision and self.decision["kind"] == "window" else None,
                "winner": self.winner, "end_reason": self.end_reason}

    def _turn_view(self) -> dict | None:
        turn = self.turn
        if turn is None:
            return None
        return {"seat": turn["seat"], "step": turn["step"], "used": turn["used"], "allowance": self.allowance(),
                "why": self.allowance_parts(), "piece": turn["piece"], "start_hex": turn["start_hex"]}

    def allowance_parts(self) -> list[list]:
        """Why the allowance is what it is, for a reader: [cause, amount, what] with cause one of
        quad (the one action every turn), defeated, card (a tabled card), played (cards played this
        turn), benefit (the hex stood in, `what` its index), slow (hex events), cap (at most four, at
        least none). The amounts add up to allowance(), which stays written out for speed."""
        turn, seat = self.turn, self.turn["seat"]
        if self.defeated[seat]:
            return [["defeated", 1, None]]
        parts: list[list] = [["quad", 1, None]]
        factor, extra = 1, turn["added"] - turn["slow"]
        for entry in self.table:
            if entry["turn"] and entry["seat"] == seat:
                card = CARDS[entry["card"]]
                if card.effect == "rage":  # doubles the one action of the Quad: reads as what it adds
                    grown = factor * card.factor * 2 ** entry["enforced"]
                    parts.append(["card", grown - factor, entry["card"]])
                    factor = grown
                else:
                    extra += card.actions * 2 ** entry["enforced"]
                    parts.append(["card", card.actions * 2 ** entry["enforced"], entry["card"]])
        if turn["added"]:
            parts.append(["played", turn["added"], None])
        if "action" in self.benefits(seat):
            extra += 1
            parts.append(["benefit", 1, self.pos[seat]])
        if turn["slow"]:
            parts.append(["slow", -turn["slow"], None])
        if factor + extra > QUAD:
            parts.append(["cap", QUAD - factor - extra, None])
        elif factor + extra < 0:
            parts.append(["cap", -factor - extra, None])
        return parts

    # ------------------------------------------------------------------ chance
    def _check_outcome(self, kind: str, value, queued: list) -> None:
        if kind == "die":
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise IllegalAction(f"a die shows 1 to 6, not {value!r}", code="bad_outcome")
            return
        pool = self.chance_outcomes(kind)
        if not isinstance(value, str) or value not in pool:
            what = "any deck or discard pile" if kind == "card" else "the Hexpile"
            raise IllegalAction(f"{value!r} is not in {what}", code="bad_outcome")
        if kind == "hex":
            left = sum(1 for t, _ in self.hexpile if t == value) - sum(1 for k, v in queued if k == kind and v == value)
            if left <= 0:
                raise IllegalAction(f"no {value!r} is left in the Hexpile", code="bad_outcome")

    def chance_outcomes(self, kind: str) -> list:
        if kind == "die":
            return [1, 2, 3, 4, 5, 6]
        if kind == "card":
            return sorted({c for s in range(self.players) for c in self.deck[s] + self.discard[s]}, key=card_key)
        if kind == "hex":
            return sorted({t for t, _ in self.hexpile})
        raise IllegalAction(f"unknown chance kind {kind!r}", code="bad_outcome")

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        if self.chars[0] is None:  # set-up: others' choices are unknown, only whether they are ready
            for s in range(self.players):
                if s != seat:
                    ready = self.setup[s]["ready"]
                    self.setup[s] = blank_setup()
                    if ready:
                        deck = list(DECKS)[rng.below(len(DECKS))]
                        self.setup[s].update(prebuilt(deck), mode="pick", deck=deck, ready=True)
            return
        # every pool is put in a fixed order before it is shuffled, never left in the order the
        # true arrangement holds it: the world drawn must be a function of what the seat knows and
        # the rng, so that two tables that read the same to it give it the same worlds
        for s in range(self.players):
            if s == seat:
                self.deck[s].sort(key=card_key)
                rng.shuffle(self.deck[s])
                continue
            unknown = list(self.hand[s])
            for card_id in self.known[s]:  # seen going into the hand: it stays there
                unknown.remove(card_id)
            pool = sorted(unknown + self.deck[s], key=card_key)
            rng.shuffle(pool)
            size = len(unknown)
            self.hand[s] = sorted(self.known[s] + pool[:size], key=card_key)
            self.deck[s] = pool[size:]
        # which seat owns each hex left is public (the hexes chosen at set-up less those placed)
        self.hexpile.sort(key=lambda entry: (entry[0], entry[1]))
        rng.shuffle(self.hexpile)

    # ------------------------------------------------------------------ saves
    def _data(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        self._crypt = self._builds = self._checked = None
        for name in self._FIELDS:
            setattr(self, name, data[name])
        from .saves import check_save
        check_save(self)


# phase -> the method that carries out an action in it, looked up once (the turn's steps: _turn_action)
# (module globals: CPython 3.11 does not specialise a class attribute read through an instance)
_ON_ACTION = {phase: getattr(PharaohState, name) for phase, name in PharaohState._HANDLERS.items()}
_TURN_ACTION = PharaohState._turn_action
# job name -> the method that runs it (`_job_<name>`), looked up once rather than built per job
_JOBS = {name[5:]: getattr(PharaohState, name) for name in dir(PharaohState) if name.startswith("_job_")}

__all__ = ["PharaohState", "deck_problems", "HEXES", "MONSTERS"]
