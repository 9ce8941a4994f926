"""Midas Chests in the terminal (digital mode): the announced stone and what each face counts, the
bid, your cup's dice (the others' cups as counts until the cups are lifted), chests, purses,
favours, the Cursed, the last reveal with everyone's dice; and the choices as short commands
(`b 7`, `a`, `l`, `d`, `buy imm`, `pass`, `bribe emerald`, `o 1`, `swap 2`).

Companion mode runs a physical table from one device and is not played here (`unplayable`).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.midas.components import DIE_PRESETS, FAVOURS, OBSIDIAN_CARDS, stones
from .common import Arg, Choice, generic_choice, seat_name

ALL_STONES = tuple(dict.fromkeys(s for die in DIE_PRESETS.values() for s in stones(die)))
FACE_STYLE = {"ruby": "bold red1", "emerald": "bold green3", "sapphire": "bold dodger_blue1",
              "topaz": "bold yellow1", "diamond": "bold bright_white", "obsidian": "bold grey85 on grey23",
              "favour": "bold gold1"}
FAVOUR_NAME = {"pot_de_vin": "Pot-de-vin", "immunite": "Immunité", "damocles": "Damoclès", "echange": "Échange"}
FAVOUR_EFFECT = {"pot_de_vin": "change the announced stone once, even out of turn, while bids are open",
                 "immunite": "your next penalty draw is cancelled (Damoclès included)",
                 "damocles": "the next player to draw from a chest draws twice",
                 "echange": "swap your chest with another player's, at once"}

COMPANION_REFUSAL = (
    "Midas Chests' companion mode is not played in the terminal: it runs a physical table (real dice, "
    "real cups) from one device. Open the browser companion page instead: start the server with "
    "`cryptarena serve` and go to http://127.0.0.1:8000/companion. To play here against bots, leave out "
    "-o mode=companion (the digital mode).")


def unplayable(options: dict) -> str | None:
    """Why the terminal cannot play a table with these (resolved) options, or None."""
    return COMPANION_REFUSAL if options.get("mode") == "companion" else None


# ------------------------------------------------------------------------------------ counting
def face_word(face: str) -> str:
    return f"[{FACE_STYLE.get(face, 'bold')}]{face}[/]"


def dice_text(dice: list[str]) -> str:
    return " ".join(face_word(f) for f in dice) if dice else "[dim]no dice[/]"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def dice_count(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def face_values(view: dict, stone: str | None = None) -> dict[str, int | None]:
    """What each face of the die counts toward `stone` (the announced one by default); obsidian
    is None while the Cursed players' cards are hidden."""
    stone = stone or view["stone"]
    values: dict[str, int | None] = {s: int(s == stone) for s in view["stones"]}
    for face in ("diamond", "favour", "obsidian"):
        if face in view["die"]:
            values[face] = view["values"][face]
    return values


def _guessed_obsidian(view: dict) -> float:
    """Obsidian's value as far as this seat can tell: the known value, else your own card plus
    an even chance of 1 for each other Cursed player's hidden card."""
    if view["values"]["obsidian"] is not None:
        return view["values"]["obsidian"]
    me = view.get("seat")
    guess = 0.0
    for row in view["seats"]:
        if not row["cursed"]:
            continue
        if row["seat"] == me and row["obsidian"] is not None:
            guess += row["obsidian"]
        else:
            guess += sum(OBSIDIAN_CARDS) / len(OBSIDIAN_CARDS)
    return guess


def cup_count(view: dict, dice: list[str], stone: str | None = None) -> tuple[int, int]:
    """Your dice's count toward the stone, and how many of them are obsidian of unknown value."""
    values = face_values(view, stone)
    known = sum(values.get(f) or 0 for f in dice)
    unknown = sum(1 for f in dice if values.get(f) is None)
    return known, unknown


def _estimate(view: dict, mine: list[str]) -> tuple[int, float]:
    """How many dice are hidden from you, and what the whole table holds on average."""
    values = face_values(view)
    obsidian = _guessed_obsidian(view)
    worth = lambda face: obsidian if values.get(face) is None else values[face]  # noqa: E731
    per_die = sum(worth(f) for f in view["die"]) / len(view["die"])
    me = view.get("seat")
    hidden = sum(row["dice_count"] for row in view["seats"] if row["seat"] != me)
    return hidden, sum(worth(f) for f in mine) + hidden * per_die


