import { useEffect, useId, useRef } from 'react';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { PageMessage, Spinner, hasAdminSession, useAuth, type Receipt as ReceiptBody, type ReceiptRefund } from '@growth/kit';
import { formatMoney } from '@growth/kit/format';
import { formatDate, formatDateTime } from '../services/format';
import { useReceipt } from '../receipt/useReceipt';
import styles from '../receipt/Receipt.module.css';

/**
 * A paid order's receipt (/receipt/{orderId}, docs/payments.md#receipt), for its customer or staff:
 * the shop, the order number, when it was paid, who bought what for which profile, the amount and
 * the payment id, every refund of it so far and the net paid; Print, with a print style of its own
 * (no header, menu or footer; black on white; one A4 page). A visitor is sent to sign in and back;
 * an order that is not theirs reads as not found, as one that does not exist.
 */
export default function Receipt() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const { loading, isAuthenticated } = useAuth();
  const [location] = useLocation();

  if (loading) return <Spinner label="Checking your session…" />;
  if (!isAuthenticated && !hasAdminSession()) return <Redirect to={`/login?next=${encodeURIComponent(location)}`} replace />;
  return <ReceiptPage orderId={orderId} asCustomer={isAuthenticated} />;
}

function ReceiptPage({ orderId, asCustomer }: { orderId: string; asCustomer: boolean }) {
  const { state, retry } = useReceipt(orderId, asCustomer);
  const [location] = useLocation();

  if (state.status === 'loading') return <Spinner label="Loading the receipt…" />;
  if (state.status === 'signed-out') return <Redirect to={`/login?next=${encodeURIComponent(location)}`} replace />;
  if (state.status === 'not-found') {
    return (
      <PageMessage code="404" title="Receipt not found" text="There is no receipt at this address for your account. Check the link, or find the order in your services.">
        <Link href="/services/active" className="button button--primary">
          View Active Services
        </Link>
        <Link href="/" className="button button--ghost">
          Return Home
        </Link>
      </PageMessage>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={styles.page}>
        <div className={styles.message} role="alert">
          <p className={styles.messageText}>Unable to load the receipt.</p>
          {state.reason !== 'Unable to load the receipt.' && <p className={styles.reason}>{state.reason}</p>}
          <button type="button" className="button button--primary" onClick={retry}>
            Retry
          </button>
        </div>
      </div>
    );
  }
  return <ReceiptSheet receipt={state.receipt} asCustomer={asCustomer} />;
}

/** The customer's words for a refund's state: what happened to the money. */
const REFUND_STATE: Record<ReceiptRefund['state'], string> = {
  processed: 'Refunded',
  pending: 'On its way',
  failed: 'Did not go through',
};

const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);

function ReceiptSheet({ receipt, asCustomer }: { receipt: ReceiptBody; asCustomer: boolean }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const money = (amount: string) => formatMoney(amount, receipt.currency);
  const { package: bought } = receipt;

  // The page opens on the receipt itself: its heading takes focus, so a keyboard or screen reader
  // user starts there (Print is the next stop).
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  return (
    <div className={styles.page}>
      <article className={styles.sheet} aria-labelledby={titleId}>
        <header className={styles.head}>
          <div>
            <p className={styles.shop}>{receipt.shopName}</p>
            <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
              Receipt
            </h1>
          </div>
          <p className={styles.number}>
            <span className={styles.label}>Order number</span>
            <span className={styles.code}>{receipt.orderNumber}</span>
          </p>
        </header>

        <dl className={styles.facts}>
          <div>
            <dt>Date paid</dt>
            <dd>{formatDateTime(receipt.paidAt)}</dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>
              {receipt.customer.name && <span className={styles.line}>{receipt.customer.name}</span>}
              <span className={styles.line}>{receipt.customer.email}</span>
            </dd>
          </div>
          <div>
            <dt>Payment ID</dt>
            <dd className={styles.code}>{receipt.paymentId}</dd>
          </div>
        </dl>

        <section className={styles.section} aria-labelledby={`${titleId}-package`}>
          <h2 id={`${titleId}-package`} className={styles.subtitle}>
            Package
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>Plan</dt>
              <dd>{bought.planName}</dd>
            </div>
            <div>
              <dt>Package</dt>
              <dd>{bought.tierName}</dd>
            </div>
            {bought.quantity !== null && (
              <div>
                <dt>Quantity</dt>
                <dd>{bought.quantity.toLocaleString('en-US')}</dd>
              </div>
            )}
            <div className={styles.wide}>
              <dt>Delivered to</dt>
              <dd className={styles.link}>{receipt.profileLink}</dd>
            </div>
          </dl>
        </section>

        <section className={styles.section} aria-labelledby={`${titleId}-amounts`}>
          <h2 id={`${titleId}-amounts`} className={styles.subtitle}>
            Payment
          </h2>
          <table className={styles.amounts}>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className={styles.sum}>
                  Amount ({receipt.currency})
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">
                  Amount paid
                  <span className={styles.detail}>
                    {bought.planName} · {bought.tierName}
                  </span>
                </th>
                <td className={styles.sum}>{money(receipt.amount)}</td>
              </tr>
              {receipt.refunds.map((refund, index) => (
                <tr key={`${refund.createdAt}-${index}`} className={refund.state === 'processed' ? undefined : styles.notCounted}>
                  <th scope="row">
                    Refund · {REFUND_STATE[refund.state] ?? refund.state}
                    <span className={styles.detail}>
                      {refund.state === 'processed' && refund.settledAt
                        ? `Refunded ${formatDate(refund.settledAt) ?? ''}`
                        : `Issued ${formatDate(refund.createdAt) ?? ''}`}
                    </span>
                  </th>
                  <td className={styles.sum}>{refund.state === 'processed' ? `−${money(refund.amount)}` : money(refund.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Net paid</th>
                <td className={styles.sum}>{money(receipt.netPaid)}</td>
              </tr>
            </tfoot>
          </table>
          {receipt.refunds.length === 0 && <p className={styles.note}>No refunds.</p>}
          {!isZero(receipt.pending) && <p className={styles.note}>{money(receipt.pending)} is on its way back to you and is not taken off yet.</p>}
        </section>

        <footer className={styles.foot}>
          <p className={styles.note}>
            Thank you for your order. {receipt.shopName} · Order {receipt.orderNumber}
          </p>
        </footer>
      </article>

      <div className={styles.actions}>
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print
        </button>
        {asCustomer && (
          <Link href="/services/active" className="button button--ghost">
            Back to Active Services
          </Link>
        )}
      </div>
    </div>
  );
}
