import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '@growth/kit';
import { signedInCustomerApi } from '../test/fakeApi';
import Profile from './Profile';

const { answers, calls } = signedInCustomerApi();

// jsdom has no canvas: flags fall back to their ISO code.
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];

// The page loads the list once (it is kept for the page's life), so every test answers with the same one.
const COUNTRIES = [
  { _id: 'c-us', flag: '🇺🇸', countryName: 'United States', countryCode: 'US', callingCode: '+1' },
  { _id: 'c-in', flag: '🇮🇳', countryName: 'India', countryCode: 'IN', callingCode: '+91' },
];

const ANN = { userId: 'u1', name: 'Ann Example', email: 'ann@example.com', phone: '555 0100', createdAt: '2026-03-04T10:00:00.000Z' };

function profileAnswer(data: object) {
  answers['/user/getById'] = [[200, { success: true, data: { ...ANN, ...data }, subscriptions: { total: 5, active: 2, completed: 3 } }]];
}

/** The text of the contact card labelled `label`. */
function card(label: string): string | null {
  return screen.getByText(label, { selector: 'span' }).nextElementSibling?.textContent ?? null;
}

async function openEditProfile() {
  await screen.findByRole('heading', { level: 1, name: 'Ann Example' });
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  // The dialog takes the list the page loaded, an answer already there: one turn of the event loop.
  await act(async () => undefined);
  return within(screen.getByRole('dialog', { name: 'Edit Profile' }));
}

function pick(dialog: ReturnType<typeof within>, field: string, option: RegExp) {
  fireEvent.click(dialog.getByRole('combobox', { name: field }));
  fireEvent.click(dialog.getByRole('option', { name: option }));
}

const updateBodies = () => calls.filter((call) => call.path === '/user/update').map((call) => call.body);

function visitProfile() {
  const memory = memoryLocation({ path: '/profile', record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Profile />
      </Router>
    </AuthProvider>,
  );
  return memory;
}

beforeEach(() => {
  answers['/country/getall'] = [[200, { success: true, data: COUNTRIES }]];
  profileAnswer({});
});

describe('Profile counters', () => {
  it('Active and Completed open their lists; the total is a figure only', async () => {
    const memory = visitProfile();
    await screen.findByRole('heading', { level: 1, name: 'Ann Example' });
    const counters = within(screen.getByRole('heading', { name: 'Your services' }).nextElementSibling as HTMLElement);

    const active = counters.getByRole('link', { name: '2 Active' });
    expect(active.getAttribute('href')).toBe('/services/active');
    const completed = counters.getByRole('link', { name: '3 Completed' });
    expect(completed.getAttribute('href')).toBe('/services/completed');
    expect(counters.getAllByRole('link')).toHaveLength(2);
    expect(counters.getByText('Total services')).toBeTruthy();
    expect(counters.getByText('5')).toBeTruthy();

    fireEvent.click(completed);
    expect(memory.history?.at(-1)).toBe('/services/completed');
  });

  it("keeps the spec's View Services button to the active list", async () => {
    visitProfile();
    await screen.findByRole('heading', { level: 1, name: 'Ann Example' });
    expect(screen.getByRole('link', { name: 'View Services' }).getAttribute('href')).toBe('/services/active');
  });
});

describe('Edit Profile: country, calling code and gender', () => {
  it('sends the chosen country, calling code and gender, and the page shows them after saving', async () => {
    visitProfile();
    const dialog = await openEditProfile();
    expect(card('Country')).toBe('—');
    expect(card('Gender')).toBe('—');

    pick(dialog, 'Country', /India/);
    pick(dialog, 'Calling code', /\+91/);
    fireEvent.change(dialog.getByLabelText('Gender'), { target: { value: '1' } });
    answers['/user/update'] = [[200, { success: true, message: 'Profile updated', data: {} }]];
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Profile updated');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(updateBodies()).toEqual([{ userId: 'u1', name: 'Ann Example', phone: '555 0100', countryId: 'c-in', callingId: 'c-in', gender: 1 }]);
    expect(card('Country')).toBe('India');
    expect(card('Gender')).toBe('Female');
    expect(card('Phone')).toBe('+91 555 0100');

    // Opened again, the dialog starts from the saved values.
    const again = await openEditProfile();
    expect((again.getByRole('combobox', { name: 'Country' }) as HTMLInputElement).value).toBe('India');
    expect((again.getByLabelText('Gender') as HTMLSelectElement).value).toBe('1');
  });

  it('sends no country, calling code or gender when they are left empty', async () => {
    visitProfile();
    const dialog = await openEditProfile();
    fireEvent.change(dialog.getByLabelText('Full name'), { target: { value: 'Ann Other' } });
    answers['/user/update'] = [[200, { success: true, message: 'Profile updated', data: {} }]];
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Profile updated');
    expect(updateBodies()).toEqual([{ userId: 'u1', name: 'Ann Other', phone: '555 0100' }]);
    expect(card('Country')).toBe('—');
    expect(card('Gender')).toBe('—');
  });

  it('leaves stored details out of the update when they stay as they were or the gender is set back to empty', async () => {
    profileAnswer({ countryId: 'c-in', callingId: 'c-us', country: 'India', gender: 0 });
    visitProfile();
    const dialog = await openEditProfile();
    expect((dialog.getByRole('combobox', { name: 'Country' }) as HTMLInputElement).value).toBe('India');
    expect((dialog.getByRole('combobox', { name: 'Calling code' }) as HTMLInputElement).value).toBe('+1');
    fireEvent.change(dialog.getByLabelText('Gender'), { target: { value: '' } });
    answers['/user/update'] = [[200, { success: true, message: 'Profile updated', data: {} }]];
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Profile updated');
    expect(updateBodies()).toEqual([{ userId: 'u1', name: 'Ann Example', phone: '555 0100' }]);
    expect(card('Country')).toBe('India');
    expect(card('Gender')).toBe('Male');
    expect(card('Phone')).toBe('+1 555 0100');
  });

  it('keeps the labels tied to the fields and the phone error beside the number', async () => {
    visitProfile();
    const dialog = await openEditProfile();
    expect(dialog.getByLabelText('Phone').id).toBe('edit-phone');
    expect(dialog.getByRole('combobox', { name: 'Country' }).id).toBe('edit-country');
    expect(dialog.getByRole('combobox', { name: 'Calling code' }).id).toBe('edit-calling');
    expect(dialog.getByLabelText('Gender').id).toBe('edit-gender');
    expect(
      within(dialog.getByLabelText('Gender'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select gender', 'Male', 'Female', 'Other']);

    fireEvent.change(dialog.getByLabelText('Phone'), { target: { value: ' ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    const phone = dialog.getByLabelText('Phone');
    expect(document.activeElement).toBe(phone);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please enter your phone number.');
    expect(updateBodies()).toEqual([]);
  });
});
