/**
 * docker-compose.yml, .env.example, Dockerfile and .dockerignore describe the real runtime profile
 * (PostgreSQL, Redis, a mail catcher, the app). No Docker engine runs here: this checks the files
 * themselves, and lets a Compose CLI (`docker compose` or `docker-compose`) validate and interpolate
 * the file. With CI or REQUIRE_ALL_SUITES=1 set, a missing Compose CLI fails the CLI checks; without,
 * they say that they checked nothing (here and in the run's last lines).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument, parse as parseYaml } from 'yaml';
import { loadConfig } from '../../backend/src/platform/config/app-config';
import { allSuitesRequired, findComposeCli, noComposeLine, repoRoot } from '../support/system';

const composeFile = path.join(repoRoot, 'docker-compose.yml');
const envExampleFile = path.join(repoRoot, '.env.example');
const dockerfile = path.join(repoRoot, 'Dockerfile');

type Port = string | number | { target?: number; published?: number | string; host_ip?: string };
type Service = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  ports?: Port[];
};
type Vars = Record<string, string>;

/** A name that holds a secret: passwords, secrets, tokens, private keys (not RAZORPAY_KEY_ID). */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|PRIVATE|(^|_)KEY$/;
/**
 * Secrets only an opt-in feature uses, which the app itself refuses to run that feature without
 * (PROVIDER_KEY: FULFILMENT_PROVIDER=api-v2 fails to start without it). They may be passed through
 * empty (`${NAME:-}`, nothing else), so a shop on manual fulfilment needs no made-up key.
 */
const OPT_IN_SECRETS = new Set(['PROVIDER_KEY']);
/** Defaults the file shipped with before: published, so never again a value of this stack. */
const PUBLISHED_DEFAULTS = ['compose-dev-only-jwt-secret-change-me-0123456789', 'ChangeMe!2025', 'POSTGRES_PASSWORD:-'];

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}

/** Every string of the parsed file (comments are not part of it). */
function scalars(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(scalars);
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => [key, ...scalars(value)]);
  return [];
}

/** Every `${NAME...}` in the file's values: its name, operator (':-', '-', ':?', '?' or '') and word. */
function references(compose: unknown): { name: string; operator: string; word: string; raw: string }[] {
  const text = scalars(compose).join('\n');
  return [...text.replace(/\$\$/g, '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}/g)].map(([raw, name, operator, word]) => ({
    name,
    operator: operator ?? '',
    word: word ?? '',
    raw,
  }));
}

/** Compose's interpolation (`${A}`, `${A:-d}`, `${A-d}`, `${A:?msg}`, `${A?msg}`, `$$`), as the CLI does it. */
function interpolate(value: string, vars: Vars): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (match, name?: string, operator?: string, word?: string) => {
    if (!name) return '$';
    const set = vars[name];
    const usable = operator?.startsWith(':') ? Boolean(set) : set !== undefined;
    if (usable) return set;
    if (operator?.endsWith('?')) throw new Error(`required variable ${name} is missing a value: ${word}`);
    if (operator?.endsWith('-')) return word ?? '';
    return '';
  });
}

/** KEY=VALUE lines of an env file (comments and blank lines skipped). */
function parseEnvFile(text: string): Vars {
  const vars: Vars = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) vars[match[1]] = match[2].trim();
  }
  return vars;
}

/** .env.example with its blanks filled the way its comments ask (made-up values, e-mail addresses). */
function filledExample(example: Vars): Vars {
  return Object.fromEntries(
    Object.entries(example).map(([name, value]) => [name, value !== '' ? value : /EMAIL/.test(name) ? 'owner@shop.example' : randomBytes(32).toString('hex')]),
  );
}

const envFileText = (vars: Vars) =>
  Object.entries(vars)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n') + '\n';

/** Host address of a published port, in the file's short or long syntax or as a CLI prints it. */
function hostIpOf(port: Port): string {
  if (typeof port === 'object') return port.host_ip ?? '';
  const text = String(port).replace(/\/(tcp|udp)$/, '');
  const parts = text.startsWith('[') ? [text.slice(1, text.indexOf(']')), ...text.slice(text.indexOf(']') + 2).split(':')] : text.split(':');
  return parts.length === 3 ? parts[0] : '';
}

