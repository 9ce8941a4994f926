// The replay page: /replay/<table_id> (a finished table) or /replay/file/<id> (an imported replay file).
// The server rebuilds every step with the engine (docs/protocol.md: frames[k] is the table after k
// moves); this page draws frame k with the game's own renderer, as the table page does (board.js),
// from the perspective picked: one seat, a spectator, or every seat at once, one board per seat.
//
// Hooks: #replay-step, #replay-total, #replay-back, #replay-forward, #replay-play[data-playing],
// #replay-speed, #replay-seat (values "all", "spectator", "0", "1", …), #replay-jump (range),
// #replay-board (every seat: .replay-seat[data-seat] each with its .replay-seat-board), #replay-log
// (li[data-seq], .log-new: written by the last move), #replay-banner, #replay-result (#replay-breakdown,
// at the last step), #replay-download (a finished table's replay file), the tabs #tab-log and
// #tab-review (#review-panel: review.js). `?seat=`, `?step=` and `?tab=review` in the URL open a
// perspective, a step and the Review tab; ← and → step. window.replay exposes the page's state.
import { api, getSession, h, seatMark } from "./api.js";
import { currentLang, mergeCatalogue, setLang, translator } from "./i18n.js";
import { boardContext, breakdownTable, drawBoard, languageSelect, loadGame, logItems, nameIn, seatNames } from "./board.js";
import { createReview } from "./review.js";

const $ = (sel) => document.querySelector(sel);
const parts = location.pathname.split("/").filter(Boolean); // ["replay", id] or ["replay", "file", id]
const imported = parts[1] === "file";
const replayId = decodeURIComponent((imported ? parts[2] : parts[1]) || "");
const base = imported ? `/api/replays/${encodeURIComponent(replayId)}` : `/api/tables/${encodeURIComponent(replayId)}`;
const source = imported ? base : `${base}/replay`;
const SPEEDS = [2000, 1000, 500, 250]; // milliseconds a move when playing

const R = {
  lang: currentLang(), t: translator(currentLang()), words: {}, catalogue: {}, game: null, renderer: null,
  components: null, data: null, cache: {}, perspective: null, step: 0, locals: {}, timer: null, speed: 1000,
  tab: "log", review: null,
};
window.replay = R;

const total = () => (R.data ? R.data.frames.length - 1 : 0);
const names = () => seatNames(R.data?.seats, R.t);
const nameOf = (seat) => nameIn(names(), R.words)(seat);

function setLanguage(lang) {
  R.lang = lang; setLang(lang);
  R.words = mergeCatalogue(R.catalogue, lang);
  R.t = translator(lang, R.words);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = R.t(el.dataset.t);
  $("#replay-tabs").setAttribute("aria-label", R.t("ui.review_tabs"));
  $("#replay-speed").replaceChildren(...SPEEDS.map((ms) => h("option", { value: ms, selected: ms === R.speed },
    R.t("ui.replay_speed_s", { s: ms / 1000 }))));
  renderAll();
  R.review?.render();
}

// -- loading ---------------------------------------------------------------------------------------------
async function load(perspective) {
  if (!R.cache[perspective]) R.cache[perspective] = api.get(`${source}?seat=${encodeURIComponent(perspective)}`);
  try {
    R.data = await R.cache[perspective];
  } catch (e) { delete R.cache[perspective]; throw e; }
  R.perspective = perspective;
  R.step = Math.min(R.step, total());
}

async function choosePerspective(perspective) {
  try { await load(perspective); } catch (e) { fatal(e); return; }
  remember();
  renderAll();
}

// Someone who played this table sees it from their own seat first; anyone else as a spectator.
function mySeat(session) {
  const id = session?.player?.id;
  const seat = id ? (R.data.results?.[0]?.seats || []).find((s) => s.player === id) : null;
  return seat ? String(seat.seat) : null;
}

function remember() {
  const query = new URLSearchParams(location.search);
  query.set("seat", R.perspective); query.set("step", R.step);
  if (R.tab === "review") query.set("tab", "review"); else query.delete("tab");
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

// -- stepping --------------------------------------------------------------------------------------------
function go(step) {
  R.step = Math.max(0, Math.min(total(), step));
  if (R.step === total()) pause();
  remember();
  renderAll();
}

function play() {
  if (!R.data) return;
  if (R.step >= total()) R.step = 0; // playing from the end starts again
  clearInterval(R.timer);
  R.timer = setInterval(() => go(R.step + 1), R.speed);
  renderControls();
}

// A decision of a review shown: the table just before that move, as the reviewed seat saw it.
async function showMove(move, seat) {
  pause();
  try { await load(String(seat)); } catch (e) { fatal(e); return; }
  R.step = Math.max(0, Math.min(total(), move));
  remember();
  renderAll();
  // on a phone the board is above the tab, out of sight: up to its top (whose turn, the move's number)
  const top = $("#replay-banner").getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight) requestAnimationFrame(() => $("#replay-banner").scrollIntoView({ block: "start" }));
}

