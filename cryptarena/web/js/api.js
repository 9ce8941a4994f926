// HTTP helpers and the table's WebSocket client (docs/protocol.md).

export class ApiError extends Error {
  constructor(status, code, message, detail) {
    super(message || code || `HTTP ${status}`);
    this.status = status; this.code = code; this.detail = detail;
  }
}

async function request(method, path, body, raw) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined || raw !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = raw !== undefined ? raw : JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!res.ok) {
    const err = (data && data.error) || {};
    let message = err.message;
    if (!message && Array.isArray(err.detail)) message = err.detail.map((d) => d.msg).join("; ");
    if (!message && data && data.detail) message = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    throw new ApiError(res.status, err.code, message || `${method} ${path}: HTTP ${res.status}`, err.detail);
  }
  return data;
}

export const api = {
  get: (path) => request("GET", path),
  post: (path, body = {}) => request("POST", path, body),
  put: (path, body = {}) => request("PUT", path, body),
  del: (path) => request("DELETE", path),
  // a file's text sent as it is (an imported replay file), not re-encoded
  postText: (path, text) => request("POST", path, undefined, text),
  getText: async (path) => {
    const res = await fetch(path, { credentials: "same-origin" });
    if (!res.ok) throw new ApiError(res.status, null, `GET ${path}: HTTP ${res.status}`);
    return res.text();
  },
};

/** The guest session, or null (401). */
export async function getSession() {
  try { return await api.get("/api/session"); } catch (e) {
    if (e.status === 401) return null;
    throw e;
  }
}

/** Ask for a display name in a small dialog (#name-dialog, #name-input, #name-ok); null if cancelled. */
export function askName(title = "Your display name") {
  return new Promise((resolve) => {
    const input = h("input", { id: "name-input", maxlength: "40", required: true, autocomplete: "nickname",
      value: localStorage.getItem("ca.name") || "" });
    const dialog = h("dialog", { id: "name-dialog" },
      h("form", { method: "dialog", class: "panel name-form" }, h("h2", {}, title), input,
        h("div", { class: "name-buttons" },
          h("button", { class: "btn btn-ghost", value: "cancel", formnovalidate: true }, "✕"),
          h("button", { id: "name-ok", class: "btn btn-gold", value: "ok" }, "OK"))));
    dialog.addEventListener("close", () => {
      const name = input.value.trim();
      dialog.remove();
      resolve(dialog.returnValue === "ok" && name ? name : null);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}

/** The session, asking the person for a display name when there is none yet. */
export async function ensureSession() {
  const existing = await getSession();
  if (existing) return existing;
  const name = await askName();
  if (!name) throw new ApiError(401, "no_session", "A display name is needed to take a seat.");
  return startSession(name);
}

export async function startSession(name) {
  localStorage.setItem("ca.name", name);
  return api.post("/api/session", { name });
}

export const tokenKey = (tableId) => `ca.token.${tableId}`;
export const loadToken = (tableId) => localStorage.getItem(tokenKey(tableId));
export const saveToken = (tableId, token) => localStorage.setItem(tokenKey(tableId), token);

/**
 * One table's socket. Sends `hello` on every (re)connect — the server answers with a full `state`,
 * which is the resync after a drop or a server restart; `sync()` asks again at any time.
 * Reconnects by itself with a growing delay (0.5 s … 5 s) unless the table does not exist (4404) or
 * refuses spectators (4403).
 */
/** An action as text with its keys in order: the same move whatever order its fields came in. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export class TableSocket {
  constructor(tableId, { token = null, lang = "en", onMessage = () => {}, onStatus = () => {} } = {}) {
    Object.assign(this, { tableId, token, lang, onMessage, onStatus });
    this.version = null; this.delay = 500; this.closed = false; this.ws = null;
    this.connect();
    // A laptop waking up or a tab coming back: make sure what we show is current.
    document.addEventListener("visibilitychange", () => { if (!document.hidden) this.sync(); });
    window.addEventListener("online", () => this.reconnect());
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      const hello = { type: "hello", lang: this.lang, patches: true };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
      this.onStatus("open");
    };
    ws.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      // Another seat moved between what this page showed and its move arriving (a bot picking its deck
      // while the person picks theirs): the move is sent again at the fresh version if it is still
      // legal there, once, instead of asking the person to make it again.
      if (msg.type === "error" && msg.code === "version_conflict" && this.sent && !this.sent.retried) {
        this.sent.conflict = msg;
        return;
      }
      if (msg.type === "acted") this.sent = null;
      if (msg.type === "state" && typeof msg.version === "number") {
        this.version = msg.version;
        // The server sends the log entries this socket has not had yet, from log_start: the pages get it whole.
        if (msg.log_start) msg.log = (this.log || []).slice(0, msg.log_start).concat(msg.log || []);
        this.log = msg.log;
        // A patch carries the view's and the table's top-level parts that changed: the pages get them whole.
        if (msg.patch) {
          for (const field of ["view", "table"]) {
            msg[field] = Object.assign({}, this[field], msg[field]);
            for (const key of msg[field + "_gone"] || []) delete msg[field][key];
            delete msg[field + "_gone"];
          }
          delete msg.patch;
        }
        this.view = msg.view; this.table = msg.table;
        const sent = this.sent;
        if (sent?.conflict) {
          this.sent = null;
          const first = canonical(sent.actions ? sent.actions[0] : sent.action);
          if ((msg.legal || []).some((a) => canonical(a) === first)) {
            this.onMessage(msg);
            this.sent = { ...sent, conflict: null, retried: true };
            this.send({ type: "act", ...(sent.actions ? { actions: sent.actions } : { action: sent.action }), version: msg.version });
            return;
          }
          this.onMessage(msg);
          this.onMessage(sent.conflict);  // no longer possible: the page says why
          return;
        }
      }
      this.onMessage(msg);
    };
    ws.onclose = (event) => {
      if (ws !== this.ws) return; // a socket we replaced on purpose
      this.onStatus("closed");
      // no such table (4404), or one that refuses spectators while it is played (4403): trying again changes nothing
      if (this.closed || event.code === 4404 || event.code === 4403) return;
      setTimeout(() => { if (ws === this.ws && !this.closed) this.connect(); }, this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /** Drop the connection and open a new one (e.g. after taking a seat, to say hello with the token). */
  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) { old.onclose = null; try { old.close(); } catch { /* already closed */ } }
    this.connect();
  }

  setToken(token) { this.token = token; this.reconnect(); }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  act(action) { this.sent = { action }; return this.send({ type: "act", action, version: this.version }); }
  actMany(actions) { this.sent = { actions }; return this.send({ type: "act", actions, version: this.version }); }
  sync() { return this.send({ type: "sync" }); }
  chat(text) { return this.send({ type: "chat", text }); }
  close() { this.closed = true; if (this.ws) this.ws.close(); }
}

/** A short message at the bottom of the screen; `kind` "error" is red. */
export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) { box = document.createElement("div"); box.id = "toasts"; document.body.append(box); }
  const el = document.createElement("div");
  el.className = `toast toast-${kind}`;
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  el.textContent = message;
  box.append(el);
  setTimeout(() => el.classList.add("toast-out"), 4500);
  setTimeout(() => el.remove(), 5200);
}

