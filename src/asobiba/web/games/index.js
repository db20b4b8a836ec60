import { gameTitle } from "../i18n.js";
import cockroachPoker from "./cockroach_poker.js";
import paperSafari from "./paper_safari.js";
import survive from "./survive.js";

/** Each game's picture and how its actions are picked, by the game's name. */
export const GAMES = {
  "cockroach-poker": { ...cockroachPoker, title: () => gameTitle("cockroach-poker") },
  "paper-safari": { ...paperSafari, title: () => gameTitle("paper-safari") },
  survive: { ...survive, title: () => gameTitle("survive") },
};
