// Pharaoh's decision panel: what this seat may do now, in words, with every legal action not drawn on a
// card of the hand as a button (so every legal action is clickable somewhere). Special moments get
// their own block: set-up (prebuilt decks, saved decks, a deck built here), a play being built (what
// will be played, then attach / Enforce / target / confirm, or cancel), a defence turn (the incoming
// attack with its damage dice, type and the dodge odds), a play-any-time window (what it answers),
// placing an explored hex (each way it may be turned, drawn), the end.
import { h } from "../../api.js";
import { renderEntry } from "../../i18n.js";
import { deckActions, loadDecks } from "../../decks_store.js";
import { miniHex } from "./map.js";
import { actionLabel, characterFacts, dodgeChance, refName, term, textOf } from "./words.js";

const IDS = { confirm: "ph-confirm", cancel: "ph-cancel", end: "ph-end-turn", done: "ph-done", draw: "ph-draw", skip: "ph-skip",
  pass: "ph-pass", take: "ph-take", ready: "ph-ready", restart: "ph-restart", exit: "ph-exit", stay: "ph-stay", wait: "ph-wait" };
const SETUP_BUILD = new Set(["add", "remove", "add_hex", "remove_hex"]);

export const button = (ctx, a, text, cls = "") => h("button", {
  class: `btn btn-small action ph-choice ${cls}`.trim(), "data-action": JSON.stringify(a),
  id: IDS[a.type] && !a.card && a.uid == null ? IDS[a.type] : null, onclick: () => ctx.send(a),
}, text ?? actionLabel(ctx, a));

/** Actions drawn on the hand's cards (a card id of this seat's hand): not repeated in the panel. */
export function handOwned(ctx, a) {
  return ctx.view.hand?.includes(a.card) && ["play", "discard", "attach", "modifier", "respond", "defend", "dodge", "ability"].includes(a.type);
}