/** A tiny element builder: h("button", {class: "x", onclick}, "text", child...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "html") el.innerHTML = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// -- seats told apart without colour ------------------------------------------------------------------
// Each seat has a shape as well as a colour, drawn wherever the colour says whose something is (seat
// list, scores, panels, pieces, cups), so that a player who cannot tell red from green still can.
// The first four are the easiest to tell apart: most tables have at most four seats.
export const SEAT_SHAPES = ["circle", "triangle", "square", "star", "diamond", "cross", "triangle-down", "hexagon"];

const polygon = (n, r, turn = -90, inner = null) => {
  const corners = inner ? 2 * n : n;
  const points = Array.from({ length: corners }, (_, k) => {
    const a = (turn + (k * 360) / corners) * Math.PI / 180, d = inner && k % 2 ? inner : r;
    return `${(d * Math.cos(a)).toFixed(2)} ${(d * Math.sin(a)).toFixed(2)}`;
  });
  return `M${points.join("L")}Z`;
};
const SHAPE_PATHS = {
  circle: (r) => `M${r} 0A${r} ${r} 0 1 0 ${-r} 0A${r} ${r} 0 1 0 ${r} 0Z`,
  triangle: (r) => polygon(3, r * 1.25, -90),
  square: (r) => polygon(4, r * 1.2, 45),
  star: (r) => polygon(5, r * 1.3, -90, r * 0.55),
  diamond: (r) => polygon(4, r * 1.3, -90),
  cross: (r) => { const a = (r * 0.4).toFixed(2), b = (r * 1.1).toFixed(2); return `M-${a} -${b}H${a}V-${a}H${b}V${a}H${a}V${b}H-${a}V${a}H-${b}V-${a}H-${a}Z`; },
  "triangle-down": (r) => polygon(3, r * 1.25, 90),
  hexagon: (r) => polygon(6, r * 1.15, 0),
};

/** A seat's shape's name ("circle", "triangle"…). */
export const seatShapeName = (seat) => SEAT_SHAPES[Number(seat) % SEAT_SHAPES.length];

/** The SVG path data of a seat's shape, centred on 0,0, about `r` in radius (for a renderer's SVG). */
export const seatShape = (seat, r) => SHAPE_PATHS[seatShapeName(seat)](r);

/** A seat's shape in its colour (`--seatN`), as a small inline mark beside a name. */
export function seatMark(seat, colour = `var(--seat${seat}, currentColor)`) {
  return h("span", { class: "seat-mark", dataset: { seat, shape: seatShapeName(seat) }, "aria-hidden": "true",
    html: `<svg viewBox="-10 -10 20 20"><path d="${seatShape(seat, 7.5)}" fill="${colour}"/></svg>` });
}
