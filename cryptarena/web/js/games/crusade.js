// Crypt Crusade's renderer for the generic table page (contract: ./README.md).
// Draws the graveyard from `view.tiles` (squares by x,y; hexes by axial q,r) in SVG: roses, Graves in
// their team's colour, seals (2 or 1), the Shed, portal markers and the pieces; the hands (yours and
// your team's face up, the other team's as backs showing their tier, revealed cards face up), both
// purses, the round, the shop and the end. Everything clickable is built from `legal` and carries
// data-action = its JSON: a legal move lights its tile; a card is picked first, then its target (a
// piece or a tile on the board, or a button in the list under the hand).
import { h } from "../api.js";
import { renderEntry } from "../i18n.js";

const TEAM_COLOUR = { gk: "#e2b13c", nm: "#a56bff" };
// Seats of a team share its colour in shades, so the seat list tells the players apart too.
const SEAT_SHADES = { gk: ["#f0c34a", "#d99a1c", "#ffe08a", "#b8860b"], nm: ["#a56bff", "#7d4fd6", "#c9a3ff", "#5f35a8"] };
const ROMAN = { 1: "I", 2: "II", 3: "III" };
const TEAMS = ["gk", "nm"];

// Every word comes from ctx.t: this game's catalogue (messages.json, keys "ui.crusade.*") in the chosen language;
// a card's name is its log term ("term.<id>"), its face text "ui.crusade.card.<id>".
// id: tier, in the rulebook's order (the first eight are the Groundskeepers' Actions, the rest the Necromancers' Spells).
const CARDS = {
  sacred_seal: 1, kick: 1, sprint: 1, holy_water: 2, leaf_blower: 2, flashlight: 3, holy_water_balloon: 3, rally: 3,
  glide: 1, desecrate: 1, whispers: 1, ghastly_touch: 2, mass_desecrate: 2, life_leech: 2, flip: 3, portal: 3, boo: 3,
};
const TEAM_WORDS = { gk: "ui.crusade.gk", nm: "ui.crusade.nm" };
// "What you may do now" per phase; the keys are spelled out so tests can find every one.
const PROMPTS = { turn: "ui.crusade.p_turn", shop: "ui.crusade.p_shop", leaf_blower: "ui.crusade.p_leaf_blower" };
// summary(view) gets no ctx: it uses the translator of the last render (the page renders first).
let lastT = (key) => key;
const teamName = (t, team) => (TEAM_WORDS[team] ? t(TEAM_WORDS[team]) : team);
const cardName = (ctx, id) => ctx.t(`term.${id}`);
function cardText(ctx, id) {
  const key = `ui.crusade.card.${id}`;
  const text = ctx.t(key);
  return text === key ? "" : text;
}
const cardTier = (id) => CARDS[id] ?? 0;
// an engine's reason ({msg, params}: a catalogue key) in the page's words
const reasonText = (ctx, entry) => renderEntry(ctx.words, entry, ctx.names);
const teamOf = (v, seat) => v.teams[seat];
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const actionAttr = (a) => (a ? ` data-action="${esc(JSON.stringify(a))}"` : "");
const btn = (action, text, attrs = {}) => h("button", { class: "btn action", "data-action": action ? JSON.stringify(action) : null, disabled: !action, ...attrs }, text);

function ensureStyle() {
  if (!document.getElementById("crusade-style")) document.head.append(h("link", { id: "crusade-style", rel: "stylesheet", href: "/static/css/crusade.css" }));
}

