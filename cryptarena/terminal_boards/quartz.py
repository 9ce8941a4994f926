"""Quartz in the terminal: the bag, every seat's cart, chest and markers, the five dice, and the
turn's choices as short commands (`r 1 3 4`, `u pickaxe`, `s 1 yellow`) instead of one line per
legal action (a roll alone has 31 ways to pick dice to reroll)."""

from __future__ import annotations

from typing import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.quartz.components import COLOURS, HELMETS_PER_WILD, MINIMUM, UNSTABLE, VALUES
from .common import Arg, Choice, generic_choice, seat_name

ALL_COLOURS = (*COLOURS, UNSTABLE)
ACTION_FACES = tuple(MINIMUM)  # the faces that act; helmets only turn into them
COLOUR_STYLE = {"white": "bold bright_white", "pink": "bold hot_pink", "green": "bold green3",
                "blue": "bold dodger_blue1", "red": "bold red1", "yellow": "bold yellow1",
                UNSTABLE: "bold grey85 on grey23"}
FACE_STYLE = {"pickaxe": "bold dark_orange", "jackhammer": "bold orange_red1", "chest": "bold gold1",
              "cart": "bold sky_blue2", "steal": "bold magenta", "helmet": "bold cyan"}


def colour_word(colour: str) -> str:
    return f"[{COLOUR_STYLE.get(colour, 'bold')}]{'unstable' if colour == UNSTABLE else colour}[/]"


def face_word(face: str) -> str:
    return f"[{FACE_STYLE.get(face, 'bold')}]{face}[/]"


def crystals_text(counts: dict) -> str:
    """`2 white, 1 red, 1 unstable`, in the order of the colours' values."""
    # a no-break space keeps "2 white" together when a table cell wraps
    parts = [f"{counts[c]}\u00a0{colour_word(c)}" for c in ALL_COLOURS if counts.get(c)]
    return ", ".join(parts) if parts else "[dim]—[/]"


def faces_text(tally: dict) -> str:
    parts = [f"{n} {face_word(face)}" for face, n in tally.items() if n]
    return ", ".join(parts) if parts else "[dim]none[/]"


def _dice_tally(dice: list[str]) -> dict[str, int]:
    return {face: dice.count(face) for face in (*ACTION_FACES, "helmet")}


# ------------------------------------------------------------------------------------ the board
def board(view: dict, names: dict, me: int | None, agents: dict) -> RenderableType:
    who = lambda seat: seat_name(seat, names)  # noqa: E731 - a short local alias reads better
    acting = view["to_act"][0] if view.get("to_act") else None
    parts: list[RenderableType] = [Text.from_markup(
        f"[bold]Quartz[/] · round [bold]{view['round']}/{view['rounds']}[/] · phase [bold]{view['phase']}[/] · "
        f"unstable crystals still to come: {view['unstable_supply']}")]
    parts.append(Text.from_markup(f"Bag ([bold]{view['bag_size']}[/]): {crystals_text(view['bag'])}"))

    seats = Table(show_edge=False, pad_edge=False)
    for column in ("", "player", "cart", "chest", "markers", "score"):
        seats.add_column(column, no_wrap=column not in ("cart", "chest"),
                         justify="right" if column in ("markers", "score") else "left")
    for row in view["seats"]:
        seat = row["seat"]
        label = f"[bold]{who(seat)}[/]" + (f" [dim]({agents[seat]})[/]" if seat in agents else "")
        seats.add_row("[bold yellow]▶[/]" if seat == acting else "", label, crystals_text(row["cart"]),
                      crystals_text(row["chest"]), str(row["markers"]), f"[bold]{row['score']}[/]")
    parts.append(seats)

    if view.get("over"):
        parts.append(Text.from_markup("[bold]The game is over.[/]"))
        return Group(*parts)
    if view.get("order"):
        turns = " → ".join(f"[bold]{who(s)}[/]" if s == acting else who(s) for s in view["order"])
        parts.append(Text.from_markup(f"Turns left this round: {turns}"))
    parts += _turn_lines(view, acting, who)
    return Group(*parts)


