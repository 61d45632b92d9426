import { frontendConfig } from '../kit/build/rspack.mjs';

// Module Federation host: no static remotes; their locations come from /api/runtime-config.
export default frontendConfig({
  appDir: import.meta.dirname,
  name: 'shell',
  kind: 'host',
  title: 'SocialGrowth: real growth for your social accounts',
  ssrEntry: './src/ssr/server.tsx',
});