// -- what may be clicked now -------------------------------------------------------------------------
// The selected card (ctx.local.card) turns the board into its target picker; otherwise lit tiles are moves.
function choices(ctx) {
  const plays = ctx.legal.filter((a) => a.type === "play");
  if (ctx.local.card && !plays.some((a) => a.card === ctx.local.card)) { ctx.local.card = null; ctx.local.kickTarget = null; }
  const card = ctx.local.card;
  const tiles = new Map(), pieces = new Map(), picks = new Set();
  const mine = card ? plays.filter((a) => a.card === card) : [];
  if (!card) for (const a of ctx.legal) if (a.type === "move") tiles.set(a.to, a);
  if (mine.length && "to" in mine[0]) { // kick: the Necromancer, then the landing tile
    const targets = [...new Set(mine.map((a) => a.target))];
    if (targets.length === 1) ctx.local.kickTarget = targets[0];
    if (!targets.includes(ctx.local.kickTarget)) ctx.local.kickTarget = null;
    for (const t of targets) if (t !== ctx.local.kickTarget) picks.add(t);
    for (const a of mine) if (a.target === ctx.local.kickTarget) tiles.set(a.to, a);
  } else if (mine.length && "tile" in mine[0]) {
    for (const a of mine) tiles.set(a.tile, a);
  } else if (mine.length && "target" in mine[0]) {
    for (const a of mine) pieces.set(a.target, a);
  }
  return { card, mine, tiles, pieces, picks, plays };
}

// -- the board (SVG) ---------------------------------------------------------------------------------
function geometry(v) {
  const hex = v.tiles.some((t) => "q" in t);
  const S = 84, R = 46;
  const centre = hex ? (t) => [R * Math.sqrt(3) * (t.q + t.r / 2), R * 1.5 * t.r] : (t) => [t.x * S + S / 2, t.y * S + S / 2];
  const unit = hex ? R * 0.82 : S / 2 - 2;
  const shape = hex
    ? (cx, cy) => `<polygon points="${[0, 1, 2, 3, 4, 5].map((k) => { const a = Math.PI / 180 * (60 * k - 30); return `${(cx + (R - 2) * Math.cos(a)).toFixed(1)},${(cy + (R - 2) * Math.sin(a)).toFixed(1)}`; }).join(" ")}"/>`
    : (cx, cy) => `<rect x="${cx - S / 2 + 2}" y="${cy - S / 2 + 2}" width="${S - 4}" height="${S - 4}" rx="6"/>`;
  const xs = v.tiles.map((t) => centre(t)[0]), ys = v.tiles.map((t) => centre(t)[1]);
  const pad = (hex ? R : S / 2) + 4;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  return { hex, centre, unit, shape, box };
}

