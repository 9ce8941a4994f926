// The tutorial guide on the table page: a panel that explains the rule at the moment it applies,
// points at the part of the table it talks about, and asks for one move. The lesson is the
// server's (state.tutorial, built by cryptarena/tutorials from the lesson's data); this module only
// shows it. A move other than the one asked for is explained here and never sent (the server would
// refuse it too), so the learner simply tries again.
import { h } from "./api.js";

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
    if (lesson.done) markFinished(lesson.id);
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
    this.wrong = text;
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
    const part = lesson.parts > 1 ? ` · ${t("ui.tutorial_part", { n: lesson.part, of: lesson.parts })}` : "";
    const progress = lesson.done ? t("ui.tutorial_finished") : t("ui.tutorial_step", { n: lesson.step + 1, of: lesson.steps });
    const buttons = [];
    if (this.index > 0) buttons.push(h("button", { class: "btn btn-small btn-ghost", id: "guide-back", onclick: () => this.go(-1) }, t("ui.tutorial_back")));
    if (!last) buttons.push(h("button", { class: "btn btn-small btn-gold", id: "guide-next", onclick: () => this.go(1) }, t("ui.tutorial_next")));
    else if (lesson.done) {
      buttons.push(h("a", { class: "btn btn-small btn-gold", id: "guide-play", href: `/?create=${encodeURIComponent(lesson.game)}` }, t("ui.tutorial_play")),
        h("a", { class: "btn btn-small btn-ghost", id: "guide-lobby", href: "/" }, t("ui.tutorial_lobby")));
    } else buttons.push(h("span", { class: "guide-your-move" }, t("ui.tutorial_your_move")));
    this.root.hidden = false;
    this.root.dataset.step = lesson.step;
    this.root.dataset.page = this.index;
    this.root.dataset.pages = pages.length;
    this.root.dataset.done = String(lesson.done);
    this.root.replaceChildren(...[
      h("div", { class: "guide-head" }, h("b", {}, `${t("ui.tutorial")}: ${title}${part}`), h("span", { class: "guide-progress muted" }, progress)),
      h("p", { class: "guide-text", id: "guide-text" }, page.say[lang] || page.say.en || ""),
      this.wrong && last ? h("p", { class: "guide-wrong", id: "guide-wrong", role: "alert" }, this.wrong) : null,
      h("div", { class: "guide-buttons" }, ...buttons)].filter(Boolean));
    this.point();
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

  /** The panel sits beside what it talks about (below it, else above), an arrow towards it; on a
   *  narrow screen it docks to the top or bottom edge, away from it. */
  place(target) {
    const panel = this.root, r = target?.getBoundingClientRect();
    panel.classList.remove("guide-below", "guide-above", "guide-dock-top", "guide-dock-bottom", "guide-free");
    panel.style.left = panel.style.top = "";
    if (!r) { panel.classList.add("guide-free"); return; }
    const ph = panel.offsetHeight, pw = panel.offsetWidth, gap = 14;
    if (innerWidth < 700) {
      panel.classList.add(r.top + r.height / 2 > innerHeight / 2 ? "guide-dock-top" : "guide-dock-bottom");
      return;
    }
    let top, cls;
    if (r.bottom + gap + ph < innerHeight) { top = r.bottom + gap; cls = "guide-below"; }
    else if (r.top - gap - ph > 0) { top = r.top - gap - ph; cls = "guide-above"; }
    else { top = Math.max(8, innerHeight - ph - 8); cls = "guide-free"; }
    const left = Math.max(8, Math.min(innerWidth - pw - 8, r.left + r.width / 2 - pw / 2));
    panel.classList.add(cls);
    panel.style.top = `${top}px`; panel.style.left = `${left}px`;
    panel.style.setProperty("--arrow", `${Math.max(16, Math.min(pw - 16, r.left + r.width / 2 - left))}px`);
  }
}
