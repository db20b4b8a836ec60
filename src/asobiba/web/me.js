// "My games" (GET/POST /api/me/games, docs/protocol.md): the page /me in three groups — your turn
// (with the time left), waiting, finished (result, date, replay and coach) — and the invitations by
// name; and the lobby's "your turn in N games" badge. A guest's list is that of the seat tokens this
// browser holds; a signed-in player's adds the account's seats, taken back on this device (a new
// token, POST /api/rooms/{room}/my-seat) when this browser has no token for them.
import { useEffect, useState } from "preact/hooks";
import { heldTokens, sendJson } from "./account.js";
import { html } from "./html.js";
import { currentLang, gameTitle, t } from "./i18n.js";
import { failureText } from "./lobby.js";
import { withChecked, withValue } from "./fields.js";
import { createPasskey, passkeysAvailable } from "./passkeys.js";

/** @typedef {import("./account.js").Me} Me */
/** @typedef {import("./html.js").Markup} Markup */

/** Who sits at a seat of a listed game (server/accounts/games.py `players`; `invited`: the username a free
 * seat is kept for).
 * @typedef {{seat: number, name: string | null, kind: string, username: string | null, invited?: string | null}} MyPlayer */

/**
 * A game of the list (server/accounts/games.py `my_games`); each group adds its own fields.
 * @typedef {object} MyGame
 * @property {string} room
 * @property {string} game
 * @property {string | null} name
 * @property {number} seat
 * @property {Array<MyPlayer>} players
 * @property {string} link the room's page
 * @property {number} updated_at
 */

/** A game where it is the player's turn: the time left (null without a clock).
 * @typedef {MyGame & {deadline: number | null, seconds_left: number | null}} YourTurnGame */
/** A game waiting for others (`started` false: in the waiting room).
 * @typedef {MyGame & {started: boolean, to_move: number | null}} WaitingGame */
/** A finished game: the seat's place, when it ended, its replay and coach addresses.
 * @typedef {MyGame & {result: {rank: number, winner: boolean}, finished_at: number, replay: string, coach: string}} FinishedGame */
/** A seat kept for the account by name, to accept or decline.
 * @typedef {MyGame & {started: boolean}} InvitedGame */

/**
 * The answer of GET/POST /api/me/games, the most recently changed first in each group.
 * @typedef {object} MyGamesList
 * @property {Array<YourTurnGame>} your_turn
 * @property {Array<WaitingGame>} waiting
 * @property {Array<FinishedGame>} finished
 * @property {Array<InvitedGame>} invitations
 */

/** Seconds until the list is asked for again. */
const REFRESH_SECONDS = 30;

/** The games of this browser's seat tokens (and of the account, signed in). @returns {Promise<MyGamesList>} */
export async function loadMyGames() {
  const answer = await sendJson("POST", "/api/me/games", { tokens: heldTokens() });
  return /** @type {MyGamesList} */ (answer);
}

/** The rooms where it was the player's turn at the last look (of any page of asobiba open here). */
/** @type {Set<string> | null} */
let turnsSeen = null;

/** A notification for each game that became the player's turn since the last look, while the page is hidden,
 * when the player turned the turn alerts on (the room's "turn alerts" box, `asobiba.alerts`) and the browser
 * allows notifications. @param {MyGamesList} found */
export function notifyNewTurns(found) {
  const now = new Set(found.your_turn.map((entry) => entry.room));
  const before = turnsSeen;
  turnsSeen = now;
  if (before === null || localStorage.getItem("asobiba.alerts") !== "1") return;
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  for (const entry of found.your_turn) {
    if (!before.has(entry.room)) new Notification(t("Your turn"), { body: gameTitle(entry.game) + (entry.name ? ` — ${entry.name}` : ""), tag: entry.room });
  }
}

/** The games of this browser (and account), asked for again every REFRESH_SECONDS; null until known.
 * @param {Me | null} me @returns {MyGamesList | null} */
