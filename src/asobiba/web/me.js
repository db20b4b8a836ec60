// "My games" (GET/POST /api/me/games, docs/protocol.md): the page /me in three groups — your turn
// (with the time left), waiting, finished (result, date, replay and coach) — and the invitations by
// name; and the lobby's "your turn in N games" badge. A guest's list is that of the seat tokens this
// browser holds; a signed-in player's adds the account's seats, taken back on this device (a new
// token, POST /api/rooms/{room}/my-seat) when this browser has no token for them.
import { useEffect, useState } from "preact/hooks";
import { heldTokens, sendJson } from "./account.js";
import { html } from "./html.js";
import { currentLang, gameTitle, t } from "./i18n.js";

/** Seconds until the list is asked for again. */
const REFRESH_SECONDS = 30;

export function loadMyGames() {
  return sendJson("POST", "/api/me/games", { tokens: heldTokens() });
}

/** The games of this browser (and account), asked for again every REFRESH_SECONDS; null until known. */
export function useMyGames(me) {
  const [games, setGames] = useState(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      loadMyGames()
        .then((found) => alive && setGames(found))
        .catch(() => null);
    load();
    const timer = setInterval(load, REFRESH_SECONDS * 1000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [me && me.username]);
  return games;
}

/** The page title with the number of games waiting for the player: "(2) asobiba — …". */
export function titled(title, games) {
  const count = games ? games.your_turn.length : 0;
  return count ? `(${count}) ${title}` : title;
}

/** The lobby's badge: "your turn in N games", linking /me. */
export function YourTurnBadge({ games }) {
  if (!games || !games.your_turn.length) return null;
  return html`<a class="your-turn-badge" id="your-turn-badge" href="/me">${t("Your turn in {count} games", { count: games.your_turn.length })}</a>`;
}

function timeLeft(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours ? t("{hours} h {minutes} min left", { hours, minutes }) : t("{minutes} min left", { minutes });
}

function playersText(entry) {
  return entry.players
    .map((player) => player.username || player.name || (player.kind.startsWith("bot:") ? t("bot") : t("free seat")))
    .join(currentLang() === "ja" ? "、" : ", ");
}

function dateText(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleDateString(currentLang()) : "";
}

/** Go to the room: with this browser's token for it, or one the account takes back (signed in). */
async function openRoom(entry, me) {
  const key = `asobiba.token.${entry.room}`;
  if (!localStorage.getItem(key) && me && !me.guest) {
    try {
      const taken = await sendJson("POST", `/api/rooms/${entry.room}/my-seat`, {});
      localStorage.setItem(key, taken.token);
    } catch {
      // no seat of the account's here (a guest's token elsewhere): the room opens to watch
    }
  }
  location.assign(entry.link);
}

function GameEntry({ entry, me, extra }) {
  return html`<li class="my-game" data-room=${entry.room}>
    <a href=${entry.link} data-open-room=${entry.room} onClick=${(event) => {
      event.preventDefault();
      openRoom(entry, me);
    }}>${gameTitle(entry.game)}${entry.name ? ` — ${entry.name}` : ""}</a>
    <span class="muted"> ${playersText(entry)}</span>
    ${extra}
  </li>`;
}

function Invitation({ entry, onAnswered }) {
  const [error, setError] = useState(null);
  const answer = async (accept) => {
    try {
      const answered = await sendJson("POST", `/api/rooms/${entry.room}/invitation`, { accept });
      if (accept) {
        localStorage.setItem(`asobiba.token.${entry.room}`, answered.token);
        location.assign(entry.link);
      } else onAnswered();
    } catch (failure) {
      setError(failure.message);
    }
  };
  return html`<li class="my-game invitation" data-room=${entry.room}>
    <span>${gameTitle(entry.game)}${entry.name ? ` — ${entry.name}` : ""}</span>
    <span class="muted"> ${playersText(entry)}</span>
    <button type="button" class="primary" data-accept=${entry.room} onClick=${() => answer(true)}>${t("Accept")}</button>
    <button type="button" data-decline=${entry.room} onClick=${() => answer(false)}>${t("Decline")}</button>
    ${error ? html`<span class="error" role="alert">${error}</span>` : null}
  </li>`;
}

function Group({ id, title, entries, empty, render }) {
  return html`<section class="card-panel my-games-group" id=${id}>
    <h2>${title} <span class="muted">(${entries.length})</span></h2>
    ${entries.length ? html`<ul>${entries.map(render)}</ul>` : html`<p class="muted">${empty}</p>`}
  </section>`;
}

/** The page /me. */
export function MyGames({ me }) {
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  const load = () =>
    loadMyGames()
      .then(setGames)
      .catch(() => setError(t("The server cannot be reached.")));
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [me && me.username]);
  useEffect(() => {
    document.title = titled(`asobiba — ${t("My games")}`, games);
  }, [games, currentLang()]);
  if (!games) return html`<p class="muted">${error || t("Loading…")}</p>`;
  return html`<div class="my-games" id="my-games">
    <h1>${t("My games")}</h1>
    ${me && me.guest ? html`<p class="muted">${t("These are the games this browser holds. Sign in or create an account to find them on any device.")}</p>` : null}
    ${games.invitations.length
      ? html`<${Group} id="invitations" title=${t("Invitations")} entries=${games.invitations} empty=""
          render=${(entry) => html`<${Invitation} entry=${entry} onAnswered=${load} />`} />`
      : null}
    <${Group} id="your-turn" title=${t("Your turn")} entries=${games.your_turn} empty=${t("No game waits for you.")}
      render=${(entry) => html`<${GameEntry} entry=${entry} me=${me} extra=${html`<span class="time-left"> ${timeLeft(entry.seconds_left)}</span>`} />`} />
    <${Group} id="waiting" title=${t("Waiting for others")} entries=${games.waiting} empty=${t("No game waits for others.")}
      render=${(entry) => html`<${GameEntry} entry=${entry} me=${me}
        extra=${entry.started ? null : html`<span class="muted"> ${t("(in the waiting room)")}</span>`} />`} />
    <${Group} id="finished" title=${t("Finished")} entries=${games.finished} empty=${t("No finished game yet.")}
      render=${(entry) => html`<${GameEntry} entry=${entry} me=${me} extra=${html`<span class="result">
        ${" "}${entry.result.winner ? t("won") : t("place {rank}", { rank: entry.result.rank })} · ${dateText(entry.finished_at)} ·
        <a href=${entry.link} data-replay=${entry.room}>${t("Replay and coach")}</a></span>`} />`} />
  </div>`;
}
