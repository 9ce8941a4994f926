"""The table page's own words (web/js/i18n.js, UI): every language has every key, and every key
the page's scripts ask for exists. A word added in English only, or a typo in a key, fails here."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "cryptarena" / "web" / "js"


def ui_words() -> dict[str, set[str]]:
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    block = text[text.index("const UI = {"):text.index("\n};", text.index("const UI = {"))]
    languages = re.split(r"\n  (en|fr|zh): \{", block)[1:]
    return {lang: set(re.findall(r'"(ui\.[a-z_]+)":', body)) for lang, body in zip(languages[::2], languages[1::2])}


def keys_asked_for() -> set[str]:
    asked = set()
    for path in [*WEB.glob("*.js"), *WEB.glob("games/*.js")]:
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r'["`](ui\.[a-z_]+)["`]', text))
        for call in re.findall(r"chatWord\(([^)]*)\)", text):  # chatWord(x) asks for ui.chat_<x>
            asked |= {f"ui.chat_{word}" for word in re.findall(r'"([a-z_]+)"', call)}
    return asked


def test_every_language_has_every_word():
    words = ui_words()
    assert set(words) == {"en", "fr", "zh"}
    assert len(words["en"]) > 30
    for lang in ("fr", "zh"):
        assert words[lang] == words["en"], (lang, words["en"] ^ words[lang])


def test_every_word_the_page_asks_for_exists():
    asked = keys_asked_for()
    assert {"ui.say", "ui.chat_team", "ui.chat_say_team"} <= asked  # the scan finds what it should
    missing = asked - ui_words()["en"]
    assert not missing, f"asked for but not in i18n.js: {sorted(missing)}"
