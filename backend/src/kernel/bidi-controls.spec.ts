import { jsonWithoutBidiControls, withoutBidiControls } from './bidi-controls';

describe('withoutBidiControls (text entered by customers or sent by a panel, as staff read it)', () => {
  it('removes every bidi control, so U+202E cannot show staff a name reversed', () => {
    expect(withoutBidiControls('Ann\u202e nimda\u202c')).toBe('Ann nimda');
    expect(withoutBidiControls('\u061ca\u200eb\u200fc\u202ad\u202be\u202cf\u202dg\u202eh\u2066i\u2067j\u2068k\u2069')).toBe('abcdefghijk');
  });

  it('leaves letters of right-to-left scripts, emoji with joiners and ordinary text as they came', () => {
    expect(withoutBidiControls('Zoë مكتمل שלום 👩‍💻 Ångström')).toBe('Zoë مكتمل שלום 👩‍💻 Ångström');
  });
});

describe('jsonWithoutBidiControls', () => {
  it('removes the controls from every string of a stored value, keys included, and keeps the rest', () => {
    expect(jsonWithoutBidiControls({ name: 'Ben\u202e reyuB', 'ke\u200fy': ['\u2066x\u2069', 3, null, { deep: '\u202aא\u202c' }], ok: true })).toEqual({
      name: 'Ben reyuB',
      key: ['x', 3, null, { deep: 'א' }],
      ok: true,
    });
    expect(jsonWithoutBidiControls(null)).toBeNull();
  });
});
