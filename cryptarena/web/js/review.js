// The replay page's Review tab: a bot's review of one seat's decisions in this finished game
// (docs/ai.md; the HTTP API of /api/{tables|replays}/{id}/reviews and /api/reviews/{id}).
//
// Pick a seat and a reviewer, "Review this game": the server queues the review and this tab asks for
// it every second, showing "12 of 35 decisions", until it is done. A review of that seat and reviewer
// already asked for (by anyone: the replay is public) opens at once. The result is a chart of the
// seat's estimated chance over the game, with the move played and with the better one at each
// decision, and the decisions that gave up the most chance, biggest first; a point or a decision
// shows that move on the board as the seat saw it (the frame before the move).
//
// Hooks: #review-seat, #review-reviewer, #review-start, #review-status (#review-progress),
// #review-result: #review-summary, #review-chart (svg; .review-point[data-index][data-move] each
// decision, .review-marker the replay's step), #review-chart-caption, #review-swings
// (button.review-swing[data-index][data-move]). window.replay.review exposes the tab's state.
import { api, h } from "./api.js";
import { actionWords } from "./action_words.js";

const POLL_MS = 1000;
const REVIEWER_WORDS = { hard: "ui.review_hard", expert: "ui.review_expert" };
const SVG = "http://www.w3.org/2000/svg";
// the chart's drawing box (viewBox units; the svg scales to its column) and its margins
const W = 320, H = 170, LEFT = 36, RIGHT = 8, TOP = 8, BOTTOM = 22;

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

/** The Review tab in `root`. `page` is what the replay page lends it: t(), nameOf(seat), players,
 *  gameId, reviewers, total (the last frame), step and perspective now, framesFor(seat) (a promise of
 *  the replay seen by that seat) and jump(move, seat). */
