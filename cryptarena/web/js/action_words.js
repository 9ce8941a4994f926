// A legal action of any game in words, for a reader who does not see the button it came from: a
// review's "played …, better …", a hint's suggested move. Each game's phrases are its catalogue's
// `ui.<game>.act.<type>` (messages.json, en/fr/zh), filled with the action's fields; the fields
// that name something (a Crypt card, a Quartz die face, a Pharaoh hex or tabled card, a seat) are
// named as that game's board names them, from the view the action was chosen in when one is given.
// An action without words of its own still reads as a phrase (ui.action_generic), never as a key.
//
// tests/server/test_action_words.py plays random games and reads every action met through here.
import { actionParams } from "./games/pharaoh/words.js";

const term = (t, key, fallback) => { const text = t(key); return text === key ? fallback : text; };

// Crypt: a card of the Crypt is named by its treasure and value ("Remains 2"), the value unknown to
// the reader of a face-down card shown as such; a slot that the view does not show, by its place.
function cryptCard(t, view, slot) {
  const card = view?.crypt?.find((c) => c.slot === slot);
  if (!card) return t("ui.crypt.act_slot", { n: slot + 1 });
  const type = term(t, `term.${card.type}`, card.type);
  return card.value == null ? `${type} (${t("ui.crypt.face_down")})` : `${type} ${card.value}`;
}

const quartzFace = (t, face) => term(t, `term.${face}`, face);
const quartzColour = (t, colour) => term(t, `term.colour.${colour}`, colour);

// Per game: the fields in words, and which of the type's phrases fits these fields (a game missing
// here still reads its `ui.<game>.act.<type>`, its fields as they are).
const GAMES = {
  crypt: (a, t, view) => {
    const p = { ...a };
    if (a.slot != null) p.card = cryptCard(t, view, a.slot);
    // the Idol re-rolls a die exhausted this Collect, named by the effort it showed (as its button)
    if (a.type === "idol_reroll") p.effort = view?.idol_rerolls?.find((r) => r.die === a.die)?.effort ?? "?";
    return [`ui.crypt.act.${a.type}`, p];
  },
  quartz: (a, t, view, nameOf) => {
    const p = { ...a };
    if (a.type === "reroll") {
      const faces = a.dice.map((i) => (view?.dice?.[i] ? quartzFace(t, view.dice[i]) : `#${i + 1}`));
      p.dice = faces.join(term(t, "list.sep", ", "));
    }
    if (a.face) p.face = quartzFace(t, a.face);
    if (a.as) p.as = quartzFace(t, a.as);
    if (a.colour) p.colour = quartzColour(t, a.colour);
    if (a.to != null) p.to = nameOf(a.to);
    if (a.from != null) p.from = nameOf(a.from);
    // stopping the roll keeps the dice; stopping an action ends it early
    const key = a.type === "stop" && view?.phase === "roll" ? "ui.quartz.act.keep" : `ui.quartz.act.${a.type}`;
    return [key, p];
  },
  midas: (a, t, view, nameOf) => {
    const p = { ...a };
    if (a.stone) p.stone = term(t, `term.stone.${a.stone}`, a.stone);
    if (a.favour) p.favour = term(t, `term.favour.${a.favour}`, a.favour);
    if (a.with != null) p.with = nameOf(a.with);
    if (a.type === "bid" && view?.stone) {
      return ["ui.midas.act.bid_stone", { ...p, stone: term(t, `term.stone.${view.stone}`, view.stone) }];
    }
    return [`ui.midas.act.${a.type}`, p];
  },
  crusade: (a, t, view, nameOf) => {
    const p = { ...a };
    if (a.card) p.card = term(t, `term.${a.card}`, a.card);
    if (a.target != null) p.target = nameOf(a.target);
    if (a.to != null) p.to = t("ui.crusade.tile", { n: a.to });
    if (a.tile != null) p.tile = t("ui.crusade.tile", { n: a.tile });
    let key = `ui.crusade.act.${a.type}`;
    if (a.type === "play" && a.target != null && a.to != null) key = "ui.crusade.act.play_kick";
    else if (a.type === "play" && a.target != null) key = "ui.crusade.act.play_target";
    else if (a.type === "play" && a.tile != null) key = "ui.crusade.act.play_tile";
    return [key, p];
  },
  pharaoh: (a, t, view, nameOf) => {
    // the renderer's own naming of cards, hexes and pieces, on the view (or an empty board)
    const board = { table: [], monsters: [], crypt: [], ...(view || {}) };
    const p = { ...a, ...actionParams({ t, view: board, nameOf }, a) };
    // a piece or hex the view does not show keeps its number only ("#3", not "h3")
    for (const [k, v] of Object.entries(p)) if (typeof v === "string" && /^[ctmh]\d+$/.test(v)) p[k] = `#${v.slice(1)}`;
    if (a.turn != null) p.degrees = 60 * a.turn; // sixths of a turn, clockwise
    let key = `ui.pharaoh.act.${a.type}`;
    if (a.type === "dodge" && a.card) key = "ui.pharaoh.act.dodge_card";
    else if (a.type === "defend" && a.uid != null) key = "ui.pharaoh.act.defend_tabled";
    else if (a.type === "ability" && a.card) key = "ui.pharaoh.act.ability_card";
    else if (a.type === "ability" && a.uid != null) key = "ui.pharaoh.act.ability_uid";
    return [key, p];
  },
};

// A field's value in a phrase: a name as it is, a list joined, anything else as short JSON.
function plain(value) {
  if (Array.isArray(value)) return value.map(plain).join(", ");
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** `action` (a legal action of game `gameId`) in words: "Place a servant showing 3 on Remains 2".
 *  `t` is a translator holding the game's catalogue (i18n.js translator(lang, mergeCatalogue(…)));
 *  `view` the view of the seat that chose it, at that moment, to name what the fields point at;
 *  `nameOf(seat)` a seat's display name. */
export function actionWords(gameId, action, t, view = null, nameOf = null) {
  const seatName = nameOf || ((seat) => (t("seat") === "seat" ? `#${seat}` : t("seat", { n: seat })));
  const type = String(action?.type ?? "?");
  try {
    // a game without naming rules of its own here reads its phrases with the action's fields as they are
    const build = GAMES[gameId] || ((a) => [`ui.${gameId}.act.${a.type}`, { ...a }]);
    const [key, params] = build(action, t, view, seatName);
    const shown = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, plain(v)]));
    const text = t(key, shown);
    if (text !== key && !/\{\w+\}/.test(text)) return text;
  } catch (e) { console.error(e); /* a view of another shape: the generic phrase below */ }
  const fields = Object.entries(action || {}).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${plain(v)}`);
  return t(fields.length ? "ui.action_generic_fields" : "ui.action_generic",
    { type: type.replace(/_/g, " "), fields: fields.join(", ") });
}
