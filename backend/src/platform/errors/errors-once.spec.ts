import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Errors once (docs/architecture.md#one-way-per-thing): an error thrown in more than one place is a
 * factory in its module's errors file, so its words and code are written once. This reads every
 * `new AppError(…)` of the backend's code and fails when one module writes the same error (the same
 * kind, words and code) at two places.
 */
const SRC = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The text between `new AppError(` and its closing parenthesis, with runs of white space as one and
 * every `${…}` of a template as `${}`: the same words around another value are the same error.
 */
function constructions(code: string): string[] {
  const found: string[] = [];
  const opener = 'new AppError(';
  for (let at = code.indexOf(opener); at !== -1; at = code.indexOf(opener, at + 1)) {
    let depth = 1;
    let end = at + opener.length;
    while (end < code.length && depth > 0) {
      if (code[end] === '(') depth += 1;
      if (code[end] === ')') depth -= 1;
      end += 1;
    }
    found.push(
      code
        .slice(at + opener.length, end - 1)
        .replace(/\$\{[^}]*\}/g, '${}')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return found;
}

/** `modules/billing`, `platform`, `kernel`…: the part of the code an errors file serves. */
function ownerOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0];
}

describe('errors once', () => {
  const sites = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    for (const args of constructions(readFileSync(file, 'utf8'))) {
      const key = `${ownerOf(file)}: new AppError(${args})`;
      sites.set(key, [...(sites.get(key) ?? []), relative(SRC, file)]);
    }
  }

  it('reads the errors of the code (the scan finds the errors files)', () => {
    expect([...sites.keys()].some((key) => key.includes("'pricing_not_found'"))).toBe(true);
    expect(sites.size).toBeGreaterThan(50);
  });

  it('writes each error of a module at one place', () => {
    const twice = [...sites].filter(([, files]) => files.length > 1).map(([key, files]) => `${key} at ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
