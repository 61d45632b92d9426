import type { Granularity, SeriesPoint } from '@growth/kit';
import { bucketLabel } from './period';
import { groupDigits } from './money';
import styles from './Overview.module.css';

interface Props {
  series: SeriesPoint[];
  currencies: string[];
  granularity: Granularity;
  caption: string;
}

/** The chart's numbers as a table (its text alternative): per bucket the paid orders and the revenue per currency. */
export function ChartTable({ series, currencies, granularity, caption }: Props) {
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className="kit-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{granularity === 'hour' ? 'Hour' : granularity === 'month' ? 'Month' : 'Day'}</th>
            <th scope="col" className={styles.number}>
              Paid orders
            </th>
            {currencies.map((currency) => (
              <th key={currency} scope="col" className={styles.number}>
                Revenue ({currency})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.start}>
              <th scope="row">
                <time dateTime={point.start}>{bucketLabel(point.bucket, granularity)}</time>
              </th>
              <td className={styles.number}>{groupDigits(String(point.orders))}</td>
              {currencies.map((currency) => (
                <td key={currency} className={styles.number}>
                  {groupDigits(point.revenue[currency] ?? '0')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