function tileSvg(ctx, v, g, t, ch, turnSeat) {
  const [cx, cy] = g.centre(t); const u = g.unit;
  const grave = v.graves[String(t.id)];
  const action = ch.tiles.get(t.id);
  const cls = ["crusade-tile", t.rose ? "rose" : "", t.shed ? "shed" : "", t.edge ? "edge" : "", action ? (ch.card ? "target" : "reachable") : ""].filter(Boolean).join(" ");
  const parts = [g.shape(cx, cy), `<text class="crusade-tile-id" x="${cx + u * 0.62}" y="${cy - u * 0.66}">${t.id}</text>`];
  if (t.shed) parts.push(`<g class="crusade-shed"><path d="M${cx - u * 0.42} ${cy + u * 0.1}v${-u * 0.38}l${u * 0.42} ${-u * 0.34}l${u * 0.42} ${u * 0.34}v${u * 0.38}z"/><rect x="${cx - u * 0.1}" y="${cy - u * 0.16}" width="${u * 0.2}" height="${u * 0.26}"/><title>${esc(ctx.t("ui.crusade.shed"))}</title></g>`);
  if (t.rose && !grave) parts.push(`<circle class="crusade-rose" cx="${cx - u * 0.55}" cy="${cy - u * 0.55}" r="${u * 0.12}"/>`);
  if (grave) {
    const owner = grave.owner || "none";
    const what = [grave.owner ? ctx.t("ui.crusade.grave_owned", { team: teamName(ctx.t, grave.owner) }) : ctx.t("ui.crusade.grave_free"),
      grave.seal ? ctx.t("ui.crusade.sealed", { n: grave.seal }) : ""].filter(Boolean).join(" · ");
    parts.push(`<g class="crusade-grave grave-${owner}" data-tile="${t.id}" data-owner="${owner}" data-seal="${grave.seal}"><title>${esc(what)}</title>`
      + `<circle class="crusade-rose" cx="${cx - u * 0.55}" cy="${cy - u * 0.55}" r="${u * 0.12}"/>`
      + `<path d="M${cx - u * 0.26} ${cy + u * 0.12}v${-u * 0.4}a${u * 0.26} ${u * 0.26} 0 0 1 ${u * 0.52} 0v${u * 0.4}z"/>`
      + `<path class="crusade-cross" d="M${cx} ${cy - u * 0.42}v${u * 0.3}M${cx - u * 0.1} ${cy - u * 0.3}h${u * 0.2}"/>`
      + (grave.seal ? `<g class="crusade-seal" data-seal="${grave.seal}"><circle cx="${cx + u * 0.42}" cy="${cy - u * 0.36}" r="${u * 0.2}"/><text x="${cx + u * 0.42}" y="${cy - u * 0.36}">${grave.seal}</text></g>` : "")
      + "</g>");
  }
  v.pieces.filter((p) => p.portal === t.id).forEach((p, i) => parts.push(
    `<g class="crusade-portal" data-seat="${p.seat}"><rect x="${cx - u * 0.78 + i * u * 0.3}" y="${cy - u * 0.02}" width="${u * 0.22}" height="${u * 0.22}" transform="rotate(45 ${cx - u * 0.67 + i * u * 0.3} ${cy + u * 0.09})"/><title>${esc(ctx.t("ui.crusade.portal", { who: ctx.nameOf(p.seat) }))}</title></g>`));
  const here = v.pieces.filter((p) => p.tile === t.id);
  const r = u * 0.23, per = 3;
  here.forEach((p, i) => {
    const row = Math.floor(i / per), inRow = Math.min(per, here.length - row * per);
    const px = cx + ((i % per) - (inRow - 1) / 2) * r * 2.15, py = cy + u * 0.6 - row * r * 2.05;
    parts.push(pieceSvg(ctx, v, p, px, py, r, ch, turnSeat));
  });
  const named = action ? ` aria-label="${esc(ctx.t("ui.crusade.tile", { n: t.id }))}"` : ""; // a control says what it is
  return `<g class="${cls}" data-tile="${t.id}"${actionAttr(action)}${named}>${parts.join("")}</g>`;
}

function effectWords(ctx, e) {
  if (!e) return [];
  return [e.ghastly && ctx.t("ui.crusade.ghastly"), e.leech < 0 && ctx.t("ui.crusade.leech_minus"), e.leech > 0 && ctx.t("ui.crusade.leech_plus"),
    e.balloon && ctx.t("ui.crusade.balloon"), e.boo && ctx.t("ui.crusade.boo"), e.boost > 0 && ctx.t("ui.crusade.boost", { n: e.boost })].filter(Boolean);
}

function pieceSvg(ctx, v, p, x, y, r, ch, turnSeat) {
  const action = ch.pieces.get(p.seat);
  const pick = ch.picks.has(p.seat);
  const effects = effectWords(ctx, p.effects);
  const cls = ["crusade-piece", `team-${p.team}`, action || pick ? "target" : "", p.seat === turnSeat ? "acting" : "", p.seat === ctx.seat ? "me" : "",
    ch.card && p.seat === ctx.local.kickTarget ? "picked" : "", effects.length ? "affected" : ""].filter(Boolean).join(" ");
  return `<g class="${cls}" data-seat="${p.seat}" data-tile="${p.tile}"${actionAttr(action)}${pick ? ` data-pick="kick:${p.seat}"` : ""}>`
    // the team by shape as well as colour (Groundskeepers square, Necromancers round), the seat by its number
    + (p.team === "gk" ? `<rect class="crusade-piece-shape" x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" rx="${r * 0.3}" fill="${TEAM_COLOUR[p.team]}"/>`
      : `<circle class="crusade-piece-shape" cx="${x}" cy="${y}" r="${r}" fill="${TEAM_COLOUR[p.team]}"/>`)
    + `<text x="${x}" y="${y}">${p.seat}</text>`
    + (effects.length ? `<circle class="crusade-effect-dot" cx="${x + r * 0.8}" cy="${y - r * 0.8}" r="${r * 0.35}"/>` : "")
    + `<title>${esc([ctx.nameOf(p.seat), ...effects].join(" · "))}</title></g>`;
}

