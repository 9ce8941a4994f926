// The generic table page: seats, invite, banner, board (drawn by the game's renderer module),
// log, scores, chat, final breakdown and rematch. Everything game-specific lives in
// /static/js/games/<game>.js (see games/README.md).
import { api, ensureSession, loadToken, saveToken, seatMark, TableSocket, toast, h } from "./api.js";
import { mergeCatalogue, renderEntry, translator, currentLang, setLang } from "./i18n.js";
import { Guide } from "./tutorial.js";
import { Hint } from "./hint.js";
import { touchTitles } from "./touch_titles.js";
import { botLevel, boardContext, breakdownTable, drawBoard, keepKeyboard, languageSelect, loadGame, logItems, nameIn, seatNames } from "./board.js";
import { clockSettings } from "./clocks.js";
import { renderVotes, rendererClock, seatClock, setClocks, tickClocks } from "./table_clocks.js";
import { nextTurn, notify, openSeat, refreshBrowserPref, showCount, watchTurns } from "./turns.js";

const $ = (sel) => document.querySelector(sel);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() === "table.html"
  ? new URLSearchParams(location.search).get("id") : location.pathname.split("/").filter(Boolean).pop());

const page = {
  table: null, game: null, renderer: null, catalogue: {}, words: {}, lang: currentLang(),
  t: null, state: null, socket: null, local: {}, busy: false, tableId, guide: null,
};

const names = () => seatNames(page.table?.seats, page.t);
const nameOf = (seat) => nameIn(names(), page.words)(seat);
const mySeat = () => (page.state ? page.state.seat : null);

function setLanguage(lang) {
  page.lang = lang; setLang(lang);
  page.words = mergeCatalogue(page.catalogue, lang);
  page.t = translator(lang, page.words);
  document.documentElement.lang = lang;
  if (page.guide?.active) page.guide.render();
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = page.t(el.dataset.t);
  $("#chat-input").placeholder = page.t("ui.say");
  renderAll();
}

// -- seats and invite -------------------------------------------------------------------------------
function renderSeats() {
  const table = page.table; const t = page.t;
  if (!table) return;
  const open = table.status === "open";
  // until the game's own list arrives, the three levels every game has (medium chosen): a bot added
  // meanwhile is a medium bot, never whichever bot happened to be listed first
  const agents = page.game?.agents || ["easy", "medium", "hard"];
  const seated = mySeat() !== null || page.mySeatHint !== undefined;
  const toAct = page.state?.to_act || [];
  $("#seats").replaceChildren(...table.seats.map((s) => {
    const li = h("li", { class: `seat seat-${s.kind}${toAct.includes(s.seat) && !page.state?.over ? " seat-acting" : ""}`, dataset: { seat: s.seat } },
      h("span", { class: "seat-no" }, seatMark(s.seat), `#${s.seat}`));
    if (s.kind === "empty") {
      li.append(h("span", { class: "seat-name muted" }, t("ui.empty")));
      if (open) {
        // the seat list is redrawn on every poll: keep the agent a person picked until they add it
        page.agentChoice ??= {};
        const select = h("select", { class: "seat-agent", dataset: { seat: s.seat }, "aria-label": "agent",
          onchange: (e) => { page.agentChoice[s.seat] = e.target.value; } },
          ...agents.map((a) => h("option", { value: a, selected: (page.agentChoice[s.seat] ?? "medium") === a },
            ["easy", "medium", "hard", "expert"].includes(a) ? t(`ui.agent.${a}`) : a)));
        li.append(h("span", { class: "seat-actions" },
          seated ? null : h("button", { class: "btn btn-small seat-join", dataset: { seat: s.seat }, onclick: () => sit(s.seat) }, t("ui.sit")),
          select,
          h("button", { class: "btn btn-small btn-ghost seat-bot", dataset: { seat: s.seat }, onclick: () => addBot(s.seat, select.value) }, t("ui.add_bot"))));
      }
    } else if (s.kind === "scripted") { // a lesson's opponent, played by its script
      li.append(h("span", { class: "seat-name" }, s.name, h("span", { class: "seat-agent-name muted" }, ` (${t("ui.tutorial_seat")})`)));
    } else {
      li.append(h("span", { class: "seat-name" }, s.kind === "bot" ? [h("img", { class: "ico", src: "/static/img/bot.svg", alt: t("ui.bot") }), botLevel(s, t)] : s.name,
        s.seat === mySeat() ? h("span", { class: "you-tag" }, t("ui.you")) : null,
        s.away ? h("span", { class: `away-tag away-${s.away} muted`, dataset: { away: s.away }, title: t(AWAY[s.away]?.about || AWAY.disconnected.about) },
          t(AWAY[s.away]?.tag || AWAY.disconnected.tag)) : null), ...[s.kind === "human" ? seatClock(page, s.seat) : null].filter(Boolean));
      if (s.kind === "bot") li.append(h("span", { class: "seat-agent-name muted" }, botLevel({ agent: s.agent }, t)));
    }
    return li;
  }));
  const full = table.seats.every((s) => s.kind !== "empty");
  $("#start").hidden = !(open && full);
  const invite = $("#invite-link");
  invite.value = table.invite_url ? new URL(table.invite_url, location.href).href : location.href;
  $("#table-title").textContent = `${page.game?.name || table.game} · ${table.id}`;
  renderPace();
}

