import { render, screen } from '@testing-library/react';
import { ResetPasswordForm } from './ResetPasswordForm';
import { failEveryFetch, type, submit } from '../test/adminForms';

beforeEach(failEveryFetch);

describe('admin forms: an error goes as soon as its field is fixed', () => {
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
