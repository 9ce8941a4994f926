// Crypt Crusade's renderer for the generic table page (contract: ./README.md).
// Draws the graveyard from `view.tiles` (squares by x,y; hexes by axial q,r) in SVG: roses, Graves in
// their team's colour, seals (2 or 1), the Shed, portal markers and the pieces; the hands (yours and
// your team's face up, the other team's as backs showing their tier, revealed cards face up), both
// purses, the round, the shop and the end. Everything clickable is built from `legal` and carries
// data-action = its JSON: a legal move lights its tile; a card is picked first, then its target (a
// piece or a tile on the board, or a button in the list under the hand).
import { h } from "../api.js";

const TEAM_COLOUR = { gk: "#e2b13c", nm: "#a56bff" };
// Seats of a team share its colour in shades, so the seat list tells the players apart too.
const SEAT_SHADES = { gk: ["#f0c34a", "#d99a1c", "#ffe08a", "#b8860b"], nm: ["#a56bff", "#7d4fd6", "#c9a3ff", "#5f35a8"] };
const ROMAN = { 1: "I", 2: "II", 3: "III" };
const TEAMS = ["gk", "nm"];

// id: [tier, {lang: [name, short text]}] — the cards' faces (catalogue terms win when present).
const CARDS = {
  sacred_seal: [1, { en: ["Sacred Seal", "Seal a Grave within 1 for two rounds"], fr: ["Sceau sacré", "Scelle une tombe à 1 case pour deux manches"], zh: ["神圣封印", "封印1格内的坟墓两轮"] }],
  kick: [1, { en: ["Kick", "Push a Necromancer within 1 two tiles"], fr: ["Coup de pied", "Repousse un nécromancien à 1 case de deux cases"], zh: ["踢", "把1格内的死灵法师踢开2格"] }],
  sprint: [1, { en: ["Sprint", "+1 tile of movement"], fr: ["Sprint", "+1 case de déplacement"], zh: ["冲刺", "移动+1格"] }],
  holy_water: [2, { en: ["Holy Water", "Clear debuffs: you and allies within 1"], fr: ["Eau bénite", "Efface les malus : vous et alliés à 1 case"], zh: ["圣水", "清除自己和1格内队友的负面效果"] }],
  leaf_blower: [2, { en: ["Leaf Blower", "A Necromancer gives up a card of their choice"], fr: ["Souffleur", "Un nécromancien rend une carte de son choix"], zh: ["吹叶机", "一名死灵法师交出一张自选的牌"] }],
  flashlight: [3, { en: ["Flashlight", "A Necromancer within 3 reveals their hand"], fr: ["Lampe torche", "Un nécromancien à 3 cases révèle sa main"], zh: ["手电筒", "3格内的死灵法师亮出手牌"] }],
  holy_water_balloon: [3, { en: ["Holy Water Balloon", "A Necromancer within 2 cannot cast a Spell next turn"], fr: ["Ballon d'eau bénite", "Un nécromancien à 2 cases ne lance pas de sort au prochain tour"], zh: ["圣水气球", "2格内的死灵法师下回合不能施法"] }],
  rally: [3, { en: ["Rally", "Another Groundskeeper plays now: +2 moves, 2 cards"], fr: ["Ralliement", "Un autre gardien joue aussitôt : +2 cases, 2 cartes"], zh: ["集结", "另一名守墓人立即行动：移动+2，可出2张牌"] }],
  glide: [1, { en: ["Glide", "+1 tile of movement"], fr: ["Glissade", "+1 case de déplacement"], zh: ["滑行", "移动+1格"] }],
  desecrate: [1, { en: ["Desecrate", "Break the seal on your Grave"], fr: ["Profanation", "Brise le sceau de votre tombe"], zh: ["亵渎", "破除脚下坟墓的封印"] }],
  whispers: [1, { en: ["Whispers", "Groundskeepers near your Graves reveal their hands"], fr: ["Murmures", "Les gardiens près de vos tombes révèlent leur main"], zh: ["低语", "你方坟墓2格内的守墓人亮出手牌"] }],
  ghastly_touch: [2, { en: ["Ghastly Touch", "A Groundskeeper within 1 cannot move next turn"], fr: ["Toucher spectral", "Un gardien à 1 case ne bouge pas au prochain tour"], zh: ["幽灵之触", "1格内的守墓人下回合不能移动"] }],
  mass_desecrate: [2, { en: ["Mass Desecrate", "Break every seal within 3"], fr: ["Profanation de masse", "Brise tous les sceaux à 3 cases"], zh: ["群体亵渎", "破除3格内所有封印"] }],
  life_leech: [2, { en: ["Life Leech", "A Groundskeeper within 2: their move −1, yours +1"], fr: ["Drain de vie", "Un gardien à 2 cases : son déplacement −1, le vôtre +1"], zh: ["生命汲取", "2格内的守墓人移动−1，你+1"] }],
  flip: [3, { en: ["Flip", "Swap tiles with any other player"], fr: ["Échange", "Échangez de case avec n'importe qui"], zh: ["换位", "与任意玩家交换位置"] }],
  portal: [3, { en: ["Portal", "Mark your tile; teleport back later"], fr: ["Portail", "Marquez votre case ; téléportez-vous-y plus tard"], zh: ["传送门", "标记当前格，之后可传送回来"] }],
  boo: [3, { en: ["Boo!", "Groundskeepers within 2 cannot capture next turn"], fr: ["Bouh !", "Les gardiens à 2 cases ne capturent pas au prochain tour"], zh: ["吓！", "2格内的守墓人下回合不能占领"] }],
};

