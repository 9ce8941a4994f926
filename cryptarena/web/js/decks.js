// The deck builder (/decks/<game>: decks.html, css/decks.css): pick a character, add cards and hexes,
// see live what the server's check says (POST /api/games/<game>/decks/check: the limits live there only),
// save decks in this browser (decks_store.js, offered again at a table's set-up), export and import them.
// Every word comes from the game's catalogue (ui.builder.*, term.*, text.*, ability.*) in en/fr/zh.
//
// Hooks: #lang; .builder-prebuilt[data-deck]; .builder-character[data-character] (.selected);
// #builder-filter-type, #builder-filter-rarity, #builder-search, #builder-shown;
// #builder-cards .builder-card[data-card][data-type][data-rarity] (.in-deck, .not-usable) with
// .builder-remove[data-card], .builder-count, .builder-add[data-card] (disabled at the copies limit);
// #builder-deck: #builder-size[data-n], .builder-rarity[data-rarity][data-n], .builder-type[data-type][data-n],
// #builder-deck-list li[data-card][data-n]; #builder-hexes .builder-hex[data-hex] (.exit) with
// .builder-hex-remove, .builder-hex-count, .builder-hex-add, svg .builder-door[data-side];
// #builder-hex-size[data-n][data-exits], #builder-hex-chosen li[data-hex][data-n];
// #builder-status[data-legal="true|false"][data-pending="true|false"], #builder-problems li[data-msg];
// #builder-name, #builder-save, #builder-save-note; #builder-saved li[data-name] (.builder-load,
// .builder-delete); #builder-export, #builder-import, #builder-io (textarea), #builder-io-note (.error);
// #builder-clear. window.deckBuilder exposes { deck, check } for tests.
import { api, h, toast } from "./api.js";
import { LANGUAGES, currentLang, setLang, translator, mergeCatalogue } from "./i18n.js";
import { loadDecks, saveDeck, deleteDeck, isDeck } from "./decks_store.js";
import { keepKeyboard } from "./board.js";

const $ = (sel) => document.querySelector(sel);
const SVG = "http://www.w3.org/2000/svg";
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const S = {
  lang: currentLang(), t: (k) => k, game: null, comp: null, catalogue: null, cards: {}, hexes: {}, chars: {},
  deck: { character: null, cards: {}, hexes: [] },
  check: { legal: false, problems: [], pending: false, error: null }, seq: 0, timer: null,
};
window.deckBuilder = S;

const t = (key, params) => S.t(key, params);
const term = (id) => t(`term.${id}`);
function textOf(key, fallback = "") { const text = t(key); return text === key ? fallback : text; }
const sum = (values) => values.reduce((a, b) => a + b, 0);
const copiesOf = (id) => S.deck.cards[id] || 0;
const hexCount = (id) => S.deck.hexes.filter((x) => x === id).length;
const limits = () => S.comp.limits;

// -- language ------------------------------------------------------------------------------------------
function setLanguage(lang) {
  S.lang = lang; setLang(lang);
  S.t = translator(lang, mergeCatalogue(S.catalogue, lang));
  document.documentElement.lang = lang;
  renderAll();
  if (S.comp) scheduleCheck(0); // the server's problems, in the new language
}

function renderStatic() {
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = t(el.dataset.w);
  const title = t("ui.builder.title", { game: S.game ? S.game.name : gameId });
  $("#builder-title").textContent = title; document.title = `Crypt Arena — ${title}`;
  $("#builder-search").placeholder = t("ui.builder.search");
  $("#builder-name").placeholder = t("ui.builder.name");
  $("#builder-problems").setAttribute("aria-label", t("ui.builder.problems_heading"));
  $("#builder-starter").hidden = !(S.comp && S.comp.starter_set);
}

function renderAll() {
  renderStatic();
  if (!S.comp) return;
  renderPrebuilts(); renderCharacters(); renderFilters(); renderDeckParts(); renderSaved();
}

// Everything that depends on the deck being built.
function renderDeckParts() { renderCards(); renderDeck(); renderHexes(); renderStatus(); }

