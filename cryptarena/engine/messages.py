"""Log messages in words: a game's catalogue of templates and the one function that renders them.

A log entry carries a key and parameters ({"msg": "crypt.claim", "params": {...}}); the words
live in the game package's `messages.json`: {"en": {key: template}, "fr": {...}, "zh": {...}}.
The terminal renders with this module and the web client will read the same catalogue, so the
template language is small and documented here:

    "{seat:seat} claims slot {slot}."       str.format fields named after the entry's params
    ["with {value}", "without a value"]     variants: the first whose fields are all present wins
                                            (a redacted entry lacks its secret params)

Format specs (after the colon) say how a parameter is shown:

    seat            a seat number as "Seat N" (or the name passed in); "ghost" etc. via term
    seats           a list of seats, "Seat 0 and Seat 2"; empty -> "nobody"
    by_seat         a list indexed by seat or a dict keyed by seat: "Seat 0: 42, Seat 1: 30"
    term            a string value translated through the catalogue key "term.<value>"
    term=NS         the same through "term.NS.<value>" (one word can mean two things)
    each=KEY        a list of dicts (or a dict's items as {"key", "value"}) each through template
                    KEY, joined with commas
    plural=ONE|MANY a count with its noun: "#" stands for the number ("# die|# dice")
    if=YES|NO       a boolean as one of two texts
    (none)          numbers as is, strings through "term.<value>" when that key exists,
                    lists joined with commas, dicts as "k: v"

`render` never raises: an unknown key, a missing parameter or a broken template falls back to
the key and its parameters. `render_strict` raises `MessageError` instead (tests use it).
"""

from __future__ import annotations

import json
import string
import sys
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

LANGUAGES = ("en", "fr", "zh")

# Words every game shares; a game's catalogue may override any of them.
_BASE: dict[str, dict[str, str]] = {
    "en": {"seat": "Seat {n}", "list.sep": ", ", "list.and": " and ", "nobody": "nobody",
           "unknown": "?", "plural.zero_singular": "no", "pair.sep": ": "},
    # French counts 0 as singular ("0 serviteur épuisé") and spaces its colons ("Siège 0 : 34")
    "fr": {"seat": "Siège {n}", "list.sep": ", ", "list.and": " et ", "nobody": "personne",
           "unknown": "?", "plural.zero_singular": "yes", "pair.sep": " : "},
    "zh": {"seat": "座位{n}", "list.sep": "、", "list.and": "和", "nobody": "无人", "unknown": "?",
           "plural.zero_singular": "no", "pair.sep": "："},
}


class MessageError(ValueError):
    """A template that cannot be rendered with an entry's parameters (strict rendering only)."""


def _package_of(game: Any) -> str:
    module = sys.modules.get(type(game).__module__)
    package = getattr(module, "__package__", None)
    return package or type(game).__module__.rpartition(".")[0]


@lru_cache(maxsize=None)
def _load_catalogue(package: str) -> dict[str, dict[str, Any]]:
    if not package:  # a class defined in a top-level module: no package, no catalogue
        return {}
    try:
        text = (resources.files(package) / "messages.json").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {}
    data = json.loads(text)
    if not isinstance(data, dict):
        raise MessageError(f"{package}/messages.json must be an object of language: templates")
    return data


def catalogue(game: Any, lang: str = "en") -> dict[str, Any]:
    """The templates of `game` in `lang`: shared words, then English, then `lang` on top, so a
    key missing in one language still renders (in English). Read-only: it is cached."""
    return _merged(_package_of(game), lang)


@lru_cache(maxsize=None)
def _merged(package: str, lang: str) -> dict[str, Any]:
    data = _load_catalogue(package)
    merged: dict[str, Any] = {**_BASE["en"], **_BASE.get(lang, {})}
    merged.update(data.get("en", {}))
    if lang != "en":
        merged.update(data.get(lang, {}))
    return merged


def languages(game: Any) -> list[str]:
    return sorted(_load_catalogue(_package_of(game)))