function board(ctx, v, ch) {
  const g = geometry(v);
  const turnSeat = v.turn ? v.turn.seat : null;
  const svg = `<svg class="crusade-svg ${g.hex ? "hex" : "square"}" viewBox="${g.box.map((n) => n.toFixed(1)).join(" ")}" role="group" aria-label="${esc(ctx.t("ui.crusade.graveyard"))}">`
    // lit tiles last, so no neighbour is drawn over their outline
    + [...v.tiles].sort((a, b) => ch.tiles.has(a.id) - ch.tiles.has(b.id)).map((t) => tileSvg(ctx, v, g, t, ch, turnSeat)).join("") + "</svg>";
  const off = v.pieces.filter((p) => p.tile === null);
  return h("div", { class: "crusade-board-wrap" },
    h("div", { id: "crusade-board", class: "crusade-board", dataset: { layout: v.layout }, html: svg }),
    off.length ? h("div", { id: "crusade-offboard", class: "crusade-offboard" }, h("span", { class: "muted" }, ctx.t("ui.crusade.off_board")),
      ...off.map((p) => {
        const action = ch.pieces.get(p.seat);
        return h("span", { class: `crusade-chip-piece team-${p.team}${action ? " target" : ""}`, dataset: { seat: p.seat }, "data-action": action ? JSON.stringify(action) : null },
          `${p.seat} · ${ctx.nameOf(p.seat)}`);
      })) : null);
}

// -- header, hands, shop, end ------------------------------------------------------------------------
function header(ctx, v) {
  const order = v.my_team === "nm" ? ["nm", "gk"] : TEAMS;
  const turn = v.turn;
  return h("div", { class: "crusade-head", id: "crusade-head" },
    h("div", { class: "crusade-round", id: "crusade-round", dataset: { round: v.round, rounds: v.rounds } }, ctx.t("ui.crusade.round", { n: v.round, of: v.rounds })),
    ...order.map((team) => h("div", { class: `crusade-team team-${team}${team === v.my_team ? " mine" : ""}`, dataset: { team } },
      h("b", {}, teamName(ctx.t, team)),
      h("span", { class: "chip crusade-graves", dataset: { team, graves: v.scores[team] }, title: ctx.t("ui.crusade.graves_title") }, ctx.t("ui.crusade.graves", { n: v.scores[team] })),
      h("span", { class: "chip crusade-purse", dataset: { team, tokens: v.purse[team] }, title: ctx.t("ui.crusade.purse_title") }, ctx.t("ui.crusade.purse", { n: v.purse[team] })),
      h("span", { class: "muted crusade-earned", dataset: { team, earned: v.earned[team] }, title: ctx.t("ui.crusade.earned_title") }, ctx.t("ui.crusade.earned", { n: v.earned[team] })))),
    turn ? h("div", { class: "crusade-turn", id: "crusade-turn", dataset: { seat: turn.seat } },
      h("b", {}, ctx.nameOf(turn.seat)), " ", turn.moved ? ctx.t("ui.crusade.moved") : ctx.t("ui.crusade.allowance", { n: turn.allowance }),
      " · ", ctx.t("ui.crusade.cards_left", { n: turn.cards_left }), turn.extra_move ? h("span", { class: "chip" }, ctx.t("ui.crusade.extra_move")) : null,
      turn.borrowed ? h("span", { class: "chip" }, ctx.t("ui.crusade.borrowed")) : null) : null,
    v.leaf_blower ? h("div", { class: "crusade-turn crusade-leaf", id: "crusade-leaf", dataset: { by: v.leaf_blower.by, target: v.leaf_blower.target } },
      ctx.t("ui.crusade.leaf", { by: ctx.nameOf(v.leaf_blower.by), who: ctx.nameOf(v.leaf_blower.target) })) : null);
}

