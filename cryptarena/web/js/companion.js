// The Midas companion (/companion, /companion/<code>): what the rulebook's app does for a table that
// plays with real dice and cups. One phone is seat 0 of a `mode=companion` table and acts for every
// player (companion actions carry "player"); the other seats are people at the table (kind "table").
// The table code is the table id; the device's seat token stays in this browser's localStorage, so
// reopening the code here resumes the game and any other device only watches (tokens are secrets).
import { api, getSession, startSession, loadToken, saveToken, TableSocket, toast, h } from "./api.js";
import { mergeCatalogue, renderEntry } from "./i18n.js";

const CUPS = ["red", "blue", "green", "yellow"];
const LANG_KEY = "ca.companion.lang", SETUP_KEY = "ca.companion.setup", LAST_KEY = "ca.companion.last";
const LONG_PRESS_MS = 600;

const WORDS = {
  fr: {
    subtitle: "Le compagnon pour jouer avec les vrais dés et gobelets", players: "Joueurs",
    "colour.red": "rouge", "colour.blue": "bleu", "colour.green": "vert", "colour.yellow": "jaune",
    cup: "Gobelet {colour}", default_name: "Joueur {n}", options: "Options",
    chest_size: "Pièces par coffre (dont 1 Maudite)", favour_payment: "Paiement des faveurs",
    "pay.drawn_coins": "avec les pièces piochées", "pay.chest": "en rendant des pièces de son coffre",
    die_faces: "Faces des dés", "faces.three_stones": "3 pierres + diamant",
    "faces.four_stones": "4 pierres, sans diamant", start: "Démarrer", resume: "Reprendre une partie",
    code_placeholder: "Code de la table", open: "Ouvrir", resume_last: "Reprendre la dernière partie",
    code: "Code", copied: "Lien de la table copié", round: "Manche {n}", cap: "Enchère max",
    "value.diamond": "Diamant", "value.favour": "Faveur", "value.obsidian": "Obsidienne",
    "phase.obsidian": "Les Maudits jouent leur Obsidienne", "phase.table": "Enchères avec les vrais dés",
    "phase.result": "Qui a perdu la manche ?", "phase.favours": "Les faveurs de Midas", "phase.swap": "Échange",
    "phase.game_end": "Fin de la partie",
    "hint.table": "{who} commence. Secouez, enchérissez à voix haute. Quand quelqu'un accuse (ou au plafond), soulevez les gobelets et appuyez sur Révéler.",
    "hint.result": "Comptez les pierres. Le perdant pioche dans son coffre ou perd un dé.",
    "hint.hold": "Un dé perdu ? Maintenez la pierre.", "hint.bribe": "Pot-de-vin de {who} : touchez la pierre.",
    reveal: "Révéler", "reveal.obsidian": "L'Obsidienne vaut", "reveal.favour": "La face Faveur vaut",
    draw: "Piocher", lose_die: "Perdre un dé", must_draw: "1 dé : pioche", dice: "dés", chest: "coffre",
    purse: "pièces", cursed: "Maudit", immune: "Immunisé", starts: "commence",
    offer: "Midas propose une faveur à {who}", budget: "Pièces à dépenser : {n}", granted_to: "octroyée à {who}",
    unaffordable: "pas disponible", pass: "Passer", "swap.choose": "{who} échange son coffre avec…",
    "fx.pot_de_vin": "Changer la pierre, même hors de son tour, avant une surenchère.",
    "fx.immunite": "Ne pas piocher la prochaine fois qu'on y est contraint.",
    "fx.damocles": "Le prochain à piocher pioche deux fois.", "fx.echange": "Échanger son coffre avec un autre joueur.",
    pass_phone: "Passez le téléphone à {who}", pass_phone_note: "Les autres détournent le regard : la carte Obsidienne est secrète.",
    i_am: "Je suis {who}", "obsidian.choose": "{who}, quelle carte Obsidienne jouez-vous ?",
    "obsidian.note": "Personne ne verra votre carte avant la révélation.", "obsidian.waiting": "Les Maudits choisissent leur carte…",
    winner: "{who} remporte l'Or !", winner_note: "Dernier en chair et en os.", new_game: "Nouvelle partie",
    spectator: "Vous regardez : seul l'appareil qui a lancé la partie la joue (son code s'ouvre là-bas).",
    not_companion: "Cette table n'est pas une partie compagnon de Midas.", open_table: "Ouvrir la table",
    unknown_table: "Aucune partie ne porte ce code.", back: "Retour", connecting: "Reconnexion…", cancel: "Annuler",
    "bribe.choose": "Pot-de-vin de {who} : la nouvelle pierre", "lose_die.choose": "Qui a perdu un dé ?",
    log: "Journal de la partie", lang_name: "EN",
  },
  en: {
    subtitle: "The companion for playing with the real dice and cups", players: "Players",
    "colour.red": "red", "colour.blue": "blue", "colour.green": "green", "colour.yellow": "yellow",
    cup: "{Colour} cup", default_name: "Player {n}", options: "Options",
    chest_size: "Coins per chest (1 of them cursed)", favour_payment: "Paying for favours",
    "pay.drawn_coins": "with the coins you drew", "pay.chest": "by returning coins from your chest",
    die_faces: "Die faces", "faces.three_stones": "3 stones + diamond",
    "faces.four_stones": "4 stones, no diamond", start: "Start", resume: "Resume a game",
    code_placeholder: "Table code", open: "Open", resume_last: "Resume the last game",
    code: "Code", copied: "Table link copied", round: "Round {n}", cap: "Bid cap",
    "value.diamond": "Diamond", "value.favour": "Favour", "value.obsidian": "Obsidian",
    "phase.obsidian": "The Cursed play their Obsidian", "phase.table": "Bidding with the real dice",
    "phase.result": "Who lost the round?", "phase.favours": "Midas's favours", "phase.swap": "Swap",
    "phase.game_end": "Game over",
    "hint.table": "{who} starts. Shake, bid out loud. When someone accuses (or at the cap), lift the cups and press Reveal.",
    "hint.result": "Count the stones. The loser draws from their chest or loses a die.",
    "hint.hold": "Lost a die? Hold the stone.", "hint.bribe": "{who}'s Pot-de-vin: tap the stone.",
    reveal: "Reveal", "reveal.obsidian": "Obsidian is worth", "reveal.favour": "A Favour face is worth",
    draw: "Draw", lose_die: "Lose a die", must_draw: "1 die: draws", dice: "dice", chest: "chest",
    purse: "coins", cursed: "Cursed", immune: "Immune", starts: "starts",
    offer: "Midas offers {who} a favour", budget: "Coins to spend: {n}", granted_to: "granted to {who}",
    unaffordable: "not available", pass: "Pass", "swap.choose": "{who} swaps chests with…",
    "fx.pot_de_vin": "Change the stone, even out of turn, before an overbid.",
    "fx.immunite": "Skip your next forced chest draw.",
    "fx.damocles": "The next to draw draws twice.", "fx.echange": "Swap your chest with another player's.",
    pass_phone: "Pass the phone to {who}", pass_phone_note: "Everyone else looks away: the Obsidian card is secret.",
    i_am: "I am {who}", "obsidian.choose": "{who}, which Obsidian card do you play?",
    "obsidian.note": "Nobody sees your card before the reveal.", "obsidian.waiting": "The Cursed are choosing their card…",
    winner: "{who} takes the gold!", winner_note: "The last one still flesh and bone.", new_game: "New game",
    spectator: "You are watching: only the device that started this game plays it (its code opens there).",
    not_companion: "This table is not a Midas companion game.", open_table: "Open the table",
    unknown_table: "No game has this code.", back: "Back", connecting: "Reconnecting…", cancel: "Cancel",
    "bribe.choose": "{who}'s Pot-de-vin: the new stone", "lose_die.choose": "Who lost a die?",
    log: "Game log", lang_name: "FR",
  },
};

