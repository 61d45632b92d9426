/** A UUID in its canonical text form, any version, either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `text` can be a row id. Ids come from request bodies and job payloads: anything else is
 * "not found" before it reaches PostgreSQL, which would refuse it as `invalid input syntax for type
 * uuid` (an error instead of a clean 404).
 */
export function isUuid(text: unknown): text is string {
  return typeof text === 'string' && UUID.test(text);
}
