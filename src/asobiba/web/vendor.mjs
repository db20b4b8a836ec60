// Copies the pinned ES modules from node_modules/ into vendor/ (committed: `pip install .` needs no Node).
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";

const files = [
  ["preact/dist/preact.module.js", "preact.module.js"],
  ["preact/hooks/dist/hooks.module.js", "hooks.module.js"],
  ["htm/dist/htm.module.js", "htm.module.js"],
  ["preact/LICENSE", "LICENSE.preact"],
  ["htm/LICENSE", "LICENSE.htm"],
];
mkdirSync("vendor", { recursive: true });
for (const [from, to] of files) {
  copyFileSync(`node_modules/${from}`, `vendor/${to}`);
}
const versions = Object.fromEntries(
  ["preact", "htm"].map((name) => [name, JSON.parse(readFileSync(`node_modules/${name}/package.json`)).version]),
);
console.log("vendored", versions);
