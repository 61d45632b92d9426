import { useId } from 'react';
import { Link } from 'wouter';
import { Dialog } from './Dialog';
import styles from './ResultDialog.module.css';

/** How a checkout ended (spec §8 Payment). */
export type PaymentResult =
  | { kind: 'verified' }
  /** The payment was declined, or the server could not verify it; `message` is the reason when known. */
  | { kind: 'failed'; message?: string | null }
  /** checkout.js could not be loaded. */
  | { kind: 'sdk' }
  /** Anything else that went wrong on the way. */
  | { kind: 'error' };

function texts(result: PaymentResult): { title: string; message: string } {
  switch (result.kind) {
    case 'verified':
      return { title: 'Verified successfully', message: 'Your payment is verified and the subscription is active.' };
    case 'failed':
      return {
        title: 'Verification failed',
        message: result.message?.trim() || 'We could not verify the payment. Please contact support.',
      };
    case 'sdk':
      return { title: 'Payment SDK error', message: 'Failed to load Razorpay.' };
    case 'error':
      return { title: 'Payment error', message: 'Something went wrong.' };
  }
}

/** The end of a checkout, in the page or after Razorpay's redirect back (spec §4, §8). */
export function ResultDialog({ result, onClose }: { result: PaymentResult; onClose(): void }) {
  const messageId = useId();
  const { title, message } = texts(result);
  const verified = result.kind === 'verified';

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
            <Link href="/services/active" className="button button--primary" data-autofocus>
              View Active Services
            </Link>
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
    </Dialog>
  );
}