describe('docker-compose.yml (real runtime profile)', () => {
  const text = fs.readFileSync(composeFile, 'utf8');
  const document = parseDocument(text);
  const compose = document.toJS() as { services: Record<string, Service>; volumes?: Record<string, unknown> };
  const services = compose.services ?? {};
  const mailName = Object.keys(services).find((name) => /mailpit|mailhog|mail/.test(name)) ?? 'mailpit';
  const example = parseEnvFile(fs.readFileSync(envExampleFile, 'utf8'));
  const filled = filledExample(example);
  const required = [
    ...new Set(
      references(compose)
        .filter((r) => r.operator.endsWith('?'))
        .map((r) => r.name),
    ),
  ];
  const resolvedEnv = (service: Service, vars: Vars = filled) => Object.fromEntries(Object.entries(environmentOf(service)).map(([k, v]) => [k, interpolate(v, vars)]));

  test('is valid YAML with postgres, redis, a mail catcher and the app', () => {
    expect(document.errors.map((e) => e.message)).toEqual([]);
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', mailName, 'app']));
    expect(services.postgres.image).toMatch(/^postgres:16/);
    expect(services.redis.image).toMatch(/^redis:7/);
    expect(services[mailName].image).toMatch(/mailpit|mailhog/);
  });

  test('the app is built from the repository Dockerfile and published on port 3000', () => {
    const build = services.app.build;
    const context = typeof build === 'string' ? build : build?.context;
    const file = typeof build === 'object' && build?.dockerfile ? build.dockerfile : 'Dockerfile';
    expect(context).toBeDefined();
    expect(path.resolve(repoRoot, context!, file)).toBe(dockerfile);
    const ports = (services.app.ports ?? []).map((p) => (typeof p === 'object' ? String(p.target) : interpolate(String(p), filled)));
    expect(ports.some((p) => /(^|:)3000$/.test(p))).toBe(true);
  });

  test('the app environment wires DATABASE_URL, REDIS_URL and SMTP_URL to those services', () => {
    const env = resolvedEnv(services.app);
    expect(new URL(env.DATABASE_URL).protocol).toMatch(/^postgres(ql)?:$/);
    expect(new URL(env.DATABASE_URL).hostname).toBe('postgres');
    expect(new URL(env.REDIS_URL).protocol).toBe('redis:');
    expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    expect(new URL(env.SMTP_URL).protocol).toBe('smtp:');
    expect(new URL(env.SMTP_URL).hostname).toBe(mailName);
    expect(new URL(env.SMTP_URL).port).toBe('1025');
    // The database credentials in the app's URL are the ones postgres is created with.
    const pg = resolvedEnv(services.postgres);
    const dbUrl = new URL(env.DATABASE_URL);
    expect(decodeURIComponent(dbUrl.username)).toBe(pg.POSTGRES_USER);
    expect(decodeURIComponent(dbUrl.password)).toBe(pg.POSTGRES_PASSWORD);
    expect(dbUrl.pathname).toBe(`/${pg.POSTGRES_DB}`);
    // Production mode refuses sandbox payments, so compose must not default to production.
    expect(env.NODE_ENV).toBe('development');
    // The secrets are the ones .env sets.
    for (const name of ['JWT_SECRET', 'ADMIN_PASSWORD', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      expect([name, env[name]]).toEqual([name, filled[name]]);
    }
  });

  test('no secret has a default: each is required (${NAME:?message}) with a message that points at .env', () => {
    // Not vacuous: the secrets the app and PostgreSQL need are all referenced.
    const secretRefs = references(compose).filter((r) => SECRET_NAME.test(r.name));
    expect([...new Set(secretRefs.map((r) => r.name))].sort()).toEqual(
      expect.arrayContaining(['ADMIN_PASSWORD', 'JWT_SECRET', 'POSTGRES_PASSWORD', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']),
    );
    for (const ref of secretRefs) {
      if (OPT_IN_SECRETS.has(ref.name)) {
        expect([ref.raw, ref.operator, ref.word]).toEqual([ref.raw, ':-', '']);
        continue;
      }
      expect([ref.raw, ref.operator]).toEqual([ref.raw, ':?']);
      expect([ref.raw, ref.word]).toEqual([ref.raw, expect.stringMatching(new RegExp(`\\b${ref.name}\\b.*\\.env`))]);
    }
    // No service sets a secret to a literal either.
    for (const [serviceName, service] of Object.entries(services)) {
      for (const [name, value] of Object.entries(environmentOf(service))) {
        if (OPT_IN_SECRETS.has(name)) expect([serviceName, name, value]).toEqual([serviceName, name, `\${${name}:-}`]);
        else if (SECRET_NAME.test(name)) expect([serviceName, name, value]).toEqual([serviceName, name, expect.stringMatching(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/)]);
      }
    }
    for (const published of PUBLISHED_DEFAULTS) expect(text).not.toContain(published);
    // With nothing set, interpolating any secret fails with its message.
    expect(() => resolvedEnv(services.app, {})).toThrow(/set (JWT_SECRET|ADMIN_EMAIL|ADMIN_PASSWORD|POSTGRES_PASSWORD|RAZORPAY_\w+) in \.env/);
    expect(() => resolvedEnv(services.postgres, {})).toThrow('set POSTGRES_PASSWORD in .env');
  });

  test('a real provider panel is not one setting away from sandbox payments: the app refuses it, and the files say what it needs', () => {
    const app = environmentOf(services.app);
    // The loopback allowance of the specs never reaches a deployment.
    expect(Object.keys(app)).not.toContain('SANDBOX_FULFILMENT');
    const panel = { FULFILMENT_PROVIDER: 'api-v2', PROVIDER_URL: 'https://panel.example/api/v2', PROVIDER_KEY: 'panel-key-0123456789' };
    // The stack as .env.example describes it, plus api-v2: the app (its real config loader) refuses to start.
    const withPanel = resolvedEnv(services.app, { ...filled, ...panel });
    expect(withPanel.PAYMENTS_PROVIDER).toBe('sandbox');
    expect(() => loadConfig(withPanel, repoRoot)).toThrow('orders nobody paid for would be placed at the provider panel');
    for (const loopback of ['http://127.0.0.1:9100/api/v2', 'http://localhost:9100/api/v2']) {
      expect(() => loadConfig(resolvedEnv(services.app, { ...filled, ...panel, PROVIDER_URL: loopback }), repoRoot)).toThrow(
        'orders nobody paid for would be placed at the provider panel',
      );
    }
    // A Razorpay test key is no better; live keys are what api-v2 needs.
    const razorpay = { PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_AbC123' };
    expect(() => loadConfig(resolvedEnv(services.app, { ...filled, ...panel, ...razorpay }), repoRoot)).toThrow('a Razorpay test key');
    const live = loadConfig(resolvedEnv(services.app, { ...filled, ...panel, ...razorpay, RAZORPAY_KEY_ID: 'rzp_live_AbC123' }), repoRoot);
    expect([live.payments.provider, live.fulfilment.provider]).toEqual(['razorpay', 'api-v2']);
    // Where the files speak of api-v2 as a choice, they say it needs Razorpay's live keys.
    for (const [file, words] of [
      ['docker-compose.yml', text],
      ['.env.example', fs.readFileSync(envExampleFile, 'utf8')],
    ] as const) {
      expect([file, /api-v2 needs PAYMENTS_PROVIDER=razorpay with\s+(#\s*)?a live RAZORPAY_KEY_ID/.test(words)]).toEqual([file, true]);
      expect([file, /api-v2 places paid orders/.test(words)]).toEqual([file, false]);
    }
  });

  test('.env.example lists every required value, leaves each secret blank, and git ignores .env but not .env.example', () => {
    expect(required.length).toBeGreaterThanOrEqual(5);
    for (const name of required) expect([name, name in example]).toEqual([name, true]);
    // A value written in the example would be a published secret: copied unchanged, it must still be refused.
    for (const [name, value] of Object.entries(example)) {
      if (SECRET_NAME.test(name)) expect([name, value]).toEqual([name, '']);
    }
    const ignored = (file: string) => spawnSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: repoRoot }).status === 0;
    expect({ '.env': ignored('.env'), '.env.local': ignored('.env.local'), '.env.example': ignored('.env.example') }).toEqual({
      '.env': true,
      '.env.local': true,
      '.env.example': false,
    });
  });

  test("every published port listens on 127.0.0.1 only (the app and Mailpit's web UI)", () => {
    const published = Object.entries(services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => [name, typeof port === 'object' ? port : interpolate(String(port), filled)] as const),
    );
    expect(published.map(([name]) => name).sort()).toEqual(expect.arrayContaining(['app', mailName]));
    for (const [name, port] of published) expect([name, port, hostIpOf(port)]).toEqual([name, port, '127.0.0.1']);
  });

  test('every service has a healthcheck and the app waits for its dependencies to be healthy', () => {
    expect(healthTest(services.postgres)).toContain('pg_isready');
    expect(healthTest(services.redis)).toContain('redis-cli');
    expect(healthTest(services.redis)).toContain('ping');
    expect(healthTest(services[mailName])).not.toBe('');
    expect(healthTest(services.app)).toContain('/api/health');
    const dependsOn = services.app.depends_on as Record<string, { condition?: string }>;
    for (const name of ['postgres', 'redis', mailName]) {
      expect([name, dependsOn?.[name]?.condition]).toEqual([name, 'service_healthy']);
    }
  });

  test('a worker service runs the jobs (PROCESS_ROLE=worker) for the app (PROCESS_ROLE=web), with the same image and settings', () => {
    const worker = services.worker;
    expect(worker).toBeDefined();
    const app = environmentOf(services.app);
    const jobs = environmentOf(worker);
    expect([app.PROCESS_ROLE, jobs.PROCESS_ROLE]).toEqual(['web', 'worker']);
    // Everything but the role is the app's, so both halves run one configuration.
    const { PROCESS_ROLE: _web, ...appRest } = app;
    const { PROCESS_ROLE: _worker, ...workerRest } = jobs;
    expect(workerRest).toEqual(appRest);
    expect(worker.image).toBe(services.app.image);
    expect(worker.build).toBeUndefined(); // the app's build makes the image
    // Both start under the real config loader (a web or worker role needs PostgreSQL and Redis).
    expect(loadConfig(resolvedEnv(services.app), repoRoot).role).toBe('web');
    expect(loadConfig(resolvedEnv(worker), repoRoot).role).toBe('worker');
    // No shop traffic reaches it: no published port; it starts after the app (which migrates), is probed at /api/health.
    expect(worker.ports ?? []).toEqual([]);
    const dependsOn = worker.depends_on as Record<string, { condition?: string }>;
    for (const name of ['app', 'redis', mailName]) expect([name, dependsOn?.[name]?.condition]).toEqual([name, 'service_healthy']);
    expect(healthTest(worker)).toContain('/api/health');
  });

  test('data lives in declared named volumes', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const name of ['postgres', 'redis']) {
      const used = namedVolumesOf(services[name]);
      expect(used.length).toBeGreaterThan(0);
      for (const volume of used) expect(declared).toContain(volume);
    }
    expect((services.postgres.volumes ?? []).some((v) => String(typeof v === 'string' ? v : v.target).includes('/var/lib/postgresql/data'))).toBe(true);
  });

  describe('through a Compose CLI (`config`)', () => {
    const found = findComposeCli();
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'growth-compose-'));
    afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

    /**
     * `config` with exactly these variables: an env file of its own (never the developer's .env) and an
     * environment without any variable the file names (nor COMPOSE_*), run outside the repository.
     */
    function composeConfig(vars: Vars, label: string) {
      const envFile = path.join(workDir, `${label}.env`);
      fs.writeFileSync(envFile, envFileText(vars));
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const { name } of references(compose)) delete env[name];
      for (const name of Object.keys(env)) if (name.startsWith('COMPOSE_')) delete env[name];
      const { command, prefix } = found.cli!;
      const args = [...prefix, '-f', composeFile, '--env-file', envFile, 'config'];
      const result = spawnSync(command, args, { cwd: workDir, env, encoding: 'utf8' });
      return { command: `${command} ${args.join(' ')}`, status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
    }

    /** False (and said so) when there is no CLI to ask; throws when CI/REQUIRE_ALL_SUITES demands one. */
    function cliAvailable(): boolean {
      if (found.cli) return true;
      if (allSuitesRequired()) {
        throw new Error(`${noComposeLine()}. CI/REQUIRE_ALL_SUITES demands every check: failing.`);
      }
      process.stdout.write(`\n[compose] ${noComposeLine()}\n`);
      return false;
    }

    test('refuses the file without .env, and without each secret, naming the one missing', () => {
      if (!cliAvailable()) return;
      const empty = composeConfig({}, 'empty');
      expect(empty.status).not.toBe(0);
      expect(empty.stderr).toMatch(/set [A-Z_]+ in \.env \(see \.env\.example\)/);
      expect(composeConfig(example, 'example-as-shipped').status).not.toBe(0);
      for (const name of required) {
        const { [name]: _left, ...rest } = filled;
        const result = composeConfig(rest, `without-${name}`);
        expect([name, result.status, result.stderr]).toEqual([name, expect.any(Number), expect.stringContaining(`set ${name} in .env (see .env.example)`)]);
        expect([name, result.status]).not.toEqual([name, 0]);
      }
    });

    test('accepts the file once .env fills the blanks of .env.example; every port binds 127.0.0.1 and no secret is a default', () => {
      if (!cliAvailable()) return;
      const result = composeConfig(filled, 'filled');
      expect({ command: result.command, status: result.status, stderr: result.stderr.trim() }).toEqual({
        command: result.command,
        status: 0,
        stderr: '',
      });
      process.stdout.write(`\n[compose] docker-compose.yml checked by ${found.reason} (config).\n`);
      const resolved = parseYaml(result.stdout) as { services: Record<string, Service> };
      const ports = Object.entries(resolved.services).flatMap(([name, service]) => (service.ports ?? []).map((port) => [name, port] as const));
      expect(ports.length).toBeGreaterThanOrEqual(2);
      for (const [name, port] of ports) expect([name, port, hostIpOf(port)]).toEqual([name, port, '127.0.0.1']);
      const app = environmentOf(resolved.services.app);
      for (const name of ['JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
        expect([name, app[name]]).toEqual([name, filled[name]]);
      }
      expect(new URL(app.DATABASE_URL).password).toBe(filled.POSTGRES_PASSWORD);
      expect(environmentOf(resolved.services.postgres).POSTGRES_PASSWORD).toBe(filled.POSTGRES_PASSWORD);
    });
  });
});

function healthTest(service: Service): string {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

function namedVolumesOf(service: Service): string[] {
  return (service.volumes ?? [])
    .map((v) => (typeof v === 'string' ? v.split(':')[0] : (v.source ?? '')))
    .filter((source) => source && !source.startsWith('.') && !source.startsWith('/') && !source.startsWith('~'));
}

describe('Dockerfile and .dockerignore', () => {
  const text = fs.readFileSync(dockerfile, 'utf8');
  const stages = [...text.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => m[1]);
  const afterLastFrom = text.slice(text.search(/^FROM\s+\S+(?:\s+AS\s+\S+)?\s*$(?![\s\S]*^FROM)/im));

  test('is a multi-stage node:20-bookworm-slim build that installs with npm ci and builds every app', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const image of stages) expect(image).toBe('node:20-bookworm-slim');
    expect(text).toMatch(/^RUN npm ci\b/m);
    expect(text).toMatch(/nx run-many -t build/);
    expect(text).toMatch(/npm prune --omit=dev/);
  });

  test('the final stage runs the built server as a non-root user', () => {
    const users = [...afterLastFrom.matchAll(/^USER\s+(\S+)/gim)].map((m) => m[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    expect(afterLastFrom).toMatch(/^CMD \["node", "backend\/dist\/main\.js"\]/m);
  });

  test('.dockerignore keeps local installs, builds and data out of the context', () => {
    const ignore = fs
      .readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '**/.data', '.git']) expect(ignore).toContain(entry);
  });
});
