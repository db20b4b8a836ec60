import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { loadGames } from "./games.js";
import { currentLang, howToPlay, t } from "./i18n.js";
import { withChecked, withValue } from "./fields.js";
import { rememberInvites } from "./invites.js";
import { keptSeatKind, offeredBotLevels } from "./bot_levels.js";

/** @typedef {import("./games.js").GameEntry} GameEntry */
/** @typedef {import("./games.js").OptionEntry} OptionEntry */
/** @typedef {import("./games.js").Texts} Texts */
/** @typedef {import("./games.js").Json} Json */
/** The options as the form holds them, by name. @typedef {Object<string, Json | undefined>} OptionValues */
/**
 * A room GET /api/open-rooms lists (its public summary, server/rooms/room.py `Room.summary`): the parts read here.
 * @typedef {{room: string, game: string, name: string | null, seats: Array<import("./wire.js").SeatInfo>, spectators: number}} OpenRoom
 */

/** @type {Object<string, () => string>} */
const SEAT_LABELS = {
  human: () => t("person"),
  "bot:random": () => t("bot (random)"),
  "bot:easy": () => t("bot (easy)"),
  "bot:normal": () => t("bot (normal)"),
  "bot:hard": () => t("bot (hard)"),
  "bot:ppo": () => t("bot (trained, ppo)"),
};

/** A seat kept for a player by username (``"user:ken"``): the select's value for it. */
const USER_SEAT = "user:";

/** @param {string} kind */
export function seatKindLabel(kind) {
  return (SEAT_LABELS[kind] || (() => kind))();
}

/** POSTs `body` as JSON to `url`; the answer's JSON, or an Error with the server's message.
 * @param {string} url @param {Object<string, unknown>} body @returns {Promise<Object<string, any>>} */
export async function postJson(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message = data.message || response.statusText;
    throw new Error(message);
  }
  return data;
}

/** What a failure (a rejected `postJson`, a thrown error) says, to show to the reader.
 * @param {unknown} failure @returns {string} */
export function failureText(failure) {
  return failure instanceof Error ? failure.message : String(failure);
}

/** @param {string} room @param {string} token */
export function rememberToken(room, token) {
  localStorage.setItem(`asobiba.token.${room}`, token);
}

/** An option's value from what its field holds ("" is none; a number's text is the number).
 * @param {OptionEntry} option @param {Json | undefined} raw @returns {Json | undefined} */
function optionValue(option, raw) {
  if (typeof option.default === "boolean") return raw;
  if (raw === "" || raw === null || raw === undefined) return null;
  if (typeof option.default === "number" || option.bounds) {
    const number = Number(raw);
    return Number.isFinite(number) ? number : raw;
  }
  return raw;
}

/** An option's words in the reader's language: its label, its help line, a choice's label.
 * @param {Texts | null | undefined} texts @param {string} fallback */
function inLang(texts, fallback) {
  return (texts && (texts[currentLang()] || texts.en)) || fallback;
}

/** @param {OptionEntry} option @param {unknown} value */
function choiceLabel(option, value) {
  const choice = (option.choices || []).find((c) => c.value === value);
  return choice ? inLang(choice.label, String(value)) : String(value ?? "—");
}

/** Whether an option matters with the other options as they are (``applies_when``).
 * @param {OptionEntry} option @param {OptionValues} options */
export function optionApplies(option, options) {
  const when = option.applies_when;
  return !when || options[when.option] === when.value;
}

/** The player counts every applicable option's current value allows, in order.
 * @param {GameEntry} game @param {OptionValues} options @returns {Array<number>} */
export function validPlayerCounts(game, options) {
  let counts = [...Array(game.max_players - game.min_players + 1).keys()].map((i) => game.min_players + i);
  for (const option of game.options) {
    if (!optionApplies(option, options) || !option.choices) continue;
    const choice = option.choices.find((c) => c.value === options[option.name]);
    if (choice && choice.players) counts = counts.filter((count) => choice.players.includes(count));
  }
  return counts;
}

/** A game's player counts: its default rules' ("3–5 players"), and other rules' if wider.
 * @param {GameEntry} game @returns {Array<string>} */
