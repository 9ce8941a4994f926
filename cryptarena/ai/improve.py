"""Roll-out policy improvement (Tesauro & Galperin 1996) on determinised worlds: for each candidate
action, play the same sampled worlds on with a base policy (the game's heuristic bot, every seat on
its own view of the world) and take the candidate whose worlds end best for us.

Candidates are compared on common random numbers: world k is drawn once and every candidate is
played from a copy of it with the same random stream, so the comparison sees the action's effect
and little of the luck. Where there are more legal actions than `width`, the base policy's own
choice is always a candidate and the others are drawn at random. The search departs from the base
policy's choice only on evidence: another candidate must beat it on the same worlds by a margin the
paired differences make significant.

A heuristic bot may remember things between its moves (Crypt's greedy bot plans a claim turn and
plays it out step by step). Every roll-out therefore plays each seat with its own fork of the bot
(`fork`): the searching seat's fork starts from the bot as the real game has left it, the other
seats' from a bot that has not played, and nothing a roll-out does leaks into the real bot. When the
search keeps the bot's own choice, the real bot moves on as if it had chosen (its plan advances).

In a game of much luck a whole game drowns one move's effect, even on common random numbers (after a
different first move the same stream deals different dice to everyone). `horizon="cycle"` ends a roll-out when the table comes back to the searching seat, judged by the
game's estimate or the scores (cheap and far less noisy than a whole game; blind beyond it), and
`wins=0` judges by the score margin alone. In a game whose turn holds other seats' answers (Pharaoh:
a defence against our attack, a play-any-time window) the table comes back to us inside our own
turn, so candidates that provoke an answer would be judged before the others' turns and those that
do not after them; `horizon="turn"` counts the returns of the turn itself (the game's
`search_turn`), so every candidate is judged at the start of our next turn. `horizon="own_turn"` cuts sooner still,
as soon as our own turn is over, for a game whose `search_value` reads what a turn leaves on the
table better than the dice of the others' turns show it (Quartz).

A game may also say which moves deserve a roll-out (`search_candidates`), draw its worlds from what
the others' moves revealed (`search_belief`), and name a move its own long study found best where a
few roll-outs cannot tell (`search_book`: Pharaoh's starter deck, whose worth shows only over whole
games, and its exit rolls, whose one-in-six chance to win drowns in a turn of dice).
"""

from __future__ import annotations

import copy
import math
import time
from typing import Callable

from ..engine import Rng, action_key
from .ismcts import playable, rewards


def fork(agent):
    """A copy of a bot that decides as it would and remembers what it remembers, without sharing
    that memory: the bot's own `fork()` where it has one (to share its caches), else a deep copy
    that leaves the rules object shared."""
    own = getattr(agent, "fork", None)
    if own is not None:
        return own()
    game = getattr(agent, "game", None)
    return copy.deepcopy(agent, {id(game): game} if game is not None else None)

# How sure the search must be before it departs from the base policy: the paired mean advantage,
# less this many standard errors, must stay above zero (1.65: about 95% one-sided).
CONFIDENCE = 1.65


def margin_utility(state, me: int, sides: list | None, scale: float) -> float:
    """How far ahead `me`'s side is on score, squashed into (-1, 1): its total less the best other
    side's, over `scale` points. Worlds a candidate wins or loses anyway still say by how much, which
    is what makes a paired comparison of candidates sharp on few worlds."""
    totals = [s["total"] for s in state.scores()]
    side_of = sides or list(range(state.players))
    mine = side_of[me]
    rivals = [t for seat, t in enumerate(totals) if side_of[seat] != mine]
    if not rivals:
        return 0.0
    return math.tanh((totals[me] - max(rivals)) / scale)


