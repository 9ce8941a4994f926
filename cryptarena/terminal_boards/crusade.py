"""Crypt Crusade in the terminal: the graveyard (tile numbers, Graves by owner with their seals,
the Shed, pieces by team and seat, portal markers; squares as a grid, hexes offset row by row),
the round, both teams' tokens and piles, every hand (your team's cards, the other team's tiers and
revealed cards), the pieces' effects, whose turn; and the choices as short commands: `m 12` (move
to tile 12; `m c3` names it by column and row on a square board), `t` (teleport), `p kick 3 7`,
`p seal 6`, `p sprint`, `e` (end the turn), `b 2` (buy a Tier II card), `d` (done shopping),
`g glide` (give a card up to a Leaf Blower).

Typed plays with targets (`p kick 3 7`) and tiles by name (`m c3`) are read by `read_command`;
the terminal reaches it through `READERS` (see __init__). Every choice also has a number.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.crusade.components import CARDS
from .common import Arg, Choice, generic_choice, seat_name

TEAM_NAME = {"gk": "Groundskeepers", "nm": "Necromancers"}
ONE_NAME = {"gk": "Groundskeeper", "nm": "Necromancer"}
TEAM_STYLE = {"gk": "bold green3", "nm": "bold magenta"}
TEAM_LETTER = {"gk": "G", "nm": "N"}
TIER = {1: "I", 2: "II", 3: "III"}
CARD_NAME = {card_id: card.name for card_id, card in CARDS.items()}
CARD_TIER = {card_id: card.tier for card_id, card in CARDS.items()}
CARD_EFFECT = {
    "sacred_seal": "a Grave within 1 tile cannot be captured until the start of the round after next",
    "kick": "push a Necromancer within 1 tile 2 tiles in a straight line",
    "sprint": "+1 tile to this turn's move (after moving: one more tile)",
    "holy_water": "clear the debuffs of you and every Groundskeeper within 1 tile",
    "leaf_blower": "a Necromancer gives a card of their choice back to the shop",
    "flashlight": "a Necromancer within 3 tiles reveals their hand",
    "holy_water_balloon": "a Necromancer within 2 tiles cannot play a Spell on their next turn",
    "rally": "another Groundskeeper takes a turn at once, +2 movement and 2 Action cards",
    "glide": "+1 tile to this turn's move (after moving: one more tile)",
    "desecrate": "remove the seal from the Grave you stand on",
    "whispers": "Groundskeepers within 2 tiles of a Necromancers' Grave reveal their hands",
    "ghastly_touch": "a Groundskeeper within 1 tile cannot move on their next turn",
    "mass_desecrate": "remove every seal within 3 tiles",
    "life_leech": "a Groundskeeper within 2 tiles moves 1 less next turn, you 1 more",
    "flip": "swap tiles with any other player on the board",
    "portal": "leave your portal marker here: from your next turn you may teleport to it",
    "boo": "Groundskeepers within 2 tiles cannot capture on their next turn",
}
CARD_SHORT = {"seal": "sacred_seal", "ss": "sacred_seal", "hw": "holy_water", "water": "holy_water",
              "balloon": "holy_water_balloon", "hwb": "holy_water_balloon", "lb": "leaf_blower",
              "blower": "leaf_blower", "light": "flashlight", "gt": "ghastly_touch", "ghastly": "ghastly_touch",
              "touch": "ghastly_touch", "mass": "mass_desecrate", "md": "mass_desecrate", "leech": "life_leech",
              "ll": "life_leech", "boo!": "boo"}
COLUMNS = "abcdefghijklmnopqrstuvwxyz"
SEAL_MARK = {1: "s1", 2: "s2"}


def card_word(card: str) -> str:
    return f"[bold]{CARD_NAME.get(card, card)}[/]"


def team_word(team: str | None, plural: bool = True) -> str:
    if team is None:
        return "[dim]nobody[/]"
    return f"[{TEAM_STYLE[team]}]{(TEAM_NAME if plural else ONE_NAME)[team]}[/]"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------------------------------ tiles
def is_hex(view: dict) -> bool:
    return bool(view["tiles"]) and "q" in view["tiles"][0]


def tile_name(view: dict, tile: int | None) -> str:
    """`12 (c3)` on a square board (column letter, row number from the top), the number alone on hexes."""
    if tile is None:
        return "off the board"
    info = view["tiles"][tile]
    if is_hex(view):
        return str(tile)
    return f"{tile} ({COLUMNS[info['x']]}{info['y'] + 1})"


def tile_from_word(view: dict, word: str) -> int | None:
    """A tile typed as its number or (square boards) its column and row, `c3`; None if neither."""
    word = word.lower()
    if word.lstrip("-").isdigit():
        return int(word)
    if is_hex(view) or len(word) < 2 or not word[0].isalpha() or not word[1:].isdigit():
        return None
    x, y = COLUMNS.find(word[0]), int(word[1:]) - 1
    return next((t["id"] for t in view["tiles"] if t["x"] == x and t["y"] == y), None)


def _grave(view: dict, tile: int) -> dict | None:
    return view["graves"].get(str(tile))


def _grave_mark(view: dict, tile: int) -> str:
    grave = _grave(view, tile)
    if grave is None:
        return ""
    owner = grave["owner"]
    mark = f"[{TEAM_STYLE[owner]}]✿{TEAM_LETTER[owner]}[/]" if owner else "[bold]✿·[/]"
    seal = SEAL_MARK.get(grave["seal"])
    return mark + (f" [bold cyan]{seal}[/]" if seal else "")


def _pieces_mark(view: dict, tile: int, acting: int | None) -> str:
    parts = []
    for team in ("gk", "nm"):
        seats = [p["seat"] for p in view["pieces"] if p["tile"] == tile and p["team"] == team]
        if seats:
            digits = "".join(f"[reverse]{s}[/reverse]" if s == acting else str(s) for s in seats)
            parts.append(f"[{TEAM_STYLE[team]}]{TEAM_LETTER[team]}{digits}[/]")
    portals = [str(p["seat"]) for p in view["pieces"] if p.get("portal") == tile]
    if portals:
        parts.append("[bold yellow]◊" + "".join(portals) + "[/]")
    return " ".join(parts)


def _cell_lines(view: dict, tile: int, acting: int | None) -> tuple[str, str]:
    """A tile's two lines of markup: its number and Grave (or the Shed), then who stands there."""
    info = view["tiles"][tile]
    top = f"[dim]{tile:>2}[/] " + ("[bold yellow]Shed[/]" if info.get("shed") else _grave_mark(view, tile))
    return top, _pieces_mark(view, tile, acting)


