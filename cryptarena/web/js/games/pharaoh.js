// Crypt: The Pharaoh's Curse — the renderer for the generic table page (contract: ./README.md).
// The crypt is an SVG hex map (pharaoh/map.js) that grows as it is explored, with pan and zoom; beside
// it the decision panel (pharaoh/panels.js: set-up, the play being built, a defence turn, a
// play-any-time window, placing a hex) and every seat's character, life points, cards and tabled
// cards; under it your hand, each card with its title, type, level, natures, rarity, play methods and
// text, and the legal actions on it. Everything clickable is built from ctx.legal and carries
// data-action. Card data comes from ctx.components (GET /api/games/pharaoh/components), words from
// the game's catalogue: the starter set's names and texts are translated like the log.
import { h, seatMark } from "../api.js";
import { at, attachPanZoom, extent, mapSvg, SEAT_COLOURS, viewBox } from "./pharaoh/map.js";
import { button, handOwned, panel } from "./pharaoh/panels.js";
import { actionLabel, cardFace, characterFacts, hexText, monsterText, refName, term, textOf, whyNot } from "./pharaoh/words.js";

const QUAD = 4;
const STEPS = { draw: "ui.pharaoh.step.draw", free: "ui.pharaoh.step.free", act: "ui.pharaoh.step.act",
  discard: "ui.pharaoh.step.discard", dominate: "ui.pharaoh.step.dominate", ending: "ui.pharaoh.step.ending" };
let lastT = (key) => key; // summary() gets no ctx: the translator of the last render

function ensureStyle() {
  if (!document.getElementById("pharaoh-style")) document.head.append(h("link", { id: "pharaoh-style", rel: "stylesheet", href: "/static/css/pharaoh.css" }));
}

function withCards(ctx) {
  const comps = ctx.components || {};
  ctx.local.cardsById ??= Object.fromEntries((comps.cards || []).map((c) => [c.id, c]));
  return { ...ctx, cardsById: ctx.local.cardsById };
}

// The hex a legal explore starts from: the piece whose turn it is (a dominated one), else the character.
function explorer(ctx) {
  const v = ctx.view, turn = v.turn;
  if (!turn) return null;
  if (turn.piece) {
    const n = Number(turn.piece.slice(1));
    if (turn.piece[0] === "m") return v.monsters.find((m) => m.uid === n)?.hex ?? null;
    if (turn.piece[0] === "t") return v.table.find((e) => e.uid === n)?.hex ?? null;
  }
  return v.seats[turn.seat]?.hex ?? null;
}

function topBar(ctx) {
  const v = ctx.view, t = ctx.t, turn = v.turn;
  const pips = [];
  for (let i = 0; i < QUAD; i++) {
    const state = turn && i < turn.used ? "used" : turn && i < turn.allowance ? "open" : "off";
    pips.push(h("span", { class: `ph-pip ${state}`, title: t("ui.pharaoh.actions_title") }));
  }
  return h("div", { class: "ph-bar" },
    // a game ended by the round limit stops as round limit + 1 would begin: it was the last round played
    h("span", { id: "ph-round", dataset: { round: v.round, limit: v.round_limit } }, t("ui.pharaoh.round", { r: Math.min(v.round, v.round_limit), limit: v.round_limit })),
    turn ? h("span", { id: "ph-turn", dataset: { seat: turn.seat, step: turn.step } },
      t("ui.pharaoh.turn_of", { who: ctx.nameOf(turn.seat), step: t(STEPS[turn.step] || turn.step) })) : null,
    turn ? h("span", { id: "ph-actions", dataset: { used: turn.used, allowance: turn.allowance } },
      t("ui.pharaoh.actions", { used: turn.used, allowance: turn.allowance }), " ", ...pips,
      turn.why ? h("span", { id: "ph-actions-why", class: "muted" }, ` = ${allowanceWords(ctx, turn.why)}`) : null) : null,
    h("span", { id: "ph-hexpile", dataset: { count: v.hexpile.count } }, t("ui.pharaoh.hexpile", { n: v.hexpile.count })),
    h("span", { class: "ph-starter", title: t("ui.pharaoh.starter_title") }, t("ui.pharaoh.starter_set")));
}

// Where the action count comes from, in words: "1 a turn + 1 benefit of the Armoury #3 − 1 hex event".
const WHY = { quad: "ui.pharaoh.why_part.quad", defeated: "ui.pharaoh.why_part.defeated", card: "ui.pharaoh.why_part.card",
  played: "ui.pharaoh.why_part.played", benefit: "ui.pharaoh.why_part.benefit", slow: "ui.pharaoh.why_part.slow", cap: "ui.pharaoh.why_part.cap" };
