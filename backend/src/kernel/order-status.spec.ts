import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ORDER_STATUS, ORDER_STATUS_TEXT, ORDER_STATUSES, orderStatusList, orderStatusOf, SHORT_STATUSES } from './order-status';

const SRC = join(__dirname, '..');

/** Every non-spec source file of the backend outside the migrations (which are fixed in time). */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the order Status table (kernel/order-status.ts)', () => {
  it('has one text for every Status, and the Statuses 0 to 4 of the spec', () => {
    expect(ORDER_STATUSES).toEqual([0, 1, 2, 3, 4]);
    expect(Object.keys(ORDER_STATUS_TEXT).map(Number)).toEqual([...ORDER_STATUSES]);
    expect(SHORT_STATUSES).toEqual([ORDER_STATUS.Partial, ORDER_STATUS.Canceled, ORDER_STATUS.Refunded]);
  });

  it('writes SQL lists from the table and refuses anything else', () => {
    expect(orderStatusList(SHORT_STATUSES)).toBe('(2, 3, 4)');
    expect(() => orderStatusList([])).toThrow();
    expect(() => orderStatusList([9 as never])).toThrow();
    expect(orderStatusOf(3)).toBe(ORDER_STATUS.Canceled);
    expect(() => orderStatusOf(9)).toThrow('Not an order Status: 9');
  });

  it('is the only spelling: no SQL of the backend compares a status with a number typed into it', () => {
    const typed = /\b(?:final_)?status\s*(?:=|<>|!=|IN\s*\(|NOT IN\s*\()\s*'?\d/i;
    const found = sources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(SRC, file)}:${i + 1}` }))
        // Comments may name a Status by its number; code may not.
        .filter(({ line }) => typed.test(line) && !/^\s*(\*|\/\/)/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("matches the subscriptions table's CHECK (the last migration that sets it)", () => {
    const migrations = join(SRC, 'platform/database/migrations');
    const checks = readdirSync(migrations)
      .filter((name) => /^\d+-.*\.ts$/.test(name) && !name.includes('spec'))
      .sort()
      .flatMap((name) => [...readFileSync(join(migrations, name), 'utf8').matchAll(/ADD CONSTRAINT subscriptions_status_check CHECK \(([^)]*)\)/g)].map((m) => m[1]));
    // up then down in each file: the up of the newest migration is the one in force.
    const upOfNewest = checks.at(-2);
    expect(upOfNewest).toBe(`status BETWEEN ${Math.min(...ORDER_STATUSES)} AND ${Math.max(...ORDER_STATUSES)}`);
  });
});
