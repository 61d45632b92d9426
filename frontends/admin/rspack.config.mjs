import { frontendConfig } from '../kit/build/rspack.mjs';

// Remote: the whole /admin area. The shell requests it only for an admin session.
export default frontendConfig({
  appDir: import.meta.dirname,
  name: 'admin',
  kind: 'remote',
  exposes: {
    './Overview': './src/pages/Overview.tsx',
    './Dashboard': './src/pages/Dashboard.tsx',
    './ServiceForm': './src/pages/ServiceForm.tsx',
    './Clients': './src/pages/Clients.tsx',
    './Settings': './src/pages/Settings.tsx',
    './Plans': './src/pages/Plans.tsx',
    './EditPlan': './src/pages/EditPlan.tsx',
    './UserServices': './src/pages/UserServices.tsx',
    './Tasks': './src/pages/Tasks.tsx',
    './Refunds': './src/pages/Refunds.tsx',
    './Document': './src/pages/Document.tsx',
    './AuditLog': './src/pages/AuditLog.tsx',
  },
});
