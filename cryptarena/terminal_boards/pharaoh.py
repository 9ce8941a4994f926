"""Crypt: The Pharaoh's Curse in the terminal (starter set): the crypt as a hex map (rows of r,
each shifted half a hex; walls drawn, open passages and unexplored doors left as gaps; every hex
with its number, a short title, EXIT, Keys and who stands there) that shrinks its hexes, then shows
the part around you, as the crypt outgrows the screen; the hexes in words, the monsters, agents and
traps, every seat's character, life, cards and tabled cards, your hand, the turn, the play being
built, the incoming strike and the interrupt window; and the choices as commands:
`play crossbow table`, `target c1`, `move 3`, `explore 0` (or `explore ne`), `use crossbow`,
`dodge rally`, `defend block`, `respond thwart pending`, `pick warlord`, `add fireball`, and `leave` for
the Exit action (`exit` quits the terminal).

A typed command is matched word by word against the commands of the legal actions (`read_command`,
reached through `READERS`): a card by any unambiguous start of its id or of a word in it (`spear`),
a play's method as use / table / hex / front, a tabled card by its card or `t12`; words left out
are fine where only one action fits. Every choice also has a number.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.pharaoh.components import CARDS, CHARACTERS, DECK_MAX, DECK_MIN, DECKS, HAND_LIMIT, HEXES, LIFE, MONSTERS
from ..games.pharaoh.decks import deck_problems
from .common import Arg, Choice, generic_choice, seat_name
from .pharaoh_crypt import (SIDES, CryptMap, benefits_text, card_stats, card_word, distances, entry_of, events_text,
                            lp_text, piece_name, plural, ref_text, style_of, title)

TITLE = "Crypt: The Pharaoh's Curse — starter set"
METHOD_WORD = {"use_discard": "use", "use_return": "use", "table": "table", "table_destroyed": "table",
               "table_hex": "hex", "table_target": "front", "any_time": "any_time"}
METHOD_TEXT = {"use_discard": "use it, then discard it", "use_return": "use it, then back to the hand",
               "table": "table it", "table_destroyed": "table it until it is destroyed",
               "table_hex": "table it in a hex", "table_target": "table it in front of the target"}
STEP_TEXT = {"draw": "drawing", "free": "free actions", "act": "actions", "discard": "discarding",
             "dominate": "choosing a piece to dominate", "ending": "the end of the turn"}
END_TEXT = {"all_defeated": "everyone is defeated and no Key is held", "round_limit":
            "the round limit is reached: the crypt claims everyone", "escape": "an escape"}
AGENT_TEXT = {"table": "table it in front of you, as a guard", "table_hex": "place it in a hex (it may attack at once)"}
# Headings, so that a line never seems to belong to the group above it.
GROUP = {"exit": "[bold]The Key[/]", "pickup": "[bold]The Key[/]", "hit": "[bold]Fight[/]", "use": "[bold]Fight[/]",
         "return": "[bold]Your tabled cards[/]", "use_event": "[bold]This hex[/]", "end": "[bold]Or[/]",
         "done": "[bold]Or[/]", "cancel": "[bold]Or[/]", "stay": "[bold]Or[/]", "restart": "[bold]Or[/]"}
LABEL = {"hit": "a hit", "cleave": "Cleave", "retribution": "Retribution", "event.trap": "the trap"}
ODDS = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= n) for n in range(13)}
ORDER = ("pick", "build", "ready", "add", "add_hex", "remove", "remove_hex", "restart", "draw", "skip", "escape",
         "exit", "pickup", "move_key", "explore", "hit", "use", "ability", "play", "move", "return", "move_agent",
         "use_event", "end", "done", "discard", "target", "confirm", "attach", "modifier", "cancel", "pass",
         "respond", "dodge", "defend", "dodge_exit", "take", "soak", "place", "escape_to", "stay", "dominate",
         "wait")


# ------------------------------------------------------------------------------------ the board
def board(view: dict, names: dict, me: int | None, agents: dict) -> RenderableType:
    who = lambda seat: seat_name(seat, names)
    head = f"[bold]{TITLE}[/] · round {view['round']}/{view['round_limit']} · phase {view['phase']}"
    if view["crypt"]:
        placed = len(view["crypt"])
        head += f" · {placed} {'hex' if placed == 1 else 'hexes'} placed, {view['hexpile']['count']} in the Hexpile"
    parts: list[RenderableType] = [Text.from_markup(head)]
    if view["phase"] == "setup":
        return Group(*parts, *_setup_board(view, who, me, agents))
    turn = view.get("turn") or {}
    focus = view["seats"][me]["hex"] if me is not None else None
    if focus is None and turn:
        focus = view["seats"][turn["seat"]]["hex"]
    parts += [CryptMap(view, me, focus), Text(
        "Legend: hex numbers in their owner's colour; 0–5 characters by seat; a agent, ^ trap tabled in the hex, "
        "M monster (in its dominator's colour), K Key, EXIT; gaps in the walls are open passages and "
        "unexplored doors; reverse: you and the piece acting now.", style="dim")]
    parts.append(Text.from_markup("[bold]Hexes:[/] " + " · ".join(_hex_line(view, i, who)
                                                                   for i in range(len(view["crypt"])))))
    pieces = _pieces_lines(view, who)
    if pieces:
        parts.append(Text.from_markup("[bold]In the crypt:[/] " + " · ".join(pieces)))
    parts.append(_seats_table(view, who, agents))
    where = view["seats"][me]["hex"] if me is not None else None
    if where is not None:
        tile, doors = view["crypt"][where]["tile"], " ".join(SIDES[d] for d in view["crypt"][where]["doors"])
        gains = f"; benefits: {benefits_text(tile)}" if HEXES[tile].benefits else ""
        parts.append(Text.from_markup(f"You are in hex {where} [bold]{HEXES[tile].title}[/] (doors {doors}): "
                                      f"events {events_text(tile)}{gains}."))
    if view.get("hand") is not None:
        parts += _hand_lines(view)
    parts += [Text.from_markup(line) for line in _situation(view, who)]
    return Group(*parts)


def _hex_line(view: dict, index: int, who) -> str:
    here = view["crypt"][index]
    keys = f", [bold gold1]{plural(here['keys'], 'Key')} here[/]" if here["keys"] else ""
    return (f"[{style_of(here['owner'])}]{index}[/] {HEXES[here['tile']].title}{' [bold yellow]EXIT[/]' * here['exit']}"
            f" of {who(here['owner'])}{keys}")


def _pieces_lines(view: dict, who) -> list[str]:
    lines = []
    for m in view["monsters"]:
        spec = MONSTERS[m["monster"]]
        ruled = f", dominated by {who(m['dominated_by'])}" if m["dominated_by"] is not None else ""
        keys = f", carries {plural(m['keys'], 'Key')}" if m.get("keys") else ""
        lines.append(f"m{m['uid']} [bold red]{spec.title}[/] {m['lp']}/{spec.lp} LP, dodge {spec.dg}, {spec.damage}, "
                     f"hex {m['hex']}{ruled}{keys}")
    for e in view["table"]:
        if e["hex"] is not None:
            what = "agent" if CARDS[e["card"]].is_agent else "trap"
            keys = f", carries {plural(e['keys'], 'Key')}" if e.get("keys") else ""
            lines.append(f"t{e['uid']} {card_word(e['card'])} ({who(e['owner'])}'s {what}{lp_text(e)}) in hex "
                         f"{e['hex']}{keys}")
    return lines


def _tabled_text(view: dict, seat: int, who) -> str:
    found = []
    for e in view["table"]:
        if e["seat"] == seat and e["hex"] is None:
            bits = [b for b in (lp_text(e).strip(), "locked" if e["lock"] else "", "this turn" if e["turn"] else "",
                                f"×{2 ** e['enforced']}" if e["enforced"] else "", "used" if e["used"] else "",
                                f"{e['keys']} Key" if e.get("keys") else "") if b]
            mine = "" if e["owner"] == seat else f" of {who(e['owner'])}"
            found.append(f"t{e['uid']} {card_word(e['card'])}{mine}" + (f" ({', '.join(bits)})" if bits else ""))
    return ", ".join(found)


def _seats_table(view: dict, who, agents: dict) -> Table:
    table = Table(title="Players (cards: in hand / in deck / discarded)", title_justify="left", show_edge=False,
                  pad_edge=False)
    for column in ("", "player", "character", "dodge", "life", "hex", "cards", "state, tabled in front"):
        table.add_column(column, no_wrap=column not in ("player", "state, tabled in front"))
    acting = set(view.get("to_act") or [])
    for row in view["seats"]:
        seat = row["seat"]
        spec = CHARACTERS.get(row["character"] or "")
        label = f"[{style_of(seat)}]{who(seat)}[/]" + (f" [dim]({agents[seat]})[/]" if seat in agents else "")
        state = []
        if row["defeated"]:
            state.append("[red]defeated[/]")
        if row["trapped"] is not None:
            state.append(f"[yellow]caught: escape ≤{row['trapped']}[/]")
        if "key" in row["known"]:
            state.append("[bold gold1]holds the Key[/]")
        cards = f"{row['hand']}/{row['deck']}/{len(row['discard'])}"
        tabled = _tabled_text(view, seat, who)
        table.add_row("[bold yellow]▶[/]" if seat in acting else "", label,
                      spec.name if spec else "?", str(spec.dodge) if spec else "",
                      "0" if row["defeated"] else f"{row['life']}/{LIFE}",
                      "—" if row["hex"] is None else str(row["hex"]), cards,
                      ", ".join(state + ([tabled] if tabled else [])))
    return table


def _hand_lines(view: dict) -> list[Text]:
    hand = view["hand"]
    out = [Text.from_markup(f"[bold]Your hand[/] ({len(hand)}/{HAND_LIMIT})" + (":" if hand else ": empty."))]
    for card in dict.fromkeys(hand):
        count = hand.count(card)
        out.append(Text.from_markup(f"  {f'{count}× ' * (count > 1)}{card_word(card)} [dim]{card}[/] — "
                                    f"{card_stats(card)}: [dim]{CARDS[card].text}[/]"))
    return out


def _setup_board(view: dict, who, me: int | None, agents: dict) -> list[RenderableType]:
    out: list[RenderableType] = [Text("The starter decks (pick DECK), or build your own deck for a character "
                                      "(build CHARACTER):", style="bold")]
    for deck in DECKS.values():
        spec = CHARACTERS[deck.character]
        uses = ", ".join(f"{kind} L{level}" for kind, level in spec.uses.items())
        hexes = ", ".join(HEXES[h].title + (" (EXIT)" if HEXES[h].exit else "") for h in deck.hexes)
        out.append(Text.from_markup(f"  [bold]{deck.id}[/]: the {spec.name}, {sum(deck.cards.values()) + 1} cards "
                                    f"with the Key; dodge {spec.dodge}, hit {spec.hit}, {uses}. {spec.ability_text} "
                                    f"[dim]Hexes: {hexes}.[/]"))
    ready = ", ".join(f"{who(r['seat'])}: {'ready' if r['ready'] else 'choosing'}" for r in view["seats"])
    out.append(Text(f"Set-up, every seat at once and in secret: {ready}."))
    mine = view["seats"][me].get("setup") if me is not None else None
    if mine and mine["mode"] == "build":
        size = sum(mine["cards"].values()) + 1
        cards = ", ".join(f"{n}× {title(c)}" for c, n in mine["cards"].items()) or "none yet"
        hexes = ", ".join(HEXES[h].title for h in mine["hexes"]) or "none yet"
        problems = deck_problems(mine["character"], mine["cards"], mine["hexes"])
        out.append(Text.from_markup(
            f"Your custom deck for the [bold]{CHARACTERS[mine['character']].name}[/]: {size} cards with the Key "
            f"({DECK_MIN}–{DECK_MAX}): {cards}. Hexes ({len(mine['hexes'])}, 5–10 with an exit): {hexes}. "
            + ("[green]Legal: type ready.[/]" if not problems else "[yellow]Still: " + "; ".join(problems) + ".[/]")))
    return out


def strike_text(view: dict, who) -> str:
    strike = view.get("strike") or {}
    if strike.get("amount") is not None:  # soaking: one part of the damage
        return (f"{strike['amount']} {strike.get('dtype') or ''} damage".replace("  ", " ")
                + f" for {ref_text(view, strike['target'], who)}")
    label = strike.get("label") or "?"
    what = title(label) if label in CARDS else MONSTERS[label].title if label in MONSTERS else \
        LABEL.get(label, label.replace("event.", "").replace("_", " "))
    by = f"{who(strike['by'])}'s " if strike.get("by") is not None else ""
    parts = " + ".join(f"{amount} {dtype or ''}".strip() for amount, dtype in strike.get("rolled") or [])
    total = sum(amount for amount, _ in strike.get("rolled") or [])
    note = " (play any time: only a play-any-time defence answers it)" if strike.get("anytime") else ""
    return (f"{by}{what} at {ref_text(view, strike['target'], who)}: {total} damage"
            + (f" ({parts})" if len(strike.get("rolled") or []) > 1 else "") + note)


def pending_text(view: dict, who) -> str:
    p = view.get("pending")
    if not p:
        return ""
    if p["kind"] == "play":
        what = f"{card_word(p['card'])} ({METHOD_TEXT.get(p['method'], p['method'])})"
    elif p["kind"] == "use":
        entry = entry_of(view, p["uid"])
        what = f"the tabled {card_word(entry['card'])}" if entry else "a tabled card"
    elif p["kind"] == "ability":
        character = CHARACTERS[view["seats"][p["seat"]]["character"]]
        what = character.ability_text.split(" (")[0]
    else:
        what = "a hit"
    extras = [title(c) for c in (p["alteration"], p["enhancement"]) if c] + [title(c) for c in p["modifiers"]]
    return (f"{who(p['seat'])} plays {what}" + (f" with {', '.join(extras)}" if extras else "")
            + (f" at {ref_text(view, p['target'], who)}" if p.get("target") else "")
            + (" [red](thwarted)[/]" if p.get("cancelled") else ""))


def _situation(view: dict, who) -> list[str]:
    if view.get("end_reason"):
        if view.get("winner") is not None:
            return [f"[bold]{who(view['winner'])} escapes the crypt with the Key and wins![/]"]
        return [f"[bold]The game is over: {END_TEXT.get(view['end_reason'], view['end_reason'])}.[/]"]
    lines = []
    turn = view.get("turn")
    if turn:
        line = (f"[bold]{who(turn['seat'])}[/]'s turn: {STEP_TEXT.get(turn['step'], turn['step'])} "
                f"({turn['used']} of {plural(turn['allowance'], 'action')} used)")
        if turn.get("piece"):
            line += f"; dominating {ref_text(view, turn['piece'], who)}"
        lines.append(line + ".")
    decision = view.get("decision") or {}
    kind = decision.get("kind")
    if view.get("pending"):
        lines.append(("Building a play: " if kind == "build" else "The play: ") + pending_text(view, who) + ".")
    if kind in ("defend", "soak"):
        then = "defends" if kind == "defend" else "chooses which tabled card takes it"
        lines.append(f"[bold red]Incoming:[/] {strike_text(view, who)}; {who(decision['seat'])} {then}.")
    elif kind == "window":
        window = view.get("window") or {}
        answered = ", ".join(who(s) for s in window.get("answered", [])) or "nobody yet"
        lines.append(f"[bold]Play-any-time window[/]: waiting for {', '.join(who(s) for s in decision['seats'])} "
                     f"(respond or pass); answered: {answered}.")
    elif kind == "place":
        lines.append(f"{who(decision['seat'])} turns the explored hex.")
    elif kind == "escape":
        lines.append(f"{who(decision['seat'])} rolled free and may leave the hex.")
    elif kind == "event_discard":
        lines.append(f"A hex event: {who(decision['seat'])} discards a card.")
    return lines


# ------------------------------------------------------------------------------------ the choices
def _slots(view: dict, action: dict, legal: list[dict]) -> list[list[tuple[str, bool]]]:
    """How each field of `action` may be typed: names, each with whether a start of it (or of a
    word in it) will do; the first name is the one shown."""
    kind, slots = action["type"], []
    for key, value in action.items():
        if key == "type":
            continue
        if key == "uid" or (key == "target" and kind == "respond" and value.startswith("t")):
            uid = int(value[1:]) if key == "target" else value
            entry = entry_of(view, uid)
            card = entry["card"] if entry else ""
            twins = {a.get("uid", a.get("target")) for a in legal if a["type"] == kind and _uid_card(view, a) == card}
            names = [(f"t{uid}", False), (str(uid), False), (card, True)]
            slots.append(names if len(twins) > 1 or not card else [names[2], names[0], names[1]])
        elif key == "method":
            slots.append([(METHOD_WORD.get(value, value), True), (value, True)])
        elif key == "side":
            slots.append([(str(value), False), (SIDES[value].lower(), False)])
        elif isinstance(value, str):
            slots.append([(value, key not in ("target", "piece") or kind == "respond")])
        else:
            slots.append([(str(value), False)])
    return slots


def _uid_card(view: dict, action: dict) -> str | None:
    ref = action.get("uid")
    if action["type"] == "respond" and action["target"].startswith("t"):
        ref = int(action["target"][1:])
    entry = entry_of(view, ref) if ref is not None else None
    return entry["card"] if entry else None


def command_of(view: dict, action: dict, legal: list[dict]) -> str:
    """The command a player types for `action` (and the menu shows); the Exit action is `leave`,
    as `exit` leaves the terminal."""
    kind = "leave" if action["type"] == "exit" else action["type"]
    return " ".join([kind, *(slot[0][0] for slot in _slots(view, action, legal))])


def _level(word: str, slot: list[tuple[str, bool]]) -> int:
    best = 0
    for name, loose in slot:
        if word == name:
            return 3
        if loose and name.startswith(word):
            best = max(best, 2)
        elif loose and any(part.startswith(word) for part in name.split("_")[1:]):
            best = max(best, 1)
    return best


def _pick(word: str, names, what: str) -> str:
    """One of `names` from a typed word: exact, else a unique start of it or of a word in it."""
    levels = {n: _level(word, [(n, True)]) for n in names}
    best = max(levels.values(), default=0)
    found = [n for n, level in levels.items() if level == best and best]
    if len(found) == 1:
        return found[0]
    if found:
        raise ValueError(f"{word!r} could mean {', '.join(found[:8])}: type more of it.")
    raise ValueError(f"{word!r} is not {what}.")


FALLBACK = {"play": "card", "add": "card", "remove": "card", "discard": "card", "add_hex": "hex",
            "remove_hex": "hex", "pick": "deck", "build": "character", "move": "to", "escape_to": "to",
            "place": "turn", "explore": "side"}


def read_command(view: dict, kind: str, typed: list[str], legal: list[dict]) -> dict | None:
    """The legal action a typed command stands for; where none fits, the action the words name
    (for the engine to say why not) or ValueError with what is possible."""
    typed = [w.lower() for w in typed]
    of_kind = [a for a in legal if a["type"] == kind]
    scored = []
    for action in of_kind:
        slots = _slots(view, action, legal)
        levels = [_level(w, s) for w, s in zip(typed, slots, strict=False)]  # fewer words: a start
        if len(typed) <= len(slots) and all(levels):
            scored.append((len(typed) == len(slots), sum(levels), action))
    if scored:
        best = max(scored, key=lambda s: s[:2])[:2]
        top = [a for complete, score, a in scored if (complete, score) == best]
        if len(top) == 1:
            return top[0]
        options = ", ".join(command_of(view, a, legal) for a in top[:8])
        raise ValueError(f"{' '.join([kind, *typed])} could mean {options}: type more.")
    field = FALLBACK.get(kind)
    if field and typed:
        table = {"card": CARDS, "hex": HEXES, "deck": DECKS, "character": CHARACTERS}.get(field)
        if table is not None:
            action = {"type": kind, field: _pick(typed[0], table, f"a {field} of the starter set")}
            if kind == "play":
                methods = [m for m in CARDS[action["card"]].methods if m != "any_time"] or ["any_time"]
                words = {**{METHOD_WORD[m]: m for m in reversed(methods)}, **{m: m for m in methods}}
                action["method"] = words[_pick(typed[1], words, "a way to play it")] if typed[1:] else methods[0]
            return action
        if kind == "explore" and typed[0].upper() in SIDES:
            return {"type": kind, "side": SIDES.index(typed[0].upper())}
        if not typed[0].lstrip("-").isdigit():
            raise ValueError(f"{typed[0]!r} is not a number.")
        return {"type": kind, field: int(typed[0])}
    possible = [command_of(view, a, legal) for a in of_kind]
    more = f", … ({len(possible)} in all)" if len(possible) > 8 else ""
    raise ValueError(f"Not possible now: {' '.join([kind, *typed])}. Possible: {', '.join(possible[:8])}{more}.")


def _describe(view: dict, action: dict, legal: list[dict], who) -> tuple[str, str]:
    """A choice's heading and its words."""
    kind, me = action["type"], view.get("seat")
    row = view["seats"][me] if me is not None else {}
    turn = view.get("turn") or {}
    piece = turn.get("piece")
    if kind == "pick":
        deck = DECKS[action["deck"]]
        return "[bold]Choose a starter deck[/] (its character and hexes)", (
            f"{deck.title}: the {CHARACTERS[deck.character].name}, {sum(deck.cards.values()) + 1} cards")
    if kind == "build":
        return "[bold]Or build your own deck[/]", f"a custom deck for the {CHARACTERS[action['character']].name}"
    if kind in ("add", "remove"):
        mine = (row.get("setup") or {}).get("cards", {})
        return (f"[bold]{'Add a card' if kind == 'add' else 'Take a card out'}[/]",
                (f"{card_word(action['card'])} [dim]{CARDS[action['card']].rarity} · {card_stats(action['card'])}[/]"
                 f" (in the deck: {mine.get(action['card'], 0)})"))
    if kind in ("add_hex", "remove_hex"):
        tile = HEXES[action["hex"]]
        return (f"[bold]{'Add a hex' if kind == 'add_hex' else 'Take a hex out'}[/]",
                (f"[bold]{tile.title}[/]{' EXIT' if tile.exit else ''} [dim]{tile.rarity} · doors "
                 f"{len(tile.doors)} · events {events_text(tile.id)}[/]"))
    if kind in ("move", "escape_to"):
        to = action["to"]
        who_there = [who(r["seat"]) for r in view["seats"] if r["hex"] == to and not r["defeated"]]
        who_there += [MONSTERS[m["monster"]].title for m in view["monsters"] if m["hex"] == to]
        tile = view["crypt"][to]["tile"]
        note = f"{'the ' + piece_name(view, piece) + ' ' if piece else ''}to hex {to} " \
               f"[bold]{HEXES[tile].title}[/]{' [bold yellow]EXIT[/]' if view['crypt'][to]['exit'] else ''}"
        note += f" ({', '.join(who_there)} there)" if who_there else ""
        note += "" if piece else f" [dim]events: {events_text(tile)}[/]"
        return "[bold]Move[/] through an open passage", note
    if kind == "explore":
        here = row.get("hex") if not piece else None
        return (f"[bold]Explore[/]: draw a hex from the Hexpile ({view['hexpile']['count']} left) and go in",
                f"through side {action['side']} ({SIDES[action['side']]})" + (f" of hex {here}" * (here is not None)))
    if kind == "play":
        card = CARDS[action["card"]]
        way = (AGENT_TEXT if card.is_agent else METHOD_TEXT).get(action["method"], METHOD_TEXT.get(action["method"]))
        return f"{card_word(action['card'])} [dim]({card_stats(action['card'])}): {card.text}[/]", way or "play it"
    if kind in ("use", "return", "soak"):
        entry = entry_of(view, action["uid"])
        text = {"use": "attack with your tabled", "return": "take back into your hand your tabled",
                "soak": "the damage goes first to your"}[kind]
        return (GROUP.get(kind, ""),
                f"{text} {card_word(entry['card'])}{lp_text(entry)} [dim]{card_stats(entry['card'])}[/]")
    if kind == "move_agent":
        entry = entry_of(view, action["uid"])
        return "[bold]Your agents[/]", f"move your {card_word(entry['card'])} from {entry['hex']} to hex {action['to']}"
    if kind == "ability":
        spec = CHARACTERS[row["character"]]
        if "card" in action:
            return f"[bold]{spec.ability_text}[/]", f"take back {card_word(action['card'])}"
        if "uid" in action:
            entry = entry_of(view, action["uid"])
            return f"[bold]{spec.ability_text}[/]", f"repair your {card_word(entry['card'])}{lp_text(entry)}"
        return "[bold]Special ability[/]", spec.ability_text
    if kind == "target":
        return "[bold]Target[/] (it commits the play)", ref_text(view, action["target"], who)
    if kind in ("attach", "modifier"):
        return "[bold]Add to the play[/]", f"{card_word(action['card'])} [dim]{CARDS[action['card']].text}[/]"
    if kind == "respond":
        target = action["target"]
        pending = view.get("pending") or {}
        aim = ref_text(view, target, who) if target.startswith("t") else \
            title(pending.get(target)) if target in ("alteration", "enhancement") else \
            "the play's Enforce" if target == "enforce" else f"the {title(pending.get('card'))} being played"
        return "[bold]Answer the play[/] (play any time)", f"{card_word(action['card'])} on {aim}"
    if kind in ("dodge", "dodge_exit") or (kind == "defend" and "card" in action):
        strike = view.get("strike") or {}
        if kind == "dodge":
            score = _dodge_score(view, strike.get("target")) + (CARDS[action["card"]].bonus if "card" in action else 0)
            extra = f"with {card_word(action['card'])}: " if "card" in action else ""
            return "", f"{extra}roll 2D6, {score} or less dodges ({ODDS[max(0, min(score, 12))] * 100 // 36}%)"
        if kind == "dodge_exit":
            return "", "dodge out through the exit with the Key: doubles escape and win, anything else is a hit"
        effect = CARDS[action["card"]].effect
        return "", (f"table {card_word(action['card'])} ({CARDS[action['card']].lp} LP) to take the blow first"
                    if effect == "armor" else f"stop the attack with {card_word(action['card'])}")
    if kind == "defend":
        return "", f"stop the attack with your tabled {card_word(entry_of(view, action['uid'])['card'])}"
    if kind == "dominate":
        ref = action["piece"]
        if ref[0] == "h":
            monster = next(e.monster for e in HEXES[view["crypt"][int(ref[1:])]["tile"]].events if e.kind == "monster")
            return "[bold]Dominate[/]", f"make the {MONSTERS[monster].title} of hex {ref[1:]} appear and dominate it"
        return "[bold]Dominate[/]", ref_text(view, ref, who)
    if kind == "discard":
        return "[bold]Discard[/]", card_word(action["card"])
    if kind == "place":
        tile = (view.get("decision") or {}).get("tile")
        doors = " ".join(SIDES[(d + action["turn"]) % 6] for d in sorted(HEXES[tile].doors)) if tile else ""
        doors = f": doors {doors}" if doors else ""
        return "[bold]Turn the explored hex[/]", f"{plural(action['turn'], 'sixth')} clockwise{doors}"
    heading = GROUP.get(kind, "") if kind != "done" or turn.get("step") == "free" else ""  # discarding: first
    return heading, _simple_text(view, kind, row, turn, legal)


