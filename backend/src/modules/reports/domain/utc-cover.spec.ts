import { anchoredCover, cover, signedCover, UnalignedIntervalError } from './utc-cover';

const at = (iso: string) => Date.parse(iso);
const show = (pieces: ReturnType<typeof cover>) => pieces.map((p) => `${p.sign > 0 ? '+' : '-'}${p.span} ${new Date(p.start).toISOString().slice(0, 16)}`);

/** Adds up a cover over a one-minute grid: each minute must be counted exactly once inside [a, b) and never outside. */
function minutesCounted(pieces: ReturnType<typeof cover>, from: number, to: number): Map<number, number> {
  const length = { q: 15, h: 60, d: 1440 } as Record<string, number>;
  const counts = new Map<number, number>();
  for (const p of pieces) {
    const end = p.span === 'm' ? Date.UTC(new Date(p.start).getUTCFullYear(), new Date(p.start).getUTCMonth() + 1, 1) : p.start + length[p.span] * 60_000;
    for (let t = Math.max(p.start, from); t < Math.min(end, to); t += 60_000) counts.set(t, (counts.get(t) ?? 0) + p.sign);
  }
  return counts;
}

describe('UTC buckets that add up to an interval', () => {
  it('takes the largest bucket at each point', () => {
    expect(show(cover(at('2026-01-09T18:30Z'), at('2026-01-10T20:15Z')))).toEqual([
      '+q 2026-01-09T18:30',
      '+q 2026-01-09T18:45',
      '+h 2026-01-09T19:00',
      '+h 2026-01-09T20:00',
      '+h 2026-01-09T21:00',
      '+h 2026-01-09T22:00',
      '+h 2026-01-09T23:00',
      ...Array.from({ length: 20 }, (_, h) => `+h 2026-01-10T${String(h).padStart(2, '0')}:00`),
      '+q 2026-01-10T20:00',
    ]);
    expect(show(cover(at('2026-01-01T00:00Z'), at('2026-04-01T00:00Z')))).toEqual(['+m 2026-01-01T00:00', '+m 2026-02-01T00:00', '+m 2026-03-01T00:00']);
    expect(
      cover(at('2025-12-30T00:00Z'), at('2026-03-02T00:00Z'))
        .map((p) => p.span)
        .join(''),
    ).toBe('ddmmd');
    expect(cover(at('2026-01-01T00:00Z'), at('2026-01-01T00:00Z'))).toEqual([]);
  });

  it('refuses ends that are not whole quarter hours', () => {
    expect(() => cover(at('2026-01-01T00:10Z'), at('2026-01-02T00:00Z'))).toThrow(UnalignedIntervalError);
  });

  it('counts an interval backwards when its ends are swapped', () => {
    expect(signedCover(at('2026-01-10T00:00Z'), at('2026-01-09T23:30Z')).map((p) => [p.span, p.sign])).toEqual([
      ['q', -1],
      ['q', -1],
    ]);
  });

  it.each([
    ['a Kolkata day', '2026-01-09T18:30Z', '2026-01-10T18:30Z', '2026-01-10T00:00Z', '2026-01-11T00:00Z'],
    ['a Marquesas day (-09:30)', '2026-01-10T09:30Z', '2026-01-11T09:30Z', '2026-01-10T00:00Z', '2026-01-11T00:00Z'],
    ['a New York day of 23 hours', '2026-03-08T05:00Z', '2026-03-09T04:00Z', '2026-03-08T00:00Z', '2026-03-09T00:00Z'],
    ['a Kolkata month', '2026-01-31T18:30Z', '2026-02-28T18:30Z', '2026-02-01T00:00Z', '2026-03-01T00:00Z'],
  ])('adds up to %s exactly, minute by minute, through anchors at UTC midnight', (_case, start, end, anchorStart, anchorEnd) => {
    const pieces = anchoredCover(at(start), at(end), at(anchorStart), at(anchorEnd));
    const from = at(start) - 2 * 86_400_000;
    const to = at(end) + 2 * 86_400_000;
    const counts = minutesCounted(pieces, from, to);
    for (let t = from; t < to; t += 60_000) expect([t, counts.get(t) ?? 0]).toEqual([t, t >= at(start) && t < at(end) ? 1 : 0]);
    // A day costs one day bucket and a few hours and quarters at each end; a month one month bucket.
    expect(pieces.length).toBeLessThanOrEqual(31);
  });
});
