import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ResultDialog, type PaymentResult } from './ResultDialog';

/** What Razorpay's redirect mode brings back (`/api/payment/callback` -> `?payment=...`), or null. */
export function paymentReturnOf(search: string): PaymentResult | null {
  const params = new URLSearchParams(search);
  const payment = params.get('payment');
  if (payment === 'success') return { kind: 'verified' };
  if (payment === 'failed') return { kind: 'failed', message: params.get('message') };
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
