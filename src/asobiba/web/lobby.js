import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { loadGames } from "./games.js";
import { currentLang, howToPlay, t } from "./i18n.js";

const SEAT_KINDS = ["human", "bot:random", "bot:easy", "bot:normal", "bot:hard"];
const SEAT_LABELS = {
  human: () => t("person"),
  "bot:random": () => t("bot (random)"),
  "bot:easy": () => t("bot (easy)"),
  "bot:normal": () => t("bot (normal)"),
  "bot:hard": () => t("bot (hard)"),
};

export function seatKindLabel(kind) {
  return (SEAT_LABELS[kind] || (() => kind))();
}

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

export function rememberToken(room, token) {
  localStorage.setItem(`asobiba.token.${room}`, token);
}

function optionValue(option, raw) {
  if (typeof option.default === "boolean") return raw;
  if (raw === "" || raw === null || raw === undefined) return null;
  if (typeof option.default === "number" || option.bounds) {
    const number = Number(raw);
    return Number.isFinite(number) ? number : raw;
  }
  return raw;
}

function OptionField({ option, value, onChange }) {
  const doc = currentLang() === "ja" ? option.doc.ja : option.doc.en;
  const id = `option-${option.name}`;
  let input;
  if (typeof option.default === "boolean") {
    input = html`<input id=${id} type="checkbox" checked=${value} onChange=${(e) => onChange(e.target.checked)} />`;
  } else if (option.choices) {
    input = html`<select id=${id} value=${value ?? ""} onChange=${(e) => onChange(e.target.value)}>
      ${option.default === null ? html`<option value="">—</option>` : null}
      ${option.choices.map((choice) => html`<option value=${choice}>${String(choice)}</option>`)}
    </select>`;
  } else if (option.bounds || typeof option.default === "number") {
    const [low, high] = option.bounds || [null, null];
    input = html`<input id=${id} type="number" min=${low} max=${high} value=${value ?? ""}
      onInput=${(e) => onChange(e.target.value)} />`;
  } else {
    input = html`<input id=${id} type="text" value=${value ?? ""} onInput=${(e) => onChange(e.target.value)} />`;
  }
  return html`<div class="field option">
    <label for=${id}>${option.name}</label>${input}
    <p class="doc">${doc} <span class="default">(${t("default")}: ${String(option.default ?? "—")})</span></p>
  </div>`;
}

function OpenRooms({ games }) {
  const [rooms, setRooms] = useState(null);
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
  const title = (name) => {
    const game = games.find((g) => g.name === name);
    return game ? game.title[currentLang()] || game.title.en : name;
  };
  return html`<section class="open-rooms card-panel">
    <h2>${t("Open rooms")}</h2>
    ${rooms.length === 0 ? html`<p class="muted">${t("No open rooms right now.")}</p>` : null}
    <ul>
      ${rooms.map((room) => {
        const free = room.seats.filter((seat) => seat.kind === "human" && !seat.occupied).length;
        return html`<li>
          <a href=${`/r/${room.room}`} data-room=${room.room}>${title(room.game)} — ${room.name || room.room}</a>
          <span class="muted"> ${t("{free} free seats", { free })} · ${t("{count} watching", { count: room.spectators })}</span>
        </li>`;
      })}
    </ul>
  </section>`;
}

