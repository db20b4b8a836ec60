// A seat named "You" (a tutorial's learner) read in the second person, as core/names.py reads it: the
// game's lines are written in the third person ("p0 answers", "p0's explorer", "his cards"), so where
// that seat is the subject its verbs lose their -s ("You answer", "you take"), its possessive and the
// clause's "his"/"her"/"their" become "your", "of p0" becomes "of yours", and "you" takes a capital
// only where a sentence starts. Only English says "You"; other languages' names are left as they are.

/** The name of a seat read in the second person. */
export const SECOND_PERSON = "You";

/** Verbs whose second person is not the third person without its -s. @type {Object<string, string>} */
const IRREGULAR_VERBS = { is: "are", was: "were", has: "have", does: "do", goes: "go" };

// The second-person seat and its possessive while the text is rewritten (characters no text holds).
export const YOU = "\u0000";
const YOUR = "\u0001";
/** The second-person seat as a clause's subject (at the start or after a clause's end), its verb, the clause. */
const SUBJECT = /(^|[.;:!?] )\u0000 ([a-z]+)([^.;:!?“\u0000\u0001]*)/g;
/** Where "you" is a sentence's first word (a capital): at the start, after a sentence or a colon. */
const SENTENCE_START = /(^|[.!?:] )([\u0000\u0001])/g;

/** A verb of the third person singular in the second person ("answers" → "answer"). @param {string} verb */
export function baseForm(verb) {
  if (Object.hasOwn(IRREGULAR_VERBS, verb)) return IRREGULAR_VERBS[verb];
  if (/(ss|sh|ch|x|z)es$/.test(verb)) return verb.slice(0, -2);
  if (verb.endsWith("ies") && verb.length > 4) return `${verb.slice(0, -3)}y`;
  if (verb.endsWith("s") && !verb.endsWith("ss")) return verb.slice(0, -1);
  return verb;
}

/** `text`, where the second-person seat is written YOU, read in the second person. @param {string} text */
export function secondPerson(text) {
  const marked = text.replaceAll(`of ${YOU}`, "of yours").replaceAll(`${YOU}'s `, `${YOUR} `);
  const agreed = marked.replace(SUBJECT, (whole, before, verb, rest) => {
    const clause = rest
      .replace(/\band ([a-z]+s)\b/g, (/** @type {string} */ joined, /** @type {string} */ other) => `and ${baseForm(other)}`)
      .replace(/\b(his|her|their)\b/g, "your");
    return `${before}${YOU} ${baseForm(verb)}${clause}`;
  });
  return agreed
    .replace(SENTENCE_START, (whole, before, mark) => before + (mark === YOU ? "You" : "Your"))
    .replaceAll(YOU, "you")
    .replaceAll(YOUR, "your");
}
