// A player's page, /p/{username}: each game's rating with its history drawn as a small SVG chart, games
// played and won, the bot level the player plays like, and the last finished games with their replays
// (GET /api/players/{username}).
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { currentLang, t } from "./i18n.js";
import { failureText } from "./lobby.js";
import { dayText, getJson, levelName, loadRuleNames, ratingTitle } from "./ratings.js";

/** @typedef {import("./html.js").Markup} Markup */
/** @typedef {import("./i18n.js").Lang} Lang */
/** @typedef {import("./ratings.js").RuleNames} RuleNames */

/** A point of a rating's history: the rating after a rated game, the day it ended, its room.
 * @typedef {{rating: number, date: string | null, room: string}} RatingPoint */

/**
 * A rating of the player (server/accounts/ratings_profiles.py `player_profile`).
 * @typedef {object} RatingEntry
 * @property {number} rating
 * @property {number} games rated games played
 * @property {number} wins
 * @property {boolean} provisional fewer rated games than the leaderboard asks for
 * @property {string | null} plays_like the strongest bot level at or below the rating (null: below them all)
 * @property {Array<RatingPoint>} history the oldest first
 */

/** Who sat at a seat of a finished game: an account's username, a bot's level, or a guest's name.
 * @typedef {{seat: number, name: string | null, username: string | null, bot: string | null, rank: number | null}} RecentPlayer */

/**
 * A finished game of the player (ratings_profiles.py `_recent_game`).
 * @typedef {object} RecentGame
 * @property {string} room
 * @property {string} game
 * @property {string} game_key its rating's key ("<game>" or "<game>:<rules>")
 * @property {string | null} date when it ended
 * @property {number} seat the player's
 * @property {number | null} rank the player's place
 * @property {boolean} rated
 * @property {number | null} rating the player's after it
 * @property {Array<RecentPlayer>} players
 * @property {string} replay the replay's address
 */

/**
 * The answer of GET /api/players/{username}.
 * @typedef {object} PlayerProfile
 * @property {string} username as the player writes it
 * @property {Object<string, RatingEntry>} ratings by rating key, the most played first
 * @property {Array<RecentGame>} recent the newest first
 */

/** The public profile of `username`. @param {string} username @returns {Promise<PlayerProfile>} */
async function loadProfile(username) {
  const answer = await getJson(`/api/players/${encodeURIComponent(username)}`);
  return /** @type {PlayerProfile} */ (answer);
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 38, right: 8, top: 8, bottom: 22 };

/** A rating's history as a line: a point per rated game, the newest last.
 * @param {{history: Array<RatingPoint>, title: string}} props */
