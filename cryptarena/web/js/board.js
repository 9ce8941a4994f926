// What the table page (table.js) and the replay page (replay.js) share, so that a replay draws a game
// exactly as it was played: seat names, a game's renderer and words, the renderer's ctx, the log in
// words, and the final breakdown.
import { api, h } from "./api.js";
import { LANGUAGES, renderEntry } from "./i18n.js";

/** A bot's level in the reader's words ("moyen" for medium); a bot named otherwise keeps its name. */
export function botLevel(s, t) {
  const level = s.agent || s.name;
  const named = s.name && s.name !== s.agent;
  const word = `ui.level.${level}`;
  return !named && t(word) !== word ? t(word) : s.name || s.agent;
}

/** Display names of the seats: people by name, bots as "medium (bot)", repeats numbered. */
export function seatNames(seats, t) {
  const out = {};
  for (const s of seats || []) {
    if (s.kind === "human") out[s.seat] = s.name || t("seat", { n: s.seat });
    else if (s.kind === "bot") out[s.seat] = `${botLevel(s, t)} (${t("ui.bot")})`;
    else if (s.kind === "table") out[s.seat] = s.name || t("seat", { n: s.seat }); // at the physical table
    else if (s.kind === "scripted") out[s.seat] = s.name || t("seat", { n: s.seat }); // a lesson's opponent
  }
  // three "greedy (bot)" seats cannot be told apart in the log: number the names that repeat
  const counts = {};
  for (const name of Object.values(out)) counts[name] = (counts[name] || 0) + 1;
  for (const [seat, name] of Object.entries(out)) if (counts[name] > 1) out[seat] = `${name} #${seat}`;
  return out;
}

/** A seat's name, falling back on the catalogue's "Seat {n}" for a seat nobody holds. */
export const nameIn = (names, words) => (seat) => names[seat] ?? words.seat?.replace("{n}", seat) ?? `Seat ${seat}`;

/** The game's description, message catalogue, renderer module and public components, in parallel. */
export async function loadGame(gameId) {
  const [game, catalogue, renderer, components] = await Promise.all([
    api.get(`/api/games/${gameId}`).catch(() => null),
    api.get(`/api/games/${gameId}/messages`).catch(() => ({})),
    import(`/static/js/games/${gameId}.js`).catch((e) => { console.error(e); return null; }),
    api.get(`/api/games/${gameId}/components`).catch(() => null), // games with cards to show (Pharaoh)
  ]);
  return { game, catalogue: catalogue || {}, renderer, components };
}

/** The renderer's ctx (games/README.md); `send` is the page's, a no-op where nothing may be played. */
export function boardContext({ view, legal = [], seat = null, toAct = [], over = false, t, lang, names, words,
  local, components = null, clock = null, send = () => {} }) {
  return { view, legal, seat, toAct, over, t, lang, names, nameOf: nameIn(names, words), local, components, words,
    clock, send };
}

// -- the keyboard ------------------------------------------------------------------------------------
// A board control that is not a button (a Crypt card, a Crusade tile, a Pharaoh hex) is still reached
// with Tab and pressed with Enter or Space. A renderer redraws everything on each state, which would
// drop the focus on the page's body and send a keyboard player back to the top: the focus goes to
// the same control again when it is still there, else to the board's first one. The table page asks
// the same of its seat list, which it redraws while the table fills.
const PRESSABLE = "[data-action]:not(button), [data-pick]:not(button), [role=button]:not(button)";
const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])";
const keyboardBoards = new WeakSet();

function focusKey(el) {
  if (el.id) return `#${el.id}`;
  const data = Object.entries(el.dataset).filter(([k]) => k !== "action").map(([k, v]) => `${k}=${v}`).join("&");
  return `${el.tagName}|${el.getAttribute("data-action") || ""}|${data}|${el.textContent.trim().slice(0, 40)}`;
}

function makePressable(container) {
  for (const el of container.querySelectorAll(PRESSABLE)) {
    if (el.getAttribute("aria-disabled") === "true") continue;
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
    if (!el.hasAttribute("role")) el.setAttribute("role", "button");
  }
}

