// Quartz's renderer for the generic table page (contract: ./README.md).
// Draws the bag, the five dice, every seat's cart, chest and reroll markers from a seat's `view`,
// and makes exactly the actions in `legal` clickable (each carries data-action = its JSON).
// Dice are clicked to mark them for a reroll; the reroll button then sends the legal reroll of
// exactly those dice.
import { h, seatMark } from "../api.js";
import { renderEntry } from "../i18n.js";

const COLOURS = ["white", "pink", "green", "blue", "red", "yellow", "black"];
const VALUES = { white: 2, pink: 3, green: 4, blue: 5, red: 7, yellow: 9 }; // points a crystal is worth (rules §2)
const FACES = ["pickaxe", "jackhammer", "chest", "cart", "steal"];

// 24×24 glyphs, drawn in currentColor.
const GLYPHS = {
  pickaxe: '<path d="M3 7c5-5 13-5 18 0-4-2-8-2-9-1l-1 1 2 2-9 11-2-2 9-9-2-2-1 1C7 5 5 6 3 7z"/>',
  jackhammer: '<rect x="7" y="2" width="10" height="4" rx="1"/><rect x="9" y="6" width="6" height="8"/><path d="M11 14h2v6l-1 2-1-2z"/><path d="M4 18l3 1M20 18l-3 1M5 22l3-2M19 22l-3-2" stroke="currentColor" stroke-width="1.3"/>',
  chest: '<path d="M3 10a9 5 0 0 1 18 0v2H3z"/><rect x="3" y="12.5" width="18" height="8" rx="1"/><rect x="10.5" y="11" width="3" height="4" fill="rgba(0,0,0,.45)"/>',
  cart: '<path d="M2 6h20l-2 9H4z"/><circle cx="7" cy="19" r="2.2"/><circle cx="17" cy="19" r="2.2"/>',
  steal: '<path d="M7 21v-7L4 10l1.5-1.5L8 11V4.5a1.3 1.3 0 0 1 2.6 0V10h.4V3a1.3 1.3 0 0 1 2.6 0v7h.4V4a1.3 1.3 0 0 1 2.6 0v6.5h.4V6.5a1.3 1.3 0 0 1 2.6 0V15l-3 6z"/>',
  helmet: '<path d="M3 16a9 9 0 0 1 18 0v2H3z"/><rect x="10" y="4" width="4" height="5" rx="1" fill="#ffe680"/><path d="M1.5 18h21v2h-21z"/>',
  marker: '<path d="M12 3a9 9 0 1 0 9 9h-3a6 6 0 1 1-1.8-4.3L14 10h7V3l-2.6 2.6A9 9 0 0 0 12 3z"/>',
};
const glyph = (name, cls = "qz-glyph") =>
  h("span", { class: `${cls} qz-glyph-${name}`, "aria-hidden": "true", html: `<svg viewBox="0 0 24 24" fill="currentColor">${GLYPHS[name] || ""}</svg>` });

// Every word comes from ctx.t: this game's catalogue (messages.json, keys "ui.quartz.*") in the chosen language.
// "What you may do now" per phase; the keys are spelled out so tests can find every one.
const PROMPTS = { roll: "ui.quartz.p_roll", actions: "ui.quartz.p_actions", pickaxe: "ui.quartz.p_pickaxe",
  jackhammer: "ui.quartz.p_jackhammer", chest: "ui.quartz.p_chest", cart: "ui.quartz.p_cart", steal: "ui.quartz.p_steal" };
// what a chest, cart or steal asks for, above the answers
const ASKS = { chest: "ui.quartz.ask_chest", cart: "ui.quartz.ask_cart", steal: "ui.quartz.ask_steal" };
const colourName = (ctx, c) => ctx.t(`term.colour.${c}`);
const faceName = (ctx, f) => ctx.t(`term.${f}`);
// what a face does, on hover wherever a die face or its count is drawn
const DOES = { pickaxe: "ui.quartz.does_pickaxe", jackhammer: "ui.quartz.does_jackhammer", chest: "ui.quartz.does_chest",
  cart: "ui.quartz.does_cart", steal: "ui.quartz.does_steal", helmet: "ui.quartz.does_helmet" };
const faceDoes = (ctx, f) => (DOES[f] ? ctx.t(DOES[f]) : faceName(ctx, f));
// what a crystal is worth, on hover wherever one is drawn
const gemDoes = (ctx, c) => (c === "black" ? ctx.t("ui.quartz.gem_unstable", { colour: colourName(ctx, c) })
  : ctx.t("ui.quartz.gem_value", { colour: colourName(ctx, c), n: VALUES[c] }));
