/**
 * Whether a gateway takes real money (docs/payments.md#sandbox-orders). The sandbox gateway never
 * does (anyone signed in pays with its card), and neither does Razorpay under a test key
 * (`rzp_test_…`: test cards pay). An order keeps the answer given when it was created, so a later
 * switch of PAYMENTS_PROVIDER or of the keys does not rewrite what its payment was.
 */
export const RAZORPAY_TEST_KEY = /^rzp_test_/;

export function paysNoRealMoney(gateway: { provider: string; keyId: string }): boolean {
  return gateway.provider === 'sandbox' || RAZORPAY_TEST_KEY.test(gateway.keyId);
}
