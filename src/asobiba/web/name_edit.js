// Changing one's name in the room (POST /api/rooms/{room}/name): everybody's seats, presence, chat
// and log show the new name; it is remembered in localStorage for the next room.
import { useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { withValue } from "./fields.js";
import { failureText, postJson } from "./lobby.js";
import { seatName } from "./table_words.js";

/** The longest name the server takes (after trimming). */
export const MAX_NAME = 24;

/** @typedef {import("./wire.js").Presence} Presence */

/** @param {{room: string, token: string | null, presence: Presence | null, seat: number}} props */
export function NameEditor({ room, token, presence, seat }) {
  const current = seatName(presence, seat);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(current);
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, setBusy] = useState(false);
  const open = () => {
    setName(presence && presence.seats[seat] && presence.seats[seat].name ? presence.seats[seat].name : "");
    setError(null);
    setEditing(true);
  };
  /** @param {Event} event */
  const save = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const done = await postJson(`/api/rooms/${room}/name`, { token, name });
      localStorage.setItem("asobiba.name", done.name);
      setEditing(false);
    } catch (failure) {
      setError(failureText(failure));
    }
    setBusy(false);
  };
  if (!editing) {
    return html`<div class="name-edit card-panel"><span>${t("Your name")}: <b id="my-name">${current}</b></span>
      <button type="button" id="edit-name" onClick=${open}>${t("Change")}</button></div>`;
  }
  return html`<form class="name-edit card-panel" id="name-form" onSubmit=${save}>
    <label for="new-name">${t("Your name")}</label>
    <input id="new-name" type="text" maxlength=${MAX_NAME} required value=${name}
      onInput=${withValue((value) => { setError(null); setName(value); })} />
    <button type="submit" class="primary" id="save-name" disabled=${busy || !name.trim()}>${t("Save")}</button>
    <button type="button" onClick=${() => setEditing(false)}>${t("Cancel")}</button>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </form>`;
}
