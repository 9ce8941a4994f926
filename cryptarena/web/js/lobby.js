// The lobby: games, the create-a-table form (built from each game's options schema), guest name and
// account (account.js), my games, and the open / live table lists (refreshed every few seconds).
import { api, getSession, startSession, saveToken, toast, h } from "./api.js";
import { currentLang, setLang, translator, mergeCatalogue } from "./i18n.js";
import { botLevel, languageSelect, ratingText } from "./board.js";
import { renderAccount } from "./account.js";
import { lessonButtons, loadLessons } from "./lessons.js";
import { paceFields } from "./pace_form.js";
import { clockText, paceText, roughly, serverNow } from "./clocks.js";
import { nextTurn, notify, openSeat, refreshBrowserPref, showCount, watchTurns } from "./turns.js";

const $ = (sel) => document.querySelector(sel);
let games = [];
let session = null; // GET /api/session: {name, player: {id, name, registered}}, or null
const catalogues = {}; // game id -> its message catalogue (pitch and option words in en/fr/zh)
let lang = currentLang();
let t = translator(lang);

// -- language -----------------------------------------------------------------------------------------
function setLanguage(next) {
  lang = next; setLang(next); t = translator(next);
  document.documentElement.lang = next;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  renderWho(); renderGames(); refreshTables(); renderMine(); renderTurns();
  const box = $("#create");
  if (!box.hidden) openCreate(games.find((g) => g.id === box.dataset.game));
}

// A game's own words (its messages.json, "ui.game.*" / "ui.option.*") in the page's language; English,
// then `fallback` (the API's English) when the catalogue lacks the key or has not loaded.
function gameWord(gameId, key, fallback) {
  const text = mergeCatalogue(catalogues[gameId], lang)[key];
  return typeof text === "string" ? text : fallback;
}

async function loadCatalogues() {
  await Promise.all(games.map(async (g) => {
    try { catalogues[g.id] = await api.get(`/api/games/${g.id}/messages`); } catch { /* English from the API */ }
  }));
}

// -- guest name and account ----------------------------------------------------------------------------
async function renderWho() {
  const who = $("#who");
  session = await getSession().catch(() => null);
  if (session) {
    const registered = session.player?.registered;
    // an account's name is its login: only a guest's display name can be changed here
    who.replaceChildren(h("span", { class: "muted" }, t("ui.lobby_playing_as")), h("b", { id: "session-name" }, session.name),
      ...(registered ? [] : [h("button", { class: "btn btn-small btn-ghost", onclick: () => askForName(session.name) }, t("ui.lobby_change"))]));
  } else askForName("");
  renderAccount($("#account"), session, t, () => { renderWho(); refreshMine(true); loadLessons().then(renderGames); });
  refreshMine(true); askTurns();
}

function askForName(current) {
  const input = h("input", { id: "guest-name", placeholder: t("ui.lobby_name"), value: current || localStorage.getItem("ca.name") || "", maxlength: "40", required: true });
  const form = h("form", { id: "name-form", class: "who" }, input, h("button", { class: "btn btn-small", id: "guest-name-ok" }, t("ui.lobby_play_as")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try { await startSession(input.value.trim()); renderWho(); } catch (err) { toast(err.message); }
  });
  $("#who").replaceChildren(form);
}

// -- games and rules ----------------------------------------------------------------------------------
function renderGames() {
  $("#games").replaceChildren(...games.map((g) => h("article", { class: "game-tile", dataset: { game: g.id } },
    h("img", { src: `/static/img/games/${g.id}.svg`, alt: gameName(g.id), onerror: (e) => { e.target.src = "/static/img/logo.svg"; } }),
    h("div", {},
      h("h2", {}, gameName(g.id)),
      h("div", { class: "meta" }, g.min_players === g.max_players ? t("ui.lobby_players_n", { n: g.min_players })
        : t("ui.lobby_players_range", { min: g.min_players, max: g.max_players })),
      h("p", { class: "pitch" }, gameWord(g.id, "ui.game.pitch", g.pitch)),
      h("div", { class: "tile-actions" },
        h("button", { class: "btn btn-gold create-table", dataset: { game: g.id }, onclick: () => openCreate(g) }, t("ui.lobby_create")),
        ...lessonButtons(g.id, t, lang),
        h("a", { href: g.rules_url || `/api/games/${g.id}/rules`, class: "rules-link", onclick: (e) => { e.preventDefault(); showRules(g); } }, t("ui.lobby_rules")),
        // a game with decks to build (Pharaoh) has a deck builder page; its words are the game's own
        g.deck_builder ? h("a", { href: g.deck_builder, class: "deck-builder-link", dataset: { game: g.id } }, gameWord(g.id, "ui.builder.link", "Deck builder")) : null)))));
}