# ------------------------------------------------------------------------------------ the board
def board(view: dict, names: dict, me: int | None, agents: dict) -> RenderableType:
    who = lambda seat: seat_name(seat, names)  # noqa: E731 - a short local alias reads better
    acting = view["to_act"][0] if view.get("to_act") else None
    if view.get("over"):
        parts: list[RenderableType] = [Text.from_markup(f"[bold]Midas Chests[/] · round [bold]{view['round']}[/] · "
                                                        "the game is over")]
        parts.append(_seats_table(view, who, agents, None))
        parts += _reveal_lines(view, who)
        winner = view.get("winner")
        parts.append(Text.from_markup(f"[bold]The game is over: {who(winner)} is the last one not Cursed.[/]"
                                      if winner is not None else "[bold]The game is over.[/]"))
        return Group(*parts)
    parts = [Text.from_markup(
        f"[bold]Midas Chests[/] · round [bold]{view['round']}[/] · phase [bold]{view['phase']}[/] · "
        f"Midas announces {face_word(view['stone'])} · bid cap [bold]{view['cap']}[/]")]
    parts.append(Text.from_markup("Faces count: " + _values_text(view)))
    parts.append(Text.from_markup(_situation(view, who, acting)))
    parts += _my_cup_lines(view, me)
    parts.append(_seats_table(view, who, agents, acting))
    parts.append(Text.from_markup(_favours_text(view, who)))
    if view["damocles"]:
        parts.append(Text.from_markup("[bold red]Damoclès is armed:[/] the next player to draw from a chest "
                                      "draws twice."))
    parts += _reveal_lines(view, who)
    return Group(*parts)


def _values_text(view: dict) -> str:
    values = face_values(view)
    shown = [f"{face_word(view['stone'])} 1"]
    if "diamond" in values:
        shown.append(f"{face_word('diamond')} 2")
    if "favour" in values:
        granted = values["favour"] - 1
        shown.append(f"{face_word('favour')} {values['favour']}"
                     + (f" [dim](1 + {granted} granted)[/]" if granted else ""))
    if "obsidian" in values:
        obsidian = values["obsidian"]
        shown.append(f"{face_word('obsidian')} " + (str(obsidian) if obsidian is not None
                                                     else "? [dim](hidden cards)[/]"))
    others = [s for s in view["stones"] if s != view["stone"]]
    return " · ".join(shown) + (f" · {', '.join(map(face_word, others))} 0" if others else "")


def _situation(view: dict, who, acting: int | None) -> str:
    phase, player = view["phase"], who(acting) if acting is not None else "nobody"
    if phase == "bidding":
        if view["bid"] is None:
            return f"No bid yet: [bold]{player}[/] opens (1 to {view['cap']})."
        return (f"Current bid: [bold]{view['bid']}[/] by {who(view['bidder'])} · [bold]{player}[/] raises or "
                "accuses")
    if phase == "obsidian":
        return f"The Cursed play their Obsidian cards face down: waiting for {', '.join(map(who, view['to_act']))}."
    if phase == "penalty":
        return f"[bold]{player}[/] lost the round: loses a die or draws a coin from their chest."
    if phase == "favours":
        return f"Midas offers a favour to [bold]{player}[/]."
    if phase == "swap":
        return f"[bold]{player}[/] bought Échange and picks whose chest to take."
    return f"Waiting for [bold]{player}[/]."  # companion phases, shown in replays


def _my_cup_lines(view: dict, me: int | None) -> list[Text]:
    if me is None or view.get("mode") == "companion":
        return []
    row = view["seats"][me]
    if row["cursed"]:
        card = "not played yet" if row["obsidian"] is None else f"worth {row['obsidian']}"
        return [Text.from_markup(f"[bold]You are Cursed:[/] no dice; your Obsidian card this round: {card}.")]
    dice = row["dice"] or []
    known, unknown = cup_count(view, dice)
    obsidian = f" + {plural(unknown, 'obsidian')} of unknown worth" if unknown else ""
    lines = [Text.from_markup(f"Your cup ({row['cup']}): {dice_text(dice)}  → counts [bold]{known}[/]"
                              f"{obsidian} toward {face_word(view['stone'])}")]
    if view["phase"] == "bidding":
        hidden, expected = _estimate(view, dice)
        lines.append(Text.from_markup(f"  [dim]with the other {dice_count(hidden)} the table holds about "
                                      f"{expected:.1f} on average[/]"))
    return lines


