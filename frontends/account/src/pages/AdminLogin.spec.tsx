import { act, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { installFakeApi, type Answers, type RecordedCall } from '../test/fakeApi';
import AdminLogin from './AdminLogin';

const answers: Answers = {};
const calls: RecordedCall[] = [];

/** A token whose payload carries exp (2030-01-01T00:00:00Z). */
const EXP = Date.UTC(2030, 0, 1) / 1000;
const TOKEN = `h.${btoa(JSON.stringify({ sub: 'a1', role: 'admin', exp: EXP })).replace(/=+$/, '')}.s`;

beforeEach(() => {
  localStorage.clear();
  installFakeApi(answers, calls);
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
});

afterEach(() => jest.useRealTimers());

function visit(path = '/admin/login') {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AdminLogin />
    </Router>,
  );
  return memory;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('Admin login: login mode', () => {
  it("says 'Session expired, login again.' when an admin call's 401 sent the admin here", () => {
    visit('/admin/login?expired=1');
    expect(screen.getByText('Session expired, login again.')).toBeTruthy();
  });

  it('says nothing of an expired session on a plain visit', () => {
    visit();
    expect(screen.queryByText('Session expired, login again.')).toBeNull();
  });

  it('requires e-mail and password before calling the server', () => {
    visit();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter your e-mail.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(calls).toHaveLength(0);
  });

  it("a refused login shows 'Error' with the server's message", async () => {
    answers['/admin/login'] = [[401, { success: false, message: 'Invalid email or password.', error: 'invalid_credentials' }]];
    visit();
    type('Email', 'admin@growth.local');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error' + 'Invalid email or password.');
    expect(calls[0]).toEqual({ path: '/admin/login', body: { email: 'admin@growth.local', password: 'wrong' } });
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a failure without a message shows 'Error' and 'Operation failed'", async () => {
    answers['/admin/login'] = [[502, undefined]];
    visit();
    type('Email', 'admin@growth.local');
    type('Password', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error' + 'Operation failed');
  });

  it('success: stores the admin session, logs the expiry, toasts, and goes to the dashboard after 1500 ms', async () => {
    jest.useFakeTimers();
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    answers['/admin/login'] = [[200, { success: true, message: 'Login successful', token: TOKEN, adminId: 'a1', expiresAt: '2030-01-01T00:00:00.000Z' }]];
    const memory = visit();
    type('Email', 'admin@growth.local');
    type('Password', 'admin-dev-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBe(TOKEN);
    expect(localStorage.getItem('adminId')).toBe('a1');
    expect(info).toHaveBeenCalledWith('Admin session expires at 2030-01-01T00:00:00.000Z');
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => jest.advanceTimersByTime(1499));
    expect(memory.history.at(-1)).toBe('/admin/login');
    act(() => jest.advanceTimersByTime(1));
    // The owner's landing page is the Overview (docs/reports.md); the services grid stays at /admin/dashboard.
    expect(memory.history.at(-1)).toBe('/admin/overview');
    info.mockRestore();
  });
});

describe('Admin login: forgot and reset modes', () => {
  it('forgot leads to reset, which needs the OTP, and reset leads back to login', async () => {
    answers['/admin/forgot-password'] = [[200, { success: true, message: 'If this e-mail belongs to an admin, a reset code has been sent.' }]];
    answers['/admin/reset-password'] = [
      [400, { success: false, message: 'Invalid or expired code.', error: 'invalid_code' }],
      [200, { success: true, message: 'Password reset. Please log in.' }],
    ];
    visit();
    type('Email', 'admin@growth.local');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('admin@growth.local');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: '/admin/forgot-password', body: { email: 'admin@growth.local' } });
    expect(screen.getByText('If this e-mail belongs to an admin, a reset code has been sent.').closest('[role="status"]')).not.toBeNull();

    type('New password', 'a-brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Enter the OTP.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
    expect(calls.filter((call) => call.path === '/admin/reset-password')).toHaveLength(0);

    type('Code', '12a34 56');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error' + 'Invalid or expired code.');

    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      path: '/admin/reset-password',
      body: { email: 'admin@growth.local', otp: '123456', newPassword: 'a-brand-new-password' },
    });
    expect(screen.getByText('Password reset. Please log in.').closest('[role="status"]')).not.toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('admin@growth.local');
  });

  it('Back to Login returns from forgot', () => {
    visit();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
  });
});

describe('Admin login: the link that stops an e-mail change', () => {
  it('opens on the stop mode, stops the change with one button, and goes on to the login with the server message', async () => {
    const message = 'The e-mail change was stopped and every session of the account has ended. Set a new password now with "Forgot password".';
    answers['/admin/update-email/stop'] = [[200, { success: true, message }]];
    const memory = visit('/admin/login?stop-email-change=a1.s3cr3t');
    expect(screen.getByRole('heading', { name: 'Stop the e-mail change' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop the change' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([{ path: '/admin/update-email/stop', body: { token: 'a1.s3cr3t' } }]);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(memory.history?.at(-1)).toBe('/admin/login');
  });

  it("shows 'Error' with the server's words for a link that no longer works, and stays", async () => {
    answers['/admin/update-email/stop'] = [[400, { success: false, message: 'This link is not valid any more.', error: 'invalid_stop_link' }]];
    visit('/admin/login?stop-email-change=a1.old');
    fireEvent.click(screen.getByRole('button', { name: 'Stop the change' }));
    expect(await screen.findByText('This link is not valid any more.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Stop the e-mail change' })).toBeTruthy();
  });
});
