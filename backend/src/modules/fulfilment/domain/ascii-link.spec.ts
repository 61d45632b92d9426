import { asciiLink } from './ascii-link';

describe('asciiLink (docs/fulfilment.md#links-in-ascii)', () => {
  it('percent-encodes a path with non-ASCII characters, as a browser sends it', () => {
    expect(asciiLink('https://www.youtube.com/@café-olé')).toBe('https://www.youtube.com/@caf%C3%A9-ol%C3%A9');
    expect(asciiLink('https://www.youtube.com/@café…')).toBe('https://www.youtube.com/@caf%C3%A9%E2%80%A6');
  });

  it('writes an internationalised host as punycode', () => {
    expect(asciiLink('https://bücher.example/@ann')).toBe('https://xn--bcher-kva.example/@ann');
    expect(asciiLink('https://ÉXAMPLE.com/Straße?q=ü#ä')).toBe('https://xn--xample-9ua.com/Stra%C3%9Fe?q=%C3%BC#%C3%A4');
  });

  it('leaves an ASCII link as it was and does not encode twice', () => {
    expect(asciiLink('https://www.instagram.com/ann.smith/?hl=en')).toBe('https://www.instagram.com/ann.smith/?hl=en');
    expect(asciiLink('https://www.youtube.com/@caf%C3%A9')).toBe('https://www.youtube.com/@caf%C3%A9');
  });

  it('sends text that is not an absolute URL as it is', () => {
    expect(asciiLink('not a link')).toBe('not a link');
  });

  it('gives only ASCII for any link it can parse', () => {
    for (const link of ['https://www.youtube.com/@café…', 'https://例え.テスト/パス', 'https://tiktok.com/@зоя']) expect(asciiLink(link)).toMatch(/^[\x21-\x7e]+$/);
  });
});
