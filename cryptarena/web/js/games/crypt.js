// Crypt's renderer for the generic table page (contract: ./README.md).
// Draws the Crypt cards, servant dice, torches, collectors and collections from a seat's `view`,
// and makes exactly the actions in `legal` clickable (each carries data-action = its JSON).
import { h, seatMark } from "../api.js";

const TYPES = ["idol", "jewelry", "manuscript", "pottery", "remains", "tapestry"];

// Small SVG icons, one per treasure type (24×24, drawn in currentColor).
const ICONS = {
  idol: '<circle cx="12" cy="5.5" r="3.5"/><path d="M8 10h8l1.5 4-2 1 .5 7H8l.5-7-2-1z"/>',
  jewelry: '<path d="M6 3h12l4 6-10 13L2 9z"/><path d="M2 9h20M9 3l3 19M15 3l-3 19" fill="none" stroke="rgba(0,0,0,.35)" stroke-width="1"/>',
  manuscript: '<path d="M6 2h11a3 3 0 0 1 3 3v2h-3v15H7a3 3 0 0 1-3-3V5a3 3 0 0 1 2-3z"/><path d="M8 8h6M8 11h6M8 14h5M8 17h4" stroke="rgba(0,0,0,.4)" stroke-width="1.2"/>',
  pottery: '<path d="M8.5 2h7v2.5l-1 1.2c3.8 1.8 5.8 5.6 4.3 10.3-1 3-3.4 6-6.8 6s-5.8-3-6.8-6C3.7 11.3 5.7 7.5 9.5 5.7l-1-1.2z"/><path d="M6 12h12" stroke="rgba(0,0,0,.35)" stroke-width="1.2"/>',
  remains: '<path d="M12 2a8 8 0 0 0-8 8c0 3 1.5 5 3 6v5h10v-5c1.5-1 3-3 3-6a8 8 0 0 0-8-8z"/><circle cx="9" cy="11" r="2" fill="rgba(0,0,0,.55)"/><circle cx="15" cy="11" r="2" fill="rgba(0,0,0,.55)"/><path d="M10 21v-3M12 21v-3M14 21v-3" stroke="rgba(0,0,0,.5)"/>',
  tapestry: '<rect x="2" y="2" width="20" height="2.5" rx="1"/><path d="M4.5 4.5h15V21l-3.75-3-3.75 3-3.75-3L4.5 21z"/><path d="M8 8l4 4 4-4M8 13l4 4 4-4" fill="none" stroke="rgba(0,0,0,.35)" stroke-width="1.3"/>',
};
export const icon = (type, cls = "icon") =>
  h("span", { class: cls, "aria-hidden": "true", html: `<svg viewBox="0 0 24 24" fill="currentColor">${ICONS[type] || ""}</svg>` });

// Every word comes from ctx.t: this game's catalogue (messages.json, keys "ui.crypt.*") in the chosen language.
// A die's state in words (its tooltip); the keys are spelled out so tests can find every one.
const DIE_WORDS = { ready: "ui.crypt.die_ready", placed: "ui.crypt.die_placed", exhausted: "ui.crypt.die_exhausted",
  pending: "ui.crypt.die_pending", off: "ui.crypt.die_off" };
// ... and what that state means for a new player
const DIE_WHY = { ready: "ui.crypt.die_ready_why", placed: "ui.crypt.die_placed_why", exhausted: "ui.crypt.die_exhausted_why",
  pending: "ui.crypt.die_pending_why" };
const typeName = (ctx, type) => ctx.t(`term.${type}`);
const who = (ctx, seat) => (seat === "ghost" ? ctx.t("ui.crypt.ghost") : ctx.nameOf(seat));
// a seat's shape beside its name where its colour marks what is theirs (the Ghost has no seat)
const mark = (seat) => (typeof seat === "number" ? seatMark(seat) : null);
// The collector's ability in the chosen language; the view's English text if the catalogue lacks it.
function collectorText(ctx, c) {
  const key = `ui.crypt.collector.${c.type}.${c.side}`;
  const text = ctx.t(key);
  return text === key ? c.text : text;
}
// What a treasure of this type does here: its collector's side and text (one hover away on every card).
function typeRule(ctx, type) {
  const c = ctx.view.collectors.find((x) => x.type === type);
  return c ? ctx.t("ui.crypt.card_collector", { type: typeName(ctx, type), side: c.side, text: collectorText(ctx, c) }) : "";
}