// -- set-up ----------------------------------------------------------------------------------------
function setupBlock(ctx) {
  const v = ctx.view, me = ctx.seat != null ? v.seats[ctx.seat] : null, t = ctx.t;
  const ready = v.seats.filter((s) => s.ready).map((s) => ctx.nameOf(s.seat));
  const box = h("div", { id: "ph-setup" }, h("p", { class: "muted" }, t("ui.pharaoh.setup_ready", { who: ready.join(", ") || "—" })));
  // only a seat choosing now gets the decks to choose from (a replay or a watcher sees who is ready)
  const choosing = ctx.legal.some((a) => a.type === "pick" || a.type === "build" || SETUP_BUILD.has(a.type));
  if (!me || me.ready || !choosing) { box.prepend(h("p", {}, t(me?.ready ? "ui.pharaoh.setup_waiting" : "ui.pharaoh.setup_others"))); return box; }
  const setup = me.setup || {};
  const size = (cards) => `${Object.values(cards).reduce((x, y) => x + y, 1)} ${t("ui.pharaoh.cards")}`;
  if (setup.mode !== "build") {
    const decks = ctx.components?.decks || [];
    box.append(h("h4", {}, t("ui.pharaoh.prebuilt")),
      h("div", { class: "ph-decks" }, ...ctx.legal.filter((a) => a.type === "pick").map((a) => {
        const deck = decks.find((d) => d.id === a.deck);
        return h("div", { class: "ph-deck" }, button(ctx, a, term(ctx, a.deck), "ph-pick"),
          deck ? h("span", { class: "muted" }, ` ${term(ctx, deck.character)} · ${size(deck.cards)} · ${deck.hexes.length} ${t("ui.pharaoh.hexes")}`) : null,
          deck ? characterFacts(ctx, deck.character) : null);
      })));
    const saved = loadDecks("pharaoh");
    box.append(h("h4", {}, t("ui.pharaoh.saved_decks")),
      saved.length ? h("ul", { class: "ph-saved-list" }, ...saved.map((deck) => h("li", {},
        h("button", { class: "btn btn-small ph-saved", dataset: { name: deck.name }, onclick: () => ctx.send(deckActions(deck)) }, deck.name),
        h("span", { class: "muted" }, ` ${term(ctx, deck.character)} · ${size(deck.cards)} · ${deck.hexes.length} ${t("ui.pharaoh.hexes")}`))))
        : h("p", { class: "muted" }, t("ui.pharaoh.no_saved")),
      h("p", {}, h("a", { href: "/decks/pharaoh", target: "_blank", id: "ph-builder-link" }, t("ui.pharaoh.open_builder"))),
      h("h4", {}, t("ui.pharaoh.build_here")),
      h("div", { class: "ph-build-chars" }, ...ctx.legal.filter((a) => a.type === "build").map((a) => h("div", { class: "ph-deck" },
        button(ctx, a, null, "ph-build-char"), characterFacts(ctx, a.character)))));
    return box;
  }
  const problems = setup.problems || [];
  box.append(h("p", {}, t("ui.pharaoh.building", { character: term(ctx, setup.character), n: Object.values(setup.cards).reduce((x, y) => x + y, 1), hexes: setup.hexes.length })),
    characterFacts(ctx, setup.character),
    problems.length ? h("ul", { id: "ph-problems" }, ...problems.map((p) => h("li", { dataset: { msg: p.msg } }, renderEntry(ctx.words, p, ctx.names))))
      : h("p", { id: "ph-problems-none" }, t("ui.pharaoh.deck_legal")));
  const group = (type) => ctx.legal.filter((a) => a.type === type);
  box.append(h("details", { class: "ph-build-list" }, h("summary", {}, t("ui.pharaoh.cards")),
    h("div", {}, ...group("add").map((a) => button(ctx, a, `+ ${term(ctx, a.card)}`, "ph-add")), ...group("remove").map((a) => button(ctx, a, `− ${term(ctx, a.card)} ×${setup.cards[a.card]}`, "ph-remove")))),
  h("details", { class: "ph-build-list" }, h("summary", {}, t("ui.pharaoh.hexes")),
    h("div", {}, ...group("add_hex").map((a) => button(ctx, a, `+ ${term(ctx, a.hex)}`, "ph-add-hex")), ...group("remove_hex").map((a) => button(ctx, a, `− ${term(ctx, a.hex)}`, "ph-remove-hex")))));
  return box;
}

// -- a play, an attack, a window -------------------------------------------------------------------
function playWords(ctx, p) {
  const what = p.kind === "play" ? term(ctx, p.card) : p.kind === "use" ? refName(ctx, `t${p.uid}`)
    : p.kind === "hit" ? ctx.t("ui.pharaoh.a_hit")
      : p.kind === "ability" ? `${ctx.t("ui.pharaoh.a.ability")} — ${textOf(ctx, `ability.${ctx.view.seats[p.seat]?.character}`, "")}`
        : term(ctx, p.kind);
  const extras = [p.alteration, p.enhancement].filter(Boolean).map((c) => term(ctx, c));
  for (const m of p.modifiers || []) extras.push(term(ctx, m));
  return `${what}${p.method ? ` (${ctx.t(`term.method.${p.method}`)})` : ""}${extras.length ? " + " + extras.join(" + ") : ""}${p.target ? " → " + refName(ctx, p.target) : ""}`;
}

function buildBlock(ctx) {
  const p = ctx.view.pending, t = ctx.t;
  const row = (part, key, value) => h("tr", { dataset: { part } }, h("th", {}, t(key)), h("td", {}, value || "—"));
  return h("div", { id: "ph-build", dataset: { card: p.card || "" } },
    h("p", {}, t("ui.pharaoh.building_play")),
    h("table", { class: "ph-build-table" },
      row("card", "ui.pharaoh.part_card", playWords(ctx, { ...p, alteration: null, enhancement: null, modifiers: [], target: null })),
      row("alteration", "ui.pharaoh.part_alteration", p.alteration && term(ctx, p.alteration)),
      row("enhancement", "ui.pharaoh.part_enhancement", p.enhancement && term(ctx, p.enhancement)),
      row("modifiers", "ui.pharaoh.part_modifiers", (p.modifiers || []).map((m) => term(ctx, m)).join(", ")),
      row("target", "ui.pharaoh.part_target", p.target && refName(ctx, p.target))),
    h("p", { class: "muted" }, t("ui.pharaoh.build_hint")));
}

