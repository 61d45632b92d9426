/**
 * The build mode is part of what Nx hashes: the frontends' rspack configs build for development or
 * production from NODE_ENV (frontends/kit/build/rspack.mjs), so NODE_ENV must be an input of every
 * build, or `NODE_ENV=development npm start` followed by a production start serves the cached
 * development bundle (unminified, no content hashes). Checked without building: Nx's own hash
 * plan (`nx show target inputs`) and the configs as rspack receives them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../support/system';

const FRONTENDS = ['shell', 'storefront', 'account', 'admin'];
const nxPackage = path.join(repoRoot, 'node_modules', 'nx');
const nxBin = path.join(nxPackage, (JSON.parse(readFileSync(path.join(nxPackage, 'package.json'), 'utf8')) as { bin: { nx: string } }).bin.nx);

/** What Nx hashes for `<project>:build`, from its hash plan. */
function buildInputs(project: string): Promise<{ environment: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nxBin, 'show', 'target', 'inputs', `${project}:build`, '--json'], {
      cwd: repoRoot,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`nx show target inputs ${project}:build exited ${code}\n${stderr}`));
      try {
        resolve(JSON.parse(stdout.slice(stdout.indexOf('{'))));
      } catch (error) {
        reject(new Error(`nx show target inputs ${project}:build printed no JSON: ${String(error)}\n${stdout}\n${stderr}`));
      }
    });
  });
}

/** Each frontend's rspack config as `rspack build` resolves it, with this NODE_ENV (undefined: unset). */
function rspackConfigs(nodeEnv: string | undefined): Record<string, { mode: string; filename: string; devtool: unknown }> {
  const script = `
    const out = {};
    for (const name of ${JSON.stringify(FRONTENDS)}) {
      const { default: config } = await import(new URL('frontends/' + name + '/rspack.config.mjs', ${JSON.stringify(`file://${repoRoot}/`)}));
      // rspack build sets NODE_ENV=production when it is unset, before it loads the config.
      process.env.NODE_ENV ??= 'production';
      const built = typeof config === 'function' ? config({}, {}) : config;
      // A frontend that renders on the server builds two configs: the browser's first, then Node's.
      const resolved = Array.isArray(built) ? built[0] : built;
      out[name] = { mode: resolved.mode, filename: resolved.output.filename, devtool: resolved.devtool };
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`loading the rspack configs failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

describe('build mode and the Nx cache', () => {
  test('every frontend build has NODE_ENV among its hashed inputs (nx show target inputs)', async () => {
    const inputs = await Promise.all(FRONTENDS.map((name) => buildInputs(`@growth/${name}`)));
    expect(Object.fromEntries(FRONTENDS.map((name, i) => [name, inputs[i].environment.includes('NODE_ENV')]))).toEqual(
      Object.fromEntries(FRONTENDS.map((name) => [name, true])),
    );
  }, 120_000);

  test('the frontends build in the mode NODE_ENV names: development without content hashes, production (also when unset) with them', () => {
    const expectEvery = (configs: Record<string, object>, expected: object) =>
      expect(configs).toEqual(Object.fromEntries(FRONTENDS.map((name) => [name, expect.objectContaining(expected)])));
    expectEvery(rspackConfigs('development'), { mode: 'development', filename: '[name].js' });
    expectEvery(rspackConfigs('production'), { mode: 'production', filename: '[name].[contenthash:8].js', devtool: false });
    expectEvery(rspackConfigs(undefined), { mode: 'production', filename: '[name].[contenthash:8].js' });
  }, 60_000);
});
