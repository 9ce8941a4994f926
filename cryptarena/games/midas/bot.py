"""`probabilistic`: a Midas bot that bids and accuses from the exact distribution of the count.

It sees only its seat's view. The count of the announced stone under all cups is its own dice
(known) plus the others' dice, each an independent die uniform over `view["die"]`. A face's value
is public (stone 1, diamond 2, favour 1 + favours granted) except Obsidian once someone is Cursed:
then it is the sum of the cursed players' hidden cards, modelled as independent fair 0/1 coins.
Every Obsidian face shares that one value, so the distribution is a mixture: for each Obsidian value
the others' total is the n-fold convolution of one die's value distribution (cached per number of
dice and value vector), shifted by the bot's own count.

Bidding, with S(b) = P(count ≥ b):
- opening: the largest bid with S ≥ OPEN_SAFETY;
- later: the largest raise with S ≥ RAISE_SAFETY; when no raise is that safe, it accuses if
  1 − S(bid) ≥ ACCUSE_BIAS · S(bid + 1), else it makes the smallest raise. A thin raise is worth
  more than its S, because the next player may raise again rather than call: so it calls only when
  the call wins clearly more often (with 2.5, roughly when S(bid) < 0.3);
- holding Pot-de-vin, it bribes when another stone makes its best option (accuse or raise) more
  likely to win by BRIBE_GAIN: typically a stone it holds many of.
The thresholds were tuned in self-play (a variant against the rest of the table, 600–1200 seeded
games at 2–4 players): cautious bids and reluctant calls beat bolder settings (0.6–0.9 safety,
accusing below S = 0.5) by up to 14 points of win share per seat at 3 players; around these values
the differences are within the noise. Random players almost never win against it.

Penalty: a draw while immune is free; otherwise it loses a die while it has more than
KEEP_DICE dice and the draw would curse it with probability ≥ DRAW_RISK (1/coins, about 2/coins
under Damocles), else it draws (a small chest's risk outweighs a die, a big chest's does not).

Favours, the first that applies: Echange when another player's chest holds at least two more coins
than its own would after paying; Immunite; Damocles when it is immune or has dice to spare and
the others' chests are small; Pot-de-vin once Immunite has gone to someone (one favour per game:
a cheap bribe must not use up the chance of Immunite); else pass.

A cursed player's Obsidian card is chosen at random: the cards are played before any bid, so there
is no bid yet to make wrong, and a cursed player can no longer win. Companion tables (never seated
with bots) get a plain legal choice: reveal when the table is playing, else a random legal action.
"""

from __future__ import annotations

from functools import lru_cache

from .components import DIAMOND, FAVOUR, FAVOURS, OBSIDIAN

OPEN_SAFETY = 0.95    # an opening bid should survive a call this often
RAISE_SAFETY = 0.97   # a raise counts as safe at this survival probability
ACCUSE_BIAS = 2.5     # accuse when P(accusation wins) ≥ ACCUSE_BIAS × S(smallest raise)
BRIBE_GAIN = 0.15     # a bribe must lift the best option's win probability this much
KEEP_DICE = 2         # at or below this many dice, keep them and draw instead
DRAW_RISK = 0.12      # lose a die rather than draw when the draw curses this often


@lru_cache(maxsize=None)
def _others_total(dice: int, values: tuple[int, ...]) -> tuple[float, ...]:
    """P(total = t) for `dice` independent dice, each showing one of `values` uniformly."""
    if dice == 0:
        return (1.0,)
    one = [0.0] * (max(values) + 1)
    for v in values:
        one[v] += 1 / len(values)
    previous = _others_total(dice - 1, values)
    result = [0.0] * (len(previous) + len(one) - 1)
    for t, p in enumerate(previous):
        if p:
            for v, q in enumerate(one):
                if q:
                    result[t + v] += p * q
    return tuple(result)