// What the pace means for the person here: a turn-based table may be left and come back to (nobody
// is replaced for closing the page); at a live one a bot plays for whoever stays away.
function renderPace() {
  const table = page.table, t = page.t, note = $("#pace-note");
  const turnBased = table.pace === "turn-based";
  const clock = table.clock ? t("ui.pace_note_clock", { clock: clockSettings(table.clock.reserve, table.clock.increment, t),
    rule: t(table.clock.on_timeout === "vote" ? "ui.pace_note_vote" : "ui.pace_note_bot") }) : "";
  // leaving and coming back is the seated person's concern; a spectator is told the pace and the clock
  // (before the first state, a seat's token in this browser says so)
  const seated = (page.state ? mySeat() !== null : !!loadToken(tableId) || page.mySeatHint !== undefined) && table.status !== "over";
  const said = [seated ? t(turnBased ? "ui.pace_note_turn_based" : "ui.pace_note_live") : null, clock].filter(Boolean);
  note.replaceChildren(h("b", {}, t(turnBased ? "ui.pace_turn_based" : "ui.pace_live") + (said.length ? page.words["pair.sep"] ?? ": " : "")),
    said.join(page.lang === "zh" ? "" : " ")); // Chinese sentences follow each other without a space
  note.dataset.pace = table.pace || "live";
}

async function sit(seat) {
  try {
    await ensureSession();
    const res = await api.post(`/api/tables/${tableId}/seats/${seat}`, { kind: "human" });
    saveToken(tableId, res.token);
    page.mySeatHint = res.seat;
    page.socket.setToken(res.token);
    await refreshTable();
  } catch (e) { toast(e.message); }
}

async function addBot(seat, agent) {
  try {
    await api.post(`/api/tables/${tableId}/seats/${seat}`, { kind: "bot", agent });
    await refreshTable();
  } catch (e) { toast(e.message); }
}

async function start() {
  try {
    page.table = await api.post(`/api/tables/${tableId}/start`);
    page.socket.sync();
    renderAll();
  } catch (e) { toast(e.message); }
}

async function refreshTable() {
  try {
    const table = await api.get(`/api/tables/${tableId}`);
    const changed = page.table?.status !== table.status;
    page.table = table;
    if (changed) page.socket?.sync();
    renderAll();
  } catch (e) { if (e.status === 404) fatal(e.message); }
}

// -- banner, board, log, scores ----------------------------------------------------------------------
function ctx() {
  const st = page.state;
  return boardContext({
    view: st.view, legal: page.busy ? [] : st.legal || [], seat: st.seat, toAct: st.to_act || [],
    over: st.over, t: page.t, lang: page.lang, names: names(), words: page.words, local: page.local,
    components: page.components, clock: rendererClock(page),
    // several actions in one message, played in order, all or nothing (a deck brought at set-up)
    send: (action) => {
      if (page.busy) return;
      if (page.guide?.active && !page.guide.allows(action)) return; // a lesson asks for one move
      const sent = Array.isArray(action) ? page.socket.actMany(action) : page.socket.act(action);
      if (!sent) { toast(page.t("ui.connecting")); return; }
      page.busy = true; // until the next state: no double clicks
      setTimeout(() => { if (page.busy) { page.busy = false; renderBoard(); } }, 4000);
    },
  });
}

