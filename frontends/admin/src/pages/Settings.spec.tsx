import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import Settings from './Settings';
import { installFakeApi, setNarrowScreen, type FakeApi } from '../test/fakeApi';

let fake: FakeApi;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('adminToken', 'old-token');
  localStorage.setItem('adminId', 'a1');
  setNarrowScreen(false);
  fake = installFakeApi();
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
});

function visit() {
  const memory = memoryLocation({ path: '/admin/settings' });
  render(
    <Router hook={memory.hook}>
      <Settings />
    </Router>,
  );
}

const emailPanel = () => screen.getByRole('region', { name: 'Change e-mail' });
const passwordPanel = () => screen.getByRole('region', { name: 'Change password' });
const type = (scope: HTMLElement, label: string | RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('Settings: change e-mail', () => {
  it("checks the address ('Enter a valid email.') and the code ('Enter the OTP.'); verify stores the new token and goes back to the input step", async () => {
    fake.answer('/admin/update-email/request', [200, { success: true, message: 'A code has been sent to the new address.' }]);
    fake.answer('/admin/update-email/verify', [200, { success: true, message: 'Email updated', token: 'new-token', expiresAt: '2030-01-01T00:00:00Z' }]);
    visit();
    type(emailPanel(), 'New e-mail', 'not-an-address');
    fireEvent.click(within(emailPanel()).getByRole('button', { name: 'Send Code' }));
    expect(within(emailPanel()).getByRole('alert').textContent).toBe('Enter a valid email.');
    expect(fake.calls).toHaveLength(0);

    type(emailPanel(), 'New e-mail', 'boss@growth.loc');
    // Fixed: the message goes at once, before the next Send Code.
    expect(within(emailPanel()).queryByRole('alert')).toBeNull();
    expect(within(emailPanel()).getByLabelText('New e-mail').getAttribute('aria-invalid')).not.toBe('true');
    type(emailPanel(), 'New e-mail', 'boss@growth.local');
    // The current password is asked for: a session alone may not move the account away.
    fireEvent.click(within(emailPanel()).getByRole('button', { name: 'Send Code' }));
    expect(within(emailPanel()).getByRole('alert').textContent).toBe('Enter your current password.');
    expect(fake.callsTo('/admin/update-email/request')).toHaveLength(0);
    type(emailPanel(), /^Current password/, 'my admin password');
    expect(within(emailPanel()).queryByRole('alert')).toBeNull();
    fireEvent.click(within(emailPanel()).getByRole('button', { name: 'Send Code' }));
    expect(await within(emailPanel()).findByLabelText('Code')).toBeTruthy();
    expect(fake.callsTo('/admin/update-email/request')[0].body).toEqual({ adminId: 'a1', newEmail: 'boss@growth.local', currentPassword: 'my admin password' });
    expect(within(emailPanel()).getByText('A code has been sent to the new address.')).toBeTruthy();

    fireEvent.click(within(emailPanel()).getByRole('button', { name: 'Verify' }));
    expect(within(emailPanel()).getByRole('alert').textContent).toBe('Enter the OTP.');
    expect(fake.callsTo('/admin/update-email/verify')).toHaveLength(0);

    type(emailPanel(), 'Code', '123456');
    fireEvent.click(within(emailPanel()).getByRole('button', { name: 'Verify' }));
    expect(await within(emailPanel()).findByText('Email updated')).toBeTruthy();
    expect(fake.callsTo('/admin/update-email/verify')[0].body).toEqual({ adminId: 'a1', otp: '123456' });
    expect(localStorage.getItem('adminToken')).toBe('new-token');
    expect((within(emailPanel()).getByLabelText('New e-mail') as HTMLInputElement).value).toBe('');
  });

  it("without an admin id: 'Session expired, login again.'", () => {
    localStorage.removeItem('adminId');
    visit();
    type(emailPanel(), 'New e-mail', 'boss@growth.local');
    type(emailPanel(), /^Current password/, 'my admin password');
    fireEvent.click(within(emailPanel()).getByRole('button', { name: 'Send Code' }));
    expect(within(emailPanel()).getByRole('alert').textContent).toBe('Session expired, login again.');
    expect(fake.calls).toHaveLength(0);
  });

  it("a refused request shows 'Error' with the server's message and stays on the input step", async () => {
    fake.answer('/admin/update-email/request', [409, { success: false, message: 'This email is already in use.' }]);
    visit();
    type(emailPanel(), 'New e-mail', 'taken@growth.local');
    type(emailPanel(), /^Current password/, 'my admin password');
    fireEvent.click(within(emailPanel()).getByRole('button', { name: 'Send Code' }));
    expect((await within(emailPanel()).findByRole('alert')).textContent).toBe('Error' + 'This email is already in use.');
    expect(within(emailPanel()).getByLabelText('New e-mail')).toBeTruthy();
  });
});

describe('Settings: change password', () => {
  it("the confirm box appears once a new password is typed; 'Fill all password fields.' and 'Passwords do not match.'", () => {
    visit();
    expect(within(passwordPanel()).queryByLabelText('Confirm new password')).toBeNull();
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: 'Update Password' }));
    expect(within(passwordPanel()).getByRole('alert').textContent).toBe('Fill all password fields.');

    type(passwordPanel(), 'Current password', 'old-password-1');
    type(passwordPanel(), 'New password', 'new-password-12');
    expect(within(passwordPanel()).getByLabelText('Confirm new password')).toBeTruthy();
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: 'Update Password' }));
    expect(within(passwordPanel()).getByRole('alert').textContent).toBe('Fill all password fields.');

    type(passwordPanel(), 'Confirm new password', 'new-password-13');
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: 'Update Password' }));
    expect(within(passwordPanel()).getByRole('alert').textContent).toBe('Passwords do not match.');
    expect(fake.calls).toHaveLength(0);

    // Fixed: the message goes as soon as the two match, before the next Update Password.
    type(passwordPanel(), 'Confirm new password', 'new-password-1');
    expect(within(passwordPanel()).getByRole('alert').textContent).toBe('Passwords do not match.');
    type(passwordPanel(), 'Confirm new password', 'new-password-12');
    expect(within(passwordPanel()).queryByRole('alert')).toBeNull();
  });

  it('sends old and new password and stores the returned token', async () => {
    fake.answer('/admin/update-password', [400, { success: false, message: 'Old password is incorrect.' }]);
    fake.answer('/admin/update-password', [200, { success: true, message: 'Password updated', token: 'token-after-change' }]);
    visit();
    type(passwordPanel(), 'Current password', 'wrong');
    type(passwordPanel(), 'New password', 'new-password-12');
    type(passwordPanel(), 'Confirm new password', 'new-password-12');
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: 'Update Password' }));
    expect((await within(passwordPanel()).findByRole('alert')).textContent).toBe('Error' + 'Old password is incorrect.');

    type(passwordPanel(), 'Current password', 'old-password-1');
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: 'Update Password' }));
    expect(await within(passwordPanel()).findByText('Password updated')).toBeTruthy();
    expect(fake.callsTo('/admin/update-password')[1].body).toEqual({ adminId: 'a1', oldPassword: 'old-password-1', newPassword: 'new-password-12' });
    expect(localStorage.getItem('adminToken')).toBe('token-after-change');
    await waitFor(() => expect(within(passwordPanel()).queryByLabelText('Confirm new password')).toBeNull());
  });
});
