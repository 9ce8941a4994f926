// Crypt: The Pharaoh's Curse — the renderer for the generic table page (contract: ./README.md).
// The crypt is an SVG hex map (pharaoh/map.js) that grows as it is explored, with pan and zoom; beside
// it the decision panel (pharaoh/panels.js: set-up, the play being built, a defence turn, a
// play-any-time window, placing a hex) and every seat's character, life points, cards and tabled
// cards; under it your hand, each card with its title, type, level, natures, rarity, play methods and
// text, and the legal actions on it. Everything clickable is built from ctx.legal and carries
// data-action. Card data comes from ctx.components (GET /api/games/pharaoh/components), words from
// the game's catalogue: the starter set's names and texts are translated like the log.
import { h, seatMark } from "../api.js";
import { attachPanZoom, extent, mapSvg, SEAT_COLOURS, viewBox } from "./pharaoh/map.js";
import { button, handOwned, panel } from "./pharaoh/panels.js";
import { actionLabel, cardFace, refName, term } from "./pharaoh/words.js";

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
    h("span", { id: "ph-round", dataset: { round: v.round, limit: v.round_limit } }, t("ui.pharaoh.round", { r: v.round, limit: v.round_limit })),
    turn ? h("span", { id: "ph-turn", dataset: { seat: turn.seat, step: turn.step } },
      t("ui.pharaoh.turn_of", { who: ctx.nameOf(turn.seat), step: t(STEPS[turn.step] || turn.step) })) : null,
    turn ? h("span", { id: "ph-actions", dataset: { used: turn.used, allowance: turn.allowance } },
      t("ui.pharaoh.actions", { used: turn.used, allowance: turn.allowance }), " ", ...pips) : null,
    h("span", { id: "ph-hexpile", dataset: { count: v.hexpile.count } }, t("ui.pharaoh.hexpile", { n: v.hexpile.count })),
    h("span", { class: "ph-starter", title: t("ui.pharaoh.starter_title") }, t("ui.pharaoh.starter_set")));
}

function mapBlock(ctx) {
  const from = explorer(ctx);
  const box = extent(ctx, from);
  const wrap = h("div", { id: "ph-map", class: "panel" },
    h("div", { class: "ph-zoom" },
      h("button", { class: "btn btn-small", id: "ph-zoom-in", title: ctx.t("ui.pharaoh.zoom_in") }, "+"),
      h("button", { class: "btn btn-small", id: "ph-zoom-out", title: ctx.t("ui.pharaoh.zoom_out") }, "−"),
      h("button", { class: "btn btn-small", id: "ph-zoom-fit", title: ctx.t("ui.pharaoh.zoom_fit") }, "⤢")));
  wrap.insertAdjacentHTML("beforeend", `<svg id="ph-svg" xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox(box, ctx.local).join(" ")}" preserveAspectRatio="xMidYMid meet">${mapSvg(ctx, { explorer: from })}</svg>`);
  const svg = wrap.querySelector("svg");
  svg.addEventListener("click", (e) => {
    if (ctx.local.dragged && Date.now() - ctx.local.dragged < 250) return; // the end of a pan, not a click
    const el = e.target.closest("[data-action]");
    if (el) { e.stopPropagation(); ctx.send(JSON.parse(el.getAttribute("data-action"))); }
  });
  attachPanZoom(wrap, svg, box, ctx.local);
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
        s.character ? h("span", { class: "ph-char", title: char?.ability_text || "" }, ` · ${term(ctx, s.character)}`) : h("span", { class: "muted" }, s.ready ? ` · ${t("ui.pharaoh.ready")}` : ` · ${t("ui.pharaoh.choosing")}`),
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
    const card = cardFace(ctx, id, { data: { i }, cls: acts.length ? "playable" : "",
      children: acts.length ? h("div", { class: "ph-card-acts" }, ...acts.map((a) => button(ctx, a, actionLabel(ctx, a), `ph-on-card ph-${a.type}`))) : null });
    return card;
  });
  return h("section", { id: "ph-hand", class: "panel", dataset: { count: v.hand.length } },
    h("h3", {}, t("ui.pharaoh.your_hand", { n: v.hand.length })), h("div", { class: "ph-cards" }, ...cards));
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
