// The Midas companion (/companion, /companion/<code>): what the rulebook's app does for a table that
// plays with real dice and cups. One phone is seat 0 of a `mode=companion` table and acts for every
// player (companion actions carry "player"); the other seats are people at the table (kind "table").
// The table code is the table id; the device's seat token stays in this browser's localStorage, so
// reopening the code here resumes the game and any other device only watches (tokens are secrets).
import { api, getSession, startSession, loadToken, saveToken, TableSocket, toast, h } from "./api.js";
import { LANGUAGES, mergeCatalogue, renderEntry, translator, currentLang, setLang } from "./i18n.js";

const CUPS = ["red", "blue", "green", "yellow"];
const SETUP_KEY = "ca.companion.setup", LAST_KEY = "ca.companion.last";
const LONG_PRESS_MS = 600;

// The page's words are i18n.js's ui.companion_* (en/fr/zh; tests/server/test_ui_words.py checks them), one
// literal key per word so that the test's scan finds every key asked for.
const COLOUR_WORDS = { red: "ui.companion_colour_red", blue: "ui.companion_colour_blue", green: "ui.companion_colour_green",
  yellow: "ui.companion_colour_yellow" };
const OPTION_WORDS = { "pay.drawn_coins": "ui.companion_pay_drawn_coins", "pay.chest": "ui.companion_pay_chest",
  "faces.three_stones": "ui.companion_faces_three_stones", "faces.four_stones": "ui.companion_faces_four_stones" };
const PHASE_WORDS = { obsidian: "ui.companion_phase_obsidian", table: "ui.companion_phase_table",
  result: "ui.companion_phase_result", favours: "ui.companion_phase_favours", swap: "ui.companion_phase_swap",
  game_end: "ui.companion_phase_game_end" };
const FAVOUR_WORDS = { pot_de_vin: "ui.companion_fx_pot_de_vin", immunite: "ui.companion_fx_immunite",
  damocles: "ui.companion_fx_damocles", echange: "ui.companion_fx_echange" };
const LANGUAGE_NAMES = { en: "English", fr: "Français", zh: "中文" };

const $ = (sel) => document.querySelector(sel);
const app = {
  lang: currentLang(), catalogue: {}, words: {}, schema: null,
  table: null, state: null, socket: null, busy: false, local: { sheet: null, obsidianReady: null }, setup: null,
};
window.companion = app; // for debugging and browser tests

let translate = translator(app.lang);
function t(key, params = {}) {
  // {Colour} is {colour} with a capital, for English's "Red cup"
  const colour = String(params.colour ?? "");
  return translate(key, { Colour: colour.charAt(0).toUpperCase() + colour.slice(1), ...params });
}
const colourWord = (cup) => t(COLOUR_WORDS[cup]);
const cupLabel = (cup) => t("ui.companion_cup", { colour: colourWord(cup) });
const term = (ns, value) => { const k = `term.${ns}.${value}`; return typeof app.words[k] === "string" ? app.words[k] : value; };

function setLanguage(lang) {
  app.lang = lang;
  setLang(lang); // shared with the lobby and the table pages
  document.documentElement.lang = lang;
  app.words = mergeCatalogue(app.catalogue, lang);
  translate = translator(lang, app.words);
  if (app.socket) app.socket.lang = lang; // the next (re)connection asks for this language
  document.title = t("ui.companion_title");
  $("#brand").textContent = t("ui.companion_brand");
  const select = $("#lang");
  select.value = lang;
  select.setAttribute("aria-label", t("ui.language"));
  const code = $("#table-code");
  if (app.table && !code.hidden) code.textContent = `${t("ui.companion_code")} ${app.table.id}`;
  const conn = $("#conn");
  conn.textContent = t("ui.connecting");
  if (app.state) renderGame(); else if (app.setup) renderSetup();
}

// -- the start screen --------------------------------------------------------------------------------
function optionSchema(name, fallback) {
  return (app.schema?.options || []).find((o) => o.name === name) || fallback;
}

