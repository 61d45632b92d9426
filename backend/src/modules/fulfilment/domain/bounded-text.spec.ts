import { boundedText } from './bounded-text';

describe('boundedText (a provider panel text made fit to show staff)', () => {
  it('strips bidi controls, so a hostile panel cannot show staff its words reversed', () => {
    const hostile = '\u202eIn progress\u202c \u2066Partial\u2069 \u200e\u200f\u061cdone\u202a\u202b\u202d\u2067\u2068';
    expect(boundedText(hostile, 100)).toBe('In progress Partial done');
  });

  it('leaves ordinary text, emoji and right-to-left letters as they came', () => {
    expect(boundedText('  Completed 👍 مكتمل  ', 100)).toBe('Completed 👍 مكتمل');
  });
});