function allowanceWords(ctx, why) {
  return why.map(([cause, n, what], i) => {
    const label = ctx.t(WHY[cause] || cause, { card: what ? term(ctx, what) : "", hex: what != null ? refName(ctx, `h${what}`) : "" });
    return `${i ? (n < 0 ? " − " : " + ") : ""}${Math.abs(n)} ${label}`;
  }).join("");
}

// What a hex does and what stands in it, one click (or a hover) on the map away: kept in ctx.local so
// that a redraw keeps it open.
function hexInfo(ctx, i) {
  const v = ctx.view, hx = v.crypt[i];
  if (!hx) return h("div", { id: "ph-info", class: "muted" }, ctx.t("ui.pharaoh.info_hint"));
  const line = (cls, ...parts) => h("li", { class: cls }, ...parts);
  const here = [];
  for (const s of v.seats) if (!s.defeated && s.hex === i && s.character) {
    here.push(line("ph-info-char", h("b", {}, `${ctx.nameOf(s.seat)} · ${term(ctx, s.character)}`), " ", characterFacts(ctx, s.character)));
  }
  for (const m of v.monsters) if (m.hex === i && m.lp > 0) {
    here.push(line("ph-info-monster", h("b", {}, term(ctx, m.monster)), ` (${m.lp}) · ${monsterText(ctx, m.monster)}`,
      m.dominated_by != null ? ` · ${ctx.t("ui.pharaoh.dominated_by", { who: ctx.nameOf(m.dominated_by) })}` : ""));
  }
  for (const e of v.table) if (e.hex === i) {
    here.push(line("ph-info-card", h("b", {}, `${term(ctx, e.card)} (${ctx.nameOf(e.owner)})`), ` · ${textOf(ctx, `text.${e.card}`, ctx.cardsById[e.card]?.text || "")}`));
  }
  return h("div", { id: "ph-info", dataset: { hex: i, tile: hx.tile } },
    h("b", {}, refName(ctx, `h${i}`)), hx.owner != null ? h("span", { class: "muted" }, ` · ${ctx.t("ui.pharaoh.owned_by", { who: ctx.nameOf(hx.owner) })}`) : null,
    hx.exit ? h("span", { class: "ph-exit-word" }, ` · ${ctx.t("ui.pharaoh.exit")}`) : null,
    hx.keys ? h("span", {}, ` · ${ctx.t("ui.pharaoh.keys_here", { n: hx.keys })}`) : null,
    h("p", { class: "ph-info-text" }, hexText(ctx, hx.tile)),
    here.length ? h("ul", { class: "ph-info-here" }, ...here) : null);
}

function mapBlock(ctx) {
  const from = explorer(ctx);
  const box = extent(ctx, from);
  // where a phone's view of a crypt too large to show whole is centred: this player's hex, else the mover's
  const mine = ctx.seat != null ? ctx.view.seats[ctx.seat]?.hex : null;
  const hx = ctx.view.crypt[mine ?? from];
  const focus = hx ? at(hx.q, hx.r) : null;
  const wrap = h("div", { id: "ph-map", class: "panel" },
    h("div", { class: "ph-zoom" },
      h("button", { class: "btn btn-small", id: "ph-zoom-in", title: ctx.t("ui.pharaoh.zoom_in") }, "+"),
      h("button", { class: "btn btn-small", id: "ph-zoom-out", title: ctx.t("ui.pharaoh.zoom_out") }, "−"),
      h("button", { class: "btn btn-small", id: "ph-zoom-fit", title: ctx.t("ui.pharaoh.zoom_fit") }, "⤢")));
  wrap.insertAdjacentHTML("beforeend", `<svg id="ph-svg" xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox(box, ctx.local, focus).join(" ")}" preserveAspectRatio="xMidYMid meet">${mapSvg(ctx, { explorer: from })}</svg>`);
  const svg = wrap.querySelector("svg");
  svg.addEventListener("click", (e) => {
    if (ctx.local.dragged && Date.now() - ctx.local.dragged < 250) return; // the end of a pan, not a click
    const el = e.target.closest("[data-action]");
    if (el) { e.stopPropagation(); ctx.send(JSON.parse(el.getAttribute("data-action"))); return; }
    const hex = e.target.closest(".ph-hex");
    if (hex) { ctx.local.inspect = Number(hex.dataset.hex); wrap.querySelector("#ph-info").replaceWith(hexInfo(ctx, ctx.local.inspect)); }
  });
  svg.addEventListener("mouseover", (e) => {
    const hex = e.target.closest(".ph-hex");
    if (hex && Number(hex.dataset.hex) !== Number(wrap.querySelector("#ph-info").dataset.hex)) wrap.querySelector("#ph-info").replaceWith(hexInfo(ctx, Number(hex.dataset.hex)));
  });
  svg.addEventListener("mouseleave", () => wrap.querySelector("#ph-info").replaceWith(hexInfo(ctx, ctx.local.inspect)));
  wrap.append(hexInfo(ctx, ctx.local.inspect));
  attachPanZoom(wrap, svg, box, ctx.local, focus);
  return wrap;
}