class Improvement:
    """One decision for seat `me`: `run(worlds)` then `best`."""

    def __init__(self, me: int, sample: Callable[[Rng], object], base, rng: Rng, *,
                 sides: list | None = None, width: int = 6, depth: int = 400, undo: frozenset = frozenset(),
                 value: Callable | None = None, confidence: float = CONFIDENCE, margin: float = 0.0,
                 score_scale: float = 10.0, fresh=None, hints: Callable | None = None,
                 horizon: str = "game", wins: float = 1.0, cycles: int = 1, turn_of: Callable | None = None):
        self.cycles = cycles
        # horizon "turn": whose turn it is (the game's `search_turn`), so that a roll-out is cut when
        # our own turn comes round again, not when another seat's answer inside our turn (a defence
        # against our attack) hands the table back to us
        self.turn_of = turn_of
        self.me, self.sample, self.base, self.rng = me, sample, base, rng  # base: the heuristic bot
        # the other seats' bot: one that has played no real move (its memory is `me`'s, not theirs)
        self.fresh = fresh if fresh is not None else fork(base) if base is not None else None
        self.chosen_by_base: object | None = None  # the bot after making its own choice
        self.preferred: dict | None = None
        self.value, self.hints, self.horizon, self.wins = value, hints, horizon, wins
        self.confidence, self.margin, self.score_scale = confidence, margin, score_scale
        self.sides, self.width, self.depth, self.undo = sides, width, depth, undo
        self.totals: dict[str, float] = {}
        self.worlds = 0

    def candidates(self, view_legal: list[dict], world) -> list[dict]:
        legal = playable(view_legal, self.undo)
        self.chosen_by_base = fork(self.base)
        preferred = self.chosen_by_base.act(world.view(self.me), legal, self.rng.spawn())
        self.preferred = preferred
        others = [a for a in legal if a != preferred]
        self.rng.shuffle(others)
        if self.hints is not None:  # the game's own short list of moves worth trying comes first
            hinted = [a for a in self.hints(world.view(self.me), legal) if a != preferred and a in others]
            others = hinted + [a for a in others if a not in hinted]
        return [preferred, *others[: max(0, self.width - 1)]]

    def run(self, legal: list[dict], worlds: int, seconds: float | None = None) -> dict:
        """Up to `worlds` worlds, fewer if `seconds` run out first (at least one)."""
        deadline = time.perf_counter() + seconds if seconds is not None else None
        first = self.sample(self.rng.spawn())
        chosen = self.candidates(legal, first)
        keys = [action_key(a) for a in chosen]
        results: list[list[float]] = [[] for _ in chosen]
        for k in range(worlds):
            if k and deadline is not None and time.perf_counter() >= deadline:
                break
            world = first if k == 0 else self.sample(self.rng.spawn())
            stream = self.rng.next64()
            for i, action in enumerate(chosen):
                results[i].append(self.play_out(world, action, stream))
            self.worlds += 1
        for key, row in zip(keys, results):
            self.totals[key] = sum(row)
        return chosen[self.pick(results)]

    def play_out(self, world, action: dict, stream: int) -> float:
        state = world.clone()
        state.rng = Rng(stream)  # the same dice after every candidate
        roll = Rng(stream ^ 0x5DEECE66D)
        state.apply(self.me, action)
        bots = {self.me: fork(self.chosen_by_base if action == self.preferred else self.base)}
        steps = 0
        last = self.me
        returns = 0
        while not state.is_over() and steps < self.depth:
            seat = state.to_act()[0]
            owner = self.turn_of(state) if self.turn_of is not None else seat
            if self.horizon in ("cycle", "turn") and owner == self.me and last != self.me:
                returns += 1
                if returns >= self.cycles:
                    break  # every other seat has answered: judge the table as it comes back to us
            if self.horizon == "own_turn" and owner != self.me and last == self.me:
                break  # our turn is over: the game's estimate judges what it left
            last = owner
            options = playable(state.legal_actions(seat), self.undo)
            if len(options) == 1:
                choice = options[0]
            else:
                bot = bots.get(seat)
                if bot is None:
                    bot = bots[seat] = fork(self.fresh)
                choice = bot.act(state.view(seat), options, roll)
            state.apply(seat, choice)
            steps += 1
        return self.utility(state)

    def utility(self, state) -> float:
        """The chance-to-win estimate (`rewards`), plus `margin` times the squashed score lead."""
        reward = self.wins * rewards(state, self.sides, self.value)[self.me] if self.wins else 0.0
        if self.margin:
            reward += self.margin * margin_utility(state, self.me, self.sides, self.score_scale)
        return reward

    def pick(self, results: list[list[float]]) -> int:
        """The base policy's choice (0) unless another candidate beats it on the same worlds by more
        than `confidence` standard errors of the paired differences (a single world never suffices)."""
        n = len(results[0])
        if n < 2:
            return 0
        best, best_margin = 0, 0.0
        for i in range(1, len(results)):
            diffs = [a - b for a, b in zip(results[i], results[0])]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            margin = mean - self.confidence * math.sqrt(var / n)
            if mean > 0 and margin > best_margin:
                best, best_margin = i, margin
        return best


class ImprovementAgent:
    """A search bot: the game's heuristic bot improved by roll-outs on `worlds` sampled worlds."""

    name = "improve"
    wants_worlds = True

    def __init__(self, game, base_agent, *, worlds: int = 6, width: int = 3, depth: int = 20,
                 seconds: float | None = None, name: str | None = None, confidence: float = CONFIDENCE,
                 margin: float = 0.0, score_scale: float = 10.0, horizon: str = "game", wins: float = 1.0,
                 cycles: int = 1, value: Callable | None = None):
        self.game, self.base_agent = game, base_agent
        # the estimate at a roll-out cut: the game's own `search_value` unless given one (a learned one)
        self.value = value if value is not None else getattr(game, "search_value", None)
        self.fresh = fork(base_agent)  # before it plays: what the other seats' roll-out bots start from
        self.options = {"confidence": confidence, "margin": margin, "score_scale": score_scale}
        if horizon != "game" or wins != 1.0:
            self.options.update(horizon=horizon, wins=wins)
        if cycles != 1:
            self.options.update(cycles=cycles)
        if horizon == "turn":
            turn_of = getattr(game, "search_turn", None)
            if turn_of is None:
                raise ValueError(f"horizon 'turn' needs the game's search_turn: {game.id} has none")
            self.options.update(turn_of=turn_of)
        self.worlds, self.width, self.depth, self.seconds = worlds, width, depth, seconds
        if name:
            self.name = name
        self.last: Improvement | None = None

    def act(self, view: dict, legal: list[dict], rng: Rng, worlds=None) -> dict:
        choices = playable(legal, self.game.undo_actions)
        if len(choices) == 1:
            return choices[0]
        book = getattr(self.game, "search_book", None)
        studied = book(view, choices) if book is not None else None
        if studied is not None and studied in choices:  # what the game's own study found best here
            return studied
        if worlds is None:
            raise ValueError(f"the {self.name} bot searches: it needs worlds (ai.agents.decide gives them)")
        sample = worlds.sample
        belief = getattr(self.game, "search_belief", None)
        if belief is not None:  # the game draws its worlds from what the others' moves said
            sample = belief(sample, worlds.seat)
        search = Improvement(worlds.seat, sample, self.base_agent, rng, sides=worlds.sides,
                             width=self.width, depth=self.depth, undo=self.game.undo_actions,
                             value=self.value, fresh=self.fresh,
                             hints=getattr(self.game, "search_candidates", None), **self.options)
        self.last = search
        choice = search.run(legal, self.worlds, self.seconds)
        if choice == search.preferred:  # the real bot moves on as if it had chosen
            self.base_agent = search.chosen_by_base
        return choice
