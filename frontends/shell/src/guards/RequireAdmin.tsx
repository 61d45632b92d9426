import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { hasAdminSession } from '@growth/kit';

/**
 * Admin routes: without `adminToken` in local storage go to /admin/login. Children (the admin
 * remote) are only rendered, and so only downloaded, when an admin token exists.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  if (!hasAdminSession()) return <Redirect to="/admin/login" replace />;
  return <>{children}</>;
}