function renderBanner() {
  const t = page.t, st = page.state, table = page.table, el = $("#banner");
  if (!table) return;
  let text, mine = false;
  if (table.status === "open") {
    text = table.seats.every((s) => s.kind !== "empty") ? t("ui.ready") : t("ui.waiting_seats");
  } else if (!st) {
    text = "…";
  } else if (st.over) {
    const who = (st.winners || []).map(nameOf).join(", ");
    text = `${t("ui.game_over")}${who ? " — " + t("ui.won_by", { who }) : ""}`;
  } else {
    const c = ctx();
    mine = st.seat !== null && c.toAct.includes(st.seat);
    const hint = page.renderer?.prompt ? page.renderer.prompt(c) : "";
    text = mine ? `${t("ui.your_turn")}${hint ? " — " + hint : ""}`
      : t("ui.waiting_for", { who: c.toAct.map(nameOf).join(", ") }) + (hint && st.legal?.length ? " · " + hint : "");
    if (st.seat === null) text += ` (${t("ui.spectating")})`;
  }
  el.textContent = text;
  el.classList.toggle("banner-mine", mine);
}

function renderBoard() {
  const board = $("#board");
  if (!page.state || !page.renderer || !page.state.view) { board.replaceChildren(); return; }
  drawBoard(board, page.renderer, ctx());
}

function renderLog() {
  const log = $("#log"); const st = page.state;
  const entries = st?.log || [];
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 30;
  const explain = page.renderer?.explain && page.state?.view ? (e) => page.renderer.explain(e, ctx()) : null;
  log.replaceChildren(...logItems(page.words, entries, names(), explain, page.t));
  if (atBottom || !page.logSeen) log.scrollTop = log.scrollHeight;
  page.logSeen = true;
}

function renderScores() {
  const st = page.state, box = $("#scores");
  if (!st?.view || !page.table) { box.replaceChildren(); return; }
  let rows;
  if (st.over && st.scores) rows = st.scores.map((s, seat) => ({ seat, score: s.total }));
  else if (page.renderer?.summary) rows = page.renderer.summary(st.view);
  else rows = [];
  box.replaceChildren(...rows.map((r) => h("li", { class: `score${(st.winners || []).includes(r.seat) && st.over ? " score-winner" : ""}`, dataset: { seat: r.seat }, title: r.title || null },
    h("span", { class: "score-name" }, seatMark(r.seat), nameOf(r.seat)), h("span", { class: "score-value" }, String(r.score)),
    r.note ? h("span", { class: "score-note muted" }, r.note) : null)));
}

function renderResult() {
  const st = page.state, box = $("#result");
  if (!st?.over || !st.scores) { box.hidden = true; return; }
  const winners = st.winners || [];
  const appearing = box.hidden;
  box.hidden = false;
  box.replaceChildren(
    h("h2", {}, page.t("ui.game_over"), winners.length ? ` — ${page.t("ui.won_by", { who: winners.map(nameOf).join(", ") })}` : ""),
    breakdownTable(st.scores, winners, nameOf, page.t),
    h("div", { class: "result-actions" },
      h("button", { id: "rematch", class: "btn btn-gold", onclick: rematch }, page.t("ui.rematch")),
      h("a", { id: "result-replay", class: "btn btn-ghost", href: `/replay/${encodeURIComponent(tableId)}` }, page.t("ui.replay_open"))));
  // the end is above the board: bring it into view once, wherever the last move was made from
  if (appearing) box.scrollIntoView({ block: "nearest" });
}

async function rematch() {
  try {
    const res = await api.post(`/api/tables/${tableId}/rematch`);
    const next = res.table;
    const url = next.invite_url ? new URL(next.invite_url, location.href).href : `${location.origin}/table/${next.id}`;
    page.socket.chat(page.t("ui.rematch_line", { url }));
    setTimeout(() => { location.href = `/table/${next.id}`; }, 150);
  } catch (e) { toast(e.message); }
}

// -- leavers, clocks and votes --------------------------------------------------------------------------
// A bot plays for a person who left (live tables), ran out of time, or whom the others voted on after
// their clock ran out (table.seats[n].away). They can take the seat back, except an expelled person;
// a skipped person's seat comes back by itself once the bot has played their turn.
const AWAY = {
  disconnected: { tag: "ui.away_tag", about: "ui.away_disconnected", back: true },
  timeout: { tag: "ui.away_tag", about: "ui.away_timeout", back: true },
  skipped: { tag: "ui.away_tag_skipped", about: "ui.away_skipped", back: false },
  expelled: { tag: "ui.away_tag_expelled", about: "ui.away_expelled", back: false },
};

