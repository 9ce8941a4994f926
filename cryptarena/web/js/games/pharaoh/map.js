// The crypt as an SVG hex map for Pharaoh's renderer: pointy-top hexes on axial (q, r), sides 0–5
// clockwise from east (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE), as in games/pharaoh/board.py. It grows as the
// crypt is explored: each placed hex with its doors, owner mark, exit, Keys lying there and tabled
// cards; pieces (characters, agents, monsters) with their life points; a dashed hex beyond each door a
// legal `explore` opens. Hexes and pieces a legal action points at are lit and carry its data-action.
// Pan (a mouse drag or one finger) and zoom (wheel, buttons, two fingers) are kept in ctx.local so a
// redraw keeps the reader's place. However large the crypt, a hex's name never reads smaller than
// NAME_MIN_PX on screen: names grow as the map zooms out, and the map stops zooming out (centred on the
// player's hex, not the whole crypt) before they would outgrow their hex.
import { seatShape, seatShapeName } from "../../api.js";

export const R = 52;                     // hex radius
const SQ3 = Math.sqrt(3);
export const STEPS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
export const SEAT_COLOURS = ["#e05d4f", "#4f8fe0", "#5fbf6a", "#e0c04f", "#b36be0", "#4fd0c8"];

export const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const actionAttr = (a) => (a ? ` data-action="${esc(JSON.stringify(a))}"` : "");
const NAME_MIN_PX = 11;               // a hex name's least height on screen (CSS px)
const NAME_UNITS = [12, 16];          // its size in map units: when the map is close, and the most it may grow
const MIN_SCALE = NAME_MIN_PX / NAME_UNITS[1];
export const at = (q, r) => [R * SQ3 * (q + r / 2), R * 1.5 * r];
const corner = (i, radius = R) => {
  const a = (Math.PI / 180) * (60 * i - 30);
  return [radius * Math.cos(a), radius * Math.sin(a)];
};
const polygon = (radius = R) => [0, 1, 2, 3, 4, 5].map((i) => corner(i, radius).map((v) => v.toFixed(1)).join(",")).join(" ");

/** A small hexagon with its doors, for the place decision and the deck builder. */
export function miniHex(doors, size = 26, exit = false) {
  return `<svg class="ph-mini-hex" viewBox="${-R - 4} ${-R - 4} ${2 * R + 8} ${2 * R + 8}" width="${2 * size + 4}" height="${2 * size + 4}">`
    + `<polygon points="${polygon()}" class="ph-hex-shape${exit ? " exit" : ""}"/>${doorMarks(doors)}</svg>`;
}

function doorMarks(doors) {
  return doors.map((side) => {
    const [x1, y1] = corner(side, R * 0.98), [x2, y2] = corner(side + 1, R * 0.98);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, dx = (x2 - x1) * 0.22, dy = (y2 - y1) * 0.22;
    return `<line class="ph-door" data-side="${side}" x1="${(mx - dx).toFixed(1)}" y1="${(my - dy).toFixed(1)}" x2="${(mx + dx).toFixed(1)}" y2="${(my + dy).toFixed(1)}"/>`;
  }).join("");
}

/** Where each legal action points on the map: hex index -> action, piece ref -> action. */
export function mapTargets(legal) {
  const hexes = new Map(), pieces = new Map(), explore = new Map();
  for (const a of legal) {
    if ((a.type === "move" || a.type === "escape_to") && !hexes.has(a.to)) hexes.set(a.to, a);
    else if (a.type === "explore") explore.set(a.side, a);
    else if (a.type === "target" || a.type === "dominate") {
      const ref = a.target ?? a.piece;
      if (ref[0] === "h") { if (!hexes.has(Number(ref.slice(1)))) hexes.set(Number(ref.slice(1)), a); }
      else if (!pieces.has(ref)) pieces.set(ref, a);
    }
  }
  return { hexes, pieces, explore };
}

const wordOr = (ctx, key, fallback) => { const text = ctx.t(key); return text === key ? fallback || "" : text; };