const WORDS = {
  en: { gk: "Groundskeepers", nm: "Necromancers", round: "Round {n} / {of}", purse: "{n} tokens", earned: "earned {n}", graves: "{n} Graves",
    your_hand: "Your hand", no_cards: "no cards", play: "Play {card}", cancel: "Cancel", end: "End turn", teleport: "Teleport to your portal",
    pick_target: "Choose a target:", pick_kick: "Choose the Necromancer to kick, then where they land", off_board: "off the board",
    allowance: "moves up to {n}", moved: "has moved", cards_left: "{n} card(s) left", borrowed: "Rally: borrowed turn", extra_move: "one more tile", leaf: "Leaf Blower by {by}: {who} gives up a card",
    shop: "Shop", tier: "Tier {t}", price: "{n} tokens", pile: "{n} left", done: "Done shopping", shop_done: "done",
    spectator_shop: "The teams are shopping", give_up: "Leaf Blower! Choose the card to give up:", tile: "tile {n}",
    ghastly: "cannot move", leech_minus: "move −1", leech_plus: "move +1", balloon: "no Spells", boo: "cannot capture", boost: "+{n} moves",
    winner: "The {team} win!", draw: "A draw: both teams win", final: "Graves: {gk} Groundskeepers · {nm} Necromancers",
    p_turn: "move (click a lit tile), play a card, or end your turn", p_shop: "buy cards for your team, then Done", p_leaf_blower: "choose the card to give up",
    revealed: "revealed", portal: "portal of {who}", shed: "Shed" },
  fr: { gk: "Gardiens", nm: "Nécromanciens", round: "Manche {n} / {of}", purse: "{n} jetons", earned: "gagnés {n}", graves: "{n} tombes",
    your_hand: "Votre main", no_cards: "aucune carte", play: "Jouer {card}", cancel: "Annuler", end: "Finir le tour", teleport: "Se téléporter au portail",
    pick_target: "Choisissez une cible :", pick_kick: "Choisissez le nécromancien à repousser, puis où il atterrit", off_board: "hors du plateau",
    allowance: "se déplace jusqu'à {n}", moved: "s'est déplacé", cards_left: "{n} carte(s) restante(s)", borrowed: "Ralliement : tour prêté", extra_move: "encore une case", leaf: "Souffleur de {by} : {who} rend une carte",
    shop: "Boutique", tier: "Niveau {t}", price: "{n} jetons", pile: "reste {n}", done: "Fin des achats", shop_done: "fini",
    spectator_shop: "Les équipes font leurs achats", give_up: "Souffleur ! Choisissez la carte à rendre :", tile: "case {n}",
    ghastly: "immobilisé", leech_minus: "déplacement −1", leech_plus: "déplacement +1", balloon: "pas de sort", boo: "ne capture pas", boost: "+{n} cases",
    winner: "Les {team} gagnent !", draw: "Égalité : les deux équipes gagnent", final: "Tombes : {gk} gardiens · {nm} nécromanciens",
    p_turn: "déplacez-vous (case éclairée), jouez une carte ou finissez le tour", p_shop: "achetez des cartes pour l'équipe, puis Fin", p_leaf_blower: "choisissez la carte à rendre",
    revealed: "révélée", portal: "portail de {who}", shed: "Cabane" },
  zh: { gk: "守墓人", nm: "死灵法师", round: "第{n}轮 / 共{of}轮", purse: "{n}枚代币", earned: "累计{n}", graves: "{n}座坟墓",
    your_hand: "你的手牌", no_cards: "没有牌", play: "打出{card}", cancel: "取消", end: "结束回合", teleport: "传送到传送门",
    pick_target: "选择目标：", pick_kick: "选择要踢的死灵法师，再选落点", off_board: "未上场",
    allowance: "最多移动{n}格", moved: "已移动", cards_left: "还可出{n}张牌", borrowed: "集结：借来的回合", extra_move: "再走一格", leaf: "{by}使用吹叶机：{who}交出一张牌",
    shop: "商店", tier: "{t}级", price: "{n}枚代币", pile: "剩{n}张", done: "购买完毕", shop_done: "已完成",
    spectator_shop: "双方正在购物", give_up: "吹叶机！选择要交出的牌：", tile: "第{n}格",
    ghastly: "不能移动", leech_minus: "移动−1", leech_plus: "移动+1", balloon: "不能施法", boo: "不能占领", boost: "移动+{n}",
    winner: "{team}获胜！", draw: "平局：双方获胜", final: "坟墓：守墓人{gk} · 死灵法师{nm}",
    p_turn: "移动（点击高亮格）、出牌或结束回合", p_shop: "为队伍买牌，然后点完成", p_leaf_blower: "选择要交出的牌",
    revealed: "已亮出", portal: "{who}的传送门", shed: "工具棚" },
};
function say(ctx, key, params = {}) {
  const text = (WORDS[ctx.lang] || WORDS.en)[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}
function cardName(ctx, id) {
  for (const key of [`term.card.${id}`, `term.${id}`]) { const v = ctx.t(key); if (v !== key) return v; }
  const faces = CARDS[id]?.[1]; return (faces?.[ctx.lang] || faces?.en || [id])[0];
}
const cardText = (ctx, id) => { const faces = CARDS[id]?.[1]; return (faces?.[ctx.lang] || faces?.en || ["", ""])[1]; };
const cardTier = (id) => CARDS[id]?.[0] ?? 0;
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
  if (t.shed) parts.push(`<g class="crusade-shed"><path d="M${cx - u * 0.42} ${cy + u * 0.1}v${-u * 0.38}l${u * 0.42} ${-u * 0.34}l${u * 0.42} ${u * 0.34}v${u * 0.38}z"/><rect x="${cx - u * 0.1}" y="${cy - u * 0.16}" width="${u * 0.2}" height="${u * 0.26}"/><title>${esc(say(ctx, "shed"))}</title></g>`);
  if (t.rose && !grave) parts.push(`<circle class="crusade-rose" cx="${cx - u * 0.55}" cy="${cy - u * 0.55}" r="${u * 0.12}"/>`);
  if (grave) {
    const owner = grave.owner || "none";
    parts.push(`<g class="crusade-grave grave-${owner}" data-tile="${t.id}" data-owner="${owner}" data-seal="${grave.seal}">`
      + `<circle class="crusade-rose" cx="${cx - u * 0.55}" cy="${cy - u * 0.55}" r="${u * 0.12}"/>`
      + `<path d="M${cx - u * 0.26} ${cy + u * 0.12}v${-u * 0.4}a${u * 0.26} ${u * 0.26} 0 0 1 ${u * 0.52} 0v${u * 0.4}z"/>`
      + `<path class="crusade-cross" d="M${cx} ${cy - u * 0.42}v${u * 0.3}M${cx - u * 0.1} ${cy - u * 0.3}h${u * 0.2}"/>`
      + (grave.seal ? `<g class="crusade-seal" data-seal="${grave.seal}"><circle cx="${cx + u * 0.42}" cy="${cy - u * 0.36}" r="${u * 0.2}"/><text x="${cx + u * 0.42}" y="${cy - u * 0.36}">${grave.seal}</text></g>` : "")
      + "</g>");
  }
  v.pieces.filter((p) => p.portal === t.id).forEach((p, i) => parts.push(
    `<g class="crusade-portal" data-seat="${p.seat}"><rect x="${cx - u * 0.78 + i * u * 0.3}" y="${cy - u * 0.02}" width="${u * 0.22}" height="${u * 0.22}" transform="rotate(45 ${cx - u * 0.67 + i * u * 0.3} ${cy + u * 0.09})"/><title>${esc(say(ctx, "portal", { who: ctx.nameOf(p.seat) }))}</title></g>`));
  const here = v.pieces.filter((p) => p.tile === t.id);
  const r = u * 0.23, per = 3;
  here.forEach((p, i) => {
    const row = Math.floor(i / per), inRow = Math.min(per, here.length - row * per);
    const px = cx + ((i % per) - (inRow - 1) / 2) * r * 2.15, py = cy + u * 0.6 - row * r * 2.05;
    parts.push(pieceSvg(ctx, v, p, px, py, r, ch, turnSeat));
  });
  return `<g class="${cls}" data-tile="${t.id}"${actionAttr(action)}>${parts.join("")}</g>`;
}

