// Paces and clocks in words, shared by the lobby, the table page and the settings page
// (docs/platform.md, "Paces and clocks"). A live clock reads as a stopwatch (4:32), a turn-based one
// in days, hours and minutes (2 d 4 h): nobody counts three days in seconds.

// The clocks offered when creating a table: [reserve, increment] in seconds. The server accepts any
// reserve from 1 s to an hour (live) or an hour to 14 days (turn-based); these are the usual ones.
export const LIVE_CLOCKS = [[120, 15], [300, 30], [600, 60], [1200, 120]];
export const TURN_CLOCKS = [[3600, 900], [86400, 21600], [259200, 86400], [604800, 86400], [1209600, 172800]];
export const TURN_DEFAULT = [259200, 86400]; // the server's default: 3 days + 1 day per turn
export const DEFAULT_RULE = { live: "bot", "turn-based": "vote" }; // at 0, unless the creator says otherwise

const MINUTE = 60, HOUR = 3600, DAY = 86400;

/** A length in words, its two largest units: "3 days", "1 day 12 hours", "15 min", "30 s". */
export function duration(seconds, t) {
  const s = Math.max(0, Math.round(seconds));
  const unit = (n, one, many) => t(n === 1 ? one : many, { n });
  const pair = (a, b) => (b ? t("ui.dur_pair", { a, b }) : a);
  if (s >= DAY) {
    const d = Math.floor(s / DAY), hrs = Math.floor((s % DAY) / HOUR);
    return pair(unit(d, "ui.dur_day", "ui.dur_days"), hrs ? unit(hrs, "ui.dur_hour", "ui.dur_hours") : "");
  }
  if (s >= HOUR) {
    const hrs = Math.floor(s / HOUR), m = Math.floor((s % HOUR) / MINUTE);
    return pair(unit(hrs, "ui.dur_hour", "ui.dur_hours"), m ? t("ui.dur_min", { n: m }) : "");
  }
  if (s >= MINUTE) {
    const m = Math.floor(s / MINUTE), rest = s % MINUTE;
    return pair(t("ui.dur_min", { n: m }), rest ? t("ui.dur_s", { n: rest }) : "");
  }
  return t("ui.dur_s", { n: s });
}

/** A time past or usual, in words, where seconds mean nothing to a person ("under a minute"). */
export const roughly = (seconds, t) => (seconds < MINUTE ? t("ui.dur_under_min") : duration(seconds, t));

/** What a clock shows as it runs: a live one as a stopwatch (m:ss), a turn-based one in days and
 *  hours, hours and minutes, or minutes (seconds only in its last minute). Rounded down: a clock
 *  never shows more time than is left. */
export function clockText(seconds, pace, t) {
  const s = Math.max(0, Math.floor(seconds));
  if (pace !== "turn-based") return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  if (s >= DAY) return t("ui.clock_d_h", { d: Math.floor(s / DAY), h: Math.floor((s % DAY) / HOUR) });
  if (s >= HOUR) return t("ui.clock_h_m", { h: Math.floor(s / HOUR), m: Math.floor((s % HOUR) / MINUTE) });
  if (s >= MINUTE) return t("ui.clock_m", { m: Math.floor(s / MINUTE) });
  return t("ui.clock_s", { s });
}

/** A clock's settings in words: "3 days + 1 day per turn", "5 min + 30 s per turn", "10 min". */
export function clockSettings(reserve, increment, t) {
  return increment ? t("ui.clock_plus", { reserve: duration(reserve, t), increment: duration(increment, t) })
    : duration(reserve, t);
}

/** A table's pace and clock, for the lobby's lists: "Turn-based · 3 days + 1 day per turn". */
export function paceText(table, t) {
  const pace = t(table.pace === "turn-based" ? "ui.pace_turn_based" : "ui.pace_live");
  return table.clock ? `${pace} · ${clockSettings(table.clock.reserve, table.clock.increment, t)}` : pace;
}

/** The server's time as an answer of GET /api/me/turns knew it (its deadline less the time left), so
 *  that "waiting for 2 hours" does not depend on this computer's clock being right. */
export function serverNow(entry) {
  return entry.deadline && entry.left != null ? Date.parse(entry.deadline) - entry.left * 1000 : Date.now();
}
