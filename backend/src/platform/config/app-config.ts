import type { DatabaseWait } from '../database/wait-for-database';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { SHOP_NAME } from './brand';
import { RAZORPAY_TEST_KEY } from '../../kernel/real-money';

/**
 * Every setting the server reads, parsed and checked in one place at start. A bad or missing value
 * raises ConfigError with a one-line reason; main.ts prints it and exits.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string | null /* null: in memory */ }
  /** `wait`: how a process that starts before PostgreSQL waits for it (none: one try). */
  | { kind: 'postgres'; url: string; schema?: string; wait?: DatabaseWait };

export interface PaymentsConfig {
  provider: 'sandbox' | 'razorpay';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Base URL of Razorpay's REST API (RAZORPAY_API_URL); null: the SDK's own, https://api.razorpay.com. */
  apiUrl: string | null;
}

/**
 * Automatic fulfilment through an upstream provider panel ("API v2"). `manual` (the default) sends
 * nothing: staff complete orders by hand. `api-v2` places paid orders at `url` with `key`.
 */
export interface FulfilmentConfig {
  provider: 'manual' | 'api-v2';
  /** PROVIDER_URL: the panel's API v2 endpoint (one URL, every action is a POST to it); null when unset. */
  url: string | null;
  /** PROVIDER_KEY: the panel's API key, sent in the body of every call; never logged. Null when unset. */
  key: string | null;
  /** PROVIDER_TIMEOUT_MS: how long one call to the panel may take. */
  timeoutMs: number;
  /** PROVIDER_BALANCE_WARNING: the dashboard warns when the panel's balance is below this (decimal text). */
  balanceWarning: string;
  /** FULFILMENT_SYNC_EVERY_MS: how often open orders' statuses are asked from the panel. */
  syncEveryMs: number;
  /**
   * FULFILMENT_ABANDON_MARGIN_MS: a `placing` order claimed longer ago than the call timeout plus this
   * was cut short by a stop (its call can no longer be running); the margin covers clock differences
   * between instances.
   */
  abandonMarginMs: number;
}

/** Refunds (docs/refunds.md). */
export interface RefundsConfig {
  /** REFUND_WINDOW_DAYS: how long after paying a customer may ask for a refund (1 to 30; the policy says 10). */
  windowDays: number;
  /** REFUND_UNDELIVERED: `auto` refunds what the provider did not deliver; `review` waits for a staff click. */
  undelivered: 'auto' | 'review';
  /** SANDBOX_REFUND_SETTLE_MS: how long the sandbox takes to settle a refund through its webhook. */
  sandboxSettleMs: number;
  /** SANDBOX_REFUND_OUTCOME: how the sandbox settles refunds (`failed` to try the failure path by hand). */
  sandboxOutcome: 'processed' | 'failed';
}

/**
 * The HTTP server's limits on slow and idle clients (platform/http/http-timeouts.ts applies them).
 * Node's own defaults (60 s for the head, 300 s for the whole request) let a client that sends its
 * body a byte at a time hold a connection, and a file descriptor, for five minutes.
 */
export interface HttpTimeouts {
  /** HTTP_HEADERS_TIMEOUT: from the connection (or the request's first byte) to the end of its head. */
  headersMs: number;
  /** HTTP_REQUEST_TIMEOUT: from the same start to the last byte of the body; the answer is not counted. */
  requestMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT: how long a connection may sit idle between two requests. */
  keepAliveMs: number;
}

/**
 * PROCESS_ROLE (docs/operations.md): `web` serves HTTP and enqueues jobs, `worker` runs the queues
 * and the repeating jobs without serving HTTP, `all` (the default) does both in one process.
 */
