import { useEffect, useId, useRef, useState } from 'react';
import { api, type SubscriptionAnswer } from '@growth/kit';
import { reasonOf } from '../profile/reason';
import { refillView } from './refill';
import type { ListedSubscription } from './useSubscriptionPage';
import styles from './Refill.module.css';

interface Props {
  subscription: ListedSubscription;
  /** The request was taken: the card shows the subscription as the server answered it. */
  onUpdated(subscription: ListedSubscription): void;
}

const REFUSED = 'The refill could not be requested. Please try again.';

/**
 * The order's refill guarantee (docs/refill.md): how long it runs, where the last refill stands and
 * "Request refill" while the server allows one (POST /subscription/refill {subscriptionId}). The
 * button waits while the call runs and a second press sends nothing; the server's answer ('Refill
 * requested…') takes the focus as the button goes, and a refusal (the period is over, one a day) is
 * shown in its words beside the button, which stays for another try. Nothing on an order without
 * a guarantee.
 */
export function RefillStatus({ subscription, onUpdated }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's answer, with the refill state it came with: once the refill moves on, the answer is old.
  const [answer, setAnswer] = useState<{ text: string; state: unknown } | null>(null);
  const running = useRef(false);
  const block = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const view = refillView(subscription.refill);
  const sent = answer && answer.state === subscription.refill?.state ? answer.text : null;

  // The button is gone once the request is taken: the block, with the server's words, takes the focus.
  useEffect(() => {
    if (sent) block.current?.focus();
  }, [sent]);

  if (!view) return null;

  const request = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    setAnswer(null);
    try {
      const body = await api.post<SubscriptionAnswer<ListedSubscription>>('/subscription/refill', {
        subscriptionId: subscription.subscriptionId,
      });
      const message = typeof body.message === 'string' && body.message.trim() ? body.message.trim() : 'Refill requested.';
      const returned = body.subscription && typeof body.subscription === 'object' ? body.subscription : null;
      setAnswer({ text: message, state: returned ? returned.refill?.state : subscription.refill?.state });
      if (returned) onUpdated({ ...subscription, ...returned });
    } catch (failure) {
      setError(reasonOf(failure) || REFUSED);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const planName = subscription.planName || 'this order';
  return (
    <div ref={block} tabIndex={-1} className={styles.refill}>
      {view.guarantee && <p className={styles.guarantee}>{view.guarantee}</p>}
      {view.state && <p className={view.problem ? `${styles.state} ${styles.problem}` : styles.state}>{view.state}</p>}
      {/* The server's words, unless the block already says them (a refusal by the provider is its note). */}
      {sent && sent !== view.state && sent !== view.note && (
        <p className={styles.sent} role="status">
          {sent}
        </p>
      )}
      {view.note && <p className={styles.note}>{view.note}</p>}
      {view.canRequest && (
        <button
          type="button"
          className={`button button--ghost ${styles.request}`}
          disabled={busy}
          aria-busy={busy}
          aria-describedby={error ? errorId : undefined}
          onClick={() => void request()}
        >
          {busy ? 'Requesting…' : 'Request refill'}
          <span className="kit-visually-hidden"> for {planName}</span>
        </button>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
