// On a touch screen a title — what a die face, card, hex or button does — has no hover to show it.
// Here a long press on anything that carries one shows it in a small tip (and the press does not act),
// and a tap on something that carries one but does nothing shows it too. A tap elsewhere hides it.
import { h } from "./api.js";

const HOLD_MS = 450;

/** What `el` says of itself: its title attribute, or an SVG shape's <title> child. */
function titleOf(target, root) {
  for (let el = target; el && el !== root.parentElement; el = el.parentElement) {
    const text = el.getAttribute?.("title") || [...(el.children || [])].find((c) => c.tagName?.toLowerCase() === "title")?.textContent;
    if (text && text.trim()) return { el, text: text.trim() };
  }
  return null;
}

const acts = (el) => !!el.closest("[data-action], button:not([disabled]), a[href], select, input, [role=button]");

export function touchTitles(root) {
  const tip = h("div", { id: "touch-tip", class: "touch-tip", role: "tooltip", hidden: true });
  document.body.append(tip);
  let timer = null, start = null, swallow = false;
  const hide = () => { tip.hidden = true; };
  const show = (text, x, y) => {
    tip.textContent = text;
    tip.hidden = false;
    const w = tip.offsetWidth, ht = tip.offsetHeight;
    tip.style.left = `${Math.max(6, Math.min(innerWidth - w - 6, x - w / 2))}px`;
    tip.style.top = `${y - ht - 18 > 6 ? y - ht - 18 : Math.min(innerHeight - ht - 6, y + 24)}px`;
  };
  root.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    hide();
    const found = titleOf(e.target, root);
    if (!found) return;
    start = [e.clientX, e.clientY];
    clearTimeout(timer);
    timer = setTimeout(() => { swallow = true; show(found.text, start[0], start[1]); }, HOLD_MS);
  });
  root.addEventListener("pointermove", (e) => {
    if (start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 12) { clearTimeout(timer); start = null; }
  });
  const release = () => { clearTimeout(timer); start = null; };
  root.addEventListener("pointerup", release);
  root.addEventListener("pointercancel", release);
  // a long press shows, it does not act; a plain tap on a thing that only explains itself shows it too
  root.addEventListener("click", (e) => {
    if (swallow) { swallow = false; e.preventDefault(); e.stopImmediatePropagation(); return; }
    if (!matchMedia("(pointer: coarse)").matches) return;
    const found = titleOf(e.target, root);
    if (found && !acts(e.target)) show(found.text, e.clientX, e.clientY);
  }, true);
  root.addEventListener("contextmenu", (e) => { if (swallow || !tip.hidden) e.preventDefault(); });
  document.addEventListener("pointerdown", (e) => { if (!root.contains(e.target)) hide(); });
  addEventListener("scroll", hide, { passive: true });
}
