import { cleanup, screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@growth/kit';
import { answerAlways, visitPricingPage } from '../test/pricingPage';

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
  answerAlways(planAnswer(status));
  visitPricingPage();
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

describe('an address without a plan (docs/catalogue.md, "Addresses")', () => {
  function visitAddress(path: string, answers: Record<string, [number, unknown]>) {
    localStorage.clear();
    globalThis.fetch = jest.fn(async (url: string) => {
      const [status, body] = answers[String(url).replace(/^\/api/, '')] ?? [404, { success: false, message: 'Page not found', error: 'address_not_found' }];
      return { ok: status < 300, status, text: async () => JSON.stringify(body) } as Response;
    }) as unknown as typeof fetch;
    return visitPricingPage(path);
  }

  it("a renamed service's old address is replaced by its new one", async () => {
    const memory = visitAddress('/services/blue-sky', {
      '/plans/blue-sky': [404, { success: false, message: 'Plan not found', error: 'plan_not_found' }],
      '/services/address/blue-sky': [200, { success: true, slug: 'bluesky', moved: true, service: null }],
      '/plans/bluesky': [200, planAnswer('Active')],
    });
    await screen.findAllByTestId('pricing-tier');
    expect(memory.history?.at(-1)).toBe('/services/bluesky');
  });

  it("a renamed service's address shows the plan that sells it, and stays the address", async () => {
    const memory = visitAddress('/services/youtube-growth', {
      '/plans/youtube-growth': [404, { success: false, message: 'Plan not found', error: 'plan_not_found' }],
      '/services/address/youtube-growth': [
        200,
        { success: true, slug: 'youtube-growth', moved: false, service: { serviceHeading: 'YouTube Growth', logo: null }, planSlug: 'youtube' },
      ],
      '/plans/youtube': [200, planAnswer('Active')],
    });
    expect(await screen.findAllByTestId('pricing-tier')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    expect(memory.history).toEqual(['/services/youtube-growth']);
  });

  it('nothing there: Page Not Found, with its way home, and no pricing error box', async () => {
    visitAddress('/services/myspace', { '/plans/myspace': [404, { success: false, message: 'Plan not found', error: 'plan_not_found' }] });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Unable to load pricing.')).toBeNull();
    expect(document.title).toBe('Page Not Found | SocialGrowth');
  });

  it('a failure that is not a 404: Unable to load pricing. with Try again, which loads it', async () => {
    let calls = 0;
    globalThis.fetch = jest.fn(async (url: string) => {
      if (String(url).includes('/services/address/'))
        return { ok: true, status: 200, text: async () => '{"success":true,"slug":"youtube","moved":false,"service":null}' } as Response;
      calls += 1;
      const [status, body] = calls === 1 ? [503, { success: false, message: 'down' }] : [200, planAnswer('Active')];
      return { ok: status < 300, status, text: async () => JSON.stringify(body) } as Response;
    }) as unknown as typeof fetch;
    visitPricingPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load pricing.');
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findAllByTestId('pricing-tier')).toHaveLength(2);
    expect(document.title).toBe('YouTube Growth Packages | SocialGrowth');
  });
});
