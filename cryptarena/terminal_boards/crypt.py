"""Crypt in the terminal: the board (collectors, the Crypt's slots, players) and the claim
choices in words, grouped per card so that `p SLOT EFFORT` or a range of numbers places a servant."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .common import Choice, generic_choice, seat_name

# Banner colours of the printed cards (crypt.components.md §1.1).
TYPE_STYLE = {"idol": "bold gold1", "jewelry": "bold dodger_blue1", "manuscript": "bold grey70",
              "pottery": "bold dark_orange", "remains": "bold green3", "tapestry": "bold medium_purple1"}


def card_text(card: dict, face_up: bool = True) -> str:
    kind = card["type"]
    name = f"[{TYPE_STYLE.get(kind, 'bold')}]{kind.capitalize()}[/]"
    value = card.get("value")
    if not face_up:
        return f"{name} {value} [dim](face-down, you know it)[/]" if value is not None \
            else f"{name} [dim]face-down[/]"
    return f"{name} {value if value is not None else '?'}"


def _holder(slot: dict, names: dict) -> str:
    if slot["owner"] is None:
        return "[dim]free[/]"
    return (f"{seat_name(slot['owner'], names)}: {slot['dice']} × {slot['effort']} = "
            f"[bold]{slot['total']}[/]")


def _pending_by_slot(view: dict) -> dict[int, list[int]]:
    grouped: dict[int, list[int]] = {}
    for p in view.get("pending", []):
        grouped.setdefault(p["slot"], []).append(p["effort"])
    return grouped


def _dice_text(dice: list[str]) -> str:
    parts = []
    for status, style in (("ready", "green"), ("placed", "yellow"), ("exhausted", "red"), ("aside", "dim")):
        count = dice.count(status)
        if count:
            parts.append(f"[{style}]{count} {status}[/]")
    return ", ".join(parts) or "none"


def _collection_text(cards: list[dict]) -> str:
    if not cards:
        return "[dim]—[/]"
    by_type: dict[str, list[str]] = {}
    for card in cards:
        value = "?" if card["value"] is None else str(card["value"])
        by_type.setdefault(card["type"], []).append(value + ("↑" if card.get("flipped") else ""))
    return "   ".join(f"[{TYPE_STYLE.get(kind, 'bold')}]{kind.capitalize()}[/] {', '.join(values)}"
                     for kind, values in by_type.items())


def board(view: dict, names: dict, me: int | None, agents: dict) -> RenderableType:
    who = lambda seat: seat_name(seat, names)  # noqa: E731 - a short local alias reads better
    head = Text.from_markup(
        f"[bold]Crypt[/] · round {view['round']} · deck {view['deck_size']} cards · phase "
        f"[bold]{view['phase']}[/] · Leader: {who(view['leader'])} · Lights Out: {who(view['lights_out'])}")
    parts: list[RenderableType] = [head]
    if view.get("claim_order"):
        order = " → ".join(who(s) for s in view["claim_order"])
        note = "  [bold red](Lights Out turn: servants on one card only)[/]" if view.get("last_turn") else ""
        parts.append(Text.from_markup(f"Claim turns left: {order}{note}"))

    collectors = Table(title="Collectors", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("type", "side", "kind", "text"):
        collectors.add_column(column, no_wrap=column != "text")
    for c in view["collectors"]:
        collectors.add_row(f"[{TYPE_STYLE.get(c['type'], 'bold')}]{c['type'].capitalize()}[/]", c["side"],
                           c["kind"], c["text"])
    parts.append(collectors)

    pending = _pending_by_slot(view)
    crypt = Table(title="The Crypt", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("slot", "card", "held by: dice × effort = total", "this turn"):
        crypt.add_column(column, no_wrap=column != "card")
    for slot in view["crypt"]:
        efforts = pending.get(slot["slot"], [])
        placed = (f"[yellow]{len(efforts)} × {efforts[0]} = {len(efforts) * efforts[0]}[/]"
                  if efforts else "")
        crypt.add_row(str(slot["slot"]), card_text(slot, slot["face_up"]), _holder(slot, names), placed)
    if not view["crypt"]:
        crypt.add_row("", "[dim](empty)[/]", "", "")
    parts.append(crypt)

    parts.append(Text.from_markup("[bold]Players[/]  [dim](score: coins everyone can see + unexhausted "
                                  "servants; ↑ = flipped)[/]"))
    for p in view["players"]:
        seat = p["seat"]
        torch = " + ".join(t for t, held in (("Leader", p["leader"]), ("Lights Out", p["lights_out"])) if held)
        label = f"[bold]{who(seat)}[/]" + (f" [dim]({agents[seat]})[/]" if seat in agents else "")
        parts.append(Text.from_markup(f"  {label}{'  [italic]' + torch + '[/]' if torch else ''}  ·  servants: "
                                      f"{_dice_text(p['dice'])}  ·  score {p['public_score']}"))
        parts.append(Text.from_markup(f"      collection: {_collection_text(p['collection'])}"))
    if "ghost" in view:
        parts.append(Text.from_markup(f"  [bold]the Ghost[/]  ·  dice: {_dice_text(view['ghost']['dice'])}"))
    if me is not None and "you" in view and not view.get("over"):
        parts.append(Text.from_markup(f"  [dim]Your own count so far: {view['you']['treasure']} in treasure "
                                      f"+ {view['you']['servants']} unexhausted servants (collector bonuses "
                                      "come at the end)[/]"))
    if view.get("idol_rerolls"):
        dice = ", ".join(f"die {r['die']} (effort {r['effort']})" for r in view["idol_rerolls"])
        parts.append(Text.from_markup(f"Exhausted in this Collect: {dice}"))
    return Group(*parts)


PLACE_GROUP = ("[bold]place a servant[/]: p SLOT EFFORT, or a number (a range of numbers runs through "
               "the efforts shown, lowest first)")


def _span(values: list[int]) -> str:
    """1-6, 4, or 2,4,5 for the efforts allowed on one card."""
    if len(values) > 1 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return ",".join(map(str, values))


def choices(view: dict, legal: list[dict], names: dict) -> list[Choice]:
    """Crypt's legal actions in words, ordered so that picking "1" again and again always makes
    progress: confirm first, take back last."""
    slots = {s["slot"]: s for s in view.get("crypt", [])}
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    items: list[Choice] = []
    pending = view.get("pending", [])
    if "confirm" in by_type:
        grouped = _pending_by_slot(view)
        what = ", ".join(f"slot {s}: {len(e)} × {e[0]} = {len(e) * e[0]}" for s, e in sorted(grouped.items()))
        items.append(Choice(by_type["confirm"], "c", f"confirm your claim ({what}) and end your turn"))
    places: dict[int, list[dict]] = {}
    for action in by_type.get("place", []):
        places.setdefault(action["slot"], []).append(action)
    for slot, actions in sorted(places.items()):
        actions.sort(key=lambda a: a["effort"])
        card = slots.get(slot)
        where = card_text(card, card["face_up"]) if card else f"slot {slot}"
        held = f" [dim]held by[/] {_holder(card, names)}" if card and card["owner"] is not None else ""
        efforts = [a["effort"] for a in actions]
        command = f"p {slot} {_span(efforts)}"
        items.append(Choice(actions, command, f"{where}{held}", group=PLACE_GROUP))
    if "recover" in by_type:
        exhausted = view["players"][view["seat"]]["dice"].count("exhausted") if view.get("seat") is not None else 0
        items.append(Choice(by_type["recover"], "r",
                              f"recover your {exhausted} exhausted servant(s) — this is your whole turn"))
    for action in by_type.get("pottery_take", []):
        card = slots.get(action["slot"])
        where = card_text(card, card["face_up"]) if card else ""
        items.append(Choice([action], f"t {action['slot']}",
                              f"Pottery B: flip 2 Pottery, take face-down slot {action['slot']} {where}"))
    rerolls = {r["die"]: r["effort"] for r in view.get("idol_rerolls", [])}
    for action in by_type.get("idol_reroll", []):
        effort = rerolls.get(action["die"], "?")
        items.append(Choice([action], f"i {action['die']}",
                              f"Idol A: flip 1 Idol, re-roll exhausted die {action['die']} (needs {effort}+)"))
    if "pass" in by_type:
        meaning = {"pottery": "do not take a face-down card", "idol": "keep the exhausted dice as they are",
                   "claim": "you have no servant to place or recover"}.get(view.get("phase"), "")
        items.append(Choice(by_type["pass"], "pass", "pass" + (f" ({meaning})" if meaning else "")))
    if "manuscript_peek" in by_type:
        items.append(Choice(by_type["manuscript_peek"], "m",
                              "Manuscript B: flip 1 Manuscript, look at every face-down card in the Crypt"))
    if "remains_recover" in by_type:
        items.append(Choice(by_type["remains_recover"], "rem",
                              "Remains A: flip 2 Remains, recover one exhausted servant"))
    if "take_back" in by_type and pending:
        last = pending[-1]
        items.append(Choice(by_type["take_back"], "u",
                              f"take back your last servant (slot {last['slot']}, effort {last['effort']})"))
    known = {"confirm", "place", "recover", "pottery_take", "idol_reroll", "pass", "manuscript_peek",
             "remains_recover", "take_back"}
    for action in legal:  # anything this renderer does not know yet still gets a line
        if action["type"] not in known:
            items.append(generic_choice(action, {}))
    return items


# Short commands a player may type instead of the action type's full name.
SHORTCUTS = {"p": "place", "c": "confirm", "u": "take_back", "undo": "take_back",
             "r": "recover", "t": "pottery_take", "i": "idol_reroll", "m": "manuscript_peek",
             "peek": "manuscript_peek", "rem": "remains_recover"}

# Log lines not worth showing for other seats: the claim that ends a turn sums them up.
QUIET_FOR_OTHERS = {"crypt.place", "crypt.take_back"}

HELP_EXAMPLE = "p 2 3 (place on slot 2 at effort 3)"
