"""The starter set's words: every card, hex and character has its text in English, French and Chinese
in the game's catalogue (messages.json: `text.<card>`, `text.<hex>`, `ability.<character>`).

- the English card texts and abilities are the data's own (`text`, `ability_text` in starter_set.toml),
  so a change of the data without its words fails here;
- a hex's English text names what its data says: the exit, every event's numbers and monster, the
  usable event, and who benefits;
- the French and the Chinese are translations (never a copy of the English) that keep every dice
  expression and number of the English ("2D6+3", "Range: 1 hex", "25").
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from cryptarena.engine.messages import fields
from cryptarena.games.pharaoh.components import BENEFIT_DAMAGE, CARDS, CHARACTERS, HEXES, MONSTERS

LANGUAGES = ("en", "fr", "zh")
NUMBERS = re.compile(r"\d+D6(?:\+\d+)?|\d+")  # a dice expression first, so "2D6+3" is one token
CJK = re.compile(r"[\u4e00-\u9fff]")
CARD_KEYS = [f"text.{card_id}" for card_id in CARDS]
HEX_KEYS = [f"text.{hex_id}" for hex_id in HEXES]
ABILITY_KEYS = [f"ability.{character_id}" for character_id in CHARACTERS]
ALL_KEYS = CARD_KEYS + HEX_KEYS + ABILITY_KEYS


@pytest.fixture(scope="module")
def words() -> dict:
    text = (resources.files("cryptarena.games.pharaoh") / "messages.json").read_text(encoding="utf-8")
    return json.loads(text)


def test_the_starter_set_is_the_one_these_words_describe():
    assert (len(CARDS), len(HEXES), len(CHARACTERS)) == (61, 26, 4)


def test_every_component_has_a_text_in_every_language(words):
    for lang in LANGUAGES:
        missing = [key for key in ALL_KEYS if key not in words[lang]]
        assert not missing, f"{lang}: no text for {missing}"
        for key in ALL_KEYS:
            text = words[lang][key]
            assert isinstance(text, str) and text.strip(), (lang, key)
            fields(text)  # the catalogue's grammar: a text is a template with no field
            assert "{" not in text and "}" not in text, (lang, key, text)


def test_the_english_card_texts_and_abilities_are_the_datas(words):
    english = words["en"]
    for card_id, card in CARDS.items():
        assert english[f"text.{card_id}"] == card.text, card_id
    for character_id, character in CHARACTERS.items():
        assert english[f"ability.{character_id}"] == character.ability_text, character_id


def test_a_hex_text_says_what_its_data_does(words):
    english = words["en"]
    for hex_id, tile in HEXES.items():
        text = english[f"text.{hex_id}"]
        assert text.startswith("Exit:") == tile.exit, (hex_id, text)
        wanted = []
        for event in tile.events:
            wanted += [str(n) for n in (event.damage, event.amount) if n is not None and str(n) != "0"]
            wanted += [str(n) for n in (event.escape, event.count) if n]
            if event.kind == "monster":
                monster = MONSTERS[event.monster]
                wanted += [words["en"][f"term.{monster.id}"], str(monster.damage)]
        if tile.use:
            wanted += [f"take {tile.use['damage']} damage", f"draw {tile.use['draw']} card"]
        for who, what in tile.benefits:
            wanted.append("Its owner" if who == "owner" else english[f"term.{who}"])
            wanted.append({"ignore": "ignores", "action": "+1 action", "damage": f"{BENEFIT_DAMAGE} more damage"}[what])
        for part in wanted:
            assert part in text, (hex_id, part, text)


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_the_translations_are_not_the_english(words, lang):
    copies = [key for key in ALL_KEYS if words[lang][key] == words["en"][key]]
    assert not copies, f"{lang}: a copy of the English: {copies}"
    if lang == "zh":
        assert all(CJK.search(words["zh"][key]) for key in ALL_KEYS)


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_the_translations_keep_every_dice_expression_and_number(words, lang):
    for key in ALL_KEYS:
        english, translated = words["en"][key], words[lang][key]
        lost = set(NUMBERS.findall(english)) - set(NUMBERS.findall(translated))
        assert not lost, f"{lang} {key}: {sorted(lost)} missing from {translated!r}"