// an engine's reason ({msg, params}: a catalogue key) in the page's words
const reasonText = (ctx, entry) => renderEntry(ctx.words, entry, ctx.names);
// summary(view) gets no ctx: it uses the translator of the last render (the page renders first).
let lastT = (key) => key;
// the score's parts in words: "23 = Crystals 20 + Set bonuses 6 − Fewest in chest 5"
function scoreParts(t, s) {
  if (!s.parts) return "";
  const parts = Object.entries(s.parts).filter(([, n]) => n);
  const text = parts.map(([k, n], i) => `${i ? (n < 0 ? " − " : " + ") : n < 0 ? "−" : ""}${t(`term.${k}`)} ${Math.abs(n)}`).join("");
  const note = s.parts.fewest_in_chest ? ` (${t("ui.quartz.fewest_note")})` : "";
  return `${s.score} = ${text || 0}${note}`;
}

const CSS = `
.qz-header { display: flex; gap: .6rem; flex-wrap: wrap; align-items: center; }
.qz-bag-contents { display: inline-flex; gap: .3rem; flex-wrap: wrap; }
.qz-glyph svg { width: 20px; height: 20px; vertical-align: -4px; }
.gem { display: inline-flex; align-items: center; gap: 2px; padding: 1px 6px 1px 2px; border-radius: 99px; background: rgba(0,0,0,.25); font-weight: 600; font-size: .9rem; }
.gem::before { content: ""; width: 14px; height: 14px; transform: rotate(45deg) scale(.85); border-radius: 3px; background: var(--gem); border: 1px solid rgba(0,0,0,.5); box-shadow: inset 2px 2px 0 rgba(255,255,255,.45); }
.gem-white { --gem: #f4f2ea; } .gem-pink { --gem: #ff8fc8; } .gem-green { --gem: #3fbf6a; } .gem-blue { --gem: #3f86e6; }
.gem-red { --gem: #e0413a; } .gem-yellow { --gem: #f5c518; } .gem-black { --gem: #222; outline: 1px dashed #ff8a7a; }
button.gem { border: 1px solid var(--gold); color: var(--ink); cursor: pointer; } button.gem:hover { background: rgba(226,177,60,.35); }
.qz-dice { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }
.qz-die { width: 54px; height: 54px; border-radius: 10px; border: 0; display: grid; place-items: center; color: #2a2116;
  background: linear-gradient(145deg, #ffffff, #e8e2d0); box-shadow: 0 3px 0 #9d9479, 0 4px 10px rgba(0,0,0,.35); }
.qz-die .qz-glyph svg { width: 34px; height: 34px; }
button.qz-die { cursor: pointer; } button.qz-die:hover { transform: translateY(-2px); }
.qz-die.to-reroll { background: linear-gradient(145deg, #ffe9b0, #e6b94a); outline: 3px solid var(--gold); transform: rotate(-8deg); }
.qz-die.face-helmet { color: #6b5a12; }
.qz-tally { display: flex; gap: .4rem; flex-wrap: wrap; }
.qz-tally .chip.used { opacity: .45; text-decoration: line-through; }
.qz-actions { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }
.qz-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: .6rem; }
.qz-seat { background: var(--panel); border: 1px solid var(--line); border-left: 5px solid var(--sc, var(--line)); border-radius: var(--radius); padding: .5rem .7rem; }
.qz-seat.acting { box-shadow: 0 0 0 2px var(--gold); } .qz-seat.me { background: rgba(30, 60, 44, .85); }
.qz-seat-head { display: flex; gap: .5rem; align-items: center; } .qz-seat-head .grow { flex: 1; }
.qz-score { font: bold 1.2rem Georgia, serif; color: var(--gold); }
.qz-row { display: flex; gap: .35rem; flex-wrap: wrap; align-items: center; margin-top: .3rem; min-height: 24px; }
.qz-row > b { width: 3.6rem; font-size: .8rem; color: var(--muted); }
.qz-markers { display: inline-flex; align-items: center; gap: 2px; }
.qz-refused { display: inline-flex; flex-direction: column; gap: 2px; max-width: 16rem; }
.qz-refused .qz-why { font-size: .78rem; color: var(--muted); line-height: 1.2; }
.qz-refused button[disabled] { opacity: .55; cursor: not-allowed; }
.qz-ask { flex-basis: 100%; font-weight: 600; }
`;
function ensureStyle() {
  if (!document.getElementById("quartz-style")) document.head.append(h("style", { id: "quartz-style" }, CSS));
}

