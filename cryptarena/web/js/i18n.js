// Log entries in words: a port of cryptarena/engine/messages.py (same template language, same
// fallbacks), plus the few words of the page itself (buttons, banners) in en/fr/zh.
//
// A game's catalogue is {"en": {key: template}, "fr": {...}, "zh": {...}} (GET /api/games/{id}/messages).
// Templates: "{seat:seat} claims slot {slot}." — fields named after the entry's params, with a format
// spec after the colon (seat, seats, by_seat, term, term=NS, each=KEY, plural=ONE|MANY, if=YES|NO);
// a list of strings is a list of variants, the first whose fields are all present wins.

import PACE_UI from "./i18n_pace.js";
import REVIEW_UI from "./i18n_review.js";

export const LANGUAGES = ["en", "fr", "zh"];

// Words every game shares (messages.py _BASE); a game's catalogue may override any of them.
const BASE = {
  en: { seat: "Seat {n}", "list.sep": ", ", "list.and": " and ", nobody: "nobody", unknown: "?",
        "plural.zero_singular": "no", "pair.sep": ": " },
  fr: { seat: "Siège {n}", "list.sep": ", ", "list.and": " et ", nobody: "personne", unknown: "?",
        "plural.zero_singular": "yes", "pair.sep": " : " },
  zh: { seat: "座位{n}", "list.sep": "、", "list.and": "和", nobody: "无人", unknown: "?",
        "plural.zero_singular": "no", "pair.sep": "：" },
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
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${this.plain(k)}${this.word("pair.sep")}${this.plain(v)}`).join(this.word("list.sep"));
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
        return items.map(([k, v]) => `${this.seat(k)}${this.word("pair.sep")}${this.plain(v)}`).join(sep);
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
    "ui.refused_not_your_turn": "Not now: it is no longer your turn.", "ui.refused_game_over": "The game is over.", "ui.refused_version_conflict": "The table moved on before your move arrived: look again and choose.", "ui.refused_at": "Move {i} of {n} refused: {reason}",
    "ui.tutorial": "Tutorial", "ui.tutorial_step": "step {n} of {of}", "ui.tutorial_finished": "finished", "ui.tutorial_back": "Back", "ui.tutorial_next": "Next", "ui.tutorial_play": "Play a game against bots", "ui.tutorial_lobby": "Back to the lobby", "ui.tutorial_your_move": "Your move, on the table", "ui.tutorial_wrong": "Not that move: this step asks for the one the guide points at. Try again.", "ui.tutorial_over": "The lesson is over: start a real game to play on.", "ui.tutorial_seat": "tutorial", "ui.tutorial_learn": "Learn to play", "ui.tutorial_minutes": "about {n} minutes", "ui.tutorial_done": "done", "ui.log_what": "What is this?", "ui.tutorial_players": "Players:", "ui.tutorial_fold": "Fold the guide", "ui.tutorial_unfold": "Open the guide", "ui.tutorial_name_first": "Pick a display name first (top right), then start the tutorial.",
    "ui.away_tag": "a bot plays for them", "ui.away_disconnected": "You were away too long: a bot is playing your seat.",
    "ui.away_timeout": "You ran out of time: a bot is playing your seat.", "ui.take_back": "Take my seat back",
    "ui.replaced_line": "{who}: a bot plays for them now", "ui.returned_line": "{who} is back",
    "ui.level.easy": "easy", "ui.level.medium": "medium", "ui.level.hard": "hard", "ui.level.expert": "expert",
    "ui.agent.easy": "easy bot", "ui.agent.medium": "medium bot", "ui.agent.hard": "hard bot (searches)", "ui.agent.expert": "expert bot (learned)", "ui.sit": "Sit here", "ui.add_bot": "Add bot", "ui.empty": "empty seat", "ui.you": "you",
    "ui.start": "Start the game", "ui.invite": "Invite link", "ui.copy": "Copy", "ui.copied": "Copied!",
    "ui.hint": "Hint", "ui.hint_title": "What the hard bot would play now, and your chance of winning after it", "ui.hint_working": "The hard bot is thinking…", "ui.hint_move": "Suggested move: {move}", "ui.hint_unshown": "(not drawn on the board as one button)", "ui.hint_chance": "Your estimated chance of winning from here: {pct}%", "ui.hint_about": "The hard bot's move, then every seat playing like the medium bot to the end: the share of {n} such games you win, imagined from what you can see.", "ui.hint_close": "Close the hint", "ui.hint_about_lesson": "The move this lesson asks for, then every seat playing like the medium bot to the end: the share of {n} such games you win, imagined from what you can see.", "ui.hint_no_hints": "A rated table gives no hints: create a friendly table (Rated unticked) to use them.", "ui.hint_not_your_turn": "A hint is for your own move: wait for your turn.", "ui.hint_not_playing": "Hints are given while the game is played.", "ui.hint_busy": "Your hint is being worked out already: a moment.", "ui.hint_bad_token": "This browser does not hold your seat here: take your seat again to ask for hints.", "ui.hint_failed": "The hint could not be worked out: try again.",
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
    "ui.lobby_players_help": "seats at the table (people or bots)", "ui.lobby_sit": "play at it myself",
    "ui.lobby_sit_help": "sit down at the new table right away",
    // accounts, my games, profiles, leaderboards and replays
    "ui.lobby_rated": "rated", "ui.lobby_rated_help": "the result moves the ratings (off: a friendly table)",
    "ui.lobby_spectators": "spectators allowed", "ui.lobby_spectators_help": "anyone may watch while it is played",
    "ui.lobby_no_spectators": "no spectators", "ui.lobby_someone": "someone",
    "ui.account_register": "Create an account", "ui.account_sign_in": "Sign in", "ui.account_sign_out": "Sign out",
    "ui.account_password": "Change password", "ui.account_tag": "account",
    "ui.account_signed_in": "Signed in to your account", "ui.account_signed_out": "Signed out",
    "ui.account_name": "Account name", "ui.account_name_help": "3 to 24 letters, digits, _ . or -",
    "ui.account_pass": "Password", "ui.account_password_help": "at least 8 characters",
    "ui.account_current": "Current password", "ui.account_new": "New password", "ui.account_cancel": "Cancel",
    "ui.account_keeps_games": "Your games as a guest stay yours.",
    "ui.account_created": "Account created: welcome, {name}!", "ui.account_welcome": "Welcome back, {name}",
    "ui.account_password_changed": "Password changed: your other sessions are signed out.",
    "ui.account_err_bad_name": "An account name has 3 to 24 letters, digits, '_', '.' or '-', and starts with a letter or a digit.",
    "ui.account_err_bad_password": "A password has 8 to 256 characters.",
    "ui.account_err_name_taken": "This account name is taken: pick another one.",
    "ui.account_err_bad_credentials": "Wrong account name or password.", "ui.account_err_wrong_current": "The current password is wrong.",
    "ui.account_err_too_many": "Too many failed attempts: wait a few minutes and try again.",
    "ui.account_err_not_registered": "A guest has no password to change: create an account first.",
    "ui.account_err_cross_site": "Refused: this request came from another site.", "ui.mine_title": "My games",
    "ui.mine_profile": "My profile", "ui.mine_leaderboards": "Leaderboards:",
    "ui.mine_no_session": "Pick a name or sign in: your games are kept here.", "ui.mine_unfinished": "To go back to",
    "ui.mine_finished": "Finished", "ui.mine_none_unfinished": "No table is waiting for you.",
    "ui.mine_none_finished": "No finished game yet.", "ui.mine_status_open": "waiting for players",
    "ui.mine_status_playing": "in play", "ui.mine_seat": "seat {n}", "ui.mine_back": "Go back", "ui.mine_won": "won",
    "ui.mine_lost": "lost", "ui.mine_against": "against {who}", "ui.mine_friendly": "friendly",
    "ui.mine_replay": "Replay", "ui.mine_import": "Watch a replay file:", "ui.profile_games": "Games",
    "ui.profile_recent": "Recent games", "ui.profile_game": "Game", "ui.profile_played": "Played",
    "ui.profile_won": "Won", "ui.profile_rating_in": "Rating, {class}", "ui.profile_rating": "Rating",
    "ui.profile_when": "When", "ui.profile_players": "Players", "ui.profile_result": "Result",
    "ui.profile_no_games": "No finished game yet.", "ui.profile_account": "account", "ui.profile_guest": "guest",
    "ui.profile_you": "this is you",
    "ui.rating_help": "Rating = μ − 3σ (OpenSkill): it rises with wins and as the estimate grows sure.",
    "ui.rating_detail": "μ {mu}, σ {sigma} · {games} games, {wins} won", "ui.class_two": "2 players",
    "ui.class_more": "3+ players", "ui.leaderboard_title": "{game} — leaderboard", "ui.leaderboard_class": "Tables of",
    "ui.leaderboard_rank": "#", "ui.leaderboard_name": "Name", "ui.leaderboard_games": "Games",
    "ui.leaderboard_empty": "No rated game in this class yet.", "ui.replay_title": "replay",
    "ui.replay_open": "Watch the replay", "ui.replay_download": "Download the replay file", "ui.replay_back": "◀ Back",
    "ui.replay_forward": "Forward ▶", "ui.replay_play": "▶ Play", "ui.replay_pause": "❚❚ Pause",
    "ui.replay_move": "Move", "ui.replay_speed": "Speed", "ui.replay_speed_s": "{s} s a move",
    "ui.replay_seen_by": "Seen by", "ui.replay_spectator": "a spectator", "ui.replay_all": "every seat",
    "ui.replay_next": "Next to play: {who}", "ui.replay_stopped": "The replay stops here.",
    "ui.replay_no_renderer": "This game's board could not be loaded.", "ui.replay_watch_live": "Watch it live",
    // the Midas companion (/companion)
    "ui.companion_title": "Midas Chests — companion", "ui.companion_brand": "Midas", "ui.companion_game": "Midas Chests",
    "ui.companion_subtitle": "The companion for playing with the real dice and cups",
    "ui.companion_colour_red": "red", "ui.companion_colour_blue": "blue", "ui.companion_colour_green": "green",
    "ui.companion_colour_yellow": "yellow", "ui.companion_cup": "{Colour} cup", "ui.companion_default_name": "Player {n}",
    "ui.companion_options": "Options", "ui.companion_chest_size": "Coins per chest (1 of them cursed)",
    "ui.companion_favour_payment": "Paying for favours", "ui.companion_pay_drawn_coins": "with the coins you drew",
    "ui.companion_pay_chest": "by returning coins from your chest", "ui.companion_die_faces": "Die faces",
    "ui.companion_faces_three_stones": "3 stones + diamond", "ui.companion_faces_four_stones": "4 stones, no diamond",
    "ui.companion_start": "Start", "ui.companion_resume": "Resume a game", "ui.companion_code_placeholder": "Table code",
    "ui.companion_open": "Open", "ui.companion_resume_last": "Resume the last game", "ui.companion_code": "Code",
    "ui.companion_copied": "Table link copied", "ui.companion_round": "Round {n}", "ui.companion_cap": "Bid cap",
    "ui.companion_value_diamond": "Diamond", "ui.companion_value_favour": "Favour", "ui.companion_value_obsidian": "Obsidian",
    "ui.companion_phase_obsidian": "The Cursed play their Obsidian", "ui.companion_phase_table": "Bidding with the real dice",
    "ui.companion_phase_result": "Who lost the round?", "ui.companion_phase_favours": "Midas's favours",
    "ui.companion_phase_swap": "Swap", "ui.companion_phase_game_end": "Game over",
    "ui.companion_hint_table": "{who} starts. Shake, bid out loud. When someone accuses (or at the cap), lift the cups and press Reveal.",
    "ui.companion_hint_result": "Count the stones. The loser draws from their chest or loses a die.",
    "ui.companion_hint_hold": "Lost a die? Hold the stone.", "ui.companion_hint_bribe": "{who}'s Pot-de-vin: tap the stone.",
    "ui.companion_reveal": "Reveal", "ui.companion_reveal_obsidian": "Obsidian is worth",
    "ui.companion_reveal_favour": "A Favour face is worth", "ui.companion_draw": "Draw", "ui.companion_lose_die": "Lose a die",
    "ui.companion_must_draw": "1 die: draws", "ui.companion_dice": "dice", "ui.companion_chest": "chest",
    "ui.companion_purse": "coins", "ui.companion_cursed": "Cursed", "ui.companion_immune": "Immune", "ui.companion_starts": "starts",
    "ui.companion_offer": "Midas offers {who} a favour", "ui.companion_budget": "Coins to spend: {n}",
    "ui.companion_granted_to": "granted to {who}", "ui.companion_unaffordable": "not available", "ui.companion_pass": "Pass",
    "ui.companion_swap_choose": "{who} swaps chests with…",
    "ui.companion_fx_pot_de_vin": "Change the stone, even out of turn, before an overbid.",
    "ui.companion_fx_immunite": "Skip your next forced chest draw.",
    "ui.companion_fx_damocles": "The next to draw draws twice.",
    "ui.companion_fx_echange": "Swap your chest with another player's.",
    "ui.companion_pass_phone": "Pass the phone to {who}",
    "ui.companion_pass_phone_note": "Everyone else looks away: the Obsidian card is secret.",
    "ui.companion_i_am": "I am {who}", "ui.companion_obsidian_choose": "{who}, which Obsidian card do you play?",
    "ui.companion_obsidian_note": "Nobody sees your card before the reveal.",
    "ui.companion_obsidian_waiting": "The Cursed are choosing their card…",
    "ui.companion_winner": "{who} takes the gold!", "ui.companion_winner_note": "The last one still flesh and bone.",
    "ui.companion_new_game": "New game",
    "ui.companion_spectator": "You are watching: only the device that started this game plays it (its code opens there).",
    "ui.companion_not_companion": "This table is not a Midas companion game.", "ui.companion_open_table": "Open the table",
    "ui.companion_unknown_table": "No game has this code.", "ui.companion_back": "Back", "ui.companion_cancel": "Cancel",
    "ui.companion_bribe_choose": "{who}'s Pot-de-vin: the new stone", "ui.companion_lose_die_choose": "Who lost a die?",
  },
  fr: {
    "ui.refused_not_your_turn": "Pas maintenant : ce n'est plus votre tour.", "ui.refused_game_over": "La partie est terminée.", "ui.refused_version_conflict": "La table a changé avant l'arrivée de votre coup : regardez de nouveau et choisissez.", "ui.refused_at": "Coup {i} sur {n} refusé : {reason}",
    "ui.tutorial": "Tutoriel", "ui.tutorial_step": "étape {n} sur {of}", "ui.tutorial_finished": "terminé", "ui.tutorial_back": "Retour", "ui.tutorial_next": "Suivant", "ui.tutorial_play": "Jouer une partie contre des bots", "ui.tutorial_lobby": "Retour au salon", "ui.tutorial_your_move": "À vous de jouer, sur la table", "ui.tutorial_wrong": "Pas ce coup-là : cette étape demande celui que le guide montre. Réessayez.", "ui.tutorial_over": "La leçon est finie : lancez une vraie partie pour continuer.", "ui.tutorial_seat": "tutoriel", "ui.tutorial_learn": "Apprendre à jouer", "ui.tutorial_minutes": "environ {n} minutes", "ui.tutorial_done": "terminé", "ui.log_what": "Qu'est-ce que c'est ?", "ui.tutorial_players": "Joueurs :", "ui.tutorial_fold": "Replier le guide", "ui.tutorial_unfold": "Ouvrir le guide", "ui.tutorial_name_first": "Choisissez d'abord un nom (en haut à droite), puis lancez le tutoriel.",
    "ui.away_tag": "un bot joue à sa place", "ui.away_disconnected": "Vous avez été absent trop longtemps : un bot joue à votre place.",
    "ui.away_timeout": "Votre temps est écoulé : un bot joue à votre place.", "ui.take_back": "Reprendre ma place",
    "ui.replaced_line": "{who} : un bot joue désormais à sa place", "ui.returned_line": "{who} est de retour",
    "ui.level.easy": "facile", "ui.level.medium": "moyen", "ui.level.hard": "difficile", "ui.level.expert": "expert",
    "ui.agent.easy": "bot facile", "ui.agent.medium": "bot moyen", "ui.agent.hard": "bot difficile (cherche)", "ui.agent.expert": "bot expert (appris)", "ui.sit": "S'asseoir ici", "ui.add_bot": "Ajouter un bot", "ui.empty": "siège libre", "ui.you": "vous",
    "ui.start": "Lancer la partie", "ui.invite": "Lien d'invitation", "ui.copy": "Copier", "ui.copied": "Copié !",
    "ui.hint": "Conseil", "ui.hint_title": "Ce que jouerait le bot difficile maintenant, et vos chances de gagner ensuite", "ui.hint_working": "Le bot difficile réfléchit…", "ui.hint_move": "Coup conseillé : {move}", "ui.hint_unshown": "(pas dessiné sur la table comme un seul bouton)", "ui.hint_chance": "Vos chances estimées de gagner à partir d'ici : {pct} %", "ui.hint_about": "Le coup du bot difficile, puis chaque siège joué comme le bot moyen jusqu'à la fin : la part de {n} parties de ce genre que vous gagnez, imaginées à partir de ce que vous voyez.", "ui.hint_close": "Fermer le conseil", "ui.hint_about_lesson": "Le coup que demande cette leçon, puis chaque siège joué comme le bot moyen jusqu'à la fin : la part de {n} parties de ce genre que vous gagnez, imaginées à partir de ce que vous voyez.", "ui.hint_no_hints": "Une table classée ne donne pas de conseils : créez une table amicale (Classée décochée) pour en avoir.", "ui.hint_not_your_turn": "Un conseil porte sur votre propre coup : attendez votre tour.", "ui.hint_not_playing": "Les conseils sont donnés pendant la partie.", "ui.hint_busy": "Votre conseil est déjà en préparation : un instant.", "ui.hint_bad_token": "Ce navigateur ne détient pas votre siège ici : reprenez votre siège pour demander des conseils.", "ui.hint_failed": "Le conseil n'a pas pu être établi : réessayez.",
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
    "ui.lobby_players_help": "places à la table (personnes ou bots)", "ui.lobby_sit": "y jouer moi-même",
    "ui.lobby_sit_help": "s'asseoir tout de suite à la nouvelle table",
    // accounts, my games, profiles, leaderboards and replays
    "ui.lobby_rated": "classée",
    "ui.lobby_rated_help": "le résultat compte pour le classement (sinon : partie amicale)",
    "ui.lobby_spectators": "spectateurs admis",
    "ui.lobby_spectators_help": "tout le monde peut regarder la partie en cours",
    "ui.lobby_no_spectators": "sans spectateurs", "ui.lobby_someone": "quelqu'un",
    "ui.account_register": "Créer un compte", "ui.account_sign_in": "Se connecter",
    "ui.account_sign_out": "Se déconnecter", "ui.account_password": "Changer le mot de passe",
    "ui.account_tag": "compte", "ui.account_signed_in": "Connecté à votre compte",
    "ui.account_signed_out": "Déconnecté", "ui.account_name": "Nom du compte",
    "ui.account_name_help": "3 à 24 lettres, chiffres, _ . ou -", "ui.account_pass": "Mot de passe",
    "ui.account_password_help": "au moins 8 caractères", "ui.account_current": "Mot de passe actuel",
    "ui.account_new": "Nouveau mot de passe", "ui.account_cancel": "Annuler",
    "ui.account_keeps_games": "Vos parties d'invité restent les vôtres.",
    "ui.account_created": "Compte créé : bienvenue, {name} !", "ui.account_welcome": "Bon retour, {name}",
    "ui.account_password_changed": "Mot de passe changé : vos autres sessions sont déconnectées.",
    "ui.account_err_bad_name": "Un nom de compte a de 3 à 24 lettres, chiffres, « _ », « . » ou « - », et commence par une lettre ou un chiffre.",
    "ui.account_err_bad_password": "Un mot de passe a de 8 à 256 caractères.",
    "ui.account_err_name_taken": "Ce nom de compte est déjà pris : choisissez-en un autre.",
    "ui.account_err_bad_credentials": "Nom de compte ou mot de passe incorrect.", "ui.account_err_wrong_current": "Le mot de passe actuel est incorrect.",
    "ui.account_err_too_many": "Trop d'essais manqués : attendez quelques minutes puis réessayez.",
    "ui.account_err_not_registered": "Un invité n'a pas de mot de passe à changer : créez d'abord un compte.",
    "ui.account_err_cross_site": "Refusé : cette demande vient d'un autre site.", "ui.mine_title": "Mes parties",
    "ui.mine_profile": "Mon profil", "ui.mine_leaderboards": "Classements :",
    "ui.mine_no_session": "Choisissez un nom ou connectez-vous : vos parties sont gardées ici.",
    "ui.mine_unfinished": "À reprendre", "ui.mine_finished": "Terminées",
    "ui.mine_none_unfinished": "Aucune table ne vous attend.",
    "ui.mine_none_finished": "Aucune partie terminée pour l'instant.", "ui.mine_status_open": "en attente de joueurs",
    "ui.mine_status_playing": "en cours", "ui.mine_seat": "place {n}", "ui.mine_back": "Reprendre",
    "ui.mine_won": "gagnée", "ui.mine_lost": "perdue", "ui.mine_against": "contre {who}", "ui.mine_friendly": "amicale",
    "ui.mine_replay": "Revoir", "ui.mine_import": "Revoir un fichier de partie :", "ui.profile_games": "Jeux",
    "ui.profile_recent": "Parties récentes", "ui.profile_game": "Jeu", "ui.profile_played": "Jouées",
    "ui.profile_won": "Gagnées", "ui.profile_rating_in": "Classement, {class}", "ui.profile_rating": "Classement",
    "ui.profile_when": "Quand", "ui.profile_players": "Joueurs", "ui.profile_result": "Résultat",
    "ui.profile_no_games": "Aucune partie terminée pour l'instant.", "ui.profile_account": "compte",
    "ui.profile_guest": "invité", "ui.profile_you": "c'est vous",
    "ui.rating_help": "Classement = μ − 3σ (OpenSkill) : il monte avec les victoires et à mesure que l'estimation se précise.",
    "ui.rating_detail": "μ {mu}, σ {sigma} · {games} parties, {wins} gagnées", "ui.class_two": "2 joueurs",
    "ui.class_more": "3 joueurs et plus", "ui.leaderboard_title": "{game} — classement",
    "ui.leaderboard_class": "Tables de", "ui.leaderboard_rank": "#", "ui.leaderboard_name": "Nom",
    "ui.leaderboard_games": "Parties",
    "ui.leaderboard_empty": "Aucune partie classée dans cette catégorie pour l'instant.",
    "ui.replay_title": "rediffusion", "ui.replay_open": "Revoir la partie",
    "ui.replay_download": "Télécharger le fichier de la partie", "ui.replay_back": "◀ Reculer",
    "ui.replay_forward": "Avancer ▶", "ui.replay_play": "▶ Lecture", "ui.replay_pause": "❚❚ Pause",
    "ui.replay_move": "Coup", "ui.replay_speed": "Vitesse", "ui.replay_speed_s": "{s} s par coup",
    "ui.replay_seen_by": "Vue de", "ui.replay_spectator": "un spectateur", "ui.replay_all": "tous les joueurs",
    "ui.replay_next": "Au tour de : {who}", "ui.replay_stopped": "La rediffusion s'arrête ici.",
    "ui.replay_no_renderer": "Le plateau de ce jeu n'a pas pu être chargé.",
    "ui.replay_watch_live": "La regarder en direct",
    "ui.companion_title": "Midas Chests — compagnon", "ui.companion_brand": "Midas", "ui.companion_game": "Midas Chests",
    "ui.companion_subtitle": "Le compagnon pour jouer avec les vrais dés et gobelets",
    "ui.companion_colour_red": "rouge", "ui.companion_colour_blue": "bleu", "ui.companion_colour_green": "vert",
    "ui.companion_colour_yellow": "jaune", "ui.companion_cup": "Gobelet {colour}", "ui.companion_default_name": "Joueur {n}",
    "ui.companion_options": "Options", "ui.companion_chest_size": "Pièces par coffre (dont 1 Maudite)",
    "ui.companion_favour_payment": "Paiement des faveurs", "ui.companion_pay_drawn_coins": "avec les pièces piochées",
    "ui.companion_pay_chest": "en rendant des pièces de son coffre", "ui.companion_die_faces": "Faces des dés",
    "ui.companion_faces_three_stones": "3 pierres + diamant", "ui.companion_faces_four_stones": "4 pierres, sans diamant",
    "ui.companion_start": "Démarrer", "ui.companion_resume": "Reprendre une partie", "ui.companion_code_placeholder": "Code de la table",
    "ui.companion_open": "Ouvrir", "ui.companion_resume_last": "Reprendre la dernière partie", "ui.companion_code": "Code",
    "ui.companion_copied": "Lien de la table copié", "ui.companion_round": "Manche {n}", "ui.companion_cap": "Enchère max",
    "ui.companion_value_diamond": "Diamant", "ui.companion_value_favour": "Faveur", "ui.companion_value_obsidian": "Obsidienne",
    "ui.companion_phase_obsidian": "Les Maudits jouent leur Obsidienne", "ui.companion_phase_table": "Enchères avec les vrais dés",
    "ui.companion_phase_result": "Qui a perdu la manche ?", "ui.companion_phase_favours": "Les faveurs de Midas",
    "ui.companion_phase_swap": "Échange", "ui.companion_phase_game_end": "Fin de la partie",
    "ui.companion_hint_table": "{who} commence. Secouez, enchérissez à voix haute. Quand quelqu'un accuse (ou au plafond), soulevez les gobelets et appuyez sur Révéler.",
    "ui.companion_hint_result": "Comptez les pierres. Le perdant pioche dans son coffre ou perd un dé.",
    "ui.companion_hint_hold": "Un dé perdu ? Maintenez la pierre.", "ui.companion_hint_bribe": "Pot-de-vin de {who} : touchez la pierre.",
    "ui.companion_reveal": "Révéler", "ui.companion_reveal_obsidian": "L'Obsidienne vaut",
    "ui.companion_reveal_favour": "La face Faveur vaut", "ui.companion_draw": "Piocher", "ui.companion_lose_die": "Perdre un dé",
    "ui.companion_must_draw": "1 dé : pioche", "ui.companion_dice": "dés", "ui.companion_chest": "coffre",
    "ui.companion_purse": "pièces", "ui.companion_cursed": "Maudit", "ui.companion_immune": "Immunisé", "ui.companion_starts": "commence",
    "ui.companion_offer": "Midas propose une faveur à {who}", "ui.companion_budget": "Pièces à dépenser : {n}",
    "ui.companion_granted_to": "octroyée à {who}", "ui.companion_unaffordable": "pas disponible", "ui.companion_pass": "Passer",
    "ui.companion_swap_choose": "{who} échange son coffre avec…",
    "ui.companion_fx_pot_de_vin": "Changer la pierre, même hors de son tour, avant une surenchère.",
    "ui.companion_fx_immunite": "Ne pas piocher la prochaine fois qu'on y est contraint.",
    "ui.companion_fx_damocles": "Le prochain à piocher pioche deux fois.",
    "ui.companion_fx_echange": "Échanger son coffre avec un autre joueur.",
    "ui.companion_pass_phone": "Passez le téléphone à {who}",
    "ui.companion_pass_phone_note": "Les autres détournent le regard : la carte Obsidienne est secrète.",
    "ui.companion_i_am": "Je suis {who}", "ui.companion_obsidian_choose": "{who}, quelle carte Obsidienne jouez-vous ?",
    "ui.companion_obsidian_note": "Personne ne verra votre carte avant la révélation.",
    "ui.companion_obsidian_waiting": "Les Maudits choisissent leur carte…",
    "ui.companion_winner": "{who} remporte l'Or !", "ui.companion_winner_note": "Dernier en chair et en os.",
    "ui.companion_new_game": "Nouvelle partie",
    "ui.companion_spectator": "Vous regardez : seul l'appareil qui a lancé la partie la joue (son code s'ouvre là-bas).",
    "ui.companion_not_companion": "Cette table n'est pas une partie compagnon de Midas.", "ui.companion_open_table": "Ouvrir la table",
    "ui.companion_unknown_table": "Aucune partie ne porte ce code.", "ui.companion_back": "Retour", "ui.companion_cancel": "Annuler",
    "ui.companion_bribe_choose": "Pot-de-vin de {who} : la nouvelle pierre", "ui.companion_lose_die_choose": "Qui a perdu un dé ?",
  },
  zh: {
    "ui.refused_not_your_turn": "现在不行：已经不是你的回合了。", "ui.refused_game_over": "游戏已经结束。", "ui.refused_version_conflict": "你的操作送达前牌桌已发生变化：请重新查看并选择。", "ui.refused_at": "第{i}步（共{n}步）被拒绝：{reason}",
    "ui.tutorial": "教程", "ui.tutorial_step": "第 {n} 步，共 {of} 步", "ui.tutorial_finished": "已完成", "ui.tutorial_back": "上一步", "ui.tutorial_next": "下一步", "ui.tutorial_play": "和机器人来一局", "ui.tutorial_lobby": "返回大厅", "ui.tutorial_your_move": "轮到你在桌面上行动", "ui.tutorial_wrong": "不是这一步：本步骤要求的是向导所指的那一步。请再试一次。", "ui.tutorial_over": "本课已结束：开始一局真正的游戏继续玩吧。", "ui.tutorial_seat": "教程", "ui.tutorial_learn": "学习玩法", "ui.tutorial_minutes": "约 {n} 分钟", "ui.tutorial_done": "已完成", "ui.log_what": "这是什么？", "ui.tutorial_players": "玩家人数：", "ui.tutorial_fold": "收起向导", "ui.tutorial_unfold": "展开向导", "ui.tutorial_name_first": "请先取一个显示名（右上角），再开始教程。",
    "ui.away_tag": "由机器人代打", "ui.away_disconnected": "你离开太久：机器人正在代你出牌。",
    "ui.away_timeout": "你的时间用完了：机器人正在代你出牌。", "ui.take_back": "收回我的座位",
    "ui.replaced_line": "{who}：现由机器人代打", "ui.returned_line": "{who} 回来了",
    "ui.level.easy": "简单", "ui.level.medium": "中等", "ui.level.hard": "困难", "ui.level.expert": "专家",
    "ui.agent.easy": "简单机器人", "ui.agent.medium": "中等机器人", "ui.agent.hard": "困难机器人（搜索）", "ui.agent.expert": "专家机器人（自学）", "ui.sit": "坐这里", "ui.add_bot": "添加机器人", "ui.empty": "空座位", "ui.you": "你",
    "ui.start": "开始游戏", "ui.invite": "邀请链接", "ui.copy": "复制", "ui.copied": "已复制！",
    "ui.hint": "提示", "ui.hint_title": "困难机器人现在会怎么走，以及之后你获胜的机会", "ui.hint_working": "困难机器人正在思考……", "ui.hint_move": "建议的一步：{move}", "ui.hint_unshown": "（桌面上没有对应的单个按钮）", "ui.hint_chance": "从现在起你获胜的估计机会：{pct}%", "ui.hint_about": "困难机器人走这一步，之后每个座位都像中等机器人一样下到终局：在根据你能看到的信息设想的 {n} 局中你获胜的比例。", "ui.hint_close": "关闭提示", "ui.hint_about_lesson": "本课要求的这一步，之后每个座位都像中等机器人一样下到终局：在根据你能看到的信息设想的 {n} 局中你获胜的比例。", "ui.hint_no_hints": "计分牌桌不提供提示：创建一张友谊牌桌（不勾选“计分”）即可使用。", "ui.hint_not_your_turn": "提示只针对你自己的行动：请等到轮到你。", "ui.hint_not_playing": "提示只在游戏进行中提供。", "ui.hint_busy": "你的提示已在计算中：请稍候。", "ui.hint_bad_token": "此浏览器没有你在这张牌桌的座位：重新入座后再请求提示。", "ui.hint_failed": "无法得出提示：请再试一次。",
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
    "ui.lobby_sit": "我自己入座", "ui.lobby_sit_help": "立即在新牌桌就座",
    // accounts, my games, profiles, leaderboards and replays
    "ui.lobby_rated": "计分", "ui.lobby_rated_help": "结果计入等级分（不勾选：友谊赛）", "ui.lobby_spectators": "允许观战",
    "ui.lobby_spectators_help": "游戏进行时任何人都可以观看", "ui.lobby_no_spectators": "不允许观战", "ui.lobby_someone": "某人",
    "ui.account_register": "注册账号", "ui.account_sign_in": "登录", "ui.account_sign_out": "退出登录",
    "ui.account_password": "修改密码", "ui.account_tag": "账号", "ui.account_signed_in": "已登录你的账号",
    "ui.account_signed_out": "已退出登录", "ui.account_name": "账号名", "ui.account_name_help": "3到24个字母、数字、_ . 或 -",
    "ui.account_pass": "密码", "ui.account_password_help": "至少8个字符", "ui.account_current": "当前密码",
    "ui.account_new": "新密码", "ui.account_cancel": "取消", "ui.account_keeps_games": "你以访客身份玩过的游戏仍归你所有。",
    "ui.account_created": "账号已创建：欢迎，{name}！", "ui.account_welcome": "欢迎回来，{name}",
    "ui.account_password_changed": "密码已修改：你的其他会话已退出登录。",
    "ui.account_err_bad_name": "账号名由3到24个字母、数字、“_”、“.”或“-”组成，并以字母或数字开头。",
    "ui.account_err_bad_password": "密码长度为8到256个字符。", "ui.account_err_name_taken": "此账号名已被使用：请换一个。",
    "ui.account_err_bad_credentials": "账号名或密码错误。", "ui.account_err_wrong_current": "当前密码错误。", "ui.account_err_too_many": "失败次数过多：请等几分钟再试。",
    "ui.account_err_not_registered": "访客没有可修改的密码：请先注册账号。", "ui.account_err_cross_site": "已拒绝：此请求来自其他网站。",
    "ui.mine_title": "我的游戏", "ui.mine_profile": "我的资料", "ui.mine_leaderboards": "排行榜：",
    "ui.mine_no_session": "选一个昵称或登录：你的游戏会保存在这里。", "ui.mine_unfinished": "可以回去的牌桌", "ui.mine_finished": "已结束",
    "ui.mine_none_unfinished": "没有在等你的牌桌。", "ui.mine_none_finished": "还没有结束的游戏。", "ui.mine_status_open": "等待玩家",
    "ui.mine_status_playing": "进行中", "ui.mine_seat": "{n}号座位", "ui.mine_back": "回到牌桌", "ui.mine_won": "胜",
    "ui.mine_lost": "负", "ui.mine_against": "对手：{who}", "ui.mine_friendly": "友谊赛", "ui.mine_replay": "回放",
    "ui.mine_import": "观看回放文件：", "ui.profile_games": "游戏", "ui.profile_recent": "最近的游戏", "ui.profile_game": "游戏",
    "ui.profile_played": "局数", "ui.profile_won": "胜局", "ui.profile_rating_in": "等级分（{class}）",
    "ui.profile_rating": "等级分", "ui.profile_when": "时间", "ui.profile_players": "玩家", "ui.profile_result": "结果",
    "ui.profile_no_games": "还没有结束的游戏。", "ui.profile_account": "账号", "ui.profile_guest": "访客", "ui.profile_you": "这是你",
    "ui.rating_help": "等级分 = μ − 3σ（OpenSkill）：赢得越多、估计越确定，分数越高。",
    "ui.rating_detail": "μ {mu}，σ {sigma} · {games}局，胜{wins}局", "ui.class_two": "2人局", "ui.class_more": "3人及以上",
    "ui.leaderboard_title": "{game} — 排行榜", "ui.leaderboard_class": "牌桌人数", "ui.leaderboard_rank": "#",
    "ui.leaderboard_name": "名字", "ui.leaderboard_games": "局数", "ui.leaderboard_empty": "这一类还没有计分的游戏。",
    "ui.replay_title": "回放", "ui.replay_open": "观看回放", "ui.replay_download": "下载回放文件", "ui.replay_back": "◀ 后退",
    "ui.replay_forward": "前进 ▶", "ui.replay_play": "▶ 播放", "ui.replay_pause": "❚❚ 暂停", "ui.replay_move": "步数",
    "ui.replay_speed": "速度", "ui.replay_speed_s": "每步 {s} 秒", "ui.replay_seen_by": "视角", "ui.replay_spectator": "观众",
    "ui.replay_all": "所有座位", "ui.replay_next": "下一步：{who}", "ui.replay_stopped": "回放到此为止。",
    "ui.replay_no_renderer": "无法加载这个游戏的棋盘。", "ui.replay_watch_live": "观看直播",
    "ui.companion_title": "迈达斯宝箱 — 助手", "ui.companion_brand": "迈达斯", "ui.companion_game": "迈达斯宝箱",
    "ui.companion_subtitle": "用实体骰子和杯子游戏时的助手",
    "ui.companion_colour_red": "红色", "ui.companion_colour_blue": "蓝色", "ui.companion_colour_green": "绿色",
    "ui.companion_colour_yellow": "黄色", "ui.companion_cup": "{colour}杯子", "ui.companion_default_name": "玩家{n}",
    "ui.companion_options": "选项", "ui.companion_chest_size": "每个宝箱的硬币数（其中1枚被诅咒）",
    "ui.companion_favour_payment": "恩惠的支付方式", "ui.companion_pay_drawn_coins": "用抽到的硬币支付",
    "ui.companion_pay_chest": "从自己的宝箱退回硬币", "ui.companion_die_faces": "骰子面",
    "ui.companion_faces_three_stones": "3种宝石 + 钻石", "ui.companion_faces_four_stones": "4种宝石，无钻石",
    "ui.companion_start": "开始", "ui.companion_resume": "继续一局游戏", "ui.companion_code_placeholder": "牌桌代码",
    "ui.companion_open": "打开", "ui.companion_resume_last": "继续上一局", "ui.companion_code": "代码",
    "ui.companion_copied": "已复制牌桌链接", "ui.companion_round": "第{n}轮", "ui.companion_cap": "叫价上限",
    "ui.companion_value_diamond": "钻石", "ui.companion_value_favour": "恩惠", "ui.companion_value_obsidian": "黑曜石",
    "ui.companion_phase_obsidian": "被诅咒者打出黑曜石牌", "ui.companion_phase_table": "用实体骰子叫价",
    "ui.companion_phase_result": "谁输了本轮？", "ui.companion_phase_favours": "迈达斯的恩惠",
    "ui.companion_phase_swap": "交换", "ui.companion_phase_game_end": "游戏结束",
    "ui.companion_hint_table": "{who}先开始。摇骰子，大声叫价。有人指控时（或叫到上限时），揭开杯子并点击“揭晓”。",
    "ui.companion_hint_result": "数一数宝石。输家从自己的宝箱抽币，或失去一颗骰子。",
    "ui.companion_hint_hold": "失去一颗骰子？长按宝石。", "ui.companion_hint_bribe": "{who}的贿赂：点击宝石。",
    "ui.companion_reveal": "揭晓", "ui.companion_reveal_obsidian": "黑曜石值",
    "ui.companion_reveal_favour": "恩惠面值", "ui.companion_draw": "抽币", "ui.companion_lose_die": "失去一颗骰子",
    "ui.companion_must_draw": "仅剩1颗骰子：必须抽币", "ui.companion_dice": "颗骰子", "ui.companion_chest": "宝箱",
    "ui.companion_purse": "硬币", "ui.companion_cursed": "被诅咒", "ui.companion_immune": "豁免", "ui.companion_starts": "先手",
    "ui.companion_offer": "迈达斯向{who}提供一项恩惠", "ui.companion_budget": "可花费的硬币：{n}",
    "ui.companion_granted_to": "已授予{who}", "ui.companion_unaffordable": "不可购买", "ui.companion_pass": "放弃",
    "ui.companion_swap_choose": "{who}与谁交换宝箱？",
    "ui.companion_fx_pot_de_vin": "在有人加价之前更换宝石，不是你的回合也可以。",
    "ui.companion_fx_immunite": "下次被迫从宝箱抽币时免抽。",
    "ui.companion_fx_damocles": "下一个抽币的人要抽两次。",
    "ui.companion_fx_echange": "与另一名玩家交换宝箱。",
    "ui.companion_pass_phone": "把手机交给{who}",
    "ui.companion_pass_phone_note": "其他人请转过头：黑曜石牌是秘密。",
    "ui.companion_i_am": "我是{who}", "ui.companion_obsidian_choose": "{who}，你要打出哪张黑曜石牌？",
    "ui.companion_obsidian_note": "揭晓之前没有人能看到你的牌。",
    "ui.companion_obsidian_waiting": "被诅咒者正在选牌……",
    "ui.companion_winner": "{who}赢得了黄金！", "ui.companion_winner_note": "最后一个仍是血肉之躯的人。",
    "ui.companion_new_game": "新游戏",
    "ui.companion_spectator": "你正在观战：只有开始这局游戏的设备才能操作（代码在那台设备上打开）。",
    "ui.companion_not_companion": "这张牌桌不是迈达斯助手游戏。", "ui.companion_open_table": "打开牌桌",
    "ui.companion_unknown_table": "没有使用此代码的游戏。", "ui.companion_back": "返回", "ui.companion_cancel": "取消",
    "ui.companion_bribe_choose": "{who}的贿赂：新的宝石", "ui.companion_lose_die_choose": "谁失去了一颗骰子？",
  },
};

/** A translator `t(key, params)` over the page's words and a game's merged catalogue: page words
 *  first, then the catalogue; `{name}` placeholders are filled from params; unknown keys show as is. */
export function translator(lang, words) {
  const ui = { ...UI.en, ...PACE_UI.en, ...REVIEW_UI.en, ...(UI[lang] || {}), ...(PACE_UI[lang] || {}), ...(REVIEW_UI[lang] || {}) };
  return (key, params = {}) => {
    let text = ui[key] ?? (words && typeof words[key] === "string" ? words[key] : undefined);
    if (text === undefined) return key;
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  };
}

/** The language picked with the switch, else the first of the browser's preferred languages that
 *  the site speaks ("zh-CN" → zh; ["de", "fr"] → fr), else English. */
export function currentLang() {
  const saved = localStorage.getItem("ca.lang");
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of [...(navigator.languages || []), navigator.language || ""]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export function setLang(lang) { localStorage.setItem("ca.lang", lang); }
