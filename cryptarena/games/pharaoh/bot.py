"""`greedy`: a Pharaoh bot that plays every card type sensibly, from its seat's view only.

Aims, in order: escape (exit, dodging out of the exit when the hit would not defeat it), pick up a
Key, carry a Key toward the nearest exit; heal when hurt; fight what it can reach with the play of
the highest expected damage (a tabled weapon, a damage card with its best alteration, enhancement
and Enforce, an agent, a hit), finishing the weakest enemy character first and monsters when they
pay three cards; table armour, defences, agents and modifiers when there is nothing better; explore
to find exits and Keys. A defence turn is answered with a card when the blow is heavy, else with a
dodge (which costs nothing); a play-any-time window is answered when it pays (Thwart on a Rage, an
Enforce or a Ring; Clear on an enhancement). Defeated, it dominates the piece nearest a Key or an
exit and walks it there. Ties go to the first legal action, so the bot is deterministic but for
its choice of starter deck, drawn from the rng it is given.
"""

from __future__ import annotations

from .board import Crypt
from .components import CARDS, CHARACTERS, HAND_LIMIT, KEY

HEAVY = 6          # a blow worth a defence card rather than a dodge
HEAL_BELOW = 14    # life under which a potion is drunk
KEEP = {"key": 100, "block": 9, "ward": 9, "healing_potion": 8, "elixir_of_life": 9, "rally": 6}


def expected(dice: list) -> float:
    return sum(n * 3.5 + flat for n, flat, _ in dice)


def card_damage(card_id: str) -> float:
    card = CARDS[card_id]
    if card.damage is None:
        return 0.0
    return card.damage.n * 3.5 + card.damage.flat


def value(card_id: str) -> float:
    """How much a card in hand is worth keeping (discards go lowest first)."""
    return KEEP.get(card_id, 2 + card_damage(card_id) / 3 + CARDS[card_id].lp / 3)