// The first eight cards are the Groundskeepers' Actions, the rest the Necromancers' Spells.
const cardTeam = (id) => (Object.keys(CARDS).indexOf(id) < 8 ? "gk" : "nm");
function cardFace(ctx, id, cls = "", attrs = {}) {
  return h("div", { class: `crusade-card tier-${cardTier(id)} team-${cardTeam(id)}${cls ? " " + cls : ""}`, dataset: { card: id, tier: cardTier(id) }, ...attrs },
    h("span", { class: "crusade-card-tier" }, ROMAN[cardTier(id)] || "?"), h("b", {}, cardName(ctx, id)), h("small", {}, cardText(ctx, id)));
}

function myHand(ctx, v, ch) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const hand = v.hands.find((x) => x.seat === ctx.seat);
  const cards = hand?.cards || [];
  const giveUps = ctx.legal.filter((a) => a.type === "give_up");
  const faces = cards.map((id, i) => {
    const giveUp = giveUps.find((a) => a.card === id);
    if (giveUp) return cardFace(ctx, id, "crusade-give-up playable", { "data-action": JSON.stringify(giveUp) });
    const playable = ch.plays.some((a) => a.card === id);
    const selected = ch.card === id && ctx.local.cardIndex === i;
    const face = cardFace(ctx, id, `${playable ? "playable" : ""}${selected ? " selected" : ""}`.trim(), { "data-pick": playable ? `card:${i}` : null });
    const why = !playable && v.why_not?.[id]; // on your turn, a card you cannot play says why on its face
    if (why) face.append(h("span", { class: "crusade-why-not" }, reasonText(ctx, why)));
    return face;
  });
  return h("div", { class: "crusade-panel crusade-myhand", id: "crusade-hand" },
    h("h3", {}, ctx.t("ui.crusade.your_hand")), giveUps.length ? h("div", { class: "crusade-alert" }, ctx.t("ui.crusade.give_up")) : null,
    h("div", { class: "crusade-cards" }, ...(faces.length ? faces : [h("span", { class: "muted" }, ctx.t("ui.crusade.no_cards"))])),
    targetList(ctx, ch));
}

function describe(ctx, a) {
  const bits = [];
  if ("target" in a) bits.push(ctx.nameOf(a.target));
  if ("tile" in a) bits.push(ctx.t("ui.crusade.tile", { n: a.tile }));
  if ("to" in a) bits.push(`→ ${ctx.t("ui.crusade.tile", { n: a.to })}`);
  return bits.join(" ");
}

function targetList(ctx, ch) {
  if (!ch.card) return null;
  const cancel = h("button", { class: "btn btn-ghost btn-small", id: "crusade-cancel", "data-pick": "cancel" }, ctx.t("ui.crusade.cancel"));
  if (ch.mine.length === 1 && Object.keys(ch.mine[0]).length === 2) {
    return h("div", { class: "crusade-targets" }, btn(ch.mine[0], ctx.t("ui.crusade.play", { card: cardName(ctx, ch.card) }), { id: "crusade-play", class: "btn action btn-gold" }), cancel);
  }
  return h("div", { class: "crusade-targets", id: "crusade-targets" },
    h("span", { class: "muted" }, "to" in ch.mine[0] ? ctx.t("ui.crusade.pick_kick") : ctx.t("ui.crusade.pick_target")),
    ...ch.mine.map((a) => btn(a, describe(ctx, a), { class: "btn action btn-small crusade-choice" })), cancel);
}

// A Necromancer with a portal who may not teleport now is told why (a disabled button, not a missing one).
function teleportRefused(ctx) {
  const v = ctx.view, me = v.pieces?.find((p) => p.seat === ctx.seat);
  if (!me || me.portal == null || v.phase !== "turn" || v.turn?.seat !== ctx.seat) return null;
  const why = v.turn.moved ? ctx.t("ui.crusade.teleport_moved") : me.tile === me.portal ? ctx.t("ui.crusade.teleport_there")
    : me.tile == null ? ctx.t("ui.crusade.teleport_off") : null;
  return why ? h("button", { class: "btn action", id: "crusade-teleport-blocked", disabled: true, title: why },
    ctx.t("ui.crusade.teleport"), h("small", { class: "crusade-why-not" }, ` — ${why}`)) : null;
}

