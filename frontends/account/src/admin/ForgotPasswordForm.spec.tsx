import { render, screen } from '@testing-library/react';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { failEveryFetch, type, submit } from '../test/adminForms';

beforeEach(failEveryFetch);

describe('admin forms: an error goes as soon as its field is fixed', () => {
  it('forgot', () => {
    render(<ForgotPasswordForm initialEmail="" onSent={() => undefined} onBack={() => undefined} />);
    submit('Send Code');
    expect(screen.getByText('Please enter your e-mail.')).toBeTruthy();
    type('Email', '  ');
    expect(screen.getByText('Please enter your e-mail.')).toBeTruthy();
    type('Email', 'admin@example.com');
    expect(screen.queryByText('Please enter your e-mail.')).toBeNull();
  });
});
