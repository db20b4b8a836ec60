// An action's data (its `to_json()`: the kind and its fields) as the tokens a person picks in turn:
// the kind first, then each field as "field=value". Pure functions: `node --test` runs them.

/** The tokens of an action's data: `{kind: "bid", card: 3}` -> `["bid", "card=3"]`.
 * @param {Object<string, unknown>} action @returns {Array<string>} */
export function actionTokens(action) {
  const { kind, ...fields } = action;
  return [String(kind), ...Object.entries(fields).map(([field, value]) => `${field}=${fieldText(value)}`)];
}

/** @param {unknown} value @returns {string} */
function fieldText(value) {
  if (value === null) return "none";
  if (Array.isArray(value)) return value.map(fieldText).join(",");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A token in words: a kind as it is written ("take_discard" -> "take discard"), a field as "field: value".
 * @param {string} token @param {(text: string) => string} [words] @returns {string} */
export function tokenText(token, words = (text) => text.replace(/_/g, " ")) {
  const at = token.indexOf("=");
  if (at < 0) return words(token);
  return `${words(token.slice(0, at))}: ${token.slice(at + 1)}`;
}