def _turn_lines(view: dict, acting: int | None, who: Callable[[int], str]) -> list[Text]:
    """The dice while they are rolled; afterwards the faces left to use and the current action."""
    if acting is None or not view.get("dice"):
        return []
    phase = view["phase"]
    if phase == "roll":
        dice = "   ".join(f"[bold cyan]{i}[/] {face_word(face)}" for i, face in enumerate(view["dice"], 1))
        markers = view["seats"][acting]["markers"]
        cost = (f"{view['free_rerolls']} free reroll(s) left, then 1 marker each" if view["free_rerolls"]
                else "no free reroll left: 1 marker each")
        return [Text.from_markup(f"{who(acting)} is rolling:  {dice}"),
                Text.from_markup(f"  {cost} ({who(acting)} has {markers} marker(s))")]
    faces = {face: view["faces"].get(face, 0) for face in ACTION_FACES if face not in view["used"]}
    used = ", ".join(face_word(f) for f in view["used"]) or "[dim]nothing yet[/]"
    lines = [Text.from_markup(f"{who(acting)} kept {faces_text(_dice_tally(view['dice']))}"),
             Text.from_markup(f"  faces left to use: {faces_text(faces)} · helmets {view['helmets']} "
                              f"(2 make one face of a kind) · used: {used}")]
    left = view["left"]
    current = {
        "pickaxe": f"Pickaxe: up to {left} more draw(s) from the bag, each optional",
        "jackhammer": f"Jackhammer drew {crystals_text(view.get('drawn', {}))}: {left} to return to the bag",
        "chest": f"Chest: up to {left} more crystal(s) from the cart into the chest",
        "cart": f"Cart: up to {left} more unstable crystal(s) to give to other players",
        "steal": f"Steal: up to {left} more coloured crystal(s) to take from other carts",
    }.get(phase)
    if current:
        lines.append(Text.from_markup(f"  [bold]{current}[/]"))
    return lines


# ------------------------------------------------------------------------------------ the choices
def _use_text(face: str, n: int, view: dict, me: int | None) -> str:
    if face == "pickaxe":
        return f"draw up to {n} crystal(s) from the bag ({view['bag_size']} in it), one at a time"
    if face == "jackhammer":
        return f"draw {n} crystal(s) at once, then put {n // 2} of your choice back"
    if face == "chest":
        return f"move up to {n - 1} crystal(s) from your cart into your chest"
    if face == "cart":
        mine = view["seats"][me]["cart"].get(UNSTABLE, 0) if me is not None else 0
        return f"give up to {n - 1} of your {mine} unstable crystal(s) to other players"
    return f"take up to {n - 1} coloured crystal(s) from other players' carts"


def _value_first(actions: list[dict]) -> list[dict]:
    """The most valuable crystal first, so that choice 1 is the best one."""
    return sorted(actions, key=lambda a: -VALUES.get(a["colour"], 0))


STOP_TEXT = {"pickaxe": "stop drawing (the remaining draws are lost)",
             "chest": "stop moving crystals into the chest", "cart": "stop giving away unstable crystals",
             "steal": "stop stealing"}


