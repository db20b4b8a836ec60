import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { AccountBar, heldTokens, sendJson, whoAmI } from "./account.js";
import { currentLang, loadCatalog, setLang, t } from "./i18n.js";
import { Leaderboard } from "./leaderboard.js";
import { Lobby } from "./lobby.js";
import { MyGames, titled, useMyGames, YourTurnBadge } from "./me.js";
import { Profile } from "./profile.js";
import { Room } from "./room.js";
import { TutorialPage } from "./tutorial.js";

/** @typedef {import("./i18n.js").Lang} Lang */
/** @typedef {import("./account.js").Me} Me */
/** @typedef {import("./me.js").MyGamesList} MyGamesList */

/**
 * The page the address names.
 * @typedef {{page: "me"} | {page: "room", room: string} | {page: "profile", username: string}
 *   | {page: "leaderboard", game: string} | {page: "learn", game: string, name: string} | {page: "lobby"}} Where
 */

/** @returns {Where} */
function route() {
  if (location.pathname === "/me") return { page: "me" };
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9_-]{1,32})$/);
  if (match) return { page: "room", room: match[1] };
  const player = location.pathname.match(/^\/p\/([A-Za-z0-9_-]{3,24})$/);
  if (player) return { page: "profile", username: player[1] };
  const board = location.pathname.match(/^\/leaderboard\/([A-Za-z0-9_:-]{1,80})$/);
  if (board) return { page: "leaderboard", game: board[1] };
  const learn = location.pathname.match(/^\/learn\/([A-Za-z0-9_-]{1,80})\/([A-Za-z0-9_-]{1,80})$/);
  if (learn) return { page: "learn", game: learn[1], name: learn[2] };
  return { page: "lobby" };
}

/** The page of `where`: a room, the player's own games, a player's profile, a leaderboard, a tutorial, or the lobby (with
 * its "your turn" badge).
 * @param {{where: Where, lang: Lang, me: Me | null, games: MyGamesList | null}} props */
function Page({ where, lang, me, games }) {
  if (where.page === "room") return html`<${Room} room=${where.room} lang=${lang} />`;
  if (where.page === "me") return html`<${MyGames} me=${me} />`;
  if (where.page === "profile") return html`<${Profile} username=${where.username} lang=${lang} />`;
  if (where.page === "leaderboard") return html`<${Leaderboard} game=${where.game} lang=${lang} />`;
  if (where.page === "learn") return html`<${TutorialPage} game=${where.game} name=${where.name} lang=${lang} />`;
  return html`<${YourTurnBadge} games=${games} /><${Lobby} lang=${lang} />`;
}

/** @param {{lang: Lang, onChange: (code: Lang) => void}} props */
function LanguageSwitch({ lang, onChange }) {
  return html`<div class="lang-switch" role="group" aria-label=${t("Language")}>
    ${/** @type {Array<[Lang, string]>} */ ([
      ["en", "English"],
      ["ja", "日本語"],
    ]).map(
      ([code, name]) =>
        html`<button type="button" class=${lang === code ? "on" : ""} aria-pressed=${lang === code}
          data-lang=${code} onClick=${() => onChange(code)}>${name}</button>`,
    )}
  </div>`;
}

function App() {
  const [lang, setLanguage] = useState(currentLang());
  const [where] = useState(route());
  const [me, setMe] = useState(/** @type {Me | null} */ (null));
  useEffect(() => {
    whoAmI().then(setMe);
  }, []);
  useEffect(() => {
    // signed in: the seats this browser holds that are nobody's yet (a rematch's, one taken before
    // signing in elsewhere) become the account's
    if (me && !me.guest) sendJson("POST", "/api/me/seats", { tokens: heldTokens() }).catch(() => null);
  }, [me && me.username]);
  const games = useMyGames(where.page === "lobby" ? me : null);
  useEffect(() => {
    // the room names itself (and marks our turn with "● "), and so does /me; the lobby is named here,
    // with the number of games where it is the player's turn
    if (where.page === "lobby") document.title = titled(`asobiba — ${t("Lobby")}`, games);
  }, [lang, where, games]);
  /** @param {Lang} code */
  const change = (code) => {
    setLang(code);
    setLanguage(code);
  };
  return html`<header class="top">
      <a class="brand" href="/">遊び場 asobiba</a>
      <${AccountBar} me=${me} onChange=${setMe} />
      <${LanguageSwitch} lang=${lang} onChange=${change} />
    </header>
    <main>
      <${Page} where=${where} lang=${lang} me=${me} games=${games} />
    </main>`;
}

const root = document.getElementById("app");
if (!root) throw new Error("the page has no #app element to draw in");
loadCatalog().then(() => render(html`<${App} />`, root));
