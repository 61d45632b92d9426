import { MAX_PROFILE_LINK_LENGTH, checkProfileLink } from './profile-link';

const REQUIRED = { ok: false, message: 'Profile link is required' };
const INVALID = { ok: false, message: 'Please enter a valid URL' };

describe('checkProfileLink (docs/product.md#validation: payment profile link)', () => {
  it.each([
    ['https://www.youtube.com/@creator', 'https://www.youtube.com/@creator'],
    ['http://instagram.com/someone', 'http://instagram.com/someone'],
    ['  https://x.com/someone  ', 'https://x.com/someone'],
    ['\thttps://t.me/channel\n', 'https://t.me/channel'],
    ['HTTPS://WWW.YOUTUBE.COM/@Creator', 'HTTPS://WWW.YOUTUBE.COM/@Creator'],
    ['https://www.linkedin.com/in/someone?trk=profile#about', 'https://www.linkedin.com/in/someone?trk=profile#about'],
  ])('accepts %j as %j (trimmed, otherwise as typed)', (raw, link) => {
    expect(checkProfileLink(raw)).toEqual({ ok: true, link });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['whitespace of every kind', ' \t\n '],
    ['undefined', undefined],
    ['null', null],
  ])("refuses %s with 'Profile link is required'", (_what, raw) => {
    expect(checkProfileLink(raw)).toEqual(REQUIRED);
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: URL in capitals', 'JavaScript:alert(document.cookie)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a mailto: URL', 'mailto:someone@example.com'],
    ['an ftp: URL', 'ftp://example.com/me'],
    ['a file: URL', 'file:///etc/passwd'],
    ['a host without a protocol', 'youtube.com/x'],
    ['a protocol-relative URL', '//youtube.com/x'],
    ['a path', '/services/youtube'],
    ['plain words', 'my channel'],
    ['a URL without a host', 'https://'],
    ['a URL with a space in the host', 'https://you tube.com/x'],
  ])("refuses %s with 'Please enter a valid URL'", (_what, raw) => {
    expect(checkProfileLink(raw)).toEqual(INVALID);
  });

  it.each([
    ['a number', 42],
    ['an array', ['https://youtube.com/x']],
    ['an object', { href: 'https://youtube.com/x' }],
  ])('refuses %s (not text)', (_what, raw) => {
    expect(checkProfileLink(raw).ok).toBe(false);
  });

  it(`accepts a link of exactly ${MAX_PROFILE_LINK_LENGTH} characters and refuses a longer one`, () => {
    const base = 'https://www.youtube.com/@';
    const longest = base + 'a'.repeat(MAX_PROFILE_LINK_LENGTH - base.length);
    expect(longest).toHaveLength(MAX_PROFILE_LINK_LENGTH);
    expect(checkProfileLink(longest)).toEqual({ ok: true, link: longest });
    expect(checkProfileLink(`${longest}a`)).toEqual(INVALID);
    expect(checkProfileLink(`https://www.youtube.com/@${'a'.repeat(100_000)}`)).toEqual(INVALID);
  });

  it('measures the length after trimming', () => {
    const base = 'https://www.youtube.com/@';
    const longest = base + 'a'.repeat(MAX_PROFILE_LINK_LENGTH - base.length);
    expect(checkProfileLink(`   ${longest}   `)).toEqual({ ok: true, link: longest });
  });
});
