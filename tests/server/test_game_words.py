"""The words of the game renderers (web/js/games/<game>.js) and of the lobby's game tiles and forms
come from each game's catalogue (cryptarena/games/<game>/messages.json) in English, French and Chinese.

- every key a renderer asks for (`"ui.<game>.…"`, spelled out in the JS) is in en, fr and zh of its
  game's catalogue, and the catalogue holds no renderer word that nothing asks for;
- a renderer shows no hard-coded English: a scan of its JS finds no literal with letters passed as
  text to `h(...)` or to a helper's `text` parameter, in a tooltip/label attribute, or as text in markup;
- the lobby's pitch, option labels, helps and enum values exist in every language, the English in
  step with the game's own (`pitch`, `options_schema()`), and lobby.js asks for them;
- a translation keeps the English's `{placeholders}` and is not a copy of the English.

That en, fr and zh hold the same keys is tests/test_messages.py's
test_the_three_languages_have_the_same_keys; it is not repeated here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import pytest

from cryptarena import games

WEB = Path(__file__).resolve().parents[2] / "cryptarena" / "web" / "js"
RENDERED = sorted(p.stem for p in (WEB / "games").glob("*.js"))
LANGUAGES = ("en", "fr", "zh")
TEXT_ATTRIBUTES = {"title", "aria-label", "alt", "placeholder", "label"}  # attributes a person reads
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def catalogue(game_id: str) -> dict[str, dict]:
    text = (resources.files(f"cryptarena.games.{game_id}") / "messages.json").read_text(encoding="utf-8")
    return json.loads(text)


def renderer_source(game_id: str) -> str:
    """The renderer module and the modules of its own folder (games/<id>/*.js), if it is split."""
    parts = [WEB / "games" / f"{game_id}.js", *sorted((WEB / "games" / game_id).glob("*.js"))]
    return "\n".join(p.read_text(encoding="utf-8") for p in parts)


# The page module that puts any game's actions in words (a review's moves, a hint) asks for words of
# every game's catalogue too: `ui.<game>.act.<type>` for each action type, and a few more by name.
ACTION_WORDS = WEB / "action_words.js"


# -- a small JavaScript scanner ---------------------------------------------------------------------
# Enough of a lexer for these modules: strings, template literals (their ${…} lexed in turn),
# comments, regular expressions; and a stack of brackets that knows which call, which argument and
# which object key each string literal sits in.

KEYWORDS_BEFORE_PAREN = {"if", "for", "while", "switch", "catch", "function", "return", "typeof", "of", "in", "await"}
PLACEHOLDER = "\x00"  # stands for a template literal's ${…} in its text
OPERAND_BEFORE = re.compile(r"[=!]==?\s*\Z")
OPERAND_AFTER = re.compile(r"\s*(?:[=!]==?|in\b|instanceof\b)")


@dataclass
class Frame:
    kind: str  # "call", "group", "array", "object"
    callee: str | None = None
    arg: int = 0
    key: str | None = None
    expect_key: bool = False


@dataclass
class Literal:
    text: str  # the literal's static text, PLACEHOLDER for each ${…}
    line: int
    context: str  # "text" (shown as words), "markup" (inside HTML/SVG source) or "other"


@dataclass
class Scan:
    literals: list[Literal] = field(default_factory=list)


def text_helpers(source: str) -> dict[str, int]:
    """Functions of the module that take a parameter named `text` (it ends up as an element's
    words), with that parameter's position: `const actionButton = (action, text, attrs) => …`."""
    helpers = {}
    for name, params in re.findall(r"(?:const|function)\s+(\w+)\s*=?\s*\(([^)]*)\)", source):
        names = [p.split("=")[0].strip() for p in params.split(",")]
        if "text" in names:
            helpers[name] = names.index("text")
    return helpers


def scan(source: str) -> Scan:
    helpers = text_helpers(source)
    result = Scan()
    stack: list[Frame] = []
    previous: tuple[str, str] | None = None  # (kind, value) of the last significant token

    def line_of(pos: int) -> int:
        return source.count("\n", 0, pos) + 1

    def context_of_literal() -> str:
        for frame in reversed(stack):
            if frame.kind in ("group", "array"):
                continue  # ternaries, concatenations, arrays of children: the literal is still a child
            if frame.kind == "object":
                return "text" if frame.key in TEXT_ATTRIBUTES else "other"
            if frame.callee == "h" and frame.arg >= 2:
                return "text"
            if frame.callee in helpers and frame.arg == helpers[frame.callee]:
                return "text"
            return "other"
        return "other"

    def literal(text: str, start: int, end: int) -> None:
        nonlocal previous
        top = stack[-1] if stack else None
        if top and top.kind == "object" and top.expect_key:  # a key ("aria-label": …), not a value
            top.key, top.expect_key = text, False
            context = "other"
        elif OPERAND_BEFORE.search(source, max(0, start - 8), start) or OPERAND_AFTER.match(source, end):
            context = "other"  # compared or tested ("to" in a, a.type === "reveal"): never shown
        else:
            context = context_of_literal()
        result.literals.append(Literal(text, line_of(start), context))
        previous = ("str", text)

    def regex_allowed() -> bool:
        if previous is None:
            return True
        kind, value = previous
        return (kind == "punc" and value not in (")", "]", "}")) or (kind == "id" and value in {"return", "typeof", "case"})

    def lex(i: int, end_at_brace: bool) -> int:
        nonlocal previous
        depth = 0  # braces opened inside a ${…}
        n = len(source)
        while i < n:
            c = source[i]
            if c.isspace():
                i += 1
            elif source.startswith("//", i):
                i = source.find("\n", i)
                i = n if i < 0 else i
            elif source.startswith("/*", i):
                i = source.index("*/", i) + 2
            elif c in "\"'":
                j = i + 1
                while source[j] != c:
                    j += 2 if source[j] == "\\" else 1
                literal(source[i + 1:j], i, j + 1)
                i = j + 1
            elif c == "`":
                start, j, parts = i, i + 1, []
                while source[j] != "`":
                    if source[j] == "\\":
                        parts.append(source[j:j + 2])
                        j += 2
                    elif source.startswith("${", j):
                        parts.append(PLACEHOLDER)
                        stack.append(Frame("group"))
                        previous = ("punc", "(")
                        j = lex(j + 2, end_at_brace=True)
                        stack.pop()
                    else:
                        parts.append(source[j])
                        j += 1
                literal("".join(parts), start, j + 1)
                i = j + 1
            elif c == "/" and regex_allowed():
                j, in_class = i + 1, False
                while in_class or source[j] != "/":
                    if source[j] == "\\":
                        j += 1
                    elif source[j] == "[":
                        in_class = True
                    elif source[j] == "]":
                        in_class = False
                    j += 1
                j += 1
                while j < n and source[j].isalpha():
                    j += 1
                previous = ("str", "/regex/")
                i = j
            elif c.isalpha() or c in "_$":
                j = i
                while j < n and (source[j].isalnum() or source[j] in "_$"):
                    j += 1
                word = source[i:j]
                top = stack[-1] if stack else None
                if top and top.kind == "object" and top.expect_key:
                    top.key, top.expect_key = word, False
                previous = ("id", word)
                i = j
            elif c.isdigit():
                j = i
                while j < n and (source[j].isalnum() or source[j] == "."):
                    j += 1
                previous = ("num", source[i:j])
                i = j
            else:
                if c == "(":
                    callee = previous[1] if previous and previous[0] == "id" and previous[1] not in KEYWORDS_BEFORE_PAREN else None
                    stack.append(Frame("call" if callee else "group", callee))
                elif c == "[":
                    stack.append(Frame("array"))
                elif c == "{":
                    if end_at_brace:
                        depth += 1
                    stack.append(Frame("object", expect_key=True))
                elif c in ")]}":
                    if c == "}" and end_at_brace:
                        if depth == 0:
                            return i + 1
                        depth -= 1
                    stack.pop()
                elif c == "," and stack:
                    top = stack[-1]
                    top.arg += 1
                    if top.kind == "object":
                        top.key, top.expect_key = None, True
                elif c == ":" and stack and stack[-1].kind == "object":
                    stack[-1].expect_key = False
                previous = ("punc", c)
                i += 1
        return i

    lex(0, end_at_brace=False)
    assert not stack, f"unbalanced brackets: {stack}"
    return result


def has_words(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]", text.replace(PLACEHOLDER, "")))


def hard_coded_english(source: str) -> list[str]:
    """Literals a person would read as English words: `h()` children and `text` arguments, tooltip
    and label attributes, and the words between tags (or in such attributes) of HTML/SVG markup."""
    found = []
    for lit in scan(source).literals:
        if lit.context == "text" and has_words(lit.text):
            found.append(f"line {lit.line}: {lit.text!r}")
        if "<" in lit.text or "=\"" in lit.text:
            words = re.findall(r">([^<>]*)<", lit.text)
            words += re.findall(r'\b(?:title|aria-label|alt|placeholder)="([^"]*)"', lit.text)
            found += [f"line {lit.line}: markup {w!r}" for w in words if has_words(w)]
    return found


def test_the_scan_finds_planted_english_and_nothing_in_clean_code():
    planted = """
      const actionButton = (action, text, attrs = {}) => h("button", { "data-action": JSON.stringify(action), ...attrs }, text);
      const row = h("div", { class: "btn action", title: "Your dice" }, ok ? "Done" : null, [icon("x"), " Pass"]);
      actionButton(a, "Keep these", { id: "keep" });
      const svg = `<g class="x" data-seat="${s}"><title>Shed</title></g><svg aria-label="board">`;
    """
    found = hard_coded_english(planted)
    for word in ("Your dice", "Done", " Pass", "Keep these", "Shed", "board"):
        assert any(repr(word) in f for f in found), (word, found)
    assert len(found) == 6, found
    clean = """
      const row = h("div", { class: "btn action", dataset: { face: "ruby" }, title: ctx.t("ui.x.tip") }, ctx.t(ok ? "ui.x.a" : "ui.x.b"),
        " · ", `${n} × ${m}`, h("span", { class: "die die-ready" }, String(3)), icon("pottery"), text.replace(/\\{(\\w+)\\}/g, "-"));
      const svg = `<g class="x" data-seat="${s}"><title>${esc(ctx.t("ui.x.shed"))}</title></g>`;
    """
    assert hard_coded_english(clean) == []


@pytest.mark.parametrize("game_id", RENDERED)
def test_a_renderer_shows_no_hard_coded_english(game_id):
    source = renderer_source(game_id)
    found = hard_coded_english(source)
    assert not found, f"{game_id}.js shows words that do not come from ctx.t: {found}"
    # nor keeps translations of its own (its words live in messages.json, where the tests see them)
    assert not re.search(r"\b(?:fr|zh)\s*:\s*[{\[\"']", source), f"{game_id}.js has a table of French/Chinese words"


# -- the keys a renderer asks for -------------------------------------------------------------------

def crypt_collector_keys() -> set[str]:
    from cryptarena.games.crypt.components import COLLECTORS
    return {f"ui.crypt.collector.{kind}.{side}" for kind, side in COLLECTORS}


def crusade_card_keys() -> set[str]:
    from cryptarena.games.crusade.components import CARDS
    return {f"ui.crusade.card.{card_id}" for card_id in CARDS}


# Keys a renderer builds from data (`ui.crypt.collector.${c.type}.${c.side}`): the family each prefix stands for.
def pharaoh_action_keys() -> set[str]:
    return {f"ui.pharaoh.a.{kind}" for kind in games.load("pharaoh").action_types}


def action_phrase_keys(game_id: str) -> set[str]:
    return {f"ui.{game_id}.act.{kind}" for kind in games.load(game_id).action_types}


DYNAMIC_FAMILIES = {"ui.crypt.collector.": crypt_collector_keys, "ui.crusade.card.": crusade_card_keys,
                    "ui.pharaoh.a.": pharaoh_action_keys,
                    **{f"ui.{g}.act.": (lambda g=g: action_phrase_keys(g)) for g in games.ids()}}


def keys_in(source: str, where: str) -> set[str]:
    asked = set(re.findall(r"[\"'`](ui\.[a-z]+\.[A-Za-z0-9_.]+)[\"'`]", source))
    for prefix in re.findall(r"`(ui\.[a-z]+\.[A-Za-z0-9_.]*)\$\{", source):
        assert prefix in DYNAMIC_FAMILIES, f"{where} builds keys {prefix}… that this test cannot list"
        asked |= DYNAMIC_FAMILIES[prefix]()
    return asked


def keys_asked_for(game_id: str) -> set[str]:
    """What the game's renderer asks for, and action_words.js of this game's words."""
    source = ACTION_WORDS.read_text(encoding="utf-8")
    phrases = {key for key in keys_in(source, "action_words.js") if key.startswith(f"ui.{game_id}.")}
    if "`ui.${gameId}.act.${" in source:  # the phrases of a game without naming rules of its own
        phrases |= action_phrase_keys(game_id)
    return keys_in(renderer_source(game_id), f"{game_id}.js") | phrases


@pytest.mark.parametrize("game_id", RENDERED)
def test_every_key_a_renderer_asks_for_is_in_every_language(game_id):
    asked = keys_asked_for(game_id)
    assert len(asked) > 20  # the scan finds the renderer's words
    assert {key.split(".")[1] for key in asked} == {game_id}, "a renderer asks only for its own game's words"
    data = catalogue(game_id)
    for lang in LANGUAGES:
        missing = asked - set(data[lang])
        assert not missing, f"{game_id} {lang}: asked for by {game_id}.js but not in messages.json: {sorted(missing)}"


@pytest.mark.parametrize("game_id", RENDERED)
def test_the_catalogue_holds_no_renderer_word_nothing_asks_for(game_id):
    words = {key for key in catalogue(game_id)["en"] if key.startswith(f"ui.{game_id}.")}
    stale = words - keys_asked_for(game_id)
    assert not stale, f"{game_id}: words no renderer asks for: {sorted(stale)}"


def test_the_crusade_renderer_names_every_card_from_the_log_terms():
    from cryptarena.games.crusade.components import CARDS
    assert "`term.${id}`" in renderer_source("crusade")
    data = catalogue("crusade")
    for lang in LANGUAGES:
        assert {f"term.{card_id}" for card_id in CARDS} <= set(data[lang]), lang


def test_crypt_collector_texts_are_the_engines_in_english():
    from cryptarena.games.crypt.components import COLLECTORS
    english = catalogue("crypt")["en"]
    for (kind, side), collector in COLLECTORS.items():
        assert english[f"ui.crypt.collector.{kind}.{side}"] == collector.text


# -- the lobby's words ----------------------------------------------------------------------------------

def option_keys(option: dict) -> set[str]:
    base = f"ui.option.{option['name']}"
    keys = {f"{base}.label", f"{base}.help"}
    # a side "A"/"B" reads the same in every language; every other value is a word
    keys |= {f"{base}.value.{v}" for v in option.get("allowed", []) if not re.fullmatch(r"[A-Z]", str(v))}
    return keys


@pytest.mark.parametrize("game_id", games.ids())
def test_the_lobby_words_of_a_game_are_in_every_language(game_id):
    game = games.load(game_id)
    data = catalogue(game_id)
    wanted = {"ui.game.pitch"}.union(*(option_keys(o) for o in game.options_schema()))
    for lang in LANGUAGES:
        missing = wanted - set(data[lang])
        assert not missing, f"{game_id} {lang}: {sorted(missing)}"
    english = data["en"]
    assert english["ui.game.pitch"] == game.pitch, "the English pitch is the game's own (GET /api/games)"
    for option in game.options_schema():
        assert english[f"ui.option.{option['name']}.help"] == option["description"], option["name"]
        for value in option.get("allowed", []):
            key = f"ui.option.{option['name']}.value.{value}"
            assert english.get(key, value) == value, "English shows the value itself, as its help names it"


def test_the_lobby_shows_the_translated_pitch_and_options():
    source = (WEB / "lobby.js").read_text(encoding="utf-8")
    assert 'gameWord(g.id, "ui.game.pitch", g.pitch)' in source
    assert "`ui.option.${opt.name}.${part}`" in source
    for part in ('word("label"', 'word("help"', "word(`value.${a}`"):
        assert part in source, part


# -- translations ---------------------------------------------------------------------------------------

def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("game_id", games.ids())
def test_each_word_is_translated_with_the_same_placeholders(game_id):
    data = catalogue(game_id)
    checked = 0
    for key, english in data["en"].items():
        if not key.startswith("ui."):
            continue
        for lang in ("fr", "zh"):
            text = data[lang][key]
            assert placeholders(text) == placeholders(english), (game_id, lang, key, text)
        if not has_words(re.sub(r"\{\w+\}", "", english)):
            continue  # "+{n}", "{face} ×{n}": nothing to translate
        assert data["fr"][key] != english, f"{game_id} fr {key}: a copy of the English"
        assert CJK.search(data["zh"][key]), f"{game_id} zh {key}: no Chinese in {data['zh'][key]!r}"
        checked += 1
    # a game with a browser renderer has dozens of page words; one without (yet) only the lobby's
    assert checked > (20 if game_id in RENDERED else 5)


def test_every_score_breakdown_row_has_a_name_in_every_language():
    """The end screen names each row of the breakdown (`term.<key>` of the game, or a page word):
    a key without one shows raw ("escape", "life")."""
    import json as _json
    from cryptarena import games as _games
    page_words = (Path(__file__).resolve().parents[2] / "cryptarena" / "web" / "js" / "i18n.js").read_text(encoding="utf-8")
    for game_id in _games.ids():
        game = _games.load(game_id)
        keys = set(game.new_state(max(2, game.min_players), 3, {}).scores()[0]["breakdown"])
        catalogue = _json.loads((Path(__file__).resolve().parents[2] / "cryptarena" / "games" / game_id
                                 / "messages.json").read_text(encoding="utf-8"))
        for lang in ("en", "fr", "zh"):
            missing = [k for k in keys if f"term.{k}" not in catalogue[lang] and f'"ui.{k}"' not in page_words]
            assert not missing, (game_id, lang, missing)
