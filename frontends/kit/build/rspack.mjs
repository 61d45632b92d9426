// The one rspack + Module Federation configuration of the frontends. Every app's
// rspack.config.mjs calls `frontendConfig` with its own name and exposes, so the shared
// singletons, loaders, file naming and precompression are set in exactly one place.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './gzip-plugin.mjs';

/** `rspack serve` ports; the shell proxies /api and /remotes to the backend on :3000. */
const DEV_PORTS = { shell: 4200, storefront: 4201, account: 4202, admin: 4203 };

const kitDir = fileURLToPath(new URL('..', import.meta.url));
const kitPackage = JSON.parse(readFileSync(join(kitDir, 'package.json'), 'utf8'));

/**
 * How both builds (the browser's and the server's) find modules: @growth/contracts from its
 * TypeScript source (its `@growth/source` export), which rspack compiles and tree-shakes like kit's
 * (its dist/ is the backend's CommonJS for Node).
 */
const RESOLVE = {
  extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
  conditionNames: ['@growth/source', '...'],
  alias: { 'use-sync-external-store/shim/index.js$': join(kitDir, 'build/use-sync-external-store-shim.mjs') },
};

/** TypeScript and JSX through swc, for both builds; `development` turns on React's dev JSX. */
function scriptRule(development) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development } },
      },
    },
    type: 'javascript/auto',
  };
}

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

const requireHere = createRequire(import.meta.url);

/**
 * The federation runtime as ES modules. By default rspack's federation plugin loads its bundler
 * runtime (and through it @module-federation/runtime, runtime-core, sdk, error-codes) as CommonJS,
 * which is never tree-shaken: every build carried all of it, the remotes' node-only and snapshot code
 * included. Aliasing each package (its bare name and the CommonJS file the plugin names by path) to its
 * ESM build lets rspack drop what a build does not use (about 4 KB of Brotli less in the shell's
 * main.js and 5 KB in each remoteEntry.js; docs/operations.md). Every copy must go: two copies of
 * @module-federation/runtime would be two federation instances, so `finishModules` fails the build
 * if a CommonJS file of these packages is still bundled.
 */
