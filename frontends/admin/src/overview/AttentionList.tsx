import type { AttentionCount, OverviewAnswer } from '@growth/kit';
import { Link } from 'wouter';
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

/** A counted item, when the answer carries it: urgent while its count is above zero. */
function countedItem(key: string, counted: AttentionCount | undefined, text: (count: number) => string): Item[] {
  return counted ? [{ key, count: counted.count, text: text(counted.count), link: counted.link, urgent: counted.count > 0 }] : [];
}

function itemsOf(attention: OverviewAnswer['attention']): Item[] {
  const { needsReview, refundRequests, overdue, unsynced, lowBalance } = attention;
  const items: Item[] = [
    ...countedItem('review', needsReview, (count) => `${plural(count, 'order needs', 'orders need')} review`),
    ...countedItem('refunds', refundRequests, (count) => `${plural(count, 'refund request is', 'refund requests are')} open`),
    ...countedItem('overdue', overdue, (count) => `${plural(count, 'order has', 'orders have')} waited longer than ${overdue?.hours ?? 48} hours`),
    ...countedItem('unsynced', unsynced, (count) => `${plural(count, 'order is', 'orders are')} not synced with the provider`),
  ];
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
