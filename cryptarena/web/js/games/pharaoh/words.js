// Pharaoh's renderer words: an action, a piece or a card in the reader's language, from ctx.t (the
// game's catalogue: term.<id> names, text.<id> card and hex texts, ui.pharaoh.* the renderer's words).
import { h } from "../../api.js";

const SIDES = ["ui.pharaoh.side.e", "ui.pharaoh.side.se", "ui.pharaoh.side.sw", "ui.pharaoh.side.w", "ui.pharaoh.side.nw", "ui.pharaoh.side.ne"];
// the same action type with other fields reads differently
const VARIANTS = { dodge_card: "ui.pharaoh.a.dodge_card", defend_tabled: "ui.pharaoh.a.defend_tabled",
  ability_card: "ui.pharaoh.a.ability_card", ability_uid: "ui.pharaoh.a.ability_uid" };
// 2D6 at or under n, out of 36
const AT_MOST = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
export const dodgeChance = (n) => Math.round((100 * AT_MOST[Math.max(0, Math.min(12, n))]) / 36);

export const term = (ctx, id) => ctx.t(`term.${id}`);
export function textOf(ctx, key, fallback = "") {
  const text = ctx.t(key);
  return text === key ? fallback : text;
}

/** A piece or place named by its reference: c<seat>, t<uid>, m<uid>, h<hex>. */
export function refName(ctx, ref) {
  const v = ctx.view, n = Number(String(ref).slice(1));
  switch (String(ref)[0]) {
    case "c": return ctx.nameOf(n);
    case "t": {
      const e = v.table.find((x) => x.uid === n);
      return e ? `${term(ctx, e.card)} (${ctx.nameOf(e.owner)})` : ref;
    }
    case "m": {
      const m = v.monsters.find((x) => x.uid === n);
      return m ? term(ctx, m.monster) : ref;
    }
    case "h": return v.crypt[n] ? `${term(ctx, v.crypt[n].tile)} #${n}` : ref;
    default: return ref;
  }
}

/** What a Clear or a Thwart would discard, named as a card: a slot of the play being made
 *  ("alteration"), the play's own modifier ("pending"), its last Enforce ("enforce"), or a tabled card. */
function answered(ctx, target) {
  const p = ctx.view.pending;
  if ((target === "alteration" || target === "enhancement") && p?.[target]) return term(ctx, p[target]);
  if (target === "pending" && p?.card) return term(ctx, p.card);
  if (target === "enforce" && p?.modifiers?.length) return term(ctx, p.modifiers[p.modifiers.length - 1]);
  return refName(ctx, target);
}

/** The fields of an action named in the reader's words (cards, hexes, pieces, sides), as the
 *  templates of its words take them: the table's buttons here, the review's phrases (action_words.js). */
export function actionParams(ctx, a) {
  const p = {};
  if (a.card) p.card = term(ctx, a.card);
  if (a.deck) p.deck = term(ctx, a.deck);
  if (a.character) p.character = term(ctx, a.character);
  if (a.hex) p.hex = term(ctx, a.hex);
  if (a.method) p.method = ctx.t(`term.method.${a.method}`);
  if (a.to != null) p.to = refName(ctx, `h${a.to}`);
  if (a.side != null) p.side = ctx.t(SIDES[a.side]);
  if (a.target) p.target = a.type === "respond" ? answered(ctx, a.target) : refName(ctx, a.target);
  if (a.piece) p.piece = refName(ctx, a.piece);
  if (a.uid != null) p.uid = refName(ctx, `t${a.uid}`);
  if (a.turn != null) p.turn = a.turn;
  return p;
}

/** A legal action in words ("Move to Armoury #3", "Play Crossbow: table"). */
export function actionLabel(ctx, a) {
  const p = actionParams(ctx, a);
  let key = `ui.pharaoh.a.${a.type}`;
  if (a.type === "dodge" && a.card) key = VARIANTS.dodge_card;
  else if (a.type === "defend" && a.uid != null) key = VARIANTS.defend_tabled;
  else if (a.type === "ability" && a.card) key = VARIANTS.ability_card;
  else if (a.type === "ability" && a.uid != null) key = VARIANTS.ability_uid;
  return ctx.t(key, p);
}