const $ = (sel) => document.querySelector(sel);
const app = {
  lang: localStorage.getItem(LANG_KEY) === "en" ? "en" : "fr", catalogue: {}, words: {}, schema: null,
  table: null, state: null, socket: null, busy: false, local: { sheet: null, obsidianReady: null }, setup: null,
};
window.companion = app; // for debugging and browser tests

function t(key, params = {}) {
  let text = WORDS[app.lang][key] ?? WORDS.en[key] ?? (typeof app.words[key] === "string" ? app.words[key] : key);
  text = text.replace(/\{Colour\}/g, () => { const c = String(params.colour ?? ""); return c.charAt(0).toUpperCase() + c.slice(1); });
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}
const colourWord = (cup) => t(`colour.${cup}`);
const cupLabel = (cup) => t("cup", { colour: colourWord(cup) });
const term = (ns, value) => { const k = `term.${ns}.${value}`; return typeof app.words[k] === "string" ? app.words[k] : value; };

function setLanguage(lang) {
  app.lang = lang;
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  app.words = mergeCatalogue(app.catalogue, lang);
  $("#lang-toggle").textContent = t("lang_name");
  $("#lang-toggle").setAttribute("aria-label", lang === "fr" ? "English" : "Français");
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
      ...values.map((v) => h("option", { value: v, selected: v === current }, t(`${option}.${v}`)))));
  const rows = CUPS.slice(0, s.count).map((cup, seat) => h("li", { class: `name-row cup-${cup}`, dataset: { seat } },
    h("span", { class: "cup-icon", "aria-hidden": "true" }),
    h("label", { class: "name-label" }, h("span", { class: "cup-label" }, cupLabel(cup)),
      h("input", { class: "cup-name", dataset: { seat }, maxlength: "40", autocomplete: "off", value: s.names[seat],
        placeholder: t("default_name", { n: seat + 1 }), oninput: (e) => { s.names[seat] = e.target.value; } }))));
  const last = localStorage.getItem(LAST_KEY);
  $("#app").replaceChildren(h("section", { id: "setup", class: "c-setup" },
    h("h1", { class: "c-title" }, "Midas Chests"), h("p", { class: "c-sub" }, t("subtitle")),
    h("div", { class: "c-card" },
      h("h2", {}, t("players")),
      h("div", { class: "count-row", role: "group" }, ...[2, 3, 4].map((n) => h("button", {
        type: "button", class: `count-btn${n === s.count ? " active" : ""}`, dataset: { count: n },
        "aria-pressed": String(n === s.count), onclick: () => { s.count = n; renderSetup(); } }, String(n)))),
      h("ol", { class: "name-rows" }, ...rows)),
    h("div", { class: "c-card" },
      h("h2", {}, t("options")),
      h("div", { class: "c-field" }, h("span", {}, t("chest_size")),
        h("div", { class: "stepper" },
          h("button", { id: "chest-minus", type: "button", class: "step-btn", disabled: s.chest <= s.chestMin, "aria-label": "−",
            onclick: () => { s.chest = Math.max(s.chestMin, s.chest - 1); renderSetup(); } }, "−"),
          h("output", { id: "chest-size" }, String(s.chest)),
          h("button", { id: "chest-plus", type: "button", class: "step-btn", disabled: s.chest >= s.chestMax, "aria-label": "+",
            onclick: () => { s.chest = Math.min(s.chestMax, s.chest + 1); renderSetup(); } }, "+"))),
      select("opt-favour-payment", "pay", ["drawn_coins", "chest"], s.payment, t("favour_payment"), (v) => { s.payment = v; }),
      select("opt-die-faces", "faces", ["three_stones", "four_stones"], s.faces, t("die_faces"), (v) => { s.faces = v; })),
    h("p", { id: "setup-error", class: "c-error", role: "alert" }),
    h("button", { id: "start-game", type: "button", class: "c-big c-gold", onclick: startGame }, t("start")),
    h("form", { id: "resume-form", class: "c-card c-resume", onsubmit: (e) => { e.preventDefault(); openCode($("#code-input").value); } },
      h("h2", {}, t("resume")),
      h("div", { class: "resume-row" },
        h("input", { id: "code-input", placeholder: t("code_placeholder"), autocomplete: "off", autocapitalize: "off", spellcheck: "false" }),
        h("button", { id: "code-open", class: "c-btn c-gold" }, t("open"))),
      last ? h("a", { id: "resume-last", href: `/companion/${encodeURIComponent(last)}` }, `${t("resume_last")} (${last})`) : null)));
}

