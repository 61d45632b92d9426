import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { signUpCustomer, type CustomerSession } from '../support/customer-session';
import { as, planOf, type PlanTiers } from './support';

/**
 * POST /payment/order reads the profile link for the plan's platform (docs/catalogue.md, "Profile
 * links"): a scheme-less address is completed to https://, an @handle becomes the platform's profile
 * URL, and a link to another platform is refused with the platform expected.
 * Real: the whole app and its database (PGlite, or PostgreSQL with DATABASE_URL); the sandbox gateway.
 */
describe('POST /payment/order: the profile link fits the plan', () => {
  let t: TestApp;
  let ann: CustomerSession;
  let instagram: PlanTiers;
  let youtube: PlanTiers;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_SIGN_IN_PER_IP: '1000' } });
    ann = await signUpCustomer(t, 'asha');
    [instagram, youtube] = [await planOf(t, 'instagram'), await planOf(t, 'youtube')];
  });

  afterAll(() => t?.close());

  const storedLink = async (orderId: string) =>
    ((await t.app.get(DataSource).query('SELECT profile_link FROM payment_orders WHERE order_id = $1', [orderId])) as Array<{ profile_link: string }>)[0]?.profile_link;

  const order = (plan: PlanTiers, profileLink: unknown) =>
    as(t, ann).post('/api/payment/order', { userId: ann.userId, planId: plan.planId, pricingId: plan.pricing[0].pricingId, profileLink });

  it.each([
    ['instagram.com/asha.bakes', 'https://instagram.com/asha.bakes'],
    ['@asha.bakes', 'https://www.instagram.com/asha.bakes'],
    ['  https://www.instagram.com/asha.bakes  ', 'https://www.instagram.com/asha.bakes'],
  ])('takes %j for an Instagram package and stores %j', async (raw, stored) => {
    const res = await order(instagram, raw).expect(200);
    expect(await storedLink(res.body.order.id)).toBe(stored);
  });

  it('completes an @handle to the YouTube channel address on a YouTube package', async () => {
    const res = await order(youtube, '@AshaBakes').expect(200);
    expect(await storedLink(res.body.order.id)).toBe('https://www.youtube.com/@AshaBakes');
  });

  it('refuses a YouTube link for an Instagram package, saying which platform is expected', async () => {
    const res = await order(instagram, 'https://www.youtube.com/@asha').expect(400);
    expect(res.body).toEqual({
      success: false,
      message: 'This link is for YouTube. Please enter your Instagram profile link (instagram.com/…).',
      error: 'invalid_profile_link',
    });
  });

  it('refuses a link to an unknown site for a known platform', async () => {
    const res = await order(instagram, 'https://example.com/asha').expect(400);
    expect(res.body.message).toBe('Please enter your Instagram profile link (instagram.com/…).');
  });

  it.each([
    ['', 'Profile link is required'],
    ['   ', 'Profile link is required'],
    ['javascript:alert(1)', 'Please enter a valid URL'],
    ['instagram', 'Please enter a valid URL'],
  ])('refuses %j with 400 %j before looking the plan up', async (raw, message) => {
    const res = await as(t, ann)
      .post('/api/payment/order', { userId: ann.userId, planId: '00000000-0000-4000-8000-000000000000', pricingId: instagram.pricing[0].pricingId, profileLink: raw })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, message });
  });
});
