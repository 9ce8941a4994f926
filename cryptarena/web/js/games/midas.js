// Midas Chests' renderer for the generic table page (contract: ./README.md).
// Draws the announced stone and what each face is worth, the bid, the bid ladder, every cup (your
// dice; the others' as hidden dice until the reveal), chests, purses, favours and the last reveal,
// and makes exactly the actions in `legal` clickable (each carries data-action = its JSON).
import { h, seatMark } from "../api.js";

// 24×24 face icons; the shapes differ as well as the colours, so they read without colour too.
const FACES = {
  ruby: '<path d="M6 3h12l4 7-10 11L2 10z" fill="#d7263d"/><path d="M2 10h20M6 3l3 7 3 11 3-11 3-7" stroke="rgba(255,255,255,.55)" fill="none"/>',
  emerald: '<path d="M7 3h10l4 4v10l-4 4H7l-4-4V7z" fill="#1fa35a"/><path d="M9 7h6l2 2v6l-2 2H9l-2-2V9z" stroke="rgba(255,255,255,.55)" fill="none"/>',
  sapphire: '<ellipse cx="12" cy="12" rx="8" ry="10" fill="#2a5bd7"/><ellipse cx="12" cy="12" rx="4" ry="6" stroke="rgba(255,255,255,.55)" fill="none"/>',
  topaz: '<path d="M12 2C8 8 5 11 5 15a7 7 0 0 0 14 0c0-4-3-7-7-13z" fill="#f2b705"/><path d="M12 7c-2 4-4 6-4 8a4 4 0 0 0 4 4" stroke="rgba(255,255,255,.6)" fill="none"/>',
  diamond: '<path d="M4 9l4-5h8l4 5-8 12z" fill="#c9f1ff" stroke="#4a9cc0"/><path d="M4 9h16M8 4l4 5 4-5M8 9l4 12 4-12" stroke="#4a9cc0" fill="none"/>',
  obsidian: '<path d="M9 2l8 4 4 9-6 7-9-2-3-8z" fill="#1b1820" stroke="#9a8fbf"/><path d="M9 2l2 9 10 4M11 11l-8-2M11 11l4 11" stroke="#5d5478" fill="none"/>',
  favour: '<circle cx="12" cy="12" r="10" fill="#e2b13c" stroke="#8a6b2a"/><path d="M6 16l1-8 3 3 2-5 2 5 3-3 1 8z" fill="#7a5410"/>',
};
const CUP_COLOURS = { red: "#d9544a", blue: "#3f86e6", green: "#3fbf6a", yellow: "#f5c518" };
const SPECIAL = ["diamond", "favour", "obsidian"];
const BID_BUTTONS = 6; // the smallest raises shown as buttons; the select offers every legal count

// Every word comes from ctx.t: this game's catalogue (messages.json, keys "ui.midas.*") in the chosen language.
// A count with its noun: "1 coin", not "1 coins" (both keys spelled out so tests can find them).
const count = (t, one, many, n) => t(n === 1 ? one : many, { n });
// summary(view) gets no ctx: it uses the translator of the last render (the page renders first).
let lastT = (key) => key;
// "What you may do now" per phase; the keys are spelled out so tests can find every one.
const PROMPTS = { obsidian: "ui.midas.p_obsidian", bidding: "ui.midas.p_bidding", penalty: "ui.midas.p_penalty",
  favours: "ui.midas.p_favours", swap: "ui.midas.p_swap", table: "ui.midas.p_table", result: "ui.midas.p_result" };
const faceName = (ctx, f) => ctx.t(`term.${f}`);
// What a favour does and what a face counts, one hover away (keys spelled out for the word tests).
const FAVOUR_TEXT = { pot_de_vin: "ui.midas.favour_text.pot_de_vin", immunite: "ui.midas.favour_text.immunite",
  damocles: "ui.midas.favour_text.damocles", echange: "ui.midas.favour_text.echange" };