function pause() {
  clearInterval(R.timer);
  R.timer = null;
  renderControls();
}

// -- drawing ---------------------------------------------------------------------------------------------
function renderControls() {
  const last = total();
  $("#replay-step").textContent = String(R.step);
  $("#replay-total").textContent = String(last);
  const jump = $("#replay-jump");
  jump.max = String(last); jump.value = String(R.step);
  $("#replay-back").disabled = R.step <= 0;
  $("#replay-forward").disabled = R.step >= last;
  const play = $("#replay-play");
  play.dataset.playing = R.timer ? "true" : "false";
  play.textContent = R.t(R.timer ? "ui.replay_pause" : "ui.replay_play");
  if (!R.data) return;
  const choices = [["spectator", R.t("ui.replay_spectator")],
    ...Array.from({ length: R.data.players }, (_, seat) => [String(seat), nameOf(seat)]), ["all", R.t("ui.replay_all")]];
  // redrawn only when it would read differently: an open select must not close on every step played
  const drawn = JSON.stringify([choices, R.perspective]);
  if (drawn === R.seatChoices) return;
  R.seatChoices = drawn;
  $("#replay-seat").replaceChildren(...choices.map(([value, text]) => h("option", { value, selected: value === R.perspective }, text)));
}

function renderBanner() {
  const el = $("#replay-banner"), frame = R.data.frames[R.step];
  if (R.step === total() && R.data.over) {
    const who = (R.data.winners || []).map(nameOf).join(", ");
    el.textContent = `${R.t("ui.game_over")}${who ? " — " + R.t("ui.won_by", { who }) : ""}`;
  } else if (frame.next) {
    el.textContent = R.t("ui.replay_next", { who: nameOf(frame.next.seat) });
  } else {
    el.textContent = R.t("ui.replay_stopped");
  }
}

function context(view, seat, key) {
  const frame = R.data.frames[R.step];
  R.locals[key] ??= {};
  return boardContext({ view, legal: [], seat, toAct: frame.to_act || [], over: R.data.over && R.step === total(),
    t: R.t, lang: R.lang, names: names(), words: R.words, local: R.locals[key], components: R.components, clock: null });
}

function renderBoard() {
  const board = $("#replay-board"), frame = R.data.frames[R.step];
  if (!R.renderer) { board.replaceChildren(h("p", { class: "render-error" }, R.t("ui.replay_no_renderer"))); return; }
  if (R.perspective !== "all") {
    const seat = R.perspective === "spectator" ? null : Number(R.perspective);
    drawBoard(board, R.renderer, context(frame.views[0], seat, R.perspective));
    return;
  }
  // every seat's view, each drawn by the renderer as that seat saw it, under the seat's name
  const boxes = frame.views.map((view, seat) => {
    const inner = h("div", { class: "board replay-seat-board" });
    drawBoard(inner, R.renderer, context(view, seat, `all:${seat}`));
    return h("section", { class: "replay-seat", dataset: { seat } }, h("h2", { class: "replay-seat-name" }, seatMark(seat), nameOf(seat)), inner);
  });
  board.replaceChildren(...boxes);
}

