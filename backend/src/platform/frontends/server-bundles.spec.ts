import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_CHECK_EVERY_MS, SERVER_BUNDLE, ServerBundles } from './server-bundles';

/** A remote redeployed while the server runs is served within a second, without a shell build or a restart. */
describe('ServerBundles', () => {
  let root: string;
  let now: number;
  let bundles: ServerBundles;

  const write = (app: string, code: string, mtimeS: number) => {
    const file = join(root, app, SERVER_BUNDLE);
    mkdirSync(join(root, app, 'ssr'), { recursive: true });
    writeFileSync(file, code);
    utimesSync(file, mtimeS, mtimeS);
  };
  const shell = 'module.exports = { shared: {}, render: () => "" };';
  const remote = (word: string) => `module.exports = { pages: { home: ${JSON.stringify(word)} } };`;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'server-bundles-'));
    now = 1_000_000;
    bundles = new ServerBundles(
      (name) => join(root, name),
      (name) => `/remotes/${name}/`,
      () => now,
    );
    write('shell', shell, 1_000);
    write('storefront', remote('first'), 1_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("serves a redeployed remote's pages once the check interval has passed, under a new version", () => {
    const first = bundles.load('storefront');
    expect(first?.remote.pages.home).toBe('first');

    write('storefront', remote('second'), 2_000);
    now += BUNDLE_CHECK_EVERY_MS - 1;
    const within = bundles.load('storefront');
    expect(within?.remote.pages.home).toBe('first');
    expect(within?.version).toBe(first?.version);

    now += 1;
    const after = bundles.load('storefront');
    expect(after?.remote.pages.home).toBe('second');
    expect(after?.version).not.toBe(first?.version);
  });

  it('reads the files from disk at most once per interval, however many pages are answered', () => {
    bundles.load('storefront');
    // Removed from disk: within the interval the known bundles are still served from memory.
    rmSync(join(root, 'storefront'), { recursive: true });
    for (let i = 0; i < 100; i++) expect(bundles.load('storefront')?.remote.pages.home).toBe('first');
    now += BUNDLE_CHECK_EVERY_MS;
    expect(bundles.load('storefront')).toBeNull();
  });

  it('a clock that goes back reads the files again', () => {
    bundles.load('storefront');
    write('storefront', remote('second'), 2_000);
    now -= 5;
    expect(bundles.load('storefront')?.remote.pages.home).toBe('second');
  });
});