export function useMyGames(me) {
  const [games, setGames] = useState(/** @type {MyGamesList | null} */ (null));
  useEffect(() => {
    let alive = true;
    const load = () =>
      loadMyGames()
        .then((found) => {
          notifyNewTurns(found);
          if (alive) setGames(found);
        })
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

/** The page title with the number of games waiting for the player: "(2) asobiba — …".
 * @param {string} title @param {MyGamesList | null} games */
export function titled(title, games) {
  const count = games ? games.your_turn.length : 0;
  return count ? `(${count}) ${title}` : title;
}

/** The lobby's badge: "your turn in N games", linking /me. @param {{games: MyGamesList | null}} props */
export function YourTurnBadge({ games }) {
  if (!games || !games.your_turn.length) return null;
  return html`<a class="your-turn-badge" id="your-turn-badge" href="/me">${t("Your turn in {count} games", { count: games.your_turn.length })}</a>`;
}

/** @param {number | null | undefined} seconds */
function timeLeft(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours ? t("{hours} h {minutes} min left", { hours, minutes }) : t("{minutes} min left", { minutes });
}

/** @param {MyGame} entry */
function playersText(entry) {
  return entry.players
    .map(
      (player) =>
        player.username ||
        player.name ||
        (player.invited ? t("{name} (invited)", { name: player.invited }) : player.kind.startsWith("bot:") ? t("bot") : t("free seat")),
    )
    .join(currentLang() === "ja" ? "、" : ", ");
}

/** @param {number} seconds */
function dateText(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleDateString(currentLang()) : "";
}

/** Go to the room: with this browser's token for it, or one the account takes back (signed in).
 * @param {MyGame} entry @param {Me | null} me */
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

/** @param {{entry: MyGame, me: Me | null, extra: Markup | null}} props */
function GameEntry({ entry, me, extra }) {
  /** @param {Event} event */
  const open = (event) => {
    event.preventDefault();
    openRoom(entry, me);
  };
  return html`<li class="my-game" data-room=${entry.room}>
    <a href=${entry.link} data-open-room=${entry.room} onClick=${open}>${gameTitle(entry.game)}${entry.name ? ` — ${entry.name}` : ""}</a>
    <span class="muted"> ${playersText(entry)}</span>
    ${extra}
  </li>`;
}

/** @param {{entry: InvitedGame, onAnswered: () => void}} props */
function Invitation({ entry, onAnswered }) {
  const [error, setError] = useState(/** @type {string | null} */ (null));
  /** @param {boolean} accept */
  const answer = async (accept) => {
    try {
      const answered = await sendJson("POST", `/api/rooms/${entry.room}/invitation`, { accept });
      if (accept) {
        localStorage.setItem(`asobiba.token.${entry.room}`, answered.token);
        location.assign(entry.link);
      } else onAnswered();
    } catch (failure) {
      setError(failureText(failure));
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

/** Where "your turn" emails of turn-based games go, and whether to send them (GET/PUT /api/me/email). */
function EmailChoice() {
  const [address, setAddress] = useState("");
  const [notify, setNotify] = useState(false);
  const [said, setSaid] = useState(/** @type {{error: boolean, text: string} | null} */ (null));
  // the form waits for the stored choice: a field typed in before it came would be overwritten
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    fetch("/api/me/email")
      .then((response) => (response.ok ? response.json() : null))
      .then((found) => {
        if (found) {
          setAddress(found.address || "");
          setNotify(Boolean(found.notify));
        }
      })
      .catch(() => null)
      .finally(() => setLoaded(true));
  }, []);
  /** @param {Event} event */
  const save = async (event) => {
    event.preventDefault();
    try {
      await sendJson("PUT", "/api/me/email", { address: address.trim() || null, notify });
      setSaid({ error: false, text: t("Saved.") });
    } catch (failure) {
      setSaid({ error: true, text: failureText(failure) });
    }
  };
  return html`<form class="card-panel" id="email-choice" onSubmit=${save}>
    <h2>${t("Email")}</h2>
    <div class="field">
      <label for="email-address">${t("Email address")}</label>
      <input id="email-address" type="email" autocomplete="email" maxlength="254" value=${address} disabled=${!loaded}
        onInput=${withValue(setAddress)} />
    </div>
    <label class="check"><input id="email-notify" type="checkbox" checked=${notify} disabled=${!loaded}
      onChange=${withChecked(setNotify)} />
      ${" "}${t("Email me when it is my turn in a turn-based game (at most one email a day for each game)")}</label>
    <button type="submit" id="email-save" disabled=${!loaded}>${t("Save")}</button>
    ${said ? html`<p class=${said.error ? "error" : "muted"} role=${said.error ? "alert" : "status"}>${said.text}</p>` : null}
  </form>`;
}

/** The turn alerts (the room's "Sound and notification on my turn" box, one setting for every page): here, a
 * notification when a game becomes the player's turn while this page is in the background. */
function TurnAlerts() {
  const [on, setOn] = useState(localStorage.getItem("asobiba.alerts") === "1");
  /** @param {boolean} wanted */
  const change = (wanted) => {
    localStorage.setItem("asobiba.alerts", wanted ? "1" : "0");
    setOn(wanted);
    if (wanted && "Notification" in window && Notification.permission === "default") {
      Notification.requestPermission().catch(() => null);
    }
  };
  return html`<label class="check"><input type="checkbox" id="my-turn-alerts" checked=${on}
    onChange=${withChecked(change)} /> ${t("Sound and notification on my turn")}</label>`;
}

/** A group of the page: its games, each drawn by `render`, or the text `empty`.
 * @template {MyGame} G
 * @param {{id: string, title: string, entries: Array<G>, empty: string, render: (entry: G) => Markup}} props */
function Group({ id, title, entries, empty, render }) {
  return html`<section class="card-panel my-games-group" id=${id}>
    <h2>${title} <span class="muted">(${entries.length})</span></h2>
    ${entries.length ? html`<ul>${entries.map(render)}</ul>` : html`<p class="muted">${empty}</p>`}
  </section>`;
}

/** "Add a passkey": a passkey of this device for the signed-in account (POST /api/me/passkeys/options, then
 * /api/me/passkeys), to sign in later without the password. */
function AddPasskey() {
  const [said, setSaid] = useState(/** @type {{error: boolean, text: string} | null} */ (null));
  const [busy, setBusy] = useState(false);
  if (!passkeysAvailable()) return null;
  const add = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const options = await sendJson("POST", "/api/me/passkeys/options", {});
      const credential = await createPasskey(options);
      await sendJson("POST", "/api/me/passkeys", { credential });
      setSaid({ error: false, text: t("Passkey added: you can sign in with it, without your password.") });
    } catch (failure) {
      const cancelled = failure instanceof DOMException && failure.name === "NotAllowedError";
      setSaid({ error: true, text: cancelled ? t("No passkey was added.") : failureText(failure) });
    }
    setBusy(false);
  };
  return html`<section class="card-panel" id="passkeys">
    <h2>${t("Passkeys")}</h2>
    <p class="muted">${t("A passkey signs you in on this device with its screen lock or fingerprint, without your password.")}</p>
    <button type="button" id="add-passkey" disabled=${busy} onClick=${add}>${t("Add a passkey")}</button>
    ${said ? html`<p class=${said.error ? "error" : "muted"} role=${said.error ? "alert" : "status"} id="passkey-said">${said.text}</p>` : null}
  </section>`;
}

/** The page /me. @param {{me: Me | null}} props */
export function MyGames({ me }) {
  const [games, setGames] = useState(/** @type {MyGamesList | null} */ (null));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const load = () =>
    loadMyGames()
      .then((found) => {
        notifyNewTurns(found);
        setGames(found);
      })
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
  /** @param {InvitedGame} entry */
  const invitation = (entry) => html`<${Invitation} entry=${entry} onAnswered=${load} />`;
  /** @param {YourTurnGame} entry */
  const yourTurn = (entry) =>
    html`<${GameEntry} entry=${entry} me=${me} extra=${html`<span class="time-left"> ${timeLeft(entry.seconds_left)}</span>`} />`;
  /** @param {WaitingGame} entry */
  const waiting = (entry) => html`<${GameEntry} entry=${entry} me=${me}
    extra=${entry.started ? null : html`<span class="muted"> ${t("(in the waiting room)")}</span>`} />`;
  /** @param {FinishedGame} entry */
  const finished = (entry) => html`<${GameEntry} entry=${entry} me=${me} extra=${html`<span class="result">
    ${" "}${entry.result.winner ? t("won") : t("place {rank}", { rank: entry.result.rank })} · ${dateText(entry.finished_at)} ·
    <a href=${entry.link} data-replay=${entry.room}>${t("Replay and coach")}</a></span>`} />`;
  return html`<div class="my-games" id="my-games">
    <h1>${t("My games")}</h1>
    <${TurnAlerts} />
    ${me && me.guest ? html`<p class="muted">${t("These are the games this browser holds. Sign in or create an account to find them on any device.")}</p>` : null}
    ${games.invitations.length
      ? html`<${Group} id="invitations" title=${t("Invitations")} entries=${games.invitations} empty="" render=${invitation} />`
      : null}
    <${Group} id="your-turn" title=${t("Your turn")} entries=${games.your_turn} empty=${t("No game waits for you.")}
      render=${yourTurn} />
    <${Group} id="waiting" title=${t("Waiting for others")} entries=${games.waiting} empty=${t("No game waits for others.")}
      render=${waiting} />
    <${Group} id="finished" title=${t("Finished")} entries=${games.finished} empty=${t("No finished game yet.")}
      render=${finished} />
    ${me && !me.guest ? html`<${EmailChoice} />` : null}
    ${me && !me.guest ? html`<${AddPasskey} />` : null}
  </div>`;
}
