// The pace part of the lobby's create form: live or turn-based (one line saying what each means), the
// clocks that fit the pace, what happens when a clock reaches 0 (the pace's default said), and how long
// such a game usually lasts (GET /api/games/{id}/length, from recorded games).
//
// Hooks: #create-pace-live, #create-pace-turn-based (radios), #create-clock (values "reserve:increment",
// "" for none), #create-timeout-field with #create-timeout (bot | vote), #create-length.
import { api, h } from "./api.js";
import { DEFAULT_RULE, LIVE_CLOCKS, TURN_CLOCKS, TURN_DEFAULT, clockSettings, roughly } from "./clocks.js";

/** The fields, for a game and the form's players select; `read()` gives what POST /api/tables takes. */
export function paceFields(game, players, t) {
  let pace = "live";
  const choice = (value, title, help) => h("label", { class: "pace-choice", dataset: { pace: value } },
    h("input", { type: "radio", name: "pace", value, id: `create-pace-${value}`, checked: value === pace }),
    h("span", { class: "pace-words" }, h("b", {}, t(title)), h("span", {}, t(help))));
  const paceBox = h("fieldset", { class: "field field-wide pace-field", id: "create-pace" },
    h("legend", {}, t("ui.pace")),
    h("div", { class: "pace-choices" },
      choice("live", "ui.pace_live", "ui.pace_live_help"),
      choice("turn-based", "ui.pace_turn_based", "ui.pace_turn_based_help")));
  const clock = h("select", { name: "clock", id: "create-clock" });
  const clockHelp = h("span", { id: "create-clock-help" });
  const rule = h("select", { name: "on_timeout", id: "create-timeout" },
    h("option", { value: "bot" }, t("ui.timeout_bot")), h("option", { value: "vote" }, t("ui.timeout_vote")));
  const ruleHelp = h("span", { id: "create-timeout-help" });
  const ruleField = h("label", { class: "field", id: "create-timeout-field" }, h("b", {}, t("ui.timeout")), rule, ruleHelp);
  const length = h("p", { class: "field-wide create-length muted", id: "create-length", "aria-live": "polite" });

  const option = ([reserve, increment], selected) => h("option", { value: `${reserve}:${increment}`, selected },
    clockSettings(reserve, increment, t));
  function fillClocks() {
    if (pace === "live") {
      clock.replaceChildren(h("option", { value: "", selected: true }, t("ui.clock_none")), ...LIVE_CLOCKS.map((c) => option(c, false)));
    } else {
      clock.replaceChildren(...TURN_CLOCKS.map((c) => option(c, c[0] === TURN_DEFAULT[0] && c[1] === TURN_DEFAULT[1])));
    }
    clockHelp.textContent = t(pace === "live" ? "ui.clock_live_help" : "ui.clock_turn_based_help");
    rule.value = DEFAULT_RULE[pace];
  }
  function showRule() {
    ruleField.hidden = !clock.value;
    const usual = t(rule.value === DEFAULT_RULE[pace] ? "ui.timeout_default" : "ui.timeout_not_default",
      { pace: t(pace === "live" ? "ui.pace_live_word" : "ui.pace_turn_based_word") });
    ruleHelp.textContent = `${t(rule.value === "vote" ? "ui.timeout_vote_help" : "ui.timeout_bot_help")} (${usual})`;
  }

  let asked = 0; // only the answer to the last question is shown
  async function showLength() {
    const mine = ++asked;
    const n = Number(players.value);
    let found = null;
    try { found = await api.get(`/api/games/${encodeURIComponent(game.id)}/length?players=${n}&pace=${encodeURIComponent(pace)}`); } catch { found = null; }
    if (mine !== asked) return;
    const where = { n, pace: t(pace === "live" ? "ui.pace_live_word" : "ui.pace_turn_based_word") };
    if (!found) { length.hidden = true; return; }
    length.hidden = false;
    length.textContent = found.median_seconds == null ? t("ui.length_none", where)
      : t("ui.length_usual", { ...where, time: found.median_seconds < 60 ? roughly(found.median_seconds, t) : t("ui.dur_about", { time: roughly(found.median_seconds, t) }), moves: found.median_moves, games: found.games });
  }

  paceBox.addEventListener("change", (e) => {
    if (e.target.name !== "pace") return;
    pace = e.target.value;
    fillClocks(); showRule(); showLength();
  });
  clock.addEventListener("change", showRule);
  rule.addEventListener("change", showRule);
  players.addEventListener("change", showLength);
  fillClocks(); showRule(); showLength();

  return {
    fields: [paceBox, h("label", { class: "field" }, h("b", {}, t("ui.clock")), clock, clockHelp), ruleField, length],
    read() {
      if (!clock.value) return { pace, clock: null };
      const [reserve, increment] = clock.value.split(":").map(Number);
      return { pace, clock: { reserve, increment }, on_timeout: rule.value };
    },
  };
}
