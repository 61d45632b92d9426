import { checkProfileLink } from './profileLink';

describe('checkProfileLink (docs/product.md#validation)', () => {
  it.each(['', '   ', '\t\n'])("empty %j: 'Profile link is required'", (raw) => {
    expect(checkProfileLink(raw)).toEqual({ ok: false, error: 'Profile link is required' });
  });

  it.each(['youtube.com/@me', 'not a url', 'ftp://example.com/me', 'javascript:alert(1)', 'mailto:me@example.com', 'https://'])(
    "%j: 'Please enter a valid URL'",
    (raw) => {
      expect(checkProfileLink(raw)).toEqual({ ok: false, error: 'Please enter a valid URL' });
    },
  );

  it('accepts http(s) links with a host, trimmed', () => {
    expect(checkProfileLink('  https://www.youtube.com/@creator  ')).toEqual({ ok: true, value: 'https://www.youtube.com/@creator' });
    expect(checkProfileLink('http://instagram.com/me')).toEqual({ ok: true, value: 'http://instagram.com/me' });
  });
});
