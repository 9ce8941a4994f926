"""Quartz in the terminal: the bag, every seat's cart, chest and markers, the five dice, and the
turn's choices as short commands (`r 1 3 4`, `u pickaxe`, `s 1 yellow`) instead of one line per
legal action (a roll alone has 31 ways to pick dice to reroll)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.quartz.components import COLOURS, HELMETS_PER_WILD, MINIMUM, UNSTABLE, UNSTABLE_PENALTY, VALUES
from .common import Arg, Choice, generic_choice, seat_name

ALL_COLOURS = (*COLOURS, UNSTABLE)
ACTION_FACES = tuple(MINIMUM)  # the faces that act; helmets only turn into them
COLOUR_STYLE = {"white": "bold bright_white", "pink": "bold hot_pink", "green": "bold green3",
                "blue": "bold dodger_blue1", "red": "bold red1", "yellow": "bold yellow1",
                UNSTABLE: "bold grey85 on grey23"}
LETTER = {"white": "W", "pink": "P", "green": "G", "blue": "B", "red": "R", "yellow": "Y", UNSTABLE: "U"}
FACE_STYLE = {"pickaxe": "bold dark_orange", "jackhammer": "bold orange_red1", "chest": "bold gold1",
              "cart": "bold sky_blue2", "steal": "bold magenta", "helmet": "bold cyan"}


def colour_word(colour: str) -> str:
    return f"[{COLOUR_STYLE.get(colour, 'bold')}]{colour_command(colour)}[/]"


def face_word(face: str) -> str:
    return f"[{FACE_STYLE.get(face, 'bold')}]{face}[/]"


def colour_command(colour: str) -> str:
    """The word a player types for a colour (the board calls black crystals unstable)."""
    return "unstable" if colour == UNSTABLE else colour


def a_crystal(colour: str) -> str:
    return f"{'an' if colour == UNSTABLE else 'a'} {colour_word(colour)}"


def crystals_text(counts: dict) -> str:
    """`2 white, 1 red, 1 unstable`, in the order of the colours' values."""
    parts = [f"{counts[c]} {colour_word(c)}" for c in ALL_COLOURS if counts.get(c)]
    return ", ".join(parts) if parts else "[dim]—[/]"


def crystals_short(counts: dict) -> str:
    """`5W 2P 1U`: narrow enough for a cart and a chest side by side at 80 columns."""
    parts = [f"[{COLOUR_STYLE[c]}]{counts[c]}{LETTER[c]}[/]" for c in ALL_COLOURS if counts.get(c)]
    return " ".join(parts) if parts else "[dim]—[/]"


def legend() -> str:
    worth = "  ".join(f"[{COLOUR_STYLE[c]}]{LETTER[c]}[/] {colour_command(c)} {_worth(c)}"
                       for c in ALL_COLOURS)
    return f"[dim]{worth}[/]"


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
        seats.add_row("[bold yellow]▶[/]" if seat == acting else "", label, crystals_short(row["cart"]),
                      crystals_short(row["chest"]), str(row["markers"]), f"[bold]{row['score']}[/]")
    parts.append(seats)
    parts.append(Text.from_markup(legend()))

    if view.get("over"):
        parts.append(Text.from_markup("[bold]The game is over.[/]"))
        return Group(*parts)
    if view.get("order"):
        turns = " → ".join(f"[bold]{who(s)}[/]" if s == acting else who(s) for s in view["order"])
        parts.append(Text.from_markup(f"Turns left this round: {turns}"))
    parts += _turn_lines(view, acting, "you" if acting == me else who(acting))
    return Group(*parts)


def _turn_lines(view: dict, acting: int | None, player: str) -> list[Text]:
    """The dice while they are rolled; afterwards the faces left to use and the current action."""
    if acting is None or not view.get("dice"):
        return []
    phase = view["phase"]
    if phase == "roll":
        dice = "   ".join(f"[bold cyan]{i}[/] {face_word(face)}" for i, face in enumerate(view["dice"], 1))
        free = view["free_rerolls"]
        cost = (f"{plural(free, 'free reroll')} left, then" if free else "no free reroll left:")
        has = "you have" if player == "you" else f"{player} has"
        markers = plural(view["seats"][acting]["markers"], "marker")
        return [Text.from_markup(f"Dice:  {dice}"),
                Text.from_markup(f"  {cost} 1 marker a reroll ({has} {markers})")]
    faces = {face: view["faces"].get(face, 0) for face in ACTION_FACES if face not in view["used"]}
    used = ", ".join(face_word(f) for f in view["used"]) or "[dim]nothing yet[/]"
    lines = [Text.from_markup(f"Dice kept: {faces_text(_dice_tally(view['dice']))}"),
             Text.from_markup(f"  to use: {faces_text(faces)} · {plural(view['helmets'], 'helmet')} · used: {used}")]
    left = view["left"]
    current = {
        "pickaxe": f"Pickaxe: up to {plural(left, 'more draw')} from the bag, each optional",
        "jackhammer": f"Jackhammer drew {crystals_text(view.get('drawn', {}))}: {left} to put back in the bag",
        "chest": f"Chest: up to {plural(left, 'more crystal')} from the cart into the chest",
        "cart": f"Cart: up to {plural(left, 'more unstable crystal')} to give to other players",
        "steal": f"Steal: up to {plural(left, 'more crystal')} to take from other carts",
    }.get(phase)
    if current:
        lines.append(Text.from_markup(f"  [bold]{current}[/]"))
    return lines


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------------------------------ the choices
def _use_text(face: str, n: int, view: dict, me: int | None) -> str:
    if face == "pickaxe":
        return f"draw up to {plural(n, 'crystal')}, one at a time (bag: {view['bag_size']})"
    if face == "jackhammer":
        return f"draw {plural(n, 'crystal')} at once, put {n // 2} of your choice back"
    if face == "chest":
        return f"move up to {plural(n - 1, 'crystal')} from your cart into your chest"
    if face == "cart":
        mine = view["seats"][me]["cart"].get(UNSTABLE, 0) if me is not None else 0
        return f"give up to {n - 1} of your {mine} unstable to other players"
    return f"take up to {plural(n - 1, 'crystal')} from other players' carts"


