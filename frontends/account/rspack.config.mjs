import { frontendConfig } from '../kit/build/rspack.mjs';

// Remote: sign-in/register, profile, active/completed services, receipts, admin login.
export default frontendConfig({
  appDir: import.meta.dirname,
  name: 'account',
  kind: 'remote',
  exposes: {
    './Login': './src/pages/Login.tsx',
    './Profile': './src/pages/Profile.tsx',
    './ActiveServices': './src/pages/ActiveServices.tsx',
    './CompletedServices': './src/pages/CompletedServices.tsx',
    './AdminLogin': './src/pages/AdminLogin.tsx',
    './Receipt': './src/pages/Receipt.tsx',
  },
});
