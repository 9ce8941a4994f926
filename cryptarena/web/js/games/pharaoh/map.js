// The crypt as an SVG hex map for Pharaoh's renderer: pointy-top hexes on axial (q, r), sides 0–5
// clockwise from east (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE), as in games/pharaoh/board.py. It grows as the
// crypt is explored: each placed hex with its doors, owner mark, exit, Keys lying there and tabled
// cards; pieces (characters, agents, monsters) with their life points; a dashed hex beyond each door a
// legal `explore` opens. Hexes and pieces a legal action points at are lit and carry its data-action.
// Pan (drag) and zoom (wheel, buttons) are kept in ctx.local so a redraw keeps the reader's place.
import { seatShape, seatShapeName } from "../../api.js";

export const R = 52;                     // hex radius
const SQ3 = Math.sqrt(3);
export const STEPS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
export const SEAT_COLOURS = ["#e05d4f", "#4f8fe0", "#5fbf6a", "#e0c04f", "#b36be0", "#4fd0c8"];

export const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const actionAttr = (a) => (a ? ` data-action="${esc(JSON.stringify(a))}"` : "");
const at = (q, r) => [R * SQ3 * (q + r / 2), R * 1.5 * r];
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

/** The pieces standing in each hex: characters not defeated, agents tabled in a hex, monsters. */
export function piecesByHex(ctx) {
  const v = ctx.view, cards = ctx.cardsById, found = new Map();
  const put = (hex, piece) => { if (hex == null) return; if (!found.has(hex)) found.set(hex, []); found.get(hex).push(piece); };
  for (const s of v.seats) if (!s.defeated && s.hex != null) {
    put(s.hex, { ref: `c${s.seat}`, kind: "character", seat: s.seat, lp: s.life, name: ctx.nameOf(s.seat), label: ctx.t(`term.${s.character}`) });
  }
  for (const e of v.table) if (e.hex != null) {
    const agent = cards[e.card]?.effect === "agent";
    put(e.hex, { ref: `t${e.uid}`, kind: agent ? "agent" : "hexcard", seat: e.seat ?? e.owner, lp: e.lp, name: ctx.t(`term.${e.card}`), label: ctx.t(`term.${e.card}`), card: e.card });
  }
  for (const m of v.monsters) if (m.hex != null && m.lp > 0) {
    put(m.hex, { ref: `m${m.uid}`, kind: "monster", seat: m.dominated_by, lp: m.lp, name: ctx.t(`term.${m.monster}`), label: ctx.t(`term.${m.monster}`) });
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
    + `<title>${esc(piece.label)}${piece.kind === "character" ? ` — ${esc(piece.name)}` : ""}${piece.lp != null ? ` (${piece.lp})` : ""}</title>${shape}${lp}${badge}</g>`;
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
      + `<title>${esc(name)} (#${i})${hx.exit ? " — " + esc(t("ui.pharaoh.exit")) : ""}</title>`
      + `<polygon points="${polygon()}" class="ph-hex-shape"/>${doorMarks(hx.doors)}`
      + (hx.owner != null ? `<path class="ph-owner" data-shape="${seatShapeName(hx.owner)}" d="${seatShape(hx.owner, 5.5)}" transform="translate(0,${oy.toFixed(1)})" fill="${owner}"/>`
        : `<circle class="ph-owner" cx="0" cy="${oy.toFixed(1)}" r="5" fill="${owner}"/>`)
      + `<text class="ph-hex-no" y="${(R * 0.86).toFixed(1)}">${i}</text>`
      + `<text class="ph-hex-name" y="-21">${esc(name.length > 16 ? name.slice(0, 15) + "…" : name)}</text>`
      + (hx.exit ? `<text class="ph-exit-mark" y="-9">${esc(t("ui.pharaoh.exit_mark"))}</text>` : "")
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

/** The viewBox after the reader's zoom and pan (ctx.local.zoom ≥ 1 zooms in; pan in map units). */
export function viewBox(box, local) {
  const zoom = local.zoom || 1, [px, py] = local.pan || [0, 0];
  const w = box[2] / zoom, hgt = box[3] / zoom;
  const cx = box[0] + box[2] / 2 + px, cy = box[1] + box[3] / 2 + py;
  return [cx - w / 2, cy - hgt / 2, w, hgt];
}

/** Wheel zoom, drag pan and the zoom buttons on a drawn map; a drag is not a click. */
export function attachPanZoom(root, svg, box, local) {
  const apply = () => svg.setAttribute("viewBox", viewBox(box, local).map((n) => n.toFixed(1)).join(" "));
  const zoomBy = (f) => { local.zoom = Math.min(6, Math.max(0.5, (local.zoom || 1) * f)); apply(); };
  svg.addEventListener("wheel", (e) => { e.preventDefault(); zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15); }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (e) => { drag = { x: e.clientX, y: e.clientY, pan: [...(local.pan || [0, 0])], moved: false }; });
  svg.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    if (!drag.moved) return;
    const units = viewBox(box, local)[2] / (svg.clientWidth || 1);
    local.pan = [drag.pan[0] - dx * units, drag.pan[1] - dy * units];
    apply();
  });
  const end = () => { if (drag?.moved) local.dragged = Date.now(); drag = null; };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointerleave", end);
  root.querySelector("#ph-zoom-in")?.addEventListener("click", () => zoomBy(1.25));
  root.querySelector("#ph-zoom-out")?.addEventListener("click", () => zoomBy(0.8));
  root.querySelector("#ph-zoom-fit")?.addEventListener("click", () => { local.zoom = 1; local.pan = [0, 0]; apply(); });
  apply();
}
