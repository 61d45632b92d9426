import { Component, Suspense, lazy, useRef, useState, type ReactNode } from 'react';
import { Spinner, type OverviewAnswer } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { AttentionList } from '../overview/AttentionList';
import { BreakdownTable } from '../overview/BreakdownTable';
import { ChartTable } from '../overview/ChartTable';
import { ExportPanel } from '../overview/ExportPanel';
import { FigureCards } from '../overview/FigureCards';
import { PeriodPicker } from '../overview/PeriodPicker';
import { formatMoney } from '../overview/money';
import { bucketLabel, periodLabel } from '../overview/period';
import { useNearViewport } from '../overview/useNearViewport';
import { useOverview } from '../overview/useOverview';
import { ErrorBanner } from '../ui';
import formStyles from '@growth/kit/form.module.css';
import styles from '../overview/Overview.module.css';

// The chart library comes in a chunk of its own, asked for only when the Overview draws a chart, and
// only once the chart's place comes near the screen (below the figures on a phone: a first visit of
// the Overview does not download it until the owner scrolls there).
const OverviewChart = lazy(() => import('../overview/OverviewChart'));

/** A chart that cannot load (an old chunk after a deploy, a network error) leaves the table. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="kit-visually-hidden">The chart could not be drawn; the table below has its numbers.</p> : this.props.children;
  }
}

const GRANULARITY_WORD = { hour: 'hour', day: 'day', month: 'month' } as const;

function ChartPanel({ answer }: { answer: OverviewAnswer }) {
  const currencies = answer.currencies.map((c) => c.currency);
  // One currency at a time: amounts of two currencies never share an axis (never summed).
  const [chosen, setChosen] = useState<string | null>(null);
  const [point, setPoint] = useState<number | null>(null);
  const biggest = [...answer.currencies].sort((a, b) => b.orders.value - a.orders.value)[0]?.currency ?? 'USD';
  const currency = chosen && currencies.includes(chosen) ? chosen : biggest;
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  const granularity = answer.period.granularity;
  const figures = answer.currencies.find((c) => c.currency === currency);
  const caption = `Revenue and paid orders per ${GRANULARITY_WORD[granularity]}, ${periodLabel(answer.period.from, answer.period.to)}`;
  const unit = GRANULARITY_WORD[granularity];
  const pointedAt = point === null ? undefined : answer.series[point];
  const pointText = pointedAt
    ? `${bucketLabel(pointedAt.bucket, granularity)}: revenue ${formatMoney(currency, pointedAt.revenue[currency] ?? '0', figures ? figures.exponent : 0)}, ${pointedAt.orders} paid ${pointedAt.orders === 1 ? 'order' : 'orders'}`
    : `Point at a ${unit} to read its revenue and paid orders.`;
  const summary = figures
    ? `Chart: ${caption}. ${formatMoney(currency, figures.revenue.value, figures.exponent)} from ${figures.orders.value} paid orders in ${currency}.`
    : `Chart: ${caption}. No paid orders.`;

  return (
    <section className={styles.panel} aria-labelledby="overview-chart">
      <div className={styles.panelHead}>
        <h2 id="overview-chart" className={styles.sectionTitle}>
          Revenue and orders per {GRANULARITY_WORD[granularity]}
        </h2>
        {currencies.length > 1 && (
          <label className={styles.inlineField}>
            <span className={formStyles.label}>Currency</span>
            <select className={formStyles.input} value={currency} onChange={(event) => setChosen(event.target.value)}>
              {currencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div ref={slot} className={styles.chartSlot}>
        <ChartBoundary>
          {near ? (
            <Suspense
              fallback={
                <div className={styles.chart}>
                  <Spinner label="Drawing the chart…" />
                </div>
              }
            >
              <OverviewChart series={answer.series} currency={currency} granularity={granularity} summary={summary} onPoint={setPoint} />
            </Suspense>
          ) : (
            <div className={styles.chart} role="img" aria-label={summary} />
          )}
        </ChartBoundary>
      </div>
      <ul className={styles.legend} aria-label="Key to the chart">
        <li>
          <span className={styles.swatchBar} aria-hidden="true" />
          Bars: revenue in {currency} (scale on the left)
        </li>
        <li>
          <span className={styles.swatchLine} aria-hidden="true" />
          Line: number of paid orders (scale on the right)
        </li>
        <li aria-hidden="true" className={styles.pointed}>
          {pointText}
        </li>
      </ul>
      <details className={styles.tableDetails}>
        <summary>Show the numbers as a table</summary>
        <ChartTable series={answer.series} currencies={currencies} granularity={granularity} caption={caption} />
      </details>
    </section>
  );
}

/**
 * /admin/overview, the admin's landing page (docs/reports.md): for a chosen period the figures per
 * currency against the period before, a chart of revenue and orders, the breakdown per platform
 * and tier, what needs a person now, and the CSV exports of the period.
 */
export default function Overview() {
  const { state, period, tz, choose, retry } = useOverview();
  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  const periodText = periodLabel(period.from, period.to);

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Failed to load the overview" error={state.error} onRetry={retry} />;
  } else if (!answer) {
    body = <Spinner label="Loading the overview…" />;
  } else {
    const previous = periodLabel(answer.previousPeriod.from, answer.previousPeriod.to);
    body = (
      <>
        <p className={styles.muted}>
          {periodLabel(answer.period.from, answer.period.to)} ({answer.period.tz}), compared with {previous}.
        </p>
        <AttentionList attention={answer.attention} />
        {answer.currencies.length === 0 ? (
          <p className={styles.empty}>No sales in this period or the one before.</p>
        ) : (
          answer.currencies.map((figures) => <FigureCards key={figures.currency} figures={figures} showCurrency={answer.currencies.length > 1} />)
        )}
        <ChartPanel answer={answer} />
        <div className={styles.columns}>
          <BreakdownTable title="Per platform" column="Platform" rows={answer.breakdown.platforms} />
          <BreakdownTable title="Per tier" column="Tier" rows={answer.breakdown.tiers} />
        </div>
      </>
    );
  }

  return (
    <AdminLayout title="Overview">
      <div className={styles.stack} aria-busy={state.status === 'loading'}>
        <PeriodPicker period={period} disabled={state.status === 'loading'} onChoose={choose} />
        {state.status === 'loading' && answer && <Spinner label="Updating…" />}
        {body}
        {/* Under the figures once they are there (or failed): drawn earlier, it would be pushed down the page when they arrive. */}
        {(answer || state.status === 'failed') && <ExportPanel from={period.from} to={period.to} tz={tz} periodText={periodText} />}
      </div>
    </AdminLayout>
  );
}
