import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { currentLang, loadCatalog, setLang, t } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { Room } from "./room.js";

function route() {
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9_-]{1,32})$/);
  return match ? { page: "room", room: match[1] } : { page: "lobby" };
}

/** @typedef {import("./i18n.js").Lang} Lang */

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
  useEffect(() => {
    // the room names itself (and marks our turn with "● "); the lobby is named here
    if (where.page !== "room") document.title = `asobiba — ${t("Lobby")}`;
  }, [lang, where]);
  /** @param {Lang} code */
  const change = (code) => {
    setLang(code);
    setLanguage(code);
  };
  return html`<header class="top">
      <a class="brand" href="/">遊び場 asobiba</a>
      <${LanguageSwitch} lang=${lang} onChange=${change} />
    </header>
    <main>
      ${where.page === "room" ? html`<${Room} room=${where.room} lang=${lang} />` : html`<${Lobby} lang=${lang} />`}
    </main>`;
}

const root = document.getElementById("app");
if (!root) throw new Error("the page has no #app element to draw in");
loadCatalog().then(() => render(html`<${App} />`, root));
