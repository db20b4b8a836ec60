import { h } from "preact";
import htm from "htm";

/** Tagged templates for Preact: text is always set as text, never parsed as HTML. */
export const html = htm.bind(h);

/** What a template makes (one element, or several). @typedef {ReturnType<typeof html>} Markup */