function openCode(text) {
  const code = String(text || "").trim().split("/").filter(Boolean).pop();
  if (code) location.href = `/companion/${encodeURIComponent(code)}`;
}

async function startGame() {
  const s = app.setup, button = $("#start-game");
  const names = CUPS.slice(0, s.count).map((_, i) => s.names[i].trim() || t("default_name", { n: i + 1 }));
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
const nameOf = (seat) => app.table?.seats?.[seat]?.name || t("default_name", { n: seat + 1 });
const names = () => Object.fromEntries((app.table?.seats || []).map((s) => [s.seat, nameOf(s.seat)]));
const legalOf = (type) => (app.state?.legal || []).filter((a) => a.type === type);
const isDevice = () => app.state?.seat === 0;

function send(action) {
  if (app.busy) return;
  if (!app.socket.act(action)) { toast(t("connecting")); return; }
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
      h("div", { class: "cap-box" }, h("span", { class: "cap-label" }, t("cap")), h("b", { id: "bid-cap" }, String(v.cap))),
      h("ul", { id: "values", class: "values" },
        h("li", { class: "value value-diamond" }, h("span", {}, t("value.diamond")), h("b", {}, "+2")),
        h("li", { class: "value value-favour" }, h("span", {}, t("value.favour")), h("b", { id: "value-favour" }, `+${v.values.favour}`)),
        h("li", { class: "value value-obsidian" }, h("span", {}, t("value.obsidian")),
          h("b", { id: "value-obsidian" }, obsidian === null || obsidian === undefined ? "?" : `+${obsidian}`)))));
}