function loadSetup() {
  const chest = optionSchema("chest_size", { default: 6, minimum: 2, maximum: 12 });
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(SETUP_KEY) || "{}") || {}; } catch { saved = {}; }
  return {
    count: [2, 3, 4].includes(saved.count) ? saved.count : 3,
    names: Array.isArray(saved.names) ? CUPS.map((_, i) => String(saved.names[i] || "")) : ["", "", "", ""],
    chest: chest.default, chestMin: chest.minimum, chestMax: chest.maximum,
    payment: optionSchema("favour_payment", { default: "drawn_coins" }).default,
    faces: optionSchema("die_faces", { default: "three_stones" }).default,
  };
}

function renderSetup() {
  const s = app.setup;
  const select = (id, option, values, current, label, onchange) => h("label", { class: "c-field" }, h("span", {}, label),
    h("select", { id, onchange: (e) => onchange(e.target.value) },
      ...values.map((v) => h("option", { value: v, selected: v === current }, t(OPTION_WORDS[`${option}.${v}`])))));
  const rows = CUPS.slice(0, s.count).map((cup, seat) => h("li", { class: `name-row cup-${cup}`, dataset: { seat } },
    h("span", { class: "cup-icon", "aria-hidden": "true" }),
    h("label", { class: "name-label" }, h("span", { class: "cup-label" }, cupLabel(cup)),
      h("input", { class: "cup-name", dataset: { seat }, maxlength: "40", autocomplete: "off", value: s.names[seat],
        placeholder: t("ui.companion_default_name", { n: seat + 1 }), oninput: (e) => { s.names[seat] = e.target.value; } }))));
  const last = localStorage.getItem(LAST_KEY);
  $("#app").replaceChildren(h("section", { id: "setup", class: "c-setup" },
    h("h1", { class: "c-title" }, t("ui.companion_game")), h("p", { class: "c-sub" }, t("ui.companion_subtitle")),
    h("div", { class: "c-card" },
      h("h2", {}, t("ui.players")),
      h("div", { class: "count-row", role: "group" }, ...[2, 3, 4].map((n) => h("button", {
        type: "button", class: `count-btn${n === s.count ? " active" : ""}`, dataset: { count: n },
        "aria-pressed": String(n === s.count), onclick: () => { s.count = n; renderSetup(); } }, String(n)))),
      h("ol", { class: "name-rows" }, ...rows)),
    h("div", { class: "c-card" },
      h("h2", {}, t("ui.companion_options")),
      h("div", { class: "c-field" }, h("span", {}, t("ui.companion_chest_size")),
        h("div", { class: "stepper" },
          h("button", { id: "chest-minus", type: "button", class: "step-btn", disabled: s.chest <= s.chestMin, "aria-label": "−",
            onclick: () => { s.chest = Math.max(s.chestMin, s.chest - 1); renderSetup(); } }, "−"),
          h("output", { id: "chest-size" }, String(s.chest)),
          h("button", { id: "chest-plus", type: "button", class: "step-btn", disabled: s.chest >= s.chestMax, "aria-label": "+",
            onclick: () => { s.chest = Math.min(s.chestMax, s.chest + 1); renderSetup(); } }, "+"))),
      select("opt-favour-payment", "pay", ["drawn_coins", "chest"], s.payment, t("ui.companion_favour_payment"), (v) => { s.payment = v; }),
      select("opt-die-faces", "faces", ["three_stones", "four_stones"], s.faces, t("ui.companion_die_faces"), (v) => { s.faces = v; })),
    h("p", { id: "setup-error", class: "c-error", role: "alert" }),
    h("button", { id: "start-game", type: "button", class: "c-big c-gold", onclick: startGame }, t("ui.companion_start")),
    h("form", { id: "resume-form", class: "c-card c-resume", onsubmit: (e) => { e.preventDefault(); openCode($("#code-input").value); } },
      h("h2", {}, t("ui.companion_resume")),
      h("div", { class: "resume-row" },
        h("input", { id: "code-input", placeholder: t("ui.companion_code_placeholder"), autocomplete: "off", autocapitalize: "off", spellcheck: "false" }),
        h("button", { id: "code-open", class: "c-btn c-gold" }, t("ui.companion_open"))),
      last ? h("a", { id: "resume-last", href: `/companion/${encodeURIComponent(last)}` }, `${t("ui.companion_resume_last")} (${last})`) : null)));
}

