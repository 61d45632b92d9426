import { updateProfile } from './profileData';

function answer(status: number, body: unknown) {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    const text = JSON.stringify(body);
    return { ok: status < 300, status, text: async () => text } as Response;
  }) as unknown as typeof fetch;
  return calls;
}

describe('updateProfile', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'old-token');
  });

  it('sends the old password only with a new one, and keeps the token when the password stays', async () => {
    const calls = answer(200, { success: true, message: 'Profile updated', data: {} });
    await expect(updateProfile('u1', { name: ' Ann ', phone: ' 555 ', oldPassword: 'ignored' })).resolves.toBe('Profile updated');
    expect(calls[0].body).toEqual({ userId: 'u1', name: 'Ann', phone: '555' });
    expect(calls[0].headers.Authorization).toBe('Bearer old-token');
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('stores the new token the server hands back after a password change (the old sessions ended)', async () => {
    const calls = answer(200, { success: true, message: 'Profile updated', data: {}, token: 'new-token' });
    await updateProfile('u1', { name: 'Ann', phone: '555', oldPassword: 'old password', newPassword: 'new password' });
    expect(calls[0].body).toEqual({ userId: 'u1', name: 'Ann', phone: '555', oldPassword: 'old password', newPassword: 'new password' });
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('sends country, calling code and gender only when given, gender as the number the server stores', async () => {
    const calls = answer(200, { success: true, message: 'Profile updated', data: {} });
    await updateProfile('u1', { name: 'Ann', phone: '555', countryId: 'c-in', callingId: 'c-us', gender: '0' });
    expect(calls[0].body).toEqual({ userId: 'u1', name: 'Ann', phone: '555', countryId: 'c-in', callingId: 'c-us', gender: 0 });

    await updateProfile('u1', { name: 'Ann', phone: '555', countryId: '', callingId: '', gender: '' });
    expect(calls[1].body).toEqual({ userId: 'u1', name: 'Ann', phone: '555' });
  });
});
