// "Your move at N tables": the tables waiting for this person (GET /api/me/turns, most urgent first),
// the count in the page's title, going to the next one (with a fresh seat token where this browser has
// none, as "My games" does), and the browser's own notifications while the page is in the background.
import { api, loadToken, saveToken, toast } from "./api.js";

const BASE_TITLE = document.title.replace(/^\(\d+\)\s*/, "");

/** The tables waiting for me ({count, tables}), or null for nobody signed in (or the server away). */
export async function fetchTurns() {
  try { return await api.get("/api/me/turns"); } catch { return null; }
}

/** "(3) Crypt Arena — …": the count first, where a tab's title is cut last. */
export function showCount(n) {
  document.title = n > 0 ? `(${n}) ${BASE_TITLE}` : BASE_TITLE;
}

/** Ask every 20 s — in the background too: that is when a new "your move" is worth a notification
 *  (the browser slows a background tab's timers, never below once a minute) — and at once when the
 *  page comes back to the front; `got` gets each answer (null: no session). Returns a function that
 *  asks now. */
export function watchTurns(got) {
  const ask = async () => got(await fetchTurns());
  setInterval(ask, 20_000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) ask(); });
  window.addEventListener("focus", ask);
  ask();
  return ask;
}

/** Open a table waiting for me: a seat taken in another browser (or before the tokens were cleared)
 *  first gets a new token for this one (the old one stops working). */
export async function openSeat(entry) {
  if (!loadToken(entry.table)) {
    try {
      const found = await api.post(`/api/tables/${entry.table}/seats/${entry.seat}/token`);
      saveToken(entry.table, found.token);
    } catch (e) { toast(e.message); }
  }
  location.href = entry.url || `/table/${encodeURIComponent(entry.table)}`;
}

/** The next table waiting for me other than `here` (the most urgent first), or null. */
export const nextTurn = (turns, here = null) => (turns?.tables || []).find((e) => e.table !== here) || null;

// -- browser notifications ------------------------------------------------------------------------
// Shown only while the page is in the background, where this browser allows them (the settings page
// asks) and the person's "browser: your move" setting is on. The setting is kept by the server
// (GET /api/me/notifications) and copied here, so a page can decide without asking it each time.
const PREF_KEY = "ca.notify.browser";

export const notificationsAllowed = () => typeof Notification !== "undefined" && Notification.permission === "granted";

/** This person's browser setting as last known in this browser (on unless turned off). */
export const browserPref = () => localStorage.getItem(PREF_KEY) !== "off";
export const rememberBrowserPref = (on) => localStorage.setItem(PREF_KEY, on ? "on" : "off");

/** Read the setting from the server once (a change made on another device), keeping the copy here;
 *  only where this browser allows notifications at all (else there is nothing to decide). */
export async function refreshBrowserPref() {
  if (!notificationsAllowed()) return false;
  try {
    const found = await api.get("/api/me/notifications");
    if (typeof found?.prefs?.browser?.turn === "boolean") rememberBrowserPref(found.prefs.browser.turn);
  } catch { /* no session, or no settings yet: the copy here stands */ }
  return browserPref();
}

/** A notification that brings this tab to the front when clicked; nothing while the page is shown. */
export function notify(title, body, tag) {
  if (!document.hidden || !notificationsAllowed() || !browserPref()) return null;
  try {
    const note = new Notification(title, { body, tag, icon: "/static/img/logo.svg" });
    note.onclick = () => { window.focus(); note.close(); };
    return note;
  } catch { return null; } // a browser that only notifies from a service worker (Android's Chrome)
}
