import { Chip, type ChipTone } from '@growth/kit/ui';

const TONES: Record<string, ChipTone | undefined> = {
  Active: 'green',
  Inactive: 'grey',
  Pending: 'amber',
};

/** A plan's status: Active green, Inactive grey, Pending amber; anything else as sent. */
export function PlanStatusChip({ status }: { status: unknown }) {
  const label = typeof status === 'string' && status.trim() ? status.trim() : '—';
  return <Chip tone={TONES[label] ?? 'grey'}>{label}</Chip>;
}
