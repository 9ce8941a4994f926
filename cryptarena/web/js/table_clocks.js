// The table page's clocks and votes (docs/protocol.md, "Paces, clocks and votes"): a clock beside each
// person's seat — counting down for those the table waits for, the reserve left for the others — the
// page's own clock in the top bar, and, while someone is out of time, the vote the others may hold:
// skip their turn (a bot plays it, then the seat is theirs again) or expel them (a bot plays to the end).
//
// Hooks: .seat-clock[data-seat] (.clock-running, .clock-out, .clock-low), #clock (this person's own),
// #votes with .vote[data-target], .vote-skip / .vote-expel buttons ([data-seat], aria-pressed), .vote-tally.
import { h, toast } from "./api.js";
import { clockText } from "./clocks.js";

/** Keep a state's clocks: each counts down locally from the seconds left when the state was sent (the
 *  server and this computer need not agree on the time). */
export function setClocks(page, st) {
  const at = performance.now();
  page.clocks = {};
  if (!st.over) for (const c of st.clocks || []) page.clocks[c.seat] = { ...c, at };
}

/** Seconds left on a seat's clock now, or null for a seat without one (or whose clock no longer
 *  counts: an expelled person's seat is the bot's to the end). */
export function secondsLeft(page, seat) {
  const c = page.clocks?.[seat];
  if (!c || c.left == null || page.table?.seats?.[seat]?.away === "expelled") return null;
  return c.running && !c.out_of_time ? Math.max(0, c.left - (performance.now() - c.at) / 1000) : c.left;
}

const pace = (page) => page.table?.pace || "live";
// a clock is low in its last 10 seconds (live) or its last hour (turn-based), or its last tenth of a
// short reserve (a one-hour turn-based clock is not red from the start)
const low = (page, left) => left <= Math.min(pace(page) === "turn-based" ? 3600 : 10, (page.table?.clock?.reserve ?? Infinity) / 10);

function paint(page, el, seat, own = false) {
  const c = page.clocks?.[seat], t = page.t;
  const left = secondsLeft(page, seat);
  const out = !!c?.out_of_time;
  const text = out ? t("ui.clock_out") : clockText(left, pace(page), t);
  // written only when it changes: the seat list is watched for changes (the keyboard's focus keeper)
  const shown = own ? t("ui.clock_left", { time: text }) : text;
  if (el.textContent !== shown) el.textContent = shown;
  el.classList.toggle("clock-running", !!c?.running && !out);
  el.classList.toggle("clock-out", out);
  el.classList.toggle("clock-low", !out && !!c?.running && low(page, left));
  const title = t(out ? "ui.clock_out_title" : c?.running ? (own ? "ui.clock_mine_running" : "ui.clock_running")
    : (own ? "ui.clock_mine_waiting" : "ui.clock_waiting"));
  if (el.title !== title) el.title = title;
}

/** The clock beside a seat in the seat list (null for a seat without one). */
export function seatClock(page, seat) {
  if (secondsLeft(page, seat) == null) return null;
  const el = h("span", { class: "seat-clock", dataset: { seat } });
  paint(page, el, seat);
  return el;
}

/** Redraw every clock shown (a few times a second: only the running ones change). */
export function tickClocks(page) {
  for (const el of document.querySelectorAll(".seat-clock[data-seat]")) paint(page, el, Number(el.dataset.seat));
  const own = document.getElementById("clock");
  const seat = page.state?.seat;
  own.hidden = seat == null || secondsLeft(page, seat) == null;
  if (!own.hidden) paint(page, own, seat, true);
}

/** The seconds a renderer may show for "answer within" (ctx.clock): a live clock running for this
 *  person; a turn-based clock is days, not a count to race. */
export function rendererClock(page) {
  const seat = page.state?.seat;
  const c = page.clocks?.[seat];
  return c?.running && pace(page) === "live" ? Math.ceil(secondsLeft(page, seat)) : null;
}

// -- votes on a person out of time -------------------------------------------------------------------
export function renderVotes(page, box, nameOf) {
  const st = page.state;
  const votes = st && !st.over ? st.votes || [] : [];
  box.hidden = !votes.length;
  box.replaceChildren(...votes.map((v) => voteBox(page, v, nameOf)));
}

function voteBox(page, v, nameOf) {
  const t = page.t, me = page.state.seat, who = nameOf(v.target);
  const tally = t("ui.vote_tally", { skip: v.skip.length, expel: v.expel.length, needed: v.needed });
  const box = (...children) => h("div", { class: "vote", dataset: { target: v.target }, role: "group", "aria-label": t("ui.vote_about", { who }) }, ...children);
  if (me === v.target) {
    return box(h("p", { class: "vote-head" }, t("ui.vote_you")), h("p", { class: "muted vote-tally" }, tally));
  }
  if (!v.voters.includes(me)) {
    return box(h("p", { class: "vote-head" }, t("ui.vote_others", { who })), h("p", { class: "muted vote-tally" }, tally));
  }
  const mine = v.skip.includes(me) ? "skip" : v.expel.includes(me) ? "expel" : null;
  const option = (choice) => h("div", { class: "vote-option" },
    h("button", { class: `btn ${choice === "expel" ? "btn-ghost" : "btn-gold"} vote-${choice}${mine === choice ? " vote-chosen" : ""}`,
      type: "button", dataset: { seat: v.target, choice }, "aria-pressed": String(mine === choice),
      onclick: () => { if (!page.socket.send({ type: "vote", seat: v.target, choice })) toast(t("ui.connecting")); } },
    t(`ui.vote_${choice}`)),
    h("span", { class: "vote-help" }, t(`ui.vote_${choice}_help`, { who })));
  return box(h("p", { class: "vote-head" }, t("ui.vote_out", { who })),
    h("div", { class: "vote-options" }, option("skip"), option("expel")),
    h("p", { class: "muted vote-tally" }, mine ? `${tally} · ${t(`ui.vote_yours_${mine}`)}` : tally));
}
