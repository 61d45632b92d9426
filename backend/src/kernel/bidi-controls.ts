/**
 * The Unicode bidirectional formatting controls (UAX #9): the Arabic letter mark U+061C, the marks
 * U+200E and U+200F, the embeddings and overrides U+202A-U+202E and the isolates U+2066-U+2069.
 * In a name or a message they reorder what staff read: after U+202E the rest shows reversed, so a
 * name can pass for another one and a link can look like a different one. Nobody types them on
 * purpose, so text that customers enter or a provider panel sends is kept without them
 * (docs/security.md#text-entered-by-customers). Letters of right-to-left scripts are not controls
 * and stay; so does the zero-width joiner of emoji and Indic scripts (U+200D).
 */
export const BIDI_CONTROL_CLASS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CLASS}]`, 'g');

/** `text` without its bidi controls (see above); every other character as it came. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * A stored JSON value (an audit entry's before/after) with every string in it, keys included,
 * without bidi controls: what a customer typed before the controls were removed at entry.
 */
export function jsonWithoutBidiControls(value: unknown): unknown {
  if (typeof value === 'string') return withoutBidiControls(value);
  if (Array.isArray(value)) return value.map(jsonWithoutBidiControls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [withoutBidiControls(key), jsonWithoutBidiControls(inner)]));
  }
  return value;
}
