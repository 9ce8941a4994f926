"""The pages' own words (web/js/i18n.js's UI block, and i18n_pace.js's and i18n_review.js's beside
it): every language has every key, and every key the pages' scripts ask for exists. A word added in
English only, or a typo in a key, fails here."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "cryptarena" / "web" / "js"


WORD_FILES = ("i18n.js", "i18n_pace.js", "i18n_review.js")  # each holds a `const UI = {en: {…}, fr: {…}, zh: {…}}`


def ui_words() -> dict[str, set[str]]:
    words: dict[str, set[str]] = {}
    for name in WORD_FILES:
        text = (WEB / name).read_text(encoding="utf-8")
        block = text[text.index("const UI = {"):text.index("\n};", text.index("const UI = {"))]
        languages = re.split(r"\n  (en|fr|zh): \{", block)[1:]
        for lang, body in zip(languages[::2], languages[1::2]):
            words.setdefault(lang, set()).update(re.findall(r'"(ui\.[a-z_]+)":', body))
    return words


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


def test_the_companion_asks_only_for_page_words():
    """Every word companion.js shows goes through t() with a literal ui.* key (kept in i18n.js, so the
    tests above check its three languages); a bare t("reveal") would show the key itself."""
    text = (WEB / "companion.js").read_text(encoding="utf-8")
    literal = re.findall(r'\bt\("([^"]*)"', text)
    assert len(literal) > 50  # the scan finds the calls
    assert [key for key in literal if not re.fullmatch(r"ui\.[a-z_]+", key)] == []
    dynamic = re.findall(r"\bt\(([A-Z_]+)\[", text)  # t(PHASE_WORDS[phase]): a table of literal keys
    calls = re.findall(r"(?<![\w.])t\(", text)
    assert len(calls) == len(literal) + len(dynamic) + 1, "a t() call with a computed key"  # +1: t's own definition
    for table in set(dynamic):
        body = re.search(rf"const {table} = \{{(.*?)\}};", text, re.S)
        assert body and re.findall(r'"ui\.companion_[a-z_]+"', body.group(1)), table
    companion = {key for key in keys_asked_for() if key.startswith("ui.companion_")}
    assert len(companion) > 60 and companion <= ui_words()["zh"]


# Keys the pages build from a value (t(`ui.vote_${choice}`)): each family's values, which the scan of
# literal keys above cannot see. A family the scripts no longer build, or a value without its words in
# every language, fails here.
COMPUTED = {
    "table_clocks.js": {"ui.vote_{}": ("skip", "expel"), "ui.vote_{}_help": ("skip", "expel"),
                        "ui.vote_yours_{}": ("skip", "expel")},
    "settings.js": {"ui.settings_kind_{}": ("turn", "end", "invite", "confirm"),
                    "ui.settings_channel_{}": ("email", "webhook"),
                    "ui.settings_browser_{}": ("on", "off", "denied", "unsupported"),
                    "ui.settings_col_{}": ("when", "channel", "kind", "table", "attempts", "error"),
                    "ui.settings_status_{}": ("pending", "sending", "failed", "dropped")},
}


def test_every_computed_word_exists_in_every_language():
    words = ui_words()
    for script, families in COMPUTED.items():
        text = (WEB / script).read_text(encoding="utf-8")
        for family, values in families.items():
            prefix, suffix = family.split("{}")
            # built in place (`ui.vote_${choice}_help`) or by settings.js's word(prefix, value)
            helper = f'word("{prefix.removeprefix("ui.settings_").rstrip("_")}",'
            assert re.search(re.escape(prefix) + r"\$\{\w+\}" + re.escape(suffix) + "`", text) or helper in text, \
                f"{script} no longer builds {family}"
            for lang in ("en", "fr", "zh"):
                missing = [family.format(v) for v in values if family.format(v) not in words[lang]]
                assert not missing, (lang, missing)