/** The pieces standing in each hex: characters not defeated, agents tabled in a hex, monsters. */
export function piecesByHex(ctx) {
  const v = ctx.view, cards = ctx.cardsById, found = new Map();
  const put = (hex, piece) => { if (hex == null) return; if (!found.has(hex)) found.set(hex, []); found.get(hex).push(piece); };
  for (const s of v.seats) if (!s.defeated && s.hex != null) {
    put(s.hex, { ref: `c${s.seat}`, kind: "character", seat: s.seat, lp: s.life, name: ctx.nameOf(s.seat), label: ctx.t(`term.${s.character}`) });
  }
  for (const e of v.table) if (e.hex != null) {
    const agent = cards[e.card]?.effect === "agent";
    put(e.hex, { ref: `t${e.uid}`, kind: agent ? "agent" : "hexcard", seat: e.seat ?? e.owner, lp: e.lp, name: ctx.t(`term.${e.card}`), label: ctx.t(`term.${e.card}`), card: e.card,
      info: wordOr(ctx, `text.${e.card}`, cards[e.card]?.text) });
  }
  for (const m of v.monsters) if (m.hex != null && m.lp > 0) {
    const spec = ctx.components?.monsters?.find((x) => x.id === m.monster);
    put(m.hex, { ref: `m${m.uid}`, kind: "monster", seat: m.dominated_by, lp: m.lp, name: ctx.t(`term.${m.monster}`), label: ctx.t(`term.${m.monster}`),
      info: spec ? ctx.t("ui.pharaoh.monster_facts", { lp: spec.lp, dg: spec.dg, damage: spec.damage }) : "" });
  }
  return found;
}

function pieceSvg(piece, i, n, target) {
  // rows of three under the hex's name
  const row = Math.floor(i / 3), inRow = Math.min(3, n - row * 3), k = i % 3;
  const x = ((k - (inRow - 1) / 2) * 25).toFixed(1), y = (12 + row * 24).toFixed(1);
  const fill = piece.seat != null ? SEAT_COLOURS[piece.seat % SEAT_COLOURS.length] : "#8a7f6a";
  const shape = piece.kind === "character" ? `<circle r="12" fill="${fill}"/>`
    : piece.kind === "monster" ? `<rect x="-11" y="-11" width="22" height="22" rx="3" fill="${piece.seat != null ? fill : "#6b4a3a"}" class="ph-monster-shape"/>`
      : piece.kind === "agent" ? `<polygon points="0,-13 12,8 -12,8" fill="${fill}"/>`
        : `<rect x="-9" y="-12" width="18" height="24" rx="2" fill="#f3e7c6" stroke="${fill}" stroke-width="2"/>`;
  const lp = piece.lp != null ? `<text class="ph-lp" y="4">${piece.lp}</text>` : "";
  // whose it is by the seat's shape too, not by its colour alone
  const badge = piece.seat != null ? `<path class="ph-seat-shape" data-shape="${seatShapeName(piece.seat)}" d="${seatShape(piece.seat, 4.2)}" transform="translate(11,-11)" fill="${fill}"/>` : "";
  return `<g class="ph-piece ph-${piece.kind}${target ? " target" : ""}" data-piece="${piece.ref}" transform="translate(${x},${y})"${actionAttr(target)}>`
    + `<title>${esc(piece.label)}${piece.kind === "character" ? ` — ${esc(piece.name)}` : ""}${piece.lp != null ? ` (${piece.lp})` : ""}${piece.info ? ` — ${esc(piece.info)}` : ""}</title>${shape}${lp}${badge}</g>`;
}

// A name on two lines at most, split at the space nearest its middle (a CJK name: in the middle), so
// that it stays inside its hex at the largest size names take.
function nameLines(name) {
  const cjk = /[\u3000-\u9fff]/.test(name);
  if (cjk ? name.length <= 5 : name.length <= 11) return [name];
  if (cjk) return [name.slice(0, Math.ceil(name.length / 2)), name.slice(Math.ceil(name.length / 2))];
  const spaces = [...name.matchAll(/ /g)].map((m) => m.index);
  if (!spaces.length) return [name.length > 14 ? name.slice(0, 13) + "…" : name];
  const cut = spaces.reduce((a, b) => (Math.abs(b - name.length / 2) < Math.abs(a - name.length / 2) ? b : a));
  return [name.slice(0, cut), name.slice(cut + 1)];
}