// -- prebuilt decks and characters ------------------------------------------------------------------------
function renderPrebuilts() {
  $("#builder-prebuilts").replaceChildren(...S.comp.decks.map((d) => h("button", {
    class: "btn builder-prebuilt", dataset: { deck: d.id }, onclick: () => loadDeck(d),
  }, t("ui.builder.prebuilt", { character: term(d.character) }))));
}

function renderCharacters() {
  $("#builder-characters").replaceChildren(...S.comp.characters.map((c) => h("button", {
    class: `builder-character${S.deck.character === c.id ? " selected" : ""}`, dataset: { character: c.id },
    "aria-pressed": String(S.deck.character === c.id), onclick: () => pickCharacter(c.id),
  },
  h("b", { class: "builder-character-name" }, term(c.id)),
  h("span", { class: "builder-character-stats" }, [t("ui.builder.life", { n: c.life }), t("ui.builder.dodge", { n: c.dodge }),
    t("ui.builder.hit", { dice: c.hit })].join(" · ")),
  h("span", { class: "builder-character-uses" }, Object.entries(c.uses).map(([type, n]) => t("ui.builder.uses", { type: t(`term.type.${type}`), n })).join(" · ")),
  h("span", { class: "builder-character-ability" }, textOf(`ability.${c.id}`, c.ability_text)))));
}

function pickCharacter(id) {
  S.deck.character = id;
  renderCharacters(); renderFilters(); changed();
}

// -- the card list ----------------------------------------------------------------------------------------
// The character's cards, plus any card of the deck it may not use (so that it can be taken out).
function listedCards() {
  const ch = S.chars[S.deck.character];
  if (!ch) return [];
  const ids = [...ch.may_use, ...Object.keys(S.deck.cards).filter((id) => copiesOf(id) && !ch.may_use.includes(id))];
  return ids.map((id) => S.cards[id] || { id, title: id, type: "", rarity: "", natures: [], methods: [], text: "" });
}

function renderFilters() {
  const type = $("#builder-filter-type"), rarity = $("#builder-filter-rarity");
  const keepType = type.value, keepRarity = rarity.value;
  const types = [...new Set(listedCards().map((c) => c.type))];
  type.replaceChildren(h("option", { value: "" }, t("ui.builder.all_types")),
    ...types.map((ty) => h("option", { value: ty, selected: ty === keepType }, t(`term.type.${ty}`))));
  rarity.replaceChildren(h("option", { value: "" }, t("ui.builder.all_rarities")),
    ...limits().rarities.map((r) => h("option", { value: r, selected: r === keepRarity }, t(`term.rarity.${r}`))));
}

function matches(c) {
  const type = $("#builder-filter-type").value, rarity = $("#builder-filter-rarity").value;
  const q = $("#builder-search").value.trim().toLowerCase();
  if ((type && c.type !== type) || (rarity && c.rarity !== rarity)) return false;
  if (!q) return true;
  return [term(c.id), c.title, c.id, textOf(`text.${c.id}`, c.text), c.text].some((s) => String(s || "").toLowerCase().includes(q));
}

function renderCards() {
  const box = $("#builder-cards");
  if (!S.deck.character) {
    box.replaceChildren(h("li", { class: "muted builder-hint" }, t("ui.builder.pick_first")));
    $("#builder-shown").textContent = "";
    return;
  }
  const all = listedCards(), shown = all.filter(matches);
  $("#builder-shown").textContent = t("ui.builder.shown", { n: shown.length, total: all.length });
  box.replaceChildren(...(shown.length ? shown.map(cardRow) : [h("li", { class: "muted builder-hint" }, t("ui.builder.no_match"))]));
}

