import type { AuditEntry } from '@growth/kit';
import { changeRows, fieldLabel, sentenceOf, sentenceText } from './auditSentence';

const ORDER = { label: 'order_Np0fQ8aLk2', orderId: 'order_Np0fQ8aLk2', userId: 'u-9', customerEmail: 'ben@example.com' };

function entry(action: string, extra: Partial<AuditEntry> = {}): AuditEntry {
  return { auditId: 'a1', adminId: 'admin-1', adminEmail: 'asha@shop.example', action, entity: 'subscription', entityId: 'sub-1', before: null, after: null, ...extra };
}

describe('audit sentences', () => {
  it.each<[string, Partial<AuditEntry>, string]>([
    ['subscription.status', { subject: ORDER, before: { Status: 1 }, after: { Status: 0 } }, 'marked order order_Np0fQ8… of ben@example.com In Process'],
    ['fulfilment.link', { subject: ORDER, after: { state: 'open', upstreamOrderId: '98765' } }, 'linked order order_Np0fQ8… of ben@example.com to panel order 98765'],
    ['fulfilment.retry', { subject: ORDER }, 'placed order order_Np0fQ8… of ben@example.com with the provider again'],
    ['fulfilment.cancel', { subject: ORDER }, 'cancelled the provider order of order order_Np0fQ8… of ben@example.com'],
    ['fulfilment.refill', { subject: ORDER }, 'asked the provider to refill order order_Np0fQ8… of ben@example.com'],
    ['refund.create', { subject: ORDER, after: { amount: '7.85', currency: 'USD' } }, 'refunded 7.85 USD of order order_Np0fQ8… of ben@example.com'],
    [
      'refund_request.approve',
      { subject: ORDER, after: { state: 'approved', amount: '19.99', currency: 'USD' } },
      'approved the refund request of order order_Np0fQ8… of ben@example.com (19.99 USD)',
    ],
    ['refund_request.decline', { subject: ORDER, after: { state: 'declined' } }, 'declined the refund request of order order_Np0fQ8… of ben@example.com'],
    [
      'fulfilment.mapping',
      { entity: 'pricing_tier', subject: { label: 'Growth (YouTube)', planId: 'p-1' }, after: { serviceId: '3' } },
      'mapped tier Growth (YouTube) to a provider service',
    ],
    ['fulfilment.mapping', { entity: 'pricing_tier', subject: null, before: { name: 'Growth' }, after: null }, 'removed the provider service of tier Growth'],
    ['service.create', { entity: 'service', subject: { label: 'Spotify' }, after: { serviceHeading: 'Spotify' } }, 'added the service Spotify'],
    ['service.content.delete', { entity: 'service', subject: { label: 'Spotify' }, before: { key: 'Plays' } }, 'removed the line “Plays” from the service Spotify'],
    ['plan.delete', { entity: 'plan', before: { name: 'Deezer' } }, 'deleted the plan Deezer'],
    ['pricing.delete', { entity: 'pricing', before: { planId: 'p-1', plan: 'YouTube', name: 'Pro' } }, 'deleted the tier Pro of the plan YouTube'],
    ['user.update', { entity: 'user', subject: { label: 'ben@example.com', userId: 'u-9', customerEmail: 'ben@example.com' } }, 'edited the profile of ben@example.com'],
    [
      'admin.email.update',
      { entity: 'admin', before: { email: 'old@shop.example' }, after: { email: 'new@shop.example' } },
      'changed their e-mail address from old@shop.example to new@shop.example',
    ],
    ['admin.password.reset', { entity: 'admin' }, 'reset their password with a mailed code'],
    [
      'export.orders',
      {
        entity: 'export',
        entityId: 'orders_2026-01-01_2026-01-31.csv',
        after: { from: '2026-01-01', to: '2026-01-31', tz: 'Asia/Kolkata', platform: 'youtube', q: 'ann', status: 'paid', outcome: 'complete', rows: 2503 },
      },
      'exported the orders made 2026-01-01 to 2026-01-31 (Asia/Kolkata), payment status paid, platform youtube, matching “ann”: 2,503 rows',
    ],
    [
      'export.customers',
      { entity: 'export', after: { from: '2026-02-01', to: '2026-02-28', tz: 'UTC', outcome: 'complete', rows: 1 } },
      'exported the customers registered 2026-02-01 to 2026-02-28: 1 row',
    ],
    [
      'export.customers',
      { entity: 'export', after: { from: '2026-02-01', to: '2026-02-28', tz: 'UTC', outcome: 'stopped', rows: null } },
      'began exporting the customers registered 2026-02-01 to 2026-02-28; the download stopped before the end (no row count)',
    ],
    [
      'export.orders',
      { entity: 'export', after: { from: '2026-02-01', to: '2026-02-28', tz: 'UTC', outcome: 'failed', rows: null } },
      'began exporting the orders made 2026-02-01 to 2026-02-28; the export failed before the end (no row count)',
    ],
  ])('%s reads “%s”', (action, extra, sentence) => {
    expect(sentenceText(entry(action, extra))).toBe(`asha@shop.example (admin) ${sentence}`);
  });

  it('links the order to the tasks searched for it, the customer to their services, a tier to its plan, a deleted plan to nothing', () => {
    const links = (e: AuditEntry) =>
      sentenceOf(e)
        .filter((part) => part.href)
        .map((part) => [part.text, part.href]);
    expect(links(entry('fulfilment.retry', { subject: ORDER }))).toEqual([
      ['order_Np0fQ8…', '/admin/tasks?q=order_Np0fQ8aLk2'],
      ['ben@example.com', '/admin/user-services/u-9'],
    ]);
    expect(links(entry('fulfilment.mapping', { entity: 'pricing_tier', subject: { label: 'Growth (YouTube)', planId: 'p-1' }, after: {} }))).toEqual([
      ['Growth (YouTube)', '/admin/edit-plan/p-1'],
    ]);
    expect(links(entry('plan.delete', { entity: 'plan', entityId: 'p-2', before: { name: 'Deezer' } }))).toEqual([]);
    // A subscription no longer stored: its id, no link.
    expect(sentenceText(entry('subscription.status', { entityId: '3f2a1c2e-1111-4222-8333-444455556666', subject: null, after: { Status: 1 } }))).toBe(
      'asha@shop.example (admin) marked subscription 3f2a1c2e-111… Completed',
    );
  });

  it('labels fields in words, camelCase otherwise split, and marks what changed', () => {
    expect(fieldLabel('upstreamOrderId')).toBe('Panel order');
    expect(fieldLabel('upstreamCharge')).toBe('Upstream charge');
    expect(
      changeRows(entry('plan.update', { before: { status: 'Active', pricing: ['Starter: 9.90'] }, after: { status: 'Active', pricing: ['Starter: 12.00'] } })),
    ).toEqual([
      { key: 'status', label: 'Status', before: 'Active', after: 'Active', changed: false },
      { key: 'pricing', label: 'Tiers', before: 'Starter: 9.90', after: 'Starter: 12.00', changed: true },
    ]);
    expect(changeRows(entry('x.y', { after: { logo: { type: 'image/png', bytes: 12 }, isPopular: false } }))).toEqual([
      { key: 'logo', label: 'Logo', before: null, after: 'Type: image/png, Bytes: 12', changed: true },
      { key: 'isPopular', label: 'Most Popular', before: null, after: 'No', changed: true },
    ]);
  });
});
