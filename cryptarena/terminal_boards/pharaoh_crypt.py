"""Crypt: The Pharaoh's Curse in text, for the terminal board (pharaoh.py): cards, hexes and pieces
in words, and the crypt as a map.

Pointy-top hexes in axial coordinates (q, r), sides 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE: row r is
drawn shifted by r half-hexes, each hex three lines high (its upper sides, then its number and
title, then what lies and stands in it) between walls. A side is drawn open where a door leads to
an unexplored cell or meets a door of the hex beyond (a passage), as a wall otherwise. The map
takes the largest hexes that fit the width it is given, else the smallest, cut to the columns
around one hex.
"""

from __future__ import annotations

from collections import deque

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from ..games.pharaoh.components import CARDS, CHARACTERS, HEXES, MONSTERS

SIDES = ("E", "SE", "SW", "W", "NW", "NE")  # side d of a pointy-top hex, clockwise from east
STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
SEAT_STYLE = ("bold cyan", "bold magenta", "bold green3", "bold yellow", "bold dodger_blue1", "bold orange1")
CELLS = ((14, 10), (10, 6), (8, 4), (6, 2))  # layouts: hex width on screen, letters of its title


def style_of(seat: int | None) -> str:
    return SEAT_STYLE[seat % len(SEAT_STYLE)] if isinstance(seat, int) else "bold"


def title(card: str | None) -> str:
    return CARDS[card].title if card in CARDS else str(card)


def card_word(card: str) -> str:
    return f"[bold]{title(card)}[/]"


def card_stats(card_id: str) -> str:
    """`weapon L2 · 4D6 weapons · range 1 hex`: what a card is, at a glance."""
    card = CARDS[card_id]
    bits = [card.type.replace("_", " ") + (f" L{card.level}" if card.type in ("spell", "tech", "weapon") else "")]
    if card.damage is not None:
        bits.append(f"{card.damage} {card.dtype or ''}".strip() + (" to all in a hex" if card.all else ""))
    if card.per_lp:
        bits.append(f"{card.per_lp} {card.dtype} per LP")
    if card.range != "same":
        bits.append("range 1 hex" if card.range == "hex1" else "any range")
    if card.lp:
        bits.append(f"{card.lp} LP")
    return " · ".join(bits)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def entry_of(view: dict, uid: int) -> dict | None:
    return next((e for e in view["table"] if e["uid"] == uid), None)


def monster_of(view: dict, uid: int) -> dict | None:
    return next((m for m in view["monsters"] if m["uid"] == uid), None)


def where_of(view: dict, entry: dict) -> int | None:
    return entry["hex"] if entry["hex"] is not None else view["seats"][entry["seat"]]["hex"]


def lp_text(entry: dict) -> str:
    return f" {entry['lp']}/{CARDS[entry['card']].lp} LP" if entry.get("lp") is not None else ""


def ref_text(view: dict, ref: str | None, who) -> str:
    """A target or piece in words: `Seat 1 (Warlord, 20 life) in hex 3`, `the Jackal (7 LP) in hex 2`."""
    if not ref:
        return "?"
    kind, num = ref[0], int(ref[1:])
    if kind == "c":
        row = view["seats"][num]
        name = CHARACTERS[row["character"]].name if row["character"] else "?"
        return f"{who(num)} ({name}, {row['life']} life) in hex {row['hex']}"
    if kind == "h":
        return f"everyone in hex {num} {hex_title(view, num)}"
    if kind == "m":
        monster = monster_of(view, num)
        if monster is None:
            return "a monster"
        return f"the {MONSTERS[monster['monster']].title} ({monster['lp']} LP) in hex {monster['hex']}"
    entry = entry_of(view, num)
    if entry is None:
        return "a tabled card"
    return f"{who(entry['owner'])}'s {title(entry['card'])}{lp_text(entry)} in hex {where_of(view, entry)}"