const FACE_TEXT = { diamond: "ui.midas.face_text.diamond", favour: "ui.midas.face_text.favour", obsidian: "ui.midas.face_text.obsidian" };
const faceText = (ctx, v, f) => `${faceName(ctx, f)}: ${ctx.t(FACE_TEXT[f] || "ui.midas.face_text.stone", { stone: faceName(ctx, v.stone) })}`;
// A favour bought and spent: the bribe changed the stone, the immunity cancelled a draw, Damoclès struck.
function favourUsed(v, s) {
  if (s.favour === "pot_de_vin") return v.bribe_holder !== s.seat;
  if (s.favour === "immunite") return !s.immune;
  if (s.favour === "damocles") return !v.damocles;
  return false;
}
const favourName = (ctx, f) => ctx.t(`term.favour.${f}`);

const CSS = `
.midas { display: flex; flex-direction: column; gap: .7rem; }
.midas-face { display: inline-flex; } .midas-face svg { width: 22px; height: 22px; }
.midas-head { display: flex; gap: 1rem; flex-wrap: wrap; align-items: center; background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: .6rem .9rem; }
.midas-stone { display: flex; gap: .6rem; align-items: center; }
.midas-stone .midas-face svg { width: 58px; height: 58px; filter: drop-shadow(0 3px 4px rgba(0,0,0,.5)); }
.midas-stone small { display: block; color: var(--muted); font-size: .8rem; }
.midas-stone b { font: bold 1.6rem Georgia, serif; color: var(--gold); text-transform: capitalize; }
.midas-values { display: flex; gap: .4rem; flex-wrap: wrap; align-items: center; }
.midas-values .chip { display: inline-flex; gap: .25rem; align-items: center; }
.midas-bidinfo { display: flex; flex-direction: column; gap: .3rem; margin-left: auto; align-items: flex-end; }
.midas-bidnow { font: bold 1.3rem Georgia, serif; }
.midas-actions { display: flex; gap: .45rem; flex-wrap: wrap; align-items: center; min-height: 2.2rem; }
.midas-actions select { font: inherit; padding: .2rem; border-radius: 6px; }
.midas-actions .btn .midas-face svg { width: 18px; height: 18px; vertical-align: -3px; }
.midas-bid { min-width: 2.6rem; }
.midas-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: .6rem; }
.midas-seat { background: var(--panel); border: 1px solid var(--line); border-top: 6px solid var(--cup); border-radius: var(--radius); padding: .5rem .7rem; display: flex; flex-direction: column; gap: .35rem; }
.midas-seat.acting { box-shadow: 0 0 0 2px var(--gold); } .midas-seat.me { background: rgba(30, 60, 44, .85); }
.midas-seat.cursed { background: linear-gradient(135deg, rgba(120, 90, 20, .55), rgba(40, 30, 8, .8)); }
.midas-seat-head { display: flex; gap: .4rem; align-items: center; } .midas-seat-head b { flex: 1; }
.midas-cursed-tag { background: linear-gradient(#ffe08a, #c8951c); color: #3a2a05; border-radius: 99px; padding: 0 .5rem; font-size: .8rem; font-weight: 700; }
.midas-cup { display: flex; gap: .25rem; flex-wrap: wrap; align-items: center; min-height: 34px; }
.midas-die { width: 32px; height: 32px; border-radius: 7px; display: grid; place-items: center; background: linear-gradient(145deg, #fff, #e6dfcb); box-shadow: 0 2px 0 #9d9479; }
.midas-die.counts { outline: 2px solid var(--gold); }
.midas-die-hidden { background: linear-gradient(145deg, var(--cup), rgba(0,0,0,.55)); box-shadow: 0 2px 0 rgba(0,0,0,.5); color: rgba(255,255,255,.8); font-weight: 700; }
.midas-card { width: 24px; height: 34px; border-radius: 4px; display: grid; place-items: center; font-weight: 700; color: #d8cff5; background: repeating-linear-gradient(45deg, #2a2436, #2a2436 4px, #3a3250 4px, #3a3250 8px); border: 1px solid #9a8fbf; opacity: .55; }
.midas-card.played { opacity: 1; }
.midas-stats { display: flex; gap: .35rem; flex-wrap: wrap; font-size: .85rem; }
.midas-stats .chip { font-size: .8rem; }
.midas-lower { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: .6rem; align-items: start; }
.midas-panel { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: .5rem .8rem; }
.midas-panel h3 { margin: 0 0 .4rem; font-size: 1rem; color: var(--gold); }
.midas-reveal.fresh { box-shadow: 0 0 0 2px var(--gold); }
.midas-reveal-seat { display: flex; gap: .4rem; align-items: center; margin: .2rem 0; } .midas-reveal-seat > span:first-child { flex: 0 0 11.5rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.midas-reveal-seat .midas-die { width: 26px; height: 26px; } .midas-reveal-seat .midas-face svg { width: 18px; height: 18px; }
.midas-lost { color: #ffb3a8; font-weight: 700; }
.midas-favour { display: grid; grid-template-columns: minmax(0, 1fr) auto minmax(0, 9rem) auto; gap: .5rem; align-items: center; padding: .15rem 0; }
.midas-favour .chip { text-align: center; white-space: nowrap; } .midas-favour .muted { font-size: .85rem; }
.midas-favour.granted { opacity: .6; }
.midas-favour-text { grid-column: 1 / -1; font-size: .8rem; margin-top: -.3rem; }
.midas-stats .chip.used { text-decoration: line-through; opacity: .65; }
.midas-refused { display: inline-flex; align-items: center; gap: .3rem; } .midas-refused small { font-size: .8rem; }
.midas-refused .btn:disabled { opacity: .55; cursor: not-allowed; }
`;
function ensureStyle() {
  if (!document.getElementById("midas-style")) document.head.append(h("style", { id: "midas-style" }, CSS));
}

