import { KnownDevices } from '../../../../../../platform/rate-limit/known-device';
import { COOKIE_POLICY } from './cookie-policy.seed';

/** The seeded Cookie Policy names every cookie the app itself sets (a policy that omits one is untrue). */
describe('the seeded Cookie Policy', () => {
  const text = JSON.stringify(COOKIE_POLICY.sections);

  it.each(['customer', 'admin'] as const)('names the known-device cookie of the %s sign-in and how long it lives', (area) => {
    expect(text).toContain(KnownDevices.cookieName(area));
    expect(text).toContain('expire after 180 days');
  });

  it('no longer says the website uses no cookie of its own', () => {
    expect(text).not.toContain('We use local storage rather than cookies');
  });
});