export const PROCESS_ROLES = ['web', 'worker', 'all'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** The validated configuration. A class, so it doubles as the Nest injection token. */
export class AppConfig {
  readonly production!: boolean;
  readonly env!: string;
  readonly host!: string;
  readonly port!: number;
  readonly publicUrl!: string;
  readonly dataDir!: string;
  readonly database!: DatabaseConfig;
  /** What this process does: serve HTTP (`web`), run jobs (`worker`), or both (`all`). */
  readonly role!: ProcessRole;
  readonly redisUrl!: string | null;
  /** Prefix of every BullMQ key, so several deployments or test runs can share one Redis. */
  readonly queuePrefix!: string;
  /**
   * QUEUE_LOCK_MS: how long a worker's hold on a running job lasts unless renewed (BullMQ's
   * `lockDuration`, renewed every half of it), and how often workers look for jobs whose worker died
   * (`stalledInterval`): such a job runs again on another worker one to three of these after the death.
   * At least 5 s: a job that keeps the process busy longer than the lock would look dead and run twice.
   */
  readonly queueLockMs!: number;
  /**
   * SCHEDULE_CHECK_EVERY_MS: how often a process that runs jobs checks that every repeating job still
   * has its schedule in the queue, and declares again the ones a Redis that lost its data forgot
   * (docs/operations.md#schedules-that-heal).
   */
  readonly scheduleCheckEveryMs!: number;
  readonly smtpUrl!: string | null;
  readonly mailFrom!: string;
  readonly supportEmail!: string;
  readonly jwtSecret!: string;
  readonly payments!: PaymentsConfig;
  readonly fulfilment!: FulfilmentConfig;
  readonly refunds!: RefundsConfig;
  readonly googleClientId!: string | null;
  /** Request limits per window (see platform/rate-limit): OTP mails per address (per client and all together) and per client per hour, sign-in attempts per client per 15 minutes, old-password checks per account per 15 minutes. */
  readonly rateLimits!: {
    otpPerAddress: number;
    otpPerIp: number;
    signInPerIp: number;
    contactPerIp: number;
    passwordPerAccount: number;
    /** Sign-in attempts per account (e-mail address) from one client address in a row without a success before that client's waits start. */
    signInPerAccount: number;
    /** The same from every client address together: past it the account waits, but not a known device (docs/security.md). */
    signInPerAccountAllClients: number;
    /** Reset mails asked for one address per hour from every client together: past it only a client's first request for it goes through. */
    otpPerAddressAllClients: number;
    /** The first wait after those, in seconds; each further failed attempt doubles it, up to 15 minutes. */
    signInBackoffSeconds: number;
  };
  /**
   * TRUST_PROXY, Express's 'trust proxy': false (no proxy: the client is the socket's address), a hop
   * count, or the proxies' addresses (IPs and CIDRs). Only then is X-Forwarded-For read.
   */
  readonly trustProxy!: false | number | string[];
  readonly admin!: { email: string; password: string };
  readonly corsOrigins!: string[] | true;
  readonly frontendsDir!: string;
  readonly remotes!: Record<'storefront' | 'account' | 'admin', string>;
  readonly logLevel!: string;
  /** SHUTDOWN_TIMEOUT: how long requests under way get after SIGTERM before their connections are cut. */
  readonly shutdownTimeoutMs!: number;
  /** How long a client may take to send a request, and keep an idle connection (see HttpTimeouts). */
  readonly http!: HttpTimeouts;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

export const DEV_ADMIN = { email: 'admin@growth.local', password: 'admin-dev-password' } as const;
/** The repository root: src/platform/config and dist/platform/config both sit four levels below it. */
export const REPO_ROOT = resolve(__dirname, '../../../..');

const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
const SANDBOX_KEY_SECRET = 'sandbox-key-secret';
const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret';
/**
 * Secrets published in this repository (here, in docker-compose.yml's history, in the README):
 * anyone can sign with them, so production refuses them whatever their length.
 */
const PUBLISHED_SECRETS = new Set([
  DEV_JWT_SECRET,
  'compose-dev-only-jwt-secret-change-me-0123456789',
  DEV_ADMIN.password,
  'ChangeMe!2025', // the first docker-compose.yml's admin password
  SANDBOX_KEY_SECRET,
  SANDBOX_WEBHOOK_SECRET,
]);
/** HS256 session tokens are only as strong as their key: at least 256 bits. */
const MIN_JWT_SECRET_BYTES = 32;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}`);
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name) ?? fallback;
  if (!allowed.includes(raw as T)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: unset, `false` or `0` (no proxy), a hop count, or comma-separated IPs and CIDRs. */
function trustProxy(env: Env): false | number | string[] {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new ConfigError('TRUST_PROXY=true would let every client choose its own address; give the number of proxies (1) or their addresses');
  }
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 32);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(`TRUST_PROXY must be a hop count (1, 2...) or the proxies' IPs and CIDRs (10.0.0.1, 192.168.0.0/16), got "${bad ?? raw}"`);
  }
  return entries;
}

