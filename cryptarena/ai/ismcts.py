"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012),
for any registered game, over the public contract only.

The searching seat never holds the true state. Each iteration asks its `Worlds` for one full state
consistent with what the seat sees (the game's `determinize`, hidden parts re-drawn, a fresh RNG so
dice and draws are re-rolled too) and walks one shared tree with it:

- **Selection** follows the actions legal in this world; every child legal here counts one more
  "availability", and UCB1 uses it in place of the parent's visits (actions that exist only in
  some worlds — a card the opponent may hold — are not starved).
- **Expansion** adds one untried action, **roll-out** plays on with a policy (uniform by default;
  a game's heuristic bot when asked) up to a depth, and **back-propagation** credits each node
  with the reward of the seat that chose it.
- The tree is open-loop: a node is a sequence of actions, whatever the dice said in between.
- Take-backs (`Game.undo_actions`: a servant placed, a play being built) are never searched: they
  change nothing a search could want, and a bot that may take back can place and take back forever.

Several seats to act at once (simultaneous choices) are taken one at a time inside the tree: the
searching seat first where it is among them, the others in seat order. An opponent's node below
ours then "sees" our choice, which makes the search cautious, never over-optimistic.

Rewards: a finished game pays 1 to the winning side, shared among tied sides (a team is one side);
a roll-out cut at the depth limit is judged by the game's `search_value` estimate, else by how far
ahead on score each side is (`rewards`).

Budget: `iterations`, or `seconds` of thinking (then results depend on the machine's speed).
"""

from __future__ import annotations

import math
import time
from typing import Callable

from ..engine import Rng, action_key

# UCB1's exploration constant for rewards in [0, 1].
EXPLORATION = 0.7


class Node:
    """One action sequence from the root: visits, availability, the mover's total reward, children."""

    __slots__ = ("visits", "avail", "total", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[str, Node] = {}


def playable(legal: list[dict], undo: frozenset) -> list[dict]:
    """The actions a search considers: all but take-backs (`Game.undo_actions`), unless only those are left."""
    if not undo:
        return legal
    return [a for a in legal if a["type"] not in undo] or legal


def seat_to_move(state, me: int) -> int:
    acting = state.to_act()
    return me if me in acting else acting[0]


def rewards(state, sides: list | None, value: Callable | None = None) -> list[float]:
    """One number per seat in [0, 1]. A finished game pays 1 to the winning side, shared among tied
    sides. A game not over is judged by the game's own estimate (`value(state)`, its `search_value`)
    where it has one, else by the scores so far: each seat gets the share of the other sides it is
    ahead of (ties count half), so a lead pays before the end."""
    players = state.players
    side_of = sides or list(range(players))
    if state.is_over():
        winners = state.winners()
        if not winners:
            return [0.0] * players
        share = 1.0 / len({side_of[s] for s in winners})
        return [share if seat in winners else 0.0 for seat in range(players)]
    if value is not None:
        estimate = value(state)
        if estimate is not None:
            return list(estimate)
    totals = [s["total"] for s in state.scores()]
    others = len(set(side_of)) - 1
    if not others:
        return [0.5] * players
    out = []
    for seat in range(players):
        ahead = 0.0
        seen = set()
        for other in range(players):
            if side_of[other] == side_of[seat] or side_of[other] in seen:
                continue
            seen.add(side_of[other])
            ahead += 1.0 if totals[seat] > totals[other] else 0.5 if totals[seat] == totals[other] else 0.0
        out.append(ahead / others)
    return out


Policy = Callable[[object, int, list, Rng], dict]


def uniform_policy(state, seat: int, legal: list, rng: Rng) -> dict:
    return legal[rng.below(len(legal))]


def agent_policy(agent, mix: float = 0.0) -> Policy:
    """A roll-out policy from an agent (`act(view, legal, rng)`): the game's heuristic bot. With `mix`
    > 0 a uniform move is taken that often instead, to keep roll-outs varied."""
    def policy(state, seat: int, legal: list, rng: Rng) -> dict:
        if len(legal) == 1:
            return legal[0]
        if mix and rng.below(1_000_000) < mix * 1_000_000:
            return legal[rng.below(len(legal))]
        return agent.act(state.view(seat), legal, rng)
    return policy


class Search:
    """One decision's search for seat `me`, on worlds drawn by `sample(rng)`."""

    def __init__(self, me: int, sample: Callable[[Rng], object], rng: Rng, *, sides: list | None = None,
                 policy: Policy = uniform_policy, others: Policy | None = None, rollout_depth: int = 200,
                 tree_depth: int = 60, exploration: float = EXPLORATION, undo: frozenset = frozenset(),
                 value: Callable | None = None):
        self.me = me
        self.undo = undo
        self.value = value
        self.others = others
        self.sample = sample
        self.rng = rng
        self.sides = sides
        self.policy = policy
        self.rollout_depth = rollout_depth
        self.tree_depth = tree_depth
        self.exploration = exploration
        self.root = Node()
        self.iterations = 0

    def run(self, iterations: int | None = None, seconds: float | None = None) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give the search iterations or seconds")
        deadline = time.perf_counter() + seconds if seconds is not None else None
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self.iterate()
            done += 1

    def iterate(self) -> None:
        world = self.sample(self.rng.spawn())
        rng = self.rng
        node = self.root
        path: list[tuple[Node, int]] = []
        depth = 0
        others, undo = self.others, self.undo
        while not world.is_over() and depth < self.tree_depth:
            seat = seat_to_move(world, self.me)
            legal = playable(world.legal_actions(seat), undo)
            if others is not None and seat != self.me:
                world.apply(seat, others(world, seat, legal, rng))
                continue
            keys = [action_key(a) for a in legal]
            children = node.children
            untried = [i for i, k in enumerate(keys) if k not in children]
            for k in keys:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                i = untried[rng.below(len(untried))]
                child = Node()
                child.avail = 1
                children[keys[i]] = child
                world.apply(seat, legal[i])
                path.append((child, seat))
                break
            best, best_i = -1.0, 0
            for i, k in enumerate(keys):
                child = children[k]
                score = child.total / child.visits + self.exploration * math.sqrt(math.log(child.avail) / child.visits)
                if score > best:
                    best, best_i = score, i
            child = children[keys[best_i]]
            world.apply(seat, legal[best_i])
            path.append((child, seat))
            node = child
            depth += 1
        steps = 0
        while not world.is_over() and steps < self.rollout_depth:
            seat = world.to_act()[0]
            legal = playable(world.legal_actions(seat), undo)
            world.apply(seat, self.policy(world, seat, legal, rng))
            steps += 1
        reward = rewards(world, self.sides, self.value)
        self.root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.total += reward[seat]
        self.iterations += 1

    def best(self, legal: list[dict]) -> dict:
        """The most visited of the root's actions among `legal` (ties: the first in `legal`); never a
        take-back where anything else is legal."""
        legal = playable(legal, self.undo)
        best, best_visits = legal[0], -1
        for action in legal:
            child = self.root.children.get(action_key(action))
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best, best_visits = action, visits
        return best

    def statistics(self) -> list[dict]:
        """The root's actions with their visits and mean reward, most visited first."""
        rows = [{"action": key, "visits": c.visits, "value": c.total / c.visits if c.visits else 0.0}
                for key, c in self.root.children.items()]
        return sorted(rows, key=lambda r: -r["visits"])


class ISMCTSAgent:
    """A search bot: `act(view, legal, rng, worlds=...)`. Without worlds (a caller that cannot give
    them) it cannot search and says so. Options: `iterations` or `seconds`, a roll-out `policy`
    factory (game -> Policy; None: uniform), the roll-out and tree depth limits."""

    name = "ismcts"
    wants_worlds = True

    def __init__(self, game, *, iterations: int | None = 300, seconds: float | None = None,
                 rollout: Callable | None = None, opponents: Callable | None = None, rollout_depth: int = 200,
                 tree_depth: int = 60, exploration: float = EXPLORATION, name: str | None = None):
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_depth = rollout_depth
        self.tree_depth = tree_depth
        self.exploration = exploration
        self.policy = rollout(game) if rollout is not None else uniform_policy
        self.others = opponents(game) if opponents is not None else None
        if name:
            self.name = name
        self.last: Search | None = None

    def act(self, view: dict, legal: list[dict], rng: Rng, worlds=None) -> dict:
        choices = playable(legal, self.game.undo_actions)
        if len(choices) == 1:
            return choices[0]
        if worlds is None:
            raise ValueError(f"the {self.name} bot searches: it needs worlds (ai.agents.decide gives them)")
        search = Search(worlds.seat, worlds.sample, rng, sides=worlds.sides, policy=self.policy, others=self.others,
                        rollout_depth=self.rollout_depth, tree_depth=self.tree_depth,
                        exploration=self.exploration, undo=self.game.undo_actions,
                        value=getattr(self.game, "search_value", None))
        search.run(self.iterations, self.seconds)
        self.last = search
        return search.best(legal)


__all__ = ["ISMCTSAgent", "Node", "Search", "agent_policy", "playable", "rewards", "seat_to_move",
           "uniform_policy"]