// DOM append, minus the null/false that the ternaries below leave for "nothing here".
const append = (el, ...children) => el.append(...children.filter((c) => c !== null && c !== undefined && c !== false));

function renderPhase(v) {
  const st = app.state, phase = st.over ? "game_end" : st.view.phase;
  const panel = h("section", { id: "phase-panel", class: `c-card phase-${phase}`, dataset: { phase } },
    h("h2", { id: "phase-label" }, t(`phase.${phase}`)));
  if (phase === "game_end") {
    const w = v.winner;
    append(panel, h("div", { id: "winner-screen", class: `winner cup-${v.seats[w]?.cup}` },
      h("img", { class: "trophy", src: "/static/img/trophy.svg", alt: "" }),
      h("p", { id: "winner-name", class: "winner-name" }, t("winner", { who: nameOf(w) })),
      h("p", { class: "muted" }, t("winner_note")),
      h("a", { id: "new-game", class: "c-big c-gold", href: "/companion" }, t("new_game"))));
  } else if (phase === "obsidian") {
    append(panel, h("p", { class: "hint" }, t("obsidian.waiting")));
  } else if (phase === "table") {
    const reveal = legalOf("reveal")[0];
    append(panel, h("p", { id: "hint", class: "hint" }, t("hint.table", { who: nameOf(v.starter) })),
      v.bribe_holder !== null && legalOf("bribe").length ? h("p", { class: "hint hint-bribe" }, t("hint.bribe", { who: nameOf(v.bribe_holder) })) : null,
      reveal ? actionButton(reveal, { id: "reveal", class: "c-big c-gold" }, t("reveal")) : null);
  } else if (phase === "result") {
    const r = v.last_reveal || {};
    append(panel, h("div", { id: "reveal-result", class: "reveal-result" },
      h("div", { class: "reveal-item" }, h("span", {}, t("reveal.obsidian")), h("b", { id: "reveal-obsidian" }, `+${r.obsidian ?? 0}`)),
      h("div", { class: "reveal-item" }, h("span", {}, t("reveal.favour")), h("b", { id: "reveal-favour" }, `+${r.favour ?? v.values.favour}`))),
      h("p", { id: "hint", class: "hint" }, t("hint.result"), " ", legalOf("lose_die").length ? t("hint.hold") : ""));
  } else if (phase === "favours") {
    const who = v.offer_to, buys = legalOf("buy"), pass = legalOf("pass")[0];
    const budget = app.state.view.options.favour_payment === "chest" ? v.seats[who].chest - 1 : v.seats[who].purse;
    append(panel, h("div", { id: "favour-offer", dataset: { seat: who } },
      h("p", { class: "offer-who" }, t("offer", { who: nameOf(who) }), h("span", { class: "muted" }, ` · ${t("budget", { n: budget })}`)),
      h("div", { class: "favour-grid" }, ...Object.entries(v.favours).map(([favour, info]) => {
        const buy = buys.find((a) => a.favour === favour);
        const content = [h("span", { class: "favour-head" }, h("b", { class: "favour-name" }, term("favour", favour)),
          h("span", { class: "favour-price" }, `×${info.price}`)),
          h("span", { class: "favour-fx" }, t(`fx.${favour}`)),
          buy ? null : h("span", { class: "favour-why" }, info.granted_to !== null ? t("granted_to", { who: nameOf(info.granted_to) }) : t("unaffordable"))];
        return buy ? actionButton(buy, { class: "favour-btn", dataset: { favour } }, ...content)
          : h("button", { type: "button", class: "favour-btn", dataset: { favour }, disabled: true }, ...content);
      })),
      pass ? actionButton(pass, { id: "favour-pass", class: "c-big c-ghost" }, t("pass")) : null));
  } else if (phase === "swap") {
    append(panel, h("div", { id: "swap-choose" }, h("p", {}, t("swap.choose", { who: nameOf(v.swapper) })),
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
        v.starter === p.seat && !p.cursed && !app.state.over ? h("span", { class: "badge starter-badge" }, t("starts")) : null,
        p.cursed ? h("span", { class: "badge cursed-badge" }, t("cursed")) : null,
        p.favour ? h("span", { class: `badge favour-badge${favourUsed(v, p) ? " used" : ""}`, dataset: { favour: p.favour } },
          term("favour", p.favour)) : null,
        p.immune ? h("span", { class: "badge immune-badge" }, t("immune")) : null),
      h("div", { class: "player-stats" },
        h("span", { class: "stat dice-count" }, pips, h("b", { class: "dice-count-value" }, String(p.dice_count)), ` ${t("dice")}`),
        h("span", { class: "stat chest-count" }, h("i", { class: "ico-chest", "aria-hidden": "true" }), h("b", { class: "chest-count-value" }, String(p.chest)), ` ${t("chest")}`),
        h("span", { class: "stat purse-count" }, h("i", { class: "ico-coin", "aria-hidden": "true" }), h("b", { class: "purse-count-value" }, String(p.purse)), ` ${t("purse")}`))),
    draw ? h("div", { class: "player-actions" },
      actionButton(draw, { class: "draw-btn c-btn c-gold", dataset: { seat: p.seat } }, t("draw")),
      loseDie ? actionButton(loseDie, { class: "lose-die-btn c-btn c-ghost", dataset: { seat: p.seat } }, t("lose_die"))
        : h("span", { class: "must-draw muted" }, t("must_draw"))) : null);
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
    h("summary", {}, t("log")),
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
      h("h2", {}, t("pass_phone", { who: nameOf(who) })), h("p", {}, cupLabel(cup)), h("p", { class: "muted" }, t("pass_phone_note")),
      h("button", { id: "obsidian-ready", type: "button", class: "c-big c-gold",
        onclick: () => { app.local.obsidianReady = who; renderGame(); } }, t("i_am", { who: nameOf(who) })));
  }
  return h("section", { id: "obsidian-choice", class: `overlay cup-${cup}`, dataset: { seat: who } },
    h("h2", {}, t("obsidian.choose", { who: nameOf(who) })), h("p", { class: "muted" }, t("obsidian.note")),
    h("div", { class: "obsidian-cards" }, ...choices.filter((a) => a.player === who).map((a) =>
      actionButton(a, { class: "obsidian-card", dataset: { value: a.value } }, h("b", {}, `+${a.value}`), h("span", {}, t("value.obsidian"))))));
}