function effectWords(ctx, e) {
  if (!e) return [];
  return [e.ghastly && say(ctx, "ghastly"), e.leech < 0 && say(ctx, "leech_minus"), e.leech > 0 && say(ctx, "leech_plus"),
    e.balloon && say(ctx, "balloon"), e.boo && say(ctx, "boo"), e.boost > 0 && say(ctx, "boost", { n: e.boost })].filter(Boolean);
}

function pieceSvg(ctx, v, p, x, y, r, ch, turnSeat) {
  const action = ch.pieces.get(p.seat);
  const pick = ch.picks.has(p.seat);
  const effects = effectWords(ctx, p.effects);
  const cls = ["crusade-piece", `team-${p.team}`, action || pick ? "target" : "", p.seat === turnSeat ? "acting" : "", p.seat === ctx.seat ? "me" : "",
    ch.card && p.seat === ctx.local.kickTarget ? "picked" : "", effects.length ? "affected" : ""].filter(Boolean).join(" ");
  return `<g class="${cls}" data-seat="${p.seat}" data-tile="${p.tile}"${actionAttr(action)}${pick ? ` data-pick="kick:${p.seat}"` : ""}>`
    + `<circle cx="${x}" cy="${y}" r="${r}" fill="${TEAM_COLOUR[p.team]}"/><text x="${x}" y="${y}">${p.seat}</text>`
    + (effects.length ? `<circle class="crusade-effect-dot" cx="${x + r * 0.8}" cy="${y - r * 0.8}" r="${r * 0.35}"/>` : "")
    + `<title>${esc([ctx.nameOf(p.seat), ...effects].join(" · "))}</title></g>`;
}

