import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The frontends' files as the browser receives them (docs/operations.md, "Compression of the
 * frontends"): the build writes each file, its .br and its .gz; the server picks by Accept-Encoding
 * (Brotli first, then gzip, else the file as built) and says so in Content-Encoding, with the
 * length of the bytes it sent, Vary: Accept-Encoding and an ETag per encoding. Real: the app and its
 * HTTP server, over raw sockets (no client-side decompression). Fake: the built files (a fixture).
 */
const MAIN = `/* the shell's entry */ ${'console.log("growth");'.repeat(200)}`;
const ENTRY = `var storefront = ${JSON.stringify({ exposes: ['Home', 'Pricing'] }).repeat(40)};`;

function precompressed(dir: string, name: string, text: string): void {
  writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, `${name}.gz`), gzipSync(text, { level: 9 }));
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'growth-precompressed-'));
  const shell = join(dir, 'shell', 'dist');
  const storefront = join(dir, 'storefront', 'dist');
  mkdirSync(shell, { recursive: true });
  mkdirSync(storefront, { recursive: true });
  writeFileSync(join(shell, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  precompressed(shell, 'main.1234abcd.js', MAIN);
  precompressed(storefront, 'remoteEntry.js', ENTRY);
  // Only a .gz beside it (an older build): gzip even for a browser that prefers Brotli.
  writeFileSync(join(shell, 'old.5678ef01.js'), MAIN);
  writeFileSync(join(shell, 'old.5678ef01.js.gz'), gzipSync(MAIN));
  return dir;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('Precompressed frontend files, by content negotiation', () => {
  let dir: string;
  let t: TestApp;
  let base: string;

  const get = (path: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      httpGet(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      }).on('error', reject);
    });

  beforeAll(async () => {
    dir = fixture();
    t = await createTestApp({ env: { FRONTENDS_DIR: dir } });
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/main.1234abcd.js', MAIN],
    ['/remotes/storefront/remoteEntry.js', ENTRY],
  ])('%s: Brotli to a browser that takes it, gzip to one that takes only gzip, the file itself to one that takes neither', async (path, text) => {
    const br = await get(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const gz = await get(path, { 'Accept-Encoding': 'gzip, deflate' });
    const plain = await get(path);
    expect([br.status, gz.status, plain.status]).toEqual([200, 200, 200]);
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(gunzipSync(gz.body).toString()).toBe(text);
    expect(plain.body.toString()).toBe(text);
    // Brotli is the smallest; each Content-Length is the length of the bytes sent.
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.body.length);
    for (const answer of [br, gz, plain]) {
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      // The type of the file as built, whichever bytes carry it.
      expect(answer.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    }
    // One ETag per encoding: a cache never answers a Brotli request with gzip bytes, or the reverse.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('honours q-values: br;q=0 refuses Brotli, identity alone gets the file as built', async () => {
    const noBrotli = await get('/main.1234abcd.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(noBrotli.body).toString()).toBe(MAIN);
    const identity = await get('/main.1234abcd.js', { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(MAIN);
  });

  it('answers 304 to the ETag of the same encoding only, and caches hashed names for good in every encoding', async () => {
    const br = await get('/main.1234abcd.js', { 'Accept-Encoding': 'br' });
    const again = await get('/main.1234abcd.js', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag as string });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const otherEncoding = await get('/main.1234abcd.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag as string });
    expect(otherEncoding.status).toBe(200);
    expect(gunzipSync(otherEncoding.body).toString()).toBe(MAIN);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await get('/main.1234abcd.js', { 'Accept-Encoding': encoding });
      expect([encoding, answer.headers['cache-control']]).toEqual([encoding, 'public, max-age=31536000, immutable']);
    }
    // remoteEntry.js has no content hash: revalidated, whatever the encoding.
    expect((await get('/remotes/storefront/remoteEntry.js', { 'Accept-Encoding': 'br' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends gzip to a Brotli browser when a file has only its .gz', async () => {
    const answer = await get('/old.5678ef01.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(MAIN);
  });
});
