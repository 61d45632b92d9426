import { HttpGoogleCertificates, maxAgeMs } from './google-certificates';

function fakeFetch(bodies: Array<{ certs: Record<string, string>; cacheControl?: string; status?: number }>) {
  const calls: string[] = [];
  const impl = (async (url: string) => {
    calls.push(url);
    const next = bodies[Math.min(calls.length - 1, bodies.length - 1)];
    return new Response(JSON.stringify(next.certs), {
      status: next.status ?? 200,
      headers: next.cacheControl ? { 'cache-control': next.cacheControl } : {},
    });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('HttpGoogleCertificates', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('reads max-age from Cache-Control', () => {
    expect(maxAgeMs('public, max-age=19794, must-revalidate, no-transform')).toBe(19_794_000);
    expect(maxAgeMs('no-cache')).toBeNull();
    expect(maxAgeMs(null)).toBeNull();
  });

  it('fetches once, serves from the cache until max-age passes, then refetches', async () => {
    const { impl, calls } = fakeFetch([
      { certs: { a: 'PEM-A' }, cacheControl: 'public, max-age=100' },
      { certs: { b: 'PEM-B' }, cacheControl: 'public, max-age=100' },
    ]);
    const certs = new HttpGoogleCertificates('https://certs.test', impl, clock);
    expect(await certs.pemFor('a')).toBe('PEM-A');
    now += 50_000;
    expect(await certs.pemFor('a')).toBe('PEM-A');
    expect(calls).toHaveLength(1);
    now += 51_000;
    expect(await certs.pemFor('b')).toBe('PEM-B');
    expect(calls).toHaveLength(2);
  });

  it('refetches for an unknown kid at most once a minute, and shares concurrent fetches', async () => {
    const { impl, calls } = fakeFetch([{ certs: { a: 'PEM-A' }, cacheControl: 'max-age=3600' }]);
    const certs = new HttpGoogleCertificates('https://certs.test', impl, clock);
    await Promise.all([certs.pemFor('a'), certs.pemFor('a'), certs.pemFor('a')]);
    expect(calls).toHaveLength(1);
    expect(await certs.pemFor('unknown')).toBeNull();
    expect(calls).toHaveLength(1);
    now += 61_000;
    expect(await certs.pemFor('unknown')).toBeNull();
    expect(calls).toHaveLength(2);
    expect(await certs.pemFor('__proto__')).toBeNull();
  });

  it('keeps the last good certificates when a fetch fails', async () => {
    const { impl } = fakeFetch([
      { certs: { a: 'PEM-A' }, cacheControl: 'max-age=10' },
      { certs: {}, status: 500 },
    ]);
    const certs = new HttpGoogleCertificates('https://certs.test', impl, clock);
    expect(await certs.pemFor('a')).toBe('PEM-A');
    now += 11_000;
    expect(await certs.pemFor('a')).toBe('PEM-A');
  });
});
