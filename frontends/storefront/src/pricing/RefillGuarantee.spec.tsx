import { render, screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@growth/kit';
import { answerAlways, visitPricingPage } from '../test/pricingPage';
import { RefillGuarantee } from './RefillGuarantee';

/** The refill guarantee on the pricing cards (docs/refill.md): from the tier's `refillDays`, not from its text. */

function visit(tiers: Record<string, unknown>[]) {
  localStorage.clear();
  answerAlways({
    success: true,
    planId: 'plan-yt',
    plan: { planId: 'plan-yt', name: 'YouTube', slug: 'youtube', status: 'Active', currency: 'USD' },
    pricing: tiers.map((tier, n) => ({
      pricingId: `t${n}`,
      name: `Tier ${n}`,
      price: '19.99',
      description: 'Views',
      features: ['1,000 views'],
      isPopular: false,
      ...tier,
    })),
  });
  visitPricingPage();
}

beforeEach(() => setRuntimeConfig({ remotes: {}, googleClientId: null }));
afterEach(() => jest.restoreAllMocks());

describe('the refill guarantee on a pricing card', () => {
  it('shows "30-day refill guarantee" on a tier whose mapping carries 30 days, and nothing on the others', async () => {
    visit([{ refillDays: 30 }, { refillDays: 0 }, {}, { refillDays: 1, description: 'Comes with a lifetime refill guarantee' }]);
    const cards = await screen.findAllByTestId('pricing-tier');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]).getByText('30-day refill guarantee')).toBeTruthy();
    expect(within(cards[1]).queryByText(/refill guarantee/)).toBeNull();
    expect(within(cards[2]).queryByText(/refill guarantee/)).toBeNull();
    // The free text says what it says; the line comes from the days alone.
    expect(within(cards[3]).getByText('1-day refill guarantee')).toBeTruthy();
  });

  it.each([-3, 366, 2.5, '30', null, Number.NaN])('nothing for days that cannot be true: %p', (days) => {
    const { container } = render(<RefillGuarantee days={days} />);
    expect(container.textContent).toBe('');
  });
});
