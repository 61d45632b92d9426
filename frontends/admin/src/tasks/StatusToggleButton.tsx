import type { AdminSubscription } from '@growth/kit';
import { nextStatus } from './useStatusToggle';

/** 'Mark Completed' or 'Mark In Process'; nothing for a status the toggle does not know. */
export function StatusToggleButton({ subscription, disabled, onToggle }: { subscription: AdminSubscription; disabled: boolean; onToggle(): void }) {
  const next = nextStatus(subscription.Status);
  if (next === null) return null;
  const label = next === 1 ? 'Mark Completed' : 'Mark In Process';
  return (
    <button
      type="button"
      className={next === 1 ? 'button button--primary' : 'button button--ghost'}
      aria-label={`${label}: ${subscription.planName || 'subscription'}, order ${subscription.orderId || '—'}`}
      disabled={disabled}
      onClick={onToggle}
    >
      {label}
    </button>
  );
}
