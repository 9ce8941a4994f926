"""What the hard bot believes is under the other cups: worlds drawn from the bids, not from the dice alone.

`determinize` re-draws every other cup uniformly, as if the bids said nothing. They say a lot: the
`probabilistic` bot opens with the largest bid it expects to survive and raises only as far as its
own dice make safe, so its bid pins down roughly how many of the stone it holds. The search
therefore draws each other player's cup from the posterior given the bids that player made this
round, modelling every player as that bot: each possible cup (as a multiset of faces) is weighted by
its chance under fair dice, times 1 where the bot holding it would have made every one of that
player's bids and `MISMATCH` where it would not (a person or another bot bids otherwise, so no cup
is ever ruled out). Everything here is read from a determinised world, which holds only what the
searching seat may see: the bids are public, the cups being replaced are already re-drawn.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Callable

from ...engine import Rng
from .bot import ProbabilisticAgent

# Weight of a cup the model says would have bid otherwise: small, never zero (see above).
MISMATCH = 0.02


@lru_cache(maxsize=64)
def _cups(die: tuple[str, ...], count: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Every cup of `count` dice as a sorted multiset of faces, with its chance under fair dice."""
    faces = sorted(set(die))
    per_face = {f: die.count(f) / len(die) for f in faces}
    cups = []
    for cup in combinations_with_replacement(faces, count):
        counts = [cup.count(f) for f in faces]
        ways = factorial(count) / prod(factorial(c) for c in counts)
        cups.append((cup, ways * prod(per_face[f] ** c for f, c in zip(faces, counts))))
    return tuple(cups)


class Belief:
    """A sampler of worlds: `belief(rng)` draws a determinised world from `sample`, then re-draws
    each other player's cup from its posterior given their bids this round."""

    def __init__(self, sample: Callable[[Rng], object], seat: int, model=None):
        self.sample, self.seat = sample, seat
        self.model = model or ProbabilisticAgent()
        self.posteriors: dict[int, tuple[list, list[float]]] | None = None

    def __call__(self, rng: Rng):
        world = self.sample(rng)
        if self.posteriors is None:
            self.posteriors = self._posteriors(world)
        for seat, (cups, weights) in self.posteriors.items():
            cup = list(cups[_pick(weights, rng)])
            rng.shuffle(cup)
            world.dice[seat] = cup
        return world

    def _posteriors(self, world) -> dict[int, tuple[list, list[float]]]:
        if world.companion or world.phase not in ("bidding", "obsidian") or not world.bids:
            return {}
        found = {}
        for seat in {b[0] for b in world.bids}:
            if seat == self.seat or world.cursed[seat] or not world.dice[seat]:
                continue
            bids = [b for b in world.bids if b[0] == seat]
            view = world.view(seat)
            cups, weights = [], []
            for cup, chance in _cups(world.die, len(world.dice[seat])):
                cups.append(cup)
                weights.append(chance * self._fit(view, cup, bids))
            found[seat] = (cups, weights)
        return found

    def _fit(self, view: dict, cup: tuple[str, ...], bids: list[list]) -> float:
        """1 if the model holding `cup` would have made each of these bids, else MISMATCH."""
        me = view["seat"]
        view["seats"][me]["dice"] = list(cup)
        cap = view["cap"]
        for _, count, stone, answered in bids:
            view["stone"], view["bid"] = stone, answered
            first = 1 if answered is None else answered + 1
            legal = [{"type": "bid", "count": c} for c in range(first, cap + 1)]
            if answered is not None:
                legal.append({"type": "accuse"})
            _, choice = self.model._options(view, legal)
            if choice != {"type": "bid", "count": count}:
                return MISMATCH
        return 1.0


def _pick(weights: list[float], rng: Rng) -> int:
    total = sum(weights)
    point = rng.next64() / 2.0**64 * total
    for i, w in enumerate(weights):
        point -= w
        if point < 0:
            return i
    return len(weights) - 1
