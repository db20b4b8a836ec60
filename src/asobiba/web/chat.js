// The room's chat: the kept messages (the server sends them again after a reconnect; the reducer
// keeps each id once) and a field to write. A seat's message shows the seat's name now, so a name
// change shows everywhere; names and texts are text, never markup.
import { useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { seatName } from "./table_words.js";

/** Who wrote a message: a seat's name now, else the name it was sent with, else "spectator". */
export function chatAuthor(message, presence) {
  if (message.seat !== null && message.seat !== undefined) return seatName(presence, message.seat, t) || message.name;
  return message.name || null;
}

export function Chat({ messages, send, presence }) {
  const [text, setText] = useState("");
  const submit = (event) => {
    event.preventDefault();
    if (text.trim() && send(text.trim())) setText("");
  };
  return html`<section class="chat card-panel" aria-label=${t("Chat")}>
    <h3>${t("Chat")}</h3>
    <ol>
      ${messages.map(
        (m, i) => html`<li key=${m.id ?? `local-${i}`} data-chat=${m.id ?? ""}><b>${chatAuthor(m, presence) || t("spectator")}:</b> ${m.text}</li>`,
      )}
    </ol>
    <form onSubmit=${submit}>
      <input type="text" maxlength="1000" value=${text} aria-label=${t("Message")} onInput=${(e) => setText(e.target.value)} />
      <button type="submit">${t("Send")}</button>
    </form>
  </section>`;
}
