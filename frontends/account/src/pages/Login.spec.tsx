import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider, setRuntimeConfig } from '@growth/kit';
import Login from './Login';

type Answer = [number, unknown];
let answers: Record<string, Answer[]> = {};
const calls: { path: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  answers = { '/country/getall': [[200, { success: true, data: [] }]] };
  setRuntimeConfig({ remotes: {}, googleClientId: null });
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const path = String(url).replace(/^\/api/, '');
    calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = answers[path]?.shift() ?? [500, { success: false, message: 'unexpected call' }];
    const text = JSON.stringify(body);
    return { ok: status < 300, status, text: async () => text } as Response;
  }) as unknown as typeof fetch;
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
});

function visit(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Login />
      </Router>
    </AuthProvider>,
  );
  return memory;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('Login mode', () => {
  it('shows the spec texts', async () => {
    visit('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    for (const name of ['Login Now', 'Forgot Password?', 'Continue with Google', 'Register Now']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it("a wrong password: 'Invalid email or password.', button enabled again", async () => {
    answers['/user/login'] = [[401, { success: false, message: 'Invalid email or password.', error: 'INVALID_CREDENTIALS' }]];
    visit('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    type('Email', 'ann@example.com');
    type('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Login Now' }));
    expect(screen.getByRole('button', { name: 'Login Now' }).getAttribute('aria-busy')).toBe('true');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password.');
    expect((screen.getByRole('button', { name: 'Login Now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('after signing in goes to a local next (replace), never to another site', async () => {
    answers['/user/login'] = [[200, { success: true, token: 't', userId: 'u1', user: { name: 'Ann', email: 'ann@example.com' } }]];
    const memory = visit('/login?next=%2Fservices%2Factive');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    type('Email', 'ann@example.com');
    type('Password', 'pw');
    fireEvent.click(screen.getByRole('button', { name: 'Login Now' }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/services/active'));
    expect(memory.history).toEqual(['/services/active']); // replaced, not pushed
  });

  it('someone already signed in is sent to /', async () => {
    localStorage.setItem('token', 't');
    const memory = visit('/login?next=%2Fprofile');
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/'));
  });

  it('Google without a client id says it is not configured', async () => {
    visit('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google sign-in is not configured.')).toBeTruthy();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});

describe('Register mode', () => {
  it('walks the three steps; a cooldown keeps the spec text first', async () => {
    answers['/user/request-otp'] = [
      [429, { success: false, message: 'Please wait 60 seconds before asking for a new code.', error: 'TOO_MANY_REQUESTS' }],
      [200, { success: true, message: 'OTP sent!' }],
    ];
    answers['/user/verify-otp'] = [[200, { success: true, message: 'OTP verified!' }]];
    visit('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeTruthy();

    type('Email', 'ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unable to send OTP.Please wait 60 seconds before asking for a new code.');

    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeTruthy();
    expect(screen.getByText('OTP sent!')).toBeTruthy();

    const otp = screen.getByLabelText('One-time code') as HTMLInputElement;
    expect([otp.inputMode, otp.autocomplete]).toEqual(['numeric', 'one-time-code']);
    type('One-time code', '12a34');
    expect(otp.value).toBe('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeTruthy();
    type('One-time code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('heading', { name: 'Create Your Account' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/user/verify-otp')?.body).toEqual({ email: 'ann@example.com', otp: '123456' });

    fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/user/register')).toBe(false);

    // Back to login resets everything.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Login' }));
    });
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });
});
