import { checkProfileLink } from './profileLink';

describe('checkProfileLink (docs/catalogue.md, Profile links)', () => {
  it.each(['', '   ', '\t\n'])("empty %j: 'Profile link is required'", (raw) => {
    expect(checkProfileLink(raw, 'youtube')).toEqual({ ok: false, error: 'Profile link is required' });
  });

  it.each(['not a url', 'ftp://example.com/me', 'javascript:alert(1)', 'mailto:me@example.com', 'https://'])("%j: 'Please enter a valid URL'", (raw) => {
    expect(checkProfileLink(raw, 'youtube')).toEqual({ ok: false, error: 'Please enter a valid URL' });
  });

  it('accepts links of the platform, trimmed, completing a scheme-less one', () => {
    expect(checkProfileLink('  https://www.youtube.com/@creator  ', 'youtube')).toEqual({ ok: true, value: 'https://www.youtube.com/@creator' });
    expect(checkProfileLink('youtube.com/@me', 'youtube')).toEqual({ ok: true, value: 'https://youtube.com/@me' });
    expect(checkProfileLink('instagram.com/asha.bakes', 'instagram')).toEqual({ ok: true, value: 'https://instagram.com/asha.bakes' });
    expect(checkProfileLink('@asha.bakes', 'instagram')).toEqual({ ok: true, value: 'https://www.instagram.com/asha.bakes' });
  });

  it('refuses a YouTube link for an Instagram order, naming Instagram', () => {
    expect(checkProfileLink('https://www.youtube.com/@asha', 'instagram')).toEqual({
      ok: false,
      error: 'This link is for YouTube. Please enter your Instagram profile link (instagram.com/…).',
    });
  });
});