/** FULFILMENT_PROVIDER and the PROVIDER_* settings of the api-v2 panel. */
function fulfilment(env: Env, production: boolean): FulfilmentConfig {
  const provider = oneOf(env, 'FULFILMENT_PROVIDER', ['manual', 'api-v2'] as const, 'manual');
  const providerUrl = url(env, 'PROVIDER_URL', ['http:', 'https:']) ?? null;
  const key = text(env, 'PROVIDER_KEY') ?? null;
  if (provider === 'api-v2') {
    if (!providerUrl) throw new ConfigError("PROVIDER_URL is required when FULFILMENT_PROVIDER=api-v2 (the panel's API v2 address)");
    if (!key) throw new ConfigError('PROVIDER_KEY is required when FULFILMENT_PROVIDER=api-v2');
  }
  if (production && providerUrl && new URL(providerUrl).protocol !== 'https:') {
    throw new ConfigError('PROVIDER_URL must start with https:// when NODE_ENV=production (the key travels in every request)');
  }
  const balanceWarning = text(env, 'PROVIDER_BALANCE_WARNING') ?? '10';
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(balanceWarning)) {
    throw new ConfigError(`PROVIDER_BALANCE_WARNING must be an amount such as 10 or 25.50, got "${balanceWarning}"`);
  }
  return {
    provider,
    url: providerUrl,
    key,
    timeoutMs: integer(env, 'PROVIDER_TIMEOUT_MS', 15_000, 100, 300_000),
    balanceWarning,
    syncEveryMs: integer(env, 'FULFILMENT_SYNC_EVERY_MS', 60_000, 200, 86_400_000),
    abandonMarginMs: integer(env, 'FULFILMENT_ABANDON_MARGIN_MS', 30_000, 1_000, 3_600_000),
  };
}

/**
 * 127.0.0.0/8, ::1 or `localhost`: a panel on this very machine. WHATWG URL parsing has already
 * normalised the host ("[0:0::1]" is "[::1]", "[::ffff:127.0.0.1]" is "[::ffff:7f00:1]",
 * "0x7f.1" is "127.0.0.1").
 */
function isLoopbackUrl(address: string): boolean {
  const host = new URL(address).hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  if (/^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)) return true;
  return isIP(host) === 4 && host.split('.')[0] === '127';
}

/**
 * A real provider panel is paid for with real money only. With the sandbox gateway (any signed-in
 * customer "pays" with its card) or Razorpay's test keys (test cards), every "paid" order is free,
 * and FULFILMENT_PROVIDER=api-v2 would place it at the panel, which charges the shop's balance:
 * real services bought for nothing. That combination is refused. The one exception is explicit and
 * for tests: SANDBOX_FULFILMENT=loopback allows a panel on this machine (a stand-in on 127.0.0.1),
 * outside production, and nothing else.
 */
function refuseFreeOrdersAtARealPanel(env: Env, payments: PaymentsConfig, fulfilment: FulfilmentConfig, production: boolean): void {
  const allowance = oneOf(env, 'SANDBOX_FULFILMENT', ['refuse', 'loopback'] as const, 'refuse');
  if (allowance === 'loopback' && production) {
    throw new ConfigError('SANDBOX_FULFILMENT=loopback is for tests; it is not allowed when NODE_ENV=production');
  }
  if (fulfilment.provider !== 'api-v2') return;
  const fakeMoney =
    payments.provider === 'sandbox'
      ? 'PAYMENTS_PROVIDER=sandbox (anyone signed in can pay with the sandbox card)'
      : RAZORPAY_TEST_KEY.test(payments.keyId)
        ? 'a Razorpay test key (RAZORPAY_KEY_ID rzp_test_…: test cards pay)'
        : null;
  if (!fakeMoney) return;
  const url = fulfilment.url as string;
  if (allowance === 'loopback') {
    if (isLoopbackUrl(url)) return;
    throw new ConfigError(`SANDBOX_FULFILMENT=loopback allows only a provider panel on this machine (127.0.0.1, ::1, localhost), not ${new URL(url).host}`);
  }
  throw new ConfigError(
    `FULFILMENT_PROVIDER=api-v2 is refused with ${fakeMoney}: orders nobody paid for would be placed at the provider panel and charged to its balance. Use PAYMENTS_PROVIDER=razorpay with live keys, or FULFILMENT_PROVIDER=manual`,
  );
}

