import { BIDI_CONTROL_CLASS } from '../../../kernel/bidi-controls';

/**
 * Control characters (C0 but tab, line feed and carriage return; DEL; C1): PostgreSQL text cannot
 * hold NUL, and none of them is meant to be read. With them the bidi controls of the shared kernel
 * (kernel/bidi-controls.ts): a panel's U+202E would show staff its words reversed.
 */
const CONTROL = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROL_CLASS}]`, 'g');
const BLANK = /^[\s\u0000-\u001f\u007f-\u009f]*$/;

/**
 * Text a provider panel sent, made fit to keep and show: control characters removed, trimmed, and
 * cut to at most `max` characters (code points, so an emoji is never split), ending in '…' when
 * cut. Null when nothing is left.
 */
export function boundedText(value: string, max: number): string | null {
  // A 5 MiB text is cut before it is cleaned: only its start can be kept (unless the rest is blank).
  const head = value.length > max * 4 + 64 ? value.slice(0, max * 4 + 64) : value;
  const cutOff = head.length < value.length && !BLANK.test(value.slice(head.length));
  const clean = head.replace(CONTROL, '').trim();
  if (!clean) return null;
  const points = Array.from(clean);
  if (points.length <= max && !cutOff) return clean;
  return `${points
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * A provider's value as a note for staff shows it: text JSON-quoted, anything else as its JSON
 * (a number, `{"$gt":""}`, `[1]`), cut to `max` characters. `clean` runs on the whole text before
 * it is cut (the adapter removes its key there: cut first, a key could be left in part).
 */
export function quoted(value: unknown, max = 40, clean: (text: string) => string = (text) => text): string {
  if (typeof value === 'string') return JSON.stringify(boundedText(clean(value), max) ?? '');
  if (typeof value === 'number') return String(value);
  return boundedText(clean(JSON.stringify(value) ?? String(value)), max) ?? '';
}