const face = (name) => h("span", { class: "midas-face", dataset: { face: name }, "aria-hidden": "true",
  html: `<svg viewBox="0 0 24 24">${FACES[name] || ""}</svg>` });
const die = (ctx, name, counts = false) => h("span", { class: `midas-die${counts ? " counts" : ""}`, dataset: { face: name },
  title: faceText(ctx, ctx.view, name) }, face(name));
const actionButton = (action, text, attrs = {}) =>
  h("button", { class: "btn action", "data-action": JSON.stringify(action), ...attrs }, text);
const ofType = (ctx, type) => ctx.legal.filter((a) => a.type === type);
const cupStyle = (s) => `--cup: ${CUP_COLOURS[s.cup] || "var(--line)"}`;

// -- the pieces --------------------------------------------------------------------------------------
const counts = (v, stone, f, obsidian = v.values.obsidian) =>
  f === stone || f === "diamond" || f === "favour" || (f === "obsidian" && obsidian > 0);

function faceValue(v, f) {
  if (f === "diamond") return `+${v.values.diamond}`;
  if (f === "favour") return `+${v.values.favour}`;
  if (f === "obsidian") {
    // hidden while Cursed cards lie face down; this round's reveal has shown what they were worth
    const shown = v.values.obsidian ?? (v.last_reveal?.round === v.round ? v.last_reveal.obsidian : null);
    return shown === null || shown === undefined ? "+?" : `+${shown}`;
  }
  return `+${v.values.stone}`;
}

function header(ctx, v) {
  const specials = SPECIAL.filter((f) => v.die.includes(f));
  const opens = h("span", { class: "muted" }, v.turn === ctx.seat ? ctx.t("ui.midas.opens_you") : ctx.t("ui.midas.opens", { who: ctx.nameOf(v.turn) }));
  const bid = v.mode === "companion" ? [opens] // the bids are spoken at the real table
    : v.bid === null ? [h("span", { class: "midas-bidnow", id: "midas-bid", dataset: { bid: "" } }, ctx.t("ui.midas.no_bid")), opens]
    : [h("span", { class: "midas-bidnow", id: "midas-bid", dataset: { bid: v.bid, bidder: v.bidder } },
      ctx.t(v.phase === "bidding" ? "ui.midas.bid" : "ui.midas.bid_accused", { n: v.bid, who: ctx.nameOf(v.bidder) }))];
  return h("div", { class: "midas-head", id: "midas-head" },
    h("div", { class: "midas-stone", id: "midas-stone", dataset: { stone: v.stone }, title: faceText(ctx, v, v.stone) }, face(v.stone),
      h("div", {}, h("small", {}, `${ctx.t("ui.midas.round", { n: v.round })} · ${ctx.t("ui.midas.announces")}`), h("b", {}, faceName(ctx, v.stone)))),
    h("div", { class: "midas-values", id: "midas-values", title: ctx.t("ui.midas.rules") },
      ...[v.stone, ...specials].map((f) => h("span", { class: "chip", dataset: { face: f }, title: faceText(ctx, v, f) }, face(f), faceValue(v, f)))),
    h("div", { class: "midas-bidinfo" }, ...bid,
      h("span", { class: "chip", id: "midas-cap", dataset: { cap: v.cap }, title: ctx.t("ui.midas.cap_title", { n: v.cap }) }, ctx.t("ui.midas.cap", { n: v.cap })),
      v.damocles ? h("span", { class: "chip chip-warn" }, ctx.t("ui.midas.damocles")) : null));
}