// -- pieces -------------------------------------------------------------------------------------------
const PIPS = { 1: [5], 2: [3, 7], 3: [3, 5, 7], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
/** A die: `status` ready | placed | exhausted | pending; `effort` 1–6 draws its pips. */
export function die(ctx, effort, status = "placed", attrs = {}) {
  const word = DIE_WORDS[status] ? ctx.t(DIE_WORDS[status]) : status;
  const why = DIE_WHY[status] ? ` — ${ctx.t(DIE_WHY[status])}` : "";
  const face = h("span", { class: `die die-${status}`, title: `${effort ? `${word} · ${effort}` : word}${why}`, ...attrs });
  for (let cell = 1; cell <= 9; cell++) face.append(h("i", { class: PIPS[effort]?.includes(cell) ? "pip" : "" }));
  return face;
}

function card(ctx, c, { small = false, extra = "" } = {}) {
  const known = c.value !== null && c.value !== undefined;
  return h("div", { class: `card type-${c.type}${known ? "" : " card-unknown"}${c.face_up === false ? " face-down" : ""}${small ? " card-small" : ""} ${extra}`,
    title: [`${typeName(ctx, c.type)} ${known ? c.value : "?"}`, typeRule(ctx, c.type),
      c.face_up === false || !known ? ctx.t("ui.crypt.face_down_title") : "",
      c.flipped ? ctx.t("ui.crypt.flipped_title") : ""].filter(Boolean).join("\n") },
    h("div", { class: `card-banner${typeName(ctx, c.type).length > 8 ? " long" : ""}` }, icon(c.type, "icon icon-banner"), h("span", {}, typeName(ctx, c.type))),
    h("div", { class: "card-value" }, known ? String(c.value) : "?"),
    h("div", { class: "card-art" }, icon(c.type, "icon icon-art")),
    c.flipped ? h("div", { class: "card-flag" }, "↻ " + ctx.t("ui.crypt.flipped")) : null,
    c.face_up === false ? h("div", { class: "card-flag card-flag-down" }, ctx.t("ui.crypt.face_down")) : null);
}

const img = (name, title = null) => h("img", { class: `ico ico-${name}`, src: `/static/img/${name}.svg`, alt: title || "", title });

const actionButton = (ctx, action, text, attrs = {}) =>
  h("button", { class: "btn action", "data-action": JSON.stringify(action), ...attrs }, text);

// -- the board ------------------------------------------------------------------------------------------
function header(ctx, v) {
  return h("div", { class: "crypt-header" },
    h("span", { class: "chip" }, ctx.t("ui.crypt.round", { n: v.round })),
    h("span", { class: "chip" }, img("deck"), ctx.t("ui.crypt.deck", { n: v.deck_size })),
    h("span", { class: "torch torch-leader", id: "torch-leader", title: ctx.t("ui.crypt.leader_title") }, img("torch"), ctx.t("ui.crypt.leader"), ": ", h("b", {}, who(ctx, v.leader))),
    h("span", { class: "torch torch-lights", id: "torch-lights-out", title: ctx.t("ui.crypt.lights_out_title") }, img("lights-out"), ctx.t("ui.crypt.lights_out"), ": ", h("b", {}, who(ctx, v.lights_out))),
    v.last_turn ? h("span", { class: "chip chip-warn" }, ctx.t("ui.crypt.last_turn")) : null,
    h("span", { class: "chip muted" }, ctx.t("ui.crypt.discard", { n: v.discard.length })));
}

function collectors(ctx, v) {
  return h("div", { class: "collectors", id: "collectors" },
    h("p", { class: "collectors-note muted", id: "collectors-note" }, ctx.t("ui.crypt.collectors_note")), ...v.collectors.map((c) =>
    h("div", { class: `collector type-${c.type}`, dataset: { type: c.type, side: c.side } },
      h("div", { class: "collector-head" }, icon(c.type), h("b", {}, typeName(ctx, c.type)), h("span", { class: "collector-side" }, c.side)),
      h("div", { class: "collector-text" }, collectorText(ctx, c)))));
}

// Claim: why this seat may not put a servant on card `c` now, or at effort `effort` (null: it may).
// The same reasons as the engine's refusals (reason.crypt.*), worked out from the view.
function whyNotPlace(ctx, v, c, effort = null) {
  const me = v.players[ctx.seat];
  if (v.phase !== "claim" || v.claim_order[0] !== ctx.seat || !me) return null;
  const placing = v.pending.filter((p) => p.slot === c.slot);
  if (c.owner === ctx.seat) return ctx.t("reason.crypt.own_card");
  if (me.dice.filter((d) => d === "ready").length <= v.pending.length) return ctx.t("reason.crypt.no_servant");
  if (v.last_turn && v.pending.length && !placing.length) return ctx.t("reason.crypt.one_card");
  if (effort !== null && placing.length && placing[0].effort !== effort) return ctx.t("reason.crypt.same_effort", { effort: placing[0].effort });
  // held by another: the total to beat; empty: the servants left are needed on the cards being claimed
  return c.owner !== null ? ctx.t("reason.crypt.too_low", { slot: c.slot, total: c.total }) : ctx.t("ui.crypt.why_budget");
}

function cryptRow(ctx, v) {
  const places = ctx.legal.filter((a) => a.type === "place");
  const slotsWithPlaces = [...new Set(places.map((a) => a.slot))];
  if (!slotsWithPlaces.includes(ctx.local.slot)) ctx.local.slot = slotsWithPlaces.length === 1 ? slotsWithPlaces[0] : null;
  const claimer = v.claim_order[0];
  return h("div", { class: "crypt", id: "crypt" }, ...v.crypt.map((c) => {
    const selectable = slotsWithPlaces.includes(c.slot);
    const selected = ctx.local.slot === c.slot;
    const el = card(ctx, c, { extra: `crypt-card${selectable ? " selectable" : ""}${selected ? " selected" : ""}` });
    el.dataset.slot = c.slot;
    if (selectable) {
      // a button for the keyboard too (the page presses it on Enter or Space)
      el.setAttribute("role", "button"); el.tabIndex = 0;
      el.setAttribute("aria-pressed", String(selected));
      el.addEventListener("click", () => { if (!selected) { ctx.local.slot = c.slot; ctx.rerender(); } });
    }
    const pending = v.pending.filter((p) => p.slot === c.slot);
    const slot = h("div", { class: "slot", dataset: { slot: c.slot } }, el);
    const why = selectable ? null : whyNotPlace(ctx, v, c);
    if (why) slot.append(h("div", { class: "crypt-why-not muted", dataset: { slot: c.slot } }, why));
    if (c.owner !== null) {
      slot.append(h("div", { class: `holder seat-color-${c.owner}` }, h("span", { class: "holder-name" }, mark(c.owner), who(ctx, c.owner)),
        h("span", { class: "holder-dice" }, ...Array.from({ length: c.dice }, () => die(ctx, c.effort, "placed"))),
        h("span", { class: "holder-total" }, `${c.dice} × ${c.effort} = ${c.total}`)));
    }
    if (pending.length) {
      slot.append(h("div", { class: "holder holder-pending" }, h("span", { class: "holder-name" }, mark(claimer), `${who(ctx, claimer)} · ${ctx.t("ui.crypt.pending")}`),
        h("span", { class: "holder-dice" }, ...pending.map((p) => die(ctx, p.effort, "pending"))),
        h("span", { class: "holder-total" }, `${pending.length} × ${pending[0].effort} = ${pending.length * pending[0].effort}`)));
    }
    if (selected) {
      slot.append(h("div", { class: "effort-picker" }, h("span", { class: "muted" }, ctx.t("ui.crypt.choose_effort", { slot: c.slot })),
        ...[1, 2, 3, 4, 5, 6].map((e) => {
          const action = places.find((a) => a.slot === c.slot && a.effort === e);
          const why = action ? null : whyNotPlace(ctx, v, c, e);
          return h("button", { class: "die-btn", disabled: !action, "data-action": action ? JSON.stringify(action) : null,
            dataset: { slot: c.slot, effort: e }, title: why, "aria-label": ctx.t("ui.crypt.effort_n", { n: e }) + (why ? ` — ${why}` : "") },
          die(ctx, e, action ? "ready" : "off"));
        })));
    }
    const take = ctx.legal.find((a) => a.type === "pottery_take" && a.slot === c.slot);
    if (take) slot.append(actionButton(ctx, take, ctx.t("ui.crypt.pottery_take"), { class: "btn action pottery-take", dataset: { slot: c.slot },
      title: typeRule(ctx, "pottery") }));
    return slot;
  }));
}

function actionBar(ctx, v) {
  const buttons = [];
  const simple = { confirm: ["btn-gold", "ui.crypt.confirm"], take_back: ["", "ui.crypt.take_back"], recover: ["", "ui.crypt.recover"],
    pass: ["btn-ghost", "ui.crypt.pass"], manuscript_peek: ["", "ui.crypt.manuscript_peek"], remains_recover: ["", "ui.crypt.remains_recover"] };
  for (const [type, [cls, word]] of Object.entries(simple)) {
    const action = ctx.legal.find((a) => a.type === type);
    if (action) buttons.push(actionButton(ctx, action, ctx.t(word), { id: type.replace(/_/g, "-"), class: `btn action ${cls}` }));
  }
  for (const action of ctx.legal.filter((a) => a.type === "idol_reroll")) {
    const info = v.idol_rerolls.find((r) => r.die === action.die) || {};
    buttons.push(actionButton(ctx, action, ctx.t("ui.crypt.idol_reroll", { die: action.die, effort: info.effort ?? "?" }),
      { class: "btn action idol-reroll", dataset: { die: action.die }, title: typeRule(ctx, "idol") }));
  }
  return h("div", { class: "action-bar", id: "actions" }, ...buttons);
}

// The choices this seat cannot make now, each a disabled button with its reason (ids end in -blocked,
// so nothing that looks for #confirm or #recover finds a button it cannot press).
function blocked(ctx, v) {
  const me = v.players[ctx.seat];
  if (!me || ctx.over || !["pottery", "claim", "idol"].includes(v.phase)) return [];
  const has = (type) => ctx.legal.some((a) => a.type === type);
  const out = [];
  const refused = (id, word, why) => h("span", { class: "crypt-refused", dataset: { blocked: id } },
    h("button", { class: "btn", id: `${id}-blocked`, disabled: true, title: why }, ctx.t(word)), h("small", { class: "muted" }, why));
  if (v.phase === "claim" && v.claim_order[0] === ctx.seat) {
    if (v.pending.length && !has("confirm")) out.push(refused("confirm", "ui.crypt.confirm", ctx.t("ui.crypt.why_confirm")));
    if (!has("recover") && !has("pass")) {
      out.push(refused("recover", "ui.crypt.recover", ctx.t(v.pending.length ? "reason.crypt.recover_placed" : "reason.crypt.none_exhausted")));
    }
  }
  // the "any time" abilities of the collectors on the side that gives them
  const abilities = [["manuscript_peek", "manuscript", "B", 1, "ui.crypt.manuscript_peek"], ["remains_recover", "remains", "A", 2, "ui.crypt.remains_recover"]];
  for (const [type, kind, side, cost, word] of abilities) {
    if (has(type) || !v.collectors.some((c) => c.type === kind && c.side === side)) continue;
    const unflipped = me.collection.filter((c) => c.type === kind && !c.flipped).length;
    const why = unflipped < cost ? ctx.t("ui.crypt.why_flip_cost", { n: cost, type: typeName(ctx, kind) })
      : type === "remains_recover" ? ctx.t("reason.crypt.none_exhausted")
        : me.peeked_this_round ? ctx.t("reason.crypt.peeked") : ctx.t("reason.crypt.nothing_to_peek");
    out.push(refused(type.replace(/_/g, "-"), word, why));
  }
  return out;
}

function playerDice(ctx, v, p, isClaimer) {
  const placed = v.crypt.filter((c) => c.owner === p.seat).flatMap((c) => Array(c.dice).fill(c.effort));
  const pending = isClaimer ? v.pending.map((x) => x.effort) : [];
  return p.dice.map((status, i) => {
    if (status === "placed") return die(ctx, placed.shift() || 0, "placed", { dataset: { die: i } });
    if (status === "ready" && pending.length) return die(ctx, pending.shift(), "pending", { dataset: { die: i } });
    return die(ctx, 0, status, { dataset: { die: i } });
  });
}

function players(ctx, v) {
  const claimer = v.claim_order[0];
  const order = v.players.map((p) => p.seat);
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  const panels = order.map((seat) => {
    const p = v.players[seat];
    const acting = ctx.toAct.includes(seat) && !ctx.over;
    return h("div", { class: `player seat-color-${seat}${acting ? " acting" : ""}${seat === ctx.seat ? " me" : ""}`, dataset: { seat } },
      h("div", { class: "player-head" },
        h("b", { class: "player-name" }, mark(seat), who(ctx, seat)),
        p.leader ? img("torch", ctx.t("ui.crypt.leader")) : null,
        p.lights_out ? img("lights-out", ctx.t("ui.crypt.lights_out")) : null,
        h("span", { class: "player-score", title: scoreParts(ctx.t, p) }, `${p.public_score}`)),
      h("div", { class: "player-dice" }, ...playerDice(ctx, v, p, seat === claimer && v.pending.length > 0)),
      h("div", { class: "collection" }, ...sortCollection(p.collection).map((c) => card(ctx, c, { small: true, extra: c.flipped ? "flipped" : "" }))));
  });
  if (v.ghost) {
    panels.push(h("div", { class: "player ghost" }, h("div", { class: "player-head" }, h("b", {}, img("ghost"), ctx.t("ui.crypt.ghost"))),
      h("div", { class: "player-dice" }, ...v.ghost.dice.map((s) => die(ctx, 0, s === "aside" ? "exhausted" : s)))));
  }
  return h("div", { class: "players", id: "players" }, ...panels);
}

const sortCollection = (cards) => [...cards].sort((a, b) => TYPES.indexOf(a.type) - TYPES.indexOf(b.type) || (a.value ?? 9) - (b.value ?? 9));

// -- the contract -------------------------------------------------------------------------------------------
export function render(container, ctx) {
  const v = ctx.view;
  lastT = ctx.t;
  ctx.rerender = () => render(container, ctx);
  // what is refused sits under the action bar, not in it: on a phone that bar stays under the thumb
  container.replaceChildren(header(ctx, v), collectors(ctx, v), cryptRow(ctx, v), actionBar(ctx, v),
    h("div", { class: "crypt-blocked", id: "crypt-blocked" }, ...blocked(ctx, v)), players(ctx, v));
  container.onclick = (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled || !container.contains(target)) return;
    event.stopPropagation();
    const action = JSON.parse(target.dataset.action);
    if (action.type !== "place") ctx.local.slot = null; // after a place, stay on the card for the next die
    ctx.send(action);
  };
}