def choices(view: dict, legal: list[dict], names: dict) -> list[Choice]:
    """Ordered so that picking "1" again and again always makes progress: keep the dice, use
    the actions, end the turn last."""
    who = lambda seat: seat_name(seat, names)  # noqa: E731
    me = view.get("seat")
    phase = view["phase"]
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    items: list[Choice] = []
    if phase == "roll" and "stop" in by_type:
        items.append(Choice(by_type["stop"], "k", f"keep {faces_text(_dice_tally(view['dice']))} and use them"))
    if "reroll" in by_type:
        markers = view["seats"][me]["markers"] if me is not None else 0
        cost = (f"free reroll ({view['free_rerolls']} left)" if view["free_rerolls"]
                else f"reroll costs 1 marker (you have {markers})")
        items.append(Choice(by_type["reroll"], "r DIE…", f"reroll the dice you name by number, e.g. r 1 3 4 — "
                            f"[bold]{cost}[/]", numbered=False))
    for action in by_type.get("use", []):
        face = action["face"]
        n = view["faces"].get(face, 0)
        items.append(Choice([action], f"u {face}", f"{face_word(face)} ×{n}: {_use_text(face, n, view, me)}"))
    for action in by_type.get("wild", []):
        face = action["as"]
        n = view["faces"].get(face, 0)
        short = f" (still short of the {MINIMUM[face]} needed)" if n + 1 < MINIMUM[face] else ""
        items.append(Choice([action], f"w {face}", f"turn {HELMETS_PER_WILD} of your {view['helmets']} helmets "
                            f"into a {face_word(face)} face ({face} ×{n} → ×{n + 1}){short}"))
    for action in by_type.get("draw", []):
        items.append(Choice([action], "d", f"draw a crystal from the bag ({view['left']} draw(s) left)"))
    for action in _value_first(by_type.get("return", [])):
        items.append(Choice([action], f"ret {action['colour']}",
                            f"put a {colour_word(action['colour'])} crystal back in the bag ({view['left']} to return)"))
    for action in _value_first(by_type.get("protect", [])):
        items.append(Choice([action], f"p {action['colour']}",
                            f"move a {colour_word(action['colour'])} crystal into your chest ({view['left']} left)"))
    scores = {row["seat"]: row["score"] for row in view["seats"]}
    for action in sorted(by_type.get("dump", []), key=lambda a: -scores.get(a["to"], 0)):
        items.append(Choice([action], f"dump {action['to']}", f"give an unstable crystal to {who(action['to'])} "
                            f"(score {scores.get(action['to'], '?')}; {view['left']} left)"))
    for action in _value_first(by_type.get("steal", [])):
        colour = colour_word(action["colour"])
        items.append(Choice([action], f"s {action['from']} {action['colour']}",
                            f"take a {colour} crystal (worth {VALUES.get(action['colour'], '?')}) from "
                            f"{who(action['from'])}'s cart ({view['left']} left)"))
    if phase != "roll" and "stop" in by_type:
        items.append(Choice(by_type["stop"], "stop", STOP_TEXT.get(phase, "stop this action")))
    if "end_turn" in by_type:
        unused = {face: n for face, n in view["faces"].items() if n and face not in view["used"]}
        unused["helmet"] = view["helmets"]
        lost = f" (unused faces are lost: {faces_text(unused)})" if any(unused.values()) else ""
        items.append(Choice(by_type["end_turn"], "e", f"end your turn{lost}"))
    known = {"stop", "reroll", "use", "wild", "draw", "return", "protect", "dump", "steal", "end_turn"}
    for action in legal:  # anything this renderer does not know yet still gets a line
        if action["type"] not in known:
            items.append(generic_choice(action, {}))
    return items


# ------------------------------------------------------------------------------------ commands
COLOUR_ARG = {"kind": "word", "words": ALL_COLOURS,
              "short": {"w": "white", "p": "pink", "g": "green", "b": "blue", "r": "red", "y": "yellow",
                        "unstable": UNSTABLE}}
FACE_ARG = {"kind": "word", "words": ACTION_FACES,
            "short": {"p": "pickaxe", "j": "jackhammer", "hammer": "jackhammer", "s": "steal"}}

# How each action's fields are typed: dice by their 1-based number on the board.
ARGS = {
    "reroll": (Arg("dice", "DIE", "ints", base=1),),
    "use": (Arg("face", "FACE", **FACE_ARG),),
    "wild": (Arg("as", "FACE", **FACE_ARG),),
    "return": (Arg("colour", "COLOUR", **COLOUR_ARG),),
    "protect": (Arg("colour", "COLOUR", **COLOUR_ARG),),
    "dump": (Arg("to", "SEAT"),),
    "steal": (Arg("from", "SEAT"), Arg("colour", "COLOUR", **COLOUR_ARG)),
}

SHORTCUTS = {"r": "reroll", "k": "stop", "keep": "stop", "u": "use", "w": "wild", "d": "draw", "ret": "return",
             "p": "protect", "s": "steal", "e": "end_turn", "end": "end_turn"}

# Every line of another seat's turn is worth seeing: the rerolls are the push-your-luck.
QUIET_FOR_OTHERS: set[str] = set()

HELP_EXAMPLE = ("r 1 3 4 (reroll dice 1, 3 and 4), u pickaxe (or u p), s 1 yellow (steal from Seat 1); "
                "faces p j ch ca s, colours w p g b r y unstable")
