// The tutorial guide on the table page: a panel that explains the rule at the moment it applies,
// points at the part of the table it talks about, and asks for one move. The lesson is the
// server's (state.tutorial, built by cryptarena/tutorials from the lesson's data); this module only
// shows it. A move other than the one asked for is explained here and never sent (the server would
// refuse it too), so the learner simply tries again.
import { api, h, saveToken, toast } from "./api.js";

const sameAction = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  return value;
}

const DONE_KEY = "ca.tutorials.done";
export const finishedLessons = () => { try { return JSON.parse(localStorage.getItem(DONE_KEY) || "[]"); } catch { return []; } };
function markFinished(id) {
  const done = new Set(finishedLessons()); done.add(id);
  localStorage.setItem(DONE_KEY, JSON.stringify([...done]));
}

export class Guide {
  /** `page`: the table page's state (t, lang, state); the guide draws into `root` (#guide). */
  constructor(root, page) {
    this.root = root; this.page = page; this.lesson = null; this.index = 0; this.key = null; this.wrong = null;
    // Renderers redraw the board from scratch (and some on a click of their own): point again after each
    const again = () => { cancelAnimationFrame(this.frame); this.frame = requestAnimationFrame(() => this.point()); };
    new MutationObserver(again).observe(document.getElementById("board"), { childList: true, subtree: true });
    addEventListener("resize", again); addEventListener("scroll", again, { passive: true });
  }

  get active() { return !!this.lesson; }

  /** A new state from the server: the lesson's pages for where the table stands. */
  update(lesson) {
    this.lesson = lesson || null;
    document.body.classList.toggle("in-tutorial", this.active);
    if (!this.lesson) { this.root.hidden = true; this.clearTargets(); return; }
    const key = `${lesson.id}:${lesson.step}`;
    if (key !== this.key) {
      this.key = key; this.wrong = null;
      const read = Number(sessionStorage.getItem(`ca.guide.${this.page.tableId}.${key}`) || 0);
      this.index = Math.min(read, lesson.pages.length - 1);
      this.scrolled = false;
    }
    if (lesson.done) {
      markFinished(lesson.id);
      document.getElementById("banner").textContent = this.page.t("ui.tutorial_over"); // nobody moves after the lesson
    }
    this.render();
  }

  /** May this move be sent? Not when it is not the one asked for: say why instead. */
  allows(action) {
    if (!this.active) return true;
    const expect = this.lesson.expect;
    const ok = expect && (Array.isArray(action) ? sameAction(action, expect) : expect.length === 1 && sameAction(action, expect[0]));
    if (ok) return true;
    this.refused();
    return false;
  }

  /** The move was refused (here, or by the server: tutorial_step): the lesson's reason, and again. */
  refused() {
    const t = this.page.t, lang = this.page.lang;
    const text = this.lesson?.expect ? (this.lesson.wrong?.[lang] || t("ui.tutorial_wrong")) : t("ui.tutorial_over");
    this.wrong = text; this.folded = false;
    this.index = this.lesson ? this.lesson.pages.length - 1 : 0;
    this.render();
    this.root.classList.remove("guide-shake"); void this.root.offsetWidth; this.root.classList.add("guide-shake");
  }

  go(delta) {
    const pages = this.lesson.pages;
    this.index = Math.max(0, Math.min(pages.length - 1, this.index + delta));
    this.wrong = null; this.scrolled = false;
    sessionStorage.setItem(`ca.guide.${this.page.tableId}.${this.key}`, String(this.index));
    this.render();
  }

