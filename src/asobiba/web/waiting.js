// The waiting room: a room with a free person seat has not started (docs/protocol.md). It shows who
// is seated and who is awaited, the invite links, and to the room's creator the Start button with the
// level of the bots that take the free seats (POST /api/rooms/{room}/start) and the freeing of a seat a
// stranger took (POST /api/rooms/{room}/seats/{seat}/free: the seat gets a new invite link).
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { withValue } from "./fields.js";
import { failureText, postJson, seatKindLabel } from "./lobby.js";
import { FALLBACK_LEVEL, keptBotLevel, offeredBotLevels } from "./bot_levels.js";
import { loadGames } from "./games.js";
import { seatName } from "./table_words.js";

/** @typedef {import("./wire.js").Presence} Presence */
/** @typedef {"you" | "seated" | "bot" | "awaited"} SeatStatus */
/** @typedef {{seat: number, name: string, status: SeatStatus, kind: string, connected: boolean, invited: boolean}} SeatLine */

/** Each seat's line in the waiting room: [seat, name, status] (status "you", "seated", "bot", "awaited";
 * a rematch's seat kept for a player not back yet is awaited).
 * @param {Presence | null} presence @param {number | null | undefined} seat @returns {Array<SeatLine>} */
export function waitingSeats(presence, seat) {
  if (!presence) return [];
  return presence.seats.map((s) => {
    /** @type {SeatStatus} */
    let status = "awaited";
    if (s.kind !== "human") status = "bot";
    else if (s.seat === seat) status = "you";
    else if (s.occupied && !s.kept) status = "seated";
    return {
      seat: s.seat,
      name: seatName(presence, s.seat, t),
      status,
      kind: s.kind,
      connected: s.connected,
      invited: Boolean(s.invited),
    };
  });
}

/** The creator's button on another person's seat (free it) or on an invited seat whose link this
 * browser does not hold (a new link): either way the seat gets a new invite link.
 * @param {{room: string, token: string, line: SeatLine, onInvite: (seat: number, link: string) => void}} props */
function FreeSeatButton({ room, token, line, onInvite }) {
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const free = async () => {
    setError(null);
    try {
      const freed = await postJson(`/api/rooms/${room}/seats/${line.seat}/free`, { token });
      onInvite(freed.seat, freed.invite);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const label = line.status === "seated" ? t("Free this seat") : t("New invite link");
  return html` <button type="button" data-free-seat=${line.seat} onClick=${free}>${label}</button>
    ${error ? html`<span class="error" role="alert">${error}</span>` : null}`;
}

/** @param {{room: string, token: string, game: string, players: number}} props */
function StartButton({ room, token, game, players }) {
  const [chosen, setLevel] = useState(FALLBACK_LEVEL);
  const [levels, setLevels] = useState(offeredBotLevels(undefined, players));
  useEffect(() => {
    loadGames()
      .then((games) => setLevels(offeredBotLevels(games.find((entry) => entry.name === game), players)))
      .catch(() => {});
  }, [game, players]);
  // the level shown and sent: one this table does not offer (any more) falls back
  const level = keptBotLevel(chosen, levels);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await postJson(`/api/rooms/${room}/start`, { token, bot: level });
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  };
  return html`<div class="start-row">
    <label for="start-bots">${t("Free seats are played by")}</label>
    <select id="start-bots" value=${level} onChange=${withValue(setLevel)}>
      ${levels.map((value) => html`<option value=${value}>${seatKindLabel(`bot:${value}`)}</option>`)}
    </select>
    <button type="button" class="primary" id="start-game" disabled=${busy} onClick=${start}>${t("Start now")}</button>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </div>`;
}

/**
 * @param {{room: string, token: string | null, presence: Presence | null, seat: number | null | undefined, invite: import("./html.js").Markup, game: string, players: number,
 *   codes?: Object<string, string>, rematch?: boolean, onInvite?: (seat: number, link: string) => void}} props
 */
export function WaitingRoom({ room, token, presence, seat, invite, game, players, codes = {}, rematch = false, onInvite = () => {} }) {
  const lines = waitingSeats(presence, seat);
  const creator = Boolean(token) && presence && presence.creator !== null && presence.creator === seat;
  const awaited = lines.filter((line) => line.status === "awaited").length;
  /** @type {Record<SeatStatus, (line: SeatLine) => string>} */
  const statusText = {
    you: () => t("you"),
    seated: (line) => (line.connected ? t("seated") : t("seated (not connected)")),
    bot: (line) => seatKindLabel(line.kind),
    awaited: () => t("awaited"),
  };
  return html`<section class="waiting card-panel" id="waiting-room" data-waiting="true" aria-labelledby="waiting-title">
    <h2 id="waiting-title">${t("Waiting for players")}</h2>
    <p>${t("Nothing moves and no clock runs until every seat is taken or the creator starts the game ({count} awaited).", { count: awaited })}</p>
    <ul class="waiting-seats">
      ${lines.map(
        (line) => html`<li data-waiting-seat=${line.seat} data-status=${line.status}>
          <b>${line.name}</b> <span class=${`tag ${line.status === "awaited" ? "warn" : ""}`}>${statusText[line.status](line)}</span>
          ${creator && !rematch && (line.status === "seated" || (line.invited && !codes[line.seat]))
            ? html`<${FreeSeatButton} room=${room} token=${token} line=${line} onInvite=${onInvite} />`
            : null}
        </li>`,
      )}
    </ul>
    ${invite}
    ${creator ? html`<${StartButton} room=${room} token=${token} game=${game} players=${players} />` : html`<p class="muted">${t("The room's creator may start the game with bots in the free seats.")}</p>`}
  </section>`;
}
