import { fireEvent, within } from '@testing-library/react';
import { signedInAdminApi, placed, entry, refill, subscription, showRows, cards, refillBlock, refillButton, dialog, formatted } from '../test/refills';

/** Refills for staff (docs/refill.md): the task card's refill block. */

beforeEach(() => {
  signedInAdminApi();
});

describe('the task card refill block', () => {
  it('shows the guarantee as bought, the latest refill, and every refill asked with the provider words', () => {
    showRows([
      subscription({
        refill: refill({
          state: 'rejected',
          message: 'The provider could not top up this order.',
          history: [
            entry({
              id: 'r2',
              state: 'rejected',
              actor: 'staff',
              upstreamRefillId: null,
              upstreamStatus: null,
              failure: 'Refill is disabled for this service',
              settledAt: null,
              checkedAt: null,
            }),
            entry(),
          ],
        }),
      }),
    ]);
    const block = refillBlock(cards()[0]) as HTMLElement;
    expect(block).toBeTruthy();
    expect(within(block).getByText('Guarantee').nextElementSibling?.textContent).toBe(`30 days, until ${formatted('2099-12-01T10:00:00.000Z')}`);
    expect(within(block).getByText('Latest').nextElementSibling?.textContent).toBe('Rejected by the provider');
    expect(within(block).getByText('Customer reads').nextElementSibling?.textContent).toBe('The provider could not top up this order.');
    const history = within(block).getByRole('list', { name: 'Refills asked' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Rejected');
    expect(items[0].textContent).toContain(`Staff · ${formatted('2026-11-10T09:30:00.000Z', true)}`);
    expect(within(items[0]).getByText('Provider said: Refill is disabled for this service')).toBeTruthy();
    expect(items[1].textContent).toContain('Completed');
    expect(items[1].textContent).toContain('Customer ·');
    expect(items[1].textContent).toContain('Panel refill 88 · Panel status: Completed');
  });

  it('says when a refill needs review, where staff may ask again (closing it); no Refill while one is with the provider', () => {
    showRows([
      subscription({
        subscriptionId: 's1',
        refill: refill({ state: 'requested', review: true, history: [entry({ state: 'review', review: true, failure: 'The refill call timed out' })] }),
      }),
      subscription({
        subscriptionId: 's2',
        orderId: 'order_2',
        refill: refill({ state: 'in_progress', history: [entry({ state: 'open', upstreamStatus: 'Inprogress' })] }),
      }),
      subscription({ subscriptionId: 's3', orderId: 'order_3', refill: refill({ state: 'requested', history: [entry({ state: 'placing', upstreamRefillId: null })] }) }),
      subscription({ subscriptionId: 's4', orderId: 'order_4', refill: refill({ state: 'requested', history: [] }) }),
    ]);
    const [review, inProgress, placing, requested] = cards();
    expect(within(review).getByText(/^A refill needs review/)).toBeTruthy();
    expect(within(review).getByText('Needs review')).toBeTruthy();
    expect(within(review).getByText('Reason: The refill call timed out')).toBeTruthy();
    fireEvent.click(refillButton(review) as HTMLButtonElement);
    expect(dialog()?.textContent).toContain('The refill waiting for review is closed by this one');
    expect(within(inProgress).getByText('Panel status: Inprogress', { exact: false })).toBeTruthy();
    expect(refillButton(inProgress)).toBeNull();
    expect(refillButton(placing)).toBeNull();
    expect(refillButton(requested)).toBeNull();
  });

  it('nothing for an order without guarantee nor refill; staff may still refill it once placed, not before', () => {
    showRows([
      subscription({ refill: null }),
      subscription({ subscriptionId: 's2', orderId: 'order_2', fulfilment: { ...placed, state: 'queued', upstreamOrderId: null } }),
      subscription({ subscriptionId: 's3', orderId: 'order_3', fulfilment: null }),
    ]);
    const [noGuarantee, queued, manual] = cards();
    expect(refillBlock(noGuarantee)).toBeNull();
    expect(refillButton(noGuarantee)?.textContent).toBe('Refill');
    expect(refillButton(queued)).toBeNull();
    expect(refillButton(manual)).toBeNull();
  });

  it('a guarantee that ended or has not started says so', () => {
    showRows([
      subscription({ refill: refill({ until: '2020-01-01T00:00:00.000Z', ended: true, canRequest: false }) }),
      subscription({ subscriptionId: 's2', refill: refill({ until: null, days: 1 }) }),
    ]);
    expect(within(refillBlock(cards()[0]) as HTMLElement).getByText(`30 days, ended ${formatted('2020-01-01T00:00:00.000Z')}`)).toBeTruthy();
    expect(within(refillBlock(cards()[1]) as HTMLElement).getByText('1 day, from completion')).toBeTruthy();
  });
});
