import { Chip } from './Chip';

/** 'In Process' for 0, 'Completed' for 1 (docs/product.md#data-shapes), else null; a numeric string counts as its number. */
export function subscriptionStatusLabel(status: unknown): 'In Process' | 'Completed' | null {
  const code = typeof status === 'string' && status.trim() !== '' ? Number(status) : status;
  if (code === 0) return 'In Process';
  if (code === 1) return 'Completed';
  return null;
}

/**
 * A subscription's status (docs/product.md#screens-and-routes, docs/product.md#data-shapes): 0 'In Process' (sky), 1 'Completed' (green); any other
 * value shows the server's status text when it sent one, else a dash. Used by the customer lists
 * and the admin screens alike. Not exported from kit's index (that would put it in every visitor's
 * first download): import it by path.
 */
export function StatusChip({ status, statusText }: { status: unknown; statusText?: unknown }) {
  const known = subscriptionStatusLabel(status);
  const label = known ?? (typeof statusText === 'string' && statusText.trim() ? statusText.trim() : '—');
  return <Chip tone={known === 'In Process' ? 'sky' : known === 'Completed' ? 'green' : 'grey'}>{label}</Chip>;
}
