// The notification settings (/settings): how a person is told it is their move, that a table ended,
// or that they are invited while away from the table — by e-mail (an account's own address, used only
// once its owner confirms it through a mailed link), by a webhook (a Discord or Slack channel), and by
// this browser; each kind on or off per channel; the deliveries that failed lately. The server keeps
// all of it (GET/PUT /api/me/notifications, POST/DELETE /api/me/email: docs/protocol.md).
//
// Hooks: #settings-error, #settings-body; #email-guest with #email-register (a guest), #email-form
// (#email-input, #email-add), #email-pending (#email-pending-address, #email-resend, #email-cancel),
// #email-confirmed (#email-address, #email-remove), #mail-lang; #webhook-input, #webhook-save,
// #webhook-remove, #webhook-error; #browser-notify (checkbox), #browser-status; #prefs with
// input[data-channel][data-kind]; #failures (tr[data-id]) or #failures-none.
import { api, getSession, h, toast } from "./api.js";
import { LANGUAGES, currentLang, setLang, translator } from "./i18n.js";
import { languageSelect } from "./board.js";
import { errorText, openDialog, renderAccount } from "./account.js";
import { notificationsAllowed, rememberBrowserPref } from "./turns.js";

const $ = (sel) => document.querySelector(sel);
const S = { lang: currentLang(), t: translator(currentLang()), session: null, data: null, status: "" };
window.settings = S; // for the browser tests
const t = (key, params) => S.t(key, params);

const KINDS = ["turn", "end", "invite"];
const CHANNELS = ["email", "webhook"];
const ERRORS = { bad_email: "ui.settings_err_bad_email", bad_webhook: "ui.settings_err_bad_webhook",
  not_registered: "ui.settings_err_not_registered" };
const failText = (e) => (ERRORS[e.code] ? t(ERRORS[e.code]) : errorText(t, e));

function setLanguage(lang) {
  S.lang = lang; setLang(lang); S.t = translator(lang);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  render();
}

async function load() {
  S.session = await getSession().catch(() => null);
  renderAccount($("#account"), S.session, S.t, load);
  const error = $("#settings-error");
  try {
    S.data = await api.get("/api/me/notifications");
    error.hidden = true;
  } catch (e) {
    S.data = null;
    error.hidden = false;
    error.replaceChildren(e.status === 401 ? h("span", {}, t("ui.settings_no_session"), " ", h("a", { href: "/" }, t("ui.lobby")))
      : e.status === 404 ? t("ui.settings_unavailable") : e.message);
  }
  if (S.data?.prefs?.browser) rememberBrowserPref(!!S.data.prefs.browser.turn);
  render();
}

/** Save a change (PUT /api/me/notifications) and redraw from what the server kept. */
async function save(change, done = "ui.settings_saved") {
  S.data = await api.put("/api/me/notifications", change);
  if (S.data?.prefs?.browser) rememberBrowserPref(!!S.data.prefs.browser.turn);
  render();
  toast(t(done), "info");
}

function render() {
  $("#settings-body").hidden = !S.data;
  if (!S.data) return;
  renderEmail(); renderWebhook(); renderBrowser(); renderPrefs(); renderFailures();
}

// -- e-mail ----------------------------------------------------------------------------------------------
// The address in use (confirmed) and one waiting for its owner's click (pending), read whichever way
// the answer carries them: {address, pending: address|null, confirmed: bool}.
function addresses(email = {}) {
  const pending = typeof email.pending === "string" ? email.pending : email.pending && !email.confirmed ? email.address : null;
  const confirmed = email.confirmed && email.address && email.address !== pending ? email.address : null;
  return { pending, confirmed };
}