/** The SVG of the crypt. `opts.explorer`: the hex a legal explore starts from. */
export function mapSvg(ctx, opts) {
  const v = ctx.view, t = ctx.t, targets = mapTargets(ctx.legal), pieces = piecesByHex(ctx);
  const cells = [];
  v.crypt.forEach((hx, i) => {
    const [cx, cy] = at(hx.q, hx.r);
    const owner = hx.owner != null ? SEAT_COLOURS[hx.owner % SEAT_COLOURS.length] : "#999";
    const lit = targets.hexes.get(i);
    const here = pieces.get(i) || [];
    const name = t(`term.${hx.tile}`);
    const oy = -R * 0.74; // the owner's mark under the top corner, the hex's number above the bottom one
    cells.push(`<g class="ph-hex${lit ? " lit" : ""}${hx.exit ? " exit" : ""}" data-hex="${i}" data-tile="${esc(hx.tile)}" data-owner="${hx.owner}" transform="translate(${cx.toFixed(1)},${cy.toFixed(1)})"${actionAttr(lit)}>`
      + `<title>${esc(name)} (#${i})${hx.exit ? " — " + esc(t("ui.pharaoh.exit")) : ""} — ${esc(wordOr(ctx, `text.${hx.tile}`, ""))}</title>`
      + `<polygon points="${polygon()}" class="ph-hex-shape"/>${doorMarks(hx.doors)}`
      + (hx.owner != null ? `<path class="ph-owner" data-shape="${seatShapeName(hx.owner)}" d="${seatShape(hx.owner, 5.5)}" transform="translate(0,${oy.toFixed(1)})" fill="${owner}"/>`
        : `<circle class="ph-owner" cx="0" cy="${oy.toFixed(1)}" r="5" fill="${owner}"/>`)
      + `<text class="ph-hex-no" y="${(R * 0.86).toFixed(1)}">${i}</text>`
      + `<text class="ph-hex-name" y="-20">${nameLines(name).map((l, k) => `<tspan x="0"${k ? ' dy="1.05em"' : ""}>${esc(l)}</tspan>`).join("")}</text>`
      + (hx.exit ? `<text class="ph-exit-mark" y="35">${esc(t("ui.pharaoh.exit_mark"))}</text>` : "")
      + (hx.keys ? `<g class="ph-key" data-hex="${i}" data-keys="${hx.keys}"><title>${esc(t("ui.pharaoh.keys_here", { n: hx.keys }))}</title><text class="ph-key-mark" x="${(R * 0.5).toFixed(1)}" y="-4">⚷${hx.keys > 1 ? hx.keys : ""}</text></g>` : "")
      + here.map((p, k) => pieceSvg(p, k, here.length, targets.pieces.get(p.ref))).join("")
      + `</g>`);
  });
  if (opts.explorer != null && v.crypt[opts.explorer]) {
    const base = v.crypt[opts.explorer];
    for (const [side, a] of targets.explore) {
      const [dq, dr] = STEPS[side];
      const [cx, cy] = at(base.q + dq, base.r + dr);
      cells.push(`<g class="ph-explore" data-side="${side}" transform="translate(${cx.toFixed(1)},${cy.toFixed(1)})"${actionAttr(a)}>`
        + `<title>${esc(t("ui.pharaoh.explore_here"))}</title><polygon points="${polygon(R * 0.92)}"/><text y="8">?</text></g>`);
    }
  }
  return cells.join("");
}

/** The extent of what is drawn, padded: [x, y, w, h]. */
export function extent(ctx, explorer) {
  const pts = ctx.view.crypt.map((hx) => at(hx.q, hx.r));
  if (explorer != null && ctx.view.crypt[explorer]) {
    const base = ctx.view.crypt[explorer];
    for (const a of ctx.legal) if (a.type === "explore") pts.push(at(base.q + STEPS[a.side][0], base.r + STEPS[a.side][1]));
  }
  if (!pts.length) pts.push([0, 0]);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const w = Math.max(Math.max(...xs) - Math.min(...xs) + R * 2.4, R * 6), hgt = Math.max(Math.max(...ys) - Math.min(...ys) + R * 2.4, R * 5);
  return [cx - w / 2, cy - hgt / 2, w, hgt];
}

/** The on-screen pixels per map unit of a viewBox drawn in a `size` [w, h] box (preserveAspectRatio meet). */
const scaleOf = (vb, size) => Math.min(size[0] / vb[2], size[1] / vb[3]);

/** The viewBox after the reader's zoom and pan (ctx.local.zoom ≥ 1 zooms in; pan in map units from
 * the crypt's centre). Drawn at `local.mapSize` (the SVG's last measured size), it is never so wide
 * that names would read below NAME_MIN_PX: then, until the reader pans, it centres on `focus`. */
export function viewBox(box, local, focus = null) {
  let w = box[2] / (local.zoom || 1), hgt = box[3] / (local.zoom || 1);
  const size = local.mapSize;
  let clamped = false;
  if (size && size[0] > 0 && size[1] > 0 && scaleOf([0, 0, w, hgt], size) < MIN_SCALE) {
    const f = scaleOf([0, 0, w, hgt], size) / MIN_SCALE;
    w *= f; hgt *= f; clamped = true;
  }
  const [px, py] = local.pan || (clamped && focus ? [focus[0] - box[0] - box[2] / 2, focus[1] - box[1] - box[3] / 2] : [0, 0]);
  const cx = box[0] + box[2] / 2 + px, cy = box[1] + box[3] / 2 + py;
  return [cx - w / 2, cy - hgt / 2, w, hgt];
}

