// The renderer contract: what the room gives a game's renderer, and what it asks of it
// (docs/adding-a-game.md, "A renderer of your own"). A renderer module's default export is a
// `RendererParts` (any of the parts); games.js lays it over the generic table's, so the room always
// holds a whole `Renderer`. Types only (JSDoc for `tsc --checkJs`, tests/test_js.py): nothing here runs.

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").PendingEnvelope} Pending */
/** @typedef {import("./wire.js").LegalAction} LegalAction */

/**
 * An event of a state's `events`, as the seat may see it: `{event, …its fields, text}` (the game's own).
 * @typedef {Object<string, any>} WireEvent
 */

/**
 * A seat's name in the room (its person's name, or the seat's words when it has none).
 * @callback SeatName
 * @param {number} player
 * @returns {string}
 */

/**
 * The decision being picked on the picture (picker.js `makePicker`).
 * @typedef {object} Picker
 * @property {Array<string>} picked every token picked so far (with the steps that were no choice)
 * @property {Array<string>} requested the tokens the person picked
 * @property {(token: string) => boolean} isPicked
 * @property {(token: string, label?: string) => (Object<string, any> | null)} pick props that make a
 *   picture element pickable, or null when that token cannot be chosen now
 * @property {Array<string>} offered the next tokens the picture does not draw (shown as buttons)
 * @property {Map<string, Array<{entry: LegalAction, tokens: Array<string>}>>} next the next tokens,
 *   each with the actions it leads to
 * @property {Array<LegalAction>} complete the actions already complete
 * @property {(token: string, label?: string) => (Object<string, any> | null)} props
 * @property {() => void} cancel
 * @property {() => void} undo take back the last step the person picked
 * @property {boolean} confirming every step is taken and the action waits for its confirming click
 * @property {(notation: string) => void} act
 */

/**
 * What the room passes a game's `Table`.
 * @typedef {object} TableProps
 * @property {View} view the shown state's view
 * @property {number | null} seat the connection's seat (null: a spectator)
 * @property {Picker} picker
 * @property {Array<WireEvent>} recent the shown state's events
 * @property {SeatName} name
 * @property {Set<string> | null} [highlight] the places of the log line pointed at (`eventPlaces`)
 */

/**
 * A game's picture and words. The generic table (generic.js) has every required part.
 * @typedef {object} Renderer
 * @property {(props: TableProps) => any} Table draws the view; `picker.pick(token, label)` makes an
 *   element pickable
 * @property {(entry: LegalAction, view: View) => Array<string>} tokens the tokens a person picks in
 *   turn for a legal action, from `entry.action` (its `to_json()`)
 * @property {(token: string, picked: Array<string>) => boolean} drawn whether the picture draws a
 *   token (else it is a button)
 * @property {(token: string, view?: View) => string} tokenLabel a token in words, as the view shows
 *   it (a player stays "p1": the room names the seat)
 * @property {(pending: Pending, view: View, mine?: boolean) => string} kindText the decision to make,
 *   in words: to its player (`mine`, the default: "your hand") or about another ("their hand")
 * @property {(view: View, name: SeatName) => string} resultText the end of the game, in words
 * @property {(entry: LegalAction) => boolean} [costly] whether choosing it asks for a confirming
 *   click (with "confirm moves" on)
 * @property {string} [scoreHeading] what the result's scores count, as a message of the page's catalog
 *   (the heading of the standings' column; "Score" when none is given)
 * @property {(event: WireEvent) => Array<string>} [eventPlaces] the places an event of the log
 *   happened at (highlighted when its line is pointed at)
 */

/**
 * A renderer module's default export: any parts of a `Renderer` (the generic table's fill the rest).
 * @typedef {Partial<Renderer>} RendererParts
 */

export {};
