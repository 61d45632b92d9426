import { Link } from 'wouter';
import type { OverviewAnswer } from './overviewTypes';
import { groupDigits } from './money';
import styles from './Overview.module.css';

interface Item {
  key: string;
  count: number | null;
  text: string;
  link: string;
  urgent: boolean;
}

/** The words after the count ('order needs' / 'orders need'): the count is shown beside them, large. */
function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

function itemsOf(attention: OverviewAnswer['attention']): Item[] {
  const items: Item[] = [];
  const { needsReview, refundRequests, overdue, unsynced, lowBalance } = attention;
  if (needsReview)
    items.push({
      key: 'review',
      count: needsReview.count,
      text: `${plural(needsReview.count, 'order needs', 'orders need')} review`,
      link: needsReview.link,
      urgent: needsReview.count > 0,
    });
  if (refundRequests)
    items.push({
      key: 'refunds',
      count: refundRequests.count,
      text: `${plural(refundRequests.count, 'refund request is', 'refund requests are')} open`,
      link: refundRequests.link,
      urgent: refundRequests.count > 0,
    });
  if (overdue)
    items.push({
      key: 'overdue',
      count: overdue.count,
      text: `${plural(overdue.count, 'order has', 'orders have')} waited longer than ${overdue.hours ?? 48} hours`,
      link: overdue.link,
      urgent: overdue.count > 0,
    });
  if (unsynced)
    items.push({
      key: 'unsynced',
      count: unsynced.count,
      text: `${plural(unsynced.count, 'order is', 'orders are')} not synced with the provider`,
      link: unsynced.link,
      urgent: unsynced.count > 0,
    });
  if (lowBalance) {
    const balance = lowBalance.balance ? `${lowBalance.currency ?? ''} ${groupDigits(lowBalance.balance)}`.trim() : '';
    const text =
      lowBalance.status === 'low'
        ? `Provider balance is low: ${balance} (warning below ${lowBalance.threshold ?? '—'})`
        : lowBalance.status === 'ok'
          ? `Provider balance: ${balance}`
          : lowBalance.status === 'manual'
            ? 'Orders are placed by hand (no provider panel)'
            : `Provider balance unknown${lowBalance.message ? `: ${lowBalance.message}` : ''}`;
    items.push({ key: 'balance', count: null, text, link: lowBalance.link, urgent: lowBalance.status === 'low' || lowBalance.status === 'unknown' });
  }
  return items;
}

/** What needs a person now (docs/reports.md, "What needs a person now"), each a link to the filtered list. */
export function AttentionList({ attention }: { attention: OverviewAnswer['attention'] }) {
  const items = itemsOf(attention);
  const waiting = items.filter((item) => item.urgent).length;
  return (
    <section className={styles.panel} aria-labelledby="overview-attention">
      <h2 id="overview-attention" className={styles.sectionTitle}>
        Needs you now
      </h2>
      {waiting === 0 && <p className={styles.muted}>Nothing is waiting for you.</p>}
      <ul className={styles.attention}>
        {items.map((item) => (
          <li key={item.key} className={item.urgent ? styles.urgent : undefined}>
            <Link href={item.link} className={styles.attentionLink}>
              {item.count !== null && <span className={styles.attentionCount}>{groupDigits(String(item.count))}</span>}
              {item.count !== null && ' '}
              <span>{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