const gem = (colour, count, attrs = {}) =>
  h(attrs["data-action"] ? "button" : "span", { class: `gem gem-${colour}`, dataset: { colour }, ...attrs }, count === null ? "" : String(count));

function gems(ctx, holder, cls, attrsFor = () => ({})) {
  const present = COLOURS.filter((c) => holder[c] > 0);
  return h("span", { class: cls }, ...(present.length ? present.map((c) => gem(c, holder[c], { title: gemDoes(ctx, c), ...attrsFor(c) }))
    : [h("span", { class: "muted" }, ctx.t("ui.quartz.empty"))]));
}

const actionButton = (action, text, attrs = {}) =>
  h("button", { class: "btn action", "data-action": JSON.stringify(action), ...attrs }, text);

// -- the pieces --------------------------------------------------------------------------------------
function header(ctx, v) {
  return h("div", { class: "qz-header", id: "qz-header" },
    h("span", { class: "chip", id: "qz-round" }, ctx.t("ui.quartz.round", { n: v.round, of: v.rounds })),
    h("span", { class: "chip", id: "qz-bag", dataset: { size: v.bag_size }, title: ctx.t("ui.quartz.bag_title") }, ctx.t("ui.quartz.bag", { n: v.bag_size })),
    gems(ctx, v.bag, "qz-bag-contents"),
    h("span", { class: "chip muted", id: "qz-supply", title: ctx.t("ui.quartz.supply_title") }, ctx.t("ui.quartz.supply", { n: v.unstable_supply })));
}

function dice(ctx, v) {
  if (!v.dice.length || v.over) return null;
  const rolling = v.phase === "roll";
  const rerolls = ctx.legal.filter((a) => a.type === "reroll");
  const key = `${v.round}|${v.order.join()}|${v.dice.join()}|${v.free_rerolls}`;
  if (ctx.local.diceKey !== key) { ctx.local.diceKey = key; ctx.local.marked = []; }
  const marked = ctx.local.marked;
  const row = h("div", { class: "qz-dice", id: "qz-dice" }, ...v.dice.map((face, i) => {
    const el = h(rerolls.length ? "button" : "span", { class: `qz-die face-${face}${marked.includes(i) ? " to-reroll" : ""}`,
      dataset: { die: i, face }, title: faceDoes(ctx, face) }, glyph(face));
    if (rerolls.length) {
      el.addEventListener("click", () => {
        ctx.local.marked = marked.includes(i) ? marked.filter((d) => d !== i) : [...marked, i].sort((a, b) => a - b);
        ctx.rerender();
      });
    }
    return el;
  }));
  const parts = [row];
  if (rolling && ctx.legal.length) {
    const action = rerolls.find((a) => a.dice.join() === marked.join());
    const me = v.seats[ctx.seat];
    const cost = v.free_rerolls > 0 ? ctx.t("ui.quartz.reroll_free", { n: v.free_rerolls }) : ctx.t("ui.quartz.reroll_marker", { n: me.markers });
    const buttons = [];
    if (!rerolls.length) { // no free reroll left and no marker: say so beside a disabled Reroll
      buttons.push(h("span", { class: "qz-refused", id: "qz-reroll-refused" },
        h("button", { class: "btn action", disabled: true, id: "reroll-none" }, ctx.t("ui.quartz.reroll_none")),
        h("span", { class: "qz-why" }, reasonText(ctx, { msg: "reason.quartz.no_reroll" }))));
    }
    if (rerolls.length) {
      buttons.push(h("button", { class: "btn action", id: "reroll", disabled: !action, "data-action": action ? JSON.stringify(action) : null },
        `${ctx.t("ui.quartz.reroll", { n: marked.length })} (${cost})`));
    }
    const keep = ctx.legal.find((a) => a.type === "stop");
    if (keep) buttons.push(actionButton(keep, ctx.t("ui.quartz.keep"), { id: "stop", class: "btn action btn-gold" }));
    if (rerolls.length && !marked.length) buttons.push(h("span", { class: "muted" }, ctx.t("ui.quartz.pick_dice")));
    parts.push(h("div", { class: "qz-actions" }, ...buttons));
  } else if (rolling) {
    parts.push(h("div", { class: "muted" }, ctx.t("ui.quartz.rolling", { who: ctx.nameOf(v.order[0]) })));
  }
  return h("div", { class: "qz-roll" }, ...parts);
}