def piece_name(view: dict, ref: str) -> str:
    piece = monster_of(view, int(ref[1:])) if ref[0] == "m" else entry_of(view, int(ref[1:]))
    if piece is None:
        return "piece"
    return MONSTERS[piece["monster"]].title if ref[0] == "m" else title(piece["card"])


def hex_title(view: dict, index: int) -> str:
    return HEXES[view["crypt"][index]["tile"]].title if 0 <= index < len(view["crypt"]) else "?"


def events_text(tile: str) -> str:
    parts = []
    for event in HEXES[tile].events:
        kind = event.kind
        if kind == "damage":
            parts.append(f"{event.name.replace('_', ' ')} {event.damage}")
        elif kind == "monster":
            parts.append(f"a {MONSTERS[event.monster].title}")
        elif kind == "trap":
            hurt = event.damage and (event.damage.n or event.damage.flat)
            parts.append("a trap" + (f" {event.damage}" if hurt else "") + f" (escape ≤{event.escape})")
        elif kind in ("draw", "discard"):
            parts.append(f"{kind} {event.count}")
        elif kind == "heal":
            parts.append(f"heal {event.amount}")
        elif kind == "slow":
            parts.append(f"−{plural(event.count, 'action')}")
    return ", ".join(parts) or "none"


def benefits_text(tile: str) -> str:
    what = {"ignore": "ignores the events", "action": "+1 action", "damage": "+3 damage"}
    return ", ".join(f"{'the owner' if who == 'owner' else CHARACTERS[who].name} {what.get(w, w)}"
                     for who, w in HEXES[tile].benefits)


# ------------------------------------------------------------------------------------ the map
def _neighbours(view: dict) -> dict:
    return {(h["q"], h["r"]): i for i, h in enumerate(view["crypt"])}


def _gap(view: dict, at: dict, index: int, side: int) -> bool:
    """An open side: a door onto an unexplored cell, or a passage (doors on both sides)."""
    here = view["crypt"][index]
    if side not in here["doors"]:
        return False
    other = at.get((here["q"] + STEPS[side][0], here["r"] + STEPS[side][1]))
    return other is None or (side + 3) % 6 in view["crypt"][other]["doors"]


def passages(view: dict, index: int) -> list[int]:
    at, here = _neighbours(view), view["crypt"][index]
    found = [at.get((here["q"] + dq, here["r"] + dr)) for d, (dq, dr) in enumerate(STEPS) if _gap(view, at, index, d)]
    return [i for i in found if i is not None]


def distances(view: dict, targets: list[int]) -> dict[int, int]:
    """Steps through open passages from each hex to the nearest of `targets`."""
    found = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        index = queue.popleft()
        for other in passages(view, index):
            if other not in found:
                found[other] = found[index] + 1
                queue.append(other)
    return found


def _tokens(view: dict, index: int, me: int | None) -> list[tuple[str, str]]:
    """What lies and stands in a hex, as short marks: EXIT, K (Keys), seat digits, a (agent),
    ^ (trap), M (monster); the piece acting now and your character in reverse."""
    here = view["crypt"][index]
    acting = (view.get("turn") or {}).get("piece")
    found = [("EXIT", "bold yellow")] if here["exit"] else []
    if here["keys"]:
        found.append(("K" + (str(here["keys"]) if here["keys"] > 1 else ""), "bold gold1 reverse"))
    for row in view["seats"]:
        if row["hex"] == index and not row["defeated"]:
            found.append((str(row["seat"]), style_of(row["seat"]) + (" reverse" if row["seat"] == me else "")))
    for entry in view["table"]:
        if entry["hex"] == index:
            mark = "a" if CARDS[entry["card"]].is_agent else "^"
            found.append((mark, style_of(entry["owner"]) + (" reverse" if acting == f"t{entry['uid']}" else "")))
    for monster in view["monsters"]:
        if monster["hex"] == index:
            style = "bold red" if monster["dominated_by"] is None else style_of(monster["dominated_by"])
            found.append(("M", style + (" reverse" if acting == f"m{monster['uid']}" else "")))
    return found


