import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api, AuthProvider, PAYMENT_VERIFY_TIMEOUT_MS, setRuntimeConfig } from '@growth/kit';
import Pricing from '../pages/Pricing';
import { RAZORPAY_SCRIPT_URL, type RazorpayOptions } from './razorpay';

/** One answer of the fake server: status and body, or a promise the test resolves itself. */
type Answer = [number, unknown] | Promise<[number, unknown]>;
let answers: Record<string, Answer[]> = {};
let calls: { route: string; body: unknown }[] = [];

const PLAN = {
  success: true,
  planId: 'plan-yt',
  plan: { planId: 'plan-yt', name: 'YouTube', slug: 'youtube', platform: 'YouTube', status: 'Active', currency: 'USD' },
  pricing: [
    { pricingId: 'tier-starter', name: 'Starter', price: '19.99', description: 'First steps', features: ['1,000 views'], isPopular: false },
    { pricingId: 'tier-growth', name: 'Growth', price: '49.99', description: 'Most chosen', features: ['5,000 views'], isPopular: true },
  ],
};
const ORDER = {
  success: true,
  order: { id: 'order_1', amount: 4999, currency: 'USD', exponent: 2, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() },
  keyId: 'rzp_test_key',
  provider: 'sandbox',
  description: 'YouTube · Growth',
  callbackUrl: '/api/payment/callback',
};
const PROOF = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
const DECLINED = {
  success: true,
  failed: true,
  error: { code: 'BAD_REQUEST_ERROR', description: 'Your payment was declined by the sandbox card.', reason: 'payment_failed' },
};

beforeEach(() => {
  localStorage.clear();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete window.Razorpay;
  calls = [];
  answers = { 'GET /plans/youtube': [[200, PLAN]] };
  setRuntimeConfig({ remotes: {}, googleClientId: null });
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const route = `${init.method} ${String(url).replace(/^\/api/, '')}`;
    // The pricing page also asks, on its own, for the platform's logo (the service at its address):
    // answered, not recorded, as the checkout's calls are what these tests follow.
    if (route.startsWith('GET /services/address/')) {
      return { ok: true, status: 200, text: async () => JSON.stringify({ success: true, slug: 'youtube', moved: false, service: null }) } as Response;
    }
    calls.push({ route, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = await (answers[route]?.shift() ?? [500, { success: false, message: `unexpected ${route}` }]);
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status < 300, status, text: async () => text } as Response;
  }) as unknown as typeof fetch;
});

afterEach(() => jest.restoreAllMocks());

function signIn() {
  localStorage.setItem('token', 'customer-token');
  localStorage.setItem('userId', 'user-1');
  localStorage.setItem('email', 'ann@example.com');
}

