"""The scalar Midas engine and the batch played side by side on the same chance outcomes.

The scalar engine draws round 1 (start player, stone, dice) when the table is created, before
anything can be scripted: those outcomes are read from its log and listed for the batch. From
then on the batch asks its ScriptedSource, whose fallback draws each outcome (uniformly among the
possible ones, but a safe coin 3 times in 4, so chests empty and favours sell) and records it; the same outcomes are then scripted
into the scalar state (`script_chance`) before the same action is applied to it. Any difference in
the order, kind or possibility of chance events makes one side raise.
"""

from __future__ import annotations

import random

import numpy as np

from cryptarena import games
from cryptarena.batch import core
from cryptarena.batch.midas import DIE_PRESETS, SPECIAL, MidasBatch


def _round_one(state, die) -> list[int]:
    stones = [f for f in die if f not in SPECIAL]
    found = []
    for entry in state.log:
        if entry["msg"] == "midas.setup":
            found.append(entry["params"]["first"])
        elif entry["msg"] == "midas.round":
            found.append(stones.index(entry["params"]["stone"]))
        elif entry["msg"] == "midas.roll":
            found += [die.index(face) for face in entry["secret"]["chance"]["values"]]
    return found


def play_side_by_side(players: int, options: dict, seeds: list[int], policies: list[str],
                      check_policy_agreement: bool = False, fixed: bool = False) -> dict:
    """Play len(seeds) games both ways; game g's decisions come from the batch policy policies[g % len]
    (in the batch) and are applied to both. `fixed`: the batch steps with whole-batch masks (the path
    jax takes) instead of sub-batches. Returns counts of what was compared."""
    game = games.load("midas")
    resolved = game.check_table(players, options)
    encoding = game.action_encoding(players, resolved)
    die = DIE_PRESETS[resolved["die_faces"]]
    stones = [f for f in die if f not in SPECIAL]
    states = [game.new_state(players, seed=seed, options=resolved) for seed in seeds]
    chooser = random.Random(seeds[0])

    def fallback(g: int, possible: list[int]) -> int:
        if possible == [0, 1]:  # a coin, cursed or safe: mostly safe, so chests empty and favours sell
            return 1 if chooser.random() < 0.75 else 0
        return chooser.choice(possible)

    scripts = [_round_one(state, die) for state in states]
    source = core.ScriptedSource(scripts, fallback=fallback)
    bk = core.backend("numpy")
    n = len(seeds)
    batch = MidasBatch(bk, players, n, resolved, source)
    batch.fixed = fixed
    policy_source = core.RandomSource(bk, seeds[0], np.arange(n), stream=1)
    used = [len(calls) for calls in source.calls]  # round 1: already played by the scalar engine
    lengths = [0] * n
    decisions = 0
    bot = game.bots["probabilistic"](game) if check_policy_agreement else None
    agreed = asked = 0
    while True:
        seat = batch.to_act()
        legal = batch.legal()
        chosen = {name: batch.policy(name, policy_source) for name in dict.fromkeys(policies)}
        actions = np.zeros(n, dtype=np.int64)
        for g, state in enumerate(states):
            waiting = state.to_act()
            if not waiting:
                assert seat[g] == -1 and batch.done()[g], f"game {g}: the batch has not ended"
                continue
            assert seat[g] == waiting[0], f"game {g}: seat to act {seat[g]} != {waiting[0]}"
            expected = sorted(encoding.indices(state.legal_actions(waiting[0])))
            assert np.flatnonzero(legal[g]).tolist() == expected, f"game {g}: legal sets differ"
            actions[g] = chosen[policies[g % len(policies)]][g]
            assert actions[g] in expected, f"game {g}: the policy chose an illegal action"
            if bot is not None and policies[g % len(policies)] == "probabilistic":
                view = state.view(waiting[0])
                if view["phase"] != "obsidian":  # the one random choice of the bot
                    asked += 1
                    agreed += encoding.index(bot.act(view, state.legal_actions(waiting[0]), None)) == actions[g]
        if not any(state.to_act() for state in states):
            break
        batch.step(actions)
        for g, state in enumerate(states):
            if not state.to_act():
                continue
            new = list(zip(source.calls[g][used[g]:], scripts[g][used[g]:]))
            used[g] = len(source.calls[g])
            outcomes = []
            for call, value in new:
                if call == "dice":
                    outcomes.append(die[value])
                elif call == "below":
                    outcomes.append({"stone": stones[value]})
                else:
                    outcomes.append({"coin": ("cursed", "safe")[value]})
            if outcomes:
                state.script_chance(outcomes)
            state.apply(int(seat[g]), encoding.action(int(actions[g])))
            assert not state._script, f"game {g}: the scalar engine left scripted outcomes unused"
            lengths[g] += 1
            decisions += 1
    result = batch.result()
    for g, state in enumerate(states):
        scores = state.scores()
        assert result.totals[g].tolist() == [s["total"] for s in scores]
        assert list(result.breakdown) == list(scores[0]["breakdown"])
        for item, values in result.breakdown.items():
            assert values[g].tolist() == [s["breakdown"][item] for s in scores]
        assert np.flatnonzero(result.winners[g]).tolist() == sorted(state.winners())
        assert result.length[g] == lengths[g], f"game {g}: length"
    return {"decisions": decisions, "agreed": agreed, "asked": asked}