// A hex event's strike (label "event.<name>" or "event.trap", source "h<n>") rolls the dice printed on its hex.
function hexEvent(ctx, s) {
  if (!String(s.label).startsWith("event.") || !String(s.source || "").startsWith("h")) return null;
  const tile = ctx.view.crypt?.[Number(s.source.slice(1))]?.tile;
  const events = ctx.components?.hexes?.find((x) => x.id === tile)?.events || [];
  const name = s.label.slice("event.".length);
  return events.find((e) => e.name === name || e.kind === name) || null;
}

function diceOf(ctx, s) {
  const label = s.label, c = ctx.cardsById[label], m = ctx.components?.monsters?.find((x) => x.id === label);
  return c?.damage || m?.damage || hexEvent(ctx, s)?.damage || (label === "hit" ? "1D6" : "");
}

function strikeBlock(ctx) {
  const s = ctx.view.strike, t = ctx.t;
  const parts = (s.rolled || []).map(([n, dtype]) => `${n}${dtype ? " " + term(ctx, dtype) : ""}`).join(" + ");
  const types = [...new Set([s.dtype, ...(s.rolled || []).map((part) => part[1])].filter(Boolean))];
  const source = s.by != null ? ctx.nameOf(s.by) : s.source ? refName(ctx, s.source) : "";
  const dice = diceOf(ctx, s);
  // hits and hex damage have no type, so no immunity cancels them: say so rather than "none"
  const untyped = hexEvent(ctx, s) ? "ui.pharaoh.hex_damage_type" : "ui.pharaoh.no_type";
  const dodges = ctx.legal.filter((a) => a.type === "dodge").map((a) => {
    const bonus = a.card ? ctx.cardsById[a.card]?.bonus || 0 : 0;
    return h("li", { class: "ph-odds", dataset: { card: a.card || "", at: s.dodge_at + bonus } },
      t("ui.pharaoh.dodge_odds", { how: actionLabel(ctx, a), n: s.dodge_at + bonus, p: dodgeChance(s.dodge_at + bonus) }));
  });
  return h("div", { id: "ph-strike", dataset: { target: s.target, label: s.label } },
    h("p", { class: "ph-incoming" }, t("ui.pharaoh.incoming", { what: term(ctx, s.label), source: source || "—", target: refName(ctx, s.target) })),
    h("p", { id: "ph-damage" }, t("ui.pharaoh.damage", { dice: dice || "—", rolled: parts || "—", type: types.length ? types.map((x) => term(ctx, x)).join(", ") : t(untyped) })),
    s.dodgeable ? h("ul", { class: "ph-odds-list" }, ...dodges) : h("p", { class: "muted" }, t("ui.pharaoh.undodgeable")));
}

function windowBlock(ctx) {
  const w = ctx.view.window, p = ctx.view.pending, t = ctx.t;
  const waiting = w.asked.filter((s) => !w.answered.includes(s));
  return h("div", { id: "ph-window", dataset: { asked: w.asked.join(",") } },
    h("p", {}, t("ui.pharaoh.window", { who: p ? ctx.nameOf(p.seat) : "?", what: p ? playWords(ctx, p) : "?" })),
    h("p", { class: "muted" }, t("ui.pharaoh.window_waiting", { who: waiting.map(ctx.nameOf).join(", ") || "—" })));
}

function placeBlock(ctx) {
  const d = ctx.view.decision, tile = ctx.components?.hexes?.find((x) => x.id === d.tile);
  return h("div", { id: "ph-place", dataset: { tile: d.tile } },
    h("p", {}, ctx.t("ui.pharaoh.place", { tile: term(ctx, d.tile) })),
    h("p", { class: "muted" }, textOf(ctx, `text.${d.tile}`)),
    h("div", { class: "ph-turns" }, ...ctx.legal.filter((a) => a.type === "place").map((a) => {
      const doors = (tile?.doors || []).map((x) => (x + a.turn) % 6);
      return h("button", { class: "btn ph-place", "data-action": JSON.stringify(a), dataset: { turn: a.turn }, onclick: () => ctx.send(a), html: miniHex(doors, 22, tile?.exit) });
    })));
}