/** A card face: title, rarity, type and level, natures, numbers, play methods and text. */
export function cardFace(ctx, id, extra = {}) {
  const c = ctx.cardsById[id];
  if (!c) return h("div", { class: "ph-card", dataset: { card: id } }, term(ctx, id));
  const stats = [];
  if (c.damage) stats.push(`${c.damage}${c.dtype ? " " + term(ctx, c.dtype) : ""}`);
  if (c.range && c.range !== "same") stats.push(ctx.t(`term.range.${c.range}`));
  if (c.lp) stats.push(ctx.t("ui.pharaoh.lp_n", { n: c.lp }));
  if (c.dg) stats.push(ctx.t("ui.pharaoh.dg_n", { n: c.dg }));
  if (c.bonus) stats.push(`+${c.bonus}`);
  return h("div", { class: `ph-card rarity-${c.rarity} type-${c.type}${extra.cls ? " " + extra.cls : ""}`, dataset: { card: id, ...(extra.data || {}) } },
    h("div", { class: "ph-card-head" }, h("b", { class: "ph-card-title" }, term(ctx, id)), h("span", { class: "ph-rarity", title: ctx.t(`term.rarity.${c.rarity}`) }, c.rarity)),
    h("div", { class: "ph-card-meta" }, ctx.t(`term.type.${c.type}`), c.level ? ` · ${ctx.t("ui.pharaoh.level_n", { n: c.level })}` : "",
      " · ", c.natures.map((n) => ctx.t(`term.nature.${n}`)).join(", ")),
    stats.length ? h("div", { class: "ph-card-stats" }, stats.join(" · ")) : null,
    h("div", { class: "ph-card-methods muted" }, c.methods.map((m) => ctx.t(`term.method.${m}`)).join(" / ")),
    h("div", { class: "ph-card-text" }, textOf(ctx, `text.${id}`, c.text || "")),
    extra.children || null);
}

/** A character in full, as the deck builder shows it: life, dodge, hit, what it may use, its ability. */
export function characterFacts(ctx, id) {
  const c = ctx.components?.characters?.find((x) => x.id === id);
  if (!c) return null;
  return h("span", { class: "ph-char-facts", dataset: { character: id } },
    h("span", { class: "ph-char-stats" }, [ctx.t("ui.pharaoh.char_life", { n: c.life }), ctx.t("ui.pharaoh.char_dodge", { n: c.dodge }),
      ctx.t("ui.pharaoh.char_hit", { dice: c.hit })].join(" · ")),
    h("span", { class: "ph-char-uses" }, Object.entries(c.uses).map(([type, n]) => ctx.t("ui.pharaoh.char_uses", { type: ctx.t(`term.type.${type}`), n })).join(" · ")),
    h("span", { class: "ph-char-ability" }, textOf(ctx, `ability.${c.id}`, c.ability_text)));
}

/** A hex's events and benefits in words (its catalogue text), and a monster's numbers. */
export function hexText(ctx, tile) {
  return textOf(ctx, `text.${tile}`, ctx.components?.hexes?.find((x) => x.id === tile)?.title || "");
}

export function monsterText(ctx, id) {
  const m = ctx.components?.monsters?.find((x) => x.id === id);
  return m ? ctx.t("ui.pharaoh.monster_facts", { lp: m.lp, dg: m.dg, damage: m.damage }) : "";
}

// Why a card of the hand carries no action now: the first rule of the turn that stands in its way.
export function whyNot(ctx, id) {
  const v = ctx.view, c = ctx.cardsById[id], me = ctx.seat;
  if (!c || me == null || ctx.over || v.phase === "setup") return null;
  const mine = v.seats[me], turn = v.turn, d = v.decision;
  const char = ctx.components?.characters?.find((x) => x.id === mine?.character);
  const has = (n) => c.natures.includes(n);
  let key;
  if (char && !char.may_use.includes(id) && c.effect !== "key") key = "ui.pharaoh.why.may_not_use";
  else if (c.effect === "key") key = "ui.pharaoh.why.key";
  else if (mine?.defeated) key = "ui.pharaoh.why.defeated";
  else if (d && d.kind && ctx.toAct.includes(me)) key = ["defend", "soak"].includes(d.kind) ? "ui.pharaoh.why.decision_defend" : d.kind === "window" ? "ui.pharaoh.why.decision_window" : "ui.pharaoh.why.decision_other";
  else if (has("defense") || has("defense_enhancement")) key = "ui.pharaoh.why.defence";
  else if (!turn || turn.seat !== me) key = c.methods.includes("any_time") ? "ui.pharaoh.why.any_time" : "ui.pharaoh.why.not_turn";
  else if (has("alteration") || has("attack_enhancement") || c.effect === "enforce") key = "ui.pharaoh.why.attach";
  else if (turn.step === "draw") key = "ui.pharaoh.why.draw_first";
  else if (turn.step === "free") key = has("modifier") || c.free ? "ui.pharaoh.why.no_target" : "ui.pharaoh.why.takes_action";
  else if (turn.step === "act") key = has("modifier") || c.free ? "ui.pharaoh.why.free_action" : turn.used >= turn.allowance ? "ui.pharaoh.why.no_action" : "ui.pharaoh.why.no_target";
  else key = "ui.pharaoh.why.turn_over";
  return ctx.t(key, { character: char ? term(ctx, char.id) : "" });
}
