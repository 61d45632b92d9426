import type { CurrencyFigures, FigureChange } from '@growth/kit';
import { direction, formatMoney, groupDigits, signed } from './money';
import styles from './Overview.module.css';

interface Figure {
  label: string;
  value: string;
  change: FigureChange<string | number>;
  /** How the change reads: money in the currency, or a count. */
  money: boolean;
  /** A rise is bad news (refunds, upstream cost): the change is marked as such. */
  riseIsBad?: boolean;
  note?: string;
}

function figuresOf(c: CurrencyFigures): Figure[] {
  const money = (value: string) => formatMoney(c.currency, value, c.exponent);
  const costNote = c.upstreamCostOrders.value < c.orders.value ? `known for ${c.upstreamCostOrders.value} of ${c.orders.value} orders` : undefined;
  return [
    { label: 'Revenue', value: money(c.revenue.value), change: c.revenue, money: true },
    { label: 'Paid orders', value: groupDigits(String(c.orders.value)), change: c.orders, money: false },
    { label: 'Average order value', value: money(c.averageOrderValue.value), change: c.averageOrderValue, money: true },
    {
      label: 'Refunds',
      value: money(c.refunds.value),
      change: c.refunds,
      money: true,
      riseIsBad: true,
      note: `${c.refundCount.value} refund${c.refundCount.value === 1 ? '' : 's'}`,
    },
    { label: 'Upstream cost', value: money(c.upstreamCost.value), change: c.upstreamCost, money: true, riseIsBad: true, note: costNote },
    { label: 'Margin', value: money(c.margin.value), change: c.margin, money: true },
  ];
}

function ChangeLine({ figure, currency }: { figure: Figure; currency: string }) {
  const { change, changePercent, previous } = figure.change;
  const way = direction(change);
  const amount = figure.money ? `${currency} ${signed(change)}` : signed(change);
  const previousText = figure.money ? `${currency} ${groupDigits(String(previous))}` : groupDigits(String(previous));
  const tone = way === 'flat' ? styles.flat : (way === 'up') !== Boolean(figure.riseIsBad) ? styles.good : styles.bad;
  const arrow = way === 'up' ? '▲' : way === 'down' ? '▼' : '';
  return (
    <p className={`${styles.change} ${tone}`}>
      {arrow && <span aria-hidden="true">{arrow} </span>}
      {changePercent !== null ? (
        <>
          <span className="kit-visually-hidden">{way === 'up' ? 'Up' : way === 'down' ? 'Down' : 'No change,'} </span>
          {changePercent.replace(/^-/, '')}% ({amount})
        </>
      ) : way === 'flat' ? (
        'No change'
      ) : (
        amount
      )}
      <span className={styles.previous}> · before: {previousText}</span>
    </p>
  );
}

/** The six figures of one currency, each with its change against the period before. */
export function FigureCards({ figures, showCurrency }: { figures: CurrencyFigures; showCurrency: boolean }) {
  const headingId = `figures-${figures.currency}`;
  return (
    <section className={styles.currency} aria-labelledby={headingId}>
      <h2 id={headingId} className={showCurrency ? styles.sectionTitle : 'kit-visually-hidden'}>
        {showCurrency ? `In ${figures.currency}` : `Figures in ${figures.currency}`}
      </h2>
      <ul className={styles.cards}>
        {figuresOf(figures).map((figure) => (
          <li key={figure.label} className={styles.figure}>
            <p className={styles.figureLabel}>{figure.label}</p>
            <p className={styles.figureValue}>{figure.value}</p>
            {figure.note && <p className={styles.figureNote}>{figure.note}</p>}
            <ChangeLine figure={figure} currency={figures.currency} />
          </li>
        ))}
      </ul>
      {(figures.upstreamCostElsewhere ?? []).length > 0 && (
        <p className={styles.figureNote}>
          Upstream charges in other currencies (not in the margin):{' '}
          {(figures.upstreamCostElsewhere ?? [])
            .map((cost) => `${formatMoney(cost.currency, cost.amount)} for ${cost.orders} order${cost.orders === 1 ? '' : 's'}`)
            .join('; ')}
        </p>
      )}
    </section>
  );
}