export function keepKeyboard(container) {
  if (keyboardBoards.has(container)) return;
  keyboardBoards.add(container);
  if (!container.hasAttribute("tabindex")) container.setAttribute("tabindex", "-1");
  let lastKey = null; // the control that had the focus, while the focus is on the board
  container.addEventListener("focusin", (e) => { lastKey = e.target === container ? null : focusKey(e.target); });
  container.addEventListener("focusout", (e) => {
    const left = e.target;
    // moved elsewhere on purpose (the control is still on the page): leave the focus alone from now on
    setTimeout(() => { if (left.isConnected && !container.contains(document.activeElement)) lastKey = null; }, 0);
  });
  container.addEventListener("keydown", (e) => {
    if ((e.key !== "Enter" && e.key !== " ") || e.target === container || !e.target.matches(PRESSABLE)) return;
    e.preventDefault();
    e.target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
  new MutationObserver(() => {
    makePressable(container);
    const active = document.activeElement;
    if (lastKey === null || (active && active !== document.body && active.isConnected)) return;
    const controls = [...container.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length);
    const again = controls.find((el) => focusKey(el) === lastKey);
    (again || controls[0] || container).focus({ preventScroll: true });
  }).observe(container, { childList: true, subtree: true });
  makePressable(container);
}

/** Draw one view with the game's renderer; a renderer that throws shows its error, not a blank board. */
export function drawBoard(container, renderer, ctx) {
  keepKeyboard(container);
  // a game whose seats have colours of their own (Midas's cups) lends them to the whole page
  const colours = renderer.seatColours ? renderer.seatColours(ctx.view) : [];
  colours.forEach((colour, seat) => document.documentElement.style.setProperty(`--seat${seat}`, colour));
  try { renderer.render(container, ctx); } catch (e) {
    console.error(e);
    container.replaceChildren(h("pre", { class: "render-error" }, `renderer error: ${e.message}`));
  }
}

// Log lines whose "what is this" the reader opened (by seq), kept across the log's redraws.
const opened = new Set();

/** The log as list items. `explain(entry)` (a renderer's, optional) gives `[{name, text}]`: what the
 *  cards, hexes, faces or favours a line names do; such a line carries them as its hover title and
 *  behind an ⓘ button that opens them under the line (a touch screen has no hover). */
export function logItems(words, entries, names, explain = null, t = (k) => k) {
  const pair = words?.["pair.sep"] ?? ": "; // "Pioche : …" in French
  return entries.map((e) => {
    const li = h("li", { class: `log-entry log-${(e.msg || "").replace(/\./g, "-")}`, dataset: { seq: e.seq } },
      renderEntry(words, e, names));
    let about = [];
    try { about = (explain && explain(e)) || []; } catch { about = []; }
    about = about.filter((x) => x && x.text);
    if (!about.length) return li;
    const lines = about.map((x) => (x.text.toLowerCase().startsWith(String(x.name).toLowerCase()) ? x.text : `${x.name}${pair}${x.text}`));
    li.title = lines.join("\n");
    li.classList.add("log-explained");
    const open = opened.has(e.seq);
    const detail = h("div", { class: "log-detail", hidden: !open }, ...lines.map((line) => h("div", {}, line)));
    const button = h("button", { class: "log-info", type: "button", "aria-expanded": String(open), "aria-label": t("ui.log_what"),
      title: t("ui.log_what"), onclick: () => {
        const now = detail.hidden;
        detail.hidden = !now; button.setAttribute("aria-expanded", String(now));
        if (now) opened.add(e.seq); else opened.delete(e.seq);
      } }, "ⓘ");
    li.append(" ", button, detail);
    return li;
  });
}

function label(t, key) {
  for (const k of [`ui.${key}`, `term.${key}`]) { const v = t(k); if (v !== k) return v; }
  return key;
}

/** The end: every seat's score breakdown (rows `tr[data-key]`), winners marked with the trophy. */
export function breakdownTable(scores, winners, nameOf, t, id = "score-breakdown") {
  const keys = Object.keys(scores[0]?.breakdown || {});
  const seats = scores.map((_, i) => i);
  return h("table", { id, class: "breakdown" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...seats.map((s) => h("th", { class: winners.includes(s) ? "winner" : "" },
      winners.includes(s) ? h("img", { class: "ico", src: "/static/img/trophy.svg", alt: "winner" }) : null, nameOf(s))))),
    h("tbody", {}, ...keys.map((k) => h("tr", { dataset: { key: k } }, h("th", {}, label(t, k)),
      ...seats.map((s) => h("td", {}, String(scores[s].breakdown[k])))))),
    h("tfoot", {}, h("tr", {}, h("th", {}, t("ui.total")), ...seats.map((s) => h("td", { class: "total" }, String(scores[s].total))))));
}

/** A rating as the site shows it: the conservative mu − 3σ, one decimal. */
export const ratingText = (value) => (value == null ? "—" : (Math.round(value * 10) / 10).toFixed(1));

/** The language switch every page has in its top bar. */
export function languageSelect(select, lang, onChange) {
  select.replaceChildren(...LANGUAGES.map((l) => h("option", { value: l, selected: l === lang }, { en: "English", fr: "Français", zh: "中文" }[l])));
  select.addEventListener("change", () => onChange(select.value));
}
