// The one rspack + Module Federation configuration of the frontends. Every app's
// rspack.config.mjs calls `frontendConfig` with its own name and exposes, so the shared
// singletons, loaders, file naming and precompression are set in exactly one place.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './gzip-plugin.mjs';

/** `rspack serve` ports; the shell proxies /api and /remotes to the backend on :3000. */
const DEV_PORTS = { shell: 4200, storefront: 4201, account: 4202, admin: 4203 };

const kitDir = fileURLToPath(new URL('..', import.meta.url));
const kitPackage = JSON.parse(readFileSync(join(kitDir, 'package.json'), 'utf8'));

/**
 * Shared singletons (docs/architecture.md#frontends): React with its subpaths, the router and kit. Keep this list
 * short: shared modules are not tree-shaken and all land in the first load.
 */
export function sharedSingletons(appPackage, { eager = false } = {}) {
  const deps = appPackage.dependencies ?? {};
  const range = (name) => {
    if (!deps[name]) throw new Error(`${appPackage.name} must depend on ${name} to share it`);
    return deps[name];
  };
  const singleton = (requiredVersion) => ({ singleton: true, eager, requiredVersion, strictVersion: false });
  return {
    react: singleton(range('react')),
    'react/jsx-runtime': singleton(range('react')),
    'react-dom': singleton(range('react-dom')),
    'react-dom/client': singleton(range('react-dom')),
    wouter: singleton(range('wouter')),
    '@growth/kit': { ...singleton(range('@growth/kit')), version: kitPackage.version },
  };
}

/**
 * Packages of the federation runtime that hold no state of their own: the shell carries them anyway
 * (its bundler runtime and the runtime core it provides to the remotes) and puts them on the global
 * object (share-federation-helpers.cjs); a remote's remoteEntry.js takes them from there instead of
 * bundling a copy (about 4.5 KB of Brotli less per remote entry, docs/operations.md). The bundler
 * runtime and @module-federation/runtime keep per-container state (share scopes, the instance), so
 * every container keeps its own.
 */
const FEDERATION_HELPER_GLOBALS = {
  '@module-federation/sdk': '_FEDERATION_SDK',
  '@module-federation/error-codes': '_FEDERATION_ERROR_CODES',
};

/**
 * @param {object} options
 * @param {string} options.appDir         the app's folder (pass `import.meta.dirname`)
 * @param {string} options.name           federation name, e.g. 'storefront'
 * @param {'host'|'remote'} options.kind
 * @param {Record<string,string>} [options.exposes]  remote route components
 * @param {string} [options.title]        host only: the HTML title
 */
export function frontendConfig({ appDir, name, kind, exposes, title }) {
  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const production = mode === 'production';
    const appPackage = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
    const isHost = kind === 'host';
    const hashed = production ? '.[contenthash:8]' : '';

    const federation = new ModuleFederationPlugin({
      name,
      dts: false,
      // 'loaded-first': never fetch other remotes' entries just to compare shared versions;
      // a visitor of / must not download the account or admin remote.
      shareStrategy: 'loaded-first',
      // The host bundles its singletons into main.js (eager): they are needed before the first paint
      // anyway, and as separate chunks they were requested only after main.js had run, one round
      // trip later. Remotes keep theirs lazy and use the host's (loaded-first).
      shared: sharedSingletons(appPackage, { eager: isHost }),
      ...(isHost
        ? {
            remotes: {},
            runtimePlugins: [[join(kitDir, 'build/share-federation-helpers.cjs'), FEDERATION_HELPER_GLOBALS]],
            experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
          }
        : {
            filename: 'remoteEntry.js',
            exposes,
            manifest: true,
            experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
          }),
    });

    const plugins = [federation];
    if (isHost) {
      plugins.push(
        new rspack.HtmlRspackPlugin({
          template: join(appDir, 'src/index.html'),
          title,
          minify: production,
        }),
        // The path -> remote page table, for the backend's preload hints (served no-cache).
        new rspack.CopyRspackPlugin({
          patterns: [{ from: join(kitDir, 'src/routes/page-routes.json'), to: 'page-routes.json' }],
        }),
      );
    }
    if (production) plugins.push(new PrecompressPlugin());

    return {
      mode,
      context: appDir,
      // Remotes need no entry of their own: the container (remoteEntry.js) is their entry.
      entry: isHost ? { main: './src/main.tsx' } : {},
      devtool: production ? false : 'cheap-module-source-map',
      ...(isHost
        ? {}
        : {
            externals: Object.fromEntries(
              Object.entries(FEDERATION_HELPER_GLOBALS).map(([request, global]) => [request, `global ${global}`]),
            ),
          }),
      target: ['web', 'es2020'],
      output: {
        path: resolve(appDir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `growth_${name}`,
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        cssFilename: `[name]${hashed}.css`,
        cssChunkFilename: `[name]${hashed}.css`,
        assetModuleFilename: `assets/[name]${production ? '.[contenthash:8]' : ''}[ext]`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset' },
        ],
        parser: {
          'css/auto': { namedExports: false },
        },
        generator: {
          'css/auto': {
            localIdentName: production ? `${name}-[hash:6]` : `${name}-[name]__[local]`,
            exportsConvention: 'camel-case-only',
          },
        },
      },
      optimization: {
        // Let federation decide chunking of shared modules; keep names short and stable.
        chunkIds: production ? 'deterministic' : 'named',
        moduleIds: production ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      plugins,
      devServer: isHost
        ? {
            port: DEV_PORTS.shell,
            historyApiFallback: true,
            proxy: [{ context: ['/api', '/remotes'], target: 'http://localhost:3000' }],
          }
        : { port: DEV_PORTS[name], headers: { 'Access-Control-Allow-Origin': '*' } },
    };
  };
}