function renderEmail() {
  const box = $("#email-box");
  if (!S.data.registered) {
    box.replaceChildren(h("div", { id: "email-guest", class: "settings-note" },
      h("p", {}, t("ui.settings_email_guest")),
      h("button", { id: "email-register", class: "btn btn-gold", type: "button", onclick: () => openDialog("register", S.session, S.t, load) },
        t("ui.account_register"))));
    return;
  }
  const { pending, confirmed } = addresses(S.data.email);
  const parts = [];
  if (confirmed) {
    parts.push(h("div", { id: "email-confirmed", class: "settings-row" },
      h("span", { class: "settings-ok", "aria-hidden": "true" }, "✓"), h("b", { id: "email-address" }, confirmed),
      h("span", { class: "muted" }, t("ui.settings_email_confirmed")),
      h("button", { id: "email-remove", class: "btn btn-small btn-ghost", type: "button", onclick: removeEmail }, t("ui.settings_remove"))));
  }
  if (pending) {
    parts.push(h("div", { id: "email-pending", class: "settings-note settings-pending" },
      h("p", {}, t("ui.settings_email_pending_1"), " ", h("b", { id: "email-pending-address" }, pending), t("ui.settings_email_pending_2")),
      h("p", { class: "muted" }, t("ui.settings_email_pending_help")),
      h("div", { class: "settings-row" },
        h("button", { id: "email-resend", class: "btn btn-small", type: "button", onclick: () => addEmail(pending) }, t("ui.settings_email_resend")),
        h("button", { id: "email-cancel", class: "btn btn-small btn-ghost", type: "button", onclick: removeEmail }, t("ui.settings_cancel")))));
  }
  if (!pending) {
    const input = h("input", { id: "email-input", type: "email", required: true, autocomplete: "email", maxlength: "254",
      placeholder: t("ui.settings_email_placeholder"), "aria-label": t("ui.settings_email") });
    // novalidate: a refusal is said in the page's language (the server's code), not the browser's
    const form = h("form", { id: "email-form", class: "settings-row", novalidate: true }, input,
      h("button", { id: "email-add", class: "btn btn-small btn-gold" }, t(confirmed ? "ui.settings_email_change" : "ui.settings_email_add")));
    form.addEventListener("submit", (e) => { e.preventDefault(); addEmail(input.value.trim()); });
    parts.push(h("p", { class: "muted" }, t("ui.settings_email_help")), form);
  }
  parts.push(h("p", { id: "email-error", class: "form-error", role: "alert" }));
  parts.push(h("label", { class: "settings-row" }, h("span", {}, t("ui.settings_mail_lang")),
    h("select", { id: "mail-lang", onchange: (e) => save({ lang: e.target.value }).catch((err) => toast(failText(err))) },
      ...LANGUAGES.map((l) => h("option", { value: l, selected: l === (S.data.lang || "en") }, { en: "English", fr: "Français", zh: "中文" }[l])))));
  box.replaceChildren(...parts);
}

async function addEmail(address) {
  try {
    await api.post("/api/me/email", { address });
    await load();
    toast(t("ui.settings_email_sent", { address }), "info");
  } catch (e) { $("#email-error").textContent = failText(e); }
}

async function removeEmail() {
  try { await api.del("/api/me/email"); await load(); } catch (e) { $("#email-error").textContent = failText(e); }
}

// -- webhook ---------------------------------------------------------------------------------------------
function renderWebhook() {
  const url = S.data.webhook?.url || "";
  const input = h("input", { id: "webhook-input", type: "url", value: url, maxlength: "2000", autocomplete: "off",
    placeholder: "https://discord.com/api/webhooks/…", "aria-label": t("ui.settings_webhook") });
  const error = h("p", { id: "webhook-error", class: "form-error", role: "alert" });
  const put = async (value) => {
    error.textContent = "";
    try { await save({ webhook_url: value }); } catch (e) { error.textContent = failText(e); }
  };
  const form = h("form", { id: "webhook-form", class: "settings-row", novalidate: true }, input,
    h("button", { id: "webhook-save", class: "btn btn-small btn-gold" }, t("ui.settings_save")),
    url ? h("button", { id: "webhook-remove", class: "btn btn-small btn-ghost", type: "button", onclick: () => put(null) }, t("ui.settings_remove")) : null);
  form.addEventListener("submit", (e) => { e.preventDefault(); put(input.value.trim() || null); });
  $("#webhook-box").replaceChildren(h("p", { class: "muted" }, t("ui.settings_webhook_help")),
    h("ul", { class: "settings-how muted" }, h("li", {}, t("ui.settings_webhook_discord")), h("li", {}, t("ui.settings_webhook_slack"))),
    form, error);
}

// -- this browser ----------------------------------------------------------------------------------------
// On only where the setting is on and this browser lets the site show notifications: turning it on
// asks the browser, and a refusal is said (the site cannot ask again; the person can, in the browser).
function browserState() {
  if (typeof Notification === "undefined") return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return S.data.prefs?.browser?.turn && notificationsAllowed() ? "on" : "off";
}