function renderStandIn() {
  const seat = mySeat(), away = seat !== null && !page.state?.over ? page.table?.seats[seat]?.away : null;
  $("#stand-in").hidden = !away;
  if (!away) return;
  const reason = AWAY[away] || AWAY.disconnected;
  $("#stand-in-text").textContent = page.t(reason.about);
  $("#take-back").hidden = !reason.back;
}

// A person who plays one table from two devices takes a new token on the other one (My games, Next
// table), which retires this browser's: coming back here, they get a fresh one the same way instead
// of watching their own table. Once per page, so two open devices cannot take it from each other forever.
async function renewToken() {
  page.renewed = true;
  try {
    const mine = await api.get("/api/me/games");
    const entry = (mine.unfinished || []).find((e) => e.table === tableId);
    if (!entry) { toast(page.t("ui.watching_only"), "info"); return; }
    const found = await api.post(`/api/tables/${tableId}/seats/${entry.seat}/token`);
    saveToken(tableId, found.token);
    page.socket.setToken(found.token);
  } catch { toast(page.t("ui.watching_only"), "info"); }
}

// -- the tables waiting for me: the count in the title, the next one, a notification ---------------------
function gotTurns(found) {
  page.turns = found;
  showCount(found?.count || 0);
  const next = nextTurn(found, tableId);
  const button = $("#next-table");
  button.hidden = !next;
  if (next) button.title = page.t("ui.next_table_title", { n: found.count });
}

// Told once each time the table comes to wait for me while the page is in the background.
function noticeMyMove(st) {
  const mine = st.seat !== null && !st.over && (st.to_act || []).includes(st.seat) && !page.table?.seats[st.seat]?.away;
  if (page.wasMine !== undefined && mine !== page.wasMine) {
    page.askTurns?.();
    if (mine) notify(page.t("ui.notify_your_move"), page.t("ui.notify_turn_body", { game: page.words["ui.game.name"] || page.game?.name || page.table.game }), `ca-turn-${tableId}`);
  }
  page.wasMine = mine;
}

function renderAll() {
  if (!page.t) return;
  renderSeats(); renderBanner(); renderStandIn(); renderVotes(page, $("#votes"), nameOf); renderBoard(); renderLog(); renderScores();
  renderResult(); renderChatScope(); tickClocks(page); page.hint?.render();
}

// -- chat -------------------------------------------------------------------------------------------
// Team chat (games whose seats form teams: table.teams): a seated player picks Team or All; a team
// line reaches only their team-mates (the server filters it) and is drawn apart.
const chatWord = (key) => page.t(`ui.chat_${key}`);
const teamChatOpen = () => Array.isArray(page.table?.teams) && mySeat() !== null;

function renderChatScope() {
  const button = $("#chat-scope"), input = $("#chat-input");
  const open = teamChatOpen();
  button.hidden = !open;
  if (!open) { input.placeholder = page.t("ui.say"); return; }
  page.chatTeam ??= true; // in a team game, talk to the team unless told otherwise: a slip should not tell the opponents
  button.textContent = chatWord(page.chatTeam ? "team" : "all");
  button.dataset.scope = page.chatTeam ? "team" : "all";
  button.setAttribute("aria-pressed", String(page.chatTeam));
  button.title = chatWord("scope");
  button.classList.toggle("chat-scope-team", page.chatTeam);
  input.placeholder = page.chatTeam ? chatWord("say_team") : page.t("ui.say");
}