async function showRules(g) {
  try {
    const url = g.rules_url || `/api/games/${g.id}/rules`; // the rules in the page's language
    const text = await api.getText(`${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`);
    let md = text;
    try { const data = JSON.parse(text); md = typeof data === "string" ? data : data.markdown || data.rules || text; } catch { /* plain Markdown */ }
    $("#rules-body").innerHTML = markdown(md);
    $("#rules-body").prepend(h("div", { class: "rules-learn", id: "rules-learn" }, ...lessonButtons(g.id, t, lang)));
    const dialog = $("#rules-dialog");
    dialog.showModal();
    dialog.onclick = (e) => { if (e.target === dialog) dialog.close(); };
  } catch (e) { toast(e.message); }
}

const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
const inline = (s) => escape(s).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*([^*]+)\*\*/g, "<b>$1</b>")
  .replace(/\*([^*]+)\*/g, "<i>$1</i>").replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, t, u) => (/^(https?:|\/|#)/.test(u) ? `<a href="${u}">${t}</a>` : t));

/** Just enough Markdown for a rules summary: headings, paragraphs, lists, tables, emphasis, code. */
export function markdown(src) {
  const out = []; const lines = src.replace(/\r/g, "").split("\n");
  for (let i = 0; i < lines.length;) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const head = line.match(/^(#{1,4})\s+(.*)/);
    if (head) { out.push(`<h${head[1].length}>${inline(head[2])}</h${head[1].length}>`); i++; continue; }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      const cells = (r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => inline(c.trim()));
      const body = rows.filter((r) => !/^\s*\|[\s:|-]+\|\s*$/.test(r));
      out.push("<table><thead><tr>" + cells(body[0]).map((c) => `<th>${c}</th>`).join("") + "</tr></thead><tbody>"
        + body.slice(1).map((r) => "<tr>" + cells(r).map((c) => `<td>${c}</td>`).join("") + "</tr>").join("") + "</tbody></table>");
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line); const items = [];
      while (i < lines.length && (/^\s*([-*]|\d+\.)\s+/.test(lines[i]) || /^\s{2,}\S/.test(lines[i]))) {
        if (/^\s*([-*]|\d+\.)\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ""));
        else items[items.length - 1] += " " + lines[i].trim();
        i++;
      }
      out.push(`<${ordered ? "ol" : "ul"}>` + items.map((it) => `<li>${inline(it)}</li>`).join("") + `</${ordered ? "ol" : "ul"}>`);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i])) para.push(lines[i++]);
    out.push(`<p>${inline(para.join(" "))}</p>`);
  }
  return out.join("\n");
}

// -- create a table -------------------------------------------------------------------------------------
function field(g, opt) {
  const word = (part, fallback) => gameWord(g.id, `ui.option.${opt.name}.${part}`, fallback);
  let input;
  if (opt.type === "enum") {
    input = h("select", { name: opt.name }, ...opt.allowed.map((a) => h("option", { value: a, selected: a === opt.default }, word(`value.${a}`, String(a)))));
  } else if (opt.type === "int" && gameWord(g.id, `ui.option.${opt.name}.each`, null)) {
    // a seat (or "drawn at random" for a value outside the seats): words, not a number to type
    const values = [];
    for (let v = opt.minimum; v <= opt.maximum; v++) values.push(v);
    input = h("select", { name: opt.name, dataset: { seats: "1" } }, ...values.map((v) => h("option", { value: v, selected: v === opt.default },
      word(`value.${v}`, gameWord(g.id, `ui.option.${opt.name}.each`, "{n}").replace("{n}", String(v))))));
  } else if (opt.type === "int") {
    input = h("input", { type: "number", name: opt.name, value: opt.default, min: opt.minimum, max: opt.maximum, step: 1 });
  } else if (opt.type === "bool") {
    input = h("input", { type: "checkbox", name: opt.name, checked: !!opt.default });
  } else {
    input = h("input", { name: opt.name, value: opt.default ?? "" });
  }
  // "hint": the help in words for a person, where the engine's description names sentinel numbers
  return h("label", { class: "field", dataset: { option: opt.name } }, h("b", {}, word("label", opt.name.replace(/_/g, " "))), input,
    h("span", {}, word("hint", word("help", opt.description || ""))));
}