function tally(ctx, v) {
  if (v.phase === "roll" || v.over || !v.dice.length) return null;
  return h("div", { class: "qz-tally", id: "qz-tally" },
    ...FACES.map((f) => h("span", { class: `chip${v.used.includes(f) ? " used" : ""}`, dataset: { face: f }, title: faceDoes(ctx, f) }, glyph(f), ` ${v.faces[f] ?? 0}`)),
    h("span", { class: "chip" }, glyph("helmet"), ` ${ctx.t("ui.quartz.helmets", { n: v.helmets })}`));
}

function actionBar(ctx, v) {
  const buttons = [];
  for (const a of ctx.legal.filter((x) => x.type === "wild")) {
    buttons.push(actionButton(a, ctx.t("ui.quartz.wild", { face: faceName(ctx, a.as) }), { class: "btn action qz-wild", dataset: { as: a.as } }));
  }
  if (v.phase === "actions" && ctx.legal.length && v.helmets === 1 && !ctx.legal.some((x) => x.type === "wild")) {
    buttons.push(h("span", { class: "muted qz-wild-none", id: "qz-wild-none" }, ctx.t("ui.quartz.one_helmet")));
  }
  for (const a of ctx.legal.filter((x) => x.type === "use")) {
    buttons.push(actionButton(a, [glyph(a.face), ` ${ctx.t("ui.quartz.use", { face: faceName(ctx, a.face), n: v.faces[a.face] })}`],
      { class: "btn action btn-gold qz-use", dataset: { face: a.face }, title: faceDoes(ctx, a.face) }));
  }
  if (v.phase === "actions" && ctx.legal.length) { // a face rolled but not usable now: why, beside a disabled button
    for (const [face, why] of Object.entries(v.faces_refused || {})) {
      buttons.push(h("span", { class: "qz-refused qz-use-refused", dataset: { face } },
        h("button", { class: "btn action", disabled: true, title: faceDoes(ctx, face) },
          glyph(face), ` ${ctx.t("ui.quartz.use", { face: faceName(ctx, face), n: v.faces[face] ?? 0 })}`),
        h("span", { class: "qz-why" }, reasonText(ctx, why))));
    }
  }
  const draw = ctx.legal.find((a) => a.type === "draw");
  if (draw) buttons.push(actionButton(draw, ctx.t("ui.quartz.draw", { n: v.left }), { id: "draw", class: "btn action btn-gold" }));
  if (v.phase === "jackhammer" && ctx.legal.length) {
    buttons.push(h("span", {}, ctx.t("ui.quartz.drawn"), " "), gems(ctx, v.drawn, "qz-drawn"), h("b", {}, ctx.t("ui.quartz.to_return", { n: v.left })));
    for (const a of ctx.legal.filter((x) => x.type === "return")) {
      buttons.push(h("button", { class: `gem gem-${a.colour} qz-return`, "data-action": JSON.stringify(a), dataset: { colour: a.colour },
        title: `${ctx.t("ui.quartz.return")} ${colourName(ctx, a.colour)}` }, ctx.t("ui.quartz.return")));
    }
  }
  if (["chest", "cart", "steal"].includes(v.phase) && ctx.legal.length) {
    // the panel that asks holds the answers too (they are also on the carts below)
    buttons.push(h("span", { class: "qz-ask", id: "qz-ask", dataset: { phase: v.phase } }, ctx.t(ASKS[v.phase])));
    for (const a of ctx.legal) {
      if (a.type === "protect") buttons.push(h("button", { class: `gem gem-${a.colour} qz-protect`, "data-action": JSON.stringify(a), dataset: { colour: a.colour }, title: gemDoes(ctx, a.colour) }, colourName(ctx, a.colour)));
      if (a.type === "steal") {
        buttons.push(h("button", { class: `gem gem-${a.colour} qz-steal`, "data-action": JSON.stringify(a), dataset: { colour: a.colour, from: a.from }, title: gemDoes(ctx, a.colour) },
          ctx.t("ui.quartz.from", { colour: colourName(ctx, a.colour), who: ctx.nameOf(a.from) })));
      }
      if (a.type === "dump") buttons.push(actionButton(a, [seatMark(a.to), ctx.nameOf(a.to)], { class: "btn action btn-small qz-dump", dataset: { to: a.to } }));
    }
    buttons.push(h("span", { class: "chip" }, ctx.t("ui.quartz.uses_left", { n: v.left })));
  }
  const stop = ctx.legal.find((a) => a.type === "stop");
  if (stop && v.phase !== "roll") buttons.push(actionButton(stop, ctx.t("ui.quartz.stop_action"), { id: "stop-action", class: "btn action btn-ghost" }));
  const end = ctx.legal.find((a) => a.type === "end_turn");
  if (end) buttons.push(actionButton(end, ctx.t("ui.quartz.end_turn"), { id: "end-turn", class: "btn action btn-ghost" }));
  return h("div", { class: "qz-actions", id: "actions" }, ...buttons);
}

