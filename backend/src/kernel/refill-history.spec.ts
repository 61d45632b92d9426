import { REFILL_HISTORY, readRefillHistory } from './refill-history';

const at = (days: number) => new Date(Date.UTC(2026, 10, 3 + days, 10));

describe('the stored refill history (docs/refill.md)', () => {
  it('reads a stored summary defensively: entries of an unknown shape are left out', () => {
    const stored = {
      history: [
        {
          refillId: 'a',
          state: 'open',
          actor: 'staff',
          requestedAt: at(1).getTime(),
          settledAt: null,
          checkedAt: at(2).getTime(),
          upstreamRefillId: '5',
          upstreamStatus: 'Pending',
          failure: null,
          unsupported: false,
        },
        { refillId: 'b', state: 'exploded', requestedAt: 1 },
        { refillId: 'c', state: 'completed', requestedAt: 'yesterday' },
        'nonsense',
        null,
      ],
    };
    expect(readRefillHistory(stored)).toEqual([
      {
        refillId: 'a',
        state: 'open',
        actor: 'staff',
        requestedAt: at(1),
        settledAt: null,
        checkedAt: at(2),
        upstreamRefillId: '5',
        upstreamStatus: 'Pending',
        failure: null,
        unsupported: false,
      },
    ]);
    for (const value of [null, [], 'x', { history: 'x' }]) expect(readRefillHistory(value)).toEqual([]);
  });

  it('keeps the newest REFILL_HISTORY entries of a longer list', () => {
    const history = Array.from({ length: REFILL_HISTORY + 5 }, (_, i) => ({ refillId: `r${i}`, state: 'completed', requestedAt: at(i).getTime() }));
    const records = readRefillHistory({ history });
    expect(records.map((r) => r.refillId)).toEqual(history.slice(0, REFILL_HISTORY).map((e) => e.refillId));
  });
});
