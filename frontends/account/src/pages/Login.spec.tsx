import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { installFakeApi, type Answer, type Answers, type RecordedCall } from '../test/fakeApi';
import { AuthProvider, setRuntimeConfig } from '@growth/kit';
import Login from './Login';

const answers: Answers = {};
const calls: RecordedCall[] = [];

beforeEach(() => {
  localStorage.clear();
  installFakeApi(answers, calls);
  answers['/country/getall'] = [[200, { success: true, data: [] }]];
  setRuntimeConfig({ remotes: {}, googleClientId: null });
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
    setRuntimeConfig({ remotes: {}, googleClientId: 'client.apps.googleusercontent.com' });
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

  it("Continue with Google from a tier's Buy goes back to that tier's checkout (next with ?buy=), replacing /login", async () => {
    setRuntimeConfig({ remotes: {}, googleClientId: 'client.apps.googleusercontent.com' });
    // Google's script, as loaded: the account chooser hands back an ID token at once.
    const initialize = jest.fn();
    window.google = {
      accounts: {
        id: {
          initialize,
          prompt: () => (initialize.mock.calls[0][0] as { callback(response: { credential: string }): void }).callback({ credential: 'google-id-token' }),
          renderButton: jest.fn(),
        },
      },
    };
    answers['/user/google'] = [[200, { success: true, token: 't', userId: 'u1', user: { name: 'Ann', email: 'ann@example.com' } }]];
    const next = '/services/instagram?buy=7d3c1a52-8f0e-4b7a-9a51-2f1e0c3b4d5e';
    try {
      const memory = visit(`/login?next=${encodeURIComponent(next)}`);
      await screen.findByRole('heading', { name: 'Welcome Back' });
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
      await waitFor(() => expect(memory.history?.at(-1)).toBe(next));
      expect(memory.history).toEqual([next]);
      expect(calls.filter((call) => call.path === '/user/google').map((call) => call.body)).toEqual([expect.objectContaining({ idToken: 'google-id-token' })]);
    } finally {
      delete window.google;
    }
  });

  it('someone already signed in is sent to /', async () => {
    localStorage.setItem('token', 't');
    const memory = visit('/login?next=%2Fprofile');
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/'));
  });

  it('does not offer Google sign-in when the server has no client id', async () => {
    visit('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeTruthy();
  });

  it('clears each field error as soon as the field is filled', async () => {
    visit('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    fireEvent.click(screen.getByRole('button', { name: 'Login Now' }));
    expect(await screen.findByText('Please enter your e-mail.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    type('Email', 'ann@example.com');
    expect(screen.queryByText('Please enter your e-mail.')).toBeNull();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    type('Password', 'p');
    expect(screen.queryByText('Please enter your password.')).toBeNull();
    expect(calls.some((c) => c.path === '/user/login')).toBe(false);
  });
});

describe('Forgot password', () => {
  it('mails a code, takes it with a new password and signs in to the local next (replace)', async () => {
    answers['/user/forgot-password'] = [[200, { success: true, message: 'If this e-mail has an account, a reset code has been sent.' }]];
    answers['/user/reset-password'] = [
      [400, { success: false, message: 'Invalid or expired code. Please check it or request a new one.', error: 'invalid_code' }],
      [200, { success: true, message: 'Your password has been reset.', token: 'fresh', userId: 'u1', user: { name: 'Ann', email: 'ann@example.com' } }],
    ];
    const memory = visit('/login?next=%2Fprofile');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    type('Email', 'ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    // The address typed at login comes along.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByText('If this e-mail has an account, a reset code has been sent.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/user/forgot-password')?.body).toEqual({ email: 'ann@example.com' });
    // The wait before a new code is counted down on the button, which waits with it.
    const resend = screen.getByRole('button', { name: /^Send a new code in (60|59) s$/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    // Errors first, each gone as soon as its field is right.
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Please enter the 6-digit code.')).toBeTruthy();
    expect(screen.getByText('Please choose a new password.')).toBeTruthy();
    type('Code', '12345');
    expect(screen.getByText('Please enter the 6-digit code.')).toBeTruthy();
    type('Code', '123456');
    expect(screen.queryByText('Please enter the 6-digit code.')).toBeNull();
    type('New password', 'short');
    expect(screen.getByText('Please choose a new password.')).toBeTruthy();
    type('New password', 'a long new secret');
    expect(screen.queryByText('Please choose a new password.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unable to reset the password.Invalid or expired code. Please check it or request a new one.');
    expect(localStorage.getItem('token')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/profile'));
    expect(memory.history).toEqual(['/profile']);
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(calls.filter((c) => c.path === '/user/reset-password').at(-1)?.body).toEqual({ email: 'ann@example.com', otp: '123456', newPassword: 'a long new secret' });
  });

  it('asks for the address first and goes back to login', async () => {
    visit('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Please enter your e-mail.')).toBeTruthy();
    type('Email', 'a');
    expect(screen.queryByText('Please enter your e-mail.')).toBeNull();
    expect(calls.some((c) => c.path === '/user/forgot-password')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
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

describe('Register mode: the code screen', () => {
  async function toCodeStep(firstAnswer: Answer = [200, { success: true, message: 'OTP sent!' }]) {
    answers['/user/request-otp'] = [firstAnswer];
    visit('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Register Now' }));
    type('Email', 'ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('heading', { name: 'Enter OTP' });
  }

  it("says 'Invalid OTP.' once, with the tries left", async () => {
    answers['/user/verify-otp'] = [[400, { success: false, message: 'Invalid OTP. 4 tries left.', error: 'otp_invalid' }]];
    await toCodeStep();
    type('One-time code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP. 4 tries left.');
  });

  it("keeps the spec's 'Invalid OTP.' first when the server says something else", async () => {
    answers['/user/verify-otp'] = [[400, { success: false, message: 'This code has expired. Please request a new one.', error: 'otp_expired' }]];
    await toCodeStep();
    type('One-time code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP.This code has expired. Please request a new one.');
  });

  it("counts down the wait on 'Send a new code' instead of answering with an error", async () => {
    await toCodeStep();
    const resend = screen.getByRole('button', { name: /^Send a new code in (60|59) s$/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a code sent less than a minute ago: on to the code screen with the rest of the wait', async () => {
    await toCodeStep([429, { success: false, message: 'Please wait 45 seconds before requesting a new code.', error: 'otp_cooldown' }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('A code was sent to this address less than a minute ago.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Send a new code in (45|44) s$/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('clears the details errors as soon as each field is filled', async () => {
    answers['/user/verify-otp'] = [[200, { success: true, message: 'OTP verified!' }]];
    await toCodeStep();
    type('One-time code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByRole('heading', { name: 'Create Your Account' });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    type('Full name', 'Ann');
    expect(screen.queryByText('Please enter your name.')).toBeNull();
    expect(screen.getByText('Please enter your phone number.')).toBeTruthy();
    fireEvent.change(document.getElementById('register-phone') as HTMLInputElement, { target: { value: '555 0100' } });
    expect(screen.queryByText('Please enter your phone number.')).toBeNull();
    expect(screen.getByText('Please choose a password.')).toBeTruthy();
  });

  it('shows the password rule before anything is typed, and holds a short password back with it', async () => {
    answers['/user/verify-otp'] = [[200, { success: true, message: 'OTP verified!' }]];
    await toCodeStep();
    type('One-time code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByRole('heading', { name: 'Create Your Account' });
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe('At least 8 characters.');
    type('Full name', 'Ann');
    fireEvent.change(document.getElementById('register-phone') as HTMLInputElement, { target: { value: '555 0100' } });
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('The password needs at least 8 characters (6 so far).')).toBeTruthy();
    expect(calls.some((c) => c.path === '/user/register')).toBe(false);
    type('Password', 'secret enough');
    expect(screen.queryByText(/The password needs/)).toBeNull();
  });
});