export function createReview(root, base, page) {
  const S = { seat: null, reviewer: null, review: null, list: null, error: null, asked: 0, timer: null,
    views: {}, focus: null, busy: false, shown: null };
  const t = (key, params) => page.t(key, params);
  const pct = (p) => t("ui.review_percent", { n: Math.round(100 * p) });
  const reviewerName = (name) => (REVIEWER_WORDS[name] ? t(REVIEWER_WORDS[name]) : name);
  const rows = () => S.review?.result?.decisions || [];

  // -- talking to the server ----------------------------------------------------------------------
  function stopPolling() { clearTimeout(S.timer); S.timer = null; }

  function track(review) {
    S.review = review; S.error = null;
    stopPolling();
    if (review.status === "queued" || review.status === "running") {
      const asked = S.asked;
      S.timer = setTimeout(async () => {
        try {
          const fresh = await api.get(`/api/reviews/${encodeURIComponent(review.id)}`);
          if (asked === S.asked) track(fresh);
        } catch (e) { if (asked === S.asked) { S.error = e.message; stopPolling(); update(); } }
      }, POLL_MS);
    }
    if (review.status === "done") loadViews(review.seat);
    update();
  }

  // The review this seat and reviewer already has, if any: done, it opens at once; under way, it is followed.
  async function findExisting() {
    const asked = ++S.asked;
    stopPolling();
    S.review = null; S.error = null; S.busy = true;
    update();
    try {
      S.list ??= (await api.get(`${base}/reviews`)).reviews;
      const found = S.list.find((r) => r.seat === S.seat && r.reviewer === S.reviewer);
      const review = found && found.status === "done" ? await api.get(`/api/reviews/${encodeURIComponent(found.id)}`) : found;
      if (asked !== S.asked) return;
      S.busy = false;
      if (review) track(review); else update();
    } catch (e) {
      if (asked !== S.asked) return;
      S.busy = false; S.error = e.message; update();
    }
  }

  async function start() {
    const asked = ++S.asked;
    S.busy = true; S.error = null;
    update();
    try {
      const review = await api.post(`${base}/reviews`, { seat: S.seat, reviewer: S.reviewer });
      if (asked !== S.asked) return;
      S.busy = false;
      S.list = null; // the list is stale now: read again at the next choice of seat
      track(review);
    } catch (e) {
      if (asked !== S.asked) return;
      S.busy = false; S.error = e.message; update();
    }
  }

  // the seat's own views name what its moves point at (a card by name, not by number)
  async function loadViews(seat) {
    if (S.views[seat]) return;
    try {
      S.views[seat] = (await page.framesFor(seat)).frames.map((f) => f.views[0]);
      if (S.review?.seat === seat) renderResult();
    } catch { /* the phrases name things without the view */ }
  }

  // -- drawing --------------------------------------------------------------------------------------
  function controls() {
    const seats = Array.from({ length: page.players() }, (_, seat) =>
      h("option", { value: seat, selected: seat === S.seat }, page.nameOf(seat)));
    const reviewers = page.reviewers().map((name) => h("option", { value: name, selected: name === S.reviewer }, reviewerName(name)));
    return h("div", { class: "review-controls" },
      h("label", { class: "review-field" }, h("span", {}, t("ui.review_seat")),
        h("select", { id: "review-seat", onchange: (e) => { S.seat = Number(e.target.value); findExisting(); } }, ...seats)),
      h("label", { class: "review-field" }, h("span", {}, t("ui.review_reviewer")),
        h("select", { id: "review-reviewer", onchange: (e) => { S.reviewer = e.target.value; findExisting(); } }, ...reviewers)),
      h("span", { id: "review-actions" }));
  }

  function startButton() {
    const status = S.review?.status;
    if (S.busy || (S.review && status !== "failed")) return null;
    return h("button", { id: "review-start", class: "btn btn-gold btn-small", type: "button", onclick: start },
      t(status === "failed" ? "ui.review_retry" : "ui.review_start"));
  }

  function statusLine() {
    const r = S.review;
    const lines = [];
    if (S.error) lines.push(h("p", { class: "review-error" }, S.error));
    else if (S.busy && !r) lines.push(h("p", { class: "muted" }, t("ui.review_loading")));
    else if (r?.status === "queued") lines.push(h("p", {}, t("ui.review_queued")));
    else if (r?.status === "running" && !r.total) lines.push(h("p", {}, t("ui.review_starting")));
    else if (r?.status === "running") {
      const words = t("ui.review_progress", { done: r.done, total: r.total });
      lines.push(h("p", {}, words), h("progress", { id: "review-progress", max: r.total, value: r.done, "aria-label": words }));
    } else if (r?.status === "failed") lines.push(h("p", { class: "review-error" }, t("ui.review_failed", { error: r.error || "?" })));
    return lines;
  }

  /** Everything again (the tab opened, the language changed). */
  function render() {
    if (S.seat === null) return;
    root.replaceChildren(
      h("h2", { id: "review-heading" }, t("ui.review_title")),
      h("p", { class: "muted review-intro" }, t("ui.review_intro")),
      controls(),
      h("div", { id: "review-status", class: "review-status", role: "status", "aria-live": "polite" }),
      h("div", { id: "review-result", class: "review-result" }));
    S.shown = null;
    update();
  }

  /** What a poll or an answer changed: the button, the status line, and the result once it is done
   *  (the pickers are left alone, so that one being used stays open and focused). */
  function update() {
    const actions = root.querySelector("#review-actions");
    if (!actions) return;
    actions.replaceChildren(...[startButton()].filter(Boolean));
    root.querySelector("#review-status").replaceChildren(...statusLine());
    const done = S.review?.status === "done" ? S.review : null;
    if (done !== S.shown) { S.shown = done; S.focus = null; renderResult(); }
  }

  function renderResult() {
    const box = root.querySelector("#review-result");
    if (!box) return;
    const result = S.review?.status === "done" ? S.review.result : null;
    if (!result) { box.replaceChildren(); return; }
    const who = page.nameOf(S.review.seat);
    box.replaceChildren(
      h("p", { id: "review-summary" }, t("ui.review_summary",
        { who, reviewer: reviewerName(S.review.reviewer), agreed: result.agreed, decisions: result.decisions.length })),
      chart(result, who),
      h("p", { id: "review-chart-caption", class: "review-caption muted", "aria-live": "polite" }, caption()),
      h("p", { class: "review-meaning muted" }, t("ui.review_meaning")),
      h("h3", {}, t("ui.review_swings")),
      swings(result, who));
    follow();
  }

  function caption() {
    const row = rows()[S.focus];
    return row ? t("ui.review_point", { move: row.move, before: pct(row.before), after: pct(row.after) }) : t("ui.review_chart_keys");
  }

  function chart(result, who) {
    const last = Math.max(1, page.total());
    const x = (move) => (LEFT + (move / last) * (W - LEFT - RIGHT)).toFixed(1);
    const y = (p) => (TOP + (1 - p) * (H - TOP - BOTTOM)).toFixed(1);
    const title = t("ui.review_chart", { who });
    const grid = [0, 0.5, 1].map((p) => svg("g", { class: "review-grid" },
      svg("line", { x1: LEFT, x2: W - RIGHT, y1: y(p), y2: y(p) }),
      svg("text", { x: LEFT - 4, y: Number(y(p)) + 4, "text-anchor": "end" }, pct(p))));
    const axis = svg("g", { class: "review-axis" },
      svg("text", { x: LEFT, y: H - 6, "text-anchor": "start" }, "0"),
      svg("text", { x: W - RIGHT, y: H - 6, "text-anchor": "end" }, `${t("ui.review_axis_move")} ${last}`));
    const decisions = result.decisions;
    const played = svg("polyline", { class: "review-line-played", points: decisions.map((r) => `${x(r.move)},${y(r.after)}`).join(" ") });
    const points = decisions.map((r, i) => {
      const lost = r.swing > 0;
      return svg("g", { class: `review-point${lost ? " review-point-lost" : ""}`, "data-index": i, "data-move": r.move },
        lost ? svg("line", { class: "review-drop", x1: x(r.move), x2: x(r.move), y1: y(r.before), y2: y(r.after) }) : null,
        lost ? svg("circle", { class: "review-dot-better", cx: x(r.move), cy: y(r.before), r: 3 }) : null,
        svg("circle", { class: "review-dot-played", cx: x(r.move), cy: y(r.after), r: lost ? 3 : 2.2 }),
        // a wider target than the dot, for a finger
        svg("rect", { class: "review-hit", x: Number(x(r.move)) - 5, y: TOP, width: 10, height: H - TOP - BOTTOM }),
        svg("title", {}, t("ui.review_point", { move: r.move, before: pct(r.before), after: pct(r.after) })));
    });
    const marker = svg("line", { class: "review-marker", y1: TOP, y2: H - BOTTOM, x1: x(0), x2: x(0) });
    const legend = h("div", { class: "review-legend" },
      h("span", { class: "review-key review-key-played" }, t("ui.review_chart_played")),
      h("span", { class: "review-key review-key-better" }, t("ui.review_chart_better")));
    const drawing = svg("svg", { id: "review-chart", class: "review-chart", viewBox: `0 0 ${W} ${H}`, tabindex: 0,
      role: "img", "aria-label": title, "aria-describedby": "review-chart-caption" },
      svg("title", {}, title), ...grid, axis, played, marker, ...points);
    drawing.addEventListener("click", (e) => {
      const point = e.target.closest?.(".review-point");
      if (point) choose(Number(point.dataset.index), true);
    });
    // ← → walk the decisions (not the replay's steps, as elsewhere on the page); Enter shows one
    drawing.addEventListener("keydown", (e) => {
      const n = decisions.length;
      if (!n) return;
      if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        e.preventDefault(); e.stopPropagation();
        const from = S.focus ?? (e.key === "ArrowRight" ? -1 : n);
        choose(Math.max(0, Math.min(n - 1, from + (e.key === "ArrowRight" ? 1 : -1))), false);
      } else if ((e.key === "Enter" || e.key === " ") && S.focus !== null) {
        e.preventDefault();
        choose(S.focus, true);
      }
    });
    return h("figure", { class: "review-figure" }, drawing, legend);
  }

  function swings(result, who) {
    const lost = result.ranked.filter((i) => result.decisions[i].swing > 0);
    if (!lost.length) return h("p", { id: "review-swings", class: "muted" }, t("ui.review_none"));
    const views = S.views[S.review.seat];
    const words = (action, move) => actionWords(page.gameId(), action, page.t, views?.[move] ?? null, page.nameOf);
    return h("ol", { id: "review-swings", class: "review-swings" }, ...lost.map((i) => {
      const r = result.decisions[i];
      return h("li", {}, h("button", { type: "button", class: "review-swing", dataset: { index: i, move: r.move },
        title: t("ui.review_show", { move: r.move, who }), onclick: () => choose(i, true) },
      h("span", { class: "review-swing-head" }, h("b", {}, t("ui.review_move", { move: r.move })),
        h("span", { class: "review-swing-drop" }, `${pct(r.before)} → ${pct(r.after)}`)),
      h("span", { class: "review-swing-played" }, t("ui.review_played", { what: words(r.played, r.move) })),
      h("span", { class: "review-swing-better" }, t("ui.review_better", { what: words(r.preferred, r.move) }))));
    }));
  }

  /** Decision `i` picked (on the chart or in the list); `show`: the replay goes to that move as the seat saw it. */
  function choose(i, show) {
    const row = rows()[i];
    if (!row) return;
    S.focus = i;
    const cap = root.querySelector("#review-chart-caption");
    if (cap) cap.textContent = caption();
    if (show) page.jump(row.move, S.review.seat);
    follow();
  }

  /** The replay moved: the chart's marker and the list follow it (no redraw, so the focus stays put). */
  function follow() {
    const chartEl = root.querySelector("#review-chart");
    if (!chartEl) return;
    const last = Math.max(1, page.total());
    const marker = chartEl.querySelector(".review-marker");
    const mx = (LEFT + (page.step() / last) * (W - LEFT - RIGHT)).toFixed(1);
    marker.setAttribute("x1", mx); marker.setAttribute("x2", mx);
    const here = S.review && page.perspective() === String(S.review.seat) ? page.step() : null;
    for (const el of root.querySelectorAll(".review-point, .review-swing")) {
      const i = Number(el.dataset.index);
      el.classList.toggle("review-current", Number(el.dataset.move) === here);
      el.classList.toggle("review-focus", i === S.focus);
    }
  }

  return {
    state: S,
    /** The tab is shown: the first time, the seat seen now (else seat 0) and the first reviewer. */
    open() {
      if (S.seat !== null) return;
      const seen = Number(page.perspective());
      S.seat = Number.isInteger(seen) && seen >= 0 && seen < page.players() ? seen : 0;
      S.reviewer = page.reviewers()[0];
      render();
      findExisting();
    },
    render,
    follow,
  };
}