/** HTTP_HEADERS_TIMEOUT, HTTP_REQUEST_TIMEOUT and HTTP_KEEP_ALIVE_TIMEOUT, in seconds. */
function httpTimeouts(env: Env): HttpTimeouts {
  const headers = integer(env, 'HTTP_HEADERS_TIMEOUT', 10, 1, 600);
  const request = integer(env, 'HTTP_REQUEST_TIMEOUT', 20, 1, 3600);
  if (headers > request) {
    throw new ConfigError(`HTTP_HEADERS_TIMEOUT (${headers} s) must not be longer than HTTP_REQUEST_TIMEOUT (${request} s), which includes the head`);
  }
  return { headersMs: headers * 1000, requestMs: request * 1000, keepAliveMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT', 5, 1, 600) * 1000 };
}

/** The NODE_ENV values the app knows: Jest sets `test`, the rest of the tooling the other two. */
const NODE_ENVS: readonly string[] = ['production', 'development', 'test'];

/** NODE_ENV, HOST, PORT, PUBLIC_URL and DATA_DIR: where this process runs and keeps its files. */
function server(env: Env, root: string) {
  const nodeEnv = text(env, 'NODE_ENV') ?? 'development';
  // Any other word (Production, prod) would start with the published development secrets and sandbox payments.
  if (!NODE_ENVS.includes(nodeEnv)) throw new ConfigError(`NODE_ENV must be one of ${NODE_ENVS.join(', ')} (exactly, in lower case); it is "${nodeEnv}"`);
  const port = integer(env, 'PORT', 3000, 0, 65535);
  return {
    env: nodeEnv,
    production: nodeEnv === 'production',
    host: text(env, 'HOST') ?? '0.0.0.0',
    port,
    dataDir: resolve(root, text(env, 'DATA_DIR') ?? '.data'),
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
  };
}

/** DATABASE_URL (PostgreSQL) with DATABASE_SCHEMA and DATABASE_WAIT_TRIES / DATABASE_WAIT_EVERY_MS, or the embedded PGlite under DATA_DIR (PGLITE_DIR). */
function database(env: Env, dataDir: string): DatabaseConfig {
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const pgliteDir = text(env, 'PGLITE_DIR');
  const schema = text(env, 'DATABASE_SCHEMA');
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('DATABASE_SCHEMA must be a lower-case identifier (letters, digits, underscores)');
  }
  return databaseUrl
    ? {
        kind: 'postgres',
        url: databaseUrl,
        schema,
        wait: { tries: integer(env, 'DATABASE_WAIT_TRIES', 30, 1, 1000), everyMs: integer(env, 'DATABASE_WAIT_EVERY_MS', 2_000, 100, 60_000) },
      }
    : { kind: 'pglite', dataDir: pgliteDir === 'memory' ? null : resolve(dataDir, pgliteDir ?? 'pglite') };
}

/** Refuses, in production, a secret this repository publishes (anyone could sign with it). */
function refusePublished(name: string, value: string | undefined, production: boolean): void {
  if (production && value !== undefined && PUBLISHED_SECRETS.has(value)) {
    throw new ConfigError(`${name} is a published development value; set a secret of your own when NODE_ENV=production`);
  }
}

