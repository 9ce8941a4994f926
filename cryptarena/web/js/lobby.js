// The lobby: games, the create-a-table form (built from each game's options schema), guest name,
// and the open / live table lists (refreshed every few seconds).
import { api, getSession, startSession, saveToken, toast, h } from "./api.js";

const $ = (sel) => document.querySelector(sel);
let games = [];

// -- guest name -------------------------------------------------------------------------------------
async function renderWho() {
  const who = $("#who");
  const session = await getSession().catch(() => null);
  if (session) {
    who.replaceChildren(h("span", { class: "muted" }, "Playing as "), h("b", { id: "session-name" }, session.name),
      h("button", { class: "btn btn-small btn-ghost", onclick: () => askForName(session.name) }, "change"));
  } else askForName("");
}

function askForName(current) {
  const input = h("input", { id: "guest-name", placeholder: "Your display name", value: current || localStorage.getItem("ca.name") || "", maxlength: "40", required: true });
  const form = h("form", { id: "name-form", class: "who" }, input, h("button", { class: "btn btn-small", id: "guest-name-ok" }, "Play as this name"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try { await startSession(input.value.trim()); renderWho(); } catch (err) { toast(err.message); }
  });
  $("#who").replaceChildren(form);
}

// -- games and rules ----------------------------------------------------------------------------------
function renderGames() {
  $("#games").replaceChildren(...games.map((g) => h("article", { class: "game-tile", dataset: { game: g.id } },
    h("img", { src: `/static/img/games/${g.id}.svg`, alt: g.name, onerror: (e) => { e.target.src = "/static/img/logo.svg"; } }),
    h("div", {},
      h("h2", {}, g.name),
      h("div", { class: "meta" }, g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`),
      h("p", { class: "pitch" }, g.pitch),
      h("div", { class: "tile-actions" },
        h("button", { class: "btn btn-gold create-table", dataset: { game: g.id }, onclick: () => openCreate(g) }, "Create a table"),
        h("a", { href: g.rules_url || `/api/games/${g.id}/rules`, class: "rules-link", onclick: (e) => { e.preventDefault(); showRules(g); } }, "Rules"))))));
}

async function showRules(g) {
  try {
    const text = await api.getText(g.rules_url || `/api/games/${g.id}/rules`);
    let md = text;
    try { const data = JSON.parse(text); md = typeof data === "string" ? data : data.markdown || data.rules || text; } catch { /* plain Markdown */ }
    $("#rules-body").innerHTML = markdown(md);
    const dialog = $("#rules-dialog");
    dialog.showModal();
    dialog.onclick = (e) => { if (e.target === dialog) dialog.close(); };
  } catch (e) { toast(e.message); }
}

const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
const inline = (s) => escape(s).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*([^*]+)\*\*/g, "<b>$1</b>")
  .replace(/\*([^*]+)\*/g, "<i>$1</i>").replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, t, u) => (/^(https?:|\/|#)/.test(u) ? `<a href="${u}">${t}</a>` : t));

/** Just enough Markdown for a rules summary: headings, paragraphs, lists, tables, emphasis, code. */
export function markdown(src) {
  const out = []; const lines = src.replace(/\r/g, "").split("\n");
  for (let i = 0; i < lines.length;) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const head = line.match(/^(#{1,4})\s+(.*)/);
    if (head) { out.push(`<h${head[1].length}>${inline(head[2])}</h${head[1].length}>`); i++; continue; }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      const cells = (r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => inline(c.trim()));
      const body = rows.filter((r) => !/^\s*\|[\s:|-]+\|\s*$/.test(r));
      out.push("<table><thead><tr>" + cells(body[0]).map((c) => `<th>${c}</th>`).join("") + "</tr></thead><tbody>"
        + body.slice(1).map((r) => "<tr>" + cells(r).map((c) => `<td>${c}</td>`).join("") + "</tr>").join("") + "</tbody></table>");
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line); const items = [];
      while (i < lines.length && (/^\s*([-*]|\d+\.)\s+/.test(lines[i]) || /^\s{2,}\S/.test(lines[i]))) {
        if (/^\s*([-*]|\d+\.)\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ""));
        else items[items.length - 1] += " " + lines[i].trim();
        i++;
      }
      out.push(`<${ordered ? "ol" : "ul"}>` + items.map((it) => `<li>${inline(it)}</li>`).join("") + `</${ordered ? "ol" : "ul"}>`);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i])) para.push(lines[i++]);
    out.push(`<p>${inline(para.join(" "))}</p>`);
  }
  return out.join("\n");
}

// -- create a table -------------------------------------------------------------------------------------
function field(opt) {
  let input;
  if (opt.type === "enum") {
    input = h("select", { name: opt.name }, ...opt.allowed.map((a) => h("option", { value: a, selected: a === opt.default }, String(a))));
  } else if (opt.type === "int") {
    input = h("input", { type: "number", name: opt.name, value: opt.default, min: opt.minimum, max: opt.maximum, step: 1 });
  } else if (opt.type === "bool") {
    input = h("input", { type: "checkbox", name: opt.name, checked: !!opt.default });
  } else {
    input = h("input", { name: opt.name, value: opt.default ?? "" });
  }
  return h("label", { class: "field", dataset: { option: opt.name } }, h("b", {}, opt.name.replace(/_/g, " ")), input, h("span", {}, opt.description || ""));
}

function readValue(form, opt) {
  const el = form.elements[opt.name];
  if (opt.type === "bool") return el.checked;
  if (opt.type === "int") return el.value === "" ? el.value : Number(el.value);
  return el.value;
}

function openCreate(g) {
  const box = $("#create"); const fields = $("#create-fields"); const form = $("#create-form");
  box.hidden = false; box.dataset.game = g.id;
  $("#create-title").textContent = `Create a table — ${g.name}`;
  $("#create-error").textContent = "";
  const players = h("select", { name: "players", id: "create-players" });
  for (let n = g.min_players; n <= g.max_players; n++) players.append(h("option", { value: n, selected: n === Math.min(Math.max(3, g.min_players), g.max_players) }, String(n)));
  fields.replaceChildren(
    h("label", { class: "field" }, h("b", {}, "players"), players, h("span", {}, "seats at the table (people or bots)")),
    ...(g.options || []).map(field),
    h("label", { class: "field" }, h("b", {}, "take seat 0"), h("input", { type: "checkbox", id: "create-sit", checked: true }), h("span", {}, "sit down at the new table right away")));
  const visible = () => {
    for (const opt of g.options || []) {
      const shown = Object.entries(opt.depends_on || {}).every(([name, values]) => values.includes(String(readValue(form, { name, type: "" }))));
      fields.querySelector(`[data-option="${opt.name}"]`).hidden = !shown;
    }
  };
  form.onchange = visible; visible();
  form.onsubmit = async (e) => {
    e.preventDefault();
    $("#create-error").textContent = "";
    const options = {};
    for (const opt of g.options || []) if (!fields.querySelector(`[data-option="${opt.name}"]`).hidden) options[opt.name] = readValue(form, opt);
    try {
      const { table } = await api.post("/api/tables", { game: g.id, players: Number(players.value), options });
      if ($("#create-sit").checked) {
        try {
          const seat = await api.post(`/api/tables/${table.id}/seats/0`, { kind: "human" });
          saveToken(table.id, seat.token);
        } catch (err) { if (err.status !== 401) toast(err.message); }
      }
      location.href = table.invite_url; // the table page, or the companion page of a physical table
    } catch (err) { $("#create-error").textContent = err.message; }
  };
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

// -- table lists -----------------------------------------------------------------------------------------
async function refreshTables() {
  const gameName = (id) => games.find((g) => g.id === id)?.name || id;
  const row = (t, label) => {
    const people = t.seats.filter((s) => s.kind !== "empty").map((s) => (s.kind === "bot" ? `${s.name || s.agent} (bot)` : s.name)).join(", ");
    const free = t.seats.filter((s) => s.kind === "empty").length;
    return h("li", { dataset: { table: t.id } }, h("b", {}, gameName(t.game)),
      h("span", { class: "grow muted" }, `${t.players} seats${free ? ` · ${free} free` : ""}${people ? " · " + people : ""}`),
      h("a", { class: "btn btn-small", href: t.invite_url }, label));
  };
  try {
    const [open, live] = await Promise.all([api.get("/api/tables?status=open"), api.get("/api/tables?status=playing")]);
    $("#open-tables").replaceChildren(...(open.length ? open.map((t) => row(t, "Join")) : [h("li", { class: "muted" }, "No open table: create one above.")]));
    $("#live-tables").replaceChildren(...(live.length ? live.map((t) => row(t, "Watch")) : [h("li", { class: "muted" }, "Nothing being played right now.")]));
  } catch (e) { /* the next refresh will try again */ }
}

async function main() {
  renderWho();
  try { games = await api.get("/api/games"); } catch (e) { toast(e.message); }
  renderGames();
  refreshTables();
  setInterval(() => { if (!document.hidden) refreshTables(); }, 4000);
}

main();