def _cell(view: dict, tile: int, acting: int | None) -> Text:
    return Text.from_markup("\n".join(_cell_lines(view, tile, acting)))


def _square_grid(view: dict, acting: int | None) -> Table:
    width = max(t["x"] for t in view["tiles"]) + 1
    height = max(t["y"] for t in view["tiles"]) + 1
    at = {(t["x"], t["y"]): t["id"] for t in view["tiles"]}
    grid = Table(show_lines=True, pad_edge=False, padding=(0, 1))
    grid.add_column("", no_wrap=True, justify="right")
    for x in range(width):
        grid.add_column(COLUMNS[x], no_wrap=True, min_width=8)
    for y in range(height):
        grid.add_row(str(y + 1), *(_cell(view, at[(x, y)], acting) if (x, y) in at else Text("")
                                   for x in range(width)))
    return grid


HEX_CELL = 10  # characters per hex on screen; rows shift by half of it


def _hex_rows(view: dict, acting: int | None) -> Text:
    """Pointy-top hexes in axial coordinates: row r, each tile starting at half-cell 2q + r, so
    that a row sits between the two rows around it."""
    tiles = view["tiles"]
    low = min(2 * t["q"] + t["r"] for t in tiles)
    out = Text()
    for r in sorted({t["r"] for t in tiles}):
        tops, bottoms = Text(), Text()
        for info in sorted((t for t in tiles if t["r"] == r), key=lambda t: t["q"]):
            start = (2 * info["q"] + r - low) * HEX_CELL // 2
            top, bottom = _cell_lines(view, info["id"], acting)
            for line, text in ((tops, top), (bottoms, bottom)):
                _pad_to(line, start)
                line.append_text(Text.from_markup(text))
        out.append_text(tops)
        out.append("\n")
        out.append_text(bottoms)
        out.append("\n")
    out.rstrip()
    return out


def _pad_to(line: Text, column: int) -> None:
    """Spaces up to `column`, or one space if the line already reaches it (a long cell)."""
    line.append(" " * (column - len(line)) if len(line) < column else (" " if len(line) else ""))


def grid(view: dict, acting: int | None = None) -> RenderableType:
    return _hex_rows(view, acting) if is_hex(view) else _square_grid(view, acting)


