"""Defeat is just a beginning: domination.

On their turn a defeated player (no draw phase, no cards) dominates ONE piece: one of their agents
on the board or a hex monster no other player dominates (phase `dominate`); with the optional rule
(option `force_monster`) they may make a hex's monster appear to dominate it. If there is nothing to
dominate they wait for a monster to arise. The dominated piece then takes one action: move through
an open passage or explore (dominated pieces explore; they set off no hex events), attack a
character or agent in its range (never a monster), pick up a Key, or exit with one (doubles win,
for its player). A monster dominated away from its hex leaves it empty: the hex's event raises a
new one.
"""

from __future__ import annotations

from .acts import DOMINATE, END, EXIT, EXPLORE, HIT, MOVE, PICKUP, WAIT
from .components import CARDS, HEXES, MONSTERS


class DominationMixin:
    def domination_choices(self, seat: int) -> list[dict]:
        found = [DOMINATE[f"t{e['uid']}"] for e in self.table
                 if e["owner"] == seat and CARDS[e["card"]].is_agent and e["hex"] is not None]
        found += [DOMINATE[f"m{m['uid']}"] for m in self.monsters
                  if m["dominated_by"] in (None, seat)]
        if self.options["force_monster"]:
            found += [DOMINATE[f"h{i}"] for i, placed in enumerate(self.placed)
                      if self.present_monster(i) is None
                      and any(e.kind == "monster" for e in HEXES[placed["tile"]].events)]
        return found or [WAIT]

    def _dominate(self, seat: int, action: dict) -> None:
        turn = self.turn
        if action["type"] == "wait":
            if self.keep_log:
                self.add_log("pharaoh.wait", {"seat": seat}, seat=seat, action=dict(action))
            turn["step"] = "act"
            self.end_actions()
            return
        for monster in self.monsters:  # the last one dominated goes free
            if monster["dominated_by"] == seat:
                monster["dominated_by"] = None
        ref = action["piece"]
        if ref[0] == "h":
            index = int(ref[1:])
            kind = next(e.monster for e in HEXES[self.placed[index]["tile"]].events if e.kind == "monster")
            ref = f"m{self.spawn_monster(kind, index)['uid']}"
        if ref[0] == "m":
            self.monster(int(ref[1:]))["dominated_by"] = seat
        turn["piece"] = ref
        turn["step"] = "act"
        if self.keep_log:
            self.add_log("pharaoh.dominate", {"seat": seat, "piece": ref, "hex": self.where(ref),
                                              "what": self.piece_name(ref)}, seat=seat, action=dict(action))

    def piece_name(self, ref: str) -> str:
        piece = self.piece(ref)
        return piece["card"] if ref[0] == "t" else piece["monster"]

    def piece_actions(self, seat: int) -> list[dict]:
        ref = self.turn["piece"]
        piece = None if ref is None else self.piece(ref)
        if piece is None:
            return [END]
        # where(ref), the piece in hand: a guard stands in its character's hex
        here = self.pos[piece["seat"]] if ref[0] == "t" and piece["hex"] is None else piece["hex"]
        if self.hexpile:
            ways, sides = self.crypt.ways(here)
            found = list(map(MOVE.__getitem__, ways))
            found += map(EXPLORE.__getitem__, sides)
        else:
            found = list(map(MOVE.__getitem__, self.crypt.passages(here)))
        # has_targets(seat, _piece_shape(...)), written out: a dominated piece never aims at a monster
        if here is not None and self.aims_at(seat, self.reach_set(here, CARDS[piece["card"]].range if ref[0] == "t"
                                                                  else "same", False), dominated=True):
            found.append(HIT)
        placed = self.placed[here]
        if placed["keys"]:
            found.append(PICKUP)
        if placed["exit"] and piece["keys"]:
            found.append(EXIT)
        found.append(END)
        return found

    def piece_shape(self, seat: int) -> dict:
        ref = self.turn["piece"]
        return self._piece_shape(ref, self.piece(ref), self.where(ref))

    @staticmethod
    def _piece_shape(ref: str, piece: dict, here: int | None) -> dict:
        reach = CARDS[piece["card"]].range if ref[0] == "t" else "same"
        return {"aim": "piece", "from": here, "reach": reach, "dominated": True}

    def piece_parts(self, ref: str) -> tuple[list, str | None]:
        piece = self.piece(ref)
        if ref[0] == "m":
            damage = MONSTERS[piece["monster"]].damage
            return [[damage.n, damage.flat, None]], None
        card = CARDS[piece["card"]]
        parts = [[card.damage.n, card.damage.flat, card.dtype]] if card.damage else []
        return parts, (ref if card.per_lp else None)

    def piece_action(self, seat: int, action: dict) -> None:
        ref = self.turn["piece"]
        kind = action["type"]
        if kind == "move":
            self.move_piece(ref, action["to"])
        elif kind == "explore":
            self.explore(ref, action["side"])
        elif kind == "pickup":
            self.pick_up(ref)
        elif kind == "exit":
            self.try_exit(seat, ref)

    def move_piece(self, ref: str, to: int) -> None:
        """Agents and dominated monsters move without setting off hex events."""
        piece = self.piece(ref)
        origin = self.where(ref)
        piece["hex"] = to
        if self.keep_log:
            self.add_log("pharaoh.piece_move", {"piece": ref, "what": self.piece_name(ref), "from": origin, "to": to})