export function Lobby({ lang }) {
  const [games, setGames] = useState(null);
  const [gameName, setGameName] = useState(null);
  const [players, setPlayers] = useState(3);
  const [options, setOptions] = useState({});
  const [seats, setSeats] = useState({});
  const [name, setName] = useState(localStorage.getItem("asobiba.name") || "");
  const [clock, setClock] = useState("");
  const [botDelay, setBotDelay] = useState("1");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadGames()
      .then((list) => {
        setGames(list);
        choose(list[0], list);
      })
      .catch(() => setError(t("The server cannot be reached.")));
  }, []);

  const choose = (game) => {
    setGameName(game.name);
    setPlayers(Math.min(Math.max(3, game.min_players), game.max_players));
    setOptions(Object.fromEntries(game.options.map((option) => [option.name, option.default])));
    setSeats({});
  };

  if (!games) return html`<p class="muted">${error || t("Loading…")}</p>`;
  const game = games.find((g) => g.name === gameName);
  const seatKind = (seat) => seats[seat] || (seat === 0 ? "human" : "bot:normal");
  const create = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    localStorage.setItem("asobiba.name", name);
    const chosen = {};
    for (const option of game.options) {
      const value = optionValue(option, options[option.name]);
      if (JSON.stringify(value) !== JSON.stringify(option.default)) chosen[option.name] = value;
    }
    const body = {
      game: game.name,
      players,
      options: chosen,
      seats: Object.fromEntries([...Array(players).keys()].map((seat) => [String(seat), seatKind(seat)])),
      name: name || null,
      bot_delay: Number(botDelay),
      clock: clock ? { per_decision: Number(clock) } : null,
    };
    try {
      const made = await postJson("/api/rooms", body);
      if (made.token) rememberToken(made.room, made.token);
      location.assign(`/r/${made.room}`);
    } catch (failure) {
      setError(failure.message);
      setBusy(false);
    }
  };
  const common = game.options.filter((option) => option.default !== null || option.choices);
  const advanced = game.options.filter((option) => !common.includes(option));
  const optionField = (option) =>
    html`<${OptionField} key=${option.name} option=${option} value=${options[option.name]}
      onChange=${(value) => setOptions({ ...options, [option.name]: value })} />`;
  const rulesFile = `/rules/${game.name.replace(/-/g, "_")}.${lang}.md`;
  return html`<div class="lobby">
    <section class="games" aria-label=${t("Choose a game")}>
      ${games.map(
        (g) => html`<button type="button" class=${`game-choice ${g.name === gameName ? "on" : ""}`}
          data-game=${g.name} aria-pressed=${g.name === gameName} onClick=${() => choose(g)}>
          <strong>${g.title[lang] || g.title.en}</strong>
          <span class="muted">${t("{low}–{high} players", { low: g.min_players, high: g.max_players })}</span>
        </button>`,
      )}
    </section>
    <form class="card-panel new-room" onSubmit=${create}>
      <h2>${game.title[lang] || game.title.en}</h2>
      <p class="howto">${howToPlay(game.name)}</p>
      ${game.howto && game.howto.en ? html`<p><a href=${rulesFile} target="_blank" rel="noopener">${t("Full rules")}</a></p>` : null}
      <div class="field">
        <label for="your-name">${t("Your name")}</label>
        <input id="your-name" type="text" maxlength="40" value=${name} onInput=${(e) => setName(e.target.value)} />
      </div>
      <div class="field">
        <label for="players">${t("Players")}</label>
        <select id="players" value=${players} onChange=${(e) => setPlayers(Number(e.target.value))}>
          ${[...Array(game.max_players - game.min_players + 1).keys()].map(
            (i) => html`<option value=${game.min_players + i}>${game.min_players + i}</option>`,
          )}
        </select>
      </div>
      <fieldset class="seats-choice">
        <legend>${t("Seats")}</legend>
        ${[...Array(players).keys()].map(
          (seat) => html`<div class="field seat-row">
            <label for=${`seat-${seat}`}>${seat === 0 ? t("p{seat} (you)", { seat }) : `p${seat}`}</label>
            <select id=${`seat-${seat}`} value=${seatKind(seat)}
              onChange=${(e) => setSeats({ ...seats, [seat]: e.target.value })}>
              ${SEAT_KINDS.map((kind) => html`<option value=${kind}>${seatKindLabel(kind)}</option>`)}
            </select>
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
          <label for="clock">${t("Turn clock")}</label>
          <select id="clock" value=${clock} onChange=${(e) => setClock(e.target.value)}>
            <option value="">${t("off")}</option>
            ${[30, 60, 120, 300].map((s) => html`<option value=${s}>${t("{seconds} s per decision", { seconds: s })}</option>`)}
          </select>
        </div>
        <div class="field">
          <label for="bot-delay">${t("Bots wait")}</label>
          <select id="bot-delay" value=${botDelay} onChange=${(e) => setBotDelay(e.target.value)}>
            ${["0", "0.5", "1", "2"].map((s) => html`<option value=${s}>${t("{seconds} s", { seconds: s })}</option>`)}
          </select>
        </div>
      </fieldset>
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
      <button class="primary" type="submit" id="create-room" disabled=${busy}>${t("Create the room")}</button>
    </form>
    <${OpenRooms} games=${games} />
  </div>`;
}
