"""The moves a Quartz search should try besides the medium bot's own (`Quartz.search_candidates`).

A roll offers 31 rerolls and a stop, most of them plainly poor; drawn at random, the few roll-outs
a move gets go to moves nobody would play. The medium bot already values every reroll by the hand
it can end in (this turn's worth, on the dice odds); its runners-up are where a search that sees
further (the position estimate: crystals left in the cart to be stolen, markers kept, the chest's
−5) may disagree. Rerolls that keep the same faces are the same move and are offered once. Away
from the roll the choices are few, but a search tries only the first few it is given: the most
valuable crystal of each other cart comes first for a steal (the table lists white first), the most
valuable first for the chest, and the actions before the wilds and the end of the turn.
"""

from __future__ import annotations

from .bot import GreedyAgent
from .components import VALUES

RUNNERS_UP = 4


def candidates(view: dict, legal: list[dict]) -> list[dict]:
    phase = view.get("phase")
    if phase in ("steal", "chest", "actions"):
        return ordered(phase, legal)
    if phase != "roll":
        return list(legal)
    rerolls = [a for a in legal if a["type"] == "reroll"]
    if not rerolls:
        return []
    bot = GreedyAgent()
    bot.read_rules(view)
    _current, best_by_kept = bot.reroll_expectations(view, rerolls, view["seat"])
    ranked = sorted(best_by_kept.values(), key=lambda pair: -pair[0])
    return [{"type": "stop"}, *(action for _, action in ranked[:RUNNERS_UP])]


def ordered(phase: str, legal: list[dict]) -> list[dict]:
    """Every choice, the likeliest good ones first."""
    if phase == "actions":
        rank = {"use": 0, "wild": 1, "end_turn": 2}
        return sorted(legal, key=lambda a: rank.get(a["type"], 3))
    worth = lambda a: VALUES.get(a.get("colour"), -1)  # noqa: E731  stop last
    found = sorted(legal, key=lambda a: -worth(a))
    if phase == "steal":  # one steal from each cart (its best crystal) before a second from any
        firsts, seen = [], set()
        for a in found:
            if a["type"] == "steal" and a["from"] not in seen:
                seen.add(a["from"])
                firsts.append(a)
        found = firsts + [a for a in found if a not in firsts]
    return found