/** JWT_SECRET: required in production, at least 256 bits, never a published one. */
function jwtSecret(env: Env, production: boolean): string {
  const secret = text(env, 'JWT_SECRET');
  if (production && !secret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  if (secret && Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes (256 bits) long`);
  }
  refusePublished('JWT_SECRET', secret, production);
  return secret ?? DEV_JWT_SECRET;
}

/** PAYMENTS_PROVIDER and the RAZORPAY_* settings (the sandbox makes up its own outside production). */
function payments(env: Env, production: boolean): PaymentsConfig {
  const provider = oneOf(env, 'PAYMENTS_PROVIDER', ['sandbox', 'razorpay'] as const, 'sandbox');
  if (production && provider === 'sandbox') {
    throw new ConfigError('PAYMENTS_PROVIDER=sandbox is not allowed when NODE_ENV=production; set razorpay and its keys');
  }
  const config: PaymentsConfig = {
    provider,
    keyId: text(env, 'RAZORPAY_KEY_ID') ?? (provider === 'sandbox' ? 'rzp_sandbox_local' : ''),
    keySecret: text(env, 'RAZORPAY_KEY_SECRET') ?? (provider === 'sandbox' ? SANDBOX_KEY_SECRET : ''),
    webhookSecret: text(env, 'RAZORPAY_WEBHOOK_SECRET') ?? (provider === 'sandbox' ? SANDBOX_WEBHOOK_SECRET : ''),
    apiUrl: url(env, 'RAZORPAY_API_URL', ['http:', 'https:']) ?? null,
  };
  if (production && config.apiUrl && new URL(config.apiUrl).protocol !== 'https:') {
    throw new ConfigError('RAZORPAY_API_URL must start with https:// when NODE_ENV=production (keys travel in every request)');
  }
  if (provider === 'razorpay') {
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      if (!text(env, name)) throw new ConfigError(`${name} is required when PAYMENTS_PROVIDER=razorpay`);
    }
  }
  if (production && RAZORPAY_TEST_KEY.test(config.keyId)) {
    throw new ConfigError('RAZORPAY_KEY_ID is a test key (rzp_test_…) and test cards pay with it; set your live key when NODE_ENV=production');
  }
  return config;
}

/** ADMIN_EMAIL and ADMIN_PASSWORD: the first admin account, required in production. */
function admin(env: Env, production: boolean): AppConfig['admin'] {
  const email = text(env, 'ADMIN_EMAIL');
  const password = text(env, 'ADMIN_PASSWORD');
  if (production && (!email || !password)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD are required when NODE_ENV=production');
  }
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ConfigError('ADMIN_EMAIL is not a valid e-mail address');
  if (password && password.length < 10) throw new ConfigError('ADMIN_PASSWORD must be at least 10 characters long');
  refusePublished('ADMIN_PASSWORD', password, production);
  return { email: email ?? DEV_ADMIN.email, password: password ?? DEV_ADMIN.password };
}

/** SMTP_URL (required in production: without it mail is printed to the log), MAIL_FROM, SUPPORT_EMAIL. */
function mail(env: Env, production: boolean): Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'supportEmail'> {
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (production && !smtpUrl) {
    throw new ConfigError('SMTP_URL is required when NODE_ENV=production (without it every mail, OTP codes included, is printed to the log)');
  }
  return {
    smtpUrl: smtpUrl ?? null,
    mailFrom: text(env, 'MAIL_FROM') ?? `${SHOP_NAME} <no-reply@growth.local>`,
    supportEmail: text(env, 'SUPPORT_EMAIL') ?? 'support@growth.local',
  };
}

/** REFUND_WINDOW_DAYS, REFUND_UNDELIVERED and the sandbox's refund settings (docs/refunds.md). */
function refunds(env: Env): RefundsConfig {
  return {
    windowDays: integer(env, 'REFUND_WINDOW_DAYS', 10, 1, 30),
    undelivered: oneOf(env, 'REFUND_UNDELIVERED', ['auto', 'review'] as const, 'auto'),
    sandboxSettleMs: integer(env, 'SANDBOX_REFUND_SETTLE_MS', 1_500, 0, 600_000),
    sandboxOutcome: oneOf(env, 'SANDBOX_REFUND_OUTCOME', ['processed', 'failed'] as const, 'processed'),
  };
}

/** The RATE_LIMIT_* settings (see platform/rate-limit). */
function rateLimits(env: Env): AppConfig['rateLimits'] {
  return {
    otpPerAddress: integer(env, 'RATE_LIMIT_OTP_PER_ADDRESS', 5, 1, 1_000_000),
    otpPerIp: integer(env, 'RATE_LIMIT_OTP_PER_IP', 20, 1, 1_000_000),
    signInPerIp: integer(env, 'RATE_LIMIT_SIGN_IN_PER_IP', 30, 1, 1_000_000),
    contactPerIp: integer(env, 'RATE_LIMIT_CONTACT_PER_IP', 10, 1, 1_000_000),
    passwordPerAccount: integer(env, 'RATE_LIMIT_PASSWORD_PER_ACCOUNT', 10, 1, 1_000_000),
    signInPerAccount: integer(env, 'RATE_LIMIT_SIGN_IN_PER_ACCOUNT', 5, 1, 1_000_000),
    signInPerAccountAllClients: integer(env, 'RATE_LIMIT_SIGN_IN_PER_ACCOUNT_ALL_CLIENTS', 50, 1, 1_000_000),
    otpPerAddressAllClients: integer(env, 'RATE_LIMIT_OTP_PER_ADDRESS_ALL_CLIENTS', 20, 1, 1_000_000),
    signInBackoffSeconds: integer(env, 'RATE_LIMIT_SIGN_IN_BACKOFF_SECONDS', 30, 1, 900),
  };
}

/** CORS_ORIGINS, FRONTENDS_DIR and the REMOTE_*_URL of each remote frontend. */
function frontends(env: Env, root: string, production: boolean, publicUrl: string): Pick<AppConfig, 'corsOrigins' | 'frontendsDir' | 'remotes'> {
  const cors = text(env, 'CORS_ORIGINS');
  const remoteUrl = (name: string) => text(env, `REMOTE_${name.toUpperCase()}_URL`) ?? `/remotes/${name}/remoteEntry.js`;
  return {
    corsOrigins: cors
      ? cors
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : production
        ? [publicUrl]
        : true,
    frontendsDir: resolve(root, text(env, 'FRONTENDS_DIR') ?? 'frontends'),
    remotes: { storefront: remoteUrl('storefront'), account: remoteUrl('account'), admin: remoteUrl('admin') },
  };
}

/**
 * PROCESS_ROLE with REDIS_URL and QUEUE_PREFIX: what this process does, and the queue it shares
 * (docs/operations.md). `web` and `worker` are halves of one deployment that meet in PostgreSQL and
 * Redis: without REDIS_URL a web process's jobs would never reach a worker, and an embedded PGlite
 * database cannot be opened by two processes.
 */
function processRole(env: Env, database: DatabaseConfig): Pick<AppConfig, 'role' | 'redisUrl' | 'queuePrefix' | 'queueLockMs' | 'scheduleCheckEveryMs'> {
  const role = oneOf(env, 'PROCESS_ROLE', PROCESS_ROLES, 'all');
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']) ?? null;
  if (role !== 'all' && !redisUrl) {
    throw new ConfigError(`PROCESS_ROLE=${role} needs REDIS_URL: web processes enqueue jobs that worker processes take from Redis (without Redis use PROCESS_ROLE=all)`);
  }
  if (role !== 'all' && database.kind !== 'postgres') {
    throw new ConfigError(
      `PROCESS_ROLE=${role} needs DATABASE_URL: web and worker processes share one PostgreSQL database (the embedded one belongs to a single process)`,
    );
  }
  return {
    role,
    redisUrl,
    queuePrefix: text(env, 'QUEUE_PREFIX') ?? 'growth',
    queueLockMs: integer(env, 'QUEUE_LOCK_MS', 30_000, 5_000, 600_000),
    scheduleCheckEveryMs: integer(env, 'SCHEDULE_CHECK_EVERY_MS', 15_000, 500, 600_000),
  };
}

/** Parses the environment into an AppConfig, or throws ConfigError naming the first bad value. */
export function loadConfig(env: Env = process.env, root: string = REPO_ROOT): AppConfig {
  const base = server(env, root);
  const { production } = base;
  const databaseConfig = database(env, base.dataDir);
  const jwt = jwtSecret(env, production);
  const paymentsConfig = payments(env, production);
  const fulfilmentConfig = fulfilment(env, production);
  refuseFreeOrdersAtARealPanel(env, paymentsConfig, fulfilmentConfig, production);
  const adminConfig = admin(env, production);
  refusePublished('RAZORPAY_KEY_SECRET', text(env, 'RAZORPAY_KEY_SECRET'), production);
  refusePublished('RAZORPAY_WEBHOOK_SECRET', text(env, 'RAZORPAY_WEBHOOK_SECRET'), production);
  const mailConfig = mail(env, production);

  return new AppConfig({
    ...base,
    database: databaseConfig,
    ...processRole(env, databaseConfig),
    ...mailConfig,
    jwtSecret: jwt,
    payments: paymentsConfig,
    fulfilment: fulfilmentConfig,
    refunds: refunds(env),
    googleClientId: text(env, 'GOOGLE_CLIENT_ID') ?? null,
    rateLimits: rateLimits(env),
    trustProxy: trustProxy(env),
    admin: adminConfig,
    ...frontends(env, root, production, base.publicUrl),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT', 10, 0, 3600) * 1000,
    http: httpTimeouts(env),
  });
}
