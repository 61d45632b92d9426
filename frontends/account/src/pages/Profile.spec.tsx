import { fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '@growth/kit';
import { signedInCustomerApi } from '../test/fakeApi';
import Profile from './Profile';

const { answers } = signedInCustomerApi();

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
  answers['/country/getall'] = [[200, { success: true, data: [] }]];
  answers['/user/getById'] = [
    [
      200,
      {
        success: true,
        data: { userId: 'u1', name: 'Ann Example', email: 'ann@example.com', phone: '555 0100', createdAt: '2026-03-04T10:00:00.000Z' },
        subscriptions: { total: 5, active: 2, completed: 3 },
      },
    ],
  ];
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