export function playerRangeText(game) {
  const defaults = Object.fromEntries(game.options.map((option) => [option.name, option.default]));
  const counts = validPlayerCounts(game, defaults);
  const [low, high] = counts.length ? [counts[0], counts[counts.length - 1]] : [game.min_players, game.max_players];
  const range = low === high ? t("{count} players", { count: low }) : t("{low}–{high} players", { low, high });
  if (low === game.min_players && high === game.max_players) return [range];
  return [range, t("{low}–{high} with other rules", { low: game.min_players, high: game.max_players })];
}

/** Shown in the form: the option applies, and it offers a real choice at this number of players
 * (a yes/no option whose other value needs another player count is hidden while left at its default).
 * @param {OptionEntry} option @param {OptionValues} options @param {number} players */
export function optionShown(option, options, players) {
  if (!optionApplies(option, options)) return false;
  if (!option.choices) return true;
  const usable = option.choices.filter((c) => !c.players || c.players.includes(players));
  const ruledOut = usable.length < option.choices.length;
  return !ruledOut || usable.length > 1 || options[option.name] !== option.default;
}

/** The count nearest to ``wanted`` among ``counts`` (the lower one on a tie).
 * @param {Array<number>} counts @param {number} wanted */
export function nearestCount(counts, wanted) {
  if (!counts.length || counts.includes(wanted)) return wanted;
  return counts.reduce((best, count) => (Math.abs(count - wanted) < Math.abs(best - wanted) ? count : best));
}

/** @param {{option: OptionEntry, value: unknown, onChange: (value: string | boolean) => void}} props */
function OptionField({ option, value, onChange }) {
  const id = `option-${option.name}`;
  const helpId = `${id}-help`;
  let input;
  if (typeof option.default === "boolean") {
    input = html`<input id=${id} type="checkbox" checked=${value} aria-describedby=${helpId}
      onChange=${withChecked(onChange)} />`;
  } else if (option.choices) {
    input = html`<select id=${id} value=${value ?? ""} aria-describedby=${helpId}
      onChange=${withValue(onChange)}>
      ${option.default === null ? html`<option value="">—</option>` : null}
      ${option.choices.map((choice) => html`<option value=${choice.value}>${inLang(choice.label, String(choice.value))}</option>`)}
    </select>`;
  } else if (option.bounds || typeof option.default === "number") {
    const [low, high] = option.bounds || [null, null];
    input = html`<input id=${id} type="number" inputmode="numeric" min=${low} max=${high} value=${value ?? ""}
      aria-describedby=${helpId} onInput=${withValue(onChange)} />`;
  } else {
    input = html`<input id=${id} type="text" value=${value ?? ""} aria-describedby=${helpId}
      onInput=${withValue(onChange)} />`;
  }
  const shownDefault = option.default === null ? "—" : choiceLabel(option, option.default);
  return html`<div class="field option" data-option=${option.name}>
    <label for=${id}>${inLang(option.label, option.name)}</label>${input}
    <p class="doc" id=${helpId}>${inLang(option.help, "")} <span class="default">(${t("default")}: ${shownDefault})</span></p>
  </div>`;
}

