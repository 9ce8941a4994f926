"""GET /api/games/{id}/rules?lang=…: each game's rules in English, French and Chinese, against a
real server; a language the site does not speak is a 400 with a JSON error, not English."""

from __future__ import annotations

from importlib import resources

import pytest

from cryptarena import games
from live_server import LiveClient, live_server


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("rules") / "arena.db"
    with live_server(f"sqlite:///{db}") as base_url, LiveClient(base_url) as test_client:
        yield test_client


def rules_file(game_id: str, name: str) -> str:
    package = type(games.load(game_id)).__module__.rpartition(".")[0]
    return (resources.files(package) / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", games.ids())
def test_each_language_is_served(client, game_id):
    for lang, name in (("en", "RULES.md"), ("fr", "RULES.fr.md"), ("zh", "RULES.zh.md")):
        response = client.get(f"/api/games/{game_id}/rules", params={"lang": lang})
        assert response.status_code == 200, response.text
        assert response.text == rules_file(game_id, name)
    assert client.get(f"/api/games/{game_id}/rules").text == rules_file(game_id, "RULES.md")  # default: English


@pytest.mark.parametrize("lang", ["de", "FR", "fr-FR", "../RULES", ""])
def test_an_unknown_language_is_refused(client, lang):
    response = client.get("/api/games/crypt/rules", params={"lang": lang})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_lang" and "en, fr, zh" in error["message"]


def test_an_unknown_game_is_still_a_404(client):
    response = client.get("/api/games/chess/rules", params={"lang": "fr"})
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_game"