LEGEND = ("[dim]Graves [/][bold green3]✿G[/][dim] Groundskeepers' · [/][bold magenta]✿N[/][dim] Necromancers' · "
          "✿· nobody's · [/][bold cyan]s2 s1[/][dim] sealed for 2 / 1 more round ends · pieces by team and seat: "
          "[/][bold green3]G01[/][dim] · [/][bold yellow]◊3[/][dim] seat 3's portal · a Groundskeeper ending a turn "
          "on the [/][bold yellow]Shed[/][dim] earns 5 tokens[/]")


# ------------------------------------------------------------------------------------ the board
def board(view: dict, names: dict, me: int | None, agents: dict) -> RenderableType:
    who = lambda seat: seat_name(seat, names)  # noqa: E731 - a short local alias reads better
    acting = view["to_act"][0] if view.get("to_act") and view.get("phase") != "shop" else None
    scores = view.get("scores") or _graves_by_team(view)
    head = (f"[bold]Crypt Crusade[/] · round [bold]{view['round']}/{view['rounds']}[/] · phase "
            f"[bold]{view['phase']}[/] · Graves: {team_word('gk')} [bold]{scores.get('gk', 0)}[/], "
            f"{team_word('nm')} [bold]{scores.get('nm', 0)}[/], neutral {_neutral(view)}")
    parts: list[RenderableType] = [Text.from_markup(head)]
    if me is not None and view.get("my_team"):
        parts.append(Text.from_markup(f"You are {who(me)}, a {team_word(view['my_team'], plural=False)}."))
    parts.append(grid(view, acting))
    parts.append(Text.from_markup(LEGEND))
    parts.append(_teams_table(view))
    parts.append(_seats_table(view, who, agents, acting, me))
    if view.get("over"):
        parts.append(Text.from_markup(_result_text(view, scores)))
    else:
        parts.append(Text.from_markup(_situation(view, who)))
    return Group(*parts)


def _graves_by_team(view: dict) -> dict:
    owners = [g["owner"] for g in view["graves"].values()]
    return {"gk": owners.count("gk"), "nm": owners.count("nm")}


def _neutral(view: dict) -> int:
    return sum(1 for g in view["graves"].values() if g["owner"] is None)


def _teams_table(view: dict) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("team", "players", "tokens", "earned", "shop: tier price (cards left)"):
        table.add_column(column, no_wrap=True, justify="right" if column in ("tokens", "earned") else "left")
    for team in ("gk", "nm"):
        seats = [str(s) for s, t in enumerate(view["teams"]) if t == team]
        prices = view.get("prices", {}).get(team, {})
        piles = view.get("piles", {}).get(team, {})
        shop = " · ".join(f"{TIER[int(tier)]} {price} ({piles.get(tier, '?')})" for tier, price in prices.items())
        table.add_row(team_word(team), ", ".join(seats), str(view["purse"][team]), str(view["earned"][team]), shop)
    return table


def _hand_text(hand: dict) -> str:
    """Your team's cards by name (`2 Kick, Sprint`); the other team's as the tiers on their backs,
    with any card a Flashlight or Whispers revealed named."""
    cards = hand.get("cards")
    revealed = list(hand.get("revealed") or [])
    if cards is not None:
        counts = {card: cards.count(card) for card in cards}
        shown = [f"{n} " * (n > 1) + card_word(card) + (" [yellow](revealed)[/]" if card in revealed else "")
                 for card, n in counts.items()]
        return ", ".join(shown) if shown else "[dim]no cards[/]"
    tiers = list(hand.get("tiers") or [])
    if not tiers:
        return "[dim]no cards[/]"
    for card in revealed:  # a revealed card stands for one back of its tier
        if CARD_TIER.get(card) in tiers:
            tiers.remove(CARD_TIER[card])
    backs = [f"{tiers.count(t)} " * (tiers.count(t) > 1) + f"Tier {TIER[t]}" for t in sorted(set(tiers))]
    return ", ".join([*(card_word(c) + " [yellow](revealed)[/]" for c in revealed), *backs])