function tabledEntry(ctx, e) {
  const acts = ctx.legal.filter((a) => a.uid === e.uid);
  const flags = [e.lp != null ? ctx.t("ui.pharaoh.lp_n", { n: e.lp }) : null, e.hex != null ? refName(ctx, `h${e.hex}`) : null,
    e.used ? ctx.t("ui.pharaoh.used") : null, e.lock ? ctx.t("ui.pharaoh.locked") : null, e.enforced ? `${term(ctx, "enforce")} ×${e.enforced}` : null,
    e.keys ? ctx.t("ui.pharaoh.keys_n", { n: e.keys }) : null].filter(Boolean);
  return h("li", { class: "ph-tabled", dataset: { uid: e.uid, card: e.card }, title: ctx.cardsById[e.card]?.text || "" },
    h("b", {}, term(ctx, e.card)), (e.attached || []).length ? ` + ${e.attached.map((c) => term(ctx, c)).join(" + ")}` : "",
    flags.length ? h("span", { class: "muted" }, ` · ${flags.join(" · ")}`) : null,
    ...acts.map((a) => button(ctx, a)));
}

function seatsBlock(ctx) {
  const v = ctx.view, t = ctx.t;
  return h("section", { id: "ph-seats", class: "panel" }, ...v.seats.map((s) => {
    const char = s.character ? ctx.components?.characters?.find((c) => c.id === s.character) : null;
    const life = char?.life || 25;
    const tabled = v.table.filter((e) => e.seat === s.seat || (e.seat == null && e.owner === s.seat));
    const monsters = v.monsters.filter((m) => m.dominated_by === s.seat);
    return h("div", { class: `ph-seat${s.defeated ? " defeated" : ""}${ctx.toAct.includes(s.seat) ? " acting" : ""}${s.seat === ctx.seat ? " me" : ""}`,
      dataset: { seat: s.seat, life: s.life, hand: s.hand, deck: s.deck, discard: s.discard.length }, style: `--seat-colour:${SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}` },
      h("div", { class: "ph-seat-head" }, seatMark(s.seat, SEAT_COLOURS[s.seat % SEAT_COLOURS.length]), h("b", {}, ctx.nameOf(s.seat)),
        s.character ? h("span", { class: "ph-char", title: char ? textOf(ctx, `ability.${char.id}`, char.ability_text) : "" }, ` · ${term(ctx, s.character)}`) : h("span", { class: "muted" }, s.ready ? ` · ${t("ui.pharaoh.ready")}` : ` · ${t("ui.pharaoh.choosing")}`),
        s.defeated ? h("span", { class: "ph-defeated" }, ` · ${t("ui.pharaoh.defeated")}`) : null,
        s.trapped != null ? h("span", { class: "ph-trapped" }, ` · ${t("ui.pharaoh.trapped")}`) : null),
      s.character ? h("div", { class: "ph-life", title: t("ui.pharaoh.life") },
        h("span", { class: "ph-life-bar", style: `width:${Math.max(0, Math.min(100, (100 * s.life) / life))}%` }),
        h("span", { class: "ph-life-text" }, `${s.life} / ${life}`)) : null,
      h("div", { class: "ph-counts muted" }, t("ui.pharaoh.counts", { hand: s.hand, deck: s.deck, discard: s.discard.length }),
        s.hex != null ? ` · ${refName(ctx, `h${s.hex}`)}` : "",
        s.discard.length ? h("span", { class: "ph-discard-top", title: s.discard.map((c) => term(ctx, c)).join(", ") }, ` · ${t("ui.pharaoh.discard_top", { card: term(ctx, s.discard[s.discard.length - 1]) })}`) : null),
      s.known.length && s.seat !== ctx.seat ? h("div", { class: "ph-known" }, t("ui.pharaoh.known", { cards: s.known.map((c) => term(ctx, c)).join(", ") })) : null,
      tabled.length ? h("ul", { class: "ph-tabled-list" }, ...tabled.map((e) => tabledEntry(ctx, e))) : null,
      monsters.length ? h("div", { class: "ph-dominated" }, t("ui.pharaoh.dominates", { what: monsters.map((m) => `${term(ctx, m.monster)} (${m.lp})`).join(", ") })) : null);
  }));
}