/** @param {{games: Array<GameEntry>}} props */
function OpenRooms({ games }) {
  const [rooms, setRooms] = useState(/** @type {Array<OpenRoom> | null} */ (null));
  useEffect(() => {
    let alive = true;
    const load = () =>
      fetch("/api/open-rooms")
        .then((response) => (response.ok ? response.json() : null))
        .then((list) => alive && setRooms(list))
        .catch(() => alive && setRooms(null));
    load();
    const timer = setInterval(load, 5000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  if (!rooms) return null;
  /** @param {string} name */
  const title = (name) => {
    const game = games.find((g) => g.name === name);
    return game ? game.title[currentLang()] || game.title.en : name;
  };
  return html`<section class="open-rooms card-panel">
    <h2>${t("Open rooms")}</h2>
    ${rooms.length === 0 ? html`<p class="muted">${t("No open rooms right now.")}</p>` : null}
    <ul>
      ${rooms.map((room) => {
        const open = room.seats.filter((seat) => seat.kind === "human" && !seat.occupied && !seat.invited);
        const free = open.length;
        // a listed room waits for players: its link takes its first open seat (a name is asked); the
        // invited seats are kept for their friends
        const link = free ? `/r/${room.room}?seat=${open[0].seat}` : `/r/${room.room}`;
        return html`<li>
          <a href=${link} data-room=${room.room}>${title(room.game)} — ${room.name || room.room}</a>
          <span class="muted"> ${t("{free} free seats", { free })} · ${t("{count} watching", { count: room.spectators })}</span>
        </li>`;
      })}
    </ul>
  </section>`;
}

/** The lobby's "Learn to play": a button per tutorial, with its title and minutes.
 * @param {{lang: import("./i18n.js").Lang}} props */
export function LearnToPlay({ lang }) {
  const [list, setList] = useState(/** @type {Array<{game: string, name: string, key: string, title: string, minutes: number}> | null} */ (null));
  useEffect(() => {
    fetch(`/api/tutorials?lang=${lang}`)
      .then((response) => (response.ok ? response.json() : null))
      .then(setList)
      .catch(() => setList(null));
  }, [lang]);
  if (!list || !list.length) return null;
  return html`<section class="learn card-panel" aria-labelledby="learn-title">
    <h2 id="learn-title">${t("Learn to play")}</h2>
    <div class="learn-list">
      ${list.map((entry) => html`<a class="button learn-one" href=${`/learn/${entry.game}/${entry.name}`} data-tutorial=${entry.key}>
        <strong>${entry.title}</strong> <span class="muted learn-minutes">${t("{minutes} min", { minutes: entry.minutes })}</span></a>`)}
    </div>
  </section>`;
}

/** @param {{lang: import("./i18n.js").Lang}} props */
export function Lobby({ lang }) {
  const [games, setGames] = useState(/** @type {Array<GameEntry> | null} */ (null));
  const [gameName, setGameName] = useState(/** @type {string | null} */ (null));
  const [players, setPlayers] = useState(3);
  const [options, setOptions] = useState(/** @type {OptionValues} */ ({}));
  const [seats, setSeats] = useState(/** @type {Object<number, string>} */ ({}));
  const [name, setName] = useState(localStorage.getItem("asobiba.name") || "");
  const [clock, setClock] = useState("");
  const [pace, setPace] = useState("live"); // "live" or "turn-based" (a move a day)
  const [turnHours, setTurnHours] = useState("24");
  const [timeoutPolicy, setTimeoutPolicy] = useState("bot");
  const [botDelay, setBotDelay] = useState("1");
  const [listed, setListed] = useState(false);
  const [openSeats, setOpenSeats] = useState(/** @type {number | null} */ (null)); // null: every free seat open (of a listed room)
  const [learning, setLearning] = useState(false); // a learning room: the coach's verdict after each of my moves
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadGames()
      .then((list) => {
        setGames(list);
        choose(list[0]);
      })
      .catch(() => setError(t("The server cannot be reached.")));
  }, []);

  /** @param {GameEntry} game */
  const choose = (game) => {
    const defaults = Object.fromEntries(game.options.map((option) => [option.name, option.default]));
    setGameName(game.name);
    setPlayers(nearestCount(validPlayerCounts(game, defaults), 3));
    setOptions(defaults);
    setSeats({});
    setError(null);
  };
  // Any change to the form clears the last error: it spoke of what was there before.
  /** @template T @param {(value: T) => void} setter @returns {(value: T) => void} */
  const edited = (setter) => (value) => {
    setError(null);
    setter(value);
  };

  if (!games) return html`<p class="muted">${error || t("Loading…")}</p>`;
  const game = games.find((g) => g.name === gameName);
  if (!game) return html`<p class="muted">${error || t("Loading…")}</p>`;
  /** @param {number} seat */
  const seatKind = (seat) => keptSeatKind(seats[seat] || (seat === 0 ? "human" : "bot:normal"), offeredBotLevels(game, players));
  /** A new player count: a seat's bot level not offered at it falls back (and stays so if the count comes back).
   * @param {number} count */
  const changePlayers = (count) => {
    const offered = offeredBotLevels(game, count);
    setPlayers(count);
    setSeats(Object.fromEntries(Object.entries(seats).map(([seat, kind]) => [seat, keptSeatKind(kind, offered)])));
  };
  // the person seats left for others (seat 0 is the creator's when a person's)
  const freeSeats = [...Array(players).keys()].filter((seat) => seat > 0 && seatKind(seat) === "human").length;
  // a learning room is for a player alone against bots (the server refuses it otherwise)
  const againstBots = seatKind(0) === "human" && [...Array(players).keys()].every((seat) => seat === 0 || seatKind(seat).startsWith("bot:"));
  /** @param {Event} event */
  const create = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    localStorage.setItem("asobiba.name", name);
    /** @type {OptionValues} */
    const chosen = {};
    for (const option of game.options) {
      if (!optionApplies(option, options)) continue;
      const value = optionValue(option, options[option.name]);
      if (JSON.stringify(value) !== JSON.stringify(option.default)) chosen[option.name] = value;
    }
    const body = {
      game: game.name,
      players,
      options: chosen,
      // a seat kept for a player by username, the username left empty: an invited seat as any
      seats: Object.fromEntries(
        [...Array(players).keys()].map((seat) => [String(seat), seatKind(seat) === USER_SEAT ? "human" : seatKind(seat)]),
      ),
      name: name || null,
      bot_delay: Number(botDelay),
      clock: pace === "turn-based" ? { per_decision_hours: Number(turnHours) } : clock ? { per_decision: Number(clock) } : null,
      ...(pace === "turn-based" ? { pace, timeout: timeoutPolicy } : {}),
      listed,
      open_seats: listed && openSeats !== null ? Math.min(openSeats, freeSeats) : null,
      ...(againstBots && learning ? { learning: true } : {}),
    };
    try {
      const made = await postJson("/api/rooms", body);
      if (made.token) rememberToken(made.room, made.token);
      rememberInvites(made.room, made.invites);
      location.assign(`/r/${made.room}`);
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  };
  const playerCounts = validPlayerCounts(game, options);
  /** @param {OptionEntry} option @param {string | boolean} value */
  const changeOption = (option, value) => {
    setError(null);
    const next = { ...options, [option.name]: typeof option.default === "boolean" ? value : optionValue(option, value) };
    if (option.choices && typeof option.default !== "boolean") {
      const choice = option.choices.find((c) => String(c.value) === String(value));
      next[option.name] = choice ? choice.value : value;
    }
    setOptions(next);
    changePlayers(nearestCount(validPlayerCounts(game, next), players));
  };
  /** @param {OptionEntry} option */
  const shown = (option) => optionShown(option, options, players);
  /** @param {OptionEntry} option */
  const optionField = (option) =>
    html`<${OptionField} key=${option.name} option=${option} value=${options[option.name]}
      onChange=${(/** @type {string | boolean} */ value) => changeOption(option, value)} />`;
  const common = game.options.filter((option) => (option.default !== null || option.choices) && shown(option));
  const advanced = game.options.filter((option) => option.default === null && !option.choices && shown(option));
  const rulesPage = `/rules/${game.name}?lang=${lang}`;
  return html`<div class="lobby">
    <${LearnToPlay} lang=${lang} />
    <section class="games" aria-label=${t("Choose a game")}>
      ${games.map(
        (g) => html`<button type="button" class=${`game-choice ${g.name === gameName ? "on" : ""}`}
          data-game=${g.name} aria-pressed=${g.name === gameName} onClick=${() => choose(g)}>
          <strong>${g.title[lang] || g.title.en}</strong>
          ${playerRangeText(g).map((text) => html`<span class="muted">${text}</span>`)}
        </button>`,
      )}
    </section>
    <form class="card-panel new-room" onSubmit=${create}>
      <h2>${game.title[lang] || game.title.en}</h2>
      <p class="howto">${howToPlay(game.name)}</p>
      ${game.howto && game.howto.en
        ? html`<p><a href=${rulesPage} target="_blank" rel="noopener" data-rules-link=${game.name}>${t("Full rules")}</a></p>`
        : null}
      <div class="field">
        <label for="your-name">${t("Your name")}</label>
        <input id="your-name" type="text" maxlength="24" value=${name} onInput=${withValue(edited(setName))} />
      </div>
      <div class="field">
        <label for="players">${t("Players")}</label>
        <select id="players" value=${players} onChange=${withValue((value) => edited(changePlayers)(Number(value)))}>
          ${playerCounts.map((count) => html`<option value=${count}>${count}</option>`)}
        </select>
      </div>
      <fieldset class="seats-choice">
        <legend>${t("Seats")}</legend>
        <p class="doc muted">${t("Friends are invited from the room: it shows a link for each free seat.")}</p>
        <p class="doc muted">${t("The game waits until every person seat is taken, or until you start it with bots in the free seats.")}</p>
        ${[...Array(players).keys()].map(
          (seat) => html`<div class="field seat-row">
            <label for=${`seat-${seat}`}>${seat === 0 ? t("Seat {seat} (you)", { seat }) : t("Seat {seat}", { seat })}</label>
            <select id=${`seat-${seat}`} value=${seatKind(seat).startsWith(USER_SEAT) ? USER_SEAT : seatKind(seat)}
              onChange=${withValue((value) => edited(setSeats)({ ...seats, [seat]: value }))}>
              ${["human", ...offeredBotLevels(game, players).map((level) => `bot:${level}`)].map((kind) => html`<option value=${kind}>${seatKindLabel(kind)}</option>`)}
              ${seat > 0 ? html`<option value=${USER_SEAT}>${t("a player, by username")}</option>` : null}
            </select>
            ${seatKind(seat).startsWith(USER_SEAT)
              ? html`<input id=${`seat-${seat}-username`} type="text" maxlength="24" aria-label=${t("Username")}
                  value=${seatKind(seat).slice(USER_SEAT.length)}
                  onInput=${withValue((value) => edited(setSeats)({ ...seats, [seat]: USER_SEAT + value.trim() }))} />`
              : null}
          </div>`,
        )}
      </fieldset>
      <fieldset>
        <legend>${t("Options")}</legend>
        ${common.map(optionField)}
        ${advanced.length
          ? html`<details><summary>${t("Fixed setups (for tests and puzzles)")}</summary>${advanced.map(optionField)}</details>`
          : null}
        <div class="field">
          <label for="pace">${t("Pace")}</label>
          <select id="pace" value=${pace} onChange=${withValue(edited(setPace))}>
            <option value="live">${t("Live")}</option>
            <option value="turn-based">${t("Turn-based (a move a day)")}</option>
          </select>
        </div>
        ${pace === "turn-based"
          ? html`<div class="field">
                <label for="turn-hours">${t("Time per move")}</label>
                <select id="turn-hours" value=${turnHours} onChange=${withValue(edited(setTurnHours))}>
                  ${[12, 24, 48, 72].map((hours) => html`<option value=${hours}>${t("{hours} hours", { hours })}</option>`)}
                  <option value="168">${t("a week")}</option>
                </select>
              </div>
              <div class="field">
                <label for="timeout-policy">${t("When a player's time runs out")}</label>
                <select id="timeout-policy" value=${timeoutPolicy} onChange=${withValue(edited(setTimeoutPolicy))}>
                  <option value="bot">${t("a bot makes that move")}</option>
                  <option value="forfeit">${t("out at the second time")}</option>
                </select>
              </div>`
          : html`<div class="field">
              <label for="clock">${t("Turn clock")}</label>
              <select id="clock" value=${clock} onChange=${withValue(edited(setClock))}>
                <option value="">${t("off")}</option>
                ${[30, 60, 120, 300].map((s) => html`<option value=${s}>${t("{seconds} s per decision", { seconds: s })}</option>`)}
              </select>
            </div>`}
        <div class="field">
          <label for="bot-delay">${t("Bots wait")}</label>
          <select id="bot-delay" value=${botDelay} onChange=${withValue(edited(setBotDelay))}>
            ${["0", "0.5", "1", "2"].map((s) => html`<option value=${s}>${t("{seconds} s", { seconds: s })}</option>`)}
          </select>
        </div>
      </fieldset>
      ${againstBots
        ? html`<div class="field learning">
            <label><input type="checkbox" id="learning" checked=${learning} onChange=${withChecked(edited(setLearning))} />
              ${t("Learning: after each of my moves, the coach says what it makes of it")}</label>
          </div>`
        : null}
      <div class="field listed">
        <label><input type="checkbox" id="listed" checked=${listed} onChange=${withChecked(edited(setListed))} />
          ${t("List in the lobby (anyone may join); otherwise only those with a link")}</label>
        ${listed && freeSeats > 0
          ? html`<div class="field"><label for="open-seats">${t("Open seats (anyone in the lobby may take one)")}</label>
              <select id="open-seats" value=${openSeats === null ? freeSeats : Math.min(openSeats, freeSeats)}
                onChange=${withValue((value) => edited(setOpenSeats)(Number(value)))}>
                ${[...Array(freeSeats + 1).keys()].map((count) => html`<option value=${count}>${count}</option>`)}
              </select>
              <p class="doc muted">${t("The other free seats are kept for the friends you send their own invite links.")}</p></div>`
          : null}
      </div>
      <div class="create-bar">
        ${error ? html`<p class="error" role="alert">${error}</p>` : null}
        <button class="primary" type="submit" id="create-room" disabled=${busy}>${t("Create the room")}</button>
      </div>
    </form>
    <${OpenRooms} games=${games} />
  </div>`;
}
