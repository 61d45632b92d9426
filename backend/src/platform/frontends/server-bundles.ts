import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runInThisContext } from 'node:vm';

/**
 * The frontends' server-rendering bundles (docs/architecture.md#server-rendering): each app's build
 * writes `dist/ssr/server.cjs` beside its browser files. The shell's renders the whole app and lends
 * the federation's shared singletons (React, the router, kit); a remote's holds its pages and takes
 * those singletons from the shell's, as Module Federation does in the browser. A bundle is loaded
 * again when its file changes, so a remote's redeploy changes the served HTML without a shell build
 * or a restart.
 */
export interface ShellServerBundle {
  shared: Record<string, unknown>;
  render(request: { path: string; search: string; page: string; component: unknown; answers: Record<string, unknown> }): string;
}

export interface PageFacts {
  url: string;
  origin: string;
  title: string;
  description: string;
  answers: Record<string, unknown>;
  shopName: string;
}

export interface RemoteServerBundle {
  pages: Record<string, unknown>;
  structuredData?(page: string, facts: PageFacts): object[];
}

/** The name a remote's bundle requires its asset base by (kit/build/rspack.mjs ssrConfig). */
const PUBLIC_PATH_MODULE = '@growth/ssr-public-path';
export const SERVER_BUNDLE = join('ssr', 'server.cjs');

/** Evaluates a CommonJS file with the given `require` (a fresh module each time: no require cache). */
function evaluate(file: string, code: string, require: (name: string) => unknown): unknown {
  const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file }) as (
    exports: object,
    require: (name: string) => unknown,
    module: { exports: object },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} };
  wrapper(module.exports, require, module, file, dirname(file));
  return module.exports;
}

interface Loaded<T> {
  mtimeMs: number;
  /** Whose shared singletons a remote's bundle was evaluated with. */
  shell?: ShellServerBundle;
  value: T;
}

/** How long a bundle file's modification time is trusted before it is read again from disk. */
export const BUNDLE_CHECK_EVERY_MS = 1000;

export class ServerBundles {
  private shell: Loaded<ShellServerBundle> | null = null;
  private readonly remotes = new Map<string, Loaded<RemoteServerBundle>>();
  /** Each file's last modification time seen (null: not there) and when it was read. */
  private readonly seen = new Map<string, { mtimeMs: number | null; at: number }>();

  /**
   * @param dist         an app's dist folder by name ('shell', 'storefront'...)
   * @param remoteBase   where a remote's browser files are served from (its assets' base URL)
   * @param now          the clock the checks are spaced by
   */
  constructor(
    private readonly dist: (name: string) => string,
    private readonly remoteBase: (name: string) => string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The shell's bundle and the remote's, with a version that changes when either file does; null when either is not built. */
  load(remote: string): { shell: ShellServerBundle; remote: RemoteServerBundle; version: string } | null {
    const shell = this.loadShell();
    if (!shell) return null;
    const file = join(this.dist(remote), SERVER_BUNDLE);
    const mtimeMs = this.mtimeOf(file);
    if (mtimeMs === null) return null;
    let loaded = this.remotes.get(remote);
    if (!loaded || loaded.mtimeMs !== mtimeMs || loaded.shell !== shell.value) {
      const shared = shell.value.shared;
      const base = this.remoteBase(remote);
      const value = evaluate(file, readFileSync(file, 'utf8'), (name) => {
        if (name === PUBLIC_PATH_MODULE) return { __esModule: true, default: base };
        if (name in shared) return shared[name];
        throw new Error(`${file} requires ${name}, which the shell's server bundle does not share`);
      }) as RemoteServerBundle;
      loaded = { mtimeMs, shell: shell.value, value };
      this.remotes.set(remote, loaded);
    }
    return { shell: shell.value, remote: loaded.value, version: `${shell.mtimeMs}/${mtimeMs}` };
  }

  private loadShell(): Loaded<ShellServerBundle> | null {
    const file = join(this.dist('shell'), SERVER_BUNDLE);
    const mtimeMs = this.mtimeOf(file);
    if (mtimeMs === null) return (this.shell = null);
    if (this.shell?.mtimeMs !== mtimeMs) {
      // Node's own require for what the bundle leaves out (node: built-ins react-dom/server uses).
      this.shell = { mtimeMs, value: evaluate(file, readFileSync(file, 'utf8'), createRequire(file)) as ShellServerBundle };
    }
    return this.shell;
  }

  /**
   * The file's modification time, read from disk at most once per BUNDLE_CHECK_EVERY_MS: every
   * cached page answer asks for its bundles' version (the cache key), and two stat calls per answer
   * are work the fast lane need not do. A redeploy is served within that second.
   */
  private mtimeOf(file: string): number | null {
    const now = this.now();
    const seen = this.seen.get(file);
    if (seen && now - seen.at < BUNDLE_CHECK_EVERY_MS && now >= seen.at) return seen.mtimeMs;
    const mtimeMs = mtimeOf(file);
    this.seen.set(file, { mtimeMs, at: now });
    return mtimeMs;
  }
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}