function bidLadder(ctx, v) {
  const bids = ofType(ctx, "bid");
  if (!bids.length) return [];
  const key = `${v.round}|${v.bid}`;
  if (ctx.local.bidKey !== key || !bids.some((a) => a.count === ctx.local.bidCount)) {
    ctx.local.bidKey = key; ctx.local.bidCount = bids[0].count;
  }
  const chosen = () => bids.find((a) => a.count === ctx.local.bidCount);
  const send = h("button", { class: "btn action btn-gold", id: "bid", "data-action": JSON.stringify(chosen()) }, ctx.t("ui.midas.bid_btn"));
  const select = h("select", { id: "bid-count", "aria-label": ctx.t("ui.midas.bid_btn") },
    ...bids.map((a) => h("option", { value: a.count, selected: a.count === ctx.local.bidCount }, String(a.count))));
  select.addEventListener("change", () => {
    ctx.local.bidCount = Number(select.value);
    send.dataset.action = JSON.stringify(chosen());
  });
  return [h("b", {}, ctx.t("ui.midas.raise")),
    ...bids.slice(0, BID_BUTTONS).map((a) => actionButton(a, String(a.count), { class: "btn action midas-bid", dataset: { count: a.count } })),
    bids.length > BID_BUTTONS ? h("span", { class: "muted" }, ctx.t("ui.midas.other")) : null, select, send];
}

function actions(ctx, v) {
  const parts = [];
  const cards = ofType(ctx, "obsidian");
  if (cards.length) {
    parts.push(h("b", {}, ctx.t("ui.midas.play_obsidian")), ...cards.map((a) => actionButton(a, [face("obsidian"), ` ${ctx.t("ui.midas.card", { n: a.value })}`],
      { class: "btn action btn-gold midas-obsidian", dataset: { value: a.value }, title: faceText(ctx, v, "obsidian") })));
  }
  parts.push(...bidLadder(ctx, v));
  const accuse = ofType(ctx, "accuse")[0];
  if (accuse) parts.push(actionButton(accuse, ctx.t("ui.midas.accuse", { who: ctx.nameOf(v.bidder) }), { id: "accuse", class: "btn action" }));
  else if (ofType(ctx, "bid").length && v.bid === null) parts.push(refused("accuse", ctx.t("ui.midas.accuse_none"), ctx.t("reason.midas.nothing_to_accuse")));
  if (v.phase === "bidding" && ctx.toAct.includes(ctx.seat) && v.bid !== null && !ofType(ctx, "bid").length) {
    parts.push(h("span", { class: "muted", id: "midas-cap-reached" }, ctx.t("ui.midas.cap_reached", { n: v.cap })));
  }
  const bribes = ofType(ctx, "bribe");
  if (bribes.length) {
    parts.push(h("span", { class: "muted" }, ctx.t("ui.midas.bribe")), ...bribes.map((a) => actionButton(a, [face(a.stone), ` ${faceName(ctx, a.stone)}`],
      { class: "btn action btn-ghost btn-small midas-bribe", dataset: { stone: a.stone } })));
  }
  const loseDie = ofType(ctx, "lose_die")[0], draw = ofType(ctx, "draw")[0];
  if (draw) {
    parts.push(h("b", {}, ctx.t("ui.midas.penalty")),
      loseDie ? actionButton(loseDie, ctx.t("ui.midas.lose_die"), { id: "lose-die", class: "btn action" })
        : refused("lose-die", ctx.t("ui.midas.lose_die"), ctx.t("reason.midas.last_die")),
      actionButton(draw, ctx.t("ui.midas.draw"), { id: "draw", class: "btn action btn-gold" }));
  }
  const swaps = ofType(ctx, "swap");
  if (swaps.length) {
    parts.push(h("b", {}, ctx.t("ui.midas.swap")), ...swaps.map((a) => actionButton(a, ctx.nameOf(a.with),
      { class: "btn action midas-swap", dataset: { with: a.with } })));
  }
  if (ctx.over) return null;
  // the favours' Buy and Pass are in the favours panel: say so rather than "waiting for" oneself
  if (!parts.length && (ofType(ctx, "buy").length || ofType(ctx, "pass").length)) {
    parts.push(h("b", { id: "midas-favours-hint" }, ctx.t("ui.midas.offer_below")));
  }
  if (!parts.length) parts.push(h("span", { class: "muted" }, ctx.t("ui.midas.waiting", { who: ctx.toAct.map(ctx.nameOf).join(", ") })));
  return h("div", { class: "midas-actions", id: "midas-actions" }, ...parts);
}

