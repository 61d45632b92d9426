import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadConfig, REPO_ROOT } from './app-config';

/**
 * docs/configuration.md against the code. The shop's settings are what its run-time code reads:
 * backend/src (the config helpers and any direct process.env read) and the frontends' build. The
 * rows under "Outside the shop" (tests, CI, Compose, bench) are read by tooling, not by the shop,
 * so for them only "documented, hence read by that tooling" is held. Every docs/<page>.md#<anchor>
 * cited in the repository must name a heading of that page.
 */
const DOC = join(REPO_ROOT, 'docs/configuration.md');
const OUTSIDE_HEADING = '## Outside the shop';
const SETTING = /^[A-Z][A-Z0-9_]*$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.data', '.nx', 'artifacts', 'coverage']);

function filesUnder(path: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return keep(path) ? [path] : [];
  return readdirSync(path)
    .filter((name) => !SKIPPED_DIRS.has(name))
    .flatMap((name) => filesUnder(join(path, name), keep));
}

const isSpec = (file: string) => /\.(spec|int-spec|e2e-spec)\.[cm]?[jt]sx?$/.test(file);
const isCode = (file: string) => /\.([cm]?[jt]sx?)$/.test(file) && !isSpec(file);

/** The names in the first cell of each table row, split by the "Outside the shop" heading. */
function documented(): { shop: string[]; outside: string[] } {
  const text = readFileSync(DOC, 'utf8');
  const at = text.indexOf(`\n${OUTSIDE_HEADING}\n`);
  expect(at).toBeGreaterThan(0);
  const names = (part: string) =>
    part
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]))
      .filter((name) => SETTING.test(name));
  return { shop: names(text.slice(0, at)), outside: names(text.slice(at)) };
}

/** Every setting name the shop's code reads, found in its source, plus what loadConfig asks for. */
function readByShop(): string[] {
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]*)/g,
    /process\.env\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
    // app-config.ts's helpers: text(env, 'NAME'), integer(env, 'NAME', ...), url(...), oneOf(...)
    /\(\s*env\s*,\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g,
    /\benv\.([A-Z][A-Z0-9_]*)/g,
    /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
  ];
  const sources = [...filesUnder(join(REPO_ROOT, 'backend/src'), isCode), ...filesUnder(join(REPO_ROOT, 'frontends'), isCode)];
  const found = new Set<string>();
  for (const file of sources) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]);
  }
  // Names built at run time (REMOTE_${name}_URL) only show when loadConfig asks for them.
  const asked = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, key) => {
      if (typeof key === 'string' && SETTING.test(key)) found.add(key);
      return undefined;
    },
  });
  loadConfig(asked, '/repo');
  return [...found].sort();
}

/** The text of the places that read the "Outside the shop" settings. */
function toolingText(): string {
  const roots = ['backend/test', 'backend/jest.config.js', 'e2e', '.ci', 'docker-compose.yml', '.env.example', 'package.json'];
  return roots
    .flatMap((root) => filesUnder(join(REPO_ROOT, root), (file) => !file.endsWith('.md')))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(page: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(page, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every docs/<page>.md#<anchor> cited in code and docs, and every relative `](x.md#anchor)` link in docs. */
function citedAnchors(): { from: string; page: string; anchor: string }[] {
  const roots = ['backend/src', 'backend/test', 'contracts', 'frontends', 'e2e', '.ci', 'docs', 'README.md', 'CONTRIBUTING.md', 'docker-compose.yml', 'Dockerfile'];
  const citations: { from: string; page: string; anchor: string }[] = [];
  for (const file of roots.flatMap((root) => filesUnder(join(REPO_ROOT, root), () => true))) {
    if (!/\.([cm]?[jt]sx?|md|ya?ml|sh)$/.test(file) && !file.endsWith('/run') && !file.endsWith('Dockerfile')) continue;
    const text = readFileSync(file, 'utf8');
    const from = relative(REPO_ROOT, file);
    for (const m of text.matchAll(/(?<![\w/.-])(docs\/[\w/-]+\.md)#([\w-]+)/g)) citations.push({ from, page: m[1], anchor: m[2] });
    if (file.endsWith('.md')) {
      for (const m of text.matchAll(/\]\(((?!https?:)[\w./-]+\.md)#([\w-]+)\)/g)) {
        citations.push({ from, page: relative(REPO_ROOT, resolve(dirname(file), m[1])), anchor: m[2] });
      }
    }
  }
  return citations;
}

describe('docs/configuration.md', () => {
  const doc = documented();
  const read = readByShop();

  it('finds the settings the shop reads (the scan itself works)', () => {
    expect(read).toEqual(expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'REMOTE_ADMIN_URL']));
  });

  it('lists each setting once', () => {
    const all = [...doc.shop, ...doc.outside];
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });

  it('has a row for every setting the shop reads', () => {
    expect(read.filter((name) => !doc.shop.includes(name))).toEqual([]);
  });

  it('lists above "Outside the shop" only settings the shop reads', () => {
    expect(doc.shop.filter((name) => !read.includes(name))).toEqual([]);
  });

  it('lists under "Outside the shop" only settings the tests, CI, Compose or bench read', () => {
    const text = toolingText();
    expect(doc.outside.filter((name) => !new RegExp(`\\b${name}\\b`).test(text))).toEqual([]);
  });
});

describe('docs anchors cited in the repository', () => {
  it('each names a heading of its page', () => {
    const cache = new Map<string, Set<string>>();
    const anchors = (page: string) => {
      if (!cache.has(page)) cache.set(page, existsSync(join(REPO_ROOT, page)) ? anchorsOf(join(REPO_ROOT, page)) : new Set());
      return cache.get(page) as Set<string>;
    };
    const citations = citedAnchors();
    expect(citations.length).toBeGreaterThan(50);
    const broken = citations.filter((c) => !anchors(c.page).has(c.anchor)).map((c) => `${c.from}: ${c.page}#${c.anchor}`);
    expect([...new Set(broken)]).toEqual([]);
  });
});
