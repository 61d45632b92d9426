import { refusalOf as messageOf, validated } from '../../../../../test/support/validation';
import { AdminTasksRequest, UpdateStatusRequest } from './admin-tasks.requests';

/** The admin bodies through the app's own global validation pipe, as a request would meet them. */
const ID = '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10';
const tasks = validated(AdminTasksRequest);
const upStatus = validated(UpdateStatusRequest);

describe('AdminTasksRequest', () => {
  it('takes the spec fields, digit text too, and leaves absent ones absent', async () => {
    await expect(
      tasks({ page: '2', limit: '50', sortBy: 'planName', sortOrder: 'ASC', Status: '1', fulfilment: ' Needs_Review ', q: ' order_ ' }),
    ).resolves.toMatchObject({
      page: 2,
      limit: 50,
      sortBy: 'planName',
      sortOrder: 'asc',
      Status: 1,
      fulfilment: 'needs_review',
      q: 'order_',
    });
    const bare = await tasks({});
    expect([bare.page, bare.limit, bare.sortBy, bare.sortOrder, bare.Status, bare.fulfilment, bare.q]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("reads an empty or null Status and a blank q as 'all'", async () => {
    const all = await tasks({ Status: '', q: '   ', sortBy: null, fulfilment: ' ' });
    expect([all.Status, all.q, all.sortBy, all.fulfilment]).toEqual([undefined, undefined, undefined, undefined]);
    expect((await tasks({ fulfilment: null })).fulfilment).toBeUndefined();
    expect((await tasks({ Status: null })).Status).toBeUndefined();
    expect((await tasks({ Status: 0 })).Status).toBe(0);
  });

  it.each([
    [{ limit: 7 }, 'limit must be one of 10, 20, 50, 100'],
    [{ limit: 'ten' }, 'limit must be one of 10, 20, 50, 100'],
    [{ page: 0 }, 'page must be a whole number from 1 to 1000000'],
    [{ page: 'x' }, 'page must be a whole number from 1 to 1000000'],
    [{ sortBy: 'password' }, 'sortBy must be one of createdAt, planName'],
    [{ sortBy: 'created_at; DROP TABLE users' }, 'sortBy must be one of createdAt, planName'],
    [{ sortOrder: 'sideways' }, 'sortOrder must be one of asc, desc'],
    [{ Status: 'x' }, 'Status must be a whole number (0 In Process, 1 Completed, 2 Partial, 3 Canceled, 4 Refunded)'],
    [{ Status: 1.5 }, 'Status must be a whole number (0 In Process, 1 Completed, 2 Partial, 3 Canceled, 4 Refunded)'],
    [{ Status: 99999 }, 'Status must be a whole number (0 In Process, 1 Completed, 2 Partial, 3 Canceled, 4 Refunded)'],
    [{ fulfilment: 'open' }, 'fulfilment must be needs_review'],
    [{ fulfilment: 'needs review' }, 'fulfilment must be needs_review'],
    [{ fulfilment: 1 }, 'fulfilment must be needs_review'],
    [{ fulfilment: ['needs_review'] }, 'fulfilment must be needs_review'],
    [{ q: 42 }, 'q must be text'],
    [{ q: { $ne: '' } }, 'q must be text'],
    [{ q: 'x'.repeat(255) }, 'q must be at most 254 characters'],
    [{ q: 'a\u0000b' }, 'q must not contain control characters'],
  ])('refuses %j: %s', async (body, message) => {
    expect(await messageOf(tasks(body))).toBe(message);
  });
});

describe('UpdateStatusRequest', () => {
  it('takes a subscription id and Status 0 or 1 (number or digit text)', async () => {
    await expect(upStatus({ subscriptionId: ` ${ID} `, Status: '1' })).resolves.toMatchObject({ subscriptionId: ID, Status: 1 });
    await expect(upStatus({ subscriptionId: ID, Status: 0 })).resolves.toMatchObject({ Status: 0 });
  });

  it.each([
    [{ Status: 1 }, 'subscriptionId is required'],
    [{ subscriptionId: 'abc', Status: 1 }, 'subscriptionId must be a valid subscription id'],
    [{ subscriptionId: ID }, 'Status is required'],
    [{ subscriptionId: ID, Status: 2 }, 'Status must be 0 (In Process) or 1 (Completed)'],
    [{ subscriptionId: ID, Status: 'x' }, 'Status must be 0 (In Process) or 1 (Completed)'],
    [{ subscriptionId: ID, Status: true }, 'Status must be 0 (In Process) or 1 (Completed)'],
  ])('refuses %j: %s', async (body, message) => {
    expect(await messageOf(upStatus(body))).toBe(message);
  });
});
