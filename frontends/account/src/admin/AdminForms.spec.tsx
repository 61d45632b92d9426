import { fireEvent, render, screen } from '@testing-library/react';
import { AdminLoginForm } from './AdminLoginForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ResetPasswordForm } from './ResetPasswordForm';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  globalThis.fetch = jest.fn(async () => ({ ok: false, status: 500, text: async () => '{}' }) as Response) as unknown as typeof fetch;
});

describe('admin forms: an error goes as soon as its field is fixed', () => {
  it('login', () => {
    render(<AdminLoginForm notice={null} initialEmail="" onForgot={() => undefined} onSignedIn={() => undefined} />);
    submit('Login');
    expect(screen.getByText('Please enter your e-mail.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    type('Email', 'admin@example.com');
    expect(screen.queryByText('Please enter your e-mail.')).toBeNull();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    type('Password', 'x');
    expect(screen.queryByText('Please enter your password.')).toBeNull();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('forgot', () => {
    render(<ForgotPasswordForm initialEmail="" onSent={() => undefined} onBack={() => undefined} />);
    submit('Send Code');
    expect(screen.getByText('Please enter your e-mail.')).toBeTruthy();
    type('Email', '  ');
    expect(screen.getByText('Please enter your e-mail.')).toBeTruthy();
    type('Email', 'admin@example.com');
    expect(screen.queryByText('Please enter your e-mail.')).toBeNull();
  });

  it('reset', () => {
    render(<ResetPasswordForm initialEmail="admin@example.com" notice={null} onReset={() => undefined} onBack={() => undefined} onResend={() => undefined} />);
    submit('Reset Password');
    expect(screen.getByText('Enter the OTP.')).toBeTruthy();
    expect(screen.getByText('Please enter a new password.')).toBeTruthy();
    type('Code', '12');
    expect(screen.queryByText('Enter the OTP.')).toBeNull();
    type('New password', 'a new secret');
    expect(screen.queryByText('Please enter a new password.')).toBeNull();
  });
});