function openCode(text) {
  const code = String(text || "").trim().split("/").filter(Boolean).pop();
  if (code) location.href = `/companion/${encodeURIComponent(code)}`;
}

async function startGame() {
  const s = app.setup, button = $("#start-game");
  const names = CUPS.slice(0, s.count).map((_, i) => s.names[i].trim() || t("ui.companion_default_name", { n: i + 1 }));
  localStorage.setItem(SETUP_KEY, JSON.stringify({ count: s.count, names: s.names }));
  button.disabled = true;
  try {
    if (!(await getSession())) await startSession(names[0]);
    const body = { game: "midas", players: s.count, names,
      options: { mode: "companion", chest_size: s.chest, favour_payment: s.payment, die_faces: s.faces } };
    const seed = new URLSearchParams(location.search).get("seed"); // replays a known table (tests)
    if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
    const { table } = await api.post("/api/tables", body);
    const { token } = await api.post(`/api/tables/${table.id}/seats/0`, { kind: "human" });
    saveToken(table.id, token);
    localStorage.setItem(LAST_KEY, table.id);
    await api.post(`/api/tables/${table.id}/start`);
    location.href = `/companion/${encodeURIComponent(table.id)}`;
  } catch (e) {
    $("#setup-error").textContent = e.message;
    button.disabled = false;
  }
}

// -- the table ------------------------------------------------------------------------------------------
const nameOf = (seat) => app.table?.seats?.[seat]?.name || t("ui.companion_default_name", { n: seat + 1 });
const names = () => Object.fromEntries((app.table?.seats || []).map((s) => [s.seat, nameOf(s.seat)]));
const legalOf = (type) => (app.state?.legal || []).filter((a) => a.type === type);
const isDevice = () => app.state?.seat === 0;

function send(action) {
  if (app.busy) return;
  if (!app.socket.act(action)) { toast(t("ui.connecting")); return; }
  app.busy = true; // until the next state: no double taps
  for (const el of document.querySelectorAll("[data-action]")) el.disabled = true;
  setTimeout(() => { if (app.busy) { app.busy = false; renderGame(); } }, 4000);
}

function actionButton(action, attrs, ...children) {
  return h("button", { type: "button", ...attrs, disabled: app.busy, "data-action": JSON.stringify(action),
    onclick: () => { app.local.sheet = null; send(action); } }, ...children);
}

