// Quartz's renderer for the generic table page (contract: ./README.md).
// Draws the bag, the five dice, every seat's cart, chest and reroll markers from a seat's `view`,
// and makes exactly the actions in `legal` clickable (each carries data-action = its JSON).
// Dice are clicked to mark them for a reroll; the reroll button then sends the legal reroll of
// exactly those dice.
import { h } from "../api.js";

const COLOURS = ["white", "pink", "green", "blue", "red", "yellow", "black"];
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

const WORDS = {
  en: { round: "Round {n} of {of}", bag: "Bag: {n}", supply: "Unstable left to add: {n}", markers: "{n} reroll markers",
    cart: "Cart", chest: "Chest", empty: "empty", reroll: "Reroll {n} dice", reroll_free: "free, {n} left", reroll_marker: "costs a marker (you have {n})",
    keep: "Keep these dice", pick_dice: "click dice to reroll them", use: "{face} ×{n}", wild: "2 helmets → {face}",
    end_turn: "End turn", draw: "Draw a crystal ({n} left)", stop_action: "Done", give: "Give an unstable crystal", take: "Take",
    protect: "Protect", return: "Return", drawn: "The jackhammer drew:", to_return: "Return {n} of them to the bag",
    p_roll: "reroll dice or keep them", p_actions: "use your dice in any order, then end the turn", p_pickaxe: "draw with the pickaxe, or stop",
    p_jackhammer: "choose crystals to return to the bag", p_chest: "protect crystals in your chest", p_cart: "give unstable crystals to opponents",
    p_steal: "steal crystals from other carts", uses_left: "{n} left", helmets: "{n} helmets", used: "used", rolling: "{who} is rolling" },
  fr: { round: "Manche {n} sur {of}", bag: "Sac : {n}", supply: "Instables encore à ajouter : {n}", markers: "{n} jetons de relance",
    cart: "Chariot", chest: "Coffre", empty: "vide", reroll: "Relancer {n} dés", reroll_free: "gratuit, encore {n}", reroll_marker: "coûte un jeton (vous en avez {n})",
    keep: "Garder ces dés", pick_dice: "cliquez les dés à relancer", use: "{face} ×{n}", wild: "2 casques → {face}",
    end_turn: "Finir le tour", draw: "Piocher un cristal (encore {n})", stop_action: "Terminé", give: "Donner un cristal instable", take: "Prendre",
    protect: "Protéger", return: "Remettre", drawn: "Le marteau-piqueur a tiré :", to_return: "Remettez-en {n} dans le sac",
    p_roll: "relancez des dés ou gardez-les", p_actions: "utilisez vos dés dans l'ordre voulu, puis finissez le tour", p_pickaxe: "piochez avec la pioche, ou arrêtez",
    p_jackhammer: "choisissez les cristaux à remettre dans le sac", p_chest: "protégez des cristaux dans votre coffre", p_cart: "donnez des cristaux instables aux adversaires",
    p_steal: "volez des cristaux dans les autres chariots", uses_left: "encore {n}", helmets: "{n} casques", used: "utilisé", rolling: "{who} lance les dés" },
  zh: { round: "第{n}轮（共{of}轮）", bag: "袋中：{n}", supply: "待加入的不稳定水晶：{n}", markers: "{n}个重掷标记",
    cart: "矿车", chest: "宝箱", empty: "空", reroll: "重掷{n}颗骰子", reroll_free: "免费，还剩{n}次", reroll_marker: "消耗一个标记（你有{n}个）",
    keep: "保留这些骰子", pick_dice: "点击要重掷的骰子", use: "{face} ×{n}", wild: "2个头盔 → {face}",
    end_turn: "结束回合", draw: "抽一颗水晶（还剩{n}次）", stop_action: "完成", give: "给一颗不稳定水晶", take: "拿取",
    protect: "保护", return: "放回", drawn: "电钻抽到：", to_return: "将其中{n}颗放回袋中",
    p_roll: "重掷骰子或保留", p_actions: "按任意顺序使用骰子，然后结束回合", p_pickaxe: "用镐抽取，或停止",
    p_jackhammer: "选择放回袋中的水晶", p_chest: "把水晶放进宝箱保护", p_cart: "把不稳定水晶交给对手",
    p_steal: "从其他矿车偷水晶", uses_left: "还剩{n}", helmets: "{n}个头盔", used: "已用", rolling: "{who}正在掷骰" },
};
function w(ctx, key, params = {}) {
  const text = (WORDS[ctx.lang] || WORDS.en)[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}
const colourName = (ctx, c) => ctx.t(`term.colour.${c}`);
const faceName = (ctx, f) => ctx.t(`term.${f}`);

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
`;
function ensureStyle() {
  if (!document.getElementById("quartz-style")) document.head.append(h("style", { id: "quartz-style" }, CSS));
}

const gem = (colour, count, attrs = {}) =>
  h(attrs["data-action"] ? "button" : "span", { class: `gem gem-${colour}`, dataset: { colour }, ...attrs }, count === null ? "" : String(count));

function gems(ctx, holder, cls, attrsFor = () => ({})) {
  const present = COLOURS.filter((c) => holder[c] > 0);
  return h("span", { class: cls }, ...(present.length ? present.map((c) => gem(c, holder[c], { title: colourName(ctx, c), ...attrsFor(c) }))
    : [h("span", { class: "muted" }, w(ctx, "empty"))]));
}

const actionButton = (action, text, attrs = {}) =>
  h("button", { class: "btn action", "data-action": JSON.stringify(action), ...attrs }, text);

// -- the pieces --------------------------------------------------------------------------------------
function header(ctx, v) {
  return h("div", { class: "qz-header", id: "qz-header" },
    h("span", { class: "chip", id: "qz-round" }, w(ctx, "round", { n: v.round, of: v.rounds })),
    h("span", { class: "chip", id: "qz-bag", dataset: { size: v.bag_size } }, w(ctx, "bag", { n: v.bag_size })),
    gems(ctx, v.bag, "qz-bag-contents"),
    h("span", { class: "chip muted" }, w(ctx, "supply", { n: v.unstable_supply })));
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
      dataset: { die: i, face }, title: faceName(ctx, face) }, glyph(face));
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
    const cost = v.free_rerolls > 0 ? w(ctx, "reroll_free", { n: v.free_rerolls }) : w(ctx, "reroll_marker", { n: me.markers });
    const buttons = [];
    if (rerolls.length) {
      buttons.push(h("button", { class: "btn action", id: "reroll", disabled: !action, "data-action": action ? JSON.stringify(action) : null },
        `${w(ctx, "reroll", { n: marked.length })} (${cost})`));
    }
    const keep = ctx.legal.find((a) => a.type === "stop");
    if (keep) buttons.push(actionButton(keep, w(ctx, "keep"), { id: "stop", class: "btn action btn-gold" }));
    if (rerolls.length && !marked.length) buttons.push(h("span", { class: "muted" }, w(ctx, "pick_dice")));
    parts.push(h("div", { class: "qz-actions" }, ...buttons));
  } else if (rolling) {
    parts.push(h("div", { class: "muted" }, w(ctx, "rolling", { who: ctx.nameOf(v.order[0]) })));
  }
  return h("div", { class: "qz-roll" }, ...parts);
}

function tally(ctx, v) {
  if (v.phase === "roll" || v.over || !v.dice.length) return null;
  return h("div", { class: "qz-tally", id: "qz-tally" },
    ...FACES.map((f) => h("span", { class: `chip${v.used.includes(f) ? " used" : ""}`, dataset: { face: f } }, glyph(f), ` ${v.faces[f] ?? 0}`)),
    h("span", { class: "chip" }, glyph("helmet"), ` ${w(ctx, "helmets", { n: v.helmets })}`));
}

function actionBar(ctx, v) {
  const buttons = [];
  for (const a of ctx.legal.filter((x) => x.type === "wild")) {
    buttons.push(actionButton(a, w(ctx, "wild", { face: faceName(ctx, a.as) }), { class: "btn action qz-wild", dataset: { as: a.as } }));
  }
  for (const a of ctx.legal.filter((x) => x.type === "use")) {
    buttons.push(actionButton(a, [glyph(a.face), ` ${w(ctx, "use", { face: faceName(ctx, a.face), n: v.faces[a.face] })}`],
      { class: "btn action btn-gold qz-use", dataset: { face: a.face } }));
  }
  const draw = ctx.legal.find((a) => a.type === "draw");
  if (draw) buttons.push(actionButton(draw, w(ctx, "draw", { n: v.left }), { id: "draw", class: "btn action btn-gold" }));
  if (v.phase === "jackhammer" && ctx.legal.length) {
    buttons.push(h("span", {}, w(ctx, "drawn"), " "), gems(ctx, v.drawn, "qz-drawn"), h("b", {}, w(ctx, "to_return", { n: v.left })));
    for (const a of ctx.legal.filter((x) => x.type === "return")) {
      buttons.push(h("button", { class: `gem gem-${a.colour} qz-return`, "data-action": JSON.stringify(a), dataset: { colour: a.colour },
        title: `${w(ctx, "return")} ${colourName(ctx, a.colour)}` }, w(ctx, "return")));
    }
  }
  if (["chest", "cart", "steal"].includes(v.phase) && ctx.legal.length) buttons.push(h("span", { class: "chip" }, w(ctx, "uses_left", { n: v.left })));
  const stop = ctx.legal.find((a) => a.type === "stop");
  if (stop && v.phase !== "roll") buttons.push(actionButton(stop, w(ctx, "stop_action"), { id: "stop-action", class: "btn action btn-ghost" }));
  const end = ctx.legal.find((a) => a.type === "end_turn");
  if (end) buttons.push(actionButton(end, w(ctx, "end_turn"), { id: "end-turn", class: "btn action btn-ghost" }));
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
        dataset: { colour: c, from: a.from ?? "" }, title: `${w(ctx, a.type === "protect" ? "protect" : "take")} ${colourName(ctx, c)}` };
    };
    return h("div", { class: `qz-seat seat-color-${seat}${acting ? " acting" : ""}${seat === ctx.seat ? " me" : ""}`, dataset: { seat } },
      h("div", { class: "qz-seat-head" },
        h("b", { class: "grow" }, ctx.nameOf(seat)),
        h("span", { class: "qz-markers", title: w(ctx, "markers", { n: s.markers }), dataset: { markers: s.markers } }, glyph("marker"), String(s.markers)),
        h("span", { class: "qz-score" }, String(s.score))),
      h("div", { class: "qz-row qz-cart" }, h("b", {}, w(ctx, "cart")), gems(ctx, s.cart, "qz-gems", cartAction)),
      h("div", { class: "qz-row qz-chest" }, h("b", {}, w(ctx, "chest")), gems(ctx, s.chest, "qz-gems")),
      dump ? actionButton(dump, w(ctx, "give"), { class: "btn action btn-small qz-dump", dataset: { to: seat } }) : null);
  }));
}

// -- the contract ------------------------------------------------------------------------------------
export function render(container, ctx) {
  ensureStyle();
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

/** The running public score, one row per seat, for the page's score panel. */
export function summary(view) {
  return view.seats.map((s) => ({ seat: s.seat, score: s.score }));
}

/** "What you may do now", in words, from the phase. */
export function prompt(ctx) {
  if (!ctx.legal.length) return "";
  return w(ctx, `p_${ctx.view.phase}`);
}
