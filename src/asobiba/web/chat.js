// The room's chat: the kept messages (the server sends them again after a reconnect; the reducer
// keeps each id once) and a field to write. A seat's message shows the seat's name now, so a name
// change shows everywhere; a spectator's shows its spectator id (one per address in the room); names
// and texts are text, never markup. A spectator where spectators may not chat is told so instead of a
// field; the room's creator sees a Mute button by each spectator's message.
import { useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { withValue } from "./fields.js";
import { seatName } from "./table_words.js";

/** @typedef {import("./wire.js").Presence} Presence */
/** @typedef {import("./wire.js").ChatFrame} ChatMessage */

/** Who wrote a message: a seat's name now, else the name it was sent with, else the spectator's id.
 * @param {ChatMessage} message @param {Presence | null} presence @returns {string | null} */
export function chatAuthor(message, presence) {
  if (message.seat !== null && message.seat !== undefined) return seatName(presence, message.seat, t) || message.name;
  if (message.spectator) return t("spectator {id}", { id: message.spectator });
  return message.name || null;
}

/** May this connection (seat `seat`: null for a spectator, undefined before its first state) chat in
 * the room of `presence`?
 * @param {Presence | null} presence @param {number | null | undefined} seat */
export function mayChat(presence, seat) {
  return seat !== null || !presence || presence.spectator_chat !== false;
}

/** Is the connection on seat `seat` the room's creator (who may mute spectators)?
 * @param {Presence | null} presence @param {number | null | undefined} seat */
export function isCreator(presence, seat) {
  return presence !== null && typeof seat === "number" && presence.creator === seat;
}

/** @param {{spectator: string, presence: Presence | null, mute: (spectator: string) => void}} props */
function MuteControl({ spectator, presence, mute }) {
  if (presence && (presence.muted || []).includes(spectator)) {
    return html` <span class="chat-muted">${t("muted")}</span>`;
  }
  return html` <button type="button" class="chat-mute" onClick=${() => mute(spectator)}>${t("Mute")}</button>`;
}

/**
 * @param {{messages: Array<ChatMessage>, send: (text: string) => boolean, presence: Presence | null,
 *   seat: number | null | undefined, mute?: ((spectator: string) => void) | null}} props
 */
export function Chat({ messages, send, presence, seat, mute = null }) {
  const [text, setText] = useState("");
  /** @param {Event} event */
  const submit = (event) => {
    event.preventDefault();
    if (text.trim() && send(text.trim())) setText("");
  };
  const creator = mute && isCreator(presence, seat);
  return html`<section class="chat card-panel" aria-label=${t("Chat")}>
    <h3>${t("Chat")}</h3>
    <ol>
      ${messages.map(
        (m, i) => html`<li key=${m.id ?? `local-${i}`} data-chat=${m.id ?? ""} data-spectator=${m.spectator || ""}><b>${chatAuthor(m, presence) || t("spectator")}:</b> ${m.text}${creator && m.spectator
          ? html`<${MuteControl} spectator=${m.spectator} presence=${presence} mute=${mute} />` : null}</li>`,
      )}
    </ol>
    ${mayChat(presence, seat)
      ? html`<form onSubmit=${submit}>
          <input type="text" maxlength="1000" value=${text} aria-label=${t("Message")} onInput=${withValue(setText)} />
          <button type="submit">${t("Send")}</button>
        </form>`
      : html`<p class="chat-off muted" id="chat-off">${t("Spectators cannot chat in this room: its creator has not allowed it.")}</p>`}
  </section>`;
}
