import { fetchRuntimeConfig } from './loadRuntimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

/** GET /api/runtime-config answers `body`. */
function serverSays(body: unknown) {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => body })) as unknown as typeof fetch;
}

const base = { success: true, remotes: { admin: '/remotes/admin/remoteEntry.js' }, googleClientId: null };

describe('fetchRuntimeConfig', () => {
  it("keeps the server's word that payments take no real money (the admin's sandbox banner)", async () => {
    serverSays({ ...base, payments: { provider: 'sandbox', keyId: 'rzp_sandbox_local', sandbox: true } });
    expect((await fetchRuntimeConfig()).payments).toEqual({ provider: 'sandbox', keyId: 'rzp_sandbox_local', sandbox: true });
  });

  it('reads anything but true, or nothing, as real money', async () => {
    for (const sandbox of [false, 'true', undefined]) {
      serverSays({ ...base, payments: { provider: 'razorpay', keyId: 'rzp_live_Abc', sandbox } });
      expect((await fetchRuntimeConfig()).payments).toEqual({ provider: 'razorpay', keyId: 'rzp_live_Abc', sandbox: false });
    }
  });
});
