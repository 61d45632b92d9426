import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner, adminApi, type ProviderAnswer, type SyncReport, type TasksAnswer } from '@growth/kit';
import { useAdminGet, useAdminPost } from '../data/useAdminPost';
import { DEFAULT_TASK_QUERY, taskRequestBody } from '../tasks/taskQuery';
import { Banner, ErrorBanner, serverMessage, uiStyles } from '../ui';
import { counted, moneyText } from './fulfilmentTypes';
import styles from './Fulfilment.module.css';
import refillStyles from './Refill.module.css';

const NO_QUERY = {};
/** The first page of the orders that need review: only its total is used. */
const REVIEW_QUERY = taskRequestBody({ ...DEFAULT_TASK_QUERY, fulfilment: 'needs_review' });
export const REVIEW_HREF = '/admin/tasks?fulfilment=needs_review';

/** 'Checked 250 orders in 3 requests; 12 finished.', then ' Followed 4 refills; 1 settled.' when the pass asked about refills. */
export function reportText(report: SyncReport): string {
  const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const orders = `Checked ${counted(n(report.orders), 'order')} in ${counted(n(report.requests), 'request')}; ${n(report.finished)} finished.`;
  const refills = report.refills && typeof report.refills === 'object' ? n(report.refills.refills) : 0;
  return refills > 0 ? `${orders} Followed ${counted(refills, 'refill')}; ${n(report.refills?.settled)} settled.` : orders;
}

/**
 * How many orders wait for staff in "needs review" (POST /admin/tasks with the tasks' own filter),
 * with a link to them: nothing tells staff otherwise that an order is stuck.
 */
function ReviewCount() {
  const { state, retry } = useAdminPost<TasksAnswer>('/admin/tasks', REVIEW_QUERY);
  if (state.status === 'loading') return <p className={styles.muted}>Counting the orders that need review…</p>;
  if (state.status === 'failed') {
    const why = serverMessage(state.error);
    return (
      <p className={styles.muted}>
        {why ? `Could not count the orders that need review: ${why}` : 'Could not count the orders that need review.'}{' '}
        <button type="button" className={styles.linkButton} onClick={retry}>
          Try again
        </button>
      </p>
    );
  }
  const total = Number(state.data.paging?.total ?? (Array.isArray(state.data.data) ? state.data.data.length : 0));
  if (!Number.isFinite(total) || total <= 0) return <p className={styles.muted}>No order needs review.</p>;
  return (
    <p className={styles.review}>
      <Link href={REVIEW_HREF}>{total === 1 ? '1 order needs review' : `${total} orders need review`}</Link>
    </p>
  );
}

/** Said once on the card when the panel answered that it has no refill action (docs/refill.md). */
export const NO_REFILL_TEXT = 'This provider panel does not refill orders: refill requests to it are refused.';

/**
 * The dashboard's provider card (docs/fulfilment.md): with the manual provider, that automatic fulfilment
 * is off; with an API v2 panel, its balance (a warning under the threshold), that it does not refill
 * when it said so (docs/refill.md), how many orders need review (a link to them) and "Check orders
 * now", which runs a status sync at once (POST /admin/fulfilment/sync) and shows what it did.
 */
export function ProviderCard() {
  const id = useId();
  const { state, retry } = useAdminGet<ProviderAnswer>('/admin/fulfilment/provider', NO_QUERY);
  const [checking, setChecking] = useState(false);
  const [report, setReport] = useState<string>('');
  const [checkError, setCheckError] = useState<unknown>(null);
  const [checks, setChecks] = useState(0);

  const check = async () => {
    setChecking(true);
    setCheckError(null);
    setReport('');
    try {
      setReport(reportText(await adminApi.post<SyncReport>('/admin/fulfilment/sync', {})));
    } catch (error) {
      setCheckError(error);
    } finally {
      setChecking(false);
      setChecks((n) => n + 1);
    }
  };

  const answer = state.status === 'loaded' ? state.data : null;
  let body: ReactNode;
  if (state.status === 'failed') body = <ErrorBanner title="Failed to load the provider" error={state.error} onRetry={retry} />;
  else if (!answer) body = <Spinner label="Loading the provider…" />;
  else if (answer.provider === 'manual') body = <p className={styles.text}>Automatic fulfilment is off: orders are completed by hand.</p>;
  else if (answer.provider !== 'api-v2')
    body = <p className={styles.text}>The server named an unknown provider: {String((answer as { provider?: unknown }).provider)}.</p>;
  else
    body = (
      <>
        <p className={styles.text}>
          Provider balance: <strong>{moneyText(answer.balance, answer.currency)}</strong>
        </p>
        {answer.low && <Banner tone="failure" text={`Provider balance is below ${answer.threshold} ${answer.currency}: top it up so new orders can be placed.`} />}
        {answer.refill === 'unsupported' && (
          <p className={refillStyles.noRefill}>
            {typeof answer.refillMessage === 'string' && answer.refillMessage.trim() ? answer.refillMessage.trim() : NO_REFILL_TEXT}
          </p>
        )}
        {/* Counted again after each check (a check can take an order for review). */}
        <ReviewCount key={checks} />
        {checkError !== null && <ErrorBanner title="Check failed" error={checkError} />}
        <p className={styles.report} role="status">
          {report}
        </p>
      </>
    );

  return (
    <section className={`${uiStyles.panel} ${styles.provider}`} aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading' || checking}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          Provider
        </h2>
        {answer?.provider === 'api-v2' && (
          <button type="button" className="button button--ghost" disabled={checking} aria-busy={checking} onClick={() => void check()}>
            Check orders now
          </button>
        )}
      </div>
      {body}
    </section>
  );
}