// A choice this seat cannot make now: the button drawn disabled (id ending in -blocked, so nothing
// that presses #accuse finds it) and the reason beside it.
const refused = (id, text, why) => h("span", { class: "midas-refused", dataset: { blocked: id } },
  h("button", { class: "btn", id: `${id}-blocked`, disabled: true, title: why }, text), h("small", { class: "muted" }, ` ${why}`));

function cup(ctx, v, s) {
  if (s.cursed) {
    const choosing = v.phase === "obsidian" && !ctx.over;
    const card = s.obsidian !== null ? ctx.t("ui.midas.your_card", { n: s.obsidian })
      : s.obsidian_played ? ctx.t("ui.midas.card_played") : choosing ? ctx.t("ui.midas.card_waiting") : "";
    return h("div", { class: "midas-cup", dataset: { seat: s.seat } },
      h("span", { class: `midas-card${s.obsidian_played ? " played" : ""}` }, s.obsidian ?? "?"), h("span", { class: "muted" }, card));
  }
  if (s.dice) return h("div", { class: "midas-cup midas-cup-mine", dataset: { seat: s.seat } }, ...s.dice.map((f) => die(ctx, f, counts(v, v.stone, f))));
  const hidden = Array.from({ length: s.dice_count }, () => h("span", { class: "midas-die midas-die-hidden" }, "?"));
  return h("div", { class: "midas-cup", dataset: { seat: s.seat, hidden: s.dice_count }, title: count(ctx.t, "ui.midas.hidden_one", "ui.midas.hidden", s.dice_count) }, ...hidden);
}

function seats(ctx, v) {
  const companion = v.mode === "companion";
  return h("div", { class: "midas-seats", id: "midas-seats" }, ...v.seats.map((s) => {
    const me = s.seat === ctx.seat && !companion;
    const acting = ctx.toAct.includes(s.seat) && !ctx.over && !companion;
    return h("div", { class: `midas-seat${me ? " me" : ""}${acting ? " acting" : ""}${s.cursed ? " cursed" : ""}`, style: cupStyle(s),
      dataset: { seat: s.seat, cup: s.cup, cursed: s.cursed } },
      h("div", { class: "midas-seat-head" }, h("b", {}, seatMark(s.seat, "var(--cup)"), ctx.nameOf(s.seat)),
        s.cursed ? h("span", { class: "midas-cursed-tag" }, ctx.t("ui.midas.cursed")) : h("span", { class: "muted" }, count(ctx.t, "ui.midas.dice_one", "ui.midas.dice", s.dice_count))),
      companion ? null : cup(ctx, v, s),
      h("div", { class: "midas-stats" },
        h("span", { class: "chip midas-chest", dataset: { coins: s.chest }, title: ctx.t(s.cursed ? "ui.midas.chest_title_cursed" : "ui.midas.chest_title") },
          count(ctx.t, "ui.midas.chest_one", "ui.midas.chest", s.chest)),
        h("span", { class: "chip midas-purse", dataset: { purse: s.purse }, title: ctx.t("ui.midas.purse_title") }, ctx.t("ui.midas.purse", { n: s.purse })),
        s.favour ? h("span", { class: `chip midas-owned-favour${favourUsed(v, s) ? " used" : ""}`, dataset: { favour: s.favour, used: favourUsed(v, s) },
          title: ctx.t(FAVOUR_TEXT[s.favour]) }, favourUsed(v, s) ? ctx.t("ui.midas.favour_used", { favour: favourName(ctx, s.favour) }) : favourName(ctx, s.favour)) : null,
        s.immune ? h("span", { class: "chip midas-immune", title: ctx.t(FAVOUR_TEXT.immunite) }, ctx.t("ui.midas.immune")) : null));
  }));
}

