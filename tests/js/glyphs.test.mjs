// Icons are drawn SVG: no character of the blocks a font often lacks (Miscellaneous Technical, where
// ⏮ ⏭ ⏱ live, and the emoji planes) is written by the client's modules or the games' renderers.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const ROOT = new URL("../../src/asobiba/", import.meta.url).pathname;
const RISKY = /[\u2300-\u23ff\u{1f300}-\u{1faff}]/u;

function sources() {
  const web = readdirSync(join(ROOT, "web")).filter((name) => name.endsWith(".js")).map((name) => join(ROOT, "web", name));
  const games = readdirSync(join(ROOT, "games"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => readdirSync(join(ROOT, "games", entry.name)).filter((name) => name === "renderer.js" || name === "renderer.css").map((name) => join(ROOT, "games", entry.name, name)));
  return [...web, ...games, join(ROOT, "web", "style.css"), join(ROOT, "web", "i18n.json")];
}

test("no glyph a font may lack is written outside comments", () => {
  const found = [];
  for (const path of sources()) {
    readFileSync(path, "utf8").split("\n").forEach((line, index) => {
      const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, "");
      if (RISKY.test(code)) found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});
