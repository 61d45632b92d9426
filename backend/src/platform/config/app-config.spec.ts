import { ConfigError, DEV_ADMIN, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({}, '/repo');
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/repo/.data/pglite' });
    expect(config.redisUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.payments.provider).toBe('sandbox');
    expect(config.admin).toEqual(DEV_ADMIN);
    expect(config.remotes.admin).toBe('/remotes/admin/remoteEntry.js');
  });

  it('uses PostgreSQL, Redis and SMTP when their URLs are given', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/shop', REDIS_URL: 'redis://redis:6379', SMTP_URL: 'smtp://mail:1025' }, '/repo');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/shop', schema: undefined, wait: { tries: 30, everyMs: 2_000 } });
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.smtpUrl).toBe('smtp://mail:1025');
  });

  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a'.repeat(40),
    PAYMENTS_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_x',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'hook',
    ADMIN_EMAIL: 'ops@shop.example',
    ADMIN_PASSWORD: 'a-long-admin-password',
    SMTP_URL: 'smtp://mail.internal:587',
  };

  it.each(['Production', 'prod', 'PRODUCTION', 'staging'])('refuses NODE_ENV=%j at start: only production, development and test are known', (nodeEnv) => {
    expect(() => loadConfig({ ...production, NODE_ENV: nodeEnv }, '/repo')).toThrow(
      /^NODE_ENV must be one of production, development, test \(exactly, in lower case\); it is ".*"$/,
    );
  });

  it.each(['production', 'development', 'test'])('accepts NODE_ENV=%s', (nodeEnv) => {
    expect(loadConfig({ ...production, NODE_ENV: nodeEnv }, '/repo').env).toBe(nodeEnv);
  });

  it('accepts a complete production configuration', () => {
    expect(loadConfig(production, '/repo').production).toBe(true);
  });

  it.each([
    ['JWT_SECRET', { JWT_SECRET: undefined }, 'JWT_SECRET is required when NODE_ENV=production'],
    ['sandbox payments', { PAYMENTS_PROVIDER: 'sandbox' }, 'PAYMENTS_PROVIDER=sandbox is not allowed when NODE_ENV=production'],
    ['payments left at the default', { PAYMENTS_PROVIDER: undefined }, 'PAYMENTS_PROVIDER=sandbox is not allowed'],
    ['admin credentials', { ADMIN_PASSWORD: undefined }, 'ADMIN_EMAIL and ADMIN_PASSWORD are required'],
    ['https for the Razorpay API', { RAZORPAY_API_URL: 'http://127.0.0.1:9000' }, 'RAZORPAY_API_URL must start with https:// when NODE_ENV=production'],
    ['SMTP_URL (the console outbox would print every OTP code)', { SMTP_URL: undefined }, 'SMTP_URL is required when NODE_ENV=production'],
  ])('refuses production without %s', (_what, change, reason) => {
    expect(() => loadConfig({ ...production, ...change }, '/repo')).toThrow(reason);
  });

  it.each([
    ['JWT_SECRET', 'dev-only-jwt-secret-change-me-0123456789'],
    ['JWT_SECRET', 'compose-dev-only-jwt-secret-change-me-0123456789'],
    ['ADMIN_PASSWORD', 'admin-dev-password'],
    ['ADMIN_PASSWORD', 'ChangeMe!2025'],
    ['RAZORPAY_KEY_SECRET', 'sandbox-key-secret'],
    ['RAZORPAY_WEBHOOK_SECRET', 'sandbox-webhook-secret'],
  ])('refuses the published development value of %s in production, and only there', (name, value) => {
    expect(() => loadConfig({ ...production, [name]: value }, '/repo')).toThrow(
      `${name} is a published development value; set a secret of your own when NODE_ENV=production`,
    );
    expect(() => loadConfig({ ...production, NODE_ENV: 'development', [name]: value }, '/repo')).not.toThrow();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL is not a valid URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 bytes (256 bits) long'],
    [{ JWT_SECRET: 'x'.repeat(31) }, 'JWT_SECRET must be at least 32 bytes (256 bits) long'],
    [{ PAYMENTS_PROVIDER: 'razorpay' }, 'RAZORPAY_KEY_ID is required when PAYMENTS_PROVIDER=razorpay'],
    [{ DATABASE_URL: 'postgres://x/y', DATABASE_SCHEMA: 'x; drop table' }, 'DATABASE_SCHEMA must be a lower-case identifier'],
    [{ RAZORPAY_API_URL: 'ftp://127.0.0.1:9000' }, 'RAZORPAY_API_URL must start with http:// or https://'],
  ])('stops on a bad value %j with a one-line reason', (env, reason) => {
    let error: unknown;
    try {
      loadConfig(env, '/repo');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(reason);
    expect((error as Error).message).not.toContain('\n');
  });

  it("points the Razorpay SDK at RAZORPAY_API_URL when set, else leaves the SDK's own base URL", () => {
    expect(loadConfig({}, '/repo').payments.apiUrl).toBeNull();
    expect(loadConfig({ RAZORPAY_API_URL: 'http://127.0.0.1:9000' }, '/repo').payments.apiUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ ...production, RAZORPAY_API_URL: 'https://rzp-proxy.internal' }, '/repo').payments.apiUrl).toBe('https://rzp-proxy.internal');
  });

  it('reads how long to wait at start for PostgreSQL (DATABASE_WAIT_TRIES, default 30, every DATABASE_WAIT_EVERY_MS, default 2000), and refuses a bad value', () => {
    const url = 'postgres://u:p@db:5432/shop';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_WAIT_TRIES: '5', DATABASE_WAIT_EVERY_MS: '500' }, '/repo').database).toMatchObject({
      wait: { tries: 5, everyMs: 500 },
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_WAIT_TRIES: '0' }, '/repo')).toThrow('DATABASE_WAIT_TRIES must be a whole number from 1 to 1000, got "0"');
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_WAIT_EVERY_MS: '2s' }, '/repo')).toThrow('DATABASE_WAIT_EVERY_MS must be a whole number from 100 to 60000');
  });

  it('reads SHUTDOWN_TIMEOUT in seconds (default 10), and refuses a bad one', () => {
    expect(loadConfig({}, '/repo').shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '2' }, '/repo').shutdownTimeoutMs).toBe(2_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '0' }, '/repo').shutdownTimeoutMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT: '2s' }, '/repo')).toThrow('SHUTDOWN_TIMEOUT must be a whole number from 0 to 3600, got "2s"');
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT: '7200' }, '/repo')).toThrow(ConfigError);
  });

  it('reads the HTTP timeouts in seconds (defaults 10, 20 and 5), and refuses bad ones', () => {
    expect(loadConfig({}, '/repo').http).toEqual({ headersMs: 10_000, requestMs: 20_000, keepAliveMs: 5_000 });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT: '2', HTTP_REQUEST_TIMEOUT: '3', HTTP_KEEP_ALIVE_TIMEOUT: '65' }, '/repo').http).toEqual({
      headersMs: 2_000,
      requestMs: 3_000,
      keepAliveMs: 65_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT: '0' }, '/repo')).toThrow('HTTP_REQUEST_TIMEOUT must be a whole number from 1 to 3600, got "0"');
    expect(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT: '5s' }, '/repo')).toThrow(ConfigError);
    // The head is part of the request: a longer head timeout than request timeout is a mistake.
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT: '30', HTTP_REQUEST_TIMEOUT: '20' }, '/repo')).toThrow(
      'HTTP_HEADERS_TIMEOUT (30 s) must not be longer than HTTP_REQUEST_TIMEOUT (20 s), which includes the head',
    );
  });

  it('reads the rate limits, with defaults, and refuses a bad one', () => {
    expect(loadConfig({}, '/repo').rateLimits).toEqual({
      otpPerAddress: 5,
      otpPerIp: 20,
      signInPerIp: 30,
      contactPerIp: 10,
      passwordPerAccount: 10,
      signInPerAccount: 5,
      signInBackoffSeconds: 30,
      signInPerAccountAllClients: 50,
      otpPerAddressAllClients: 20,
    });
    expect(loadConfig({ RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '8', RATE_LIMIT_SIGN_IN_BACKOFF_SECONDS: '2' }, '/repo').rateLimits).toMatchObject({
      signInPerAccount: 8,
      signInBackoffSeconds: 2,
    });
    expect(() => loadConfig({ RATE_LIMIT_SIGN_IN_BACKOFF_SECONDS: '901' }, '/repo')).toThrow(ConfigError);
    expect(loadConfig({ RATE_LIMIT_OTP_PER_IP: '7' }, '/repo').rateLimits.otpPerIp).toBe(7);
    expect(loadConfig({ RATE_LIMIT_PASSWORD_PER_ACCOUNT: '3' }, '/repo').rateLimits.passwordPerAccount).toBe(3);
    expect(() => loadConfig({ RATE_LIMIT_SIGN_IN_PER_IP: '0' }, '/repo')).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY: off by default, a hop count, or exact proxy addresses; refuses anything else', () => {
    expect(loadConfig({}, '/repo').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/repo').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }, '/repo').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, '/repo').trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,fd00::/8,::1 ' }, '/repo').trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, '/repo')).toThrow('TRUST_PROXY=true would let every client choose its own address');
    for (const bad of ['loopback', '10.0.0.1, proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', '99', '-1', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }, '/repo')).toThrow(ConfigError);
    }
  });
  describe('fulfilment (FULFILMENT_PROVIDER and the PROVIDER_* settings)', () => {
    const apiV2 = { FULFILMENT_PROVIDER: 'api-v2', PROVIDER_URL: 'https://panel.example/api/v2', PROVIDER_KEY: 'panel-key-0123456789' };
    /** Razorpay with live keys outside production: the only payments a real panel may be paid from. */
    const liveKeys = { PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };

    it('is manual by default, with nothing to reach and the documented defaults', () => {
      expect(loadConfig({}, '/repo').fulfilment).toEqual({
        provider: 'manual',
        url: null,
        key: null,
        timeoutMs: 15_000,
        balanceWarning: '10',
        syncEveryMs: 60_000,
        abandonMarginMs: 30_000,
      });
      expect(loadConfig(production, '/repo').fulfilment.provider).toBe('manual');
    });

    it('reads api-v2 with its URL, key, timeout, balance warning and sync interval', () => {
      const config = loadConfig(
        {
          ...liveKeys,
          ...apiV2,
          PROVIDER_TIMEOUT_MS: '5000',
          PROVIDER_BALANCE_WARNING: ' 25.50 ',
          FULFILMENT_SYNC_EVERY_MS: '200',
          FULFILMENT_ABANDON_MARGIN_MS: '2000',
        },
        '/repo',
      );
      expect(config.fulfilment).toEqual({
        provider: 'api-v2',
        url: 'https://panel.example/api/v2',
        key: 'panel-key-0123456789',
        timeoutMs: 5_000,
        balanceWarning: '25.50',
        syncEveryMs: 200,
        abandonMarginMs: 2_000,
      });
    });

    it('accepts an http:// panel (a local stand-in) outside production, and api-v2 in a complete production configuration', () => {
      expect(loadConfig({ ...liveKeys, ...apiV2, PROVIDER_URL: 'http://127.0.0.1:9100/api/v2' }, '/repo').fulfilment.url).toBe('http://127.0.0.1:9100/api/v2');
      expect(loadConfig({ ...production, ...apiV2 }, '/repo').fulfilment).toMatchObject({ provider: 'api-v2', url: 'https://panel.example/api/v2' });
    });

    it.each([
      [{ FULFILMENT_PROVIDER: 'smm' }, 'FULFILMENT_PROVIDER must be one of manual, api-v2, got "smm"'],
      [{ SANDBOX_FULFILMENT: 'yes' }, 'SANDBOX_FULFILMENT must be one of refuse, loopback, got "yes"'],
      [{ ...apiV2, PROVIDER_URL: undefined }, 'PROVIDER_URL is required when FULFILMENT_PROVIDER=api-v2'],
      [{ ...apiV2, PROVIDER_KEY: '   ' }, 'PROVIDER_KEY is required when FULFILMENT_PROVIDER=api-v2'],
      [{ ...apiV2, PROVIDER_URL: 'panel.example/api/v2' }, 'PROVIDER_URL is not a valid URL'],
      [{ ...apiV2, PROVIDER_URL: 'ftp://panel.example' }, 'PROVIDER_URL must start with http:// or https://'],
      [{ PROVIDER_TIMEOUT_MS: '15s' }, 'PROVIDER_TIMEOUT_MS must be a whole number from 100 to 300000, got "15s"'],
      [{ PROVIDER_TIMEOUT_MS: '50' }, 'PROVIDER_TIMEOUT_MS must be a whole number from 100 to 300000'],
      [{ FULFILMENT_SYNC_EVERY_MS: '199' }, 'FULFILMENT_SYNC_EVERY_MS must be a whole number from 200 to 86400000, got "199"'],
      [{ FULFILMENT_ABANDON_MARGIN_MS: '0' }, 'FULFILMENT_ABANDON_MARGIN_MS must be a whole number from 1000 to 3600000, got "0"'],
      [{ PROVIDER_BALANCE_WARNING: 'ten' }, 'PROVIDER_BALANCE_WARNING must be an amount such as 10 or 25.50, got "ten"'],
      [{ PROVIDER_BALANCE_WARNING: '-5' }, 'PROVIDER_BALANCE_WARNING must be an amount'],
      [{ PROVIDER_BALANCE_WARNING: '1e3' }, 'PROVIDER_BALANCE_WARNING must be an amount'],
    ])('stops on %j with a one-line reason', (env, reason) => {
      let error: unknown;
      try {
        loadConfig(env as Record<string, string | undefined>, '/repo');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(reason);
      expect((error as Error).message).not.toContain('\n');
    });

    it('refuses an http:// panel in production (the key travels in every request), and never names the key', () => {
      const env = { ...production, ...apiV2, PROVIDER_URL: 'http://panel.example/api/v2' };
      expect(() => loadConfig(env, '/repo')).toThrow('PROVIDER_URL must start with https:// when NODE_ENV=production (the key travels in every request)');
      let message = '';
      try {
        loadConfig(env, '/repo');
      } catch (caught) {
        message = (caught as Error).message;
      }
      expect(message).not.toContain(apiV2.PROVIDER_KEY);
    });

    describe('a real panel is never paid for with money that is not real', () => {
      const refusal = 'orders nobody paid for would be placed at the provider panel and charged to its balance';

      it.each([
        ['sandbox payments (the default)', {}],
        ['sandbox payments, said explicitly', { PAYMENTS_PROVIDER: 'sandbox' }],
        [
          'sandbox payments with made-up secrets (the compose stack)',
          { PAYMENTS_PROVIDER: 'sandbox', RAZORPAY_KEY_SECRET: 'k'.repeat(64), RAZORPAY_WEBHOOK_SECRET: 'w'.repeat(64) },
        ],
        ["Razorpay's test keys (test cards pay)", { ...liveKeys, RAZORPAY_KEY_ID: 'rzp_test_AbC123' }],
      ])('refuses api-v2 at a real panel with %s', (_what, payments) => {
        for (const panel of ['https://panel.example/api/v2', 'http://10.0.0.5/api/v2', 'http://localhost.evil.example/api/v2']) {
          expect(() => loadConfig({ ...payments, ...apiV2, PROVIDER_URL: panel } as Record<string, string>, '/repo')).toThrow(refusal);
        }
      });

      it('refuses a loopback panel too unless SANDBOX_FULFILMENT=loopback says so (a stand-in for tests)', () => {
        expect(() => loadConfig({ ...apiV2, PROVIDER_URL: 'http://127.0.0.1:9100/api/v2' }, '/repo')).toThrow(refusal);
        for (const panel of [
          'http://127.0.0.1:9100/api/v2',
          'http://127.0.0.2/api/v2',
          'http://localhost:9100/api/v2',
          'http://[::1]:9100/api/v2',
          'http://[::ffff:127.0.0.1]/api/v2',
        ]) {
          const config = loadConfig({ ...apiV2, PROVIDER_URL: panel, SANDBOX_FULFILMENT: 'loopback' }, '/repo');
          expect(config.fulfilment).toMatchObject({ provider: 'api-v2', url: panel });
          expect(config.payments.provider).toBe('sandbox');
        }
      });

      it('keeps SANDBOX_FULFILMENT=loopback to this machine and out of production', () => {
        for (const panel of ['https://panel.example/api/v2', 'http://10.0.0.5/api/v2', 'http://localhost.evil.example/api/v2', 'http://[::2]/api/v2']) {
          expect(() => loadConfig({ ...apiV2, PROVIDER_URL: panel, SANDBOX_FULFILMENT: 'loopback' }, '/repo')).toThrow(
            'SANDBOX_FULFILMENT=loopback allows only a provider panel on this machine (127.0.0.1, ::1, localhost)',
          );
        }
        expect(() => loadConfig({ ...production, SANDBOX_FULFILMENT: 'loopback' }, '/repo')).toThrow(
          'SANDBOX_FULFILMENT=loopback is for tests; it is not allowed when NODE_ENV=production',
        );
      });

      it('allows api-v2 with Razorpay live keys, and sandbox payments with manual fulfilment', () => {
        expect(loadConfig({ ...liveKeys, ...apiV2 }, '/repo').fulfilment.provider).toBe('api-v2');
        expect(loadConfig({ PROVIDER_URL: 'https://panel.example/api/v2', PROVIDER_KEY: 'k' }, '/repo').fulfilment.provider).toBe('manual');
      });

      it('refuses a Razorpay test key in production (test cards would pay for real orders)', () => {
        expect(() => loadConfig({ ...production, RAZORPAY_KEY_ID: 'rzp_test_AbC123' }, '/repo')).toThrow(
          'RAZORPAY_KEY_ID is a test key (rzp_test_…) and test cards pay with it; set your live key when NODE_ENV=production',
        );
      });
    });

    it('keeps an unused URL and key with manual, so switching to api-v2 is one setting', () => {
      const config = loadConfig({ PROVIDER_URL: 'https://panel.example/api/v2', PROVIDER_KEY: 'k-123456' }, '/repo');
      expect(config.fulfilment).toMatchObject({ provider: 'manual', url: 'https://panel.example/api/v2', key: 'k-123456' });
    });
  });

  describe('PROCESS_ROLE (web, worker or all)', () => {
    const shared = { DATABASE_URL: 'postgres://u:p@db:5432/shop', REDIS_URL: 'redis://redis:6379' };

    it('is all by default, also on the embedded defaults (one process serves and runs the jobs)', () => {
      expect(loadConfig({}, '/repo').role).toBe('all');
      expect(loadConfig({ PROCESS_ROLE: 'all' }, '/repo').role).toBe('all');
      expect(loadConfig(shared, '/repo').role).toBe('all');
    });

    it.each(['web', 'worker'] as const)('reads %s with PostgreSQL and Redis', (role) => {
      const config = loadConfig({ ...shared, PROCESS_ROLE: ` ${role} ` }, '/repo');
      expect(config.role).toBe(role);
      expect(config.redisUrl).toBe('redis://redis:6379');
    });

    it.each(['web', 'worker'])('refuses %s without REDIS_URL or without DATABASE_URL, in one line naming what is missing', (role) => {
      const withoutRedis = () => loadConfig({ DATABASE_URL: shared.DATABASE_URL, PROCESS_ROLE: role }, '/repo');
      expect(withoutRedis).toThrow(ConfigError);
      expect(withoutRedis).toThrow(`PROCESS_ROLE=${role} needs REDIS_URL`);
      const withoutDatabase = () => loadConfig({ REDIS_URL: shared.REDIS_URL, PROCESS_ROLE: role }, '/repo');
      expect(withoutDatabase).toThrow(`PROCESS_ROLE=${role} needs DATABASE_URL`);
      for (const attempt of [withoutRedis, withoutDatabase]) {
        try {
          attempt();
        } catch (error) {
          expect((error as Error).message).not.toContain('\n');
        }
      }
    });

    it("holds a worker's lock on a job for QUEUE_LOCK_MS (BullMQ's 30 s by default), within bounds", () => {
      expect(loadConfig(shared, '/repo').queueLockMs).toBe(30_000);
      expect(loadConfig({ ...shared, QUEUE_LOCK_MS: '5000' }, '/repo').queueLockMs).toBe(5_000);
      expect(() => loadConfig({ ...shared, QUEUE_LOCK_MS: '4999' }, '/repo')).toThrow('QUEUE_LOCK_MS must be a whole number from 5000 to 600000, got "4999"');
      expect(() => loadConfig({ ...shared, QUEUE_LOCK_MS: '30s' }, '/repo')).toThrow(ConfigError);
    });

    it('refuses any other role, naming the choices', () => {
      expect(() => loadConfig({ ...shared, PROCESS_ROLE: 'api' }, '/repo')).toThrow('PROCESS_ROLE must be one of web, worker, all, got "api"');
    });
  });
});
