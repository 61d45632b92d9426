/** Admin dates are shown in Indian English (docs/product.md#admin): e.g. "2 Sept 2025" and "2 Sept 2025, 3:04 pm". */
const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A date (ISO text, epoch ms or Date) in en-IN, or a dash when missing or unreadable. */
export function formatDate(value: string | number | Date | null | undefined, options: { withTime?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return (options.withTime ? DATE_TIME : DATE).format(date);
}