def _seats_table(view: dict, who, agents: dict, acting: int | None) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("", "player", "cup", "dice", "chest", "purse", "favour", "status"):
        table.add_column(column, no_wrap=column != "status",
                         justify="right" if column in ("dice", "chest", "purse") else "left")
    for row in view["seats"]:
        seat = row["seat"]
        label = f"[bold]{who(seat)}[/]" + (f" [dim]({agents[seat]})[/]" if seat in agents else "")
        status = []
        if row["cursed"]:
            played = " · card played" if row["obsidian_played"] else ""
            status.append(f"[bold gold1]Cursed[/]{played}")
        if row["immune"]:
            status.append("[bold cyan]immune[/]")
        if view["bribe_holder"] == seat:
            status.append("may bribe")
        favour = FAVOUR_NAME.get(row["favour"], row["favour"]) if row["favour"] else "[dim]—[/]"
        dice = "[dim]—[/]" if row["cursed"] else str(row["dice_count"])
        table.add_row("[bold yellow]▶[/]" if seat == acting else "", label, row["cup"], dice,
                      plural(row["chest"], "coin"), str(row["purse"]), favour, ", ".join(status))
    return table


def _favours_text(view: dict, who) -> str:
    parts = []
    for favour, info in view["favours"].items():
        holder = info["granted_to"]
        taken = f"→ {who(holder)}" if holder is not None else "[dim]free[/]"
        parts.append(f"{FAVOUR_NAME.get(favour, favour)} {info['price']} {taken}")
    return "Favours (price): " + " · ".join(parts)


def _reveal_lines(view: dict, who) -> list[Text]:
    reveal = view.get("last_reveal")
    if not reveal:
        return []
    if "dice" not in reveal:  # companion: the dice stayed on the table
        return [Text.from_markup(f"Last reveal, round {reveal['round']} ({reveal['stone']}): Obsidian worth "
                                 f"{reveal['obsidian']}, a favour face {reveal['favour']}.")]
    below = reveal["total"] < reveal["bid"]
    lines = [Text.from_markup(
        f"[bold]Last reveal[/], round {reveal['round']} ({face_word(reveal['stone'])}): {who(reveal['bidder'])} "
        f"bid {reveal['bid']}, {who(reveal['accuser'])} accused; counted [bold]{reveal['total']}[/] "
        f"(Obsidian worth {reveal['obsidian']}) {'<' if below else '≥'} {reveal['bid']}: "
        f"[bold]{who(reveal['loser'])} lost[/]")]
    for seat, dice in enumerate(reveal["dice"]):
        lines.append(Text.from_markup(f"  {who(seat)}: {dice_text(dice) if dice else '[dim]Cursed, no dice[/]'}"))
    return lines


