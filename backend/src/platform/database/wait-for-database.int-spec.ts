import net from 'node:net';
import { testDatabaseKinds } from '../../../test/support/database';
import { createDataSource, openDatabase } from './open-database';
import { DatabaseNotUpError, waitForDatabase, whereOf } from './wait-for-database';

/**
 * A process that starts before its PostgreSQL waits for it: a bounded number of tries, one line each.
 * Real: PostgreSQL (DATABASE_URL) behind a small TCP proxy that first refuses connections (nothing
 * listens), then accepts and closes them at once (as a PostgreSQL that is starting up does), then
 * forwards; the app's TypeORM options (openDatabase). Fake: the sleep between tries is real but short.
 */

/** A TCP port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Listens on `port`: `closing` closes each connection at once, `forwarding` pipes it to `target`. */
class Proxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  mode: 'closing' | 'forwarding' = 'closing';

  constructor(
    private readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async listen(): Promise<void> {
    this.server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('error', () => undefined);
      if (this.mode === 'closing') return void client.destroy();
      const upstream = net.connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}

describe('waitForDatabase (the retry policy)', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const noSleep = async () => undefined;

  it('tries again while the database is not up, one line per try naming the try, the tries and the wait', async () => {
    const lines: string[] = [];
    let calls = 0;
    const result = await waitForDatabase(
      async () => {
        calls += 1;
        if (calls < 3) throw calls === 1 ? refused : Object.assign(new Error('the database system is starting up'), { code: '57P03' });
        return 'connected';
      },
      { wait: { tries: 5, everyMs: 2_000 }, where: 'db:5432/shop', log: (line) => lines.push(line), sleep: noSleep },
    );
    expect(result).toBe('connected');
    expect(lines).toEqual([
      'PostgreSQL at db:5432/shop is not up yet (connect ECONNREFUSED 127.0.0.1:5432): try 1 of 5 failed, next in 2 s',
      'PostgreSQL at db:5432/shop is not up yet (57P03: the database system is starting up): try 2 of 5 failed, next in 2 s',
    ]);
  });

  it('gives up after the last try with one line saying how long it waited and for what', async () => {
    const lines: string[] = [];
    const attempt = waitForDatabase(() => Promise.reject(refused), {
      wait: { tries: 3, everyMs: 500 },
      where: 'db:5432/shop',
      log: (line) => lines.push(line),
      sleep: noSleep,
    });
    await expect(attempt).rejects.toThrow(DatabaseNotUpError);
    await expect(attempt).rejects.toThrow(
      /^PostgreSQL at db:5432\/shop did not take connections in 3 tries over \d+\.\d s \(last: connect ECONNREFUSED 127\.0\.0\.1:5432\); is it running\? \(DATABASE_WAIT_TRIES, DATABASE_WAIT_EVERY_MS\)$/,
    );
    expect(lines).toHaveLength(2);
  });

  it('does not wait for what waiting cannot mend (a wrong password): that error, at once', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "shop"'), { code: '28P01' });
    const lines: string[] = [];
    await expect(
      waitForDatabase(() => Promise.reject(wrongPassword), { wait: { tries: 5, everyMs: 10 }, where: 'x', log: (line) => lines.push(line), sleep: noSleep }),
    ).rejects.toBe(wrongPassword);
    expect(lines).toEqual([]);
  });

  it('names where the database is without its credentials', () => {
    expect(whereOf('postgres://shop:secret@db.internal:6543/shop')).toBe('db.internal:6543/shop');
    expect(whereOf('postgres://shop:secret@db/shop')).toBe('db:5432/shop');
  });
});

for (const kind of testDatabaseKinds()) {
  if (kind !== 'postgres') continue;
  describe('a process starting before PostgreSQL (real PostgreSQL behind a proxy)', () => {
    const real = new URL(process.env.DATABASE_URL ?? '');
    let proxy: Proxy | undefined;

    afterEach(() => proxy?.close());

    it('waits while the connection is refused, then closed at once, and opens the database (migrations run) once it forwards', async () => {
      const port = await freePort();
      proxy = new Proxy(port, { host: real.hostname, port: Number(real.port || 5432) });
      const url = new URL(real);
      url.port = String(port);
      const { options } = await openDatabase({ kind: 'postgres', url: url.toString() });
      const lines: string[] = [];
      const opened = waitForDatabase(() => createDataSource({ ...options, logging: ['error'] } as typeof options).initialize(), {
        wait: { tries: 20, everyMs: 100 },
        where: whereOf(url.toString()),
        log: (line) => {
          lines.push(line);
          // Two refused tries, then two closed at once, then the real PostgreSQL.
          if (lines.length === 2) void proxy?.listen();
          if (lines.length === 4 && proxy) proxy.mode = 'forwarding';
        },
      });
      const dataSource = await opened;
      try {
        expect(await dataSource.query('SELECT 1 AS up')).toEqual([{ up: 1 }]);
      } finally {
        await dataSource.destroy();
      }
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${port}/\\w+ is not up yet \\(.*ECONNREFUSED.*\\): try 1 of 20 failed, next in 100 ms$`));
      expect(lines[3]).toMatch(/is not up yet \(.+\): try 4 of 20 failed, next in 100 ms$/);
    });

    it('gives up with one reason after the tries when PostgreSQL never comes', async () => {
      const port = await freePort();
      const url = new URL(real);
      url.port = String(port);
      const { options } = await openDatabase({ kind: 'postgres', url: url.toString() });
      const lines: string[] = [];
      await expect(
        waitForDatabase(() => createDataSource(options).initialize(), {
          wait: { tries: 3, everyMs: 100 },
          where: whereOf(url.toString()),
          log: (line) => lines.push(line),
        }),
      ).rejects.toThrow(new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${port}/\\w+ did not take connections in 3 tries`));
      expect(lines).toHaveLength(2);
    });
  });
}
