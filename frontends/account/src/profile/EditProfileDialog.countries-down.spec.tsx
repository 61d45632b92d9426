import { fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '@growth/kit';
import { signedInCustomerApi } from '../test/fakeApi';
import Profile from '../pages/Profile';

// A spec file of its own: a country list that loaded stays for the page's life, this one never loads.
const { answers, calls } = signedInCustomerApi();

beforeEach(() => {
  // The page asks, then the dialog asks again (a failed load is not kept).
  answers['/country/getall'] = [
    [503, { success: false, message: 'Service unavailable' }],
    [503, { success: false, message: 'Service unavailable' }],
  ];
  answers['/user/getById'] = [
    [
      200,
      {
        success: true,
        data: { userId: 'u1', name: 'Ann Example', email: 'ann@example.com', phone: '555 0100', countryId: 'c-in', callingId: 'c-in', country: 'India', gender: 1 },
        subscriptions: { total: 0, active: 0, completed: 0 },
      },
    ],
  ];
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('Edit Profile without the country list', () => {
  it('says so beside the country fields and still saves name, phone and gender, leaving the stored country alone', async () => {
    render(
      <AuthProvider>
        <Router hook={memoryLocation({ path: '/profile' }).hook}>
          <Profile />
        </Router>
      </AuthProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Ann Example' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Profile' }));

    const note = await dialog.findByText(/Countries could not be loaded right now/);
    expect(note.textContent).toBe('Countries could not be loaded right now, so country and calling code cannot be changed. You can still save your other changes.');
    expect(dialog.getByRole('combobox', { name: 'Country' }).getAttribute('aria-describedby')).toBe(note.id);
    expect(dialog.getByRole('combobox', { name: 'Calling code' }).getAttribute('aria-describedby')).toBe(note.id);
    expect(console.error).toHaveBeenCalledWith('Could not load the country list:', expect.anything());

    fireEvent.change(dialog.getByLabelText('Full name'), { target: { value: 'Ann Other' } });
    fireEvent.change(dialog.getByLabelText('Phone'), { target: { value: '555 0199' } });
    fireEvent.change(dialog.getByLabelText('Gender'), { target: { value: '2' } });
    answers['/user/update'] = [[200, { success: true, message: 'Profile updated', data: {} }]];
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Profile updated');
    expect(calls.filter((call) => call.path === '/user/update').map((call) => call.body)).toEqual([{ userId: 'u1', name: 'Ann Other', phone: '555 0199', gender: 2 }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ann Other' })).toBeTruthy();
    expect(screen.getByText('India')).toBeTruthy();
    expect(screen.getByText('Other')).toBeTruthy();
  });
});
