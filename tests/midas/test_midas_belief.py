"""The hard bot's belief about the other cups: drawn from what the bids say, on determinised worlds only."""

from cryptarena import games
from cryptarena.ai.agents import Worlds, make_agent
from cryptarena.engine import Rng
from cryptarena.games.midas.belief import MISMATCH, Belief, _cups
from cryptarena.games.midas.bot import ProbabilisticAgent

GAME = games.load("midas")


def facing_a_bid(seed: int, players: int = 2):
    """A table where the seat to act answers another seat's bid, everyone having played the medium bot."""
    state = GAME.new_state(players, seed=seed)
    bot, rng = make_agent("medium", GAME), Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        if state.phase == "bidding" and state.bid is not None and state.bidder != seat:
            return state, seat
        state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat), rng))
    return None, None


def count(state, seat: int) -> int:
    return sum(state.face_value(face) for face in state.dice[seat])


def test_the_round_s_bids_are_public_and_kept_in_a_save():
    state, seat = facing_a_bid(3)
    bids = state.view(seat)["bids"]
    assert bids and bids[-1] == {"seat": state.bidder, "count": state.bid, "stone": state.stone}
    assert state.view(None)["bids"] == bids  # a spectator sees them too: they were said aloud
    again = GAME.from_json(state.to_json())
    assert again.bids == state.bids
    old = state.to_json()
    del old["data"]["bids"]  # a save from before the bids were kept loads, with none
    assert GAME.from_json(old).bids == []


def test_a_cup_weighs_by_whether_the_model_would_have_bid_what_was_bid():
    state, seat = facing_a_bid(5)
    world = state.determinize(seat, Rng(1))
    belief = Belief(lambda rng: state.determinize(seat, rng), seat)
    posteriors = belief._posteriors(world)
    cups, weights = posteriors[state.bidder]
    prior = dict(_cups(state.die, len(state.dice[state.bidder])))
    model, fits = ProbabilisticAgent(), 0
    for cup, weight in zip(cups, weights):
        ratio = weight / prior[cup]
        assert abs(ratio - 1.0) < 1e-9 or abs(ratio - MISMATCH) < 1e-9
        view = world.view(state.bidder)
        view["seats"][state.bidder]["dice"] = list(cup)
        view["bid"], view["stone"] = state.bids[-1][3], state.bids[-1][2]
        first = 1 if view["bid"] is None else view["bid"] + 1
        legal = [{"type": "bid", "count": c} for c in range(first, view["cap"] + 1)]
        legal += [{"type": "accuse"}] if view["bid"] is not None else []
        would = model._options(view, legal)[1] == {"type": "bid", "count": state.bid}
        assert (ratio > 0.5) == would
        fits += would
    assert 0 < fits < len(cups)  # the bid told something: some cups fit, some do not


def test_worlds_drawn_from_the_bids_guess_the_other_cup_better_than_uniform_ones():
    uniform_error = belief_error = tables = 0
    for seed in range(30):
        state, seat = facing_a_bid(seed)
        if state is None:
            continue
        worlds = Worlds(state, seat, Rng(seed + 99))
        belief = Belief(worlds.sample, seat)
        truth = count(state, state.bidder)
        for k in range(20):
            uniform_error += abs(count(worlds.sample(Rng(k)), state.bidder) - truth)
            drawn = belief(Rng(k))
            belief_error += abs(count(drawn, state.bidder) - truth)
            assert drawn.dice[seat] == state.dice[seat]  # our own cup is never re-drawn
            assert drawn.view(seat) == state.view(seat)
        tables += 1
    assert tables >= 20
    assert belief_error < uniform_error / 2, (belief_error, uniform_error)


def test_no_bid_yet_means_no_belief_beyond_the_dice():
    state = GAME.new_state(2, seed=4)
    seat = state.to_act()[0]
    assert state.phase == "bidding" and not state.bids
    belief = Belief(lambda rng: state.determinize(seat, rng), seat)
    world = belief(Rng(2))
    assert belief.posteriors == {} and world.view(seat) == state.view(seat)
