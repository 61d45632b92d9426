import { cleanup, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider, setRuntimeConfig } from '@growth/kit';
import Pricing from './Pricing';

/** GET /plans/youtube as the server answers it, with the plan's status. */
function planAnswer(status: string) {
  return {
    success: true,
    planId: 'plan-yt',
    plan: { planId: 'plan-yt', name: 'YouTube', slug: 'youtube', platform: 'YouTube', status, currency: 'USD' },
    pricing: [
      { pricingId: 'tier-starter', name: 'Starter', price: '19.99', description: 'First steps', features: ['1,000 views'], isPopular: false },
      { pricingId: 'tier-growth', name: 'Growth', price: '49.90', description: 'Most chosen', features: ['5,000 views'], isPopular: true },
    ],
  };
}

function visit(status: string, signedIn = false) {
  localStorage.clear();
  if (signedIn) {
    localStorage.setItem('token', 'customer-token');
    localStorage.setItem('userId', 'user-1');
    localStorage.setItem('email', 'ann@example.com');
  }
  const text = JSON.stringify(planAnswer(status));
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => text }) as Response) as unknown as typeof fetch;
  const memory = memoryLocation({ path: '/services/youtube' });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Route path="/services/:platform" component={Pricing} />
      </Router>
    </AuthProvider>,
  );
}

beforeEach(() => setRuntimeConfig({ remotes: {}, googleClientId: null }));
afterEach(() => jest.restoreAllMocks());

describe('the pricing page of a plan', () => {
  it.each(['Inactive', 'Pending'])('%s: shows the tiers and prices, says the packages are not available, offers no Buy Now', async (status) => {
    for (const signedIn of [false, true]) {
      visit(status, signedIn);
      const notice = await screen.findByText('YouTube packages are not available right now.');
      expect(notice.getAttribute('role')).toBe('status');
      const cards = screen.getAllByTestId('pricing-tier');
      expect(cards).toHaveLength(2);
      expect(within(cards[1]).getByText('Growth')).toBeTruthy();
      expect(cards[1].textContent).toContain('49.90');
      expect(screen.queryByRole('button', { name: /Buy Now/ })).toBeNull();
      expect(screen.queryByRole('link', { name: /Buy Now/ })).toBeNull();
      cleanup();
    }
  });

  it('Active: a Buy Now per tier and no notice', async () => {
    visit('Active', true);
    expect(await screen.findAllByRole('button', { name: /^Buy Now: / })).toHaveLength(2);
    expect(screen.queryByText(/not available right now/)).toBeNull();
  });
});