function cardRow(c) {
  const n = copiesOf(c.id), max = limits().copies;
  const usable = S.chars[S.deck.character].may_use.includes(c.id);
  const stats = [];
  if (c.damage || c.dtype) stats.push([c.damage, c.dtype ? term(c.dtype) : null].filter(Boolean).join(" "));
  if (c.range) stats.push(t(`term.range.${c.range}`));
  if (c.lp) stats.push(t("ui.builder.lp", { n: c.lp }));
  if (c.dg) stats.push(t("ui.builder.dg", { n: c.dg }));
  return h("li", { class: `builder-card rarity-${c.rarity}${n ? " in-deck" : ""}${usable ? "" : " not-usable"}`, dataset: { card: c.id, type: c.type, rarity: c.rarity } },
    h("div", { class: "builder-card-main" },
      h("div", { class: "builder-card-head" }, h("b", { class: "builder-card-title" }, term(c.id)),
        h("span", { class: "builder-rarity", title: t(`term.rarity.${c.rarity}`) }, c.rarity)),
      h("div", { class: "builder-card-meta" }, [t(`term.type.${c.type}`), c.level ? t("ui.builder.level", { n: c.level }) : null,
        c.natures.map((x) => t(`term.nature.${x}`)).join(", ")].filter(Boolean).join(" · ")),
      stats.length ? h("div", { class: "builder-card-stats" }, stats.join(" · ")) : null,
      h("div", { class: "builder-card-methods muted" }, c.methods.map((m) => t(`term.method.${m}`)).join(" / ")),
      h("p", { class: "builder-card-text" }, textOf(`text.${c.id}`, c.text))),
    counter(n, {
      remove: { class: "builder-remove", dataset: { card: c.id }, disabled: !n, onclick: () => addCard(c.id, -1) },
      count: "builder-count",
      add: { class: "builder-add", dataset: { card: c.id }, disabled: n >= max || !usable, title: n >= max ? t("ui.builder.max_copies", { max }) : t("ui.builder.add"), onclick: () => addCard(c.id, 1) },
    }));
}

function counter(n, { remove, count, add }) {
  return h("div", { class: "builder-counter" },
    h("button", { type: "button", title: t("ui.builder.remove"), ...remove, class: `btn btn-small ${remove.class}` }, "−"),
    h("span", { class: count, "aria-live": "polite" }, String(n)),
    h("button", { type: "button", ...add, class: `btn btn-small ${add.class}` }, "+"));
}

function addCard(id, step) {
  const n = Math.max(0, copiesOf(id) + step);
  if (n) S.deck.cards[id] = n; else delete S.deck.cards[id];
  changed();
}

// -- the deck's summary -----------------------------------------------------------------------------------
function renderDeck() {
  const L = limits(), chosen = Object.entries(S.deck.cards).filter(([, n]) => n > 0);
  const size = sum(chosen.map(([, n]) => n)) + 1; // the Key is added at set-up
  const byRarity = {}, byType = {};
  for (const [id, n] of chosen) {
    const c = S.cards[id] || {};
    byRarity[c.rarity] = (byRarity[c.rarity] || 0) + n; byType[c.type] = (byType[c.type] || 0) + n;
  }
  const chip = (cls, data, label, n, cap) => h("span", { class: `builder-chip ${cls}${cap != null && n > cap ? " over" : ""}`, dataset: { ...data, n } },
    `${label} ${n}${cap != null ? ` / ${cap}` : ""}`);
  $("#builder-deck").replaceChildren(
    h("p", { class: "builder-size-line" }, h("b", {}, t("ui.builder.size_label")), " ",
      h("span", { id: "builder-size", dataset: { n: size }, class: size < L.deck_min || size > L.deck_max ? "over" : "" },
        t("ui.builder.size", { n: size, min: L.deck_min, max: L.deck_max }))),
    h("div", { class: "builder-chips" }, h("b", {}, t("ui.builder.by_rarity")), ...L.rarities.map((r) =>
      h("span", { title: t(`term.rarity.${r}`) }, r in L.rarity_caps ? chip("builder-rarity", { rarity: r }, r, byRarity[r] || 0, L.rarity_caps[r])
        : chip("builder-rarity", { rarity: r }, `${r} (${t("ui.builder.no_cap")})`, byRarity[r] || 0, null)))),
    h("div", { class: "builder-chips" }, h("b", {}, t("ui.builder.by_type")),
      ...Object.entries(byType).map(([ty, n]) => chip("builder-type", { type: ty }, t(`term.type.${ty}`), n, null))),
    chosen.length ? h("ul", { id: "builder-deck-list", class: "builder-deck-list" }, ...chosen.map(([id, n]) => h("li", {
      dataset: { card: id, n }, class: S.chars[S.deck.character]?.may_use.includes(id) ? "" : "not-usable",
    }, `${n} × ${term(id)}`, h("span", { class: "builder-rarity" }, (S.cards[id] || {}).rarity || "?"))))
      : h("p", { id: "builder-deck-list", class: "muted" }, t("ui.builder.empty_deck")),
    h("p", { class: "muted builder-key-line" }, t("ui.builder.key_line", { key: term(L.key) })));
}

