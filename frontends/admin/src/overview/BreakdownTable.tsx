import { PLATFORMS, type BreakdownRow } from '@growth/kit';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useNarrowScreen } from '../layout/useNarrowScreen';
import { groupDigits } from './money';
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

/** Under this width the seven columns do not fit: each platform (or tier) is a short list instead. */
const LIST_QUERY = '(max-width: 559.98px)';
/**
 * The panel's own width under which the table would need scrolling (seven columns of six-figure
 * amounts, "Upstream cost" on two lines, measured at about 640 px): a tablet's drawer layout, or a
 * narrow desktop window beside the sidebar, gets the list too, so no cell is ever cut at its edge.
 */
const TABLE_MIN_PX = 680;

/** The element's width in CSS pixels, followed on resizes; null before the first measure (and in jsdom). */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Orders, revenue, refunds, upstream cost and margin per platform (or tier), one line per
 * currency; on a phone, one block per platform and currency.
 */
export function BreakdownTable({ title, column, rows }: Props) {
  const headingId = `breakdown-${column}`;
  const narrowScreen = useNarrowScreen(LIST_QUERY);
  const [box, width] = useWidth<HTMLElement>();
  const phone = narrowScreen || (width !== null && width < TABLE_MIN_PX);
  return (
    <section ref={box} className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>No paid orders in this period.</p>
      ) : phone ? (
        <ul className={styles.breakdownList}>
          {rows.flatMap((row) =>
            row.byCurrency.map((money) => (
              <li key={`${nameOf(row)}-${money.currency}`}>
                <p className={styles.breakdownName}>
                  {nameOf(row)} <span className={styles.muted}>· {money.currency}</span>
                </p>
                <dl className={styles.breakdownFields}>
                  <div>
                    <dt>Orders</dt>
                    <dd>{groupDigits(String(money.orders))}</dd>
                  </div>
                  <div>
                    <dt>Revenue</dt>
                    <dd>{groupDigits(money.revenue)}</dd>
                  </div>
                  <div>
                    <dt>Refunds</dt>
                    <dd>{groupDigits(money.refunds)}</dd>
                  </div>
                  <div>
                    <dt>Upstream cost</dt>
                    <dd>{groupDigits(money.upstreamCost)}</dd>
                  </div>
                  <div>
                    <dt>Margin</dt>
                    <dd>{groupDigits(money.margin)}</dd>
                  </div>
                </dl>
              </li>
            )),
          )}
        </ul>
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