function reveal(ctx, v) {
  const r = v.last_reveal;
  if (!r || !r.dice) return null;
  return h("div", { class: `midas-panel midas-reveal${r.round === v.round ? " fresh" : ""}`, id: "midas-reveal", dataset: { round: r.round, total: r.total, loser: r.loser } },
    h("h3", {}, ctx.t("ui.midas.reveal", { n: r.round }), " ", face(r.stone)),
    ...r.dice.map((dice, seat) => h("div", { class: "midas-reveal-seat", dataset: { seat } },
      h("span", {}, seatMark(seat, `var(--seat${seat})`), ctx.nameOf(seat)),
      v.seats[seat].cursed && !dice.length ? h("span", { class: "midas-cursed-tag" }, ctx.t("ui.midas.cursed")) : null,
      ...dice.map((f) => die(ctx, f, counts(v, r.stone, f, r.obsidian))))),
    h("div", {}, ctx.t("ui.midas.accused", { who: ctx.nameOf(r.accuser), bidder: ctx.nameOf(r.bidder) }), ": ",
      ctx.t("ui.midas.total", { total: r.total, bid: r.bid }), " · ", ctx.t("ui.midas.obsidian_is", { n: r.obsidian })),
    h("div", { class: "midas-lost" }, ctx.t("ui.midas.loser", { who: ctx.nameOf(r.loser) })));
}

function favours(ctx, v) {
  // in companion mode the action bar carries the purchases (they name the player)
  const companion = v.mode === "companion";
  const buys = companion ? [] : ofType(ctx, "buy"), pass = companion ? null : ofType(ctx, "pass")[0];
  return h("div", { class: "midas-panel midas-favours", id: "midas-favours" },
    h("h3", {}, ctx.t("ui.midas.favours")),
    pass ? h("div", { class: "muted" }, ctx.t("ui.midas.offer")) : null,
    ...Object.entries(v.favours).map(([f, info]) => {
      const buy = buys.find((a) => a.favour === f);
      return h("div", { class: `midas-favour${info.granted_to !== null ? " granted" : ""}`, dataset: { favour: f } },
        h("span", { title: ctx.t(FAVOUR_TEXT[f]) }, face("favour"), " ", favourName(ctx, f)),
        h("span", { class: "chip" }, count(ctx.t, "ui.midas.price_one", "ui.midas.price", info.price)),
        h("span", { class: "muted" }, info.granted_to !== null ? ctx.t("ui.midas.granted", { who: ctx.nameOf(info.granted_to) }) : ctx.t("ui.midas.free")),
        buy ? actionButton(buy, ctx.t("ui.midas.buy"), { class: "btn action btn-gold btn-small midas-buy", dataset: { favour: f } })
          : pass && info.granted_to === null ? refusedBuy(ctx, v, info) : null,
        h("span", { class: "muted midas-favour-text" }, ctx.t(FAVOUR_TEXT[f])));
    }),
    pass ? actionButton(pass, ctx.t("ui.midas.pass"), { id: "pass", class: "btn action btn-ghost btn-small" }) : null);
}

// A favour offered to this seat that it cannot buy: the Buy drawn disabled, with the reason.
function refusedBuy(ctx, v, info) {
  const me = v.seats[ctx.seat];
  const why = me?.favour ? ctx.t("ui.midas.one_favour") : ctx.t("ui.midas.too_dear", { n: info.price });
  return h("span", { class: "midas-buy-refused" }, h("button", { class: "btn btn-small", disabled: true, title: why }, ctx.t("ui.midas.buy")),
    h("span", { class: "muted" }, ` ${why}`));
}