def _effects_text(piece: dict) -> str:
    effects = piece.get("effects") or {}
    parts = []
    if effects.get("ghastly"):
        parts.append("[cyan]Ghastly Touch: cannot move[/]")
    leech = int(effects.get("leech") or 0)
    if leech:
        parts.append(f"[cyan]Life Leech {leech:+d} move[/]")
    if effects.get("balloon"):
        parts.append("[cyan]Balloon: no Spell[/]")
    if effects.get("boo"):
        parts.append("[cyan]Boo!: cannot capture[/]")
    boost = int(effects.get("boost") or 0)
    if boost:
        parts.append(f"[cyan]{boost:+d} move[/]")
    return ", ".join(parts)


def _seats_table(view: dict, who, agents: dict, acting: int | None, me: int | None) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("", "player", "team", "tile", "hand", "effects"):
        table.add_column(column, no_wrap=column in ("", "team", "tile"))
    hands = {h["seat"]: h for h in view.get("hands", [])}
    for piece in view["pieces"]:
        seat = piece["seat"]
        label = f"[bold]{who(seat)}[/]" + (f" [dim]({agents[seat]})[/]" if seat in agents else "")
        portal = f" · portal {piece['portal']}" if piece.get("portal") is not None else ""
        table.add_row("[bold yellow]▶[/]" if seat == acting else "", label, team_word(piece["team"], plural=False),
                      tile_name(view, piece["tile"]) + portal,
                      _hand_text(hands.get(seat, {})), _effects_text(piece))
    return table


def _situation(view: dict, who) -> str:
    phase = view["phase"]
    if phase == "shop":
        waiting = ", ".join(who(s) for s in view.get("to_act", []))
        return (f"[bold]Shop[/] (round {view['round']}): every player buys cards with the team's tokens, or says "
                f"done; waiting for {waiting}.")
    if phase == "leaf_blower":
        target = view["to_act"][0] if view.get("to_act") else None
        return f"A Leaf Blower: [bold]{who(target)}[/] chooses a card to give back to the shop."
    turn = view.get("turn")
    if not turn:
        return f"Waiting for {', '.join(who(s) for s in view.get('to_act', []))}."
    seat = turn["seat"]
    moved = "has moved" if turn["moved"] else f"may move up to {plural(turn['allowance'], 'tile')}"
    cards = plural(turn["cards_left"], "card")
    borrowed = " · [bold]a Rally turn[/] (+2 movement, 2 cards)" if turn.get("borrowed") else ""
    return (f"[bold]{who(seat)}[/] ({team_word(view['teams'][seat], plural=False)}) to play: {moved}, "
            f"{cards} left to play{borrowed}.")


def _result_text(view: dict, scores: dict) -> str:
    winner = view.get("winner")
    if winner == "draw":
        return f"[bold]The game is over: a draw, {scores.get('gk', 0)} Graves each.[/]"
    if winner in TEAM_NAME:
        loser = "nm" if winner == "gk" else "gk"
        return (f"[bold]The game is over: the {TEAM_NAME[winner]} win, {scores.get(winner, 0)} Graves to "
                f"{scores.get(loser, 0)}.[/]")
    return "[bold]The game is over.[/]"


# ------------------------------------------------------------------------------------ the choices
def _opponent_on(view: dict, tile: int, team: str) -> list[int]:
    return [p["seat"] for p in view["pieces"] if p["tile"] == tile and p["team"] != team]


def grave_note(view: dict, tile: int, team: str, names: dict, booed: bool = False) -> str:
    """What ending a turn on `tile` does about its Grave for `team`."""
    grave = _grave(view, tile)
    if grave is None:
        return ""
    if grave["seal"]:
        return f"a Grave sealed ({grave['seal']}): no capture"
    blockers = _opponent_on(view, tile, team)
    if blockers:
        return f"a Grave, {' and '.join(seat_name(s, names) for s in blockers)} on it: no capture"
    if booed:
        return "a Grave, but Boo!: no capture this turn"
    owner = grave["owner"]
    if owner == team:
        return "your team's Grave: stand guard on it"
    if owner is None:
        return "[bold]take the neutral Grave[/]"
    return f"[bold]take the {TEAM_NAME[owner]}' Grave[/]"


def _me(view: dict) -> dict | None:
    return next((p for p in view["pieces"] if p["seat"] == view.get("seat")), None)


