import { useId } from 'react';
import { Link } from 'wouter';
import { Dialog } from './Dialog';
import styles from './ResultDialog.module.css';

/**
 * Why a payment did not end in a subscription. A closed list: the dialog shows the shop's own
 * sentence for each, never words from elsewhere (the address, a form anyone can post to
 * /api/payment/callback, the gateway's descriptions), so the shop's dialog cannot be made to say
 * "call this number" or "verify your card at this site".
 */
export const FAILURE_REASONS = ['declined', 'cancelled', 'not_verified', 'expired', 'withdrawn', 'already_paid', 'checkout_expired'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** What was bought, as the buyer looks for it after paying. */
export interface Receipt {
  /** e.g. "YouTube · Growth" */
  packageName: string;
  /** Formatted, e.g. "$49.99". */
  amount: string;
  /** The shop's own order number (orderNumberOf, e.g. "SG-3F9A2C1B"), never the gateway's `order_…` id. */
  orderNumber: string | null;
  /** The order's key (the gateway's order id): its receipt page and its card in the Active list. */
  orderId: string;
  /** The profile the order is delivered to. */
  profileLink: string;
  /** Where the confirmation mail went (the account's address), when known. */
  email: string | null;
}

/** How a checkout ended (docs/product.md#error-texts: payment). */

export type PaymentResult =
  | { kind: 'verified'; receipt?: Receipt }
  /** The payment was declined, or the server did not take it; `reason` picks the sentence. */
  | { kind: 'failed'; reason: FailureReason }
  /** checkout.js could not be loaded. */
  | { kind: 'sdk' }
  /** Anything else that went wrong on the way. */
  | { kind: 'error' };

/** The reason for a text from outside (an address, an API `error` code): only one of ours, else not_verified. */
export function failureReasonOf(code: unknown): FailureReason {
  return typeof code === 'string' && (FAILURE_REASONS as readonly string[]).includes(code) ? (code as FailureReason) : 'not_verified';
}

/** The API's `error` codes of a payment that was not taken, as reasons (anything else: not_verified). */
export function failureReasonOfApiCode(code: unknown): FailureReason {
  switch (code) {
    case 'order_expired':
      return 'expired';
    case 'order_withdrawn':
      return 'withdrawn';
    case 'order_already_paid':
      return 'already_paid';
    case 'checkout_expired':
      return 'checkout_expired';
    default:
      return 'not_verified';
  }
}

const FAILURES: Record<FailureReason, { title: string; message: string }> = {
  declined: {
    title: 'Payment declined',
    message: 'Your payment was declined, and nothing was charged. You can try again, or use another card or payment method.',
  },
  cancelled: { title: 'Payment cancelled', message: 'The payment was cancelled before it was made, and nothing was charged. You can try again whenever you are ready.' },
  not_verified: { title: 'Verification failed', message: 'We could not verify the payment. Please contact support.' },
  expired: {
    title: 'Payment refunded',
    message: 'This order expired before it was paid and its price has changed since. Your payment is being refunded in full; please buy again.',
  },
  withdrawn: { title: 'Payment refunded', message: 'This package is no longer on sale. Your payment is being refunded in full.' },
  already_paid: { title: 'Verification failed', message: 'This order was already paid with another payment. Please contact support.' },
  checkout_expired: { title: 'Verification failed', message: 'This order has expired; nothing was charged. Please start again with Buy Now.' },
};

function texts(result: PaymentResult): { title: string; message: string } {
  switch (result.kind) {
    case 'verified':
      return { title: 'Verified successfully', message: 'Your payment is verified and your order is placed.' };
    case 'failed':
      return FAILURES[result.reason] ?? FAILURES.not_verified;
    case 'sdk':
      return { title: 'Payment SDK error', message: 'Failed to load Razorpay.' };
    case 'error':
      return { title: 'Payment error', message: 'Something went wrong.' };
  }
}

/** Failures a new attempt at the same order can fix (another card, or the customer changed their mind). */
const RETRYABLE: readonly FailureReason[] = ['declined', 'cancelled'];

export function canTryAgain(result: PaymentResult): boolean {
  return result.kind === 'failed' && RETRYABLE.includes(result.reason);
}

/**
 * The end of a checkout, in the page or after Razorpay's redirect back. A verified payment shows
 * what was bought (package, the link it goes to, amount, the shop's order number, when delivery
 * starts, the confirmation mail) and links to its receipt and to the order's card; a
 * declined or cancelled one offers Try again (`onTryAgain`: the same order, the link kept).
 */
export function ResultDialog({ result, onClose, onTryAgain }: { result: PaymentResult; onClose(): void; onTryAgain?(): void }) {
  const messageId = useId();
  const { title, message } = texts(result);
  const verified = result.kind === 'verified';
  const receipt = result.kind === 'verified' ? result.receipt : undefined;
  const retry = onTryAgain && canTryAgain(result) ? onTryAgain : undefined;

  return (
    <Dialog
      title={title}
      tone={verified ? 'success' : 'failure'}
      role="alertdialog"
      describedBy={messageId}
      onClose={onClose}
      closeButton={false}
      actions={
        verified ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Close
            </button>
            {receipt?.orderId && (
              <Link href={`/receipt/${encodeURIComponent(receipt.orderId)}`} className="button button--ghost">
                View receipt
              </Link>
            )}
            <Link href={orderHref(receipt?.orderId)} className="button button--primary" data-autofocus>
              View Active Services
            </Link>
          </>
        ) : retry ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Close
            </button>
            <button type="button" className="button button--primary" onClick={retry} data-autofocus>
              Try again
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            Close
          </button>
        )
      }
    >
      <p id={messageId} className={verified ? styles.success : styles.failure}>
        {message}
      </p>
      {receipt && (
        <>
          <dl className={styles.receipt} aria-label="Your order">
            <div>
              <dt>Package</dt>
              <dd>{receipt.packageName}</dd>
            </div>
            <div>
              <dt>Delivered to</dt>
              <dd className={styles.link}>{receipt.profileLink}</dd>
            </div>
            <div>
              <dt>Amount paid</dt>
              <dd>{receipt.amount}</dd>
            </div>
            {receipt.orderNumber && (
              <div>
                <dt>Order number</dt>
                <dd className={styles.orderId}>{receipt.orderNumber}</dd>
              </div>
            )}
            <div>
              <dt>Delivery</dt>
              <dd>Starts within 24-48 hours</dd>
            </div>
          </dl>
          <p className={styles.note}>{receipt.email ? `We e-mailed you a confirmation at ${receipt.email}.` : 'We e-mailed you a confirmation.'}</p>
        </>
      )}
    </Dialog>
  );
}

/** The paid order's card in the Active list (its card answers to #order-<id>); the list without an id. */
function orderHref(orderId: string | undefined): string {
  return orderId ? `/services/active#order-${encodeURIComponent(orderId)}` : '/services/active';
}
