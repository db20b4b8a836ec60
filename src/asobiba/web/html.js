import { h } from "preact";
import htm from "htm";

/** Tagged templates for Preact: text is always set as text (no innerHTML anywhere). */
export const html = htm.bind(h);