def _play_text(view: dict, action: dict, names: dict) -> tuple[str, str]:
    """The command and the words of one card play."""
    card = action["card"]
    who = lambda seat: seat_name(seat, names)  # noqa: E731
    pieces = {p["seat"]: p for p in view["pieces"]}
    if card == "kick":
        target = action["target"]
        return (f"p kick {target} {action['to']}",
                f"kick {who(target)} from {tile_name(view, pieces[target]['tile'])} to {tile_name(view, action['to'])}")
    if card == "sacred_seal":
        return f"p seal {action['tile']}", f"seal the Grave on {tile_name(view, action['tile'])}"
    if "target" in action:
        target = action["target"]
        where = tile_name(view, pieces[target]["tile"]) if target in pieces else "?"
        verb = {"rally": "rally", "flip": "swap tiles with", "leaf_blower": "blow a card from",
                "flashlight": "shine on", "holy_water_balloon": "throw the balloon at",
                "ghastly_touch": "touch", "life_leech": "leech"}.get(card, "target")
        return f"p {_card_command(card)} {target}", f"{verb} {who(target)} (on {where})"
    return f"p {_card_command(card)}", "play it now"  # the heading above says what it does


def _card_command(card: str) -> str:
    shorter = {"sacred_seal": "seal", "holy_water_balloon": "balloon", "ghastly_touch": "ghastly",
               "mass_desecrate": "mass", "life_leech": "leech", "leaf_blower": "blower", "holy_water": "holy_water"}
    return shorter.get(card, card)


def choices(view: dict, legal: list[dict], names: dict) -> list[Choice]:
    """Ordered so that picking "1" again and again always makes progress: a move onto a Grave,
    the Shed, a card, then the end of the turn; in the shop, buy until the tokens run out."""
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    items: list[Choice] = []
    me = _me(view)
    team = view.get("my_team") or (me or {}).get("team") or "gk"
    booed = bool(((me or {}).get("effects") or {}).get("boo"))
    moves = by_type.get("move", [])
    if moves:
        turn = view.get("turn") or {}
        heading = f"[bold]move[/] (up to {plural(turn.get('allowance', 0), 'tile')}): m TILE"
        noted = [(action, grave_note(view, action["to"], team, names, booed)) for action in moves]
        # captures first (choice 1 takes a Grave when one is in reach), then guarding, then the rest
        rank = lambda note: 0 if note.startswith("[bold]take") else 1 if "guard" in note else 2  # noqa: E731
        for action, note in sorted((pair for pair in noted if pair[1]), key=lambda pair: rank(pair[1])):
            items.append(Choice([action], f"m {action['to']}", f"to {tile_name(view, action['to'])}: {note}",
                                group=heading))
        shed = next((a for a in moves if view["tiles"][a["to"]].get("shed")), None)
        if shed and team == "gk":
            items.append(Choice([shed], f"m {shed['to']}", f"to the Shed, {tile_name(view, shed['to'])}: "
                                "+5 tokens for your team if you end your turn there", group=heading))
        reachable = " ".join(str(a["to"]) for a in moves)
        items.append(Choice(moves, "m TILE", f"any tile you can reach: {reachable}", group=heading,
                            numbered=False))
    for action in by_type.get("teleport", []):
        portal = (me or {}).get("portal")
        note = grave_note(view, portal, team, names, booed) if portal is not None else ""
        items.append(Choice([action], "t", f"teleport to your portal on {tile_name(view, portal)}"
                            + (f": {note}" if note else "")))
    plays = by_type.get("play", [])
    for card in dict.fromkeys(a["card"] for a in plays):
        group = f"{card_word(card)} [dim](Tier {TIER.get(CARD_TIER.get(card), '?')}: {CARD_EFFECT.get(card, '')})[/]"
        for action in (a for a in plays if a["card"] == card):
            command, text = _play_text(view, action, names)
            items.append(Choice([action], command, text, group=group))
    for action in by_type.get("end", []):
        items.append(Choice([action], "e", "end your turn" + _end_note(view, team, names, booed)))
    purse = view.get("purse", {}).get(team, 0)
    for action in by_type.get("buy", []):
        tier = str(action["tier"])
        price = view.get("prices", {}).get(team, {}).get(tier, "?")
        left = view.get("piles", {}).get(team, {}).get(tier, "?")
        items.append(Choice([action], f"b {tier}", f"buy a random Tier {TIER[action['tier']]} card for "
                            f"{price} tokens ({left} in the pile)",
                            group=f"[bold]Shop[/]: your team has {plural(purse, 'token')}: b TIER"))
    for action in by_type.get("done", []):
        items.append(Choice([action], "d", "done shopping for this round"))
    for action in by_type.get("give_up", []):
        card = action["card"]
        items.append(Choice([action], f"g {_card_command(card)}", f"give up {card_word(card)} "
                            f"[dim](Tier {TIER.get(CARD_TIER.get(card), '?')})[/]",
                            group="[bold]Leaf Blower[/]: a card of your choice goes back to the shop"))
    known = {"move", "teleport", "play", "end", "buy", "done", "give_up"}
    for action in legal:  # anything this renderer does not know yet still gets a line
        if action["type"] not in known:
            items.append(generic_choice(action, {}))
    return items