function actionsBar(ctx) {
  const teleport = ctx.legal.find((a) => a.type === "teleport"), end = ctx.legal.find((a) => a.type === "end");
  if (!teleport && !end) return null;
  return h("div", { class: "crusade-actions", id: "crusade-actions" },
    teleport ? btn(teleport, ctx.t("ui.crusade.teleport"), { id: "crusade-teleport" }) : teleportRefused(ctx),
    end ? btn(end, ctx.t("ui.crusade.end"), { id: "crusade-end", class: "btn action btn-ghost" }) : null);
}

function shop(ctx, v) {
  if (v.phase !== "shop") return null;
  const team = v.my_team;
  const done = ctx.legal.find((a) => a.type === "done");
  const who = h("div", { class: "muted crusade-shop-done" }, ctx.t("ui.crusade.shop_done"), ": ",
    (v.shop_done || []).map(ctx.nameOf).join(", ") || "—");
  if (!team) return h("div", { class: "crusade-panel crusade-shop", id: "crusade-shop" }, h("h3", {}, ctx.t("ui.crusade.shop")), h("span", { class: "muted" }, ctx.t("ui.crusade.spectator_shop")), who);
  return h("div", { class: "crusade-panel crusade-shop", id: "crusade-shop", dataset: { team } },
    h("h3", {}, ctx.t("ui.crusade.shop"), " · ", teamName(ctx.t, team), " · ", ctx.t("ui.crusade.purse", { n: v.purse[team] })),
    h("div", { class: "crusade-tiers" }, ...[1, 2, 3].map((tier) => {
      const buy = ctx.legal.find((a) => a.type === "buy" && a.tier === tier);
      const price = v.prices[team][String(tier)], pile = v.piles[team][String(tier)];
      // a tier out of reach says why (the engine's words for the same refusal), while the team is shopping
      const why = !buy && ctx.legal.length ? reasonText(ctx, pile ? { msg: "reason.crusade.too_dear", params: { tier, price, purse: v.purse[team] } }
        : { msg: "reason.crusade.pile_empty", params: { tier } }) : null;
      return btn(buy, [h("b", {}, ctx.t("ui.crusade.tier", { t: ROMAN[tier] })), h("small", {}, ctx.t("ui.crusade.price", { n: price })),
        h("small", {}, ctx.t("ui.crusade.pile", { n: pile })), why ? h("small", { class: "crusade-why-not" }, why) : null],
      { class: `btn action crusade-buy tier-${tier}`, dataset: { tier }, title: why });
    }), btn(done, ctx.t("ui.crusade.done"), { id: "crusade-done", class: "btn action btn-gold" })), who);
}

function players(ctx, v) {
  return h("div", { class: "crusade-panel crusade-players", id: "crusade-hands" }, ...v.pieces.map((p) => {
    const hand = v.hands.find((x) => x.seat === p.seat) || { tiers: [], cards: null, revealed: [] };
    let shown;
    if (hand.cards) shown = hand.cards.map((id) => cardFace(ctx, id, `mini${(hand.revealed || []).includes(id) ? " revealed" : ""}`));
    else {
      const backs = [...hand.tiers];
      for (const id of hand.revealed || []) { const i = backs.indexOf(cardTier(id)); if (i >= 0) backs.splice(i, 1); }
      shown = [...(hand.revealed || []).map((id) => cardFace(ctx, id, "mini revealed", { title: ctx.t("ui.crusade.revealed") })),
        ...backs.map((tier) => h("span", { class: `crusade-back team-${p.team} tier-${tier}`, dataset: { tier }, title: ctx.t("ui.crusade.back", { t: ROMAN[tier] }) }, ROMAN[tier]))];
    }
    const effects = effectWords(ctx, p.effects);
    return h("div", { class: `crusade-hand team-${p.team}${p.seat === ctx.seat ? " me" : ""}${ctx.toAct.includes(p.seat) && !ctx.over ? " acting" : ""}`, dataset: { seat: p.seat, team: p.team, count: hand.tiers.length } },
      h("div", { class: "crusade-hand-head" }, h("span", { class: `crusade-dot team-${p.team}` }, String(p.seat)), h("b", {}, ctx.nameOf(p.seat)),
        h("span", { class: "muted" }, p.tile === null ? ctx.t("ui.crusade.off_board") : ctx.t("ui.crusade.tile", { n: p.tile })),
        ...effects.map((e) => h("span", { class: "chip crusade-effect" }, e))),
      h("div", { class: "crusade-cards" }, ...shown));
  }));
}