// The running score's parts: what everyone can count now; the collectors' bonuses come only at the end.
function scoreParts(t, p) {
  const servants = p.dice.filter((d) => d !== "exhausted").length;
  return t("ui.crypt.score_parts", { treasure: p.public_score - servants, servants, total: p.public_score });
}
// summary(view) gets no ctx: it uses the translator of the last render (the page renders first).
let lastT = (key) => key;

// The log's hover and ⓘ: the rule behind what a line tells, and the collector of the card it names
// (keys spelled out so tests can find every one).
const ENTRY_RULE = { "crypt.push_out": "ui.crypt.rule_push_out", "crypt.collect": "ui.crypt.rule_collect",
  "crypt.auto_recover": "ui.crypt.rule_auto_recover", "crypt.torch": "ui.crypt.leader_title", "crypt.round": "ui.crypt.leader_title" };
const ENTRY_TYPE = { "crypt.idol_reroll": "idol", "crypt.idol_b_first": "idol", "crypt.manuscript_peek": "manuscript",
  "crypt.remains_recover": "remains" };
export function explain(entry, ctx) {
  const type = entry.params?.type || ENTRY_TYPE[entry.msg];
  const text = [ENTRY_RULE[entry.msg] ? ctx.t(ENTRY_RULE[entry.msg]) : "", ctx.view && TYPES.includes(type) ? typeRule(ctx, type) : ""]
    .filter(Boolean).join("\n");
  return text ? [{ name: "", text }] : [];
}

/** The running public score, one row per seat, for the page's score panel. */
export function summary(view) {
  return view.players.map((p) => ({ seat: p.seat, score: p.public_score, note: lastT("ui.crypt.bonus_at_end"),
    title: scoreParts(lastT, p) }));
}

/** "What you may do now", in words, from the legal action types. */
export function prompt(ctx) {
  const types = new Set(ctx.legal.map((a) => a.type));
  const phase = ctx.view.phase;
  if (phase === "idol" && types.has("idol_reroll")) return ctx.t("ui.crypt.p_idol");
  if (phase === "pottery" && types.has("pottery_take")) return ctx.t("ui.crypt.p_pottery");
  if (types.has("confirm")) return ctx.t("ui.crypt.p_confirm");
  if (types.has("place")) return ctx.t("ui.crypt.p_claim");
  if (types.has("recover")) return ctx.t("ui.crypt.p_recover");
  if (types.has("manuscript_peek") || types.has("remains_recover")) return ctx.t("ui.crypt.p_free");
  return "";
}