class _Formatter(string.Formatter):
    def __init__(self, words: Mapping[str, Any], names: Mapping[Any, str] | None, strict: bool):
        super().__init__()
        self.words = words
        self.names = names or {}
        self.strict = strict

    # -- helpers -----------------------------------------------------------------------------
    def word(self, key: str) -> str:
        text = self.words.get(key)
        if not isinstance(text, str):
            if self.strict:
                raise MessageError(f"no text for {key!r}")
            return key
        return text

    def term(self, value: Any, namespace: str | None = None) -> str:
        key = f"term.{namespace}.{value}" if namespace else f"term.{value}"
        if key in self.words:
            return str(self.words[key])
        if self.strict:
            raise MessageError(f"no term {key!r}")
        return str(value)

    def seat(self, value: Any) -> str:
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if value in self.names:
            return self.names[value]
        if isinstance(value, int) and not isinstance(value, bool):
            return self.word("seat").format(n=value)
        return self.term(value)  # "ghost" and the like

    def join(self, parts: list[str]) -> str:
        if not parts:
            return self.word("nobody")
        if len(parts) == 1:
            return parts[0]
        return self.word("list.sep").join(parts[:-1]) + self.word("list.and") + parts[-1]

    def plain(self, value: Any) -> str:
        if value is None:
            return self.word("unknown")
        if isinstance(value, bool):
            return self.term(str(value).lower())
        if isinstance(value, str):
            key = f"term.{value}"
            return str(self.words[key]) if key in self.words else value
        if isinstance(value, (list, tuple)):
            return self.word("list.sep").join(self.plain(v) for v in value)
        if isinstance(value, dict):
            return self.word("list.sep").join(f"{self.plain(k)}{self.word('pair.sep')}{self.plain(v)}" for k, v in value.items())
        return str(value)

    # -- string.Formatter hooks ----------------------------------------------------------------
    def format_field(self, value: Any, spec: str) -> str:
        kind, _, arg = spec.partition("=")
        if value is None:  # a parameter the entry lacks (non-strict rendering only)
            return self.word("unknown")
        if kind == "":
            return self.plain(value)
        if kind == "seat":
            return self.seat(value)
        if kind == "seats":
            return self.join([self.seat(v) for v in value])
        if kind == "by_seat":
            items = list(value.items() if isinstance(value, dict) else enumerate(value))
            nested = any(isinstance(v, (list, tuple)) for _, v in items)
            sep = "; " if nested else self.word("list.sep")
            return sep.join(f"{self.seat(k)}{self.word('pair.sep')}{self.plain(v)}" for k, v in items)
        if kind == "term":
            return self.term(value, arg or None)
        if kind == "each":
            items = ([{"key": k, "value": v} for k, v in value.items()] if isinstance(value, dict)
                     else list(value))
            template = self.words.get(arg)
            if template is None:
                raise MessageError(f"no template {arg!r} for each={arg}")
            return self.word("list.sep").join(self.pick_and_format(template, item) for item in items)
        if kind == "plural":
            one, _, many = arg.partition("|")
            singular = value == 1 or (self.words.get("plural.zero_singular") == "yes" and value == 0)
            noun = one if singular else (many or one)
            return noun.replace("#", str(value)) if "#" in noun else f"{value} {noun}"
        if kind == "if":
            yes, _, no = arg.partition("|")
            return yes if value else no
        raise MessageError(f"unknown format {spec!r}")

    def pick_and_format(self, template: Any, params: Mapping[str, Any]) -> str:
        variants = template if isinstance(template, list) else [template]
        if not variants or not all(isinstance(v, str) for v in variants):
            raise MessageError(f"a template must be a string or a list of strings, not {template!r}")
        for variant in variants:
            if all(name in params for name in fields(variant)):
                return self.vformat(variant, (), params)
        if self.strict:
            missing = sorted(set(fields(variants[-1])) - set(params))
            raise MessageError(f"no variant fits the params: missing {', '.join(missing)}")
        shown = {name: params.get(name, None) for name in fields(variants[-1])}
        return self.vformat(variants[-1], (), shown)


def fields(template: str) -> list[str]:
    """The parameter names a template uses. A field nested in another's format spec is refused:
    the browser's renderer (web/js/i18n.js) reads the same templates and does not expand them."""
    names = []
    for _, name, spec, _ in string.Formatter().parse(template):
        if spec and "{" in spec:
            raise MessageError(f"a field inside the format of {{{name}}} is not supported: {template!r}")
        if name:
            names.append(name.split(".")[0].split("[")[0])
    return names


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def render_strict(game: Any, entry: Mapping[str, Any], lang: str = "en",
                  names: Mapping[Any, str] | None = None) -> str:
    """Render one log entry; any gap in the catalogue raises MessageError."""
    words = catalogue(game, lang)
    key = entry.get("msg")
    if key not in words:
        raise MessageError(f"no template for {key!r} in {lang!r}")
    params = entry.get("params") or {}
    try:
        return _capitalise(_Formatter(words, names, strict=True).pick_and_format(words[key], params))
    except MessageError:
        raise
    except Exception as exc:  # noqa: BLE001 - a template error of any kind is a catalogue defect
        raise MessageError(f"{key} ({lang}): {type(exc).__name__}: {exc}") from None


def render(game: Any, entry: Mapping[str, Any], lang: str = "en",
           names: Mapping[Any, str] | None = None, *, sentence: bool = True) -> str:
    """One log entry in words. Never raises: without a usable template it shows the key and its
    parameters, which is ugly but tells the reader (and the developer) what happened.
    `sentence=False`: a phrase to go inside a sentence (not capitalised)."""
    try:
        words = catalogue(game, lang)
        key = entry.get("msg")
        if key in words:
            formatter = _Formatter(words, names, strict=False)
            text = formatter.pick_and_format(words[key], entry.get("params") or {})
            return _capitalise(text) if sentence else text
    except Exception:  # noqa: BLE001 - rendering a log line must never end a game
        pass
    params = entry.get("params") or {}
    shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False, sort_keys=True)}" for k, v in params.items())
    return f"{entry.get('msg', '?')}({shown})"
