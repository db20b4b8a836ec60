// A player's page, /p/{username}: each game's rating with its history drawn as a small SVG chart, games
// played and won, the bot level the player plays like, and the last finished games with their replays
// (GET /api/players/{username}).
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { currentLang, t } from "./i18n.js";
import { dayText, getJson, levelName, loadRuleNames, ratingTitle } from "./ratings.js";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 38, right: 8, top: 8, bottom: 22 };

/** A rating's history as a line: a point per rated game, the newest last. */
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
  const x = (i) => PAD.left + ((WIDTH - PAD.left - PAD.right) * (history.length === 1 ? 0.5 : i / (history.length - 1)));
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

function playerName(player) {
  if (player.username) return html`<a href=${`/p/${encodeURIComponent(player.username)}`}>${player.username}</a>`;
  if (player.bot) return t("bot ({level})", { level: levelName(player.bot) });
  return player.name || t("guest");
}

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

/** The page of the player `username`. */
export function Profile({ username, lang }) {
  const [profile, setProfile] = useState(null);
  const [error, setError] = useState(null);
  const [ruleNames, setRuleNames] = useState({});
  useEffect(() => {
    getJson(`/api/players/${encodeURIComponent(username)}`).then(setProfile, (failure) => setError(failure.message));
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
