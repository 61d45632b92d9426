import { PLATFORMS } from '@growth/kit';
import { groupDigits } from './money';
import type { BreakdownRow } from './overviewTypes';
import styles from './Overview.module.css';

interface Props {
  title: string;
  /** 'Platform' or 'Tier'. */
  column: string;
  rows: BreakdownRow[];
}

function nameOf(row: BreakdownRow): string {
  if (row.tier !== undefined) return row.tier || '—';
  const slug = row.platform ?? '';
  const known = PLATFORMS.find((platform) => platform.slug === slug);
  return known?.name ?? (slug || '—');
}

/** Orders, revenue, refunds, upstream cost and margin per platform (or tier), one line per currency. */
export function BreakdownTable({ title, column, rows }: Props) {
  const headingId = `breakdown-${column}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>No paid orders in this period.</p>
      ) : (
        <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={`${title}, table`}>
          <table className={styles.table} aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{column}</th>
                <th scope="col">Currency</th>
                <th scope="col" className={styles.number}>
                  Orders
                </th>
                <th scope="col" className={styles.number}>
                  Revenue
                </th>
                <th scope="col" className={styles.number}>
                  Refunds
                </th>
                <th scope="col" className={styles.number}>
                  Upstream cost
                </th>
                <th scope="col" className={styles.number}>
                  Margin
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.flatMap((row) =>
                row.byCurrency.map((money, index) => (
                  <tr key={`${nameOf(row)}-${money.currency}`}>
                    {index === 0 ? (
                      <th scope="rowgroup" rowSpan={row.byCurrency.length}>
                        {nameOf(row)}
                      </th>
                    ) : null}
                    <td>{money.currency}</td>
                    <td className={styles.number}>{groupDigits(String(money.orders))}</td>
                    <td className={styles.number}>{groupDigits(money.revenue)}</td>
                    <td className={styles.number}>{groupDigits(money.refunds)}</td>
                    <td className={styles.number}>{groupDigits(money.upstreamCost)}</td>
                    <td className={styles.number}>{groupDigits(money.margin)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
