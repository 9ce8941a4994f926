// Log entries in words: a port of cryptarena/engine/messages.py (same template language, same
// fallbacks), plus the few words of the page itself (buttons, banners) in en/fr/zh.
//
// A game's catalogue is {"en": {key: template}, "fr": {...}, "zh": {...}} (GET /api/games/{id}/messages).
// Templates: "{seat:seat} claims slot {slot}." — fields named after the entry's params, with a format
// spec after the colon (seat, seats, by_seat, term, term=NS, each=KEY, plural=ONE|MANY, if=YES|NO);
// a list of strings is a list of variants, the first whose fields are all present wins.

export const LANGUAGES = ["en", "fr", "zh"];

// Words every game shares (messages.py _BASE); a game's catalogue may override any of them.
const BASE = {
  en: { seat: "Seat {n}", "list.sep": ", ", "list.and": " and ", nobody: "nobody", unknown: "?",
        "plural.zero_singular": "no" },
  fr: { seat: "Siège {n}", "list.sep": ", ", "list.and": " et ", nobody: "personne", unknown: "?",
        "plural.zero_singular": "yes" },
  zh: { seat: "座位{n}", "list.sep": "、", "list.and": "和", nobody: "无人", unknown: "?",
        "plural.zero_singular": "no" },
};

class MessageError extends Error {}

/** Shared words, then the game's English, then `lang` on top: a key missing in one language still
 *  renders (in English), as on the server. */
export function mergeCatalogue(data, lang) {
  data = data || {};
  return { ...BASE.en, ...(BASE[lang] || {}), ...(data.en || {}), ...(lang !== "en" ? data[lang] || {} : {}) };
}

// Python str.format's grammar, minus attribute/index access the catalogues never use.
function parse(template) {
  const parts = []; // strings and {name, spec}
  let i = 0, text = "";
  while (i < template.length) {
    const c = template[i];
    if (c === "{" && template[i + 1] === "{") { text += "{"; i += 2; continue; }
    if (c === "}" && template[i + 1] === "}") { text += "}"; i += 2; continue; }
    if (c === "}") throw new MessageError("Single '}' encountered in format string");
    if (c === "{") {
      const end = template.indexOf("}", i);
      if (end < 0) throw new MessageError("expected '}' before end of string");
      const body = template.slice(i + 1, end);
      const colon = body.indexOf(":");
      const name = colon < 0 ? body : body.slice(0, colon);
      const spec = colon < 0 ? "" : body.slice(colon + 1);
      if (text) parts.push(text);
      text = "";
      parts.push({ name: name.split(".")[0].split("[")[0], spec });
      i = end + 1;
      continue;
    }
    text += c; i += 1;
  }
  if (text) parts.push(text);
  return parts;
}

export function fields(template) {
  return parse(template).filter((p) => typeof p !== "string" && p.name).map((p) => p.name);
}

const isInt = (v) => typeof v === "number" && Number.isInteger(v);

class Formatter {
  constructor(words, names, strict) { this.words = words; this.names = names || {}; this.strict = strict; }

