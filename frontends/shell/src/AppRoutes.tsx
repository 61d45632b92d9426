import { Redirect, Route, Switch } from 'wouter';
import { RemotePage } from './remotes/RemotePage';
import { RequireCustomer } from './guards/RequireCustomer';
import { RequireAdmin } from './guards/RequireAdmin';
import { NotFound } from './pages/NotFound';
import { Unauthorized } from './pages/Unauthorized';

/**
 * Every path of spec §2, mapped to the remote module that renders it. Order matters:
 * /services/active and /services/completed come before /services/:platform.
 * Pricing pages are public (DESIGN §3); profile and the service lists are customer-protected;
 * the admin remote is requested only behind RequireAdmin (an admin token exists).
 */
export function AppRoutes() {
  return (
    <Switch>
      {/* storefront */}
      <Route path="/">{() => <RemotePage id="storefront/Home" />}</Route>
      <Route path="/services">{() => <RemotePage id="storefront/Catalogue" />}</Route>

      {/* account: must win over /services/:platform */}
      <Route path="/services/active">
        {() => (
          <RequireCustomer>
            <RemotePage id="account/ActiveServices" />
          </RequireCustomer>
        )}
      </Route>
      <Route path="/services/completed">
        {() => (
          <RequireCustomer>
            <RemotePage id="account/CompletedServices" />
          </RequireCustomer>
        )}
      </Route>

      <Route path="/services/:platform">{() => <RemotePage id="storefront/Pricing" />}</Route>
      <Route path="/about">{() => <RemotePage id="storefront/About" />}</Route>
      <Route path="/contact">{() => <RemotePage id="storefront/Contact" />}</Route>
      <Route path="/faq">{() => <RemotePage id="storefront/Faq" />}</Route>
      <Route path="/terms">{() => <RemotePage id="storefront/Terms" />}</Route>
      <Route path="/privacy">{() => <RemotePage id="storefront/Privacy" />}</Route>
      <Route path="/refund">{() => <RemotePage id="storefront/Refund" />}</Route>

      <Route path="/login">{() => <RemotePage id="account/Login" />}</Route>
      <Route path="/profile">
        {() => (
          <RequireCustomer>
            <RemotePage id="account/Profile" />
          </RequireCustomer>
        )}
      </Route>
      <Route path="/unauthorized" component={Unauthorized} />

      {/* admin: login is public and lives in account; the rest loads the admin remote */}
      <Route path="/admin/login">{() => <RemotePage id="account/AdminLogin" />}</Route>
      <Route path="/admin">
        {() => (
          <RequireAdmin>
            <Redirect to="/admin/dashboard" replace />
          </RequireAdmin>
        )}
      </Route>
      <Route path="/admin/dashboard">{() => <AdminPage id="admin/Dashboard" />}</Route>
      <Route path="/admin/add-editService">{() => <AdminPage id="admin/ServiceForm" />}</Route>
      <Route path="/admin/client">{() => <AdminPage id="admin/Clients" />}</Route>
      <Route path="/admin/settings">{() => <AdminPage id="admin/Settings" />}</Route>
      <Route path="/admin/plan">{() => <AdminPage id="admin/Plans" />}</Route>
      <Route path="/admin/edit-plan/:planId">{() => <AdminPage id="admin/EditPlan" />}</Route>
      <Route path="/admin/user-services/:userId">{() => <AdminPage id="admin/UserServices" />}</Route>
      <Route path="/admin/tasks">{() => <AdminPage id="admin/Tasks" />}</Route>
      <Route path="/admin/document/:slug">{() => <AdminPage id="admin/Document" />}</Route>

      <Route component={NotFound} />
    </Switch>
  );
}

function AdminPage({ id }: { id: `admin/${string}` }) {
  return (
    <RequireAdmin>
      <RemotePage id={id} />
    </RequireAdmin>
  );
}
