/**
 * A confirmation that outlives a navigation: a form that leaves its page after saving (the service
 * form goes back to the services) sets it, the page it lands on shows it once as its toast. One
 * module instance serves the whole admin remote, so a plain variable carries it.
 */
let pending: string | null = null;

export function setFlash(message: string): void {
  pending = message;
}

/** The waiting message, once (null when none). */
export function takeFlash(): string | null {
  const message = pending;
  pending = null;
  return message;
}
