/**
 * In-app browsers (Instagram, Facebook, LINE, LinkedIn, X/Twitter, TikTok, Snapchat) often block
 * the popup of Razorpay's checkout; there the checkout runs in redirect mode instead.
 */
const IN_APP_BROWSER = /Instagram|FBAN|FBAV|FB_IAB|\bLine\/|LinkedInApp|Twitter|TikTok|musical_ly|Bytedance|Snapchat/i;

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_BROWSER.test(userAgent);
}
