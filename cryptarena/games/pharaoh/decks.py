"""Set-up: each seat chooses a character and brings a deck and hexes, then the crypt opens.

Phase `setup`, all seats at once, each in secret until every seat is ready (then the characters,
deck lists and hexes are revealed: "Players reveal the character cards"):
    pick {deck}                a prebuilt deck of the starter set, with its character and hexes
    build {character}          a custom deck for that character (the same type may be chosen twice):
      add / remove {card}      one copy at a time; the limits are checked as it is built
      add_hex / remove_hex {hex}
      ready                    when the deck and the hexes are legal
      restart                  back to the choice
A custom deck holds 24–49 chosen cards, the Key being added to make 25–50; at most 4 of a kind;
at most 1 U, 3 X, 7 R and 13 S cards (C: no limit); only spell, tech and weapon levels the
character may use (items, potions, tactics and agents: anyone). Hexes: 5–10, at most 4 of a kind,
the same rarity caps, at least one exit.

Then: every deck (the Key added) is shuffled, the hexes become one shuffled Hexpile, each player
draws three cards, the first player (option `first_player`, else drawn at random) draws the
starting hex — an exit is shuffled back and another drawn — and every character stands on it with
25 life points.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache, lru_cache

from ...engine import Action
from ...engine.messages import render

from .components import (CARD_ORDER, CARDS, CHARACTERS, COPIES, DECK_MAX, DECK_MIN, DECKS, HEXES, KEY, LIFE, MAX_HEXES,
                         MIN_HEXES, RARITY_CAPS, START_HAND, card_key)

def deck_problems(character: str, cards: dict, hexes: list) -> list[str]:
    """Every limit a deck and hex selection breaks, in English words (empty: legal). `cards` counts
    the chosen cards, the Key excluded (it is added at set-up)."""
    return [render(_WORDS, issue, sentence=False) for issue in deck_issues(character, cards, hexes)]


class _Catalogue:
    """render() finds a game's words by the package of the object it is given: this one's."""


_WORDS = _Catalogue()


def _issue(key: str, **params) -> dict:
    return {"msg": f"pharaoh.deck.{key}", "params": params}


def deck_issues(character, cards, hexes) -> list[dict]:
    """Every limit a deck breaks as message keys with parameters ({"msg", "params"}, the log's
    form), so that a deck builder shows them in the reader's language. Anything a browser may send
    is checked: a malformed deck is an issue too, never an exception."""
    if not isinstance(character, str) or character not in CHARACTERS:
        return [_issue("unknown_character", character=str(character)[:40], known=list(CHARACTERS))]
    if not isinstance(cards, dict) or not all(isinstance(c, str) and type(n) is int and n >= 0
                                              for c, n in cards.items()):
        return [_issue("malformed_cards")]
    if not isinstance(hexes, list) or not all(isinstance(h, str) for h in hexes):
        return [_issue("malformed_hexes")]
    issues = []
    cards = {c: n for c, n in cards.items() if n}
    if CARD_SET.issuperset(cards):  # the usual case: every card listed is a starter-set card
        known = cards
    else:
        issues.append(_issue("unknown_cards", cards=[c[:40] for c in cards if c not in CARDS]))
        known = {c: n for c, n in cards.items() if c in CARDS}
    if known.get(KEY):
        issues.append(_issue("key_listed"))
    size = sum(known.values()) + 1
    if not DECK_MIN <= size <= DECK_MAX:
        issues.append(_issue("size", min=DECK_MIN, max=DECK_MAX, n=size))
    if max(known.values(), default=0) > COPIES:
        issues += [_issue("copies", item=c, n=n, max=COPIES) for c, n in known.items() if n > COPIES]
    issues += _rarity_issues(_rarities(known, CARDS), "rarity_cards")
    may = allowed(character)
    if not may.issuperset(known):
        issues += [_issue("may_not_use", card=c, level=CARDS[c].level, kind=CARDS[c].type, character=character)
                   for c in known if c not in may]
    return issues + hex_issues(hexes)


def hex_issues(hexes: list) -> list[dict]:
    unknown = [h[:40] for h in hexes if h not in HEXES]
    if unknown:
        return [_issue("unknown_hexes", hexes=unknown)]
    issues = []
    if not MIN_HEXES <= len(hexes) <= MAX_HEXES:
        issues.append(_issue("hex_count", min=MIN_HEXES, max=MAX_HEXES, n=len(hexes)))
    if not any(HEXES[h].exit for h in hexes):
        issues.append(_issue("no_exit"))
    counts = _count(hexes)
    if max(counts.values(), default=0) > COPIES:
        issues += [_issue("copies", item=h, n=n, max=COPIES) for h, n in counts.items() if n > COPIES]
    return issues + _rarity_issues(_rarities(counts, HEXES), "rarity_hexes")


def _count(items: list) -> dict:
    """Copies of each item, in the order first seen (Counter's, for less on a short list)."""
    found: dict = {}
    for item in items:
        found[item] = found.get(item, 0) + 1
    return found


def _rarities(counts: dict, table: dict) -> dict:
    found: dict = {}
    for item, n in counts.items():
        rarity = table[item].rarity
        found[rarity] = found.get(rarity, 0) + n
    return found


def _rarity_issues(by_rarity: dict, key: str) -> list[dict]:
    return [_issue(key, n=n, rarity=rarity, max=RARITY_CAPS[rarity]) for rarity, n in by_rarity.items()
            if rarity in RARITY_CAPS and n > RARITY_CAPS[rarity]]


def prebuilt(deck_id: str) -> dict:
    deck = DECKS[deck_id]
    return {"character": deck.character, "cards": dict(deck.cards), "hexes": list(deck.hexes)}


# The set-up actions, built once: the state hands them out read-only, and a random playout builds
# decks card by card, asking for this list at every step.
PICK_OR_BUILD = tuple(Action(type="pick", deck=d) for d in DECKS) + \
    tuple(Action(type="build", character=c) for c in CHARACTERS)
ADD = {c: Action(type="add", card=c) for c in CARDS}
REMOVE = {c: Action(type="remove", card=c) for c in CARDS}
ADD_HEX = {h: Action(type="add_hex", hex=h) for h in HEXES}
REMOVE_HEX = {h: Action(type="remove_hex", hex=h) for h in HEXES}
READY, RESTART = Action(type="ready"), Action(type="restart")


@cache
def usable(character: str) -> tuple:
    """(add action, card id, rarity) of every card but the Key the character may use, in catalogue order."""
    spec = CHARACTERS[character]
    return tuple((ADD[card_id], card_id, card.rarity) for card_id, card in CARDS.items()
                 if card_id != KEY and spec.may_use(card))


@cache
def allowed(character: str) -> frozenset:
    """Every card the character may use (the Key included)."""
    return frozenset(card_id for card_id, card in CARDS.items() if CHARACTERS[character].may_use(card))


CARD_SET = frozenset(CARDS)
EXITS = frozenset(h for h, tile in HEXES.items() if tile.exit)
ALL_HEXES = tuple((ADD_HEX[h], h, tile.rarity) for h, tile in HEXES.items())


def _full(rarities: dict) -> frozenset:
    return frozenset(rarity for rarity, n in rarities.items() if rarity in RARITY_CAPS and n >= RARITY_CAPS[rarity])


@lru_cache(maxsize=4096)  # a few limits reached at a time: few keys, each list built once
def _open_for(choices: str | None, maxed: frozenset, full: frozenset) -> tuple[Action, ...]:
    """The add actions of the character's cards (`choices`; None: the hexes) whose item has fewer
    than COPIES copies and whose rarity is under its cap."""
    every = ALL_HEXES if choices is None else usable(choices)
    return tuple(add for add, item, rarity in every if item not in maxed and rarity not in full)


def blank_setup() -> dict:
    return {"mode": None, "deck": None, "character": None, "cards": {}, "hexes": [], "ready": False}


_ORDER = CARD_ORDER.__getitem__


CARD_RARITY = {card_id: card.rarity for card_id, card in CARDS.items()}
HEX_RARITY = {hex_id: tile.rarity for hex_id, tile in HEXES.items()}
# the limits a deck still being built may break and be sound otherwise
_GROWING = frozenset({"pharaoh.deck.size", "pharaoh.deck.hex_count", "pharaoh.deck.no_exit"})


class _Build:
    """A building seat's deck as set-up's legal list reads it (counts per item and rarity, the
    items and rarities at their limit, the add and remove actions), kept up to date by each add or
    remove: a random builder changes one card a step, and counting the whole deck again at every
    step was a fifth of a playout. Not part of the game: a load or a copy's re-draw starts afresh.
    It describes the seat's deck only while `cards` and `hexes` are the seat's very objects and
    equal its own copies (`_build_of` checks), so an edit from outside rebuilds it too."""

    __slots__ = ("character", "cards", "hexes", "card_copy", "hex_copy", "cards_sorted", "size", "card_rarities",
                 "maxed", "full", "adds", "removes", "orders", "hex_counts", "hexes_sorted", "hex_rarities", "hex_maxed",
                 "hex_full", "hex_adds", "remove_hexes", "exit", "sound")

    def __init__(self, character, cards: dict, hexes: list):
        self.character, self.cards, self.hexes = character, cards, hexes
        self.card_copy, self.hex_copy = dict(cards), list(hexes)
        order = sorted(cards, key=_ORDER)
        self.cards_sorted = list(cards) == order
        self.size = sum(cards.values()) + 1
        self.card_rarities = _rarities(cards, CARDS)
        self.maxed = frozenset(c for c, n in cards.items() if n >= COPIES)
        self.full = _full(self.card_rarities)
        self.adds = None  # worked out when asked: a full deck offers none
        self.removes = tuple(REMOVE[c] for c in order)
        self.orders = [CARD_ORDER[c] for c in order]  # the removes' catalogue places, for bisect
        self.survey_hexes(hexes)
        # deck_issues is asked once here; adds and removes of legal actions keep a sound deck sound.
        # A deck just begun (build, restart) is too small and has no hexes, nothing else
        self.sound = (cards == {} and hexes == [] and isinstance(character, str) and character in CHARACTERS) or \
            all(issue["msg"] in _GROWING for issue in deck_issues(character, cards, hexes))

    def survey_hexes(self, hexes: list) -> None:
        counts = self.hex_counts = _count(hexes)
        self.hexes_sorted = hexes == sorted(hexes)
        self.hex_rarities = _rarities(counts, HEXES)
        self.hex_maxed = frozenset(h for h, n in counts.items() if n >= COPIES)
        self.hex_full = _full(self.hex_rarities)
        self.hex_adds = None
        self.remove_hexes = tuple(REMOVE_HEX[h] for h in counts)
        self.exit = not EXITS.isdisjoint(counts)

    def count(self, rarities: dict, rarity: str, step: int) -> bool:
        """One item more or fewer of `rarity`; whether the rarity's cap is now reached."""
        n = rarities[rarity] = rarities.get(rarity, 0) + step
        cap = RARITY_CAPS.get(rarity)
        if cap is not None and n > cap:
            self.sound = False
        return cap is not None and n >= cap

    def add_card(self, card: str, n: int) -> None:
        self.card_copy[card] = n
        self.size += 1
        if self.count(self.card_rarities, CARD_RARITY[card], 1) and CARD_RARITY[card] not in self.full:
            self.full, self.adds = self.full | {CARD_RARITY[card]}, None
        if n >= COPIES and card not in self.maxed:
            self.maxed, self.adds = self.maxed | {card}, None
        if n > COPIES or card not in allowed(self.character) or card == KEY:
            self.sound = False

    def remove_card(self, card: str, n: int) -> None:
        if n:
            self.card_copy[card] = n
        else:  # the last copy: its remove action leaves the (sorted) tuple
            del self.card_copy[card]
            removes = self.removes
            place = bisect_left(self.orders, CARD_ORDER[card])
            if place < len(removes) and removes[place] is REMOVE[card]:
                self.removes = removes[:place] + removes[place + 1:]
                del self.orders[place]
            else:
                order = sorted(self.card_copy, key=_ORDER)
                self.removes = tuple(map(REMOVE.__getitem__, order))
                self.orders = list(map(_ORDER, order))
        self.size -= 1
        rarity = CARD_RARITY[card]
        if not self.count(self.card_rarities, rarity, -1) and rarity in self.full:
            self.full, self.adds = self.full - {rarity}, None
        if n < COPIES and card in self.maxed:
            self.maxed, self.adds = self.maxed - {card}, None

    def add_hex(self, hex_id: str) -> None:
        counts = self.hex_counts
        n = counts[hex_id] = counts.get(hex_id, 0) + 1
        if n == 1 or not self.hexes_sorted:  # the list is sorted now: so are its first appearances
            order = sorted(counts)
            self.hex_counts = dict(zip(order, map(counts.__getitem__, order)))
            self.remove_hexes = tuple(map(REMOVE_HEX.__getitem__, order))
            self.hexes_sorted = True
        rarity = HEX_RARITY[hex_id]
        if self.count(self.hex_rarities, rarity, 1) and rarity not in self.hex_full:
            self.hex_full, self.hex_adds = self.hex_full | {rarity}, None
        if n >= COPIES and hex_id not in self.hex_maxed:
            self.hex_maxed, self.hex_adds = self.hex_maxed | {hex_id}, None
        if n > COPIES:
            self.sound = False
        self.exit = self.exit or hex_id in EXITS

    def remove_hex(self, hex_id: str) -> None:
        counts = self.hex_counts
        n = counts[hex_id] - 1
        if n:
            counts[hex_id] = n
        else:
            del counts[hex_id]
            self.remove_hexes = tuple(map(REMOVE_HEX.__getitem__, counts))
            self.exit = not EXITS.isdisjoint(counts)
        rarity = HEX_RARITY[hex_id]
        if not self.count(self.hex_rarities, rarity, -1) and rarity in self.hex_full:
            self.hex_full, self.hex_adds = self.hex_full - {rarity}, None
        if n < COPIES and hex_id in self.hex_maxed:
            self.hex_maxed, self.hex_adds = self.hex_maxed - {hex_id}, None


class SetupMixin:
    _builds: dict | None  # seat -> _Build, while set-up lasts
    _checked: tuple | None  # (history length, seat, _Build) of the last set-up list made

    def _build_of(self, seat: int, mine: dict) -> _Build:
        builds = self._builds
        if builds is None:
            builds = self._builds = {}
        memo = builds.get(seat)
        cards, hexes = mine["cards"], mine["hexes"]
        if memo is None or memo.cards is not cards or memo.hexes is not hexes or \
                memo.character != mine["character"] or memo.card_copy != cards or memo.hex_copy != hexes:
            memo = builds[seat] = _Build(mine["character"], cards, hexes)
        return memo

    def _memo_for(self, seat: int, mine: dict) -> _Build:
        """_build_of for an action being applied: the engine validated it against a legal list of this
        version of the table, and that list's memo was checked then (the engine's memo of the list,
        and so this one, is dropped at every change, and by whoever edits a table from outside)."""
        checked = self._checked
        if checked is not None and checked[0] == len(self.history) and checked[1] == seat:
            return checked[2]
        return self._build_of(seat, mine)

    def setup_actions(self, seat: int) -> list[Action]:
        mine = self.setup[seat]
        if mine["ready"]:
            return []
        if mine["mode"] != "build":
            return list(PICK_OR_BUILD)
        memo = self._build_of(seat, mine)
        # the memo just checked, for the apply of this very list (_memo_for): no second check
        self._checked = (len(self.history), seat, memo)
        size, hexes = memo.size, len(mine["hexes"])
        found = []
        if size < DECK_MAX:
            if memo.adds is None:
                memo.adds = _open_for(memo.character, memo.maxed, memo.full)
            found += memo.adds
        found += memo.removes
        if hexes < MAX_HEXES:
            if memo.hex_adds is None:
                memo.hex_adds = _open_for(None, memo.hex_maxed, memo.hex_full)
            found += memo.hex_adds
        found += memo.remove_hexes
        # the size, the hex count and an exit are all deck_issues would find wrong with a sound deck
        if DECK_MIN <= size and MIN_HEXES <= hexes and memo.exit and (
                size <= DECK_MAX and hexes <= MAX_HEXES if memo.sound
                else not deck_issues(mine["character"], mine["cards"], mine["hexes"])):
            found.append(READY)
        found.append(RESTART)
        return found

    def _setup_action(self, seat: int, action: dict) -> None:
        mine = self.setup[seat]
        kind = action["type"]
        if kind == "add":
            self._add_card(seat, mine, action["card"])
        elif kind == "remove":
            self._remove_card(seat, mine, action["card"])
        elif kind == "add_hex":
            memo = self._memo_for(seat, mine)
            mine["hexes"].append(action["hex"])
            mine["hexes"].sort()
            memo.hex_copy.append(action["hex"])
            memo.hex_copy.sort()
            memo.add_hex(action["hex"])
        elif kind == "remove_hex":
            memo = self._memo_for(seat, mine)
            mine["hexes"].remove(action["hex"])
            memo.hex_copy.remove(action["hex"])
            if memo.hexes_sorted:
                memo.remove_hex(action["hex"])
            else:  # first appearances may have changed order
                memo.survey_hexes(mine["hexes"])
        elif kind == "pick":
            mine.update(prebuilt(action["deck"]), mode="pick", deck=action["deck"], ready=True)
        elif kind == "build":
            mine.update(blank_setup(), mode="build", character=action["character"])
        elif kind == "restart":
            mine.update(blank_setup())
        elif kind == "ready":
            mine["ready"] = True
        if mine["ready"] or kind in ("build", "restart"):  # not every card added: the log would drown
            self.add_log("pharaoh.ready" if mine["ready"] else "pharaoh.setup_step", {"seat": seat}, seat=seat,
                         secret={"to": [seat], "action": dict(action), "params": {"step": kind}})
            if mine["ready"] and all(s["ready"] for s in self.setup):
                self.begin()

    def _add_card(self, seat: int, mine: dict, card: str) -> None:
        memo = self._memo_for(seat, mine)
        cards = mine["cards"]
        n = cards[card] = cards.get(card, 0) + 1
        # the cards are kept in catalogue order (saves and views show them so): a new card is
        # sorted in; one more copy of a card keeps an order this memo has seen sorted
        if n == 1 and memo.cards_sorted:  # the others in order, the new card last: put it in its place
            place = bisect_left(memo.orders, CARD_ORDER[card])
            memo.orders.insert(place, CARD_ORDER[card])
            items = list(cards.items())
            items.insert(place, items.pop())
            mine["cards"] = memo.cards = dict(items)
            memo.removes = memo.removes[:place] + (REMOVE[card],) + memo.removes[place:]
        elif n == 1 or not memo.cards_sorted:
            order = sorted(cards, key=_ORDER)
            mine["cards"] = memo.cards = dict(zip(order, map(cards.__getitem__, order)))
            memo.removes = tuple(map(REMOVE.__getitem__, order))
            memo.orders = list(map(_ORDER, order))
            memo.cards_sorted = True
        memo.add_card(card, n)

    def _remove_card(self, seat: int, mine: dict, card: str) -> None:
        memo = self._memo_for(seat, mine)
        cards = mine["cards"]
        n = cards[card] = cards[card] - 1
        if not n:
            del cards[card]
        if n < 0:  # a count the rules never make (a damaged save): counted again next time
            self._builds[seat] = None
        else:
            memo.remove_card(card, n)

    def begin(self) -> None:
        """Every seat is ready: reveal, shuffle, deal, open the crypt."""
        n = self.players
        self.chars = [s["character"] for s in self.setup]
        self.decklists = [dict(sorted(s["cards"].items(), key=lambda kv: card_key(kv[0]))) for s in self.setup]
        self.life = [LIFE] * n
        self.add_log("pharaoh.reveal", {"characters": list(self.chars),
                                        "decks": [s["deck"] or "custom" for s in self.setup],
                                        "hexes": [list(s["hexes"]) for s in self.setup]})
        for seat, chosen in enumerate(self.setup):
            deck = [KEY] + [c for c, k in chosen["cards"].items() for _ in range(k)]
            deck.sort(key=card_key)
            self.rng.shuffle(deck)
            self.deck[seat] = deck
        self.hexpile = [[tile, seat] for seat, chosen in enumerate(self.setup) for tile in chosen["hexes"]]
        self.rng.shuffle(self.hexpile)
        self._builds = self._checked = None
        for seat in range(n):
            self.draw_cards(seat, START_HAND, "pharaoh.deal")
        first = self.options["first_player"]
        self.first = self.rng.below(n) if first < 0 else first
        tile, owner = self.hexpile.pop()
        while HEXES[tile].exit and not all(HEXES[t].exit for t, _ in self.hexpile):
            self.add_log("pharaoh.start_exit", {"tile": tile})
            self.hexpile.append([tile, owner])
            self.rng.shuffle(self.hexpile)
            tile, owner = self.hexpile.pop()
        self.crypt.add({"tile": tile, "owner": owner, "q": 0, "r": 0, "turn": 0, "doors": list(HEXES[tile].doors),
                        "exit": HEXES[tile].exit, "keys": 0, "slain_by": None})
        self.pos = [0] * n
        self.add_log("pharaoh.start", {"first": self.first, "tile": tile, "owner": owner}, seat=self.first)
        self.start_turn(self.first)