def _binomial_half(k: int) -> list[float]:
    """P(sum of k fair 0/1 cards = o), o = 0..k."""
    weights = [1.0]
    for _ in range(k):
        weights = [(a + b) / 2 for a, b in zip([0.0] + weights, weights + [0.0])]
    return weights


def face_value(face: str, stone: str, values: dict, obsidian: int) -> int:
    if face == DIAMOND:
        return values["diamond"]
    if face == FAVOUR:
        return values["favour"]
    if face == OBSIDIAN:
        return obsidian
    return values["stone"] if face == stone else 0


def count_distribution(view: dict, stone: str | None = None) -> list[float]:
    """P(count of `stone` (default: the announced one) under all cups = t), from `view`'s seat."""
    me, stone = view["seat"], stone or view["stone"]
    seats, values = view["seats"], view["values"]
    own_dice = seats[me]["dice"] or []
    others = sum(s["dice_count"] for s in seats if s["seat"] != me and not s["cursed"])
    if values["obsidian"] is not None:
        obsidian_odds = [0.0] * values["obsidian"] + [1.0]
    else:  # hidden cards: the bot's own (if cursed) is known, the others are fair coins
        own_card = seats[me]["obsidian"] if seats[me]["cursed"] and seats[me]["obsidian"] is not None else 0
        unknown = sum(1 for s in seats if s["cursed"] and not (s["seat"] == me and s["obsidian"] is not None))
        obsidian_odds = [0.0] * own_card + _binomial_half(unknown)
    total: list[float] = []
    for obsidian, weight in enumerate(obsidian_odds):
        if not weight:
            continue
        die_values = tuple(face_value(f, stone, values, obsidian) for f in view["die"])
        mine = sum(face_value(f, stone, values, obsidian) for f in own_dice)
        rest = _others_total(others, die_values)
        if len(total) < mine + len(rest):
            total += [0.0] * (mine + len(rest) - len(total))
        for t, p in enumerate(rest):
            total[mine + t] += weight * p
    return total


def survival(distribution: list[float]) -> list[float]:
    """S[b] = P(count ≥ b), for b = 0..len (S[len] = 0)."""
    tail = [0.0] * (len(distribution) + 1)
    for b in range(len(distribution) - 1, -1, -1):
        tail[b] = tail[b + 1] + distribution[b]
    return tail


def at_least(tail: list[float], bid: int) -> float:
    return tail[bid] if bid < len(tail) else 0.0