/** The size of a hex name in map units for a viewBox drawn at `size`: at least NAME_MIN_PX on screen. */
export function nameUnits(vb, size) {
  if (!size || !size[0]) return NAME_UNITS[0];
  return Math.min(NAME_UNITS[1], Math.max(NAME_UNITS[0], NAME_MIN_PX / scaleOf(vb, size)));
}

/** Wheel zoom, pan by a drag or one finger, pinch zoom with two fingers, and the zoom buttons on a
 * drawn map; a pan or a pinch is not a click. */
export function attachPanZoom(root, svg, box, local, focus = null) {
  const apply = () => {
    const vb = viewBox(box, local, focus);
    local.zoom = box[2] / vb[2]; // a zoom out stopped by the names' least size stays stopped
    svg.setAttribute("viewBox", vb.map((n) => n.toFixed(1)).join(" "));
    svg.style.setProperty("--ph-name", `${nameUnits(vb, local.mapSize).toFixed(2)}px`);
  };
  const zoomBy = (f) => { local.zoom = Math.min(6, Math.max(0.5, (local.zoom || 1) * f)); apply(); };
  svg.addEventListener("wheel", (e) => { e.preventDefault(); zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15); }, { passive: false });
  // The map point under a point of the screen, through the SVG's own transform.
  const mapPoint = (x, y) => {
    const m = svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  const pointers = new Map();
  let gesture = null;
  const centre = () => {
    const vb = viewBox(box, local, focus);
    return [vb[0] + vb[2] / 2 - box[0] - box[2] / 2, vb[1] + vb[3] / 2 - box[1] - box[3] / 2];
  };
  const begin = () => { // on each finger down or up: the gesture starts again from where things are
    const pts = [...pointers.values()];
    if (!pts.length) { gesture = null; return; }
    const mid = [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
    gesture = { mid, anchor: mapPoint(...mid), zoom: local.zoom || 1, moved: gesture?.moved || false,
      dist: pts.length > 1 ? Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]) : 0 };
  };
  svg.addEventListener("pointerdown", (e) => { pointers.set(e.pointerId, [e.clientX, e.clientY]); begin(); });
  svg.addEventListener("pointermove", (e) => {
    if (!gesture || !pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    const pts = [...pointers.values()];
    const mid = [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
    if (!gesture.moved && Math.abs(mid[0] - gesture.mid[0]) + Math.abs(mid[1] - gesture.mid[1]) <= 4 && pts.length < 2) return;
    gesture.moved = true;
    if (!local.pan) local.pan = centre(); // from here on the reader's place, no longer the player's hex
    if (pts.length > 1 && gesture.dist > 0) {
      const dist = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
      local.zoom = Math.min(6, Math.max(0.5, gesture.zoom * dist / gesture.dist));
      apply();
    }
    // keep the map point that was under the finger(s) under them
    const now = mapPoint(...mid);
    local.pan = [local.pan[0] + gesture.anchor[0] - now[0], local.pan[1] + gesture.anchor[1] - now[1]];
    apply();
  });
  const end = (e) => {
    if (!pointers.delete(e.pointerId)) return;
    if (gesture?.moved) local.dragged = Date.now();
    const moved = gesture?.moved;
    begin();
    if (gesture) gesture.moved = moved;
  };
  for (const kind of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(kind, end);
  root.querySelector("#ph-zoom-in")?.addEventListener("click", () => zoomBy(1.25));
  root.querySelector("#ph-zoom-out")?.addEventListener("click", () => zoomBy(0.8));
  root.querySelector("#ph-zoom-fit")?.addEventListener("click", () => { local.zoom = 1; local.pan = null; apply(); });
  // The SVG's size is known once it is laid out, and changes with the window: measure, then redraw the view.
  const measure = () => {
    const size = [svg.clientWidth, svg.clientHeight];
    if (!size[0] || !size[1] || (local.mapSize && local.mapSize[0] === size[0] && local.mapSize[1] === size[1])) return;
    local.mapSize = size;
    apply();
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(measure).observe(svg);
  apply();
  // the map is drawn before it is on the page: its size (and so the names' size) is known only then
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(apply).observe(svg);
}