function readValue(form, opt) {
  const el = form.elements[opt.name];
  if (opt.type === "bool") return el.checked;
  if (opt.type === "int") return el.value === "" ? el.value : Number(el.value);
  return el.value;
}

function openCreate(g) {
  const box = $("#create"); const fields = $("#create-fields"); const form = $("#create-form");
  box.hidden = false; box.dataset.game = g.id;
  $("#create-title").textContent = t("ui.lobby_create_for", { game: gameName(g.id) });
  $("#create-error").textContent = "";
  const players = h("select", { name: "players", id: "create-players" });
  for (let n = g.min_players; n <= g.max_players; n++) players.append(h("option", { value: n, selected: n === Math.min(Math.max(3, g.min_players), g.max_players) }, String(n)));
  // The pace and the clock are the platform's, not the game's (docs/platform.md, "Paces and clocks")
  const pace = paceFields(g, players, t);
  fields.replaceChildren(
    h("label", { class: "field" }, h("b", {}, t("ui.lobby_players_field")), players, h("span", {}, t("ui.lobby_players_help"))),
    ...pace.fields,
    ...(g.options || []).map((opt) => field(g, opt)),
    h("label", { class: "field" }, h("b", {}, t("ui.lobby_sit")), h("input", { type: "checkbox", id: "create-sit", checked: true }), h("span", {}, t("ui.lobby_sit_help"))),
    h("label", { class: "field" }, h("b", {}, t("ui.lobby_rated")), h("input", { type: "checkbox", id: "create-rated", checked: true }), h("span", {}, t("ui.lobby_rated_help"))),
    h("label", { class: "field" }, h("b", {}, t("ui.lobby_spectators")), h("input", { type: "checkbox", id: "create-spectators", checked: true }), h("span", {}, t("ui.lobby_spectators_help"))));
  const visible = () => {
    for (const option of fields.querySelectorAll("select[data-seats] option")) option.hidden = Number(option.value) >= Number(players.value);
    for (const select of fields.querySelectorAll("select[data-seats]")) if (select.selectedOptions[0]?.hidden) select.value = select.options[0].value;
    for (const opt of g.options || []) {
      const shown = Object.entries(opt.depends_on || {}).every(([name, values]) => values.includes(String(readValue(form, { name, type: "" }))));
      fields.querySelector(`[data-option="${opt.name}"]`).hidden = !shown;
    }
  };
  form.onchange = visible; visible();
  form.onsubmit = async (e) => {
    e.preventDefault();
    $("#create-error").textContent = "";
    const options = {};
    for (const opt of g.options || []) if (!fields.querySelector(`[data-option="${opt.name}"]`).hidden) options[opt.name] = readValue(form, opt);
    try {
      const body = { game: g.id, players: Number(players.value), options, ...pace.read(),
        rated: $("#create-rated").checked, spectators: $("#create-spectators").checked };
      const { table } = await api.post("/api/tables", body);
      if ($("#create-sit").checked) {
        try {
          const seat = await api.post(`/api/tables/${table.id}/seats/0`, { kind: "human" });
          saveToken(table.id, seat.token);
        } catch (err) { if (err.status !== 401) toast(err.message); }
      }
      location.href = table.invite_url; // the table page, or the companion page of a physical table
    } catch (err) { $("#create-error").textContent = err.message; }
  };
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

// -- table lists -----------------------------------------------------------------------------------------
async function refreshTables() {
  const row = (table, label, watching = false) => {
    const people = table.seats.filter((s) => s.kind !== "empty").map((s) => (s.kind === "bot" ? `${botLevel(s, t)} (${t("ui.bot")})` : s.name)).join(", ");
    const free = table.seats.filter((s) => s.kind === "empty").length;
    const seats = t("ui.lobby_seats", { n: table.players }) + (free ? ` · ${t("ui.lobby_free", { n: free })}` : "");
    return h("li", { dataset: { table: table.id, pace: table.pace || "live" } }, h("b", {}, gameName(table.game)),
      h("span", { class: `pace-tag pace-${table.pace || "live"}` }, paceText(table, t)),
      h("span", { class: "grow muted" }, `${seats}${people ? " · " + people : ""}`),
      watching && table.spectators === false ? h("span", { class: "muted no-watch" }, t("ui.lobby_no_spectators"))
        : h("a", { class: "btn btn-small", href: table.invite_url }, label));
  };
  try {
    const [open, live] = await Promise.all([api.get("/api/tables?status=open"), api.get("/api/tables?status=playing")]);
    $("#open-tables").replaceChildren(...(open.length ? open.map((table) => row(table, t("ui.lobby_join"))) : [h("li", { class: "muted" }, t("ui.lobby_no_open"))]));
    $("#live-tables").replaceChildren(...(live.length ? live.map((table) => row(table, t("ui.lobby_watch"), true)) : [h("li", { class: "muted" }, t("ui.lobby_no_live"))]));
  } catch (e) { /* the next refresh will try again */ }
}

// -- your move -------------------------------------------------------------------------------------------
// The tables waiting for this person come first on the page, the most urgent first, with the count in
// the tab's title; when the count rises while the page is in the background, the browser says so.
let turns = null; // the last GET /api/me/turns (null: no session)
let askTurns = () => {};

function gotTurns(found) {
  const rose = turns !== null && (found?.count || 0) > turns.count;
  turns = found;
  renderTurns();
  const first = found?.tables?.[0];
  if (rose && first) notify(t(found.count === 1 ? "ui.turns_one" : "ui.turns_many", { n: found.count }),
    t("ui.notify_turn_body", { game: gameName(first.game) }), "ca-turns");
}

function turnRow(e) {
  const waited = roughly((serverNow(e) - Date.parse(e.since)) / 1000, t);
  const left = e.out_of_time ? t("ui.turn_out_of_time") : e.left == null ? t("ui.turn_no_clock")
    : t("ui.turn_left", { time: clockText(e.left, e.pace, t) });
  return h("li", { dataset: { table: e.table } }, h("b", {}, gameName(e.game)),
    h("span", { class: `pace-tag pace-${e.pace}` }, t(e.pace === "turn-based" ? "ui.pace_turn_based" : "ui.pace_live")),
    h("span", { class: "grow muted turn-waited" }, t("ui.turn_waiting", { time: waited })),
    h("span", { class: `turn-left${e.out_of_time ? " clock-out" : ""}` }, left),
    h("button", { class: "btn btn-small btn-gold turn-play", dataset: { table: e.table }, onclick: () => openSeat(e) }, t("ui.turn_play")));
}

function renderTurns() {
  const n = turns?.count || 0;
  showCount(n);
  $("#turns").hidden = !n;
  if (!n) return;
  $("#turns-title").textContent = t(n === 1 ? "ui.turns_one" : "ui.turns_many", { n });
  const next = $("#turns-next");
  next.textContent = t("ui.next_table");
  next.onclick = () => openSeat(nextTurn(turns));
  $("#turns-list").replaceChildren(...turns.tables.map(turnRow));
}

// -- my games ---------------------------------------------------------------------------------------------
// Unfinished tables to go back to, finished ones with their result and replay; the profile, the
// leaderboards and importing a replay file, which need no table of one's own.
let mine = null; // the last GET /api/me/games, redrawn on a language change
let mineSeen = ""; // what was last drawn: a poll that changes nothing redraws nothing (no link moves under a click)

async function refreshMine(force = false) {
  if (!session) { mine = null; renderMine(); return; }
  try {
    const found = await api.get("/api/me/games");
    const text = JSON.stringify(found);
    if (!force && text === mineSeen) return;
    mineSeen = text; mine = found;
  } catch (e) { if (e.status === 401) mine = null; else return; }
  renderMine();
}

const gameName = (id) => gameWord(id, "ui.game.name", games.find((g) => g.id === id)?.name || id);

function seatLabel(s) {
  return s.kind === "bot" ? `${botLevel(s, t)} (${t("ui.bot")})` : s.name || t("ui.lobby_someone");
}

function finishedRow(result) {
  const me = result.seats.find((s) => s.player === session?.player?.id);
  const others = result.seats.filter((s) => s !== me).map(seatLabel).join(", ");
  const outcome = me ? t(me.won ? "ui.mine_won" : "ui.mine_lost") : "";
  const rating = me?.rating;
  const change = !result.rated ? h("span", { class: "rating-change muted" }, t("ui.mine_friendly"))
    : rating ? h("span", { class: `rating-change ${rating.after >= rating.before ? "rating-up" : "rating-down"}`, title: t("ui.rating_help") },
      `${ratingText(rating.before)} → ${ratingText(rating.after)}`) : null;
  return h("li", { dataset: { table: result.table } },
    h("b", {}, gameName(result.game)),
    h("span", { class: `mine-outcome${me?.won ? " won" : ""}` }, outcome),
    h("span", { class: "grow muted" }, others ? t("ui.mine_against", { who: others }) : ""),
    change,
    h("a", { class: "btn btn-small replay-link", href: result.replay_url }, t("ui.mine_replay")));
}

function unfinishedRow(entry) {
  return h("li", { dataset: { table: entry.table } },
    h("b", {}, gameName(entry.game)),
    h("span", { class: "grow muted" }, `${t(entry.status === "open" ? "ui.mine_status_open" : "ui.mine_status_playing")} · ${t("ui.mine_seat", { n: entry.seat })}`),
    h("button", { class: "btn btn-small my-resume", dataset: { table: entry.table }, onclick: () => openSeat(entry) }, t("ui.mine_back")));
}

function renderMine() {
  const profile = $("#my-profile");
  profile.hidden = !session;
  if (session) profile.href = `/players/${encodeURIComponent(session.player?.id || session.guest_id)}`;
  $("#leaderboards").replaceChildren(...games.map((g) => h("a", { class: "leaderboard-link", href: `/leaderboard/${g.id}`, dataset: { game: g.id } }, gameName(g.id))));
  $("#mine-lists").hidden = !mine;
  $("#mine-none").hidden = !!mine;
  if (!mine) return;
  const empty = (key) => [h("li", { class: "muted" }, t(key))];
  $("#my-unfinished").replaceChildren(...(mine.unfinished.length ? mine.unfinished.map(unfinishedRow) : empty("ui.mine_none_unfinished")));
  $("#my-finished").replaceChildren(...(mine.finished.length ? mine.finished.slice(0, 10).map(finishedRow) : empty("ui.mine_none_finished")));
}

async function importReplay(input) {
  const file = input.files?.[0];
  const error = $("#replay-import-error");
  error.textContent = "";
  if (!file) return;
  try {
    const found = await api.postText("/api/replays", await file.text());
    location.href = found.url;
  } catch (e) { error.textContent = e.message; }
  input.value = ""; // the same file picked again after a fix is a change
}

async function main() {
  languageSelect($("#lang"), lang, setLanguage);
  $("#replay-import").addEventListener("change", (e) => importReplay(e.target));
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.documentElement.lang = lang;
  renderWho();
  try { games = await api.get("/api/games"); } catch (e) { toast(e.message); }
  // the pitches and options in the page's language (small requests, in parallel), and the lessons
  await Promise.all([loadCatalogues(), loadLessons()]);
  renderGames(); renderMine();
  // "Play a real game" at the end of a lesson comes back here with the game's create form open
  const asked = games.find((g) => g.id === new URLSearchParams(location.search).get("create"));
  if (asked) openCreate(asked);
  refreshTables();
  setInterval(() => { if (!document.hidden) { refreshTables(); refreshMine(); } }, 4000);
  askTurns = watchTurns(gotTurns);
  refreshBrowserPref();
}

main();