  render() {
    const t = this.page.t, lang = this.page.lang, lesson = this.lesson;
    const pages = lesson.pages, page = pages[this.index] || { say: {} };
    const last = this.index >= pages.length - 1;
    const title = lesson.title?.[lang] || lesson.title?.en || "";
    const progress = lesson.done ? t("ui.tutorial_finished") : t("ui.tutorial_step", { n: lesson.step + 1, of: lesson.steps });
    const buttons = [];
    if (this.index > 0) buttons.push(h("button", { class: "btn btn-small btn-ghost", id: "guide-back", onclick: () => this.go(-1) }, t("ui.tutorial_back")));
    if (!last) buttons.push(h("button", { class: "btn btn-small btn-gold", id: "guide-next", onclick: () => this.go(1) }, t("ui.tutorial_next")));
    else if (lesson.done) {
      const counts = this.playerCounts();
      if (counts.length > 1) {
        buttons.push(h("label", { class: "guide-players" }, t("ui.tutorial_players"), " ",
          h("select", { id: "guide-players", onchange: (e) => { this.players = Number(e.target.value); } },
            ...counts.map((n) => h("option", { value: n, selected: n === this.players }, String(n))))));
      }
      buttons.push(h("button", { class: "btn btn-small btn-gold", id: "guide-play", onclick: () => this.playOn() }, t("ui.tutorial_play")),
        h("a", { class: "btn btn-small btn-ghost", id: "guide-lobby", href: "/" }, t("ui.tutorial_lobby")));
    } else buttons.push(h("span", { class: "guide-your-move" }, t("ui.tutorial_your_move")));
    this.root.hidden = false;
    this.root.dataset.step = lesson.step;
    this.root.dataset.page = this.index;
    this.root.dataset.pages = pages.length;
    this.root.dataset.done = String(lesson.done);
    this.root.classList.toggle("guide-folded", !!this.folded);
    this.root.replaceChildren(...[
      h("div", { class: "guide-head" }, h("b", {}, `${t("ui.tutorial")}: ${title}`), h("span", { class: "guide-progress muted" }, progress),
        h("button", { class: "guide-fold", id: "guide-fold", "aria-expanded": String(!this.folded), title: t(this.folded ? "ui.tutorial_unfold" : "ui.tutorial_fold"),
          "aria-label": t(this.folded ? "ui.tutorial_unfold" : "ui.tutorial_fold"), onclick: () => { this.folded = !this.folded; this.render(); } }, this.folded ? "▴" : "▾")),
      h("p", { class: "guide-text", id: "guide-text" }, page.say[lang] || page.say.en || ""),
      this.wrong && last ? h("p", { class: "guide-wrong", id: "guide-wrong", role: "alert" }, this.wrong) : null,
      h("div", { class: "guide-buttons" }, ...buttons)].filter(Boolean));
    this.point();
  }

  /** What was learnt, at once against bots: a friendly table of the chosen size, the learner in
   *  seat 0, medium bots in the others, started. */
  /** The table sizes the game allows; the first game after a lesson defaults to three players (two
   *  bots) where the game has no teams, else the lesson's own size. */
  playerCounts() {
    const game = this.page.game || {}, table = this.page.table;
    const low = game.min_players || table.players, high = game.max_players || table.players;
    this.players ??= Array.isArray(table.teams) ? table.players : Math.min(high, Math.max(table.players, 3, low));
    return Array.from({ length: high - low + 1 }, (_, i) => low + i);
  }

  async playOn() {
    const table = this.page.table, players = this.players || table.players;
    try {
      const created = (await api.post("/api/tables", { game: table.game, players, rated: false })).table;
      saveToken(created.id, (await api.post(`/api/tables/${created.id}/seats/0`, { kind: "human" })).token);
      for (let seat = 1; seat < players; seat++) await api.post(`/api/tables/${created.id}/seats/${seat}`, { kind: "bot", agent: "medium" });
      await api.post(`/api/tables/${created.id}/start`);
      location.href = `/table/${encodeURIComponent(created.id)}`;
    } catch (e) { toast(e.message); }
  }

  // -- pointing --------------------------------------------------------------------------------------
  clearTargets() { for (const el of document.querySelectorAll(".guide-target")) el.classList.remove("guide-target"); }

  /** The elements this page talks about: its highlight; on the asked move's page also the element
   *  that makes the move (by its data-action) and the clicks the lesson lists. */
  targets() {
    const lesson = this.lesson, page = lesson.pages[this.index] || {};
    const found = [];
    const add = (sel) => { try { found.push(...document.querySelectorAll(sel)); } catch { /* a bad selector points at nothing */ } };
    if (page.highlight) add(page.highlight);
    if (this.index >= lesson.pages.length - 1 && lesson.expect) {
      for (const sel of lesson.do || []) add(sel);
      const first = lesson.expect[0];
      for (const el of document.querySelectorAll("#board [data-action]")) {
        try { if (sameAction(JSON.parse(el.dataset.action), first)) found.push(el); } catch { /* not an action */ }
      }
    }
    return [...new Set(found)].filter((el) => !this.root.contains(el));
  }

