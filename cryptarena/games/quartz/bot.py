"""`greedy`: a one-step-lookahead Quartz heuristic that sees only its seat's view.

Rolling: every kept hand is valued as what its actions would bring now (pickaxe draws at the bag's
expected value, the jackhammer keeping its better half, the chest avoiding the fewest-in-chest −5,
dumping unstable crystals, stealing the best crystal on the table; helmet pairs go where they add
most). A reroll is taken when the expected value of the best subset to reroll beats keeping the hand
by more than what the reroll costs (nothing for a free one, a marker's worth otherwise), so the bot
stops at a good hand and spends markers only on a poor one.

Acting: wilds first, then pickaxe and jackhammer (their draws may bring unstable crystals to dump
and crystals to protect), steal, cart, chest last. Unstable crystals go to the leader (the highest
public score among the others); steals take the crystal worth most to this seat, preferring the
leader; the chest takes the most valuable crystals; the jackhammer returns black first, then the
least valuable.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from operator import mul

import numpy as np

from .components import (COLOURS, DICE, DIE_PRESETS, FACES, FEWEST_IN_CHEST_PENALTY, HELMETS_PER_WILD, MINIMUM,
                         SET_BONUS, UNSTABLE, UNSTABLE_PENALTY, VALUES)

ACTION_ORDER = ("pickaxe", "jackhammer", "steal", "cart", "chest")
MARKER_COST = 2.0  # a marker kept is a reroll later; worth nothing once the last turn is played
DUMP_VALUE = UNSTABLE_PENALTY * 1.5  # −3 off this seat, and −3 onto the leader
STEAL_HARM = 0.5  # a stolen crystal also costs the victim: count half of it again
CHEST_BUFFER_VALUE = 1.0  # a crystal beyond the minimum keeps the −5 away if others catch up


def set_bonus(count: int, capped: bool = True) -> int:
    """The set bonus for `count` identical crystals: 6 or more keep the 5-set's (`big_sets=cap`,
    the default) or earn none (`big_sets=none`)."""
    return SET_BONUS.get(min(count, max(SET_BONUS)) if capped else count, 0)


def crystal_value(colour: str, owned: int = 0, capped: bool = True) -> float:
    """What one more crystal of `colour` is worth to a seat holding `owned` of them."""
    if colour == UNSTABLE:
        return -UNSTABLE_PENALTY
    return VALUES[colour] + set_bonus(owned + 1, capped) - set_bonus(owned, capped)


@lru_cache(maxsize=None)
def _outcomes(k: int, die: tuple[str, ...] = FACES) -> tuple[tuple[tuple[int, ...], float], ...]:
    """What k rerolled dice with these six faces can show, as face counts (in FACES order), with
    their probabilities."""
    chance = [die.count(face) / len(die) for face in FACES]
    result = []
    for combo in combinations_with_replacement(range(len(FACES)), k):
        counts = tuple(combo.count(i) for i in range(len(FACES)))
        ways = factorial(k)
        p = 1.0
        for face, n in enumerate(counts):
            ways //= factorial(n)
            p *= chance[face] ** n
        if p > 0:
            result.append((counts, ways * p))
    return tuple(result)


def _counts(faces: list[str]) -> tuple[int, ...]:
    return tuple(faces.count(face) for face in FACES)


@lru_cache(maxsize=None)
def _hands(n: int) -> dict[tuple[int, ...], int]:
    """Every hand of n dice, as face counts (in FACES order), numbered: the index into a roll's table
    of hand values."""
    return {tuple(combo.count(i) for i in range(len(FACES))): index
            for index, combo in enumerate(combinations_with_replacement(range(len(FACES)), n))}


@lru_cache(maxsize=None)
def _wild_candidates(n: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """The hands of n dice grouped by how many wilds their helmets make: each group's hand numbers
    and its candidates (no wild, then each wild plan in `_hand_value`'s order) as the count of each
    kind, an index into a kinds × (0..n) worth table, laid out kinds × hands × candidates. Only the
    worth table changes from one roll to the next, so this is built once."""
    kinds = list(MINIMUM)
    groups: dict[int, tuple[list[int], list]] = {}
    for counts, index in _hands(n).items():
        faces = dict(zip(FACES, counts))
        wilds = faces.get("helmet", 0) // HELMETS_PER_WILD
        plans = [Counter()] + ([Counter(plan) for plan in combinations_with_replacement(kinds, wilds)] if wilds else [])
        numbers, candidates = groups.setdefault(wilds, ([], []))
        numbers.append(index)
        candidates.append([[k * (n + 1) + faces[kind] + extra[kind] for extra in plans]
                           for k, kind in enumerate(kinds)])
    return tuple((np.array(numbers), np.array(candidates).transpose(1, 0, 2).copy())
                 for numbers, candidates in groups.values())


@lru_cache(maxsize=None)
def _reroll_odds(kept: tuple[int, ...], k: int, die: tuple[str, ...]) -> tuple[np.ndarray, tuple[float, ...]]:
    """The hands that keeping `kept` and rerolling k dice can end in (their numbers in `_hands`), with
    their probabilities, in `_outcomes` order."""
    hands = _hands(sum(kept) + k)
    outcomes = _outcomes(k, die)
    return (np.array([hands[tuple(a + b for a, b in zip(kept, outcome))] for outcome, _ in outcomes]),
            tuple(p for _, p in outcomes))


class GreedyAgent:
    name = "greedy"

    def __init__(self, game=None):
        self.game = game
        self.capped = True  # the table's rules, read from view["options"] at each decision
        self.die = FACES

    def _value(self, colour: str, owned: int = 0) -> float:
        return crystal_value(colour, owned, self.capped)

    # ------------------------------------------------------------------ reading the view
    def _owned(self, view: dict, seat: int) -> dict:
        info = view["seats"][seat]
        return {c: info["cart"].get(c, 0) + info["chest"].get(c, 0) for c in (*COLOURS, UNSTABLE)}

    def _leader(self, view: dict, me: int, candidates: list[int] | None = None) -> int:
        others = candidates if candidates is not None else [s["seat"] for s in view["seats"] if s["seat"] != me]
        return max(others, key=lambda s: (view["seats"][s]["score"], -((s - me) % len(view["seats"]))))

    def _draw_values(self, view: dict, me: int) -> list[tuple[float, int]]:
        owned = self._owned(view, me)
        return [(self._value(c, owned[c]), n) for c, n in view["bag"].items() if n > 0]

    def _draw_ev(self, view: dict, me: int, values: list[tuple[float, int]] | None = None) -> float:
        values = self._draw_values(view, me) if values is None else values
        total = sum(n for _, n in values)
        return sum(v * n for v, n in values) / total if total else 0.0

    # ------------------------------------------------------------------ valuing a hand
    def _kind_values(self, view: dict, me: int) -> dict[str, list[float]]:
        """For each action kind, its value with 0..DICE+2 faces (this turn, this table)."""
        values = {kind: [0.0] * (DICE + 3) for kind in MINIMUM}
        seat = view["seats"][me]
        bag_size = view["bag_size"]
        draw_values = self._draw_values(view, me)
        ev = self._draw_ev(view, me, draw_values)
        draws = sorted((v for v, n in draw_values for _ in range(n)), reverse=True)
        owned = self._owned(view, me)
        steal_worth = {c: self._value(c, owned[c]) + STEAL_HARM * VALUES[c] for c in COLOURS}
        stealable = sorted((steal_worth[c] for s in view["seats"] if s["seat"] != me for c in COLOURS
                            for _ in range(s["cart"].get(c, 0))), reverse=True)
        protectable = sorted((VALUES[c] for c in COLOURS for _ in range(seat["cart"].get(c, 0))), reverse=True)
        my_chest = sum(seat["chest"].values())
        fewest_other = min(sum(s["chest"].values()) for s in view["seats"] if s["seat"] != me)
        for n in range(1, DICE + 3):
            values["pickaxe"][n] = max(0.0, ev) * min(n, bag_size)
            if n < 2:
                continue
            drawn = min(n, bag_size)
            keep = drawn - drawn // 2
            # the better half of the bag stands in for the better half of n draws
            top = draws[:max(1, len(draws) * keep // max(drawn, 1))]
            values["jackhammer"][n] = keep * sum(top) / len(top) if top else 0.0
            protect = protectable[:n - 1]
            after = my_chest + len(protect)
            safe = FEWEST_IN_CHEST_PENALTY if my_chest <= fewest_other < after else 0.0
            values["chest"][n] = safe + CHEST_BUFFER_VALUE * min(2, max(0, after - fewest_other - 1)) \
                + 0.1 * sum(protect)
            values["cart"][n] = DUMP_VALUE * min(n - 1, seat["cart"].get(UNSTABLE, 0))
            values["steal"][n] = sum(stealable[:n - 1])
        return values

    def _hand_value(self, faces: dict[str, int], helmets: int, used: list[str], values: dict) -> tuple:
        """The best value of a hand and the kinds its wilds should go to."""
        kinds = [k for k in MINIMUM if k not in used]

        def worth(kind: str, n: int) -> float:
            return values[kind][min(n, DICE + 2)] if n >= MINIMUM[kind] else 0.0

        base = {kind: faces.get(kind, 0) for kind in kinds}
        best = (sum(worth(kind, n) for kind, n in base.items()), ())
        for plan in combinations_with_replacement(kinds, helmets // HELMETS_PER_WILD) if kinds else []:
            extra = Counter(plan)
            total = sum(worth(kind, n + extra[kind]) for kind, n in base.items())
            if total > best[0] + 1e-9:
                best = (total, plan)
        return best

    def _hand_values(self, values: dict, n: int) -> np.ndarray:
        """`_hand_value` of every hand of n dice (no wild used yet), numbered as in `_hands`: all
        hands at once, with the same sums in the same order and the same tie margin, so each value
        is the very float `_hand_value` gives."""
        worth = np.array([[values[kind][min(c, DICE + 2)] if c >= MINIMUM[kind] else 0.0 for c in range(n + 1)]
                          for kind in MINIMUM]).ravel()
        result = np.empty(len(_hands(n)))
        for numbers, candidates in _wild_candidates(n):
            parts = worth[candidates]
            totals = parts[0]
            for part in parts[1:]:
                totals = totals + part  # kind by kind, as `sum` adds them
            # `_hand_value` keeps an earlier plan unless a later one beats it by more than 1e-9. That
            # ends at the maximum whenever every other plan equals it or falls short by more than
            # the margin; only a near-tie needs the plan-by-plan replay
            best = totals.max(axis=1)
            if not ((totals == best[:, None]) | (totals + 1e-9 < best[:, None])).all():
                best = totals[:, 0]
                for column in totals.T[1:]:
                    best = np.where(column > best + 1e-9, column, best)
            result[numbers] = best
        return result

    def reroll_expectations(self, view: dict, rerolls: list[dict], me: int) -> tuple[float, dict]:
        """The hand the dice make now, and each distinct reroll (told apart by the faces it keeps:
        subsets keeping the same faces are alike) with its expected hand value and the first of
        `rerolls` that makes it, in the order first met."""
        dice = view["dice"]
        hand_values = self._hand_values(self._kind_values(view, me), len(dice))
        counts = _counts(dice)
        current = float(hand_values[_hands(len(dice))[counts]])
        face_of = [FACES.index(face) for face in dice]
        expected_by_kept: dict[tuple[int, ...], tuple[float, dict]] = {}
        for action in rerolls:
            kept = list(counts)
            for i in action["dice"]:
                kept[face_of[i]] -= 1
            kept = tuple(kept)
            if kept not in expected_by_kept:
                hands, odds = _reroll_odds(kept, len(action["dice"]), self.die)
                # summed one term at a time in `_outcomes` order (not a dot product), so that the
                # expectations, and the ties between them, come out to the last bit as they always did
                expected_by_kept[kept] = (sum(map(mul, odds, hand_values[hands].tolist())), action)
        return current, expected_by_kept

    def _roll_choice(self, view: dict, legal: list[dict], me: int) -> dict:
        rerolls = [a for a in legal if a["type"] == "reroll"]
        if not rerolls:
            return {"type": "stop"}
        current, expected_by_kept = self.reroll_expectations(view, rerolls, me)
        last_round = view["round"] >= view["rounds"]
        cost = 0.0 if view["free_rerolls"] > 0 or last_round else MARKER_COST
        best_gain, best = 0.0, {"type": "stop"}
        # a later reroll keeping the same faces gains exactly as much, so never more than the first
        for expected, action in expected_by_kept.values():
            gain = expected - current - cost
            if gain > best_gain + 1e-9:
                best_gain, best = gain, action
        return best

    def read_rules(self, view: dict) -> None:
        """The table's rules that change values: big sets capped or not, the dice's faces."""
        options = view.get("options", {})
        self.capped = options.get("big_sets", "cap") == "cap"
        self.die = tuple(DIE_PRESETS.get(options.get("die_faces"), FACES))

    # ------------------------------------------------------------------ acting
    def act(self, view: dict, legal: list[dict], rng) -> dict:
        me, phase = view["seat"], view["phase"]
        self.read_rules(view)
        if phase == "roll":
            return self._roll_choice(view, legal, me)
        if phase == "actions":
            return self._action_choice(view, legal, me)
        choice = getattr(self, f"_{phase}", None)
        action = choice(view, legal, me) if choice else None
        return action if action in legal else legal[-1]

    def _action_choice(self, view: dict, legal: list[dict], me: int) -> dict:
        values = self._kind_values(view, me)
        wild = [a for a in legal if a["type"] == "wild"]
        if wild:
            _, plan = self._hand_value(view["faces"], view["helmets"], view["used"], values)
            if plan:
                target = {"type": "wild", "as": plan[0]}
                if target in legal:
                    return target
        uses = {a["face"]: a for a in legal if a["type"] == "use"}
        for kind in ACTION_ORDER:
            if kind in uses and (kind not in ("pickaxe", "jackhammer") or values[kind][view["faces"][kind]] > 0):
                return uses[kind]
        return {"type": "end_turn"}

    def _pickaxe(self, view: dict, legal: list[dict], me: int) -> dict:
        return {"type": "draw"} if self._draw_ev(view, me) > 0 else {"type": "stop"}

    def _jackhammer(self, view: dict, legal: list[dict], me: int) -> dict:
        owned = self._owned(view, me)
        # keeping one fewer of a colour: its value is what the last one of them added
        return min(legal, key=lambda a: self._value(a["colour"], owned[a["colour"]] - 1))

    def _chest(self, view: dict, legal: list[dict], me: int) -> dict:
        protect = [a for a in legal if a["type"] == "protect"]
        return max(protect, key=lambda a: VALUES.get(a["colour"], -1)) if protect else {"type": "stop"}

    def _cart(self, view: dict, legal: list[dict], me: int) -> dict:
        targets = [a["to"] for a in legal if a["type"] == "dump"]
        return {"type": "dump", "to": self._leader(view, me, targets)} if targets else {"type": "stop"}

    def _steal(self, view: dict, legal: list[dict], me: int) -> dict:
        steals = [a for a in legal if a["type"] == "steal"]
        if not steals:
            return {"type": "stop"}
        owned = self._owned(view, me)
        scores = {s["seat"]: s["score"] for s in view["seats"]}
        return max(steals, key=lambda a: (self._value(a["colour"], owned[a["colour"]]) + STEAL_HARM * VALUES[a["colour"]],
                                          scores[a["from"]]))