export function RatingChart({ history, title }) {
  if (!history.length) return null;
  const ratings = history.map((point) => point.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 40) {
    const middle = (high + low) / 2;
    low = Math.floor(middle - 20);
    high = Math.ceil(middle + 20);
  }
  /** @param {number} i */
  const x = (i) => PAD.left + ((WIDTH - PAD.left - PAD.right) * (history.length === 1 ? 0.5 : i / (history.length - 1)));
  /** @param {number} rating */
  const y = (rating) => PAD.top + ((HEIGHT - PAD.top - PAD.bottom) * (high - rating)) / (high - low);
  const path = history.map((point, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ");
  return html`<svg class="rating-chart" data-rating-chart viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img"
    aria-label=${t("{game}: rating over {count} games", { game: title, count: history.length })}>
    ${[high, low].map(
      (level) => html`<g><line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(level)} y2=${y(level)} />
        <text class="axis" x=${PAD.left - 4} y=${y(level) + 3} text-anchor="end">${level}</text></g>`,
    )}
    ${[0, history.length - 1].filter((i, n, both) => both.indexOf(i) === n).map(
      (i) => html`<text class="axis" x=${x(i)} y=${HEIGHT - 6} text-anchor=${history.length === 1 ? "middle" : i ? "end" : "start"}>
        ${dayText(history[i].date)}</text>`,
    )}
    <path class="line" d=${path} />
    ${history.map(
      (point, i) => html`<circle cx=${x(i)} cy=${y(point.rating)} r=${i === history.length - 1 ? 3.5 : 2.5}
        data-chart-point=${point.rating}><title>${`${dayText(point.date)}: ${point.rating}`}</title></circle>`,
    )}
  </svg>`;
}

/** @param {{gameKey: string, entry: RatingEntry, ruleNames: RuleNames}} props */
function RatingCard({ gameKey, entry, ruleNames }) {
  const title = ratingTitle(gameKey, ruleNames);
  return html`<section class="card-panel rating-card" data-rating=${gameKey}>
    <h2>${title}</h2>
    <p class="rating-line"><span class="rating-number" data-rating-number>${entry.rating}</span>
      ${entry.provisional ? html` <span class="tag">${t("provisional")}</span>` : null}</p>
    <p>${t("{games} games played, {wins} won", { games: entry.games, wins: entry.wins })}</p>
    <p data-plays-like>${entry.plays_like
      ? t("Plays at the level of the {level} bot", { level: levelName(entry.plays_like) })
      : t("Below the level of every bot so far")}</p>
    <${RatingChart} history=${entry.history} title=${title} />
    <p><a href=${`/leaderboard/${gameKey}`} data-leaderboard-link>${t("Leaderboard")}</a></p>
  </section>`;
}

/** A seated player's name, an account's linking its page. @param {RecentPlayer} player @returns {Markup | string} */
function playerName(player) {
  if (player.username) return html`<a href=${`/p/${encodeURIComponent(player.username)}`}>${player.username}</a>`;
  if (player.bot) return t("bot ({level})", { level: levelName(player.bot) });
  return player.name || t("guest");
}

/** @param {{recent: Array<RecentGame>, ruleNames: RuleNames}} props */
function RecentGames({ recent, ruleNames }) {
  const separator = currentLang() === "ja" ? "、" : ", "; // as listText writes a list
  if (!recent.length) return html`<p class="muted">${t("No finished games yet.")}</p>`;
  return html`<ol class="recent-games">${recent.map(
    (game) => html`<li data-recent-game=${game.room}>
      <div class="recent-head">
        <span class="recent-rank">${game.rank === null ? "—" : t("{rank} of {players}", { rank: game.rank, players: game.players.length })}</span>
        <strong>${ratingTitle(game.game_key, ruleNames)}</strong>
        ${game.rated ? null : html`<span class="tag">${t("unrated")}</span>`}
        <span class="muted">${dayText(game.date)}</span>
      </div>
      <div class="recent-players">${game.players.map((player, i) => html`${i ? separator : ""}${playerName(player)}`)}</div>
      <a class="recent-replay" href=${game.replay} data-replay-link>${t("Replay")}</a>
    </li>`,
  )}</ol>`;
}

/** The page of the player `username`. @param {{username: string, lang: Lang}} props */
export function Profile({ username, lang }) {
  const [profile, setProfile] = useState(/** @type {PlayerProfile | null} */ (null));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [ruleNames, setRuleNames] = useState(/** @type {RuleNames} */ ({}));
  useEffect(() => {
    loadProfile(username).then(setProfile, (failure) => setError(failureText(failure)));
    loadRuleNames().then(setRuleNames);
  }, [username, lang]);
  useEffect(() => {
    document.title = `asobiba — ${profile ? profile.username : username}`;
  }, [profile, username, lang]);
  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!profile) return html`<p class="muted">${t("Loading…")}</p>`;
  const keys = Object.keys(profile.ratings);
  return html`<div class="profile" data-profile=${profile.username}>
    <h1>${profile.username}</h1>
    ${keys.length
      ? keys.map((key) => html`<${RatingCard} gameKey=${key} entry=${profile.ratings[key]} ruleNames=${ruleNames} />`)
      : html`<p class="muted">${t("No rated games yet.")}</p>`}
    <section class="card-panel">
      <h2>${t("Last finished games")}</h2>
      <${RecentGames} recent=${profile.recent} ruleNames=${ruleNames} />
    </section>
  </div>`;
}
