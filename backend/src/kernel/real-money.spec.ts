import { paysNoRealMoney } from './real-money';

describe('paysNoRealMoney', () => {
  it('is true for the sandbox gateway, whatever its key', () => {
    expect(paysNoRealMoney({ provider: 'sandbox', keyId: 'rzp_sandbox_local' })).toBe(true);
    expect(paysNoRealMoney({ provider: 'sandbox', keyId: 'rzp_live_Abc123' })).toBe(true);
  });

  it('is true for Razorpay under a test key, false under a live key', () => {
    expect(paysNoRealMoney({ provider: 'razorpay', keyId: 'rzp_test_Abc123' })).toBe(true);
    expect(paysNoRealMoney({ provider: 'razorpay', keyId: 'rzp_live_Abc123' })).toBe(false);
    expect(paysNoRealMoney({ provider: 'razorpay', keyId: 'xrzp_test_Abc123' })).toBe(false);
  });
});