class ProbabilisticAgent:
    name = "probabilistic"
    # the module's constants, as attributes so that a variant can be tried by overriding them
    OPEN_SAFETY, RAISE_SAFETY, ACCUSE_BIAS = OPEN_SAFETY, RAISE_SAFETY, ACCUSE_BIAS
    BRIBE_GAIN, KEEP_DICE, DRAW_RISK = BRIBE_GAIN, KEEP_DICE, DRAW_RISK

    def __init__(self, game=None):
        self.game = game

    def act(self, view: dict, legal: list[dict], rng) -> dict:
        if view.get("mode") == "companion":
            return self._companion(legal, rng)
        kinds = {a["type"] for a in legal}
        if "obsidian" in kinds:
            return rng.choice([a for a in legal if a["type"] == "obsidian"])
        if "bid" in kinds or "accuse" in kinds:
            return self._bidding(view, legal)
        if "draw" in kinds:
            return self._penalty(view, legal)
        if "pass" in kinds:
            return self._favour(view, legal)
        if kinds == {"swap"}:
            return self._swap(view, legal)
        if kinds == {"bribe"}:  # asked out of turn while holding Pot-de-vin: the stone we hold most of
            return max(legal, key=lambda a: self._expected_count(view, a["stone"]))
        return legal[rng.below(len(legal))]

    def _expected_count(self, view: dict, stone: str) -> float:
        return sum(t * p for t, p in enumerate(count_distribution(view, stone)))

    # ------------------------------------------------------------------ bidding
    def _options(self, view: dict, legal: list[dict], stone: str | None = None) -> tuple[float, dict]:
        """The best of accusing and bidding, with its chance of winning if the next player calls."""
        tail = survival(count_distribution(view, stone))
        counts = [a["count"] for a in legal if a["type"] == "bid"]
        can_accuse = any(a["type"] == "accuse" for a in legal)
        bid = view["bid"]
        if not counts:
            return 1 - at_least(tail, bid), {"type": "accuse"}
        safety = self.OPEN_SAFETY if bid is None else self.RAISE_SAFETY
        safe = [c for c in counts if at_least(tail, c) >= safety]
        if safe:
            best = max(safe)
            return at_least(tail, best), {"type": "bid", "count": best}
        smallest = min(counts)
        if bid is not None and can_accuse:
            accuse_wins = 1 - at_least(tail, bid)
            if accuse_wins >= self.ACCUSE_BIAS * at_least(tail, smallest):
                return accuse_wins, {"type": "accuse"}
        return at_least(tail, smallest), {"type": "bid", "count": smallest}

    def _bidding(self, view: dict, legal: list[dict]) -> dict:
        in_turn = [a for a in legal if a["type"] != "bribe"]
        chance, choice = self._options(view, in_turn)
        bribes = [a for a in legal if a["type"] == "bribe"]
        if bribes:
            best_bribe, best_chance = None, chance + self.BRIBE_GAIN
            for bribe in bribes:
                bribed, _ = self._options(view, in_turn, bribe["stone"])
                if bribed >= best_chance:
                    best_bribe, best_chance = bribe, bribed
            if best_bribe is not None:
                return best_bribe
        return choice

    # ------------------------------------------------------------------ penalty and favours
    def _penalty(self, view: dict, legal: list[dict]) -> dict:
        me = view["seats"][view["seat"]]
        lose_die = next((a for a in legal if a["type"] == "lose_die"), None)
        draw = next(a for a in legal if a["type"] == "draw")
        if me["immune"] or lose_die is None:
            return draw
        coins = max(me["chest"], 1)
        risk = min(1.0, (2 if view["damocles"] else 1) / coins)
        if me["dice_count"] > self.KEEP_DICE and risk >= self.DRAW_RISK:
            return lose_die
        return draw

    def _favour(self, view: dict, legal: list[dict]) -> dict:
        me = view["seat"]
        mine = view["seats"][me]
        offered = {a["favour"] for a in legal if a["type"] == "buy"}
        pays_from_chest = view["options"].get("favour_payment") == "chest"
        others = [s for s in view["seats"] if s["seat"] != me and not s["cursed"]]
        if "echange" in offered:
            after = mine["chest"] - (FAVOURS["echange"] if pays_from_chest else 0)
            if max((s["chest"] for s in others), default=0) >= after + 2:
                return {"type": "buy", "favour": "echange"}
        if "immunite" in offered and not mine["immune"]:
            after = mine["chest"] - (FAVOURS["immunite"] if pays_from_chest else 0)
            if after >= 2:  # paying must not leave the chest a near-certain curse
                return {"type": "buy", "favour": "immunite"}
        if "damocles" in offered and (mine["immune"] or mine["dice_count"] > self.KEEP_DICE):
            if min((s["chest"] for s in others), default=99) <= 3:
                return {"type": "buy", "favour": "damocles"}
        if "pot_de_vin" in offered and view["favours"]["immunite"]["granted_to"] is not None:
            return {"type": "buy", "favour": "pot_de_vin"}  # Immunite is gone: a bribe is the best left
        return {"type": "pass"}

    def _swap(self, view: dict, legal: list[dict]) -> dict:
        chests = {s["seat"]: s["chest"] for s in view["seats"]}
        return max(legal, key=lambda a: chests[a["with"]])

    def _companion(self, legal: list[dict], rng) -> dict:
        reveal = [a for a in legal if a["type"] == "reveal"]
        return reveal[0] if reveal else legal[rng.below(len(legal))]
