import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { failureReasonOf, ResultDialog, type PaymentResult } from './ResultDialog';

/**
 * What Razorpay's redirect mode brings back (`/api/payment/callback` -> `?payment=...&reason=...`),
 * or null. Only the codes are read: anyone can link to this page with any address, so no text of
 * it (a `message=` of old links included) ever becomes words in the dialog.
 */
export function paymentReturnOf(search: string): PaymentResult | null {
  const params = new URLSearchParams(search);
  const payment = params.get('payment');
  if (payment === 'success') return { kind: 'verified' };
  if (payment === 'failed') return { kind: 'failed', reason: failureReasonOf(params.get('reason')) };
  return null;
}

/**
 * The pricing page after a checkout in redirect mode (in-app browsers): shows the same result as
 * the in-page checkout, and takes `?payment=...` out of the address so a reload does not show it
 * again.
 */
export function PaymentReturn() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [result, setResult] = useState<PaymentResult | null>(null);

  useEffect(() => {
    const found = paymentReturnOf(search);
    if (!found) return;
    setResult(found);
    navigate(location, { replace: true });
  }, [search, location, navigate]);

  return result && <ResultDialog result={result} onClose={() => setResult(null)} />;
}