// Companion mode: the one device enters what happens at the real table; every legal action is a button.
function companionActions(ctx) {
  const label = (a) => {
    const what = a.type === "reveal" ? ctx.t("ui.midas.a_reveal") : a.type === "obsidian" ? ctx.t("ui.midas.card", { n: a.value })
      : a.type === "lose_die" ? ctx.t("ui.midas.lose_die") : a.type === "draw" ? ctx.t("ui.midas.draw") : a.type === "pass" ? ctx.t("ui.midas.pass")
        : a.type === "buy" ? `${ctx.t("ui.midas.buy")} ${favourName(ctx, a.favour)}` : a.type === "bribe" ? faceName(ctx, a.stone)
          : a.type === "swap" ? ctx.nameOf(a.with) : a.type;
    return "player" in a ? ctx.t("ui.midas.a_for", { who: ctx.nameOf(a.player), what }) : what;
  };
  return h("div", { class: "midas-actions", id: "midas-actions" }, h("span", { class: "muted" }, ctx.t("ui.midas.companion")),
    ...ctx.legal.map((a) => actionButton(a, label(a), { class: `btn action btn-small midas-${a.type.replace("_", "-")}` })));
}

// -- the contract ------------------------------------------------------------------------------------
export function render(container, ctx) {
  ensureStyle();
  lastT = ctx.t;
  const v = ctx.view;
  const companion = v.mode === "companion";
  container.replaceChildren(h("div", { class: "midas", id: "midas", dataset: { phase: v.phase, mode: v.mode } },
    header(ctx, v), companion ? companionActions(ctx) : actions(ctx, v), seats(ctx, v),
    h("div", { class: "midas-lower" }, reveal(ctx, v), favours(ctx, v))));
  container.onclick = (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled || !container.contains(target)) return;
    event.stopPropagation();
    ctx.send(JSON.parse(target.dataset.action));
  };
}

/** A hinted bid of more than the ladder shows: choose its count, so that the Bid button carries it (js/hint.js). */
export function showAction(action, ctx) {
  if (action.type === "bid") ctx.local.bidCount = action.count;
}

/** The running public score: dice left under the cup (or Cursed), with the chest as a note. */
/** The cups' colours for the page's seat list and score panel (contract: README, seatColours). */
export function seatColours(view) {
  return view.seats.map((s) => CUP_COLOURS[s.cup]).filter(Boolean);
}

export function summary(view) {
  const t = lastT;
  return view.seats.map((s) => ({ seat: s.seat, score: s.cursed ? t("ui.midas.cursed") : count(t, "ui.midas.dice_one", "ui.midas.dice", s.dice_count),
    note: count(t, "ui.midas.chest_one", "ui.midas.chest", s.chest) }));
}

// The log's hover and ⓘ: the rule behind what a line tells, or what the favour it names does (keys
// spelled out so tests can find every one).
const ENTRY_RULE = { "midas.bid": "ui.midas.rule_bid", "midas.accuse": "ui.midas.rule_reveal", "midas.reveal": "ui.midas.rule_reveal",
  "midas.cursed": "ui.midas.rule_cursed", "midas.draw": "ui.midas.purse_title", "midas.lose_die": "ui.midas.rule_penalty" };
const ENTRY_FAVOUR = { "midas.bribe": "pot_de_vin", "midas.immune": "immunite", "midas.damocles": "damocles", "midas.swap": "echange" };
export function explain(entry, { t }) {
  const favour = entry.params?.favour || ENTRY_FAVOUR[entry.msg];
  const text = FAVOUR_TEXT[favour] ? t(FAVOUR_TEXT[favour])
    : entry.msg === "midas.round" ? t("ui.midas.face_text.stone", { stone: t(`term.${entry.params.stone}`) })
      : ENTRY_RULE[entry.msg] ? t(ENTRY_RULE[entry.msg]) : null;
  return text ? [{ name: "", text }] : [];
}

/** "What you may do now", in words, from the phase. */
export function prompt(ctx) {
  lastT = ctx.t;
  if (!ctx.legal.length) return "";
  if (ctx.view.phase === "bidding" && !ctx.toAct.includes(ctx.seat)) return ctx.t("ui.midas.bribe");
  return PROMPTS[ctx.view.phase] ? ctx.t(PROMPTS[ctx.view.phase]) : "";
}
