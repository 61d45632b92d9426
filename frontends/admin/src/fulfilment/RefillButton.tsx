import type { AdminSubscription } from '@growth/kit';
import { useState } from 'react';
import { useStaffRefill } from '../tasks/useFulfilmentAction';
import { Banner, ConfirmDialog } from '../ui';

interface Props {
  subscription: AdminSubscription;
  /** Another action of the list runs. */
  disabled: boolean;
}

/**
 * Staff's "Refill" of an order placed upstream (docs/refill.md): asks first, in a dialog that says
 * which order, that the provider tops it up, that the guarantee does not limit staff and, when a
 * refill waits for review, that this closes it; then POST
 * /admin/fulfilment/refill. While it runs both buttons wait; a refusal (one in flight, the panel
 * has no refills) stays in the dialog in the server's words, so staff read it before closing.
 */
export function RefillButton({ subscription, disabled }: Props) {
  const [asking, setAsking] = useState(false);
  const refill = useStaffRefill();
  const which = `${subscription.planName || 'subscription'}, order ${subscription.orderId || '—'}`;
  const quantity = subscription.fulfilment?.quantity;
  const close = () => {
    setAsking(false);
    refill.clearError();
  };

  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        aria-label={`Refill: ${which}`}
        disabled={disabled || refill.busy}
        onClick={() => {
          refill.clearError();
          setAsking(true);
        }}
      >
        Refill
      </button>
      {asking && (
        <ConfirmDialog
          title="Ask the provider for a refill?"
          confirmLabel={refill.busy ? 'Asking…' : 'Ask for refill'}
          cancelLabel="Not now"
          danger={false}
          busy={refill.busy}
          onConfirm={() => {
            void refill.run(subscription).then((done) => {
              if (done) setAsking(false);
            });
          }}
          onCancel={close}
        >
          <p>
            The provider tops the {subscription.planName || 'subscription'} order {subscription.orderId || '—'}
            {subscription.customer?.email ? ` of ${subscription.customer.email}` : ''} back up
            {typeof quantity === 'number' && quantity > 0 ? ` to the ${quantity.toLocaleString('en-US')} ordered` : ''}.
          </p>
          {subscription.refill?.review === true && (
            <p>The refill waiting for review is closed by this one: check the provider panel first, it may have taken that one.</p>
          )}
          <p>Staff may ask for any placed order, with or without a guarantee; the request is recorded in the audit log.</p>
          {refill.error && <Banner tone="failure" text="Refill failed" detail={refill.error} />}
        </ConfirmDialog>
      )}
    </>
  );
}
