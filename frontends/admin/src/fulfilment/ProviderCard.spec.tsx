import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type Reply, type FakeApi } from '../test/fakeApi';
import { ProviderCard, NO_REFILL_TEXT, reportText } from './ProviderCard';
import { signedInAdminApi } from '../test/refills';

/** Refills for staff (docs/refill.md): the provider card. */

let fake: FakeApi;

beforeEach(() => {
  fake = signedInAdminApi();
});

describe('the provider card', () => {
  const apiV2 = (extra: Record<string, unknown> = {}): Reply => [
    200,
    { success: true, provider: 'api-v2', balance: '12.3400', currency: 'USD', threshold: '10', low: false, ...extra },
  ];

  function showCard() {
    fake.answer('/admin/tasks', [200, { success: true, data: [], paging: { total: 0, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false } }]);
    const memory = memoryLocation({ path: '/admin/dashboard' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <ProviderCard />
      </Router>,
    );
  }

  it('says once, plainly, that a panel does not refill: the server sentence, else its own', async () => {
    fake.answer(
      'GET /admin/fulfilment/provider',
      apiV2({ refill: 'unsupported', refillMessage: 'The provider panel answered "Incorrect request" to a refill: it does not refill orders.' }),
    );
    showCard();
    expect(await screen.findByText('The provider panel answered "Incorrect request" to a refill: it does not refill orders.')).toBeTruthy();
    expect(screen.getAllByText(/does not refill/)).toHaveLength(1);
  });

  it('falls back to its own sentence when the server gives none', async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2({ refill: 'unsupported', refillMessage: null }));
    showCard();
    expect(await screen.findByText(NO_REFILL_TEXT)).toBeTruthy();
  });

  it.each(['supported', 'unknown', undefined])('nothing about refills when the panel refill support is %s', async (support) => {
    fake.answer('GET /admin/fulfilment/provider', apiV2({ refill: support, refillMessage: null }));
    showCard();
    expect(await screen.findByText(/Provider balance/)).toBeTruthy();
    expect(screen.queryByText(/refill/i)).toBeNull();
  });
});

describe('the provider card check report', () => {
  const orders = { orders: 250, requests: 3, updated: 20, finished: 12, ms: 800 };

  it('adds the refills the pass followed, when it followed any', () => {
    expect(reportText({ ...orders, refills: { refills: 4, requests: 1, settled: 1, unsynced: 0, abandoned: 0, ms: 40 } })).toBe(
      'Checked 250 orders in 3 requests; 12 finished. Followed 4 refills; 1 settled.',
    );
    expect(reportText({ ...orders, refills: { refills: 1, settled: 0 } })).toBe('Checked 250 orders in 3 requests; 12 finished. Followed 1 refill; 0 settled.');
  });

  it('says only the orders when no refill was followed or the server sent none', () => {
    expect(reportText({ ...orders, refills: { refills: 0, settled: 0 } })).toBe('Checked 250 orders in 3 requests; 12 finished.');
    expect(reportText(orders)).toBe('Checked 250 orders in 3 requests; 12 finished.');
    expect(reportText({ ...orders, refills: 'lots' as unknown as undefined })).toBe('Checked 250 orders in 3 requests; 12 finished.');
  });
});
