"""The rules pages in English, French and Chinese (games/<id>/RULES.md, RULES.fr.md, RULES.zh.md).

A translation must keep the English page's shape: the same headings, list items and table rows in
the same order (a section or a card dropped in translation fails here), the same option names and
file paths in backticks, and it must be written in its language. Game.rules_summary serves them and
falls back to English."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from cryptarena import games

TRANSLATIONS = ("fr", "zh")
HEADING = re.compile(r"^(#{1,6})\s")
LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+\.)\s")
TABLE_ROW = re.compile(r"^\s*\|")
CODE_SPAN = re.compile(r"`([^`]*)`")
ENGLISH_WORD = re.compile(r"\b(?:the|and|of|to|you|your|an|is|are|with|in|after|which|it|their|from|for|at|when|each|every)\b")
CJK = re.compile(r"[\u4e00-\u9fff]")


def rules_dir(game_id: str):
    return resources.files(type(games.load(game_id)).__module__.rpartition(".")[0])


def page(game_id: str, lang: str) -> str:
    name = "RULES.md" if lang == "en" else f"RULES.{lang}.md"
    return (rules_dir(game_id) / name).read_text(encoding="utf-8")


def code_names(text: str) -> set[str]:
    """Option names, values and paths in backticks (`first_leader`, `docs/rules/crypt.md`): never
    translated. Spans with a space (`-o name=value`) are prose and may be."""
    return {span for span in CODE_SPAN.findall(text) if not any(c.isspace() for c in span)}


def shape(text: str) -> list[tuple]:
    """Each structural line in order: a heading and its level, a list item (ordered or not) and its
    indentation, a table row and its number of cells."""
    lines = []
    for line in text.splitlines():
        if m := HEADING.match(line):
            lines.append(("heading", len(m.group(1))))
        elif m := LIST_ITEM.match(line):
            lines.append(("item", m.group(2)[-1] == ".", len(m.group(1))))
        elif TABLE_ROW.match(line):
            lines.append(("row", line.strip().strip("|").count("|") + 1))
    return lines


def test_the_shape_check_sees_a_dropped_item():
    english = page("crusade", "en")
    dropped = english.replace("- **Sprint** (I): one more tile of movement.\n", "")
    assert dropped != english and shape(dropped) != shape(english)
    assert shape("# A\n## B\n1. x\n   - y\n| a | b |\n|---|---|\n") == [
        ("heading", 1), ("heading", 2), ("item", True, 0), ("item", False, 3), ("row", 2), ("row", 2)]


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_game_has_its_rules_in_each_language_with_the_same_shape(game_id, lang):
    english, translated = page(game_id, "en"), page(game_id, lang)
    assert shape(english), "the English page has headings and lists"
    assert shape(translated) == shape(english)
    assert code_names(translated) == code_names(english)


@pytest.mark.parametrize("game_id", games.ids())
def test_each_translation_is_written_in_its_language(game_id):
    english_lines = {line.strip() for line in page(game_id, "en").splitlines() if len(line.strip()) > 20}
    french = page(game_id, "fr")
    # a line copied from the English page and written in English (Midas's English page ends with a
    # summary in French, which the French page may keep)
    copied = [line for line in french.splitlines()
              if line.strip() in english_lines and len(ENGLISH_WORD.findall(line)) >= 2]
    assert not copied, f"English lines left in RULES.fr.md: {copied[:3]}"
    assert len(re.findall(r"\b(?:les|des|une|vous|est)\b", french)) >= 10
    chinese = page(game_id, "zh")
    letters = [c for c in chinese if c.isalpha()]
    assert sum(bool(CJK.match(c)) for c in letters) / len(letters) > 0.6


def test_rules_summary_serves_each_language_and_falls_back_to_english():
    game = games.load("midas")
    assert game.rules_summary() == page("midas", "en") == game.rules_summary("en")
    assert game.rules_summary("fr") == page("midas", "fr") != page("midas", "en")
    assert game.rules_summary("zh") == page("midas", "zh")
    assert game.rules_summary("de") == page("midas", "en")  # no German page: English
    assert game.rules_summary("../RULES") == page("midas", "en")  # never a path
