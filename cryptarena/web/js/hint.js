// Hints on the table page: at a table whose result rates nobody (friendly, a lesson, one player;
// table.hints), the person whose turn it is may ask what the hard bot would play and their chance of
// winning after it (POST /api/tables/{id}/hint with the seat's token, docs/protocol.md). The panel
// says the move in words and the board element that makes it is lit; both go when the table moves on.
//
// A move made of several clicks (Quartz's dice to reroll, Midas's bid count) is shown through the
// renderer's optional `showAction(action, ctx)`, which sets the board up so the element that sends it
// carries that action (web/js/games/README.md).
import { actionWords } from "./action_words.js";
import { api, h, loadToken } from "./api.js";

// The server's refusals in the reader's language (any other: its own English message)
const ERRORS = {
  no_hints: "ui.hint_no_hints", not_your_turn: "ui.hint_not_your_turn", not_playing: "ui.hint_not_playing",
  hint_busy: "ui.hint_busy", bad_token: "ui.hint_bad_token", hint_failed: "ui.hint_failed",
};

const actionSelector = (action) => `#board [data-action='${CSS.escape(JSON.stringify(action))}']`;

export class Hint {
  /** `page`: the table page's state (t, table, state, renderer, tableId); `ctx()`: the board's context
   *  now; `redraw()`: draw the board again (after the renderer's showAction). */
  constructor(page, { ctx, redraw }) {
    this.page = page; this.ctx = ctx; this.redraw = redraw;
    this.button = document.getElementById("hint");
    this.panel = document.getElementById("hint-panel");
    this.answer = null; this.error = null; this.asking = null; this.scrolled = false;
    this.button.addEventListener("click", () => this.ask());
    // Renderers redraw the board from scratch (and some on a click of their own): light the move again
    new MutationObserver(() => { cancelAnimationFrame(this.frame); this.frame = requestAnimationFrame(() => this.mark()); })
      .observe(document.getElementById("board"), { childList: true, subtree: true });
  }

  /** Whether this person may ask now: a hinting table in play, their seat's turn, moves to choose from. */
  get offered() {
    const { table, state } = this.page;
    return !!(table?.hints && table.status === "playing" && state && state.seat !== null && !state.over);
  }

  get myTurn() {
    const state = this.page.state;
    return this.offered && (state.to_act || []).includes(state.seat) && (state.legal || []).length > 0
      && !this.page.table.seats[state.seat]?.away;
  }

  /** Called after every redraw of the page (a new state, a language change). */
  render() {
    const t = this.page.t, version = this.page.state?.version;
    // the hint was for the table as it stood: once it moved on, the hint goes
    if ((this.answer && this.answer.version !== version) || (this.error && this.error.version !== version)) this.clear();
    this.button.hidden = !this.offered;
    this.button.disabled = !this.myTurn || this.asking !== null;
    this.button.textContent = t("ui.hint");
    this.button.title = t("ui.hint_title");
    if (this.asking !== null) return this.show(h("p", { class: "hint-working" }, t("ui.hint_working")));
    if (this.error) return this.show(h("p", { class: "hint-error", role: "alert" }, this.error.text));
    if (!this.answer) { this.panel.hidden = true; this.panel.replaceChildren(); return; }
    const targets = this.mark();
    const pct = Math.round(this.answer.chance * 100);
    const ctx = this.ctx();
    const words = actionWords(this.page.table.game, this.answer.action, t, this.page.state.view, ctx?.nameOf);
    this.show(
      h("p", { class: "hint-move" }, t("ui.hint_move", { move: words }),
        targets.length ? "" : h("span", { class: "muted" }, " ", t("ui.hint_unshown"))),
      h("p", { class: "hint-chance", dataset: { chance: this.answer.chance } }, t("ui.hint_chance", { pct })),
      h("p", { class: "hint-about muted" }, t(this.answer.reviewer === "lesson" ? "ui.hint_about_lesson" : "ui.hint_about", { n: this.answer.worlds })));
  }

  show(...body) {
    const t = this.page.t;
    this.panel.hidden = false;
    this.panel.replaceChildren(
      h("div", { class: "hint-head" }, h("b", {}, t("ui.hint")),
        h("button", { class: "hint-close", id: "hint-close", type: "button", title: t("ui.hint_close"), "aria-label": t("ui.hint_close"),
          onclick: () => { this.clear(); this.render(); } }, "×")),
      ...body);
  }

  async ask() {
    if (!this.myTurn || this.asking !== null) return;
    const version = this.page.state.version;
    this.clear();
    this.asking = version;
    this.render();
    try {
      const answer = await api.post(`/api/tables/${encodeURIComponent(this.page.tableId)}/hint`, { token: loadToken(this.page.tableId) });
      this.asking = null;
      if (answer.version !== this.page.state?.version) { this.render(); return; } // the table moved on meanwhile
      this.answer = answer; this.scrolled = false;
      if (this.page.renderer?.showAction) {
        try { this.page.renderer.showAction(answer.action, this.ctx()); this.redraw(); } catch (e) { console.error(e); }
      }
    } catch (e) {
      this.asking = null;
      this.error = { version, text: ERRORS[e.code] ? this.page.t(ERRORS[e.code]) : e.message };
    }
    this.render();
  }

  /** Light the board elements that make the hinted move (the first one brought into view once). */
  mark() {
    const targets = this.answer ? [...document.querySelectorAll(actionSelector(this.answer.action))] : [];
    for (const el of document.querySelectorAll(".hint-target")) if (!targets.includes(el)) el.classList.remove("hint-target");
    for (const el of targets) el.classList.add("hint-target");
    const first = targets.find((el) => el.getClientRects().length);
    if (first && !this.scrolled) {
      this.scrolled = true;
      first.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    }
    return targets;
  }

  clear() {
    this.answer = null; this.error = null;
    for (const el of document.querySelectorAll(".hint-target")) el.classList.remove("hint-target");
  }
}
