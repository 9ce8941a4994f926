"""`greedy`: a one-turn-lookahead Crypt heuristic that sees only its seat's view.

It values each card in the Crypt as its coins (2.5 when face-down and unknown) plus what the card adds
to its collector sets, and weighs that against exhaustion risk: a die set to effort e is exhausted
with probability (e-1)/6, and an exhausted die costs about DIE_COST coins (it stops scoring and needs
a Recover turn). Claims that later players could easily beat are discounted. Abilities are used
whenever they are free value (Pottery B, Idol A, Remains A, Manuscript B before claiming).
"""

from __future__ import annotations

from itertools import product

DIE_COST = 1.6  # coins an exhausted servant costs: its end-game coin plus the tempo of recovering
FACE_DOWN_GUESS = 2.5
MAX_EFFORT = 6


def exhaust_chance(effort: int) -> float:
    return (effort - 1) / 6


def push_risk(total: int, rivals_after: int) -> float:
    """Chance that a later player takes the card back: low totals are cheap to beat."""
    if rivals_after == 0:
        return 0.0
    per_rival = max(0.0, (8 - total) / 10)
    return 1 - (1 - per_rival) ** rivals_after


def set_value(view: dict, me: int, kind: str, value: float) -> float:
    """What one more card of `kind` (worth `value`) adds through its collector, beyond its coins."""
    side = next(c["side"] for c in view["collectors"] if c["type"] == kind)
    mine = [c["value"] for c in view["players"][me]["collection"] if c["type"] == kind]
    count = len(mine)
    known = [v for v in mine if v is not None] or [FACE_DOWN_GUESS] * count
    if kind == "idol":
        if side == "A":
            return 0.6
        first_taken = any(p["idol_b_first"] for p in view["players"])
        return (2 if first_taken else 5) if count == 1 else 0.5 if count == 0 else 0
    if kind == "jewelry":
        if side == "B":
            return 1
        best = max(known, default=0)
        return best if count == 1 and value < best else value if count == 1 else max(0, value - best)
    if kind == "manuscript":
        if side == "B":
            return 0.5
        gain = 4 - value
        return gain + sum(4 - v for v in known) if count == 1 else gain if count >= 2 else 0.8
    if kind == "pottery":
        if side == "B":
            return 1.2 if count % 2 == 1 else 0.4
        ladder = {0: 0, 1: 0, 2: 2, 3: 4}
        return ladder.get(count + 1, 8) - ladder.get(count, 8) + (0.7 if count == 0 else 0)
    if kind == "remains":
        if side == "A":
            return 0.8 if count % 2 == 1 else 0.3
        return {0: 0.5, 1: 1.5, 2: 3, 3: 10}.get(count, 0)
    if kind == "tapestry":
        if side == "A":
            return 2.0
        return {0: 0.5, 1: 1.5, 2: 5}.get(count, 0)
    return 0


class GreedyAgent:
    name = "greedy"

    def __init__(self, game=None):
        self.game = game
        self._plan: list[dict] = []
        self._plan_key = None

    def act(self, view: dict, legal: list[dict], rng) -> dict:
        types = {a["type"] for a in legal}
        me = view["seat"]
        if "pottery_take" in types:
            return max((a for a in legal if a["type"] == "pottery_take"),
                       key=lambda a: self._card_worth(view, me, view["crypt"][a["slot"]]))
        if "idol_reroll" in types:
            rerolls = {r["die"]: r["effort"] for r in view["idol_rerolls"]}
            return min((a for a in legal if a["type"] == "idol_reroll"), key=lambda a: rerolls[a["die"]])
        if "remains_recover" in types and view["phase"] in ("claim", "pottery"):
            return {"type": "remains_recover"}
        if view["phase"] == "claim" and me in view["to_act"]:
            if "manuscript_peek" in types and not view["pending"]:
                return {"type": "manuscript_peek"}
            return self._claim(view, legal, me)
        if "pass" in types:
            return {"type": "pass"}
        return legal[rng.below(len(legal))]

    # ------------------------------------------------------------------ claim turns
    def _claim(self, view: dict, legal: list[dict], me: int) -> dict:
        key = (view["round"], len(view["claim_order"]), me)
        if not view["pending"] or key != self._plan_key:
            self._plan_key = key
            self._plan = self._make_plan(view, me)
        while self._plan:
            step = self._plan.pop(0)
            if step in legal:
                return step
        for fallback in ({"type": "confirm"}, {"type": "recover"}, {"type": "pass"}):
            if fallback in legal:
                return fallback
        return next(a for a in legal if a["type"] != "take_back")

    def _make_plan(self, view: dict, me: int) -> list[dict]:
        dice = view["players"][me]["dice"]
        ready, exhausted = dice.count("ready"), dice.count("exhausted")
        rivals_after = sum(1 for s in view["claim_order"][1:] if s != me and self._has_dice(view, s))
        options = []
        for card in view["crypt"]:
            if card["owner"] == me:
                continue
            worth = self._card_worth(view, me, card)
            for count, effort in product(range(1, ready + 1), range(1, MAX_EFFORT + 1)):
                total = count * effort
                if total <= card["total"]:
                    continue
                keep = 1 - push_risk(total, rivals_after)
                gain = keep * (worth - count * exhaust_chance(effort) * DIE_COST)
                options.append((gain / count, gain, card["slot"], count, effort))
        options.sort(reverse=True)
        plan, used, slots = [], 0, set()
        for _, gain, slot, count, effort in options:
            if gain <= 0 or slot in slots or used + count > ready:
                continue
            if view["last_turn"] and slots:
                break
            plan += [{"type": "place", "slot": slot, "effort": effort}] * count
            used += count
            slots.add(slot)
        planned_gain = sum(o[1] for o in options if o[2] in slots and
                           plan.count({"type": "place", "slot": o[2], "effort": o[4]}) == o[3])
        if exhausted and (not plan or (exhausted >= 2 and ready <= 1) or planned_gain < 0.6 * exhausted):
            return [{"type": "recover"}]
        return plan + [{"type": "confirm"}] if plan else [{"type": "recover"}, {"type": "pass"}]

    @staticmethod
    def _has_dice(view: dict, seat) -> bool:
        if seat == "ghost":
            return True
        return "ready" in view["players"][seat]["dice"]

    @staticmethod
    def _card_worth(view: dict, me: int, card: dict) -> float:
        value = card["value"] if card["value"] is not None else FACE_DOWN_GUESS
        return value + set_value(view, me, card["type"], value)