// The discard step and a hex event's discard: the limit, how many must go, where the buttons are, and
// Done drawn even while it is refused, with the reason.
function discardBlock(ctx, kind) {
  const held = ctx.view.hand?.length || 0, limit = ctx.components?.limits?.hand_limit ?? 10;
  // the answer in the panel too (the hand's Discard buttons may be out of sight, or on a phone's sheet)
  if (kind === "event_discard") return h("div", { id: "ph-discard", dataset: { kind } }, h("p", {}, ctx.t("ui.pharaoh.event_discard_hint")),
    h("div", { class: "ph-event-discards" }, ...ctx.legal.filter((a) => a.type === "discard")
      .map((a) => button(ctx, a, `${ctx.t("ui.pharaoh.a.discard")}: ${term(ctx, a.card)}`, "ph-event-discard"))));
  const over = Math.max(0, held - limit), done = ctx.legal.some((a) => a.type === "done");
  return h("div", { id: "ph-discard", dataset: { kind, held, limit } },
    h("p", {}, ctx.t(over ? "ui.pharaoh.discard_over" : "ui.pharaoh.discard_free", { limit, n: held, over })),
    done ? null : h("button", { class: "btn btn-small", id: "ph-done-blocked", disabled: true, title: ctx.t("ui.pharaoh.discard_first", { limit }) },
      ctx.t("ui.pharaoh.a.done")),
    done ? null : h("span", { class: "muted" }, ` ${ctx.t("ui.pharaoh.discard_first", { limit })}`));
}

function endBlock(ctx) {
  const v = ctx.view;
  return h("div", { id: "ph-end", dataset: { winner: v.winner ?? "", reason: v.end_reason || "" } },
    h("h3", {}, v.winner != null ? ctx.t("ui.pharaoh.escaped", { who: ctx.nameOf(v.winner) }) : ctx.t("ui.pharaoh.no_winner")),
    v.end_reason ? h("p", {}, ctx.t(`term.end.${v.end_reason}`)) : null);
}

/** The panel of what this seat may do now. */
export function panel(ctx) {
  const v = ctx.view, d = v.decision, t = ctx.t;
  const kind = v.phase === "setup" ? "setup" : d?.kind || v.phase;
  const box = h("section", { id: "ph-panel", class: "panel", dataset: { kind } });
  const mineNow = ctx.seat != null && ctx.toAct.includes(ctx.seat);
  if (ctx.over) box.append(endBlock(ctx));
  else if (kind === "setup") box.append(setupBlock(ctx));
  else {
    if (v.pending && kind === "build") box.append(buildBlock(ctx));
    if (v.strike) box.append(strikeBlock(ctx));
    if (v.window) box.append(windowBlock(ctx));
    if (kind === "place" && mineNow) box.append(placeBlock(ctx));
    if ((kind === "discard" || kind === "event_discard") && mineNow) box.append(discardBlock(ctx, kind));
    if (mineNow && ctx.clock != null && (v.strike || v.window)) box.append(h("p", { class: "ph-clock" }, t("ui.pharaoh.answer_within", { s: ctx.clock })));
  }
  const rest = ctx.legal.filter((a) => !handOwned(ctx, a) && a.type !== "pick" && a.type !== "build" && a.type !== "place"
    && !(kind === "setup" && SETUP_BUILD.has(a.type)));
  if (rest.length) box.append(h("div", { id: "ph-choices" }, ...rest.map((a) => button(ctx, a))));
  if (!ctx.over && !mineNow && kind !== "setup") box.append(h("p", { class: "muted" }, t("ui.pharaoh.waiting", { who: ctx.toAct.map(ctx.nameOf).join(", ") })));
  return box;
}