function renderSheet(v) {
  const kind = app.local.sheet;
  const options = kind === "bribe" ? legalOf("bribe") : kind === "lose-die" ? legalOf("lose_die") : [];
  if (!options.length) { app.local.sheet = null; return null; }
  const title = kind === "bribe" ? t("bribe.choose", { who: nameOf(v.bribe_holder) }) : t("lose_die.choose");
  return h("div", { class: "sheet-backdrop", onclick: (e) => { if (e.target === e.currentTarget) { app.local.sheet = null; renderGame(); } } },
    h("section", { id: kind === "bribe" ? "bribe-sheet" : "lose-die-sheet", class: "sheet" }, h("h2", {}, title),
      h("div", { class: "sheet-choices" }, ...options.map((a) => kind === "bribe"
        ? actionButton(a, { class: `bribe-choice stone-${a.stone}`, dataset: { stone: a.stone } }, h("span", { class: "stone-gem small" }), term("stone", a.stone))
        : actionButton(a, { class: `lose-die-choice cup-${v.seats[a.player].cup}`, dataset: { seat: a.player } }, h("span", { class: "cup-dot" }), nameOf(a.player)))),
      h("button", { id: "sheet-cancel", type: "button", class: "c-big c-ghost", onclick: () => { app.local.sheet = null; renderGame(); } }, t("cancel"))));
}

