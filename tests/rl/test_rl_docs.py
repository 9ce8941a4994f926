"""docs/rl.md holds the observation layouts exactly as cryptarena.rl.docs renders them from the
games' encodings (after a change to an encoding: `python -m cryptarena.rl.docs`)."""

from __future__ import annotations

from cryptarena import games
from cryptarena.rl import docs


def test_the_doc_holds_the_rendered_layouts():
    text = docs.DOC.read_text(encoding="utf-8")
    assert docs.generated_part(text) == docs.render().strip("\n"), \
        "docs/rl.md is stale: run `python -m cryptarena.rl.docs`"


def test_every_game_and_every_field_is_rendered():
    rendered = docs.render()
    for game_id in games.ids():
        game = games.load(game_id)
        assert f"(`{game_id}`)" in rendered
        encoding = game.observation_encoding(min(max(game.min_players, 2), game.max_players))
        if encoding is not None:
            for row in encoding.layout():
                assert f"| `{row['name']}` | {row['offset']} | {row['size']} |" in rendered


def test_write_replaces_only_the_generated_part(tmp_path):
    page = tmp_path / "rl.md"
    page.write_text(f"# head\n{docs.BEGIN}\nold tables\n{docs.END}\ntail\n", encoding="utf-8")
    docs.main([str(page)])
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# head\n") and text.endswith(f"{docs.END}\ntail\n")
    assert "old tables" not in text and docs.generated_part(text) == docs.render().strip("\n")
