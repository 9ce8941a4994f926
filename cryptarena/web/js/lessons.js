// "Learn to play": each game's tutorials (GET /api/tutorials) as buttons on its lobby tile and in
// its rules dialog, ticked once finished (by this player on the server, or in this browser). A click
// starts a new lesson table (POST /api/tutorials/<id>) and opens it.
import { api, ensureSession, saveToken, toast, h } from "./api.js";
import { finishedLessons } from "./tutorial.js";

let lessons = [];

export async function loadLessons() {
  try { lessons = await api.get("/api/tutorials"); } catch { lessons = []; }
  return lessons;
}

export const lessonsOf = (gameId) => lessons.filter((l) => l.game === gameId);

export async function startLesson(id, t) {
  try {
    await ensureSession();
    const started = await api.post(`/api/tutorials/${encodeURIComponent(id)}`);
    saveToken(started.table.id, started.token);
    location.href = `/table/${encodeURIComponent(started.table.id)}`;
  } catch (e) { toast(e.status === 401 ? t("ui.tutorial_name_first") : e.message); }
}

/** The buttons for a game's lessons: "Learn to play" (with its part when there are several), a tick when done. */
export function lessonButtons(gameId, t, lang) {
  const here = new Set(finishedLessons());
  return lessonsOf(gameId).map((lesson) => {
    const done = lesson.done || here.has(lesson.id);
    const label = lesson.parts > 1 ? `${t("ui.tutorial_learn")} ${lesson.part}/${lesson.parts}` : t("ui.tutorial_learn");
    const title = `${lesson.title?.[lang] || lesson.title?.en || ""} · ${t("ui.tutorial_minutes", { n: lesson.minutes })}`
      + (done ? ` · ${t("ui.tutorial_done")}` : "");
    return h("button", { class: `btn btn-small learn-link${done ? " lesson-done" : ""}`, dataset: { tutorial: lesson.id, game: gameId, done: String(done) },
      title, "aria-label": title, onclick: () => startLesson(lesson.id, t) },
      done ? h("span", { class: "lesson-tick", "aria-hidden": "true" }, "✓ ") : null, label);
  });
}
