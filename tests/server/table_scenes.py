"""A game's renderer drawing an arranged moment, in a real browser: the engine's real view and legal
actions (no socket), the real renderer module and the game's catalogue served by a real server, and
the page's own score summary and prompt. A click's action can be applied to the engine."""

from __future__ import annotations

import json

import httpx

DRAW = """async ({ game, view, legal, seat, toAct, over, comps, words, lang, names }) => {
  const mod = await import(`/static/js/games/${game}.js`);
  const i18n = await import('/static/js/i18n.js');
  const board = await import('/static/js/board.js');
  const merged = i18n.mergeCatalogue(words, lang);
  window.local ??= {};
  window.sent = [];
  if (!document.getElementById('board')) {
    document.body.innerHTML = '<link rel="stylesheet" href="/static/css/app.css"><main id="board"></main><ul id="scores"></ul>';
  }
  const t = i18n.translator(lang, merged);
  const ctx = board.boardContext({ view, legal, seat, toAct, over, t, lang, names, words: merged, local: window.local,
    components: comps, clock: null, send: (a) => window.sent.push(a) });
  board.drawBoard(document.getElementById('board'), mod, ctx);
  window.prompt_ = mod.prompt ? mod.prompt(ctx) : '';
  const rows = mod.summary ? mod.summary(view) : [];
  document.getElementById('scores').replaceChildren(...rows.map((r) => {
    const li = document.createElement('li');
    li.dataset.seat = r.seat;
    li.textContent = `${names[r.seat]}: ${r.score}${r.note ? ' (' + r.note + ')' : ''}`;
    if (r.title) li.title = r.title;
    return li;
  }));
}"""


class Scene:
    def __init__(self, page, base_url: str, game: str, state, lang: str = "en", names=("Ava", "Bo", "Cy", "Di")):
        self.page, self.game, self.state, self.lang, self.names = page, game, state, lang, list(names)
        comps = httpx.get(f"{base_url}/api/games/{game}/components")
        self.comps = comps.json() if comps.status_code == 200 else None
        self.words = httpx.get(f"{base_url}/api/games/{game}/messages").json()
        page.goto(f"{base_url}/healthz")
        page.evaluate("() => { window.local = {}; }")

    def draw(self, seat: int | None) -> str:
        """Draw what `seat` sees; the text of the board (no raw catalogue key in it)."""
        state = self.state
        self.page.evaluate(DRAW, {"game": self.game, "view": state.view(seat),
                                  "legal": state.legal_actions(seat) if seat is not None else [], "seat": seat,
                                  "toAct": state.to_act(), "over": state.is_over(), "comps": self.comps,
                                  "words": self.words, "lang": self.lang, "names": self.names})
        text = self.page.inner_text("#board")
        assert "render-error" not in self.page.inner_html("#board"), text
        assert f"ui.{self.game}." not in text and "term." not in text, text
        return text

    def click(self, seat: int, selector: str) -> dict:
        element = self.page.query_selector(selector)
        assert element, selector
        element.click()
        sent = self.page.evaluate("() => window.sent")
        assert len(sent) == 1, sent
        assert sent[0] in self.state.legal_actions(seat)
        self.state.apply(seat, sent[0])
        return sent[0]


EXPLAIN = """async ({ game, entry, words, lang, view }) => {
  const mod = await import(`/static/js/games/${game}.js`);
  const i18n = await import('/static/js/i18n.js');
  const t = i18n.translator(lang, i18n.mergeCatalogue(words, lang));
  return mod.explain(entry, { t, view, lang, local: {} }).map((x) => x.text).join('\\n');
}"""


def explained(page, game, entry, lang="en", view=None):
    """What the table page shows of a log line (hover and ⓘ): the renderer's `explain`, its texts."""
    words = httpx.get(f"{page.base_url}/api/games/{game}/messages").json()
    return page.evaluate(EXPLAIN, {"game": game, "entry": entry, "words": words, "lang": lang, "view": view})


def title_of(page, selector: str) -> str:
    return page.get_attribute(selector, "title") or ""


def dumps(action: dict) -> str:
    return json.dumps(action, separators=(",", ":"))


def scene_browser(tmp_path_factory, name: str, viewport=None):
    """A module's scenes share one server and one desktop page (`page.base_url` set); the page's
    script errors fail the module at its end. Use as the body of a module-scoped fixture."""
    import contextlib

    from playwright.sync_api import sync_playwright

    from live_server import live_server
    from test_browser import CHROMIUM_FLAGS, chromium_path

    @contextlib.contextmanager
    def opened():
        db = tmp_path_factory.mktemp(name) / "arena.db"
        with live_server(f"sqlite:///{db}") as base_url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            page = browser.new_context(viewport=viewport or {"width": 1280, "height": 800}).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.base_url = base_url
            yield page
            browser.close()
            assert errors == [], errors
    return opened()