function renderGame() {
  const st = app.state;
  if (!st?.view) return;
  const v = st.view;
  document.body.dataset.phase = st.over ? "game_end" : v.phase;
  $("#app").replaceChildren(h("section", { id: "game", class: "c-game", dataset: { phase: st.over ? "game_end" : v.phase } },
    st.seat === null ? h("p", { id: "spectator-note", class: "c-note" }, t("spectator")) : null,
    st.over ? null : h("div", { class: "round-bar" }, h("b", { id: "round" }, t("round", { n: v.round }))),
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
    if (msg.code === "unknown_table") fatal(t("unknown_table"));
    else renderGame();
  }
}

function fatal(message, extra = null) {
  $("#app").replaceChildren(h("section", { class: "c-card c-fatal" }, h("p", { id: "fatal" }, message), extra,
    h("a", { class: "c-big c-ghost", href: "/companion" }, t("back"))));
}

async function openTable(tableId) {
  const [table, catalogue] = await Promise.all([
    api.get(`/api/tables/${encodeURIComponent(tableId)}`).catch((e) => ({ error: e })),
    api.get("/api/games/midas/messages").catch(() => ({})),
  ]);
  app.catalogue = catalogue || {};
  setLanguage(app.lang);
  if (table.error) { fatal(table.error.status === 404 ? t("unknown_table") : table.error.message); return; }
  if (table.game !== "midas" || table.options?.mode !== "companion") {
    fatal(t("not_companion"), h("a", { class: "c-big c-gold", href: `/table/${encodeURIComponent(table.id)}` }, t("open_table")));
    return;
  }
  app.table = table;
  const token = loadToken(table.id);
  const code = $("#table-code");
  code.hidden = false;
  code.textContent = `${t("code")} ${table.id}`;
  code.onclick = async () => {
    const url = `${location.origin}/companion/${encodeURIComponent(table.id)}`;
    try { await navigator.clipboard.writeText(url); toast(t("copied"), "info"); } catch { toast(url, "info"); }
  };
  if (token) {
    localStorage.setItem(LAST_KEY, table.id);
    if (table.status === "open") await api.post(`/api/tables/${table.id}/start`).catch((e) => toast(e.message));
  }
  app.socket = new TableSocket(table.id, { token, lang: app.lang, onMessage,
    onStatus: (s) => { const c = $("#conn"); c.hidden = s === "open"; c.textContent = t("connecting"); } });
}

async function main() {
  $("#lang-toggle").addEventListener("click", () => setLanguage(app.lang === "fr" ? "en" : "fr"));
  const parts = location.pathname.split("/").filter(Boolean);
  const tableId = parts[0] === "companion" && parts[1] ? decodeURIComponent(parts[1]) : null;
  if (tableId) { await openTable(tableId); return; }
  app.schema = await api.get("/api/games/midas").catch(() => null);
  app.setup = loadSetup();
  setLanguage(app.lang);
}

main();
