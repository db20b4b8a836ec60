import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { currentLang, loadCatalog, setLang, t } from "./i18n.js";
import { Leaderboard } from "./leaderboard.js";
import { Lobby } from "./lobby.js";
import { Profile } from "./profile.js";
import { Room } from "./room.js";

function route() {
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9_-]{1,32})$/);
  if (match) return { page: "room", room: match[1] };
  const player = location.pathname.match(/^\/p\/([A-Za-z0-9_-]{3,24})$/);
  if (player) return { page: "profile", username: player[1] };
  const board = location.pathname.match(/^\/leaderboard\/([A-Za-z0-9_:-]{1,80})$/);
  if (board) return { page: "leaderboard", game: board[1] };
  return { page: "lobby" };
}

/** The page of `where`: a room, a player's profile, a leaderboard, or the lobby. */
function Page({ where, lang }) {
  if (where.page === "room") return html`<${Room} room=${where.room} lang=${lang} />`;
  if (where.page === "profile") return html`<${Profile} username=${where.username} lang=${lang} />`;
  if (where.page === "leaderboard") return html`<${Leaderboard} game=${where.game} lang=${lang} />`;
  return html`<${Lobby} lang=${lang} />`;
}

function LanguageSwitch({ lang, onChange }) {
  return html`<div class="lang-switch" role="group" aria-label=${t("Language")}>
    ${[
      ["en", "English"],
      ["ja", "日本語"],
    ].map(
      ([code, name]) =>
        html`<button type="button" class=${lang === code ? "on" : ""} aria-pressed=${lang === code}
          data-lang=${code} onClick=${() => onChange(code)}>${name}</button>`,
    )}
  </div>`;
}

function App() {
  const [lang, setLanguage] = useState(currentLang());
  const [where] = useState(route());
  useEffect(() => {
    // the room, a profile and a leaderboard name themselves (the room marks our turn with "● ")
    if (where.page === "lobby") document.title = `asobiba — ${t("Lobby")}`;
  }, [lang, where]);
  const change = (code) => {
    setLang(code);
    setLanguage(code);
  };
  return html`<header class="top">
      <a class="brand" href="/">遊び場 asobiba</a>
      <${LanguageSwitch} lang=${lang} onChange=${change} />
    </header>
    <main>
      <${Page} where=${where} lang=${lang} />
    </main>`;
}

loadCatalog().then(() => render(html`<${App} />`, document.getElementById("app")));