class GreedyAgent:
    name = "greedy"

    def __init__(self, game=None):
        self.game = game
        self.cancelled: set = set()  # plays taken back this action: not started again

    def act(self, view: dict, legal: list[dict], rng) -> dict:
        phase = view["phase"]
        handler = getattr(self, f"_{phase}", None)
        choice = handler(view, legal, rng) if handler else None
        return choice if choice in legal else legal[0]

    # ------------------------------------------------------------------ set-up and the turn's steps
    def _setup(self, view, legal, rng):
        picks = [a for a in legal if a["type"] == "pick"]
        return picks[rng.below(len(picks))] if picks else None

    def _draw(self, view, legal, rng):
        return {"type": "draw"} if len(view["hand"]) < HAND_LIMIT - 1 else {"type": "skip"}

    def _free(self, view, legal, rng):
        for action in legal:
            if action["type"] == "escape":
                return action
        for action in legal:
            if action["type"] == "play" and CARDS[action["card"]].effect in ("rage", "haste", "ring"):
                return action
            if action["type"] == "play" and CARDS[action["card"]].effect == "draw":
                return action
        return {"type": "done"}

    def _discard(self, view, legal, rng):
        hand = view["hand"]
        if len(hand) <= HAND_LIMIT:
            return {"type": "done"}
        worst = min(hand, key=value)
        return {"type": "discard", "card": worst}

    def _event_discard(self, view, legal, rng):
        return {"type": "discard", "card": min(view["hand"], key=value)}

    def _place(self, view, legal, rng):
        return legal[0]

    def _escape(self, view, legal, rng):
        me = view["seat"]
        goal = self.goal(view, view["seats"][me]["hex"], self.holds_key(view, me))
        for action in legal:
            if action["type"] == "escape_to" and action["to"] == goal:
                return action
        return legal[0]

    # ------------------------------------------------------------------ actions
    def _act(self, view, legal, rng):
        me = view["seat"]
        if view["seats"][me]["defeated"]:
            return self.piece_turn(view, legal)
        return max(legal, key=lambda action: self.score(view, action))

    def score(self, view, action: dict) -> float:
        """What an action is worth now; the legal action worth most is taken (the first on a tie)."""
        me = view["seat"]
        kind = action["type"]
        if kind == "play" and (view["round"], view["turn"]["used"], action["card"]) in self.cancelled:
            return -10
        seat = view["seats"][me]
        here, life = seat["hex"], seat["life"]
        has_key = self.holds_key(view, me)
        if kind in ("exit", "pickup"):
            return 1000 if kind == "exit" else 900
        if kind == "move":
            goal = self.goal(view, here, has_key)
            step = self.step_toward(view, here, goal, [action])
            return (300 if has_key else 200) if step == action else 5
        if kind == "explore":
            return 250 if has_key and self.goal(view, here, True) is None else 150
        if kind == "play":
            card = CARDS[action["card"]]
            if card.effect == "heal":
                return 400 if life < HEAL_BELOW else -1
            if card.effect == "draw":
                return 180 if not has_key else 60
            if card.effect in ("armor", "tabled_block") or (card.is_agent and action["method"] == "table"):
                return 120
            if card.effect == "key":
                return 40
            if card.effect == "teleport" and has_key:  # straight to an exit when it is not next door
                exits = [i for i, h in enumerate(view["crypt"]) if h["exit"]]
                return 320 if exits and self.distance(view, here, exits) > 1 else 10
            if card.effect in ("phase_walk", "teleport"):
                return 20
        if kind == "ability" and "card" in action:
            hand = view["hand"] or []
            return 50 if not any(CARDS[c].effect == "damage" for c in hand) else -1
        if kind == "ability" and CHARACTERS[seat["character"]].ability == "repair":
            return 350 if life < HEAL_BELOW or "uid" in action else -1
        damage = self.attack_value(view, action)
        if damage is not None:
            return damage
        return 0 if kind == "end" else 1

    def attack_value(self, view, action):
        """An attack is worth its expected damage against the best target it can reach: an enemy
        character (more when hurt or near an exit), or a monster it can finish (three cards)."""
        me = view["seat"]
        kind = action["type"]
        if kind == "use":
            entry = next(e for e in view["table"] if e["uid"] == action["uid"])
            card = CARDS[entry["card"]]
            damage = entry["lp"] * card.per_lp if card.per_lp else card_damage(entry["card"])
        elif kind == "play":
            card = CARDS[action["card"]]
            if card.effect == "damage":
                damage = card_damage(action["card"]) * (1.5 if card.all else 1) + (1 if action["method"] == "table" else 0)
            elif card.is_agent and action["method"] == "table_hex":
                damage = card_damage(action["card"]) or card.lp
            elif card.effect in ("curse", "hex_trap", "disarm"):
                damage = 2.5
            else:
                return None
        elif kind == "hit":
            damage = 3.5
        elif kind == "ability":
            ability = CHARACTERS[view["seats"][me]["character"]].ability
            if ability not in ("cleave", "retribution"):
                return None
            damage = 7.0 if ability == "cleave" else 4.0
        else:
            return None
        here = view["seats"][me]["hex"]
        enemies = [s for s in view["seats"] if s["seat"] != me and not s["defeated"] and s["hex"] is not None
                   and self.distance(view, here, [s["hex"]]) <= 1]
        weak = [m for m in view["monsters"] if m["hex"] == here and m["dominated_by"] is None
                and m["lp"] <= damage * 1.5]
        if kind == "hit" and not any(s["hex"] == here for s in enemies) and not weak:
            return None
        if not enemies and not weak:
            return None
        return 100 + damage * 5

    # ------------------------------------------------------------------ building a play
    def _build(self, view, legal, rng):
        targets = [a for a in legal if a["type"] == "target"]
        attachable = [a for a in legal if a["type"] == "attach"]  # a Lock protects what is tabled
        if not targets:  # only a Long Shot can bring a target in reach: it goes first
            reach = [a for a in attachable if CARDS[a["card"]].effect == "reach"]
            if reach:
                return reach[0]
        for action in attachable + [a for a in legal if a["type"] == "modifier"]:
            if CARDS[action["card"]].effect != "reach" or not targets:
                return action
        if targets:
            return max(targets, key=lambda a: self.target_value(view, a["target"]))
        if {"type": "confirm"} in legal:
            return {"type": "confirm"}
        self.cancelled.add((view["round"], view["turn"]["used"] if view["turn"] else 0, view["pending"]["card"]))
        return {"type": "cancel"}

    def target_value(self, view, ref: str) -> float:
        me = view["seat"]
        kind, num = ref[0], int(ref[1:])
        if kind == "c":
            seat = view["seats"][num]
            return 20 + (25 - seat["life"]) + (15 if seat["hand"] and seat["hex"] is not None and
                                                 view["crypt"][seat["hex"]]["exit"] else 0)
        if kind == "m":
            monster = next(m for m in view["monsters"] if m["uid"] == num)
            return 10 - monster["lp"] / 3 + (30 if monster["keys"] else 0)
        if kind == "h" and view["pending"] and view["pending"]["card"] in ("teleporter", "phase_walk"):
            hexes = view["crypt"]
            return (100 if self.holds_key(view, me) and hexes[num]["exit"] else 0) + 80 * hexes[num]["keys"]
        if kind == "h":
            here = view["seats"][me]["hex"]
            enemies = sum(1 for s in view["seats"] if s["seat"] != me and s["hex"] == num and not s["defeated"])
            return 5 * enemies - (50 if num == here else 0)
        return 5.0

    # ------------------------------------------------------------------ out of turn
    def _window(self, view, legal, rng):
        for action in legal:
            if action["type"] == "respond" and CARDS[action["card"]].effect == "thwart":
                return action
        for action in legal:
            if action["type"] == "respond" and action["target"] == "enhancement":
                return action
        return {"type": "pass"}

    def _defend(self, view, legal, rng):
        strike = view["strike"]
        damage = sum(amount for amount, _ in strike["rolled"] or [])
        me = view["seat"]
        life = view["seats"][me]["life"]
        if {"type": "dodge_exit"} in legal and damage < life:
            return {"type": "dodge_exit"}
        if damage >= HEAVY or damage >= life:
            for action in legal:
                if action["type"] == "defend":
                    return action
        dodges = [a for a in legal if a["type"] == "dodge"]
        if dodges:
            boosted = [a for a in dodges if "card" in a]
            if boosted and damage >= HEAVY:
                return max(boosted, key=lambda a: CARDS[a["card"]].bonus)
            return {"type": "dodge"}
        for action in legal:
            if action["type"] == "defend":
                return action
        return {"type": "take"}

    def _soak(self, view, legal, rng):
        def lp(action):
            return next(e["lp"] for e in view["table"] if e["uid"] == action["uid"])
        return max(legal, key=lp)

    # ------------------------------------------------------------------ domination
    def _dominate(self, view, legal, rng):
        def score(action):
            ref = action.get("piece", "")
            if ref[:1] == "m":
                monster = next(m for m in view["monsters"] if m["uid"] == int(ref[1:]))
                return 100 * monster["keys"] - self.distance(view, monster["hex"], self.key_hexes(view))
            if ref[:1] == "t":
                entry = next(e for e in view["table"] if e["uid"] == int(ref[1:]))
                return 100 * entry["keys"] - self.distance(view, entry["hex"], self.key_hexes(view))
            return -50
        return max(legal, key=score)

    def piece_turn(self, view, legal):
        types = {a["type"] for a in legal}
        for wanted in ("exit", "pickup"):
            if wanted in types:
                return {"type": wanted}
        ref = view["turn"]["piece"]
        piece = self.piece(view, ref)
        if piece is not None:
            goal = self.goal(view, piece["hex"], bool(piece["keys"]))
            step = self.step_toward(view, piece["hex"], goal, legal)
            if step is not None:
                return step
        if "hit" in types:
            return {"type": "hit"}
        return {"type": "end"}

    # ------------------------------------------------------------------ the map
    def piece(self, view, ref):
        if not ref:
            return None
        pool = view["monsters"] if ref[0] == "m" else view["table"]
        return next((p for p in pool if p["uid"] == int(ref[1:])), None)

    def holds_key(self, view, seat: int) -> bool:
        return (seat == view["seat"] and KEY in (view["hand"] or [])) or \
            any(e["seat"] == seat and e["card"] == KEY for e in view["table"])

    def key_hexes(self, view) -> list[int]:
        return [i for i, h in enumerate(view["crypt"]) if h["keys"]]

    def goal(self, view, here: int | None, carrying: bool) -> int | None:
        """The nearest exit when carrying a Key, else the nearest Key on the floor."""
        targets = [i for i, h in enumerate(view["crypt"]) if h["exit"]] if carrying else self.key_hexes(view)
        if here is None or not targets:
            return None
        paths = self.paths(view, here)
        reachable = [t for t in targets if t in paths]
        return min(reachable, key=lambda t: len(paths[t])) if reachable else None

    def paths(self, view, here: int) -> dict:
        return Crypt([dict(h) for h in view["crypt"]]).paths(here)

    def distance(self, view, here: int | None, targets: list[int]) -> int:
        if here is None or not targets:
            return 50
        paths = self.paths(view, here)
        return min((len(paths[t]) for t in targets if t in paths), default=50)

    def step_toward(self, view, here, goal, legal):
        if goal is None or here is None or goal == here:
            return None
        path = self.paths(view, here).get(goal)
        if not path:
            return None
        move = {"type": "move", "to": path[0]}
        return move if move in legal else None

