import { RefundDialog } from './RefundDialog';
import type { RefundAction } from './useRefundAction';

/** The dialog of the refund action asked for (Refund…, Approve, Decline), nothing while none is. */
export function RefundActionDialog({ action }: { action: RefundAction }) {
  if (!action.pending) return null;
  return (
    <RefundDialog
      kind={action.pending.kind}
      target={action.pending.target}
      busy={action.busy}
      error={action.error}
      onSubmit={(decision) => void action.submit(decision)}
      onEdit={action.clearError}
      onCancel={action.dismiss}
    />
  );
}
