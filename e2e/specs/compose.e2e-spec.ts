/**
 * docker-compose.yml, Dockerfile and .dockerignore describe the real runtime profile
 * (PostgreSQL, Redis, a mail catcher, the app). No Docker engine runs here, so this checks the
 * files themselves and, when a Compose CLI exists, lets it validate the file too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { repoRoot } from '../support/system';

const composeFile = path.join(repoRoot, 'docker-compose.yml');
const dockerfile = path.join(repoRoot, 'Dockerfile');

type Service = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: number | string })[];
};

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}

/** Compose's own interpolation, enough for ${VAR:-default} with nothing set. */
function withDefaults(value: string): string {
  return value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_m, fallback: string | undefined) => fallback ?? '');
}

function healthTest(service: Service): string {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

function namedVolumesOf(service: Service): string[] {
  return (service.volumes ?? [])
    .map((v) => (typeof v === 'string' ? v.split(':')[0] : (v.source ?? '')))
    .filter((source) => source && !source.startsWith('.') && !source.startsWith('/') && !source.startsWith('~'));
}

describe('docker-compose.yml (real runtime profile)', () => {
  const text = fs.readFileSync(composeFile, 'utf8');
  const document = parseDocument(text);
  const compose = document.toJS() as { services: Record<string, Service>; volumes?: Record<string, unknown> };
  const services = compose.services ?? {};
  const mailName = Object.keys(services).find((name) => /mailpit|mailhog|mail/.test(name)) ?? 'mailpit';

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
    const ports = (services.app.ports ?? []).map((p) => (typeof p === 'object' ? String(p.target) : withDefaults(String(p))));
    expect(ports.some((p) => /(^|:)3000$/.test(p))).toBe(true);
  });

  test('the app environment wires DATABASE_URL, REDIS_URL and SMTP_URL to those services', () => {
    const env = Object.fromEntries(Object.entries(environmentOf(services.app)).map(([k, v]) => [k, withDefaults(v)]));
    expect(new URL(env.DATABASE_URL).protocol).toMatch(/^postgres(ql)?:$/);
    expect(new URL(env.DATABASE_URL).hostname).toBe('postgres');
    expect(new URL(env.REDIS_URL).protocol).toBe('redis:');
    expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    expect(new URL(env.SMTP_URL).protocol).toBe('smtp:');
    expect(new URL(env.SMTP_URL).hostname).toBe(mailName);
    expect(new URL(env.SMTP_URL).port).toBe('1025');
    // The database credentials in the app's URL are the ones postgres is created with.
    const pg = Object.fromEntries(Object.entries(environmentOf(services.postgres)).map(([k, v]) => [k, withDefaults(v)]));
    const dbUrl = new URL(env.DATABASE_URL);
    expect(decodeURIComponent(dbUrl.username)).toBe(pg.POSTGRES_USER);
    expect(decodeURIComponent(dbUrl.password)).toBe(pg.POSTGRES_PASSWORD);
    expect(dbUrl.pathname).toBe(`/${pg.POSTGRES_DB}`);
    // Production mode refuses sandbox payments, so compose must not default to production.
    expect(env.NODE_ENV).toBe('development');
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
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

  test('data lives in declared named volumes', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const name of ['postgres', 'redis']) {
      const used = namedVolumesOf(services[name]);
      expect(used.length).toBeGreaterThan(0);
      for (const volume of used) expect(declared).toContain(volume);
    }
    expect(
      (services.postgres.volumes ?? []).some((v) => String(typeof v === 'string' ? v : v.target).includes('/var/lib/postgresql/data')),
    ).toBe(true);
  });

  test('a Compose CLI, where installed, accepts the file', () => {
    const candidates: { name: string; command: string; prefix: string[] }[] = [
      { name: 'docker compose (plugin)', command: 'docker', prefix: ['compose'] },
      { name: 'docker-compose (standalone)', command: 'docker-compose', prefix: [] },
    ];
    const missing: string[] = [];
    for (const { name, command, prefix } of candidates) {
      const probe = spawnSync(command, [...prefix, 'version'], { encoding: 'utf8' });
      if (probe.error || probe.status !== 0) {
        missing.push(`${name}: ${probe.error ? 'not installed' : `${(probe.stderr || probe.stdout).trim().split('\n')[0]}`}`);
        continue;
      }
      const args = [...prefix, '-f', composeFile, 'config', '-q'];
      const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8' });
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
      expect({ command: `${command} ${args.join(' ')}`, status: result.status, output }).toEqual({
        command: `${command} ${args.join(' ')}`,
        status: 0,
        output: '',
      });
      process.stdout.write(`\n[compose] docker-compose.yml validated by ${name} (config -q).\n`);
      return;
    }
    // Not a silent skip: say what could not be checked.
    process.stdout.write(
      `\n[compose] docker-compose.yml NOT validated by a Compose CLI (${missing.join('; ')}). ` +
        "Install the compose plugin, or Debian's docker-compose, to add that check.\n",
    );
  });
});

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
    const ignore = fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '**/.data', '.git']) expect(ignore).toContain(entry);
  });
});
