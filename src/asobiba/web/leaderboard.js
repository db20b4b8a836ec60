// A game's leaderboard, /leaderboard/{game}: the best rated players of a game and rule set
// (GET /api/leaderboard/{game}), with links to the other rule sets' boards and to each player's page.
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { t } from "./i18n.js";
import { failureText } from "./lobby.js";
import { getJson, loadRuleNames, ratingTitle } from "./ratings.js";

/** @typedef {import("./games.js").Texts} Texts */
/** @typedef {import("./i18n.js").Lang} Lang */
/** @typedef {import("./ratings.js").RuleNames} RuleNames */

/** A ranked player (server/accounts/ratings_profiles.py `leaderboard`).
 * @typedef {{rank: number, username: string, rating: number, games: number, wins: number}} Leader */

/**
 * The answer of GET /api/leaderboard/{game} (server/routes/players.py).
 * @typedef {object} LeaderboardAnswer
 * @property {string} game
 * @property {string} key the rating's key ("<game>" or "<game>:<rules>")
 * @property {Texts} title the game's
 * @property {Array<string>} rule_sets the keys of the game's ratings, the default rule set's first
 * @property {number} min_games the rated games a player needs to be ranked
 * @property {Array<Leader>} players the best first
 */

/** The leaderboard of `game`. @param {string} game @returns {Promise<LeaderboardAnswer>} */
async function loadLeaderboard(game) {
  const answer = await getJson(`/api/leaderboard/${encodeURIComponent(game)}`);
  return /** @type {LeaderboardAnswer} */ (answer);
}

/** The leaderboard page of `game` ("<game>" or "<game>:<rules>"). @param {{game: string, lang: Lang}} props */
export function Leaderboard({ game, lang }) {
  const [board, setBoard] = useState(/** @type {LeaderboardAnswer | null} */ (null));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [ruleNames, setRuleNames] = useState(/** @type {RuleNames} */ ({}));
  useEffect(() => {
    loadLeaderboard(game).then(setBoard, (failure) => setError(failureText(failure)));
    loadRuleNames().then(setRuleNames);
  }, [game, lang]);
  const title = board ? ratingTitle(board.key, ruleNames) : "";
  useEffect(() => {
    document.title = `asobiba — ${t("Leaderboard")}${title ? ` — ${title}` : ""}`;
  }, [title, lang]);
  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!board) return html`<p class="muted">${t("Loading…")}</p>`;
  return html`<div class="leaderboard" data-leaderboard=${board.key}>
    <h1>${t("Leaderboard: {game}", { game: title })}</h1>
    ${board.rule_sets.length > 1
      ? html`<nav class="rule-sets" aria-label=${t("Rule sets")}>${board.rule_sets.map(
          (key) => html`<a href=${`/leaderboard/${key}`} class=${key === board.key ? "on" : ""}
            aria-current=${key === board.key ? "page" : null}>${ratingTitle(key, ruleNames)}</a>`,
        )}</nav>`
      : null}
    <section class="card-panel">
      <p class="muted">${t("Players with {count} rated games or more.", { count: board.min_games })}</p>
      ${board.players.length
        ? html`<div class="table-scroll"><table class="leaderboard-table">
            <thead><tr><th scope="col">${t("Rank")}</th><th scope="col">${t("Player")}</th>
              <th scope="col">${t("Rating")}</th><th scope="col">${t("Games")}</th><th scope="col">${t("Won")}</th></tr></thead>
            <tbody>${board.players.map(
              (entry) => html`<tr data-leader=${entry.username}>
                <td>${entry.rank}</td>
                <td><a href=${`/p/${encodeURIComponent(entry.username)}`}>${entry.username}</a></td>
                <td>${entry.rating}</td><td>${entry.games}</td><td>${entry.wins}</td>
              </tr>`,
            )}</tbody>
          </table></div>`
        : html`<p class="muted">${t("Nobody is ranked yet.")}</p>`}
    </section>
  </div>`;
}
