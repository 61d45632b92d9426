import { paymentReturnOf } from './PaymentReturn';
import { FAILURE_REASONS } from './ResultDialog';

describe('paymentReturnOf', () => {
  it('reads what /api/payment/callback sends back: a result and a reason code', () => {
    expect(paymentReturnOf('payment=success&order=order_1')).toEqual({ kind: 'verified' });
    expect(paymentReturnOf('?payment=failed&reason=declined')).toEqual({ kind: 'failed', reason: 'declined' });
    for (const reason of FAILURE_REASONS) expect(paymentReturnOf(`payment=failed&reason=${reason}`)).toEqual({ kind: 'failed', reason });
    expect(paymentReturnOf('payment=failed')).toEqual({ kind: 'failed', reason: 'not_verified' });
  });

  it('never carries words from the address: message= is ignored, an unknown reason is not_verified', () => {
    const hostile = encodeURIComponent('Your card is blocked. Call +1 555 0100 or visit https://evil.example to unblock it');
    for (const search of [`payment=failed&message=${hostile}`, `payment=failed&reason=${hostile}`, `payment=failed&reason=declined&message=${hostile}`]) {
      const result = paymentReturnOf(search);
      expect(JSON.stringify(result)).not.toContain('evil');
      expect(result).toEqual({ kind: 'failed', reason: search.includes('reason=declined') ? 'declined' : 'not_verified' });
    }
    expect(paymentReturnOf('payment=failed&reason=__proto__')).toEqual({ kind: 'failed', reason: 'not_verified' });
    expect(paymentReturnOf('payment=failed&reason=toString')).toEqual({ kind: 'failed', reason: 'not_verified' });
  });

  it('ignores anything else', () => {
    expect(paymentReturnOf('')).toBeNull();
    expect(paymentReturnOf('payment=maybe')).toBeNull();
    expect(paymentReturnOf('q=youtube')).toBeNull();
  });
});