def _value_first(actions: list[dict]) -> list[dict]:
    """The most valuable crystal first, so that choice 1 is the best one to take or keep."""
    return sorted(actions, key=lambda a: -_worth(a["colour"]))


STOP_TEXT = {"pickaxe": "stop drawing (the remaining draws are lost)",
             "chest": "stop moving crystals into the chest", "cart": "stop giving away unstable crystals",
             "steal": "stop stealing"}


def choices(view: dict, legal: list[dict], names: dict) -> list[Choice]:
    """Ordered so that picking "1" again and again always makes progress: keep the dice, use
    the actions, end the turn last."""
    who = lambda seat: seat_name(seat, names)  # noqa: E731
    me = view.get("seat")
    phase, left = view["phase"], view["left"]
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
        items.append(Choice(by_type["reroll"], "r DIE…", f"[bold]{cost}[/] of the dice you name, e.g. r 1 3 4",
                            numbered=False))
    for action in by_type.get("use", []):
        face = action["face"]
        n = view["faces"].get(face, 0)
        items.append(Choice([action], f"u {face}", f"{face_word(face)} ×{n}: {_use_text(face, n, view, me)}"))
    wild = (f"[bold]helmets[/]: w FACE turns {HELMETS_PER_WILD} of your {view['helmets']} helmets "
            "into one face of that kind")
    for action in by_type.get("wild", []):
        face = action["as"]
        n = view["faces"].get(face, 0)
        short = f" [dim](needs {MINIMUM[face]} to use)[/]" if n + 1 < MINIMUM[face] else ""
        items.append(Choice([action], f"w {face}", f"{face_word(face)} ×{n} → ×{n + 1}{short}", group=wild))
    for action in by_type.get("draw", []):
        items.append(Choice([action], "d", f"draw a crystal from the bag ({view['bag_size']} in it)"))
    returns = f"[bold]jackhammer[/]: put {plural(left, 'crystal')} back in the bag, ret COLOUR"
    for action in reversed(_value_first(by_type.get("return", []))):  # the cheapest back first
        colour = action["colour"]
        items.append(Choice([action], f"ret {colour_command(colour)}", f"put {a_crystal(colour)} back "
                            f"(worth {_worth(colour)})", group=returns))
    chest = f"[bold]chest[/]: up to {plural(left, 'crystal')} from your cart into your chest, p COLOUR"
    for action in _value_first(by_type.get("protect", [])):
        colour = action["colour"]
        items.append(Choice([action], f"p {colour_command(colour)}", f"protect {a_crystal(colour)} "
                            f"(worth {_worth(colour)})", group=chest))
    scores = {row["seat"]: row["score"] for row in view["seats"]}
    cart = f"[bold]cart[/]: give up to {plural(left, 'unstable crystal')} away, dump SEAT"
    for action in sorted(by_type.get("dump", []), key=lambda a: -scores.get(a["to"], 0)):
        items.append(Choice([action], f"dump {action['to']}", f"to {who(action['to'])} "
                            f"(score {scores.get(action['to'], '?')})", group=cart))
    steal = f"[bold]steal[/]: take up to {plural(left, 'crystal')} from other carts, s SEAT COLOUR"
    for action in _value_first(by_type.get("steal", [])):
        colour = action["colour"]
        items.append(Choice([action], f"s {action['from']} {colour}",
                            f"{a_crystal(colour)} (worth {_worth(colour)}) from {who(action['from'])}", group=steal))
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


def _worth(colour: str) -> int:
    return VALUES.get(colour, -UNSTABLE_PENALTY)


# ------------------------------------------------------------------------------------ commands
COLOUR_ARG = {"kind": "word", "words": ALL_COLOURS,
              "short": {**{letter.lower(): colour for colour, letter in LETTER.items()}, "unstable": UNSTABLE}}
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
                "faces p j ch ca s, colours w p g b r y u")
