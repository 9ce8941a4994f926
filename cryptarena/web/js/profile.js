// A player's page (/players/<id>): games played and won per game, the ratings per game and class
// (mu − 3σ, one decimal), and the latest finished tables with their replay and rating change.
//
// Hooks: #profile-name, #profile-kind, #profile-games (tr[data-game], .profile-rating[data-class]),
// #profile-recent (tr[data-table], each with .rating-change[data-before][data-after] and a.replay-link).
import { api, getSession, h } from "./api.js";
import { currentLang, setLang, translator } from "./i18n.js";
import { languageSelect, ratingText, seatNames } from "./board.js";

const $ = (sel) => document.querySelector(sel);
const playerId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const P = { lang: currentLang(), t: translator(currentLang()), profile: null, games: [], session: null };
window.profile = P;

const gameName = (id) => P.games.find((g) => g.id === id)?.name || id;
const CLASSES = [["2", "ui.class_two"], ["3+", "ui.class_more"]];

function setLanguage(lang) {
  P.lang = lang; setLang(lang); P.t = translator(lang);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = P.t(el.dataset.t);
  render();
}

/** A finished table's time, in the page's language (the server stores UTC, sometimes without a zone). */
function when(iso, lang) {
  if (!iso) return "";
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  return isNaN(date) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

function ratingCell(entry, cls) {
  const found = entry.ratings.find((r) => r.class === cls);
  if (!found) return h("td", { class: "muted profile-rating", dataset: { class: cls } }, "—");
  return h("td", { class: "profile-rating", dataset: { class: cls, rating: found.rating },
    title: P.t("ui.rating_detail", { mu: found.mu.toFixed(1), sigma: found.sigma.toFixed(1), games: found.games, wins: found.wins }) },
  h("a", { href: `/leaderboard/${entry.game}?players=${encodeURIComponent(cls)}` }, ratingText(found.rating)));
}

function renderGames() {
  const t = P.t, games = P.profile.games;
  $("#profile-games").replaceChildren(
    h("thead", {}, h("tr", {}, h("th", {}, t("ui.profile_game")), h("th", {}, t("ui.profile_played")), h("th", {}, t("ui.profile_won")),
      ...CLASSES.map(([, key]) => h("th", {}, t("ui.profile_rating_in", { class: t(key) }))))),
    h("tbody", {}, ...(games.length ? games.map((g) => h("tr", { dataset: { game: g.game } },
      h("th", {}, h("a", { href: `/leaderboard/${g.game}` }, gameName(g.game))), h("td", { class: "played" }, String(g.played)),
      h("td", { class: "won" }, String(g.won)), ...CLASSES.map(([cls]) => ratingCell(g, cls))))
      : [h("tr", {}, h("td", { colspan: 5, class: "muted" }, t("ui.profile_no_games")))])));
}

function change(result, seat) {
  if (!result.rated) return h("span", { class: "rating-change muted" }, P.t("ui.mine_friendly"));
  const r = seat?.rating;
  if (!r) return h("span", { class: "rating-change muted" }, "—");
  const delta = r.after - r.before;
  return h("span", { class: `rating-change ${delta >= 0 ? "rating-up" : "rating-down"}`, dataset: { before: r.before, after: r.after } },
    `${ratingText(r.before)} → ${ratingText(r.after)}`, h("small", {}, ` (${delta >= 0 ? "+" : ""}${ratingText(delta)})`));
}

function recentRow(result) {
  const t = P.t, names = seatNames(result.seats, t);
  const seat = result.seats.find((s) => s.player === playerId);
  const others = result.seats.map((s) => h("span", { class: `profile-seat${s.won ? " winner" : ""}` },
    `${names[s.seat] ?? t("seat", { n: s.seat })} ${s.total}`));
  return h("tr", { dataset: { table: result.table } },
    h("td", { class: "muted" }, when(result.finished_at, P.lang)),
    h("td", {}, gameName(result.game)),
    h("td", { class: "profile-seats" }, ...others.flatMap((el, i) => (i ? [" · ", el] : [el]))),
    h("td", { class: seat?.won ? "profile-won" : "" }, seat ? t(seat.won ? "ui.mine_won" : "ui.mine_lost") : ""),
    h("td", {}, change(result, seat)),
    h("td", {}, h("a", { class: "btn btn-small replay-link", href: result.replay_url }, t("ui.mine_replay"))));
}

function renderRecent() {
  const t = P.t, recent = P.profile.recent;
  $("#profile-recent").replaceChildren(
    h("thead", {}, h("tr", {}, ...["ui.profile_when", "ui.profile_game", "ui.profile_players", "ui.profile_result", "ui.profile_rating", "ui.mine_replay"]
      .map((key) => h("th", {}, t(key))))),
    h("tbody", {}, ...(recent.length ? recent.map(recentRow) : [h("tr", {}, h("td", { colspan: 6, class: "muted" }, t("ui.profile_no_games")))])));
}

function render() {
  if (!P.profile) return;
  const player = P.profile.player, mine = P.session?.player?.id === player.id;
  $("#profile-name").textContent = player.name;
  $("#profile-kind").textContent = [P.t(player.registered ? "ui.profile_account" : "ui.profile_guest"), mine ? P.t("ui.profile_you") : ""]
    .filter(Boolean).join(" · ");
  document.title = `Crypt Arena — ${player.name}`;
  renderGames(); renderRecent();
}

async function main() {
  languageSelect($("#lang"), P.lang, setLanguage);
  setLanguage(P.lang);
  try {
    const [profile, games, session] = await Promise.all([api.get(`/api/players/${encodeURIComponent(playerId)}`),
      api.get("/api/games").catch(() => []), getSession().catch(() => null)]);
    Object.assign(P, { profile, games, session });
  } catch (e) {
    $("#profile-name").textContent = "—";
    const error = $("#profile-error");
    error.hidden = false; error.textContent = e.message;
    return;
  }
  render();
}

main();