function handBlock(ctx) {
  const v = ctx.view, t = ctx.t;
  if (!v.hand) return h("section", { id: "ph-hand", class: "panel spectator" }, h("p", { class: "muted" }, t("ui.pharaoh.no_hand")));
  const drawn = new Set();
  const cards = v.hand.map((id, i) => {
    const first = !drawn.has(id);
    drawn.add(id);
    const acts = first ? ctx.legal.filter((a) => a.card === id && handOwned(ctx, a)) : [];
    const none = !ctx.legal.some((a) => a.card === id && handOwned(ctx, a));
    const why = none ? whyNot(ctx, id) : null;
    const card = cardFace(ctx, id, { data: { i }, cls: acts.length ? "playable" : "",
      children: acts.length ? h("div", { class: "ph-card-acts" }, ...acts.map((a) => button(ctx, a, actionLabel(ctx, a), `ph-on-card ph-${a.type}`)))
        : why ? h("div", { class: "ph-why-not" }, why) : null });
    return card;
  });
  // On a phone the hand is a sheet over the bottom of the screen: its heading opens and closes it (the
  // reader's choice outlives redraws), without a redraw of the table.
  const open = ctx.local.handOpen ?? true;
  const arrow = h("span", { class: "ph-hand-arrow", "aria-hidden": "true" }, open ? "▾" : "▴");
  const section = h("section", { id: "ph-hand", class: `panel${open ? "" : " ph-hand-closed"}`, dataset: { count: v.hand.length } });
  const toggle = h("button", { id: "ph-hand-toggle", type: "button", class: "ph-hand-toggle", "aria-expanded": String(open), "aria-controls": "ph-hand-cards",
    onclick: () => {
      ctx.local.handOpen = section.classList.toggle("ph-hand-closed") === false;
      toggle.setAttribute("aria-expanded", String(ctx.local.handOpen));
      arrow.textContent = ctx.local.handOpen ? "▾" : "▴";
    } }, h("h3", {}, t("ui.pharaoh.your_hand", { n: v.hand.length })), arrow);
  section.append(toggle, h("div", { class: "ph-cards", id: "ph-hand-cards" }, ...cards));
  return section;
}

export function render(container, ctx0) {
  ensureStyle();
  lastT = ctx0.t;
  const ctx = withCards(ctx0), v = ctx.view;
  if (!ctx.components) { container.replaceChildren(h("p", { class: "muted" }, "…")); return; }
  const root = h("div", { id: "pharaoh", dataset: { phase: v.phase, round: v.round, decision: v.decision?.kind || "" } }, topBar(ctx));
  if (v.phase === "setup") root.append(h("div", { class: "ph-main ph-setup-main" }, panel(ctx), seatsBlock(ctx)));
  else root.append(h("div", { class: "ph-main" }, mapBlock(ctx), h("div", { class: "ph-side" }, panel(ctx), seatsBlock(ctx))), handBlock(ctx));
  container.replaceChildren(root);
}

export function summary(view) {
  return view.seats.map((s) => ({ seat: s.seat, score: s.life, note: s.character ? `${lastT(`term.${s.character}`)}${s.defeated ? " †" : ""}` : "" }));
}

export function seatColours(view) {
  return view.seats.map((s) => SEAT_COLOURS[s.seat % SEAT_COLOURS.length]);
}

const PROMPT = { setup: "ui.pharaoh.p_setup", build: "ui.pharaoh.p_build", defend: "ui.pharaoh.p_defend", soak: "ui.pharaoh.p_soak",
  window: "ui.pharaoh.p_window", place: "ui.pharaoh.p_place", escape: "ui.pharaoh.p_escape", event_discard: "ui.pharaoh.p_event_discard",
  draw: "ui.pharaoh.p_draw", free: "ui.pharaoh.p_free", act: "ui.pharaoh.p_act", discard: "ui.pharaoh.p_discard", dominate: "ui.pharaoh.p_dominate" };

export function prompt(ctx) {
  const v = ctx.view;
  const kind = v.phase === "setup" ? "setup" : v.decision?.kind || v.turn?.step || v.phase;
  return PROMPT[kind] ? ctx.t(PROMPT[kind]) : "";
}

/** What the cards, hexes, monsters and characters a log line names do (the log's hover and ⓘ). */
export function explain(entry, ctx0) {
  const ctx = withCards(ctx0), comps = ctx.components || {}, out = [], seen = new Set();
  for (const v of Object.values(entry.params || {})) {
    if (typeof v !== "string" || seen.has(v)) continue;
    seen.add(v);
    if (ctx.cardsById[v]) out.push({ name: term(ctx, v), text: textOf(ctx, `text.${v}`, ctx.cardsById[v].text || "") });
    else if (comps.hexes?.some((x) => x.id === v)) out.push({ name: term(ctx, v), text: hexText(ctx, v) });
    else if (comps.monsters?.some((x) => x.id === v)) out.push({ name: term(ctx, v), text: monsterText(ctx, v) });
    else if (comps.characters?.some((x) => x.id === v)) out.push({ name: term(ctx, v), text: textOf(ctx, `ability.${v}`, "") });
  }
  return out;
}