  point() {
    if (!this.active) return;
    const targets = this.targets();
    this.clearTargets();
    for (const el of targets) el.classList.add("guide-target");
    const main = targets.find((el) => el.getClientRects().length) || null;
    if (main && !this.scrolled) {
      this.scrolled = true;
      const r = main.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight) main.scrollIntoView({ block: "center", behavior: "instant" });
    }
    this.place(main);
  }

  /** The panel sits beside what it talks about — below, above, right or left of it, or beside the
   *  board, wherever it covers least of what is pointed at and of the table — with an arrow towards it; on a narrow screen it
   *  docks to the top or bottom edge, away from it, and can be folded to its title line. */
  place(target) {
    const panel = this.root, r = target?.getBoundingClientRect();
    panel.classList.remove("guide-below", "guide-above", "guide-right", "guide-left", "guide-side", "guide-dock-top", "guide-dock-bottom", "guide-free");
    panel.style.left = panel.style.top = "";
    if (!r) { panel.classList.add("guide-free"); return; }
    if (innerWidth < 700) {
      panel.classList.add(r.top + r.height / 2 > innerHeight / 2 ? "guide-dock-top" : "guide-dock-bottom");
      return;
    }
    const ph = panel.offsetHeight, pw = panel.offsetWidth, gap = 14;
    const clampX = (x) => Math.max(8, Math.min(innerWidth - pw - 8, x));
    const clampY = (y) => Math.max(8, Math.min(innerHeight - ph - 8, y));
    const candidates = [
      ["guide-below", clampX(r.left + r.width / 2 - pw / 2), r.bottom + gap, r.bottom + gap + ph <= innerHeight],
      ["guide-above", clampX(r.left + r.width / 2 - pw / 2), r.top - gap - ph, r.top - gap - ph >= 0],
      ["guide-right", r.right + gap, clampY(r.top + r.height / 2 - ph / 2), r.right + gap + pw <= innerWidth],
      ["guide-left", r.left - gap - pw, clampY(r.top + r.height / 2 - ph / 2), r.left - gap - pw >= 0],
    ].filter((c) => c[3]);
    // Beside the board too (over the side column), where the table shows least of the game
    const board = document.getElementById("board").getBoundingClientRect();
    if (board.right + pw / 2 <= innerWidth) candidates.push(["guide-side", Math.min(board.right + gap, innerWidth - pw - 8), clampY(r.top + r.height / 2 - ph / 2), true]);
    const boxes = (sel) => [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect()).filter((b) => b.width || b.height);
    const overlap = (x, y, list) => list.reduce((sum, b) => sum + Math.max(0, Math.min(x + pw, b.right) - Math.max(x, b.left))
      * Math.max(0, Math.min(y + ph, b.bottom) - Math.max(y, b.top)), 0);
    // what it points at must stay in view; then what one may click; then the board; and near is better
    const targets = boxes(".guide-target"), actions = boxes("#board [data-action]");
    const cost = (x, y) => 10 * overlap(x, y, targets) + 2 * overlap(x, y, actions) + 0.2 * overlap(x, y, [board])
      + 10 * Math.hypot(x + pw / 2 - (r.left + r.width / 2), y + ph / 2 - (r.top + r.height / 2));
    let best = null;
    for (const [cls, x, y] of candidates) {
      const c = cost(x, y);
      if (!best || c < best.cost) best = { cls, x, y, cost: c };
    }
    if (!best) { panel.classList.add("guide-free"); return; }
    panel.classList.add(best.cls);
    panel.style.top = `${best.y}px`; panel.style.left = `${best.x}px`;
    const vertical = best.cls === "guide-below" || best.cls === "guide-above";
    const along = vertical ? r.left + r.width / 2 - best.x : r.top + r.height / 2 - best.y;
    panel.style.setProperty("--arrow", `${Math.max(16, Math.min((vertical ? pw : ph) - 16, along))}px`);
  }
}
