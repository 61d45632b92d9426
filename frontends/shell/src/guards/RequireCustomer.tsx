import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Spinner, useAuth } from '@growth/kit';

/**
 * Customer-protected routes: a spinner while the session loads; a signed-out visitor goes to
 * /login with the origin in `?next=` so sign-in can bring them back.
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const { loading, isAuthenticated } = useAuth();
  const [location] = useLocation();
  const search = useSearch();

  if (loading) return <Spinner label="Checking your session…" />;
  if (!isAuthenticated) {
    const origin = search ? `${location}?${search}` : location;
    return <Redirect to={`/login?next=${encodeURIComponent(origin)}`} replace />;
  }
  return <>{children}</>;
}
