import { paymentReturnOf } from './PaymentReturn';

describe('paymentReturnOf', () => {
  it('reads what /api/payment/callback sends back', () => {
    expect(paymentReturnOf('payment=success&order=order_1')).toEqual({ kind: 'verified' });
    expect(paymentReturnOf('?payment=failed&message=Card%20declined')).toEqual({ kind: 'failed', message: 'Card declined' });
    expect(paymentReturnOf('payment=failed')).toEqual({ kind: 'failed', message: null });
  });

  it('ignores anything else', () => {
    expect(paymentReturnOf('')).toBeNull();
    expect(paymentReturnOf('payment=maybe')).toBeNull();
    expect(paymentReturnOf('q=youtube')).toBeNull();
  });
});