def _simple_text(view: dict, kind: str, row: dict, turn: dict, legal: list[dict]) -> str:
    strike = view.get("strike") or {}
    left = turn.get("allowance", 0) - turn.get("used", 0)
    hit = CHARACTERS[row["character"]].hit if row.get("character") else "?"
    return {"draw": f"draw a card ({row.get('deck', 0)} in your deck)", "skip": "do not draw",
            "ready": "the deck and hexes are final", "restart": "choose again",
            "escape": f"roll 2D6 to escape: {row.get('trapped')} or less frees you",
            "done": "end the free actions" if turn.get("step") == "free" else f"keep your {row.get('hand', 0)} cards",
            "hit": "attack with it" if turn.get("piece") else
            f"a hit for {hit} at someone in your hex (the target next)",
            "pickup": "pick up the Key lying here",
            "exit": "roll 2D6 at the exit with the Key: doubles escape and win!",
            "use_event": "use this hex's event (it hurts you)", "end": f"end your actions ({left} unused)",
            "confirm": "commit the play with no target" if any(a["type"] == "target" for a in legal)
            else "commit the play as it is", "cancel": "take the play back into your hand",
            "pass": "let it be", "take": f"take it: {sum(a for a, _ in strike.get('rolled') or [])} damage",
            "stay": "stay in this hex", "wait": "nothing to dominate: wait for a monster to arise"}.get(kind, kind)


