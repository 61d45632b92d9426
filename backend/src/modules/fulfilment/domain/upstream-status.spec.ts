import { interpretUpstreamStatus } from './upstream-status';

describe('interpretUpstreamStatus', () => {
  it.each([
    ['Completed', 1],
    ['Partial', 2],
    ['Canceled', 3],
    ['Cancelled', 3],
    ['Refunded', 4],
  ] as const)('ends the order on %s with Status %i', (word, finalStatus) => {
    expect(interpretUpstreamStatus(word)).toEqual({ raw: word, finalStatus });
  });

  it('matches the final words in any case and with stray spaces, keeping the text as sent (trimmed)', () => {
    expect(interpretUpstreamStatus('  COMPLETED ')).toEqual({ raw: 'COMPLETED', finalStatus: 1 });
    expect(interpretUpstreamStatus('partial')).toEqual({ raw: 'partial', finalStatus: 2 });
    expect(interpretUpstreamStatus('cAnCeLlEd')).toEqual({ raw: 'cAnCeLlEd', finalStatus: 3 });
    expect(interpretUpstreamStatus('Refunded\n')).toEqual({ raw: 'Refunded', finalStatus: 4 });
  });

  it.each(['Pending', 'In progress', 'in  PROGRESS', 'Processing'])('leaves the order open on %j', (word) => {
    expect(interpretUpstreamStatus(word)).toEqual({ raw: word.trim() });
  });

  it('leaves the order open on a word it does not know, keeping that word for staff', () => {
    expect(interpretUpstreamStatus('Awaiting moderation')).toEqual({ raw: 'Awaiting moderation' });
    expect(interpretUpstreamStatus('Completed partially')).toEqual({ raw: 'Completed partially' });
    expect(interpretUpstreamStatus('Fail')).toEqual({ raw: 'Fail' });
  });

  // Every name a plain object answers without holding it: its prototype's properties, and __proto__.
  const builtIns = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype', 'hasOwnProperty', 'valueOf'])];
  it.each(builtIns.flatMap((name) => [name, name.toUpperCase(), ` ${name} `]))(
    'leaves the order open on %j, the name of a built-in property, keeping the word (no Status but 1–4 ever comes out)',
    (word) => {
      const read = interpretUpstreamStatus(word);
      expect(read).toEqual({ raw: word.trim() });
      expect(Object.keys(read)).toEqual(['raw']);
    },
  );

  it('reads a missing or empty status as still open with no text', () => {
    expect(interpretUpstreamStatus(null)).toEqual({ raw: null });
    expect(interpretUpstreamStatus(undefined)).toEqual({ raw: null });
    expect(interpretUpstreamStatus('   ')).toEqual({ raw: null });
  });
});
