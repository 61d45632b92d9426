import { RAZORPAY_SCRIPT_URL, type RazorpayConstructor } from './razorpay';

// A fresh module per test: the loader remembers its script for the page's lifetime.
let loadRazorpay: typeof import('./razorpay').loadRazorpay;

function scripts() {
  return document.head.querySelectorAll<HTMLScriptElement>(`script[src="${RAZORPAY_SCRIPT_URL}"]`);
}

beforeEach(() => {
  jest.isolateModules(() => {
    ({ loadRazorpay } = jest.requireActual<typeof import('./razorpay')>('./razorpay'));
  });
  document.head.replaceChildren();
  delete window.Razorpay;
});

describe('loadRazorpay', () => {
  it('injects checkout.js once, however often it is asked for', async () => {
    const first = loadRazorpay();
    const second = loadRazorpay();
    expect(scripts()).toHaveLength(1);
    const Razorpay = jest.fn() as unknown as RazorpayConstructor;
    window.Razorpay = Razorpay;
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Razorpay);
    await expect(second).resolves.toBe(Razorpay);
    await expect(loadRazorpay()).resolves.toBe(Razorpay);
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script cannot load, removes it, and a later call tries again', async () => {
    const attempt = loadRazorpay();
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow('Could not reach Razorpay.');
    expect(scripts()).toHaveLength(0);
    void loadRazorpay().catch(() => undefined);
    expect(scripts()).toHaveLength(1);
    scripts()[0].dispatchEvent(new Event('error'));
  });

  it('rejects when the script loads but defines no Razorpay', async () => {
    const attempt = loadRazorpay();
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(attempt).rejects.toThrow('Razorpay checkout did not start.');
  });
});
