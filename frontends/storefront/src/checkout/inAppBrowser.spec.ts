import { isInAppBrowser } from './inAppBrowser';

const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)';

describe('isInAppBrowser', () => {
  it.each([
    ['Instagram', `${SAFARI} Mobile/15E148 Instagram 330.0.3.12.235 (iPhone14,5; iOS 17_4; en_US)`],
    ['Facebook (FBAN/FBAV)', `${SAFARI} Mobile/15E148 [FBAN/FBIOS;FBAV/455.0.0.38.103;FBBV/581497331]`],
    ['Facebook (FB_IAB)', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/123.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/455.0.0.47.87;]'],
    ['LINE', `${SAFARI} Mobile/15E148 Safari Line/14.3.0`],
    ['LinkedIn', `${SAFARI} Mobile/15E148 [LinkedInApp]/9.29.4930`],
    ['X / Twitter', `${SAFARI} Mobile/15E148 Twitter for iPhone/10.34`],
    ['TikTok', 'Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile Safari/537.36 trill_330003 BytedanceWebview/d8a21c6 TikTok'],
    ['TikTok (musical_ly)', `${SAFARI} Mobile/15E148 musical_ly_33.0.0 JsSdk/2.0 NetType/WIFI`],
    ['Snapchat', `${SAFARI} Mobile/15E148 Snapchat/12.80.0.38 (like Safari/8617.1.17.10.9, panda)`],
  ])('%s is an in-app browser', (_name, userAgent) => {
    expect(isInAppBrowser(userAgent)).toBe(true);
  });

  it.each([
    ['Safari on iPhone', `${SAFARI} Version/17.4 Mobile/15E148 Safari/604.1`],
    ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'],
    ['Chrome on Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'],
    ['Firefox', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0'],
    ['an empty agent', ''],
  ])('%s is not', (_name, userAgent) => {
    expect(isInAppBrowser(userAgent)).toBe(false);
  });
});