function addChat(msg) {
  const text = h("span", { class: "chat-text" });
  // A rematch line carries the new table's link: make it clickable.
  for (const part of String(msg.text).split(/(https?:\/\/\S+)/)) {
    text.append(/^https?:\/\//.test(part) ? h("a", { href: part }, part) : part);
  }
  const chat = $("#chat");
  chat.append(h("li", { class: `chat-line${msg.team ? " chat-team" : ""}` },
    msg.team ? h("span", { class: "chat-team-tag" }, chatWord("tag")) : null,
    h("b", {}, msg.name ?? (msg.seat != null ? nameOf(msg.seat) : "?")), ": ", text));
  chat.scrollTop = chat.scrollHeight;
}

// -- wiring -----------------------------------------------------------------------------------------
function onMessage(msg) {
  if (msg.type === "state") {
    page.busy = false;
    page.state = msg;
    if (msg.table) page.table = msg.table;
    setClocks(page, msg);
    renderAll();
    noticeMyMove(msg);
    page.guide.update(msg.tutorial);
  } else if (msg.type === "replaced" || msg.type === "returned") {
    const who = nameOf(msg.seat);
    const line = msg.type === "returned" ? "ui.returned_line"
      : { skipped: "ui.replaced_skipped", expelled: "ui.replaced_expelled" }[msg.reason] || "ui.replaced_line";
    if (msg.seat !== mySeat()) toast(page.t(line, { who }), "info");
  } else if (msg.type === "out_of_time") {
    if (msg.seat !== mySeat()) toast(page.t("ui.out_of_time_line", { who: nameOf(msg.seat) }), "info");
  } else if (msg.type === "chat") {
    addChat(msg);
  } else if (msg.type === "error") {
    page.busy = false;
    if (msg.code === "tutorial_step" && page.guide.active) page.guide.refused();
    else if (msg.code === "bad_token" && !page.renewed) renewToken();
    else toast(refusal(msg));
    renderBoard();
    if (msg.code === "unknown_table") fatal(msg.message);
  }
}

// A refused move in the reader's language: the reason's catalogue key where the game gave one, the
// page's words for the refusals every game shares, else the server's English.
const SHARED_REFUSALS = new Set(["not_your_turn", "game_over", "version_conflict"]);
function refusal(msg) {
  let text = msg.message || msg.code;
  if (msg.key && msg.key in page.words) {
    // a parameter may list entries of their own ({msg, params}: a deck's problems), each in words
    const params = Object.fromEntries(Object.entries(msg.params || {}).map(([k, v]) => [k,
      Array.isArray(v) && v.length && v.every((e) => e && typeof e.msg === "string")
        ? v.map((e) => renderEntry(page.words, e, names())).join("; ") : v]));
    text = renderEntry(page.words, { msg: msg.key, params }, names());
  }
  else if (SHARED_REFUSALS.has(msg.code)) text = page.t(`ui.refused_${msg.code}`);
  return msg.at && msg.key ? page.t("ui.refused_at", { i: msg.at[0], n: msg.at[1], reason: text }) : text;
}

function fatal(message) {
  $("#banner").textContent = message;
  $("#board").replaceChildren(h("p", {}, h("a", { href: "/" }, "← Crypt Arena")));
}

async function main() {
  const langSelect = $("#lang");
  languageSelect(langSelect, page.lang, setLanguage);
  $("#start").addEventListener("click", start);
  keepKeyboard($("#seats"));
  $("#copy-invite").addEventListener("click", async () => {
    const input = $("#invite-link");
    try { await navigator.clipboard.writeText(input.value); } catch { input.select(); document.execCommand("copy"); }
    toast(page.t("ui.copied"), "info");
  });
  $("#chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("#chat-input"); const text = input.value.trim();
    const sent = text && (teamChatOpen() && page.chatTeam ? page.socket.send({ type: "chat", text, team: true }) : page.socket.chat(text));
    if (sent) input.value = "";
  });
  $("#chat-scope").addEventListener("click", () => { page.chatTeam = !page.chatTeam; renderChatScope(); });
  $("#take-back").addEventListener("click", () => { if (!page.socket.send({ type: "take_back" })) toast(page.t("ui.connecting")); });
  setInterval(() => tickClocks(page), 250);
  $("#next-table").addEventListener("click", () => { const next = nextTurn(page.turns, tableId); if (next) openSeat(next); });
  page.guide = new Guide($("#guide"), page);
  page.hint = new Hint(page, { ctx, redraw: renderBoard });
  touchTitles(document.querySelector("main"));
  page.t = translator(page.lang, page.words);
  try {
    page.table = await api.get(`/api/tables/${tableId}`);
  } catch (e) { setLanguage(page.lang); fatal(e.message); return; }
  const gameId = page.table.game;
  const { game, catalogue, renderer, components } = await loadGame(gameId);
  Object.assign(page, { game, catalogue, renderer, components });
  if (!renderer) toast(`No renderer for ${gameId}`);
  page.socket = new TableSocket(tableId, {
    token: loadToken(tableId), lang: page.lang, onMessage,
    onStatus: (s) => { const c = $("#conn"); c.hidden = s === "open"; c.textContent = page.t("ui.connecting"); },
  });
  setLanguage(page.lang);
  page.askTurns = watchTurns(gotTurns);
  refreshBrowserPref();
  // Seats change over HTTP; while the table is open, poll it so everyone sees who sat down.
  setInterval(() => { if (page.table?.status === "open" && !document.hidden) refreshTable(); }, 2000);
}

// For debugging and browser tests: the page's state and socket.
window.cryptarena = page;
main();
