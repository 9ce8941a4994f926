"""The starter set honours the seed and §8 of the components file: every type, nature, play
method, damage type, range and rarity occurs; the seed's named cards and hexes are there; the
prebuilt decks are legal; the rules page's tables are the data's."""

from __future__ import annotations

from cryptarena.games.pharaoh import tables
from cryptarena.games.pharaoh.components import (BENEFITS, CARDS, CHARACTERS, DAMAGE_TYPES, DECKS, EVENT_KINDS,
                                                  HEXES, LIFE, METHODS, MONSTERS, NATURES, RARITIES, TYPES)
from cryptarena.games.pharaoh.decks import deck_problems
from pharaoh_play import GAME

SEED_CARDS = {"key", "burning_spear", "block", "rally", "lock", "din", "berserker_rage", "enforce", "thwart",
              "vanguard_ring", "echo", "crossbow", "poison", "advantage", "clear", "trap", "nerve_gas"}


def test_characters_follow_the_seed():
    assert set(CHARACTERS) == {"spellmancer", "warlord", "avenger", "technomancer"}
    for character in CHARACTERS.values():
        assert character.life == LIFE == 25 and str(character.hit) == "1D6"
    assert CHARACTERS["avenger"].dodge == 6  # the seed's example dodge
    # only the Spellmancer uses 3rd-level spells, only the Warlord heavy weapons, the Avenger up to
    # medium weapons and tech, and someone uses high tech
    assert [c.id for c in CHARACTERS.values() if c.uses["spell"] == 3] == ["spellmancer"]
    assert [c.id for c in CHARACTERS.values() if c.uses["weapon"] == 3] == ["warlord"]
    assert CHARACTERS["avenger"].uses["weapon"] == CHARACTERS["avenger"].uses["tech"] == 2
    assert any(c.uses["tech"] == 3 for c in CHARACTERS.values())


def test_every_kind_of_card_occurs():
    assert 55 <= len(CARDS) <= 70 and SEED_CARDS <= set(CARDS)
    assert {c.type for c in CARDS.values()} == set(TYPES)
    for kind in ("spell", "tech", "weapon"):
        assert {c.level for c in CARDS.values() if c.type == kind} == {1, 2, 3}, kind
    assert {n for c in CARDS.values() for n in c.natures} == set(NATURES)
    assert {m for c in CARDS.values() for m in c.methods} == set(METHODS)
    assert any(c.multi for c in CARDS.values())
    assert {c.dtype for c in CARDS.values() if c.dtype} == set(DAMAGE_TYPES)
    assert {c.range for c in CARDS.values() if c.effect == "damage"} == {"same", "hex1", "any"}
    assert any(c.dtype == "phazed" for c in CARDS.values())
    assert {c.rarity for c in CARDS.values()} == set(RARITIES)
    assert any(c.per_lp for c in CARDS.values() if c.type == "military")
    assert any(c.any_time and c.has("defense") for c in CARDS.values())


def test_the_seed_numbers_of_named_cards():
    assert str(CARDS["crossbow"].damage) == "4D6" and CARDS["rally"].bonus == 3
    assert str(CARDS["poison"].damage) == "5" and CARDS["poison"].dtype == "poison"
    assert str(CARDS["vanguard_ring"].damage) == "2D6" and CARDS["vanguard_ring"].has("modifier")
    assert (CARDS["din"].lp, CARDS["din"].dg, str(CARDS["din"].damage)) == (10, 5, "2D6")
    assert CARDS["clear"].any_time and CARDS["clear"].has("alteration") and CARDS["echo"].has("alteration")
    assert CARDS["trap"].methods == ("table_hex",) and CARDS["nerve_gas"].methods == ("table_hex",)


def test_hexes_and_monsters():
    assert len(HEXES) >= 24 and sum(t.exit for t in HEXES.values()) >= 4
    assert {len(t.doors) for t in HEXES.values()} == {1, 2, 3, 4, 5, 6}
    assert {e.kind for t in HEXES.values() for e in t.events} == set(EVENT_KINDS)
    for character in CHARACTERS:
        assert {what for t in HEXES.values() for who, what in t.benefits if who == character} == set(BENEFITS)
    arches = HEXES["chamber_of_arches"]
    assert [e.kind for e in arches.events] == ["damage", "monster"]
    assert str(arches.events[0].damage) == "5" and arches.events[1].monster == "cobra"
    assert HEXES["hall_of_brigands"].use
    assert len(MONSTERS) >= 6 and "cobra" in MONSTERS


def test_prebuilt_decks_are_legal_one_per_character():
    assert sorted(d.character for d in DECKS.values()) == sorted(CHARACTERS)
    for deck in DECKS.values():
        assert deck_problems(deck.character, deck.cards, list(deck.hexes)) == [], deck.id


def test_deck_problems_name_every_broken_limit():
    problems = deck_problems("spellmancer", {"great_axe": 5, "meteor": 2, "key": 1}, ["armoury"] * 5)
    text = " / ".join(problems)
    for words in ("Great Axe: 5 copies", "2 U cards, at most 1", "the Spellmancer may not use",
                  "the Key is added", "25–50 cards", "EXIT", "Armoury: 5 copies"):
        assert words in text, words
    assert GAME.deck_problems("nobody", {}, []) == ["unknown character 'nobody'; the starter set has "
                                                    "Spellmancer, Warlord, Avenger, Technomancer"]


def test_the_rules_page_tables_are_generated_from_the_data():
    assert tables.main(["--check"]) == 0
    page = tables.page_path().read_text(encoding="utf-8")
    for card in CARDS.values():
        assert f"| {card.title} |" in page
    assert "STARTER SET" in page