function ending(ctx, v) {
  if (!ctx.over && !v.winner) return null;
  const text = v.winner === "draw" ? ctx.t("ui.crusade.draw") : ctx.t("ui.crusade.winner", { team: teamName(ctx.t, v.winner) });
  return h("div", { class: `crusade-winner team-${v.winner}`, id: "crusade-winner", dataset: { winner: v.winner } },
    h("b", {}, text), h("span", {}, ctx.t("ui.crusade.final", { gk: v.scores.gk, nm: v.scores.nm })));
}

// -- the contract ------------------------------------------------------------------------------------
export function render(container, ctx) {
  ensureStyle();
  lastT = ctx.t;
  const v = ctx.view;
  const ch = choices(ctx);
  container.replaceChildren(h("div", { class: "crusade", id: "crusade", dataset: { phase: v.phase, round: v.round, team: v.my_team || "" } },
    header(ctx, v), ending(ctx, v), shop(ctx, v), actionsBar(ctx),
    h("div", { class: "crusade-main" }, board(ctx, v, ch), h("div", { class: "crusade-side" }, myHand(ctx, v, ch), players(ctx, v)))));
  container.onclick = (event) => {
    const target = event.target.closest("[data-action], [data-pick]");
    if (!target || target.disabled || !container.contains(target)) return;
    event.stopPropagation();
    if (target.dataset.action) { ctx.local.card = null; ctx.local.kickTarget = null; ctx.send(JSON.parse(target.dataset.action)); return; }
    const [kind, arg] = target.dataset.pick.split(":");
    if (kind === "card") {
      const i = Number(arg), id = (v.hands.find((x) => x.seat === ctx.seat)?.cards || [])[i];
      const again = ctx.local.card === id && ctx.local.cardIndex === i;
      Object.assign(ctx.local, { card: again ? null : id, cardIndex: again ? null : i, kickTarget: null });
    } else if (kind === "kick") ctx.local.kickTarget = Number(arg);
    else Object.assign(ctx.local, { card: null, cardIndex: null, kickTarget: null });
    render(container, ctx);
  };
}

/** Team colours in shades for the page's seat list and score panel (contract: README, seatColours). */
export function seatColours(view) {
  const count = { gk: 0, nm: 0 };
  return (view.teams || []).map((team) => { const shades = SEAT_SHADES[team] || ["#888"]; return shades[count[team]++ % shades.length]; });
}

/** The running public score: each seat shows its team's Graves, the team as a note. */
export function summary(view) {
  return (view.teams || []).map((team, seat) => ({ seat, score: view.scores?.[team] ?? 0, note: teamName(lastT, team) }));
}

/** "What you may do now", in words, from the phase. */
export function prompt(ctx) {
  lastT = ctx.t;
  if (!ctx.legal.length) return "";
  return PROMPTS[ctx.view.phase] ? ctx.t(PROMPTS[ctx.view.phase]) : "";
}

/** What the card a log line names does (the log's hover and ⓘ). */
export function explain(entry, ctx) {
  const id = entry.params?.card;
  return typeof id === "string" ? [{ name: cardName(ctx, id), text: cardText(ctx, id) }] : [];
}
