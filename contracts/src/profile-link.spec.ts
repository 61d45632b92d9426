import { checkPlatformProfileLink, MAX_PROFILE_LINK_LENGTH, PLATFORM_LINK_RULES, profileLinkFormError } from './profile-link';

const REQUIRED = { ok: false, message: 'Profile link is required' };
const INVALID = { ok: false, message: 'Please enter a valid URL' };

describe('checkPlatformProfileLink (docs/catalogue.md, Profile links)', () => {
  it.each([
    ['instagram', 'instagram.com/asha.bakes', 'https://instagram.com/asha.bakes'],
    ['instagram', '  www.instagram.com/asha.bakes/  ', 'https://www.instagram.com/asha.bakes/'],
    ['instagram', '@asha.bakes', 'https://www.instagram.com/asha.bakes'],
    ['instagram', 'https://www.instagram.com/asha.bakes', 'https://www.instagram.com/asha.bakes'],
    ['youtube', '@AshaBakes', 'https://www.youtube.com/@AshaBakes'],
    ['youtube', 'm.youtube.com/@asha', 'https://m.youtube.com/@asha'],
    ['youtube', 'HTTPS://WWW.YOUTUBE.COM/@Creator', 'HTTPS://WWW.YOUTUBE.COM/@Creator'],
    ['youtube', 'http://youtu.be/abc', 'http://youtu.be/abc'],
    ['x', 'twitter.com/asha', 'https://twitter.com/asha'],
    ['x', '@asha', 'https://x.com/asha'],
    ['threads', '@asha', 'https://www.threads.net/@asha'],
    ['telegram', 't.me/asha_bakes', 'https://t.me/asha_bakes'],
    ['linkedin', '@asha-rao', 'https://www.linkedin.com/in/asha-rao'],
    ['tiktok', '@asha', 'https://www.tiktok.com/@asha'],
    ['facebook', 'fb.com/asha', 'https://fb.com/asha'],
    ['spotify', 'open.spotify.com/artist/1', 'https://open.spotify.com/artist/1'],
  ])('on %s reads %j as %j', (platform, raw, link) => {
    expect(checkPlatformProfileLink(raw, platform)).toEqual({ ok: true, link });
  });

  it('refuses a link to another platform and says which one is expected', () => {
    expect(checkPlatformProfileLink('https://www.youtube.com/@asha', 'instagram')).toEqual({
      ok: false,
      message: 'This link is for YouTube. Please enter your Instagram profile link (instagram.com/…).',
    });
    expect(checkPlatformProfileLink('example.com/asha', 'youtube')).toEqual({ ok: false, message: 'Please enter your YouTube profile link (youtube.com/…).' });
    // A look-alike host is not the platform's.
    expect(checkPlatformProfileLink('https://instagram.com.evil.example/asha', 'instagram')).toMatchObject({ ok: false });
    expect(checkPlatformProfileLink('https://notinstagram.com/asha', 'instagram')).toMatchObject({ ok: false });
  });

  it.each([[''], ['   '], [undefined], [null]])("refuses %j with 'Profile link is required'", (raw) => {
    expect(checkPlatformProfileLink(raw, 'instagram')).toEqual(REQUIRED);
  });

  it.each([
    ['javascript:alert(1)'],
    ['mailto:asha@example.com'],
    ['ftp://instagram.com/asha'],
    ['instagram'],
    ['/asha.bakes'],
    ['https://instagram.com/asha bakes'],
    ['@'],
    ['@asha/../x'],
    [42],
  ])("refuses %j with 'Please enter a valid URL'", (raw) => {
    expect(checkPlatformProfileLink(raw, 'instagram')).toEqual(INVALID);
  });

  it.each([
    ['JavaScript:alert(document.cookie)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['file:///etc/passwd'],
    ['https://'],
    ['https://www.youtube.com/@a\u0000b'],
  ])("refuses the unsafe or hostless %j with 'Please enter a valid URL'", (raw) => {
    expect(checkPlatformProfileLink(raw, 'youtube')).toEqual(INVALID);
  });

  it(`accepts a link of exactly ${MAX_PROFILE_LINK_LENGTH} characters and refuses a longer one`, () => {
    const base = 'https://www.youtube.com/@';
    const longest = base + 'a'.repeat(MAX_PROFILE_LINK_LENGTH - base.length);
    expect(longest).toHaveLength(MAX_PROFILE_LINK_LENGTH);
    expect(checkPlatformProfileLink(longest, 'youtube')).toEqual({ ok: true, link: longest });
    expect(checkPlatformProfileLink(`${longest}a`, 'youtube')).toEqual(INVALID);
    expect(checkPlatformProfileLink(`https://www.youtube.com/@${'a'.repeat(100_000)}`, 'youtube')).toEqual(INVALID);
  });

  it('takes an @handle only where the platform is known', () => {
    expect(checkPlatformProfileLink('@asha', 'spotify')).toEqual(INVALID);
    expect(checkPlatformProfileLink('@asha', null)).toEqual(INVALID);
  });

  it('has a rule for each of the eight platforms sold', () => {
    expect(Object.keys(PLATFORM_LINK_RULES).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'telegram', 'threads', 'tiktok', 'x', 'youtube']);
  });
});

describe('profileLinkFormError', () => {
  it('passes what some platform may take, and an @handle', () => {
    expect(profileLinkFormError('instagram.com/asha')).toBeNull();
    expect(profileLinkFormError('@asha')).toBeNull();
  });
  it('names what no platform takes', () => {
    expect(profileLinkFormError('')).toBe('Profile link is required');
    expect(profileLinkFormError('javascript:alert(1)')).toBe('Please enter a valid URL');
  });
});