function renderLog() {
  const log = $("#replay-log"), frames = R.data.frames;
  const upTo = frames[R.step].log, before = R.step > 0 ? frames[R.step - 1].log : 0;
  // what a line names, as at the table (a renderer's explain reads the words, the components and the public view)
  const about = { t: R.t, components: R.components, local: (R.explainLocal ??= {}), words: R.words, names: names(),
    view: frames[R.step].views[0] };
  const explain = R.renderer?.explain ? (e) => R.renderer.explain(e, about) : null;
  const items = logItems(R.words, R.data.log.slice(0, upTo), names(), explain, R.t);
  items.slice(before).forEach((li) => li.classList.add("log-new"));
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

function renderResult() {
  const box = $("#replay-result"), d = R.data;
  if (!(d.over && R.step === total() && d.scores)) { box.hidden = true; return; }
  const winners = d.winners || [];
  box.hidden = false;
  box.replaceChildren(
    h("h2", {}, R.t("ui.game_over"), winners.length ? ` — ${R.t("ui.won_by", { who: winners.map(nameOf).join(", ") })}` : ""),
    breakdownTable(d.scores, winners, nameOf, R.t, "replay-breakdown"));
}

function renderAll() {
  renderControls();
  if (!R.data) return;
  const title = `${R.game?.name || R.data.game} · ${R.t("ui.replay_title")}${imported ? "" : " · " + replayId}`;
  $("#replay-title").textContent = title;
  document.title = `Crypt Arena — ${title}`;
  renderBanner(); renderBoard(); renderLog(); renderResult();
  R.review?.follow();
}

// -- the tabs beside the board: the log and the review ---------------------------------------------------
function selectTab(name, focus = false) {
  R.tab = name;
  for (const tab of document.querySelectorAll("#replay-tabs [role=tab]")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    document.getElementById(tab.getAttribute("aria-controls")).hidden = !on;
    if (on && focus) tab.focus();
  }
  if (name === "review") R.review?.open(); // before the replay has loaded: opened once it has
  if (R.data) remember();
}

function reviewOf() {
  return createReview($("#review-panel"), base, {
    t: (key, params) => R.t(key, params), nameOf, players: () => R.data.players, gameId: () => R.data.game,
    // the reviewers a game has: hard, and expert where the game has that bot
    reviewers: () => ["hard", ...((R.game?.agents || []).includes("expert") ? ["expert"] : [])],
    total, step: () => R.step, perspective: () => R.perspective,
    framesFor: (seat) => (R.cache[String(seat)] ??= api.get(`${source}?seat=${seat}`)), jump: showMove,
  });
}

function fatal(e) {
  pause();
  const banner = $("#replay-banner");
  banner.textContent = e.message;
  // a table still being played has no replay yet, but it can be watched
  const link = e.code === "not_over" ? h("a", { href: `/table/${encodeURIComponent(replayId)}` }, R.t("ui.replay_watch_live")) : null;
  $("#replay-board").replaceChildren(h("p", {}, h("a", { href: "/" }, `← ${R.t("ui.lobby")}`), link ? " · " : null, link));
}

// -- wiring ----------------------------------------------------------------------------------------------
async function main() {
  languageSelect($("#lang"), R.lang, setLanguage);
  setLanguage(R.lang);
  $("#replay-back").addEventListener("click", () => { pause(); go(R.step - 1); });
  $("#replay-forward").addEventListener("click", () => { pause(); go(R.step + 1); });
  // read the slider before pausing: pausing redraws the controls, the slider with them
  $("#replay-jump").addEventListener("input", (e) => { const step = Number(e.target.value); pause(); go(step); });
  $("#replay-play").addEventListener("click", () => (R.timer ? pause() : play()));
  $("#replay-speed").addEventListener("change", (e) => { R.speed = Number(e.target.value); if (R.timer) play(); });
  $("#replay-seat").addEventListener("change", (e) => choosePerspective(e.target.value));
  for (const tab of document.querySelectorAll("#replay-tabs [role=tab]")) tab.addEventListener("click", () => selectTab(tab.dataset.tab));
  // the tabs' own keys (WAI-ARIA tabs): ← → move between them, not through the replay
  $("#replay-tabs").addEventListener("keydown", (e) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault(); e.stopPropagation();
    const tabs = [...document.querySelectorAll("#replay-tabs [role=tab]")];
    const i = tabs.findIndex((tab) => tab.dataset.tab === R.tab);
    selectTab(tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length].dataset.tab, true);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea") || !R.data) return;
    if (e.key === "ArrowLeft") { pause(); go(R.step - 1); } else if (e.key === "ArrowRight") { pause(); go(R.step + 1); }
  });
  const query = new URLSearchParams(location.search);
  const asked = query.get("seat");
  const [session, failed] = await Promise.all([getSession().catch(() => null), load(asked || "spectator").then(() => null, (e) => e)]);
  if (failed) { fatal(failed); return; }
  const own = asked ? null : mySeat(session);
  if (own !== null) await load(own).catch(() => null);
  R.step = Math.max(0, Math.min(total(), Number(query.get("step")) || 0));
  const { game, catalogue, renderer, components } = await loadGame(R.data.game);
  Object.assign(R, { game, catalogue, renderer, components });
  if (!imported) {
    const download = $("#replay-download");
    download.href = `/api/tables/${encodeURIComponent(replayId)}/replay-file`;
    download.hidden = false;
  }
  R.review = reviewOf();
  remember();
  setLanguage(R.lang);
  if (query.get("tab") === "review" || R.tab === "review") selectTab("review");
}

main();