function seats(ctx, v) {
  const order = v.seats.map((s) => s.seat);
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  const protects = ctx.legal.filter((a) => a.type === "protect");
  const steals = ctx.legal.filter((a) => a.type === "steal");
  return h("div", { class: "qz-seats", id: "qz-seats" }, ...order.map((seat) => {
    const s = v.seats[seat];
    const acting = ctx.toAct.includes(seat) && !ctx.over;
    const dump = ctx.legal.find((a) => a.type === "dump" && a.to === seat);
    const cartAction = (c) => {
      const a = seat === ctx.seat ? protects.find((x) => x.colour === c) : steals.find((x) => x.from === seat && x.colour === c);
      if (!a) return {};
      return { "data-action": JSON.stringify(a), class: `gem gem-${c} ${a.type === "protect" ? "qz-protect" : "qz-steal"}`,
        dataset: { colour: c, from: a.from ?? "" }, title: `${ctx.t(a.type === "protect" ? "ui.quartz.protect" : "ui.quartz.take")} ${colourName(ctx, c)}` };
    };
    return h("div", { class: `qz-seat seat-color-${seat}${acting ? " acting" : ""}${seat === ctx.seat ? " me" : ""}`, dataset: { seat } },
      h("div", { class: "qz-seat-head" },
        h("b", { class: "grow" }, seatMark(seat), ctx.nameOf(seat)),
        h("span", { class: "qz-markers", title: ctx.t("ui.quartz.markers", { n: s.markers }), dataset: { markers: s.markers } }, glyph("marker"), String(s.markers)),
        h("span", { class: "qz-score", title: scoreParts(ctx.t, s) }, String(s.score))),
      h("div", { class: "qz-row qz-cart" }, h("b", {}, ctx.t("ui.quartz.cart")), gems(ctx, s.cart, "qz-gems", cartAction)),
      h("div", { class: "qz-row qz-chest" }, h("b", {}, ctx.t("ui.quartz.chest")), gems(ctx, s.chest, "qz-gems")),
      dump ? actionButton(dump, ctx.t("ui.quartz.give"), { class: "btn action btn-small qz-dump", dataset: { to: seat } }) : null);
  }));
}

// -- the contract ------------------------------------------------------------------------------------
export function render(container, ctx) {
  ensureStyle();
  lastT = ctx.t;
  const v = ctx.view;
  ctx.rerender = () => render(container, ctx);
  container.replaceChildren(h("div", { class: "quartz", id: "quartz" },
    header(ctx, v), dice(ctx, v), tally(ctx, v), actionBar(ctx, v), seats(ctx, v)));
  container.onclick = (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled || !container.contains(target)) return;
    event.stopPropagation();
    ctx.local.marked = [];
    ctx.send(JSON.parse(target.dataset.action));
  };
}

/** A hinted reroll is several clicks: mark its dice, so that the Reroll button carries it (js/hint.js). */
export function showAction(action, ctx) {
  if (action.type === "reroll") ctx.local.marked = [...action.dice];
}

/** The running public score, one row per seat, for the page's score panel. */
export function summary(view) {
  return view.seats.map((s) => ({ seat: s.seat, score: s.score, title: scoreParts(lastT, s) }));
}

/** "What you may do now", in words, from the phase. */
export function prompt(ctx) {
  lastT = ctx.t;
  if (!ctx.legal.length) return "";
  return PROMPTS[ctx.view.phase] ? ctx.t(PROMPTS[ctx.view.phase]) : "";
}

/** What the die faces and crystals a log line names do (the log's hover and ⓘ). */
export function explain(entry, ctx) {
  const p = entry.params || {}, out = [];
  for (const f of new Set([p.face, p.as])) if (f && DOES[f]) out.push({ name: faceName(ctx, f), text: ctx.t(DOES[f]) });
  if (p.colour && (p.colour in VALUES || p.colour === "black")) out.push({ name: colourName(ctx, p.colour), text: gemDoes(ctx, p.colour) });
  return out;
}