function board(ctx, v, ch) {
  const g = geometry(v);
  const turnSeat = v.turn ? v.turn.seat : null;
  const svg = `<svg class="crusade-svg ${g.hex ? "hex" : "square"}" viewBox="${g.box.map((n) => n.toFixed(1)).join(" ")}" role="img" aria-label="graveyard">`
    // lit tiles last, so no neighbour is drawn over their outline
    + [...v.tiles].sort((a, b) => ch.tiles.has(a.id) - ch.tiles.has(b.id)).map((t) => tileSvg(ctx, v, g, t, ch, turnSeat)).join("") + "</svg>";
  const off = v.pieces.filter((p) => p.tile === null);
  return h("div", { class: "crusade-board-wrap" },
    h("div", { id: "crusade-board", class: "crusade-board", dataset: { layout: v.layout }, html: svg }),
    off.length ? h("div", { id: "crusade-offboard", class: "crusade-offboard" }, h("span", { class: "muted" }, say(ctx, "off_board")),
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
    h("div", { class: "crusade-round", id: "crusade-round", dataset: { round: v.round, rounds: v.rounds } }, say(ctx, "round", { n: v.round, of: v.rounds })),
    ...order.map((team) => h("div", { class: `crusade-team team-${team}${team === v.my_team ? " mine" : ""}`, dataset: { team } },
      h("b", {}, say(ctx, team)),
      h("span", { class: "chip crusade-graves", dataset: { team, graves: v.scores[team] } }, say(ctx, "graves", { n: v.scores[team] })),
      h("span", { class: "chip crusade-purse", dataset: { team, tokens: v.purse[team] } }, say(ctx, "purse", { n: v.purse[team] })),
      h("span", { class: "muted crusade-earned", dataset: { team, earned: v.earned[team] } }, say(ctx, "earned", { n: v.earned[team] })))),
    turn ? h("div", { class: "crusade-turn", id: "crusade-turn", dataset: { seat: turn.seat } },
      h("b", {}, ctx.nameOf(turn.seat)), " ", turn.moved ? say(ctx, "moved") : say(ctx, "allowance", { n: turn.allowance }),
      " · ", say(ctx, "cards_left", { n: turn.cards_left }), turn.extra_move ? h("span", { class: "chip" }, say(ctx, "extra_move")) : null,
      turn.borrowed ? h("span", { class: "chip" }, say(ctx, "borrowed")) : null) : null,
    v.leaf_blower ? h("div", { class: "crusade-turn crusade-leaf", id: "crusade-leaf", dataset: { by: v.leaf_blower.by, target: v.leaf_blower.target } },
      say(ctx, "leaf", { by: ctx.nameOf(v.leaf_blower.by), who: ctx.nameOf(v.leaf_blower.target) })) : null);
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
    return cardFace(ctx, id, `${playable ? "playable" : ""}${selected ? " selected" : ""}`.trim(), { "data-pick": playable ? `card:${i}` : null });
  });
  return h("div", { class: "crusade-panel crusade-myhand", id: "crusade-hand" },
    h("h3", {}, say(ctx, "your_hand")), giveUps.length ? h("div", { class: "crusade-alert" }, say(ctx, "give_up")) : null,
    h("div", { class: "crusade-cards" }, ...(faces.length ? faces : [h("span", { class: "muted" }, say(ctx, "no_cards"))])),
    targetList(ctx, ch));
}

