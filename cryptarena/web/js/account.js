// The account box of the lobby's top bar: create an account (a guest keeps their games), sign in,
// sign out, change the password (docs/protocol.md, "Identity"). One dialog, three forms.
//
// Hooks: #account; #settings-link (anyone with a session: the notification settings);
// #account-register-open, #account-sign-in-open (a guest or nobody);
// #account-tag, #account-password-open, #account-sign-out (an account); #account-dialog[data-mode]
// with #account-name, #account-pass (register, sign in), #account-current, #account-new (password),
// #account-submit, #account-cancel and #account-error (the server's refusal, in words).
import { api, h, toast } from "./api.js";

// The server's codes in the page's words; any other refusal shows the server's own message.
const ERRORS = {
  bad_name: "ui.account_err_bad_name", bad_password: "ui.account_err_bad_password",
  name_taken: "ui.account_err_name_taken", bad_credentials: "ui.account_err_bad_credentials",
  too_many_attempts: "ui.account_err_too_many", not_registered: "ui.account_err_not_registered",
  cross_site: "ui.account_err_cross_site",
};

export function errorText(t, err, mode = "") {
  if (mode === "password" && err.code === "bad_credentials") return t("ui.account_err_wrong_current");
  return ERRORS[err.code] ? t(ERRORS[err.code]) : err.message;
}

/** Draw the box for `session` (null: nobody yet); `changed()` is called after any change of identity. */
export function renderAccount(box, session, t, changed) {
  const player = session?.player;
  // where a person says how they are told of their move (e-mail, webhook, this browser)
  const settings = session && location.pathname !== "/settings"
    ? [h("a", { id: "settings-link", class: "btn btn-small btn-ghost", href: "/settings" }, t("ui.settings_link"))] : [];
  if (player?.registered) {
    box.replaceChildren(...settings,
      h("span", { id: "account-tag", class: "account-tag", title: t("ui.account_signed_in") }, t("ui.account_tag")),
      h("button", { id: "account-password-open", class: "btn btn-small btn-ghost", onclick: () => openDialog("password", session, t, changed) }, t("ui.account_password")),
      h("button", { id: "account-sign-out", class: "btn btn-small btn-ghost", onclick: () => signOut(t, changed) }, t("ui.account_sign_out")));
  } else {
    box.replaceChildren(...settings,
      h("button", { id: "account-register-open", class: "btn btn-small", onclick: () => openDialog("register", session, t, changed) }, t("ui.account_register")),
      h("button", { id: "account-sign-in-open", class: "btn btn-small btn-ghost", onclick: () => openDialog("sign-in", session, t, changed) }, t("ui.account_sign_in")));
  }
}

async function signOut(t, changed) {
  try {
    await api.post("/api/account/sign-out");
    toast(t("ui.account_signed_out"), "info");
  } catch (e) { toast(errorText(t, e)); }
  changed();
}

const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,23}$/; // the server's rule: a guest's name that fits is offered

/** The account dialog in `mode` (register, sign-in, password); also opened from the settings page. */
export function openDialog(mode, session, t, changed) {
  document.getElementById("account-dialog")?.remove();
  const input = (id, type, autocomplete, value = "") => h("input", { id, type, autocomplete, value, required: true, maxlength: type === "password" ? "256" : "24" });
  const row = (label, field, help) => h("label", { class: "field" }, h("b", {}, label), field, help ? h("span", {}, help) : null);
  let fields;
  if (mode === "password") {
    // the account's name, unseen, so that a password manager knows which password changes
    fields = [h("input", { type: "text", autocomplete: "username", value: session?.name || "", hidden: true, tabindex: "-1" }),
      row(t("ui.account_current"), input("account-current", "password", "current-password")),
      row(t("ui.account_new"), input("account-new", "password", "new-password"), t("ui.account_password_help"))];
  } else {
    const guest = mode === "register" && session && !session.player?.registered ? session.name : "";
    fields = [row(t("ui.account_name"), input("account-name", "text", "username", LOGIN.test(guest || "") ? guest : ""), mode === "register" ? t("ui.account_name_help") : null),
      row(t("ui.account_pass"), input("account-pass", "password", mode === "register" ? "new-password" : "current-password"),
        mode === "register" ? t("ui.account_password_help") : null)];
  }
  const title = { register: "ui.account_register", "sign-in": "ui.account_sign_in", password: "ui.account_password" }[mode];
  const error = h("p", { id: "account-error", class: "form-error", role: "alert" });
  const submit = h("button", { id: "account-submit", class: "btn btn-gold", type: "submit" }, t(title));
  const form = h("form", { class: "panel name-form account-form" }, h("h2", {}, t(title)),
    mode === "register" && session ? h("p", { class: "muted" }, t("ui.account_keeps_games")) : null,
    ...fields, error,
    h("div", { class: "name-buttons" },
      h("button", { id: "account-cancel", class: "btn btn-ghost", type: "button", onclick: () => dialog.close() }, t("ui.account_cancel")), submit));
  const dialog = h("dialog", { id: "account-dialog", dataset: { mode } }, form);
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    submit.disabled = true;
    const value = (id) => form.querySelector(`#${id}`).value;
    try {
      if (mode === "password") {
        await api.post("/api/account/password", { current: value("account-current"), new: value("account-new") });
        toast(t("ui.account_password_changed"), "info");
      } else {
        const path = mode === "register" ? "/api/account/register" : "/api/account/sign-in";
        const found = await api.post(path, { name: value("account-name").trim(), password: value("account-pass") });
        toast(t(mode === "register" ? "ui.account_created" : "ui.account_welcome", { name: found.player.name }), "info");
      }
      dialog.close();
      changed();
    } catch (err) {
      error.textContent = errorText(t, err, mode);
      submit.disabled = false;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  form.querySelector("input").focus();
}
