"""`greedy`: a Crypt Crusade bot that looks one turn ahead from its seat's view only.

Every choice of a turn is valued by the position it leaves at the end of the turn, seen from the
bot's team:
- Graves: +1 for each of the team's, −1 for each of the other team's, after the end-of-turn
  capture (the tile has a Grave, no seal, no opponent on it, the mover is not Boo!-ed);
- the threat: each opponent, in turn, takes the best Grave it could capture on its next turn
  (within its move allowance, not guarded by one of our pieces, not sealed by then): −2 for one of
  ours, −1 for a neutral one, each counted at THREAT_WEIGHT. Standing on a threatened Grave of ours
  is therefore worth keeping, and leaving it for another capture is worth it only when it pays;
- progress: a little for ending nearer the closest Grave the team could still take; a
  Groundskeeper ending on the Shed gains the team 5 tokens (SHED_VALUE);
- a card played costs CARD_COST, so a card is played only where it changes the position: a seal
  on a threatened Grave, a Kick that clears a Grave to capture (or sends a Necromancer away from
  ours), Desecrate on the sealed Grave it stands on, Ghastly Touch, Boo!, Life Leech on a
  Groundskeeper about to take a Grave, Flip onto a Grave, Rally when the rallied Groundskeeper
  can capture, Sprint / Glide when the extra tile reaches a Grave.
A move is valued with the best card it would allow afterwards (moving onto a Grave a Necromancer
guards, then kicking them off, captures it). Ties go to the first legal action, so the bot is
deterministic.

Shop: a Groundskeeper buys Tier I (Seal, Kick, Sprint: the cards that change captures), or
Tier III (Rally) once it holds a card and the purse allows; a Necromancer buys the highest tier
it can afford; each stops at HAND_LIMIT cards. Leaf Blower: it gives up its least useful card.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import board
from .components import BASE_MOVE, CARDS, GK, KICK_DISTANCE, NM, OTHER, SEAL_TURNS
from .components import RALLY_MOVE_BONUS as RALLY_MOVE

THREAT_WEIGHT = 0.5   # how likely an opponent in reach is to take a Grave on its next turn
PROGRESS = 0.05       # per tile nearer the closest Grave the team could still take
SHED_VALUE = 0.3      # 5 tokens for the team: a card and a half in the shop
CARD_COST = 0.1       # a card in hand is worth keeping unless it changes something
SMALL_GAIN = {        # cards whose effect the position does not show
    "leaf_blower": 0.15, "holy_water_balloon": 0.12, "portal": 0.05, "flashlight": 0.0, "whispers": 0.0,
}
HOLY_WATER_GAIN = 0.2  # per debuff cleared from a Groundskeeper
HAND_LIMIT = {GK: 3, NM: 4}
KEEP_VALUE = {  # which card a Necromancer gives up to a Leaf Blower: the lowest
    "whispers": 0, "glide": 2, "portal": 3, "life_leech": 4, "desecrate": 4, "mass_desecrate": 5,
    "ghastly_touch": 6, "boo": 7, "flip": 8,
}
MOVE_CARDS = ("sprint", "glide")
DEBUFFS = ("ghastly", "balloon", "boo")

class Board:
    """The layout the view names, as the bot asks about it: distances (from off the board too: a
    Necromancer's first step lands on an edge tile) and where a Kick lands."""

    def __init__(self, layout: str):
        shared = board(layout)
        self.ids = list(range(shared.size))
        self.shed = shared.shed
        self.dist: dict[tuple[int | None, int], int] = {
            (a, b): shared.dist[a][b] for a in self.ids for b in self.ids}
        self.dist.update({(None, b): shared.entry[b] for b in self.ids})
        self._landings = {tile: shared.kick_landings(tile, KICK_DISTANCE) for tile in self.ids}

    def reach(self, tile: int | None, allowance: int) -> list[int]:
        """Tiles a piece can end its turn on: its own (it may stay) and any within the allowance."""
        if tile is None:
            return [b for b in self.ids if allowance >= 1 and self.dist[(None, b)] <= allowance]
        return [b for b in self.ids if self.dist[(tile, b)] <= allowance]

    def within(self, tile: int | None, distance: int) -> list[int]:
        return [] if tile is None else [b for b in self.ids if self.dist[(tile, b)] <= distance]

    def kick_landings(self, tile: int) -> list[int]:
        return self._landings[tile]


@dataclass
class Picture:
    """The board as a turn may leave it: pieces' tiles, Grave owners and seals, effects."""

    pos: dict[int, int | None]
    owners: dict[int, str | None]
    seals: dict[int, int]
    effects: dict[int, dict]

    def copy(self) -> "Picture":
        return Picture(dict(self.pos), dict(self.owners), dict(self.seals),
                       {s: dict(e) for s, e in self.effects.items()})


class Turn:
    """One decision, read off the view: who is who, what is where, what the hand holds."""

    def __init__(self, view: dict, board: Board):
        self.view, self.board = view, board
        self.me = view["seat"]
        self.teams: list[str] = view["teams"]
        self.team = self.teams[self.me]
        self.enemy = OTHER[self.team]
        pieces = view["pieces"]
        self.portal = next((p.get("portal") for p in pieces if p["seat"] == self.me), None)
        self.picture = Picture(
            pos={p["seat"]: p["tile"] for p in pieces},
            owners={int(t): g["owner"] for t, g in view["graves"].items()},
            seals={int(t): g["seal"] for t, g in view["graves"].items()},
            effects={p["seat"]: dict(p.get("effects") or {}) for p in pieces})
        self.hands = {h["seat"]: h for h in view.get("hands", [])}
        mine = self.hands.get(self.me, {})
        self.cards: list[str] = list(mine.get("cards") or [])
        self.turn = view.get("turn") or {}
        self.opponents = [s for s, t in enumerate(self.teams) if t == self.enemy]
        self.mates = [s for s, t in enumerate(self.teams) if t == self.team and s != self.me]
        self._extends = {seat: self._may_extend(seat) for seat in range(len(self.teams))}

    # ------------------------------------------------------------------ the opponents' next turn
    def _sealed_for(self, seal: int, mover_team: str) -> bool:
        """Whether a seal still stands when `mover_team` next moves. Necromancers move later in
        this round; Groundskeepers next round, after every seal has ticked down once."""
        if mover_team == NM and self.team == GK:
            return seal > 0
        if mover_team == GK and self.team == NM:
            return seal >= SEAL_TURNS
        return seal > 0

    def _may_extend(self, seat: int) -> int:
        """+1 if the seat may hold Sprint / Glide: revealed, or a Tier I card not yet revealed."""
        hand = self.hands.get(seat)
        if not hand:
            return 0
        cards = hand.get("cards")
        if cards is not None:
            return int(any(c in MOVE_CARDS for c in cards))
        revealed = hand.get("revealed") or []
        if any(c in MOVE_CARDS for c in revealed):
            return 1
        tier_ones = sum(1 for t in hand.get("tiers") or [] if t == 1)
        revealed_tier_ones = sum(1 for c in revealed if c in TIER_ONE)
        return int(tier_ones > revealed_tier_ones)

    def next_allowance(self, picture: Picture, seat: int) -> int:
        """How far `seat` may move on its next turn, as far as the bot can tell."""
        effects = picture.effects.get(seat, {})
        if effects.get("ghastly"):
            return 0
        return max(0, BASE_MOVE[self.teams[seat]] + int(effects.get("leech") or 0)
                   + int(effects.get("boost") or 0) + self._extends[seat])

    def threat(self, picture: Picture, owners: dict) -> float:
        """What the opponents may take on their next turns: each takes the best Grave in its reach
        (ours −2, neutral −1) that nobody took before it."""
        guarded = {t for s, t in picture.pos.items() if t is not None and self.teams[s] == self.team}
        open_graves = [(2 if owner == self.team else 1, tile) for tile, owner in owners.items()
                       if owner != self.enemy and tile not in guarded
                       and not self._sealed_for(picture.seals.get(tile, 0), self.enemy)]
        if not open_graves:
            return 0
        open_graves.sort(reverse=True)  # ours first
        dist = self.board.dist
        taken, lost = set(), 0
        for seat in self.opponents:
            if picture.effects.get(seat, {}).get("boo"):
                continue  # cannot capture on its next turn
            allowance = self.next_allowance(picture, seat)
            tile = picture.pos.get(seat)
            if tile is None and allowance < 1:
                continue
            for gain, grave in open_graves:
                if grave not in taken and dist[(tile, grave)] <= allowance:
                    taken.add(grave)
                    lost += gain
                    break
        return lost

    # ------------------------------------------------------------------ the end of the turn
    def captures(self, picture: Picture, seat: int) -> bool:
        tile = picture.pos.get(seat)
        if tile is None or tile not in picture.owners or picture.seals.get(tile, 0) > 0:
            return False
        if picture.effects.get(seat, {}).get("boo"):
            return False
        mover_team = self.teams[seat]
        return not any(t == tile and self.teams[s] != mover_team for s, t in picture.pos.items())

    def value(self, picture: Picture, movers: tuple[int, ...] = ()) -> float:
        """The position after the end-of-turn captures of `movers` (the bot, and a rallied
        Groundskeeper), from the bot's team's side."""
        owners = dict(picture.owners)
        for seat in (self.me, *movers):
            if self.captures(picture, seat):
                owners[picture.pos[seat]] = self.teams[seat]
        score = sum(1 if o == self.team else -1 if o == self.enemy else 0 for o in owners.values())
        score -= THREAT_WEIGHT * self.threat(picture, owners)
        here = picture.pos.get(self.me)
        score -= PROGRESS * self._distance_to_target(picture, owners, here)
        if self.team == GK and here is not None and here == self.board.shed:
            score += SHED_VALUE
        return score

    def _distance_to_target(self, picture: Picture, owners: dict, here: int | None) -> int:
        """Tiles to the closest Grave the team does not hold and no opponent or team-mate stands on."""
        occupied = {t for s, t in picture.pos.items() if s != self.me and t is not None}
        targets = [t for t, o in owners.items() if o != self.team and t not in occupied]
        if not targets:
            return 0
        return min(self.board.dist[(here, t)] for t in targets)

    def moved_to(self, tile: int | None, picture: Picture | None = None) -> Picture:
        picture = (picture or self.picture).copy()
        picture.pos[self.me] = tile
        return picture

    # ------------------------------------------------------------------ cards
    def card_value(self, action: dict, picture: Picture, moved: bool) -> float:
        """The position after playing `action` with the bot on its tile in `picture`."""
        card = action["card"]
        here = picture.pos.get(self.me)
        after = picture.copy()
        if card in MOVE_CARDS:
            if moved:  # a new move of one tile, then the turn ends
                return max(self.value(self.moved_to(t, picture)) for t in self.board.reach(here, 1)) - CARD_COST
            allowance = int(self.turn.get("allowance", BASE_MOVE[self.team])) + 1
            return max(self.after_move(t, 0, picture) for t in self.board.reach(here, allowance)) - CARD_COST
        gain = SMALL_GAIN.get(card, 0.0)
        reach = CARDS[card].range
        if card == "sacred_seal":
            after.seals[action["tile"]] = SEAL_TURNS
        elif card == "kick":
            after.pos[action["target"]] = action["to"]
        elif card == "desecrate":
            after.seals[here] = 0
        elif card == "mass_desecrate":
            for tile in self.board.within(here, reach):
                if tile in after.seals:
                    after.seals[tile] = 0
        elif card == "ghastly_touch":
            after.effects.setdefault(action["target"], {})["ghastly"] = True
        elif card == "life_leech":
            target = after.effects.setdefault(action["target"], {})
            target["leech"] = int(target.get("leech") or 0) - 1
            gain += 0.05  # our next move is one longer
        elif card == "boo":
            for seat in self.opponents:
                tile = after.pos.get(seat)
                if tile is not None and here is not None and self.board.dist[(here, tile)] <= reach:
                    after.effects.setdefault(seat, {})["boo"] = True
        elif card == "flip":
            target = action["target"]
            after.pos[self.me], after.pos[target] = after.pos[target], here
        elif card == "portal":
            if here in picture.owners:
                gain += 0.05  # a way back to guard or retake this Grave
        elif card == "holy_water":
            gain = HOLY_WATER_GAIN * self._debuffs_cleared(picture, here)
        elif card == "leaf_blower":
            if not (self.hands.get(action["target"], {}).get("tiers")):
                gain = 0.0
        elif card == "holy_water_balloon":
            if not (self.hands.get(action["target"], {}).get("tiers")):
                gain = 0.0
        elif card == "rally":
            return self._rally_value(action["target"], picture) - CARD_COST
        return self.value(after) + gain - CARD_COST

    def _debuffs_cleared(self, picture: Picture, here: int | None) -> int:
        count = 0
        for seat in (self.me, *self.mates):
            tile = picture.pos.get(seat)
            if tile is None or here is None or self.board.dist[(here, tile)] > CARDS["holy_water"].range:
                continue
            effects = picture.effects.get(seat, {})
            count += sum(1 for d in DEBUFFS if effects.get(d)) + int((effects.get("leech") or 0) < 0)
        return count

    def _rally_value(self, mate: int, picture: Picture) -> float:
        """The rallied Groundskeeper moves at once with +2: the best end for it (and us)."""
        effects = picture.effects.get(mate, {})
        allowance = 0 if effects.get("ghastly") else max(0, BASE_MOVE[GK] + RALLY_MOVE + int(effects.get("leech") or 0))
        best = self.value(picture)
        for tile in self.board.reach(picture.pos.get(mate), allowance):
            moved = picture.copy()
            moved.pos[mate] = tile
            best = max(best, self.value(moved, (mate,)))
        return best

    def possible_plays(self, picture: Picture) -> list[dict]:
        """The card plays the bot's hand would allow from its tile in `picture` (after a move
        still to be made: the legal list only knows the present tile)."""
        here = picture.pos.get(self.me)
        if here is None or (self.team == NM and picture.effects.get(self.me, {}).get("balloon")):
            return []
        dist = self.board.dist
        pieces = [(s, t) for s, t in picture.pos.items() if s != self.me and t is not None]
        near = lambda team, d: [s for s, t in pieces if self.teams[s] == team and dist[(here, t)] <= d]  # noqa: E731
        plays: list[dict] = []
        for card in dict.fromkeys(self.cards):
            reach = CARDS[card].range
            targeted = [{"type": "play", "card": card, "target": s} for s in (
                near(GK, reach) if card in ("ghastly_touch", "life_leech") else
                near(NM, reach) if card == "holy_water_balloon" else
                [s for s, t in pieces if t != here] if card == "flip" else
                self.mates if card == "rally" else [])]
            if card == "sacred_seal":
                plays += [{"type": "play", "card": card, "tile": t} for t in self.board.within(here, reach)
                          if t in picture.seals and picture.seals[t] == 0]
            elif card == "kick":
                plays += [{"type": "play", "card": card, "target": s, "to": to} for s in near(NM, reach)
                          for to in self.board.kick_landings(picture.pos[s])]
            elif targeted:
                plays += targeted
            elif card == "desecrate":
                if picture.seals.get(here, 0) > 0:
                    plays.append({"type": "play", "card": card})
            elif card == "mass_desecrate":
                if any(picture.seals.get(t, 0) > 0 for t in self.board.within(here, reach)):
                    plays.append({"type": "play", "card": card})
            elif card == "boo":
                if near(GK, reach):
                    plays.append({"type": "play", "card": card})
            elif card in ("holy_water", "portal") or card in MOVE_CARDS:
                plays.append({"type": "play", "card": card})
        return plays

    def after_move(self, tile: int | None, cards_left: int, picture: Picture | None = None) -> float:
        """The value of ending a move on `tile`, with the best card still playable there."""
        moved = self.moved_to(tile, picture)
        best = self.value(moved)
        if cards_left > 0:
            for play in self.possible_plays(moved):
                best = max(best, self.card_value(play, moved, True))
        return best


TIER_ONE = tuple(card for card, info in CARDS.items() if info.tier == 1)


class GreedyAgent:
    name = "greedy"

    def __init__(self, game=None):
        self.game = game
        self._boards: dict[str, Board] = {}

    def fork(self) -> "GreedyAgent":
        """A twin for a search's roll-outs: the bot remembers nothing between moves but its boards,
        a cache the twin may share."""
        twin = GreedyAgent(self.game)
        twin._boards = self._boards
        return twin

    def _board(self, view: dict) -> Board:
        layout = view["layout"]
        if layout not in self._boards:
            self._boards[layout] = Board(layout)
        return self._boards[layout]

    def act(self, view: dict, legal: list[dict], rng) -> dict:
        if len(legal) == 1:
            return legal[0]
        phase = view.get("phase")
        if phase == "shop":
            choice = self._shop(view, legal)
        elif phase == "leaf_blower":
            choice = min((a for a in legal if a["type"] == "give_up"),
                         key=lambda a: KEEP_VALUE.get(a["card"], 5), default=None)
        else:
            choice = self._turn(view, legal)
        return choice if choice in legal else _fallback(legal)

    # ------------------------------------------------------------------ the shop
    def _shop(self, view: dict, legal: list[dict]) -> dict:
        me = view["seat"]
        team = view["teams"][me]
        hand = next((h for h in view.get("hands", []) if h["seat"] == me), {})
        held = len(hand.get("tiers") or [])
        tiers = sorted(a["tier"] for a in legal if a["type"] == "buy")
        done = {"type": "done"}
        if not tiers or held >= HAND_LIMIT[team]:
            return done
        if team == NM:
            tier = tiers[-1]
        else:
            tier = 3 if 3 in tiers and held >= 1 else 1 if 1 in tiers else tiers[0]
        return {"type": "buy", "tier": tier}

    # ------------------------------------------------------------------ a turn
    def _turn(self, view: dict, legal: list[dict]) -> dict:
        turn = Turn(view, self._board(view))
        state = view.get("turn") or {}
        moved = bool(state.get("moved"))
        cards_left = int(state.get("cards_left", 0))
        best, best_value = None, float("-inf")
        for action in legal:
            kind = action["type"]
            if kind == "move":
                value = turn.after_move(action["to"], cards_left)
            elif kind == "teleport":
                value = turn.after_move(turn.portal, cards_left)
            elif kind == "play":
                value = turn.card_value(action, turn.picture, moved)
            elif kind == "end":
                value = turn.value(turn.picture)
            else:
                continue
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best if best is not None else _fallback(legal)


def _fallback(legal: list[dict]) -> dict:
    """A legal action that never harms: end or done when offered."""
    for kind in ("end", "done"):
        for action in legal:
            if action["type"] == kind:
                return action
    return legal[0]
