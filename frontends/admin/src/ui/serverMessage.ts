/**
 * The server's text of a failed call: kit's ApiError carries the envelope's `message` (else
 * `error`) as its message; any other Error its own message; anything else null.
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof Error && error.message.trim() !== '') return error.message.trim();
  if (typeof error === 'string' && error.trim() !== '') return error.trim();
  return null;
}