function federationRuntimeAsEsm() {
  const packages = {
    '@module-federation/webpack-bundler-runtime': 'index.js',
    '@module-federation/runtime': 'index.js',
    '@module-federation/runtime-core': 'index.js',
    '@module-federation/sdk': 'index.js',
    '@module-federation/error-codes': 'index.mjs',
  };
  const alias = {};
  const commonJsFiles = new Set();
  for (const [name, esmFile] of Object.entries(packages)) {
    const commonJs = requireHere.resolve(name); // <package>/dist/index.cjs
    const esm = join(dirname(commonJs), esmFile);
    alias[`${name}$`] = esm;
    alias[commonJs] = esm;
    commonJsFiles.add(commonJs);
  }
  // The shell's inject-external-runtime-core plugin asks for runtime-core through runtime-tools.
  alias['@module-federation/runtime-tools/runtime-core$'] = alias['@module-federation/runtime-core$'];
  return {
    apply(compiler) {
      // After the federation plugin has set its own alias of @module-federation/runtime.
      compiler.hooks.afterPlugins.tap('FederationRuntimeAsEsm', () => {
        compiler.options.resolve.alias = { ...compiler.options.resolve.alias, ...alias };
      });
      compiler.hooks.compilation.tap('FederationRuntimeAsEsm', (compilation) => {
        compilation.hooks.finishModules.tap('FederationRuntimeAsEsm', (modules) => {
          for (const module of modules) {
            if (commonJsFiles.has(module.resource)) {
              compilation.errors.push(
                new rspack.WebpackError(`${module.resource}: the CommonJS copy of a federation runtime package is bundled (kit/build/rspack.mjs federationRuntimeAsEsm)`),
              );
            }
          }
        });
      });
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir         the app's folder (pass `import.meta.dirname`)
 * @param {string} options.name           federation name, e.g. 'storefront'
 * @param {'host'|'remote'} options.kind
 * @param {Record<string,string>} [options.exposes]  remote route components
 * @param {string} [options.title]        host only: the HTML title
 * @param {string} [options.ssrEntry]     the app's server-rendering entry, built for Node into dist/ssr/server.cjs
 */
export function frontendConfig({ appDir, name, kind, exposes, title, ssrEntry }) {
  return (env, argv = {}) => {
    const web = webConfig({ appDir, name, kind, exposes, title }, argv);
    // `rspack serve` (env.WEBPACK_SERVE) serves the browser build only.
    return ssrEntry && !env?.WEBPACK_SERVE ? [web, ssrConfig({ appDir, name, kind, entry: ssrEntry }, web.mode)] : web;
  };
}

/** The names a remote's server bundle takes from the shell's (the federation's shared singletons, exactly as shared). */
export const SSR_SHARED = ['react', 'react/jsx-runtime', 'react-dom', 'wouter', '@growth/kit'];

/**
 * The server-rendering build of an app (docs/architecture.md#server-rendering): the same components,
 * for Node, as one CommonJS file dist/ssr/server.cjs that the backend loads (and loads again when a
 * redeploy replaces it). CSS modules give only their class names, computed as in the browser build
 * (same context, uniqueName and localIdentName), so the server's markup carries the browser's
 * classes. The host's bundle holds React, react-dom/server, the router and kit and hands them to
 * the remotes' bundles, which leave exactly the shared singletons out (SSR_SHARED), as Module
 * Federation does in the browser: one React and one kit (its contexts) per render.
 */
function ssrConfig({ appDir, name, kind, entry }, mode) {
  const production = mode === 'production';
  const isHost = kind === 'host';
  return {
    name: `${name}-ssr`,
    mode,
    context: appDir,
    entry: { server: entry },
    devtool: false,
    target: 'node20',
    output: {
      path: resolve(appDir, 'dist/ssr'),
      // Asset URLs are set per render (the remote's location comes from the runtime config).
      publicPath: '',
      uniqueName: `growth_${name}`,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      chunkFormat: 'commonjs',
      assetModuleFilename: `assets/[name]${production ? '.[contenthash:8]' : ''}[ext]`,
      clean: true,
    },
    optimization: { splitChunks: false, minimize: false, moduleIds: 'named' },
    externalsType: 'commonjs',
    // A remote's bundle takes the shared singletons from the shell's, and its asset base from the server.
    externals: isHost ? [] : [...SSR_SHARED, '@growth/ssr-public-path'],
    resolve: RESOLVE,
    module: {
      rules: [
        scriptRule(false),
        { test: /\.css$/, type: 'css/auto' },
        // The same file names as the browser build's, not written again.
        { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
      parser: { 'css/auto': { namedExports: false } },
      generator: {
        'css/auto': {
          exportsOnly: true,
          localIdentName: production ? `${name}-[hash:6]` : `${name}-[name]__[local]`,
          exportsConvention: 'camel-case-only',
        },
      },
    },
    performance: { hints: false },
    ignoreWarnings: [/Conflicting order between/],
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) })],
  };
}

function webConfig({ appDir, name, kind, exposes, title }, argv) {
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
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        }
      : {
          filename: 'remoteEntry.js',
          exposes,
          manifest: true,
          // disableRemote: a remote loads no other remote, so its bundler runtime needs no remote loading
          // (the runtime core it uses is the shell's, which keeps it).
          experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true, disableRemote: true } },
        }),
  });

  const plugins = [federation, federationRuntimeAsEsm()];
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
      // dist/ssr is the server build's (ssrConfig), written beside this one.
      clean: { keep: (path) => /(^|[\\/])ssr([\\/]|$)/.test(path) },
    },
    resolve: RESOLVE,
    module: {
      rules: [
        scriptRule(!production),
        { test: /\.css$/, type: 'css/auto' },
        // Images and fonts are files of their own, never data: URLs inside the JavaScript: base64 in a
        // chunk costs more bytes than the file, is parsed with the script and cannot be cached apart.
        { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource' },
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
      // The shortest export names rspack can prove safe (the default keeps them a little longer, to
      // change less between builds); a shared module's exports are never renamed either way.
      mangleExports: production ? 'size' : false,
    },
    performance: { hints: false },
    // Scoped CSS modules never rely on stylesheet order between modules (docs/architecture.md#frontends).
    ignoreWarnings: [/Conflicting order between/],
    plugins,
    devServer: isHost
      ? {
          port: DEV_PORTS.shell,
          historyApiFallback: true,
          proxy: [{ context: ['/api', '/remotes'], target: 'http://localhost:3000' }],
        }
      : { port: DEV_PORTS[name], headers: { 'Access-Control-Allow-Origin': '*' } },
  };
}