  word(key) {
    const text = this.words[key];
    if (typeof text !== "string") { if (this.strict) throw new MessageError(`no text for ${key}`); return key; }
    return text;
  }
  term(value, ns) {
    const key = ns ? `term.${ns}.${value}` : `term.${value}`;
    if (key in this.words) return String(this.words[key]);
    if (this.strict) throw new MessageError(`no term ${key}`);
    return String(value);
  }
  seat(value) {
    if (typeof value === "string" && /^\d+$/.test(value)) value = parseInt(value, 10);
    if (value !== null && value !== undefined && Object.prototype.hasOwnProperty.call(this.names, value)) return this.names[value];
    if (isInt(value)) return this.word("seat").replace("{n}", String(value));
    return this.term(value);
  }
  join(parts) {
    if (!parts.length) return this.word("nobody");
    if (parts.length === 1) return parts[0];
    return parts.slice(0, -1).join(this.word("list.sep")) + this.word("list.and") + parts[parts.length - 1];
  }
  plain(value) {
    if (value === null || value === undefined) return this.word("unknown");
    if (typeof value === "boolean") return this.term(String(value));
    if (typeof value === "string") { const k = `term.${value}`; return k in this.words ? String(this.words[k]) : value; }
    if (Array.isArray(value)) return value.map((v) => this.plain(v)).join(this.word("list.sep"));
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${this.plain(k)}: ${this.plain(v)}`).join(this.word("list.sep"));
    return String(value);
  }
  formatField(value, spec) {
    const eq = spec.indexOf("=");
    const kind = eq < 0 ? spec : spec.slice(0, eq);
    const arg = eq < 0 ? "" : spec.slice(eq + 1);
    if (value === null || value === undefined) return this.word("unknown");
    switch (kind) {
      case "": return this.plain(value);
      case "seat": return this.seat(value);
      case "seats": return this.join(value.map((v) => this.seat(v)));
      case "by_seat": {
        const items = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
        const sep = items.some(([, v]) => Array.isArray(v)) ? "; " : this.word("list.sep");
        return items.map(([k, v]) => `${this.seat(k)}: ${this.plain(v)}`).join(sep);
      }
      case "term": return this.term(value, arg || null);
      case "each": {
        const items = Array.isArray(value) ? value : Object.entries(value).map(([key, v]) => ({ key, value: v }));
        const template = this.words[arg];
        if (template === undefined) throw new MessageError(`no template ${arg} for each=${arg}`);
        return items.map((item) => this.pick(template, item)).join(this.word("list.sep"));
      }
      case "plural": {
        const bar = arg.indexOf("|");
        const one = bar < 0 ? arg : arg.slice(0, bar), many = bar < 0 ? "" : arg.slice(bar + 1);
        const singular = value === 1 || (this.words["plural.zero_singular"] === "yes" && value === 0);
        const noun = singular ? one : (many || one);
        return noun.includes("#") ? noun.split("#").join(String(value)) : `${value} ${noun}`;
      }
      case "if": {
        const bar = arg.indexOf("|");
        const yes = bar < 0 ? arg : arg.slice(0, bar), no = bar < 0 ? "" : arg.slice(bar + 1);
        return value ? yes : no;
      }
      default: throw new MessageError(`unknown format ${spec}`);
    }
  }
  format(template, params) {
    return parse(template).map((p) => (typeof p === "string" ? p : this.formatField(params[p.name], p.spec))).join("");
  }
  pick(template, params) {
    const variants = Array.isArray(template) ? template : [template];
    if (!variants.length || !variants.every((v) => typeof v === "string")) {
      throw new MessageError("a template must be a string or a list of strings");
    }
    for (const v of variants) {
      if (fields(v).every((name) => name in params)) return this.format(v, params);
    }
    const last = variants[variants.length - 1];
    if (this.strict) throw new MessageError("no variant fits the params");
    const shown = {};
    for (const name of fields(last)) shown[name] = name in params ? params[name] : null;
    return this.format(last, shown);
  }
}

const capitalise = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);

function pyJson(v) { // json.dumps(sort_keys=True, ensure_ascii=False) closely enough for a fallback
  if (v && typeof v === "object" && !Array.isArray(v)) {
    return "{" + Object.keys(v).sort().map((k) => `${JSON.stringify(k)}: ${pyJson(v[k])}`).join(", ") + "}";
  }
  if (Array.isArray(v)) return "[" + v.map(pyJson).join(", ") + "]";
  return JSON.stringify(v);
}

/** One log entry in words. Never throws: without a usable template it shows the key and its params.
 *  `words` is a merged catalogue (mergeCatalogue); `names` maps seat numbers to display names. */
export function renderEntry(words, entry, names) {
  try {
    const key = entry.msg;
    if (key in words) return capitalise(new Formatter(words, names, false).pick(words[key], entry.params || {}));
  } catch (e) { /* a broken template must never break the page */ }
  const params = entry.params || {};
  const shown = Object.entries(params).map(([k, v]) => `${k}=${pyJson(v)}`).join(", ");
  return `${entry.msg ?? "?"}(${shown})`;
}

/** Strict rendering for tests: throws on any gap in the catalogue. */
export function renderStrict(words, entry, names) {
  if (!(entry.msg in words)) throw new MessageError(`no template for ${entry.msg}`);
  return capitalise(new Formatter(words, names, true).pick(words[entry.msg], entry.params || {}));
}

// -- the page's own words --------------------------------------------------------------------------
const UI = {
  en: {
    "ui.sit": "Sit here", "ui.add_bot": "Add bot", "ui.empty": "empty seat", "ui.you": "you",
    "ui.start": "Start the game", "ui.invite": "Invite link", "ui.copy": "Copy", "ui.copied": "Copied!",
    "ui.your_turn": "Your turn", "ui.waiting_for": "Waiting for {who}", "ui.waiting_seats": "Waiting for every seat to be filled",
    "ui.ready": "Every seat is filled: start when you are ready", "ui.spectating": "You are watching",
    "ui.game_over": "Game over", "ui.won_by": "Won by {who}", "ui.log": "Game log", "ui.chat": "Chat",
    "ui.say": "Say something…", "ui.send": "Send", "ui.scores": "Score", "ui.rematch": "Rematch",
    "ui.total": "Total", "ui.treasure": "Treasure", "ui.servants": "Servants", "ui.connecting": "Reconnecting…",
    "ui.you_may": "You may: {what}", "ui.bot": "bot", "ui.lobby": "Lobby", "ui.players": "Players",
    "ui.language": "Language", "ui.rematch_line": "Rematch! Join the new table: {url}",
    "ui.chat_team": "Team", "ui.chat_all": "All", "ui.chat_tag": "team",
    "ui.chat_say_team": "Say something to your team…", "ui.chat_scope": "Who hears it",
    "ui.lobby_title": "Pick a game, invite a friend, fill the rest with bots",
    "ui.lobby_tagline": "No download: share the table's link and play in the browser.",
    "ui.lobby_companion": "Midas companion (real dice) →", "ui.lobby_create": "Create a table",
    "ui.lobby_create_for": "Create a table — {game}", "ui.lobby_create_submit": "Create the table",
    "ui.lobby_open": "Open tables — join", "ui.lobby_live": "Live tables — watch",
    "ui.lobby_playing_as": "Playing as ", "ui.lobby_change": "change", "ui.lobby_name": "Your display name",
    "ui.lobby_play_as": "Play as this name", "ui.lobby_rules": "Rules", "ui.lobby_players_n": "{n} players",
    "ui.lobby_players_range": "{min}–{max} players", "ui.lobby_join": "Join", "ui.lobby_watch": "Watch",
    "ui.lobby_no_open": "No open table: create one above.",
    "ui.lobby_no_live": "Nothing being played right now.", "ui.lobby_seats": "{n} seats",
    "ui.lobby_free": "{n} free", "ui.lobby_players_field": "players",
    "ui.lobby_players_help": "seats at the table (people or bots)", "ui.lobby_sit": "take seat 0",
    "ui.lobby_sit_help": "sit down at the new table right away",
  },
  fr: {
    "ui.sit": "S'asseoir ici", "ui.add_bot": "Ajouter un bot", "ui.empty": "siège libre", "ui.you": "vous",
    "ui.start": "Lancer la partie", "ui.invite": "Lien d'invitation", "ui.copy": "Copier", "ui.copied": "Copié !",
    "ui.your_turn": "À vous de jouer", "ui.waiting_for": "En attente de {who}", "ui.waiting_seats": "En attente de joueurs pour chaque siège",
    "ui.ready": "Tous les sièges sont pris : lancez la partie", "ui.spectating": "Vous regardez la partie",
    "ui.game_over": "Partie terminée", "ui.won_by": "Victoire de {who}", "ui.log": "Journal", "ui.chat": "Discussion",
    "ui.say": "Écrire un message…", "ui.send": "Envoyer", "ui.scores": "Score", "ui.rematch": "Revanche",
    "ui.total": "Total", "ui.treasure": "Trésor", "ui.servants": "Serviteurs", "ui.connecting": "Reconnexion…",
    "ui.you_may": "Vous pouvez : {what}", "ui.bot": "bot", "ui.lobby": "Accueil", "ui.players": "Joueurs",
    "ui.language": "Langue", "ui.rematch_line": "Revanche ! Rejoignez la nouvelle table : {url}",
    "ui.chat_team": "Équipe", "ui.chat_all": "Tous", "ui.chat_tag": "équipe",
    "ui.chat_say_team": "Écrire à votre équipe…", "ui.chat_scope": "Qui l'entend",
    "ui.lobby_title": "Choisissez un jeu, invitez un ami, complétez avec des bots",
    "ui.lobby_tagline": "Sans téléchargement : partagez le lien de la table et jouez dans le navigateur.",
    "ui.lobby_companion": "Compagnon Midas (vrais dés) →", "ui.lobby_create": "Créer une table",
    "ui.lobby_create_for": "Créer une table — {game}", "ui.lobby_create_submit": "Créer la table",
    "ui.lobby_open": "Tables ouvertes — rejoindre", "ui.lobby_live": "Parties en cours — regarder",
    "ui.lobby_playing_as": "Vous jouez en tant que ", "ui.lobby_change": "changer",
    "ui.lobby_name": "Votre nom affiché", "ui.lobby_play_as": "Jouer sous ce nom", "ui.lobby_rules": "Règles",
    "ui.lobby_players_n": "{n} joueurs", "ui.lobby_players_range": "{min} à {max} joueurs",
    "ui.lobby_join": "Rejoindre", "ui.lobby_watch": "Regarder",
    "ui.lobby_no_open": "Aucune table ouverte : créez-en une ci-dessus.",
    "ui.lobby_no_live": "Aucune partie en cours.", "ui.lobby_seats": "{n} places",
    "ui.lobby_free": "{n} libres", "ui.lobby_players_field": "joueurs",
    "ui.lobby_players_help": "places à la table (personnes ou bots)", "ui.lobby_sit": "prendre la place 0",
    "ui.lobby_sit_help": "s'asseoir tout de suite à la nouvelle table",
  },
  zh: {
    "ui.sit": "坐这里", "ui.add_bot": "添加机器人", "ui.empty": "空座位", "ui.you": "你",
    "ui.start": "开始游戏", "ui.invite": "邀请链接", "ui.copy": "复制", "ui.copied": "已复制！",
    "ui.your_turn": "轮到你了", "ui.waiting_for": "等待{who}", "ui.waiting_seats": "等待所有座位坐满",
    "ui.ready": "座位已满：可以开始了", "ui.spectating": "你正在观战",
    "ui.game_over": "游戏结束", "ui.won_by": "获胜者：{who}", "ui.log": "游戏记录", "ui.chat": "聊天",
    "ui.say": "说点什么…", "ui.send": "发送", "ui.scores": "分数", "ui.rematch": "再来一局",
    "ui.total": "总分", "ui.treasure": "宝藏", "ui.servants": "仆从", "ui.connecting": "正在重新连接…",
    "ui.you_may": "你可以：{what}", "ui.bot": "机器人", "ui.lobby": "大厅", "ui.players": "玩家",
    "ui.language": "语言", "ui.rematch_line": "再来一局！加入新桌：{url}",
    "ui.chat_team": "队伍", "ui.chat_all": "全体", "ui.chat_tag": "队内",
    "ui.chat_say_team": "对队友说…", "ui.chat_scope": "谁能看到",
    "ui.lobby_title": "选一个游戏，邀请朋友，空位交给机器人", "ui.lobby_tagline": "无需下载：分享牌桌链接，在浏览器里玩。",
    "ui.lobby_companion": "迈达斯助手（实体骰子）→", "ui.lobby_create": "创建牌桌", "ui.lobby_create_for": "创建牌桌 — {game}",
    "ui.lobby_create_submit": "创建", "ui.lobby_open": "开放的牌桌 — 加入", "ui.lobby_live": "进行中的牌桌 — 观战",
    "ui.lobby_playing_as": "当前昵称：", "ui.lobby_change": "更改", "ui.lobby_name": "你的昵称",
    "ui.lobby_play_as": "使用此昵称", "ui.lobby_rules": "规则", "ui.lobby_players_n": "{n}名玩家",
    "ui.lobby_players_range": "{min}–{max}名玩家", "ui.lobby_join": "加入", "ui.lobby_watch": "观战",
    "ui.lobby_no_open": "暂无开放的牌桌：在上方创建一个。", "ui.lobby_no_live": "目前没有进行中的游戏。", "ui.lobby_seats": "{n}个座位",
    "ui.lobby_free": "{n}个空位", "ui.lobby_players_field": "玩家数", "ui.lobby_players_help": "牌桌座位（真人或机器人）",
    "ui.lobby_sit": "坐0号座位", "ui.lobby_sit_help": "立即在新牌桌就座",
  },
};

/** A translator `t(key, params)` over the page's words and a game's merged catalogue: page words
 *  first, then the catalogue; `{name}` placeholders are filled from params; unknown keys show as is. */
export function translator(lang, words) {
  const ui = { ...UI.en, ...(UI[lang] || {}) };
  return (key, params = {}) => {
    let text = ui[key] ?? (words && typeof words[key] === "string" ? words[key] : undefined);
    if (text === undefined) return key;
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  };
}

export function currentLang() {
  const saved = localStorage.getItem("ca.lang");
  if (LANGUAGES.includes(saved)) return saved;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.includes(nav) ? nav : "en";
}

export function setLang(lang) { localStorage.setItem("ca.lang", lang); }
