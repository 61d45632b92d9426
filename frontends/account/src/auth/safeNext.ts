/**
 * Where to go after signing in: `next` when it is a local path ('/' but not '//' or '/\'),
 * never the auth screen itself; otherwise '/'.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login#')) return '/';
  return next;
}