function onLongPress(el, fn) {
  let timer = null;
  const cancel = () => { clearTimeout(timer); timer = null; };
  el.addEventListener("pointerdown", () => { cancel(); timer = setTimeout(() => { timer = null; el.dataset.held = "1"; fn(); }, LONG_PRESS_MS); });
  for (const type of ["pointerup", "pointerleave", "pointercancel"]) el.addEventListener(type, cancel);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

function renderStone(v) {
  const bribes = legalOf("bribe"), loseDie = legalOf("lose_die");
  const stone = h("button", { id: "stone", type: "button", class: `stone stone-${v.stone}${bribes.length ? " bribable" : ""}`,
    dataset: { stone: v.stone }, "aria-label": term("stone", v.stone),
    onclick: () => { if (stone.dataset.held) return; if (bribes.length) { app.local.sheet = "bribe"; renderGame(); } } },
    h("span", { class: "stone-gem", "aria-hidden": "true" }), h("span", { class: "stone-name" }, term("stone", v.stone)));
  if (loseDie.length) onLongPress(stone, () => { app.local.sheet = "lose-die"; renderGame(); });
  const obsidian = v.values.obsidian;
  return h("section", { id: "centre", class: "c-centre" }, stone,
    h("div", { class: "c-side" },
      h("div", { class: "cap-box" }, h("span", { class: "cap-label" }, t("ui.companion_cap")), h("b", { id: "bid-cap" }, String(v.cap))),
      h("ul", { id: "values", class: "values" },
        h("li", { class: "value value-diamond" }, h("span", {}, t("ui.companion_value_diamond")), h("b", {}, "+2")),
        h("li", { class: "value value-favour" }, h("span", {}, t("ui.companion_value_favour")), h("b", { id: "value-favour" }, `+${v.values.favour}`)),
        h("li", { class: "value value-obsidian" }, h("span", {}, t("ui.companion_value_obsidian")),
          h("b", { id: "value-obsidian" }, obsidian === null || obsidian === undefined ? "?" : `+${obsidian}`)))));
}

// DOM append, minus the null/false that the ternaries below leave for "nothing here".
const append = (el, ...children) => el.append(...children.filter((c) => c !== null && c !== undefined && c !== false));

function renderPhase(v) {
  const st = app.state, phase = st.over ? "game_end" : st.view.phase;
  const panel = h("section", { id: "phase-panel", class: `c-card phase-${phase}`, dataset: { phase } },
    h("h2", { id: "phase-label" }, t(PHASE_WORDS[phase])));
  if (phase === "game_end") {
    const w = v.winner;
    append(panel, h("div", { id: "winner-screen", class: `winner cup-${v.seats[w]?.cup}` },
      h("img", { class: "trophy", src: "/static/img/trophy.svg", alt: "" }),
      h("p", { id: "winner-name", class: "winner-name" }, t("ui.companion_winner", { who: nameOf(w) })),
      h("p", { class: "muted" }, t("ui.companion_winner_note")),
      h("a", { id: "new-game", class: "c-big c-gold", href: "/companion" }, t("ui.companion_new_game"))));
  } else if (phase === "obsidian") {
    append(panel, h("p", { class: "hint" }, t("ui.companion_obsidian_waiting")));
  } else if (phase === "table") {
    const reveal = legalOf("reveal")[0];
    append(panel, h("p", { id: "hint", class: "hint" }, t("ui.companion_hint_table", { who: nameOf(v.starter) })),
      v.bribe_holder !== null && legalOf("bribe").length ? h("p", { class: "hint hint-bribe" }, t("ui.companion_hint_bribe", { who: nameOf(v.bribe_holder) })) : null,
      reveal ? actionButton(reveal, { id: "reveal", class: "c-big c-gold" }, t("ui.companion_reveal")) : null);
  } else if (phase === "result") {
    const r = v.last_reveal || {};
    append(panel, h("div", { id: "reveal-result", class: "reveal-result" },
      h("div", { class: "reveal-item" }, h("span", {}, t("ui.companion_reveal_obsidian")), h("b", { id: "reveal-obsidian" }, `+${r.obsidian ?? 0}`)),
      h("div", { class: "reveal-item" }, h("span", {}, t("ui.companion_reveal_favour")), h("b", { id: "reveal-favour" }, `+${r.favour ?? v.values.favour}`))),
      h("p", { id: "hint", class: "hint" }, t("ui.companion_hint_result"), " ", legalOf("lose_die").length ? t("ui.companion_hint_hold") : ""));
  } else if (phase === "favours") {
    const who = v.offer_to, buys = legalOf("buy"), pass = legalOf("pass")[0];
    const budget = app.state.view.options.favour_payment === "chest" ? v.seats[who].chest - 1 : v.seats[who].purse;
    append(panel, h("div", { id: "favour-offer", dataset: { seat: who } },
      h("p", { class: "offer-who" }, t("ui.companion_offer", { who: nameOf(who) }), h("span", { class: "muted" }, ` · ${t("ui.companion_budget", { n: budget })}`)),
      h("div", { class: "favour-grid" }, ...Object.entries(v.favours).map(([favour, info]) => {
        const buy = buys.find((a) => a.favour === favour);
        const content = [h("span", { class: "favour-head" }, h("b", { class: "favour-name" }, term("favour", favour)),
          h("span", { class: "favour-price" }, `×${info.price}`)),
          h("span", { class: "favour-fx" }, t(FAVOUR_WORDS[favour])),
          buy ? null : h("span", { class: "favour-why" }, info.granted_to !== null ? t("ui.companion_granted_to", { who: nameOf(info.granted_to) }) : t("ui.companion_unaffordable"))];
        return buy ? actionButton(buy, { class: "favour-btn", dataset: { favour } }, ...content)
          : h("button", { type: "button", class: "favour-btn", dataset: { favour }, disabled: true }, ...content);
      })),
      pass ? actionButton(pass, { id: "favour-pass", class: "c-big c-ghost" }, t("ui.companion_pass")) : null));
  } else if (phase === "swap") {
    append(panel, h("div", { id: "swap-choose" }, h("p", {}, t("ui.companion_swap_choose", { who: nameOf(v.swapper) })),
      h("div", { class: "swap-row" }, ...legalOf("swap").map((a) => actionButton(a, { class: `swap-btn c-btn cup-${v.seats[a.with].cup}`, dataset: { with: a.with } },
        h("span", { class: "cup-dot" }), nameOf(a.with))))));
  }
  return panel;
}

// A favour is single-use: show it struck out once spent.
function favourUsed(v, p) {
  return p.cursed || { pot_de_vin: v.bribe_holder !== p.seat, immunite: !p.immune, damocles: !v.damocles, echange: v.swapper !== p.seat }[p.favour];
}

function renderPlayer(v, p) {
  const draw = legalOf("draw").find((a) => a.player === p.seat);
  const loseDie = legalOf("lose_die").find((a) => a.player === p.seat);
  const classes = ["player", `cup-${p.cup}`, p.cursed && "is-cursed", v.starter === p.seat && !p.cursed && "is-starter",
    v.offer_to === p.seat && "is-offered"].filter(Boolean).join(" ");
  const pips = h("span", { class: "pips", "aria-hidden": "true" },
    ...Array.from({ length: 5 }, (_, i) => h("i", { class: i < p.dice_count ? "pip on" : "pip" })));
  return h("li", { class: classes, dataset: { seat: p.seat } },
    h("span", { class: "cup-icon", title: cupLabel(p.cup) }),
    h("div", { class: "player-main" },
      h("div", { class: "player-head" }, h("b", { class: "player-name" }, nameOf(p.seat)),
        v.starter === p.seat && !p.cursed && !app.state.over ? h("span", { class: "badge starter-badge" }, t("ui.companion_starts")) : null,
        p.cursed ? h("span", { class: "badge cursed-badge" }, t("ui.companion_cursed")) : null,
        p.favour ? h("span", { class: `badge favour-badge${favourUsed(v, p) ? " used" : ""}`, dataset: { favour: p.favour } },
          term("favour", p.favour)) : null,
        p.immune ? h("span", { class: "badge immune-badge" }, t("ui.companion_immune")) : null),
      h("div", { class: "player-stats" },
        h("span", { class: "stat dice-count" }, pips, h("b", { class: "dice-count-value" }, String(p.dice_count)), ` ${t("ui.companion_dice")}`),
        h("span", { class: "stat chest-count" }, h("i", { class: "ico-chest", "aria-hidden": "true" }), h("b", { class: "chest-count-value" }, String(p.chest)), ` ${t("ui.companion_chest")}`),
        h("span", { class: "stat purse-count" }, h("i", { class: "ico-coin", "aria-hidden": "true" }), h("b", { class: "purse-count-value" }, String(p.purse)), ` ${t("ui.companion_purse")}`))),
    draw ? h("div", { class: "player-actions" },
      actionButton(draw, { class: "draw-btn c-btn c-gold", dataset: { seat: p.seat } }, t("ui.companion_draw")),
      loseDie ? actionButton(loseDie, { class: "lose-die-btn c-btn c-ghost", dataset: { seat: p.seat } }, t("ui.companion_lose_die"))
        : h("span", { class: "must-draw muted" }, t("ui.companion_must_draw"))) : null);
}

function renderEvents() {
  // What happened since the cups were last lifted: the draw, the curse, a favour bought…
  const log = app.state.log || [];
  let from = 0;
  log.forEach((e, i) => { if (e.msg === "midas.companion_reveal") from = i + 1; });
  const shown = new Set(["midas.lose_die", "midas.draw", "midas.cursed", "midas.immune", "midas.damocles", "midas.buy",
    "midas.swap", "midas.bribe"]);
  const events = log.slice(from).filter((e) => shown.has(e.msg)).slice(-3);
  return h("ul", { id: "last-event", class: "events", "aria-live": "polite" }, ...events.map((e) =>
    h("li", { class: `event event-${e.msg.split(".")[1]}` }, renderEntry(app.words, e, names()))));
}

function renderLog() {
  const entries = app.state.log || [];
  return h("details", { id: "log-box", class: "c-card log-box", open: app.local.logOpen || null,
    ontoggle: (e) => { app.local.logOpen = e.target.open; } },
    h("summary", {}, t("ui.log")),
    h("ol", { id: "log", class: "c-log" }, ...entries.slice().reverse().map((e) =>
      h("li", { dataset: { seq: e.seq } }, renderEntry(app.words, e, names())))));
}

function renderOverlay(v) {
  // The Obsidian step, one cursed player at a time, on a screen that hides the table.
  const choices = legalOf("obsidian");
  if (app.state.over || v.phase !== "obsidian" || !isDevice() || !choices.length) return null;
  const who = choices[0].player, cup = v.seats[who].cup;
  if (app.local.obsidianReady !== who) {
    return h("section", { id: "pass-phone", class: `overlay cup-${cup}`, dataset: { seat: who } },
      h("span", { class: "cup-icon big", "aria-hidden": "true" }),
      h("h2", {}, t("ui.companion_pass_phone", { who: nameOf(who) })), h("p", {}, cupLabel(cup)), h("p", { class: "muted" }, t("ui.companion_pass_phone_note")),
      h("button", { id: "obsidian-ready", type: "button", class: "c-big c-gold",
        onclick: () => { app.local.obsidianReady = who; renderGame(); } }, t("ui.companion_i_am", { who: nameOf(who) })));
  }
  return h("section", { id: "obsidian-choice", class: `overlay cup-${cup}`, dataset: { seat: who } },
    h("h2", {}, t("ui.companion_obsidian_choose", { who: nameOf(who) })), h("p", { class: "muted" }, t("ui.companion_obsidian_note")),
    h("div", { class: "obsidian-cards" }, ...choices.filter((a) => a.player === who).map((a) =>
      actionButton(a, { class: "obsidian-card", dataset: { value: a.value } }, h("b", {}, `+${a.value}`), h("span", {}, t("ui.companion_value_obsidian"))))));
}

function renderSheet(v) {
  const kind = app.local.sheet;
  const options = kind === "bribe" ? legalOf("bribe") : kind === "lose-die" ? legalOf("lose_die") : [];
  if (!options.length) { app.local.sheet = null; return null; }
  const title = kind === "bribe" ? t("ui.companion_bribe_choose", { who: nameOf(v.bribe_holder) }) : t("ui.companion_lose_die_choose");
  return h("div", { class: "sheet-backdrop", onclick: (e) => { if (e.target === e.currentTarget) { app.local.sheet = null; renderGame(); } } },
    h("section", { id: kind === "bribe" ? "bribe-sheet" : "lose-die-sheet", class: "sheet" }, h("h2", {}, title),
      h("div", { class: "sheet-choices" }, ...options.map((a) => kind === "bribe"
        ? actionButton(a, { class: `bribe-choice stone-${a.stone}`, dataset: { stone: a.stone } }, h("span", { class: "stone-gem small" }), term("stone", a.stone))
        : actionButton(a, { class: `lose-die-choice cup-${v.seats[a.player].cup}`, dataset: { seat: a.player } }, h("span", { class: "cup-dot" }), nameOf(a.player)))),
      h("button", { id: "sheet-cancel", type: "button", class: "c-big c-ghost", onclick: () => { app.local.sheet = null; renderGame(); } }, t("ui.companion_cancel"))));
}

function renderGame() {
  const st = app.state;
  if (!st?.view) return;
  const v = st.view;
  document.body.dataset.phase = st.over ? "game_end" : v.phase;
  $("#app").replaceChildren(h("section", { id: "game", class: "c-game", dataset: { phase: st.over ? "game_end" : v.phase } },
    st.seat === null ? h("p", { id: "spectator-note", class: "c-note" }, t("ui.companion_spectator")) : null,
    st.over ? null : h("div", { class: "round-bar" }, h("b", { id: "round" }, t("ui.companion_round", { n: v.round }))),
    st.over ? null : renderStone(v), renderPhase(v), renderEvents(),
    h("ol", { id: "players", class: "players" }, ...v.seats.map((p) => renderPlayer(v, p))),
    renderLog(), renderOverlay(v), renderSheet(v)));
}

function onMessage(msg) {
  if (msg.type === "state") {
    app.busy = false;
    if (app.state && msg.view?.phase !== "obsidian") app.local.obsidianReady = null;
    app.state = msg;
    if (msg.table) app.table = msg.table;
    renderGame();
  } else if (msg.type === "error") {
    app.busy = false;
    if (msg.code !== "version_conflict") toast(msg.message || msg.code);
    if (msg.code === "unknown_table") fatal(t("ui.companion_unknown_table"));
    else renderGame();
  }
}

function fatal(message, extra = null) {
  $("#app").replaceChildren(h("section", { class: "c-card c-fatal" }, h("p", { id: "fatal" }, message), extra,
    h("a", { class: "c-big c-ghost", href: "/companion" }, t("ui.companion_back"))));
}

async function openTable(tableId) {
  const [table, catalogue] = await Promise.all([
    api.get(`/api/tables/${encodeURIComponent(tableId)}`).catch((e) => ({ error: e })),
    api.get("/api/games/midas/messages").catch(() => ({})),
  ]);
  app.catalogue = catalogue || {};
  setLanguage(app.lang);
  if (table.error) { fatal(table.error.status === 404 ? t("ui.companion_unknown_table") : table.error.message); return; }
  if (table.game !== "midas" || table.options?.mode !== "companion") {
    fatal(t("ui.companion_not_companion"), h("a", { class: "c-big c-gold", href: `/table/${encodeURIComponent(table.id)}` }, t("ui.companion_open_table")));
    return;
  }
  app.table = table;
  const token = loadToken(table.id);
  const code = $("#table-code");
  code.hidden = false;
  code.textContent = `${t("ui.companion_code")} ${table.id}`;
  code.onclick = async () => {
    const url = `${location.origin}/companion/${encodeURIComponent(table.id)}`;
    try { await navigator.clipboard.writeText(url); toast(t("ui.companion_copied"), "info"); } catch { toast(url, "info"); }
  };
  if (token) {
    localStorage.setItem(LAST_KEY, table.id);
    if (table.status === "open") await api.post(`/api/tables/${table.id}/start`).catch((e) => toast(e.message));
  }
  app.socket = new TableSocket(table.id, { token, lang: app.lang, onMessage,
    onStatus: (s) => { const c = $("#conn"); c.hidden = s === "open"; c.textContent = t("ui.connecting"); } });
}

async function main() {
  const select = $("#lang");
  select.replaceChildren(...LANGUAGES.map((l) => h("option", { value: l, selected: l === app.lang }, LANGUAGE_NAMES[l])));
  select.addEventListener("change", () => setLanguage(select.value));
  const parts = location.pathname.split("/").filter(Boolean);
  const tableId = parts[0] === "companion" && parts[1] ? decodeURIComponent(parts[1]) : null;
  if (tableId) { await openTable(tableId); return; }
  app.schema = await api.get("/api/games/midas").catch(() => null);
  app.setup = loadSetup();
  setLanguage(app.lang);
}

main();
