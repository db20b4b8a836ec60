// Leaving a waiting room, or resigning a running game (POST /api/rooms/{room}/leave | /resign), each
// after a confirm: a player who leaves frees the seat and watches on; one who resigns hands the seat to
// a bot for good and ranks last.
import { useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { failureText, postJson } from "./lobby.js";

/** @typedef {import("./wire.js").Presence} Presence */

/**
 * The leave (waiting room) or resign (running game) button of the seat ``seat``, if it may.
 * @param {{room: string, token: string | null, seat: number | null, presence: Presence | null, waiting: boolean,
 *   over: boolean}} props
 */
export function SeatExit({ room, token, seat, presence, waiting, over }) {
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, setBusy] = useState(false);
  if (!token || seat === null || !presence || over) return null;
  const mine = presence.seats.find((s) => s.seat === seat);
  if (!mine || mine.kind !== "human") return null;
  if (mine.resigned) return html`<p class="muted" id="resigned-note">${t("You resigned: a bot plays your seat.")}</p>`;
  const leave = async () => {
    if (!window.confirm(t("Leave this room? Your seat becomes free for someone else."))) return;
    setBusy(true);
    try {
      await postJson(`/api/rooms/${room}/leave`, { token });
      localStorage.removeItem(`asobiba.token.${room}`);
      location.assign(`/r/${room}#watch`);
      location.reload();
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  };
  const resign = async () => {
    if (!window.confirm(t("Resign this game? A bot plays your seat to the end and you rank last."))) return;
    setBusy(true);
    try {
      await postJson(`/api/rooms/${room}/resign`, { token });
    } catch (failure) {
      setError(failureText(failure));
    }
    setBusy(false);
  };
  return html`<div class="seat-exit card-panel">
    ${waiting
      ? html`<button type="button" id="leave-room" disabled=${busy} onClick=${leave}>${t("Leave this room")}</button>`
      : html`<button type="button" id="resign" class="warn" disabled=${busy} onClick=${resign}>${t("Resign")}</button>`}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </div>`;
}
