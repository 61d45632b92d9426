import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { subscriptionBody as subscription } from '@growth/kit/test';
import { signedInCustomerApi } from '../test/fakeApi';
import { listPage, COMPLETED, visit, cards, button } from '../test/serviceLists';

const { answers, calls } = signedInCustomerApi();

describe('Completed Services', () => {
  it('final states from the provider: Completed, Partial, Canceled, Refunded chips; only Completed and Partial say how the delivery went', async () => {
    answers[COMPLETED] = [
      listPage(
        [
          subscription(1, { Status: 1, statusText: 'Completed', progress: { startCount: 1204, remains: 0, quantity: 1000 } }),
          subscription(2, { Status: 2, statusText: 'Partial', progress: { startCount: 98, remains: 412, quantity: 1000 } }),
          subscription(3, { Status: 3, statusText: 'Canceled', progress: { startCount: 0, remains: 0, quantity: 1000 } }),
          subscription(4, { Status: 4, statusText: 'Refunded', progress: { startCount: 1204, remains: 0, quantity: 1000 } }),
        ],
        { total: 4, page: 1, lastPage: 1 },
      ),
    ];
    visit('/services/completed', 'completed');
    await waitFor(() => expect(cards()).toHaveLength(4));
    const chips = cards().map((card) => card.querySelector('header > span')?.textContent);
    expect(chips).toEqual(['Status: Completed', 'Status: Partial', 'Status: Canceled', 'Status: Refunded']);
    expect(within(cards()[0]).getByText('Started at 1,204')).toBeTruthy(); // Completed: nothing remains to say
    expect(within(cards()[1]).getByText('Started at 98 · Delivered 588 of 1,000')).toBeTruthy(); // Partial: what came
    expect(within(cards()[2]).queryByText(/remaining|Started at|Delivered/)).toBeNull();
    expect(within(cards()[3]).queryByText(/remaining|Started at|Delivered/)).toBeNull();
  });

  it('lists the completed page with a way back to Active', async () => {
    answers[COMPLETED] = [listPage([subscription(1, { Status: 1 })], { total: 1, page: 1, lastPage: 1 })];
    visit('/services/completed', 'completed');
    expect(screen.getByRole('heading', { level: 1, name: 'Completed Services' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls).toEqual([{ path: COMPLETED, body: { userId: 'u1', page: 1, limit: 6 } }]);
    expect(within(cards()[0]).getByText('Completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Active Services/ }).getAttribute('href')).toBe('/services/active');
    // One page: no pager at all (Previous and Next would both be dead).
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.queryByText('Page 1 of 1')).toBeNull();
  });

  it('its own failure and empty texts', async () => {
    answers[COMPLETED] = [[502, { success: false, message: 'Bad gateway' }], listPage([], { total: 0, page: 1, lastPage: 1 })];
    visit('/services/completed', 'completed');
    expect(within(await screen.findByRole('alert')).getByText('Failed to load completed services')).toBeTruthy();
    fireEvent.click(button('Retry'));
    expect(await screen.findByText('No completed services found.')).toBeTruthy();
    // The empty list points to the catalogue.
    expect(screen.getByText(/Orders show here once they are delivered\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse our services' }).getAttribute('href')).toBe('/services');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