function describe(ctx, a) {
  const bits = [];
  if ("target" in a) bits.push(ctx.nameOf(a.target));
  if ("tile" in a) bits.push(say(ctx, "tile", { n: a.tile }));
  if ("to" in a) bits.push(`→ ${say(ctx, "tile", { n: a.to })}`);
  return bits.join(" ");
}

function targetList(ctx, ch) {
  if (!ch.card) return null;
  const cancel = h("button", { class: "btn btn-ghost btn-small", id: "crusade-cancel", "data-pick": "cancel" }, say(ctx, "cancel"));
  if (ch.mine.length === 1 && Object.keys(ch.mine[0]).length === 2) {
    return h("div", { class: "crusade-targets" }, btn(ch.mine[0], say(ctx, "play", { card: cardName(ctx, ch.card) }), { id: "crusade-play", class: "btn action btn-gold" }), cancel);
  }
  return h("div", { class: "crusade-targets", id: "crusade-targets" },
    h("span", { class: "muted" }, "to" in ch.mine[0] ? say(ctx, "pick_kick") : say(ctx, "pick_target")),
    ...ch.mine.map((a) => btn(a, describe(ctx, a), { class: "btn action btn-small crusade-choice" })), cancel);
}

function actionsBar(ctx) {
  const teleport = ctx.legal.find((a) => a.type === "teleport"), end = ctx.legal.find((a) => a.type === "end");
  if (!teleport && !end) return null;
  return h("div", { class: "crusade-actions", id: "crusade-actions" },
    teleport ? btn(teleport, say(ctx, "teleport"), { id: "crusade-teleport" }) : null,
    end ? btn(end, say(ctx, "end"), { id: "crusade-end", class: "btn action btn-ghost" }) : null);
}