def _end_note(view: dict, team: str, names: dict, booed: bool) -> str:
    me = _me(view)
    tile = (me or {}).get("tile")
    if tile is None:
        return " (you stay off the board)"
    note = grave_note(view, tile, team, names, booed)
    if note.startswith("[bold]take"):
        return f" on {tile_name(view, tile)}: {note.replace('take', 'you take')}"
    if team == "gk" and view["tiles"][tile].get("shed"):
        return " on the Shed: +5 tokens for your team"
    return f" on {tile_name(view, tile)}"


# ------------------------------------------------------------------------------------ commands
CARD_ARG = {"kind": "word", "words": tuple(CARD_NAME), "short": CARD_SHORT}

# How each action's fields are typed where one description fits every action of the type; a
# play's numbers depend on its card, so `read_command` reads those.
ARGS = {
    "move": (Arg("to", "TILE"),),
    "buy": (Arg("tier", "TIER"),),
    "give_up": (Arg("card", "CARD", **CARD_ARG),),
    "play": (Arg("card", "CARD", **CARD_ARG),),
}

SHORTCUTS = {"m": "move", "t": "teleport", "p": "play", "e": "end", "b": "buy", "d": "done", "g": "give_up"}

# Dealing the other seats their (secret) cards and their "done" in the shop: the board shows the
# hands and whose shopping is left.
QUIET_FOR_OTHERS = {"crusade.deal", "crusade.done"}

HELP_EXAMPLE = ("m 12 (move to tile 12; m c3 by column and row), t (teleport), p kick 3 7 (kick Seat 3 to "
                "tile 7), p seal 6, p sprint, e (end your turn), b 2 (buy a Tier II card), d (done shopping), "
                "g glide (give Glide up to a Leaf Blower)")


def _card_from_word(word: str) -> str:
    word = word.lower()
    if word in CARD_NAME:
        return word
    if word in CARD_SHORT:
        return CARD_SHORT[word]
    matches = [c for c in CARD_NAME if c.startswith(word)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ValueError(f"{word!r} could mean {', '.join(matches)}: type more of it.")
    raise ValueError(f"{word!r} is not a card: {', '.join(CARD_NAME)}.")


TILE_FIELDS = ("to", "tile")


def read_command(view: dict, kind: str, typed: list[str], legal: list[dict]) -> dict | None:
    """The action a typed `move` or `play` stands for (None: read it the usual way, by `ARGS`).

    `m c3` (a tile by column and row; `m 12` reads the usual way); `p CARD` then the card's
    numbers in the order its actions list them: `p kick 3 7` (target, landing tile), `p seal 6`
    (tile), `p flip 1` (target). Raises ValueError with what is wrong; a card that cannot be played
    now comes back as a bare play, for the engine to say why."""
    if kind == "move":  # a number reads the usual way; a column and row is this board's
        tile = tile_from_word(view, typed[0]) if len(typed) == 1 and not typed[0].isdigit() else None
        return None if tile is None else {"type": "move", "to": tile}
    if kind != "play" or not typed:
        return None
    card = _card_from_word(typed[0])
    of_card = [a for a in legal if a.get("type") == "play" and a.get("card") == card]
    if not of_card:
        return {"type": "play", "card": card}
    fields = [k for k in of_card[0] if k not in ("type", "card")]
    numbers = typed[1:]
    if len(numbers) != len(fields):
        example = " ".join(["p", _card_command(card), *(str(of_card[0][f]) for f in fields)])
        need = " ".join(f.upper() for f in fields) or "nothing more"
        raise ValueError(f"{CARD_NAME.get(card, card)} needs {need} (for example: {example}).")
    action: dict = {"type": "play", "card": card}
    for name, word in zip(fields, numbers):
        value = tile_from_word(view, word) if name in TILE_FIELDS else (int(word) if word.isdigit() else None)
        if value is None:
            raise ValueError(f"{word!r} is not a {'tile' if name in TILE_FIELDS else 'seat'} number.")
        action[name] = value
    return action
