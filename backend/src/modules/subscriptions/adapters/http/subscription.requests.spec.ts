import { refusalOf as messageOf, validated } from '../../../../../test/support/validation';
import { SubscriptionPageRequest, UserSubscriptionsRequest } from './subscription.requests';

/** The body DTOs through the app's own global validation pipe, as a request would meet them. */
const USER = '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10';
const validatePage = validated(SubscriptionPageRequest);
const validateUser = validated(UserSubscriptionsRequest);

describe('SubscriptionPageRequest', () => {
  it('accepts numbers and digit text, and leaves absent or null paging absent', async () => {
    await expect(validatePage({ userId: ` ${USER} `, page: 2, limit: '10' })).resolves.toMatchObject({ userId: USER, page: 2, limit: 10 });
    const bare = await validatePage({ userId: USER, page: null });
    expect(bare.page ?? undefined).toBeUndefined();
    expect(bare.limit).toBeUndefined();
  });

  it.each([undefined, '', '   '])('requires userId (%j)', async (userId) => {
    expect(await messageOf(validatePage({ userId }))).toBe('userId is required');
  });

  it.each([42, true, ['x'], { id: USER }])('refuses a userId that is not text (%j)', async (userId) => {
    expect(await messageOf(validatePage({ userId }))).toBe('userId must be text');
  });

  it.each(['abc', "1' OR 1=1", `${USER}x`])('refuses a userId that is not a user id (%j)', async (userId) => {
    expect(await messageOf(validatePage({ userId }))).toBe('userId must be a valid user id');
  });

  it.each([0, -1, 1.5, 'abc', '', '1e3', true, [1], 2 ** 60])('refuses page %j naming the field', async (page) => {
    expect(await messageOf(validatePage({ userId: USER, page }))).toBe('page must be a whole number of at least 1');
  });

  it.each([0, 51, 2.5, 'many', false])('refuses limit %j naming the field', async (limit) => {
    expect(await messageOf(validatePage({ userId: USER, limit }))).toBe('limit must be a whole number from 1 to 50');
  });

  it('drops unknown fields', async () => {
    await expect(validatePage({ userId: USER, status: 1 })).resolves.not.toHaveProperty('status');
  });
});

describe('UserSubscriptionsRequest', () => {
  it('takes a userId and nothing else', async () => {
    await expect(validateUser({ userId: USER, page: 2 })).resolves.toEqual(Object.assign(new UserSubscriptionsRequest(), { userId: USER }));
    expect(await messageOf(validateUser({}))).toBe('userId is required');
  });
});