function shop(ctx, v) {
  if (v.phase !== "shop") return null;
  const team = v.my_team;
  const done = ctx.legal.find((a) => a.type === "done");
  const who = h("div", { class: "muted crusade-shop-done" }, say(ctx, "shop_done"), ": ",
    (v.shop_done || []).map(ctx.nameOf).join(", ") || "—");
  if (!team) return h("div", { class: "crusade-panel crusade-shop", id: "crusade-shop" }, h("h3", {}, say(ctx, "shop")), h("span", { class: "muted" }, say(ctx, "spectator_shop")), who);
  return h("div", { class: "crusade-panel crusade-shop", id: "crusade-shop", dataset: { team } },
    h("h3", {}, say(ctx, "shop"), " · ", say(ctx, team), " · ", say(ctx, "purse", { n: v.purse[team] })),
    h("div", { class: "crusade-tiers" }, ...[1, 2, 3].map((tier) => {
      const buy = ctx.legal.find((a) => a.type === "buy" && a.tier === tier);
      return btn(buy, [h("b", {}, say(ctx, "tier", { t: ROMAN[tier] })), h("small", {}, say(ctx, "price", { n: v.prices[team][String(tier)] })),
        h("small", {}, say(ctx, "pile", { n: v.piles[team][String(tier)] }))], { class: `btn action crusade-buy tier-${tier}`, dataset: { tier } });
    }), btn(done, say(ctx, "done"), { id: "crusade-done", class: "btn action btn-gold" })), who);
}

function players(ctx, v) {
  return h("div", { class: "crusade-panel crusade-players", id: "crusade-hands" }, ...v.pieces.map((p) => {
    const hand = v.hands.find((x) => x.seat === p.seat) || { tiers: [], cards: null, revealed: [] };
    let shown;
    if (hand.cards) shown = hand.cards.map((id) => cardFace(ctx, id, `mini${(hand.revealed || []).includes(id) ? " revealed" : ""}`));
    else {
      const backs = [...hand.tiers];
      for (const id of hand.revealed || []) { const i = backs.indexOf(cardTier(id)); if (i >= 0) backs.splice(i, 1); }
      shown = [...(hand.revealed || []).map((id) => cardFace(ctx, id, "mini revealed", { title: say(ctx, "revealed") })),
        ...backs.map((tier) => h("span", { class: `crusade-back team-${p.team} tier-${tier}`, dataset: { tier } }, ROMAN[tier]))];
    }
    const effects = effectWords(ctx, p.effects);
    return h("div", { class: `crusade-hand team-${p.team}${p.seat === ctx.seat ? " me" : ""}${ctx.toAct.includes(p.seat) && !ctx.over ? " acting" : ""}`, dataset: { seat: p.seat, team: p.team, count: hand.tiers.length } },
      h("div", { class: "crusade-hand-head" }, h("span", { class: `crusade-dot team-${p.team}` }, String(p.seat)), h("b", {}, ctx.nameOf(p.seat)),
        h("span", { class: "muted" }, p.tile === null ? say(ctx, "off_board") : say(ctx, "tile", { n: p.tile })),
        ...effects.map((e) => h("span", { class: "chip crusade-effect" }, e))),
      h("div", { class: "crusade-cards" }, ...shown));
  }));
}

function ending(ctx, v) {
  if (!ctx.over && !v.winner) return null;
  const text = v.winner === "draw" ? say(ctx, "draw") : say(ctx, "winner", { team: say(ctx, v.winner) });
  return h("div", { class: `crusade-winner team-${v.winner}`, id: "crusade-winner", dataset: { winner: v.winner } },
    h("b", {}, text), h("span", {}, say(ctx, "final", { gk: v.scores.gk, nm: v.scores.nm })));
}

// -- the contract ------------------------------------------------------------------------------------
export function render(container, ctx) {
  ensureStyle();
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
  const lang = document.documentElement.lang;
  const words = WORDS[lang] || WORDS.en;
  return (view.teams || []).map((team, seat) => ({ seat, score: view.scores?.[team] ?? 0, note: words[team] }));
}

/** "What you may do now", in words, from the phase. */
export function prompt(ctx) {
  if (!ctx.legal.length) return "";
  return say(ctx, `p_${ctx.view.phase}`);
}
