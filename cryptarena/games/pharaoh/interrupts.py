"""Play-any-time cards: interrupt windows, Clear and Thwart.

"These cards ignore the regular order of play. These are played in response to another player's
action and interrupt the turn." A window opens after a committed play that a play-any-time card of
the starter set could answer: one with an attached alteration or enhancement (Clear removes it),
a modifier played or riding on the play, or a card attack boosted by a tabled Vanguard Ring
(Thwart discards the modifier). Whether a window opens depends only on public facts.

Who is asked (option `interrupts`):
- "everyone" (default): every other seat that is not defeated and holds at least one card, whether
  or not it holds a play-any-time card, answering at the same time (`respond` or `pass`). Being
  asked says nothing about a hand, so the window leaks nothing.
- "off": no windows; play-any-time cards then only defend (Ward) in defence turns.

A response is played at once: Clear discards the attachment it names from the pending play; Thwart
is an attack on the modifier's player, who takes a defence turn in the middle of the window (only a
play-any-time defence answers it, and Thwart's own text lets it be dodged). Play then resumes the
window for the seats that have not answered, and the play resolves with what is left of it.
"""

from __future__ import annotations

from .acts import PASS, RESPOND
from .components import CARDS


class InterruptsMixin:
    def window_needed(self, pending: dict) -> bool:
        if pending["alteration"] or pending["enhancement"] or pending["modifiers"]:
            return True
        if pending["kind"] == "play" and CARDS[pending["card"]].has("modifier"):
            return True
        boosted = pending["kind"] == "use" or (pending["kind"] == "play" and CARDS[pending["card"]].effect == "damage")
        return boosted and any(e["seat"] == pending["seat"] and e["hex"] is None and CARDS[e["card"]].effect == "ring"
                               for e in self.table)

    def open_window(self) -> None:
        pending = self.pending
        if self.options["interrupts"] == "off" or not self.window_needed(pending):
            return
        asked = [s for s in range(self.players)
                 if s != pending["seat"] and not self.defeated[s] and self.hand[s]]
        if asked:
            self.queue.append({"j": "window", "asked": asked, "answered": []})

    def _job_window(self, job: dict) -> None:
        if self.pending is None or self.pending.get("cancelled"):
            return
        waiting = [s for s in job["asked"] if s not in job["answered"] and self.hand[s] and not self.defeated[s]]
        if not waiting:
            return
        self.queue.insert(0, job)
        self.decision = {"kind": "window", "seats": waiting}

    def thwartable(self, seat: int, pending: dict | None) -> list[str]:
        """Modifiers in play on `seat`'s side: its tabled modifiers (not Locked) and, in a play
        being made, the modifier card itself or its Enforce."""
        found = [f"t{e['uid']}" for e in self.table
                 if e["seat"] == seat and e["hex"] is None and CARDS[e["card"]].has("modifier") and not e["lock"]]
        if pending is not None and pending["seat"] == seat:
            if pending["kind"] == "play" and CARDS[pending["card"]].has("modifier"):
                found.append("pending")
            if pending["modifiers"]:
                found.append("enforce")
        return found

    def responses(self, seat: int) -> list[dict]:
        pending = self.pending
        found = []
        for card_id in dict.fromkeys(self.hand[seat]):
            card = CARDS[card_id]
            if not self.may_use(seat, card):
                continue
            if card.effect == "clear":
                found += [RESPOND[card_id, slot]
                          for slot in ("alteration", "enhancement") if pending[slot]]
            elif card.effect == "thwart":
                found += [RESPOND[card_id, ref]
                          for ref in self.thwartable(pending["seat"], pending)]
        found.append(PASS)
        return found

    def _respond(self, seat: int, action: dict) -> None:
        job = self.queue[0]
        job["answered"].append(seat)
        self.decision = None
        if action["type"] == "pass":
            if self.keep_log:
                self.add_log("pharaoh.pass", {"seat": seat}, seat=seat, action=dict(action))
            return
        card_id, target = action["card"], action["target"]
        self.take(seat, card_id)
        self.to_discard(seat, card_id)
        pending = self.pending
        self.add_log("pharaoh.respond", {"seat": seat, "card": card_id, "target": target,
                                         "against": pending["seat"]}, seat=seat, action=dict(action))
        if CARDS[card_id].effect == "clear":
            removed = pending[target]
            pending[target] = None
            self.to_discard(pending["seat"], removed)
            self.add_log("pharaoh.cleared", {"seat": pending["seat"], "card": removed})
            return
        self.queue.insert(0, {"j": "strike", "target": f"c{pending['seat']}", "parts": [], "by": seat,
                              "label": card_id, "source": None, "anytime": True, "dodgeable": True,
                              "effect": {"thwart": target}, "per_lp": None})

    def thwart_cards(self, target: str) -> list[str]:
        """The cards a Thwart aimed at `target` would discard (as thwarted() below finds them)."""
        pending = self.pending
        if target == "pending" and pending is not None and not pending.get("cancelled"):
            return list(self.play_cards(pending))
        if target == "enforce" and pending is not None and pending["modifiers"]:
            return [pending["modifiers"][-1]]
        if target[0] == "t":
            entry = self.entry(int(target[1:]))
            if entry is not None and not entry["lock"]:
                return [entry["card"], *entry["attached"]]
        return []

    def thwarted(self, target: str) -> None:
        """The thwarted modifier is discarded with the cards played with it."""
        pending = self.pending
        if target == "pending" and pending is not None and not pending.get("cancelled"):
            pending["cancelled"] = True
            for card_id in self.play_cards(pending):
                self.to_discard(pending["seat"], card_id)
            self.add_log("pharaoh.thwarted", {"seat": pending["seat"], "cards": self.play_cards(pending)})
        elif target == "enforce" and pending is not None and pending["modifiers"]:
            card_id = pending["modifiers"].pop()
            self.to_discard(pending["seat"], card_id)
            self.add_log("pharaoh.thwarted", {"seat": pending["seat"], "cards": [card_id]})
        elif target[0] == "t":
            entry = self.entry(int(target[1:]))
            if entry is not None and not entry["lock"]:
                self.add_log("pharaoh.thwarted", {"seat": entry["seat"], "cards": [entry["card"], *entry["attached"]]})
                self.discard_entry(entry)
