// A game's leaderboard (/leaderboard/<game>): people and bot levels on one scale, per class of table
// ("2": two players, "3+": three or more), ranked by rating = mu − 3σ.
//
// Hooks: #leaderboard-class (select: "2", "3+"; a class the game cannot have is disabled),
// #leaderboard-rows (tr[data-key], .me on the signed-in player's row; a person's name links to their
// profile), #leaderboard-games a[data-game] (the other games' boards). `?players=2|3+` opens a class.
import { api, getSession, h } from "./api.js";
import { currentLang, setLang, translator } from "./i18n.js";
import { botLevel, languageSelect, ratingText } from "./board.js";

const $ = (sel) => document.querySelector(sel);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const L = { lang: currentLang(), t: translator(currentLang()), games: [], session: null, cls: null, board: null, seq: 0 };
window.leaderboard = L;

const game = () => L.games.find((g) => g.id === gameId);
const CLASSES = [["2", "ui.class_two"], ["3+", "ui.class_more"]];

function possible(cls) {
  const g = game();
  if (!g) return true;
  return cls === "2" ? g.min_players <= 2 && g.max_players >= 2 : g.max_players >= 3;
}

function setLanguage(lang) {
  L.lang = lang; setLang(lang); L.t = translator(lang);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = L.t(el.dataset.t);
  render();
}

async function load(cls) {
  L.cls = cls;
  const query = new URLSearchParams(location.search);
  query.set("players", cls);
  history.replaceState(null, "", `${location.pathname}?${query}`);
  const seq = ++L.seq; // a slow answer for the class left behind must not overwrite the one asked for now
  try {
    const board = await api.get(`/api/leaderboard/${encodeURIComponent(gameId)}?players=${encodeURIComponent(cls)}`);
    if (seq !== L.seq) return;
    L.board = board;
    $("#leaderboard-error").hidden = true;
  } catch (e) {
    if (seq !== L.seq) return;
    L.board = null;
    const error = $("#leaderboard-error");
    error.hidden = false; error.textContent = e.message;
  }
  render();
}

function nameCell(row) {
  if (row.kind === "bot") {
    const level = row.key.split(":").slice(1).join(":");
    const word = L.t(`ui.agent.${level}`);
    return h("td", { class: "leaderboard-bot", title: word === `ui.agent.${level}` ? "" : word }, `${botLevel({ agent: level }, L.t)} (${L.t("ui.bot")})`);
  }
  return h("td", {}, h("a", { href: `/players/${encodeURIComponent(row.player)}` }, row.name));
}

function render() {
  const t = L.t, g = game();
  $("#leaderboard-title").textContent = t("ui.leaderboard_title", { game: g?.name || gameId });
  document.title = `Crypt Arena — ${t("ui.leaderboard_title", { game: g?.name || gameId })}`;
  $("#leaderboard-class").replaceChildren(...CLASSES.map(([cls, key]) => h("option", { value: cls, selected: cls === L.cls, disabled: !possible(cls) }, t(key))));
  $("#leaderboard-games").replaceChildren(...L.games.map((other) => h("a", { class: `leaderboard-link${other.id === gameId ? " current" : ""}`,
    href: `/leaderboard/${other.id}`, dataset: { game: other.id } }, other.name)));
  const me = L.session?.player?.id;
  const rows = L.board?.rows || [];
  $("#leaderboard-rows").replaceChildren(...(rows.length ? rows.map((row) => h("tr", { class: row.player && row.player === me ? "me" : "", dataset: { key: row.key } },
    h("td", { class: "rank" }, String(row.rank)), nameCell(row),
    h("td", { class: "rating", title: t("ui.rating_detail", { mu: row.mu.toFixed(1), sigma: row.sigma.toFixed(1), games: row.games, wins: row.wins }) }, ratingText(row.rating)),
    h("td", { class: "games" }, String(row.games)), h("td", { class: "wins" }, String(row.wins))))
    : [h("tr", {}, h("td", { colspan: 5, class: "muted" }, t("ui.leaderboard_empty")))]));
}

async function main() {
  languageSelect($("#lang"), L.lang, setLanguage);
  $("#leaderboard-class").addEventListener("change", (e) => load(e.target.value));
  setLanguage(L.lang);
  [L.games, L.session] = await Promise.all([api.get("/api/games").catch(() => []), getSession().catch(() => null)]);
  const asked = new URLSearchParams(location.search).get("players");
  const cls = CLASSES.some(([c]) => c === asked) ? asked : possible("2") ? "2" : "3+";
  await load(cls);
}

main();