def _dodge_score(view: dict, ref: str | None) -> int:
    if not ref:
        return 0
    if ref[0] == "c":
        seat = int(ref[1:])
        malus = sum(CARDS[e["card"]].dodge_malus for e in view["table"] if e["seat"] == seat)
        return CHARACTERS[view["seats"][seat]["character"]].dodge - malus
    entry = entry_of(view, int(ref[1:]))
    if entry and not CARDS[entry["card"]].is_agent and entry["seat"] is not None:
        return _dodge_score(view, f"c{entry['seat']}")
    return CARDS[entry["card"]].dg if entry else 0


def _rank(view: dict, action: dict, toward: dict) -> tuple:
    kind = action["type"]
    if kind == "move" and toward and action["to"] in toward:
        return ORDER.index("move_key"), toward[action["to"]]
    return (ORDER.index(kind) if kind in ORDER else len(ORDER)), 0


def choices(view: dict, legal: list[dict], names: dict) -> list[Choice]:
    """Ordered so that answering "1" again and again plays on: exit or pick up a Key when you can,
    head for an exit with the Key, explore, attack, then end the turn; draw, keep your hand, dodge,
    let plays be, target before cancel."""
    who = lambda seat: seat_name(seat, names)
    me = view.get("seat")
    holder = me is not None and ("key" in (view.get("hand") or []) or any(
        e["seat"] == me and e["card"] == "key" for e in view["table"]))
    exits = [i for i, h in enumerate(view["crypt"]) if h["exit"]]
    toward = distances(view, exits) if holder and exits else {}
    items = []
    for action in sorted(legal, key=lambda a: _rank(view, a, toward)):
        if action["type"] not in ORDER:
            items.append(generic_choice(action, {}))
            continue
        group, text = _describe(view, action, legal, who)
        if action["type"] == "move" and action["to"] in toward:
            text += f" [green]({toward[action['to']]} from an exit)[/]"
        items.append(Choice([action], command_of(view, action, legal), text, group=group))
    return items


