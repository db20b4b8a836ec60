// What a form field's event says, for the handlers of the page's templates: the text of the field
// (an <input>, a <select>, a <textarea>) or whether its checkbox is checked, read from the element
// the handler is on. `onInput=${withValue(setName)}`.

/** The text of the field the event's handler is on ("" for an element that holds none).
 * @param {Event} event @returns {string} */
export function fieldValue(event) {
  const field = event.currentTarget;
  const holdsText =
    field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement;
  return holdsText ? field.value : "";
}

/** A handler giving `use` the field's text. @param {(value: string) => void} use @returns {(event: Event) => void} */
export function withValue(use) {
  return (event) => use(fieldValue(event));
}

/** A handler giving `use` whether the field's checkbox is checked.
 * @param {(checked: boolean) => void} use @returns {(event: Event) => void} */
export function withChecked(use) {
  return (event) => use(event.currentTarget instanceof HTMLInputElement && event.currentTarget.checked);
}

/** A handler selecting the whole text of the field it is on (a link to copy). @param {Event} event */
export function selectAll(event) {
  if (event.currentTarget instanceof HTMLInputElement) event.currentTarget.select();
}
