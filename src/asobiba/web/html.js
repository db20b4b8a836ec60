import { h } from "preact";
import htm from "htm";

/** Tagged templates for Preact: text is always set as text, never parsed as HTML. */
export const html = htm.bind(h);
