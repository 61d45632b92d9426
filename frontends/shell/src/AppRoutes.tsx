import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { PageGuard } from '@growth/kit/routes';
import { PAGE_ROUTES } from '@growth/kit/routes';
import { RemotePage } from './remotes/RemotePage';
import { RequireCustomer } from './guards/RequireCustomer';
import { RequireAdmin } from './guards/RequireAdmin';
import { NotFound } from './pages/NotFound';
import { Unauthorized } from './pages/Unauthorized';

/**
 * Every path of docs/product.md#screens-and-routes. The remote pages come from kit's PAGE_ROUTES (the one path -> remote
 * table, also read by the backend for preload hints), in its order: /services/active and
 * /services/completed come before /services/:platform. Pricing pages are public (docs/product.md#screens-and-routes);
 * profile and the service lists are customer-protected; the admin remote is requested only behind
 * RequireAdmin (an admin token exists). Admin login is public and lives in account.
 */
export function AppRoutes() {
  return (
    <Switch>
      {PAGE_ROUTES.map(({ path, page, guard }) => (
        <Route key={path} path={path}>
          {() => guarded(guard, <RemotePage id={page} />)}
        </Route>
      ))}
      <Route path="/unauthorized" component={Unauthorized} />
      <Route path="/admin">
        {() => (
          <RequireAdmin>
            <Redirect to="/admin/overview" replace />
          </RequireAdmin>
        )}
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}

function guarded(guard: PageGuard | undefined, page: ReactNode) {
  if (guard === 'customer') return <RequireCustomer>{page}</RequireCustomer>;
  if (guard === 'admin') return <RequireAdmin>{page}</RequireAdmin>;
  return page;
}
