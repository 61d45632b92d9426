/** A timestamptz as read: a Date from TypeORM's hydration; text or a Date from a raw query. */
export function dateOf(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}
