// The room's Rules panel: the game's rules page (GET /rules/{game}?lang=…, rendered by the server
// from Markdown with raw HTML disabled) in the reader's language, read when the panel is first opened.
// The page is parsed as a document and its <main> moved in as nodes: no markup is built from text here.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";

/** @param {string} game @param {string} lang */
export function rulesAddress(game, lang) {
  return `/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`;
}

/** @param {{game: string, lang: string}} props */
export function RulesPanel({ game, lang }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(/** @type {string | null} */ (null));
  const body = useRef(/** @type {HTMLDivElement | null} */ (null));
  useEffect(() => {
    if (!open || !body.current || loaded === `${game}/${lang}`) return undefined;
    let alive = true;
    setFailed(false);
    fetch(rulesAddress(game, lang))
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(response.statusText))))
      .then((text) => {
        if (!alive || !body.current) return;
        const page = new DOMParser().parseFromString(text, "text/html");
        const main = page.querySelector("main.rules");
        if (!main) throw new Error("no rules in the page");
        const section = document.createElement("div");
        section.className = "rules";
        section.lang = lang;
        section.append(...[...main.childNodes].map((node) => document.importNode(node, true)));
        body.current.replaceChildren(section);
        setLoaded(`${game}/${lang}`);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [open, game, lang]);
  return html`<details class="rules-panel card-panel" data-rules-panel=${game}
      onToggle=${(/** @type {Event} */ event) => setOpen(event.currentTarget instanceof HTMLDetailsElement && event.currentTarget.open)}>
    <summary>${t("Rules")}</summary>
    ${failed ? html`<p class="error" role="alert">${t("The rules cannot be loaded.")}</p>` : null}
    ${open && !failed && loaded !== `${game}/${lang}` ? html`<p class="muted">${t("Loading…")}</p>` : null}
    <div class="rules-body" ref=${body}></div>
    <p><a href=${rulesAddress(game, lang)} target="_blank" rel="noopener">${t("Open in a new tab")}</a></p>
  </details>`;
}