// -- hexes ------------------------------------------------------------------------------------------------
function svgEl(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** A pointy-top hexagon with a mark on each door side (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE: board.py). */
function hexSvg(hx) {
  const R = 20, corner = (i, r = R) => [r * Math.cos((Math.PI / 180) * (60 * i - 30)), r * Math.sin((Math.PI / 180) * (60 * i - 30))];
  const sides = hx.doors.map((d) => t(`ui.builder.side.${d}`)).join(", ");
  const svg = svgEl("svg", { class: "builder-hex-svg", viewBox: "-24 -24 48 48", width: 64, height: 64, role: "img", "aria-label": t("ui.builder.doors", { sides }) });
  svg.append(svgEl("polygon", { class: `builder-hex-shape${hx.exit ? " exit" : ""}`, points: [0, 1, 2, 3, 4, 5].map((i) => corner(i).map((v) => v.toFixed(1)).join(",")).join(" ") }));
  for (const d of hx.doors) {
    const [x1, y1] = corner(d, R * 0.96), [x2, y2] = corner(d + 1, R * 0.96);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, dx = (x2 - x1) * 0.25, dy = (y2 - y1) * 0.25;
    svg.append(svgEl("line", { class: "builder-door", "data-side": d, x1: (mx - dx).toFixed(1), y1: (my - dy).toFixed(1), x2: (mx + dx).toFixed(1), y2: (my + dy).toFixed(1) }));
  }
  const title = svgEl("title", {}); title.textContent = t("ui.builder.doors", { sides }); svg.prepend(title);
  return svg;
}

// The hex's text from the catalogue (text.<hex>), else its events and benefits in words.
function hexText(hx) {
  const text = textOf(`text.${hx.id}`);
  if (text) return text;
  const ev = (e) => {
    const p = { ...e, n: e.count, name: e.name ? t(`term.event.${e.name}`) : "", monster: e.monster ? term(e.monster) : "" };
    return t(`ui.builder.ev.${e.kind}`, p);
  };
  const parts = [t("ui.builder.events", { list: hx.events.map(ev).join("; ") })];
  if (hx.use) parts.push(t("ui.builder.use", { damage: hx.use.damage, draw: hx.use.draw }));
  if (hx.benefits.length) {
    parts.push(t("ui.builder.benefits", { list: hx.benefits.map((b) => t(`ui.builder.benefit.${b.what}`, { who: b.who === "owner" ? t("ui.builder.who_owner") : term(b.who) })).join("; ") }));
  }
  return parts.join(" · ");
}

function renderHexes() {
  const L = limits(), exits = S.deck.hexes.filter((id) => S.hexes[id]?.exit).length;
  const chosen = [...new Set(S.deck.hexes)];
  $("#builder-hex-summary").replaceChildren(
    h("p", { id: "builder-hex-size", dataset: { n: S.deck.hexes.length, exits } },
      t("ui.builder.hex_size", { n: S.deck.hexes.length, min: L.hexes_min, max: L.hexes_max, exits })),
    chosen.length ? h("ul", { id: "builder-hex-chosen", class: "builder-deck-list" }, ...chosen.map((id) => h("li", { dataset: { hex: id, n: hexCount(id) }, class: S.hexes[id]?.exit ? "exit" : "" },
      `${hexCount(id)} × ${term(id)}`, S.hexes[id]?.exit ? h("span", { class: "builder-exit" }, t("ui.builder.exit")) : null)))
      : h("p", { id: "builder-hex-chosen", class: "muted" }, t("ui.builder.no_hexes")));
  $("#builder-hexes").replaceChildren(...S.comp.hexes.map((hx) => {
    const n = hexCount(hx.id);
    return h("li", { class: `builder-hex rarity-${hx.rarity}${hx.exit ? " exit" : ""}${n ? " in-deck" : ""}`, dataset: { hex: hx.id, rarity: hx.rarity } },
      hexSvg(hx),
      h("div", { class: "builder-hex-main" },
        h("div", { class: "builder-card-head" }, h("b", { class: "builder-card-title" }, term(hx.id)),
          h("span", { class: "builder-rarity", title: t(`term.rarity.${hx.rarity}`) }, hx.rarity)),
        h("span", { class: hx.exit ? "builder-exit" : "builder-not-exit muted" }, t(hx.exit ? "ui.builder.exit" : "ui.builder.not_exit")),
        h("p", { class: "builder-card-text" }, hexText(hx))),
      counter(n, {
        remove: { class: "builder-hex-remove", dataset: { hex: hx.id }, disabled: !n, title: t("ui.builder.remove_hex"), onclick: () => addHex(hx.id, -1) },
        count: "builder-hex-count",
        add: { class: "builder-hex-add", dataset: { hex: hx.id }, disabled: n >= L.copies, title: n >= L.copies ? t("ui.builder.max_copies", { max: L.copies }) : t("ui.builder.add_hex"), onclick: () => addHex(hx.id, 1) },
      }));
  }));
}

function addHex(id, step) {
  if (step > 0) S.deck.hexes.push(id);
  else { const i = S.deck.hexes.lastIndexOf(id); if (i >= 0) S.deck.hexes.splice(i, 1); }
  changed();
}

// -- the server's check -----------------------------------------------------------------------------------
function changed() { renderDeckParts(); scheduleCheck(); }

function scheduleCheck(delay = 150) {
  clearTimeout(S.timer);
  const seq = ++S.seq;
  if (!S.deck.character) { Object.assign(S.check, { legal: false, problems: [], pending: false, error: null }); renderStatus(); return; }
  S.check.pending = true; renderStatus();
  S.timer = setTimeout(() => runCheck(seq), delay);
}

async function runCheck(seq) {
  const body = { character: S.deck.character, cards: { ...S.deck.cards }, hexes: [...S.deck.hexes] };
  try {
    const answer = await api.post(`/api/games/${encodeURIComponent(gameId)}/decks/check?lang=${S.lang}`, body);
    if (seq !== S.seq) return;
    Object.assign(S.check, { legal: answer.legal, problems: answer.problems, pending: false, error: null });
  } catch (err) {
    if (seq !== S.seq) return;
    Object.assign(S.check, { legal: false, problems: [], pending: false, error: err.message });
  }
  renderStatus();
}

/** The check of the deck as it is now (waits for the one in flight, or asks at once). */
async function checkNow() {
  if (!S.check.pending) return S.check;
  clearTimeout(S.timer);
  const seq = ++S.seq;
  await runCheck(seq);
  return S.check;
}

function renderStatus() {
  const c = S.check, status = $("#builder-status");
  status.dataset.legal = String(!!(c.legal && !c.pending && S.deck.character));
  status.dataset.pending = String(c.pending);
  status.className = `builder-status ${c.pending ? "pending" : c.legal ? "legal" : "illegal"}`;
  status.textContent = !S.deck.character ? t("ui.builder.need_character") : c.pending ? t("ui.builder.checking")
    : c.error ? t("ui.builder.check_failed", { error: c.error }) : c.legal ? t("ui.builder.legal")
      : c.problems.length === 1 ? t("ui.builder.problems_one") : t("ui.builder.problems_n", { n: c.problems.length });
  if (!c.pending) $("#builder-problems").replaceChildren(...c.problems.map((p) => h("li", { dataset: { msg: p.msg } }, p.text)));
  $("#builder-problems").classList.toggle("stale", c.pending);
}

// -- saving, loading, export and import --------------------------------------------------------------------
function loadDeck(d, name = null) {
  const cards = {};
  for (const [id, n] of Object.entries(d.cards || {})) if (n > 0) cards[id] = n;
  S.deck = { character: d.character, cards, hexes: [...(d.hexes || [])] };
  if (name !== null) $("#builder-name").value = name;
  renderCharacters(); renderFilters(); changed();
}

async function save(e) {
  e.preventDefault();
  const note = $("#builder-save-note"), name = $("#builder-name").value.trim();
  const say = (text, error = false) => { note.textContent = text; note.classList.toggle("error", error); };
  if (!S.deck.character) return say(t("ui.builder.need_character"), true);
  if (!name) return say(t("ui.builder.need_name"), true);
  saveDeck(gameId, { name, character: S.deck.character, cards: { ...S.deck.cards }, hexes: [...S.deck.hexes] });
  renderSaved();
  const check = await checkNow();
  say(t(check.legal ? "ui.builder.saved_legal" : "ui.builder.saved_not_legal", { name }), !check.legal);
}

function renderSaved() {
  const decks = loadDecks(gameId);
  $("#builder-saved").replaceChildren(...(decks.length ? decks.map((d) => h("li", { dataset: { name: d.name } },
    h("b", { class: "builder-saved-name" }, d.name),
    h("span", { class: "muted grow" }, t("ui.builder.saved_line", { character: term(d.character), cards: sum(Object.values(d.cards)) + 1, hexes: d.hexes.length })),
    h("button", { class: "btn btn-small builder-load", onclick: () => { loadDeck(d, d.name); ioNote(t("ui.builder.loaded", { name: d.name })); } }, t("ui.builder.load")),
    h("button", { class: "btn btn-small btn-ghost builder-delete", onclick: () => { deleteDeck(gameId, d.name); renderSaved(); ioNote(t("ui.builder.deleted", { name: d.name })); } }, t("ui.builder.delete"))))
    : [h("li", { class: "muted" }, t("ui.builder.no_saved"))]));
}

function ioNote(text, error = false) {
  const note = $("#builder-io-note");
  note.textContent = text; note.classList.toggle("error", error);
  if (error) toast(text);
}

function exportDecks() {
  const decks = loadDecks(gameId);
  $("#builder-io").value = JSON.stringify(decks, null, 1);
  ioNote(t("ui.builder.exported", { n: decks.length }));
}

function importDecks() {
  const text = $("#builder-io").value.trim();
  if (!text) return ioNote(t("ui.builder.import_empty"), true);
  let data;
  try { data = JSON.parse(text); } catch (err) { return ioNote(t("ui.builder.import_not_json", { error: err.message }), true); }
  const decks = Array.isArray(data) ? data : [data];
  if (!decks.length) return ioNote(t("ui.builder.import_empty"), true);
  const bad = decks.findIndex((d) => !isDeck(d) || !S.chars[d.character]);
  if (bad >= 0) return ioNote(t("ui.builder.import_not_decks", { i: bad + 1 }), true);
  for (const d of decks) saveDeck(gameId, d);
  renderSaved();
  ioNote(t("ui.builder.imported", { n: decks.length }));
}

// -- start ------------------------------------------------------------------------------------------------
async function main() {
  const langSelect = $("#lang");
  langSelect.replaceChildren(...LANGUAGES.map((l) => h("option", { value: l, selected: l === S.lang }, { en: "English", fr: "Français", zh: "中文" }[l])));
  langSelect.addEventListener("change", () => setLanguage(langSelect.value));
  for (const id of ["#builder-filter-type", "#builder-filter-rarity"]) $(id).addEventListener("change", renderCards);
  $("#builder-search").addEventListener("input", renderCards);
  $("#builder-save-form").addEventListener("submit", save);
  $("#builder-clear").addEventListener("click", () => loadDeck({ character: S.deck.character, cards: {}, hexes: [] }));
  $("#builder-export").addEventListener("click", exportDecks);
  $("#builder-import").addEventListener("click", importDecks);
  // each + or − redraws its list: the keyboard's place stays on the button pressed
  for (const id of ["#builder-characters", "#builder-cards", "#builder-deck", "#builder-hexes", "#builder-saved"]) keepKeyboard($(id));
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  try { S.catalogue = await api.get(`${base}/messages`); } catch { S.catalogue = {}; }
  setLanguage(S.lang);
  try {
    S.game = await api.get(base);
    if (!S.game.deck_builder) throw new Error(t("ui.builder.not_available"));
    S.comp = await api.get(`${base}/components`);
  } catch (err) {
    const fatal = $("#builder-fatal");
    fatal.hidden = false; fatal.textContent = t("ui.builder.load_failed", { error: err.message });
    renderStatic();
    return;
  }
  for (const c of S.comp.cards) S.cards[c.id] = c;
  for (const x of S.comp.hexes) S.hexes[x.id] = x;
  for (const c of S.comp.characters) S.chars[c.id] = c;
  renderAll();
  document.body.dataset.ready = "true";
}

main();
