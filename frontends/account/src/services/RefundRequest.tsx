import { useEffect, useRef, useState } from 'react';
import { Banner } from '@growth/kit/ui';
import { RefundRequestDialog } from './RefundRequestDialog';
import { canRequestRefund } from './refund';
import type { ListedSubscription } from './useSubscriptionPage';
import styles from './Refund.module.css';

interface Props {
  subscription: ListedSubscription;
  /** The request was stored: the card shows the subscription as the server answered it. */
  onUpdated(subscription: ListedSubscription): void;
}

/**
 * The card's "Request a refund" (docs/refunds.md "Policy"): the button where a request may be made,
 * its dialog, and after a request was sent a short confirmation, which takes the focus (the button
 * is gone then: the request is open).
 */
export function RefundRequest({ subscription, onUpdated }: Props) {
  const [asking, setAsking] = useState(false);
  // The confirmation: the server's words when it gave some ('Refund requested. We review…').
  const [sent, setSent] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  return (
    <>
      {sent !== null && (
        <div ref={confirmation} tabIndex={-1} className={styles.sent}>
          <Banner tone="success" text={sent} detail="We will e-mail you the answer." />
        </div>
      )}
      {canRequestRefund(subscription) && (
        <button type="button" className={`button button--ghost ${styles.request}`} onClick={() => setAsking(true)}>
          Request a refund
        </button>
      )}
      {asking && (
        <RefundRequestDialog
          subscription={subscription}
          onClose={() => setAsking(false)}
          onSent={(updated, message) => {
            setAsking(false);
            setSent(message ?? 'Refund request sent.');
            onUpdated(updated);
          }}
        />
      )}
    </>
  );
}