# ------------------------------------------------------------------------------------ commands
def _arg(field: str, name: str, words=()) -> Arg:
    return Arg(field, name, "word", words=tuple(words))


# How each action's fields are typed (read_command matches them; the terminal uses these to say
# what was wrong with a typed value).
ARGS = {
    "play": (_arg("card", "CARD", CARDS), _arg("method", "METHOD", METHOD_TEXT)),
    **{kind: (_arg("card", "CARD", CARDS),) for kind in ("add", "remove", "discard")},
    **{kind: (_arg("hex", "HEX", HEXES),) for kind in ("add_hex", "remove_hex")},
    "pick": (_arg("deck", "DECK", DECKS),), "build": (_arg("character", "CHARACTER", CHARACTERS),),
    "move": (Arg("to", "HEX"),), "escape_to": (Arg("to", "HEX"),), "place": (Arg("turn", "TURN"),),
    "explore": (Arg("side", "SIDE"),),
}

SHORTCUTS = {"m": "move", "x": "explore", "p": "play", "u": "use", "a": "ability", "t": "target", "c": "confirm",
             "e": "end", "d": "done", "k": "take", "r": "respond", "s": "skip", "ma": "move_agent", "get": "pickup",
             "leave": "exit"}

# Every other seat's cards being dealt and set-up steps, and each seat letting a play be in a window.
QUIET_FOR_OTHERS = {"pharaoh.setup_step", "pharaoh.deal", "pharaoh.pass"}

HELP_EXAMPLE = ("pick warlord (a starter deck), draw / skip, play crossbow table (p cross t…; a play's way: use, "
                "table, hex, front), target c1 (a character by seat; t12 a tabled card or agent, m3 a monster, "
                "h5 everyone in a hex), move 3 (to hex 3), explore 0 (through side 0 = E; or explore ne), hit, "
                "use crossbow, ability, leave (roll to escape at an exit with the Key: exit quits the terminal), "
                "end, dodge rally, defend block, take, respond thwart pending, pass, discard spark, done")