# ------------------------------------------------------------------------------------ the choices
def choices(view: dict, legal: list[dict], names: dict) -> list[Choice]:
    """Ordered so that picking "1" again and again always makes progress: accuse before raising,
    lose a die before drawing, buy before passing."""
    who = lambda seat: seat_name(seat, names)  # noqa: E731
    me = view.get("seat")
    mine = view["seats"][me] if me is not None else None
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    items: list[Choice] = []
    for action in by_type.get("obsidian", []):
        value = action["value"]
        items.append(Choice([action], f"o {value}", f"play your Obsidian card worth {value} (face down): "
                            "every obsidian face counts the sum of the Cursed players' cards"))
    for action in by_type.get("accuse", []):
        items.append(Choice([action], "a", f"accuse {who(view['bidder'])}: fewer than {view['bid']} under all "
                            "cups (the cups are lifted and counted)"))
    bids = by_type.get("bid", [])
    if bids:
        low, high = bids[0]["count"], bids[-1]["count"]
        opening = "open the bidding at" if view["bid"] is None else "raise by one to"
        items.append(Choice([bids[0]], f"b {low}", f"{opening} {low}"))
        if high > low:
            items.append(Choice(bids, "b N", f"bid N (N from {low} to {high}): at least N counted toward "
                                f"{face_word(view['stone'])} under all cups", numbered=False))
    dice = (mine or {}).get("dice") or []
    bribe = "[bold]Pot-de-vin[/]: change the stone (once), bribe STONE"
    for action in by_type.get("bribe", []):
        known, unknown = cup_count(view, dice, action["stone"])
        yours = f" (your cup counts {known}{' + obsidian' if unknown else ''} toward it)" if dice else ""
        command = f"bribe {action['stone']}"
        items.append(Choice([action], command, _after(command, f"Midas announces {face_word(action['stone'])} "
                                                       f"instead{yours}"), group=bribe))
    for action in by_type.get("lose_die", []):
        count = mine["dice_count"] if mine else 0
        items.append(Choice([action], "l", f"lose a die ({count} → {count - 1})"))
    for action in by_type.get("draw", []):
        items.append(Choice([action], "d", _draw_text(view, mine)))
    budget = _budget_text(view, mine)
    for action in by_type.get("buy", []):
        favour = action["favour"]
        command = f"buy {favour}"
        items.append(Choice([action], command, _after(command, f"{FAVOUR_NAME.get(favour, favour)} for "
                            f"{plural(FAVOURS.get(favour, 0), 'coin')}: {FAVOUR_EFFECT.get(favour, '')}"),
                            group=f"[bold]Midas offers a favour[/] (one per player per game; {budget}): buy FAVOUR"))
    for action in by_type.get("pass", []):
        items.append(Choice([action], "pass", "buy nothing this time"))
    chests = {row["seat"]: row["chest"] for row in view["seats"]}
    for action in by_type.get("swap", []):
        other = action["with"]
        items.append(Choice([action], f"swap {other}", f"take {who(other)}'s chest ({plural(chests[other], 'coin')}) "
                            f"for yours ({plural(chests.get(me, 0), 'coin')})"))
    known = {"obsidian", "accuse", "bid", "bribe", "lose_die", "draw", "buy", "pass", "swap"}
    for action in legal:  # anything this renderer does not know yet still gets a line
        if action["type"] not in known:
            items.append(generic_choice(action, {}))
    return items


def _after(command: str, text: str) -> str:
    """A dash between a command too long for the menu's command column and its text."""
    return f"— {text}" if len(command) >= 10 else text


def _draw_text(view: dict, mine: dict | None) -> str:
    coins = plural(mine["chest"], "coin") if mine else "?"
    text = f"draw a coin from your chest ({coins}, the cursed one perhaps among them)"
    if mine and mine["immune"]:
        return text + ": [bold cyan]you are immune[/], nothing is drawn (the immunity is used up)"
    if view["damocles"]:
        return text + ": [bold red]Damoclès, you draw twice[/]"
    return text


def _budget_text(view: dict, mine: dict | None) -> str:
    if mine is None:
        return ""
    if view["options"].get("favour_payment") == "chest":
        return f"paid with safe coins from your chest, which holds {plural(mine['chest'], 'coin')}"
    return f"paid with the safe coins you drew: you have {mine['purse']}"


# ------------------------------------------------------------------------------------ commands
FAVOUR_ARG = {"kind": "word", "words": tuple(FAVOURS),
              "short": {"bribe": "pot_de_vin", "pdv": "pot_de_vin", "immunity": "immunite", "immunité": "immunite",
                        "damoclès": "damocles", "échange": "echange", "exchange": "echange", "swap": "echange"}}
STONE_ARG = {"kind": "word", "words": ALL_STONES}

# How each action's fields are typed after its command.
ARGS = {
    "bid": (Arg("count", "BID"),),
    "obsidian": (Arg("value", "CARD"),),
    "swap": (Arg("with", "SEAT"),),
    "buy": (Arg("favour", "FAVOUR", **FAVOUR_ARG),),
    "bribe": (Arg("stone", "STONE", **STONE_ARG),),
}

SHORTCUTS = {"b": "bid", "a": "accuse", "l": "lose_die", "lose": "lose_die", "d": "draw", "o": "obsidian",
             "s": "swap"}

# Every seat shaking its cup is noise: the board shows how many dice each cup holds.
QUIET_FOR_OTHERS = {"midas.roll"}

HELP_EXAMPLE = ("b 7 (bid 7), a (accuse), l (lose a die) or d (draw a coin), buy imm (buy Immunité), pass, "
                "bribe emerald, o 1 (play your Obsidian card worth 1), swap 2; b alone shows the board")