class CryptMap:
    """The crypt drawn to fit the width it is given: the largest hexes that fit, else the
    smallest, cut to the columns around `focus`."""

    def __init__(self, view: dict, me: int | None, focus: int | None):
        self.view, self.me, self.focus = view, me, focus

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        crypt = self.view["crypt"]
        spots = [2 * h["q"] + h["r"] for h in crypt]
        low, span = min(spots), max(spots) - min(spots)
        for cell, letters in CELLS:
            if span * cell // 2 + cell + 1 <= options.max_width:
                break
        grid = self._draw(cell, letters, low)
        width = len(grid[0])
        start = 0
        if width > options.max_width:
            focus = crypt[self.focus if self.focus is not None else 0]
            middle = (2 * focus["q"] + focus["r"] - low) * cell // 2 + cell // 2
            start = max(0, min(width - options.max_width, middle - options.max_width // 2))
            yield Text(f"Map columns {start + 1}–{start + options.max_width} of {width}, around hex "
                       f"{self.focus or 0} (a wider screen shows more)", style="dim", no_wrap=True, overflow="crop")
        for row in grid:
            line = Text(no_wrap=True, overflow="crop")
            for char, style in row[start:start + options.max_width]:
                line.append(char, style)
            yield line

    def _draw(self, cell: int, letters: int, low: int) -> list[list[tuple[str, str]]]:
        view, half = self.view, cell // 2
        crypt, at = view["crypt"], _neighbours(view)
        rmin = min(h["r"] for h in crypt)
        rows = max(h["r"] for h in crypt) - rmin + 1
        width = (max(2 * h["q"] + h["r"] for h in crypt) - low) * half + cell + 1
        grid = [[(" ", "")] * width for _ in range(rows * 3 + 1)]

        def put(x: int, y: int, text: str, style: str = "") -> None:
            for k, char in enumerate(text):
                grid[y][x + k] = (char, style)

        for index, here in enumerate(crypt):
            x, y = (2 * here["q"] + here["r"] - low) * half, (here["r"] - rmin) * 3
            wall = "dim"
            for side, (dx, dy) in {4: (1, 0), 5: (half + 1, 0), 2: (1, 3), 1: (half + 1, 3)}.items():
                if not _gap(view, at, index, side):
                    put(x + dx, y + dy, "─" * (half - 1), wall)
            for side, dx in ((3, 0), (0, cell)):
                if not _gap(view, at, index, side):
                    put(x + dx, y + 1, "│", wall)
                    put(x + dx, y + 2, "│", wall)
            for dx in (0, half, cell):
                put(x + dx, y, "·", wall)
                put(x + dx, y + 3, "·", wall)
            mine = self.me is not None and view["seats"][self.me]["hex"] == index
            number = f"{index:>2}"
            put(x + 1, y + 1, number, style_of(here["owner"]) + (" reverse" if mine else ""))
            name = " " + HEXES[here["tile"]].title
            put(x + 1 + len(number), y + 1, name[:min(letters + 1, cell - 1 - len(number))])
            room, marks = cell - 1, _tokens(view, index, self.me)
            if sum(len(t) + 1 for t, _ in marks) - 1 > room:  # crowded: X for EXIT, then no spaces
                marks = [("X", style) if text == "EXIT" else (text, style) for text, style in marks]
            gap = int(sum(len(t) + 1 for t, _ in marks) - 1 <= room)
            used = 0
            for k, (text, style) in enumerate(marks):
                if used + len(text) > room - (k < len(marks) - 1):  # keep a place for "+": more not shown
                    put(x + 1 + used, y + 2, "+", "bold")
                    break
                put(x + 1 + used, y + 2, text, style)
                used += len(text) + gap
        return grid
