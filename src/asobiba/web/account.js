// Accounts (docs/protocol.md, "Accounts"): who is signed in (GET /api/me), the sign-in and
// create-account form of the header, signing out. Signing in or up sends the seat tokens this
// browser holds, so a guest's seats become the account's; the session itself is an HttpOnly
// cookie the page never reads. Beside the sign-in form, "Sign in with a passkey" (passkeys.js).
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { withValue } from "./fields.js";
import { failureText } from "./lobby.js";
import { passkeysAvailable, usePasskey } from "./passkeys.js";

/**
 * Who is signed in, as GET /api/me answers (server/routes/accounts.py `who_am_i`): `{username, guest:
 * false}`, or `{guest: true}` for a guest (no username).
 * @typedef {object} Me
 * @property {boolean} guest
 * @property {string} [username]
 */

/** Which form the header shows: signing in, or creating an account. @typedef {"sign-in" | "create"} AccountMode */

const TOKEN_PREFIX = "asobiba.token.";

/** The seat tokens this browser holds, every room's. @returns {Array<string>} */
export function heldTokens() {
  /** @type {Array<string>} */
  const tokens = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    const token = key && key.startsWith(TOKEN_PREFIX) ? localStorage.getItem(key) : null;
    if (token) tokens.push(token);
  }
  return tokens.slice(0, 200);
}

/** A JSON request with the page's language; the answer's data, or an Error with the server's message.
 * @param {string} method @param {string} url @param {Object<string, unknown>} [body]
 * @returns {Promise<Object<string, any>>} */
export async function sendJson(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", "accept-language": document.documentElement.lang || "en" },
    body: JSON.stringify(body ?? {}),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

/** Who is signed in: {username, guest: false} or {guest: true} (a guest when the server cannot say).
 * @returns {Promise<Me>} */
export async function whoAmI() {
  try {
    const response = await fetch("/api/me");
    return response.ok ? await response.json() : { guest: true };
  } catch {
    return { guest: true };
  }
}

/** @param {{mode: AccountMode, onDone: (me: Me) => void, onCancel: () => void}} props */
function AccountForm({ mode, onDone, onCancel }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, setBusy] = useState(false);
  const creating = mode === "create";
  /** @param {Event} event */
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const me = await sendJson("POST", creating ? "/api/account" : "/api/session", {
        username,
        password,
        tokens: heldTokens(),
      });
      onDone(/** @type {Me} */ (me)); // signed in: {username, guest: false, seats}
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  };
  // a passkey of this site, chosen in the browser's own dialog: no username, no password
  const passkey = async () => {
    setBusy(true);
    setError(null);
    try {
      const options = await sendJson("POST", "/api/session/passkey/options", {});
      const credential = await usePasskey(options);
      const me = await sendJson("POST", "/api/session/passkey", { credential, tokens: heldTokens() });
      onDone(/** @type {Me} */ (me));
    } catch (failure) {
      const cancelled = failure instanceof DOMException && failure.name === "NotAllowedError";
      setError(cancelled ? t("No passkey was used.") : failureText(failure));
      setBusy(false);
    }
  };
  return html`<form class="account-form card-panel" id="account-form" onSubmit=${submit}>
    <h2>${creating ? t("Create account") : t("Sign in")}</h2>
    <div class="field">
      <label for="account-username">${t("Username")}</label>
      <input id="account-username" type="text" autocomplete="username" maxlength="24" required value=${username}
        onInput=${withValue(setUsername)} />
    </div>
    <div class="field">
      <label for="account-password">${t("Password")}</label>
      <input id="account-password" type="password" autocomplete=${creating ? "new-password" : "current-password"}
        minlength=${creating ? 10 : null} required value=${password} onInput=${withValue(setPassword)} />
    </div>
    ${creating ? html`<p class="doc muted">${t("3 to 24 letters, digits, _ and - for the username; at least 10 characters for the password. The games this browser plays come with you.")}</p>` : null}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <div class="account-actions">
      <button class="primary" type="submit" id="account-submit" disabled=${busy}>${creating ? t("Create account") : t("Sign in")}</button>
      <button type="button" onClick=${onCancel}>${t("Cancel")}</button>
    </div>
    ${!creating && passkeysAvailable()
      ? html`<div class="account-actions passkey-action"><button type="button" id="passkey-sign-in" disabled=${busy}
          onClick=${passkey}>${t("Sign in with a passkey")}</button></div>`
      : null}
  </form>`;
}

/** The header's account part: "Sign in" / "Create account", or the username, "My games" and "Sign out".
 * @param {{me: Me | null, onChange: (me: Me) => void}} props */
export function AccountBar({ me, onChange }) {
  const [mode, setMode] = useState(/** @type {AccountMode | null} */ (null));
  useEffect(() => setMode(null), [me && me.username]);
  if (!me) return null;
  const signOut = async () => {
    await sendJson("DELETE", "/api/session", {}).catch(() => null);
    onChange({ guest: true });
  };
  /** @param {Me} next */
  const signedIn = (next) => onChange({ username: next.username, guest: false });
  return html`<div class="account-bar">
    ${me.guest
      ? html`<button type="button" id="sign-in" onClick=${() => setMode("sign-in")}>${t("Sign in")}</button>
          <button type="button" id="create-account" onClick=${() => setMode("create")}>${t("Create account")}</button>`
      : html`<a class="username" id="account-name" href="/me">${me.username}</a>
          <button type="button" id="sign-out" onClick=${signOut}>${t("Sign out")}</button>`}
    ${mode
      ? html`<div class="account-overlay"><${AccountForm} mode=${mode} onCancel=${() => setMode(null)}
          onDone=${signedIn} /></div>`
      : null}
  </div>`;
}