function renderBrowser() {
  const state = browserState();
  const box = h("input", { type: "checkbox", id: "browser-notify", checked: state === "on", disabled: state === "unsupported",
    onchange: (e) => toggleBrowser(e.target) });
  $("#browser-box").replaceChildren(
    h("label", { class: "settings-row settings-toggle" }, box, h("span", {}, t("ui.settings_browser_toggle"))),
    h("p", { id: "browser-status", class: `muted browser-${state}`, dataset: { state } }, t(`ui.settings_browser_${state}`)));
}

async function toggleBrowser(box) {
  try {
    if (!box.checked) { await save({ prefs: { browser: { turn: false } } }); return; }
    const status = $("#browser-status");
    status.textContent = t("ui.settings_browser_asking"); // the browser's question may wait for an answer
    status.dataset.state = "asking";
    const answer = await Notification.requestPermission();
    if (answer !== "granted") { box.checked = false; renderBrowser(); return; }
    await save({ prefs: { browser: { turn: true } } });
  } catch (e) { box.checked = !box.checked; toast(failText(e)); }
}

// -- which kinds, on which channel -----------------------------------------------------------------------
function renderPrefs() {
  const prefs = S.data.prefs || {};
  const has = { email: !!addresses(S.data.email).confirmed, webhook: !!S.data.webhook?.url };
  const cell = (channel, kind) => h("td", {}, h("input", { type: "checkbox", id: `pref-${channel}-${kind}`,
    dataset: { channel, kind }, checked: !!prefs[channel]?.[kind], "aria-label": `${t(`ui.settings_kind_${kind}`)} — ${t(`ui.settings_channel_${channel}`)}`,
    onchange: (e) => save({ prefs: { [channel]: { [kind]: e.target.checked } } }).catch((err) => { e.target.checked = !e.target.checked; toast(failText(err)); }) }));
  $("#prefs-box").replaceChildren(
    h("table", { id: "prefs", class: "stats prefs" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), ...CHANNELS.map((c) => h("th", { dataset: { channel: c } }, t(`ui.settings_channel_${c}`),
        has[c] ? null : h("div", { class: "muted prefs-none" }, t("ui.settings_no_address")))))),
      h("tbody", {}, ...KINDS.map((k) => h("tr", { dataset: { kind: k } }, h("th", {}, t(`ui.settings_kind_${k}`)), ...CHANNELS.map((c) => cell(c, k)))))),
    h("p", { class: "muted" }, t("ui.settings_what_help")));
}

// -- failures --------------------------------------------------------------------------------------------
function when(iso) {
  const date = new Date(iso);
  return isNaN(date) ? iso || "" : new Intl.DateTimeFormat(S.lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

function renderFailures() {
  const failures = S.data.failures || [];
  const box = $("#failures-box");
  if (!failures.length) { box.replaceChildren(h("p", { id: "failures-none", class: "muted" }, t("ui.settings_failures_none"))); return; }
  const word = (prefix, value) => { const key = `ui.settings_${prefix}_${value}`; const text = t(key); return text === key ? value : text; };
  box.replaceChildren(h("p", { class: "muted" }, t("ui.settings_failures_help")),
    h("div", { class: "settings-scroll" }, h("table", { id: "failures", class: "stats" },
      h("thead", {}, h("tr", {}, ...["when", "channel", "kind", "table", "attempts", "error"].map((c) => h("th", {}, t(`ui.settings_col_${c}`))))),
      h("tbody", {}, ...failures.map((f) => h("tr", { dataset: { id: f.id, status: f.status } },
        h("td", {}, when(f.at)), h("td", {}, word("channel", f.channel)), h("td", {}, word("kind", f.kind)),
        h("td", {}, f.table ? h("a", { href: `/table/${encodeURIComponent(f.table)}`, title: f.table }, t("ui.settings_open_table")) : "—"),
        h("td", {}, String(f.attempts ?? ""), f.status ? h("div", { class: "muted" }, word("status", f.status)) : null),
        h("td", { class: "failure-error" }, f.error || "")))))));
}

async function main() {
  languageSelect($("#lang"), S.lang, setLanguage);
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  document.documentElement.lang = S.lang;
  await load();
}

main();