function visit(path = '/services/youtube') {
  const memory = memoryLocation({ path, record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Route path="/services/:platform" component={Pricing} />
        <Route path="/login">Login page</Route>
      </Router>
    </AuthProvider>,
  );
  return memory;
}

function routes() {
  return calls.map((call) => call.route);
}

async function buyGrowth() {
  const button = await screen.findByRole('button', { name: 'Buy Now: Growth' });
  fireEvent.click(button);
  return screen.getByRole('dialog', { name: 'Enter your profile link' });
}

function submitLink(dialog: HTMLElement, link: string) {
  fireEvent.change(within(dialog).getByLabelText('Profile link'), { target: { value: link } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
}

const SESSION = {
  success: true,
  token: 'new-token',
  userId: 'user-9',
  user: { name: 'Ann Lee', email: 'ann@example.com', phone: '+1 555 010 0199', createdAt: '2026-12-07T09:00:00Z' },
};

function fill(dialog: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('Buy Now for a visitor', () => {
  it('creates the account in the dialog (e-mail, code, name, phone, password) and goes on to the profile link of the same tier', async () => {
    answers['POST /user/request-otp'] = [[200, { success: true, message: 'OTP sent' }]];
    answers['POST /user/verify-otp'] = [[200, { success: true }]];
    answers['POST /user/register'] = [[201, { success: true }]];
    answers['POST /user/login'] = [[200, SESSION]];
    const memory = visit();
    const link = await screen.findByRole('link', { name: 'Buy Now: Growth' });
    // Without script (or in a new tab) the link still leads to the login page and back to this tier's checkout.
    expect(link.getAttribute('href')).toBe('/login?next=%2Fservices%2Fyoutube%3Fbuy%3Dtier-growth');
    fireEvent.click(link);
    let dialog = screen.getByRole('dialog', { name: 'Verify Your Email' });
    expect(dialog.textContent).toContain('YouTube · Growth · $49.99');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Email'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(within(dialog).getByText('Please enter your e-mail.')).toBeTruthy();
    fill(dialog, 'Email', ' ann@example.com ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));

    dialog = await screen.findByRole('dialog', { name: 'Enter OTP' });
    expect(within(dialog).getByRole('status').textContent).toBe('OTP sent!');
    expect(dialog.textContent).toContain('ann@example.com');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('One-time code')));
    fill(dialog, 'One-time code', '12a3456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));

    dialog = await screen.findByRole('dialog', { name: 'Create Your Account' });
    // The password rule is there before anything is typed; country and gender are not asked.
    const password = within(dialog).getByLabelText('Password');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe('At least 8 characters.');
    expect(within(dialog).queryByLabelText(/Country|Gender/)).toBeNull();
    fill(dialog, 'Full name', 'Ann Lee');
    fill(dialog, 'Phone', '+1 555 010 0199');
    fill(dialog, 'Password', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Registration' }));
    expect(within(dialog).getByText('The password needs at least 8 characters (5 so far).')).toBeTruthy();
    expect(routes()).not.toContain('POST /user/register');
    fill(dialog, 'Password', 'a long secret');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Registration' }));

    const profile = await screen.findByRole('dialog', { name: 'Enter your profile link' });
    expect(profile.textContent).toContain('YouTube · Growth · $49.99');
    expect(memory.history).toEqual(['/services/youtube']); // never left the page
    expect(calls.find((call) => call.route === 'POST /user/verify-otp')?.body).toEqual({ email: 'ann@example.com', otp: '123456' });
    expect(calls.find((call) => call.route === 'POST /user/register')?.body).toEqual({
      email: 'ann@example.com',
      otp: '123456',
      password: 'a long secret',
      name: 'Ann Lee',
      phone: '+1 555 010 0199',
    });
    expect(localStorage.getItem('token')).toBe('new-token');

    answers['POST /payment/order'] = [[200, ORDER]];
    submitLink(profile, 'youtube.com/@ann');
    await screen.findByRole('dialog', { name: 'Pay with a test card' });
    expect(calls.find((call) => call.route === 'POST /payment/order')?.body).toMatchObject({ userId: 'user-9', pricingId: 'tier-growth' });
    // Seven dialogs' worth of rendering: about 3 s here on a shared 2-core machine.
  }, 20_000);

  it("logs in inside the dialog; a wrong password says 'Invalid email or password.' and keeps the dialog", async () => {
    answers['POST /user/login'] = [
      [401, { success: false, message: 'Invalid email or password' }],
      [200, SESSION],
    ];
    visit();
    fireEvent.click(await screen.findByRole('link', { name: 'Buy Now: Starter' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Already have an account? Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome Back' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Email')));
    fill(dialog, 'Email', 'ann@example.com');
    fill(dialog, 'Password', 'wrong one');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login Now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Invalid email or password.');
    fill(dialog, 'Password', 'a long secret');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login Now' }));
    const profile = await screen.findByRole('dialog', { name: 'Enter your profile link' });
    expect(profile.textContent).toContain('YouTube · Starter · $19.99');
  });

  it('back from the login page with ?buy=<tier>: that checkout opens and the address loses ?buy=', async () => {
    signIn();
    const memory = visit('/services/youtube?buy=tier-growth');
    const dialog = await screen.findByRole('dialog', { name: 'Enter your profile link' });
    expect(dialog.textContent).toContain('YouTube · Growth · $49.99');
    expect(memory.history?.at(-1)).toBe('/services/youtube');
  });

  it('Cancel or Escape close the dialog and leave the visitor on the page', async () => {
    visit();
    fireEvent.click(await screen.findByRole('link', { name: 'Buy Now: Starter' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Verify Your Email' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Buy Now: Starter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(routes()).toEqual(['GET /plans/youtube']);
  });
});

describe('the profile link', () => {
  it("empty: 'Profile link is required'; not an http(s) URL: 'Please enter a valid URL'; no order", async () => {
    signIn();
    visit();
    const dialog = await buyGrowth();
    expect(dialog.textContent).toContain('YouTube · Growth · $49.99');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Profile link'));

    submitLink(dialog, '   ');
    expect(within(dialog).getByRole('alert').textContent).toBe('Profile link is required');
    expect(within(dialog).getByLabelText('Profile link').getAttribute('aria-invalid')).toBe('true');

    submitLink(dialog, 'not a link');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a valid URL');
    submitLink(dialog, 'ftp://youtube.com/@ann');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a valid URL');
    expect(routes()).toEqual(['GET /plans/youtube']);
  });

  it('Escape closes the dialog and gives the Buy button back, focused', async () => {
    signIn();
    visit();
    const dialog = await buyGrowth();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const buy = screen.getByRole('button', { name: 'Buy Now: Growth' });
    expect((buy as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(buy);
  });

  it('Tab and Shift+Tab stay inside the dialog', async () => {
    signIn();
    visit();
    const dialog = await buyGrowth();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const submit = within(dialog).getByRole('button', { name: 'Continue to Payment' });
    submit.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
  });
});

describe('creating the order', () => {
  it('sends the plan, the tier, USD and the trimmed link; the server message is shown in the dialog', async () => {
    signIn();
    answers['POST /payment/order'] = [[409, { success: false, message: 'This package is not on sale.', error: 'plan_not_on_sale' }]];
    visit();
    const dialog = await buyGrowth();
    submitLink(dialog, '  https://www.youtube.com/@ann  ');
    expect(await within(dialog).findByText('This package is not on sale.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /payment/order')?.body).toEqual({
      userId: 'user-1',
      planId: 'plan-yt',
      pricingId: 'tier-growth',
      currency: 'USD',
      profileLink: 'https://www.youtube.com/@ann',
    });
  });

  it("no message from the server: 'Failed to create order'", async () => {
    signIn();
    answers['POST /payment/order'] = [[502, undefined]];
    visit();
    const dialog = await buyGrowth();
    submitLink(dialog, 'https://www.youtube.com/@ann');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to create order');
    // The customer may try again from the same dialog.
    expect((within(dialog).getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("an answer without an order id: 'Order creation failed'", async () => {
    signIn();
    answers['POST /payment/order'] = [[200, { ...ORDER, order: { amount: 4999, currency: 'USD' } }]];
    visit();
    const dialog = await buyGrowth();
    submitLink(dialog, 'https://www.youtube.com/@ann');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Order creation failed');
  });
});

describe('Processing', () => {
  it('the button reads Processing… and is disabled until the flow ends; a double submit creates one order', async () => {
    signIn();
    let answerOrder: (answer: [number, unknown]) => void = () => undefined;
    answers['POST /payment/order'] = [new Promise((resolve) => (answerOrder = resolve))];
    visit();
    const dialog = await buyGrowth();
    const card = screen.getAllByTestId('pricing-tier')[1];
    const buy = within(card).getByRole('button', { name: 'Processing…' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);

    submitLink(dialog, 'https://www.youtube.com/@ann');
    fireEvent.submit(within(dialog).getByRole('textbox', { name: 'Profile link' }).closest('form') as HTMLFormElement);
    expect(within(dialog).getByRole('button', { name: 'Processing…' })).toBeTruthy();
    await act(async () => answerOrder([200, ORDER]));
    expect(routes().filter((route) => route === 'POST /payment/order')).toHaveLength(1);

    const sandbox = await screen.findByRole('dialog', { name: 'Pay with a test card' });
    expect(buy.disabled).toBe(true);
    fireEvent.click(within(sandbox).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Buy Now: Growth' })).toBe(buy);
    expect(buy.disabled).toBe(false);
  });
});

describe('the sandbox checkout', () => {
  it('success card: order -> sandbox/checkout -> verify (25 s) -> Verified successfully', async () => {
    signIn();
    const post = jest.spyOn(api, 'post');
    answers['POST /payment/order'] = [[200, ORDER]];
    answers['POST /payment/sandbox/checkout'] = [[200, { success: true, ...PROOF }]];
    answers['POST /payment/verify'] = [
      [
        200,
        {
          success: true,
          message: 'Payment verified',
          subscription: {
            _id: '3f9a2c1b-0d4e-4c1a-9b7e-1234567890ab',
            subscriptionId: '3f9a2c1b-0d4e-4c1a-9b7e-1234567890ab',
            orderId: 'order_1',
            profileLink: 'https://www.youtube.com/@ann',
          },
        },
      ],
    ];
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');

    const sandbox = await screen.findByRole('dialog', { name: 'Pay with a test card' });
    expect(sandbox.textContent).toContain('Sandbox checkout — no real money');
    // The summary says what is bought and where it goes before anyone pays.
    const summary = sandbox.querySelector('dl') as HTMLElement;
    expect(summary.textContent).toBe('PlanYouTubePackageGrowthDelivered tohttps://www.youtube.com/@annAmount$49.99');
    fireEvent.click(within(sandbox).getByRole('button', { name: 'Visa •••• 1111 — payment succeeds' }));

    const result = await screen.findByRole('alertdialog', { name: 'Verified successfully' });
    expect(result.textContent).toContain('Your payment is verified and your order is placed.');
    expect(result.textContent).not.toContain('subscription');
    // What a buyer looks for after paying: the package, its link, the amount, the shop's order number (not the gateway's), when delivery starts, the mail, the receipt.
    const receipt = result.querySelector('dl[aria-label="Your order"]') as HTMLElement;
    expect(receipt.textContent).toBe(
      'PackageYouTube · GrowthDelivered tohttps://www.youtube.com/@annAmount paid$49.99Order numberSG-3F9A2C1BDeliveryStarts within 24-48 hours',
    );
    expect(result.textContent).not.toContain('order_1');
    expect(result.textContent).toContain('We e-mailed you a confirmation at ann@example.com.');
    expect(within(result).getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe('/receipt/order_1');
    expect(within(result).getByRole('link', { name: 'View Active Services' }).getAttribute('href')).toBe('/services/active#order-order_1');
    expect(routes()).toEqual(['GET /plans/youtube', 'POST /payment/order', 'POST /payment/sandbox/checkout', 'POST /payment/verify']);
    expect(calls[2].body).toEqual({ orderId: 'order_1', outcome: 'success' });
    expect(calls[3].body).toEqual(PROOF);
    expect(post).toHaveBeenCalledWith('/payment/verify', PROOF, { timeoutMs: PAYMENT_VERIFY_TIMEOUT_MS });
    expect(PAYMENT_VERIFY_TIMEOUT_MS).toBe(25_000);

    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByRole('button', { name: 'Buy Now: Growth' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("failure card: 'Payment declined', nothing charged, in the shop's words (not the gateway's description), nothing verified", async () => {
    signIn();
    answers['POST /payment/order'] = [[200, ORDER]];
    answers['POST /payment/sandbox/checkout'] = [[200, DECLINED]];
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    const sandbox = await screen.findByRole('dialog', { name: 'Pay with a test card' });
    fireEvent.click(within(sandbox).getByRole('button', { name: 'Visa •••• 0002 — payment is declined' }));

    const result = await screen.findByRole('alertdialog', { name: 'Payment declined' });
    expect(result.textContent).toContain('Your payment was declined, and nothing was charged. You can try again, or use another card or payment method.');
    expect(within(result).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(result.textContent).not.toContain('sandbox card');
    expect(calls[2].body).toEqual({ orderId: 'order_1', outcome: 'failure' });
    expect(routes()).not.toContain('POST /payment/verify');
  });

  it('Try again after a decline reopens the checkout for the same order, without asking for the link again', async () => {
    signIn();
    answers['POST /payment/order'] = [[200, ORDER]];
    answers['POST /payment/sandbox/checkout'] = [
      [200, DECLINED],
      [200, { success: true, ...PROOF }],
    ];
    answers['POST /payment/verify'] = [[200, { success: true, message: 'Payment verified' }]];
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay with a test card' })).getByRole('button', { name: 'Visa •••• 0002 — payment is declined' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Payment declined' });
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));

    const again = await screen.findByRole('dialog', { name: 'Pay with a test card' });
    fireEvent.click(within(again).getByRole('button', { name: 'Visa •••• 1111 — payment succeeds' }));
    expect(await screen.findByRole('alertdialog', { name: 'Verified successfully' })).toBeTruthy();
    expect(routes()).toEqual(['GET /plans/youtube', 'POST /payment/order', 'POST /payment/sandbox/checkout', 'POST /payment/sandbox/checkout', 'POST /payment/verify']);
    expect(calls[3].body).toEqual({ orderId: 'order_1', outcome: 'success' });
  });

  it("verification refused: the shop's sentence for the server's code, else 'We could not verify the payment. Please contact support.'", async () => {
    signIn();
    answers['POST /payment/order'] = [
      [200, ORDER],
      [200, { ...ORDER, order: { ...ORDER.order, id: 'order_2' } }],
    ];
    answers['POST /payment/sandbox/checkout'] = [
      [200, { success: true, ...PROOF }],
      [200, { success: true, ...PROOF }],
    ];
    answers['POST /payment/verify'] = [
      [409, { success: false, message: 'Call +1 555 0100 now', error: 'order_expired' }],
      [504, undefined],
    ];
    visit();

    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay with a test card' })).getByRole('button', { name: /payment succeeds/ }));
    let result = await screen.findByRole('alertdialog', { name: 'Payment refunded' });
    expect(result.textContent).toContain(
      'This order expired before it was paid and its price has changed since. Your payment is being refunded in full; please buy again.',
    );
    expect(result.textContent).not.toContain('555');
    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));

    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay with a test card' })).getByRole('button', { name: /payment succeeds/ }));
    result = await screen.findByRole('alertdialog', { name: 'Verification failed' });
    expect(result.textContent).toContain('We could not verify the payment. Please contact support.');
  });

  it("shows a KWD order of 19990 as KWD 19.990 (the server's exponent 3), and refuses an answer without an exponent", async () => {
    signIn();
    const kwd = { ...ORDER, order: { ...ORDER.order, amount: 19990, currency: 'KWD', exponent: 3 } };
    const { exponent: _none, ...withoutExponent } = kwd.order;
    answers['POST /payment/order'] = [
      [200, kwd],
      [200, { ...kwd, order: withoutExponent }],
    ];
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    const sandbox = await screen.findByRole('dialog', { name: 'Pay with a test card' });
    expect(sandbox.textContent?.replace(/\u00a0/g, ' ')).toContain('KWD 19.990');
    fireEvent.click(within(sandbox).getByRole('button', { name: 'Cancel' }));

    const dialog = await buyGrowth();
    submitLink(dialog, 'https://www.youtube.com/@ann');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Order creation failed');
  });

  it('the sandbox card on an order past its lifetime: nothing charged, start again', async () => {
    signIn();
    answers['POST /payment/order'] = [[200, ORDER]];
    answers['POST /payment/sandbox/checkout'] = [[409, { success: false, message: 'This order has expired', error: 'checkout_expired' }]];
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay with a test card' })).getByRole('button', { name: /payment succeeds/ }));
    const result = await screen.findByRole('alertdialog', { name: 'Verification failed' });
    expect(result.textContent).toContain('This order has expired; nothing was charged. Please start again with Buy Now.');
  });

  it("the sandbox call itself failing: 'Payment error' / 'Something went wrong.'", async () => {
    signIn();
    answers['POST /payment/order'] = [[200, ORDER]];
    answers['POST /payment/sandbox/checkout'] = [[404, { success: false, message: 'Not found', error: 'not_found' }]];
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay with a test card' })).getByRole('button', { name: /payment succeeds/ }));
    const result = await screen.findByRole('alertdialog', { name: 'Payment error' });
    expect(result.textContent).toContain('Something went wrong.');
  });
});

describe('the Razorpay checkout', () => {
  const razorpayOrder = { ...ORDER, provider: 'razorpay' };

  function checkoutScripts() {
    return Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src="${RAZORPAY_SCRIPT_URL}"]`));
  }

  /** Stands in for checkout.js: records the options and the payment.failed listener. */
  function fakeRazorpay() {
    const opened: { options: RazorpayOptions; failed?: (response: unknown) => void }[] = [];
    window.Razorpay = jest.fn(function (this: unknown, options: RazorpayOptions) {
      const entry: (typeof opened)[number] = { options };
      opened.push(entry);
      return { open: jest.fn(), on: (_event: string, listener: (response: unknown) => void) => (entry.failed = listener) };
    }) as unknown as typeof window.Razorpay;
    return opened;
  }

  async function payWithRazorpay() {
    signIn();
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    await waitFor(() => expect(checkoutScripts()).toHaveLength(1));
    return checkoutScripts()[0];
  }

  it('is not requested before a customer pays', async () => {
    signIn();
    visit();
    await screen.findByRole('button', { name: 'Buy Now: Growth' });
    expect(checkoutScripts()).toHaveLength(0);
  });

  it("cannot load: 'Payment SDK error' / 'Failed to load Razorpay.'; the next try asks again", async () => {
    answers['POST /payment/order'] = [
      [200, razorpayOrder],
      [200, razorpayOrder],
    ];
    const script = await payWithRazorpay();
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    const result = await screen.findByRole('alertdialog', { name: 'Payment SDK error' });
    expect(result.textContent).toContain('Failed to load Razorpay.');
    expect(checkoutScripts()).toHaveLength(0);
    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));

    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    await waitFor(() => expect(checkoutScripts()).toHaveLength(1));
    act(() => {
      checkoutScripts()[0].dispatchEvent(new Event('error'));
    });
    expect(await screen.findByRole('alertdialog', { name: 'Payment SDK error' })).toBeTruthy();
  });

  it('opens checkout.js with the order, the shop name, the purple theme and the customer; its handler verifies', async () => {
    setRuntimeConfig({ remotes: {}, googleClientId: null, shopName: 'Asha Growth Co' });
    answers['POST /payment/order'] = [[200, razorpayOrder]];
    answers['POST /payment/verify'] = [[200, { success: true, message: 'Payment verified' }]];
    const script = await payWithRazorpay();
    const opened = fakeRazorpay();
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(opened).toHaveLength(1));
    const { options } = opened[0];
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      amount: 4999,
      currency: 'USD',
      order_id: 'order_1',
      name: 'Asha Growth Co',
      description: 'YouTube · Growth',
      theme: { color: '#7c3aed' },
      prefill: { email: 'ann@example.com' },
    });
    expect(options.redirect).toBeUndefined();
    expect((screen.getByRole('button', { name: 'Processing…' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => options.handler(PROOF));
    expect(await screen.findByRole('alertdialog', { name: 'Verified successfully' })).toBeTruthy();
    expect(calls.at(-1)).toEqual({ route: 'POST /payment/verify', body: PROOF });
  });

  it("payment.failed shows 'Payment declined' in the shop's words with Try again; closing the window gives Buy back", async () => {
    answers['POST /payment/order'] = [
      [200, razorpayOrder],
      [200, razorpayOrder],
    ];
    const opened = fakeRazorpay(); // already on the page: no second script
    signIn();
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(checkoutScripts()).toHaveLength(0);
    act(() => opened[0].failed?.({ error: { description: 'Card declined by the bank.', reason: 'payment_failed' } }));
    const result = await screen.findByRole('alertdialog', { name: 'Payment declined' });
    expect(result.textContent).toContain('Your payment was declined, and nothing was charged. You can try again, or use another card or payment method.');
    expect(within(result).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(opened[0].options.timeout).toBeGreaterThan(29 * 60);
    expect(opened[0].options.timeout).toBeLessThanOrEqual(30 * 60);
    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));

    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeTruthy();
    act(() => opened[1].options.modal?.ondismiss?.());
    expect((screen.getByRole('button', { name: 'Buy Now: Growth' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('in an in-app browser it runs in redirect mode, back through /api/payment/callback', async () => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile/15E148 Instagram 330.0');
    answers['POST /payment/order'] = [[200, razorpayOrder]];
    const opened = fakeRazorpay();
    signIn();
    visit();
    submitLink(await buyGrowth(), 'https://www.youtube.com/@ann');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0].options.redirect).toBe(true);
    expect(opened[0].options.callback_url).toBe(`${window.location.origin}/api/payment/callback`);
  });
});

describe('coming back from redirect mode', () => {
  it('?payment=success: Verified successfully, and the query leaves the address', async () => {
    const memory = visit('/services/youtube?payment=success&order=order_1');
    const result = await screen.findByRole('alertdialog', { name: 'Verified successfully' });
    expect(result.textContent).toContain('Your payment is verified and your order is placed.');
    expect(memory.history?.at(-1)).toBe('/services/youtube');
    expect(memory.history).toHaveLength(1); // replaced, not pushed
  });

  it("?payment=failed&reason=declined: Payment declined, nothing charged, in the shop's sentence", async () => {
    const memory = visit('/services/youtube?payment=failed&reason=declined');
    const result = await screen.findByRole('alertdialog', { name: 'Payment declined' });
    expect(result.textContent).toContain('Your payment was declined, and nothing was charged. You can try again, or use another card or payment method.');
    expect(memory.history).toEqual(['/services/youtube']);
    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("a hostile message= in the address never reaches the dialog: only the shop's words", async () => {
    const hostile = 'Your card is blocked. Call +1 555 0100 or visit https://evil.example/verify to unblock it';
    visit(`/services/youtube?payment=failed&message=${encodeURIComponent(hostile)}&reason=${encodeURIComponent(hostile)}`);
    const result = await screen.findByRole('alertdialog', { name: 'Verification failed' });
    expect(result.textContent).not.toContain('555');
    expect(result.textContent).not.toContain('evil.example');
    expect(result.querySelector('p')?.textContent).toBe('We could not verify the payment. Please contact support.');
  });

  it("?payment=failed&reason=expired: the refund is said in the shop's words", async () => {
    visit('/services/youtube?payment=failed&reason=expired');
    const result = await screen.findByRole('alertdialog', { name: 'Payment refunded' });
    expect(result.textContent).toContain('Your payment is being refunded in full');
  });
});
