import { render, screen } from '@testing-library/react';
import { AdminLoginForm } from './AdminLoginForm';
import { failEveryFetch, type, submit } from '../test/adminForms';

beforeEach(failEveryFetch);

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
});
