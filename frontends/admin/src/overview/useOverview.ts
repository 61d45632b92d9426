import type { OverviewAnswer } from '@growth/kit';
import { useCallback, useMemo, useState } from 'react';
import { oneOf, useAddressQuery } from '../address/useAddressQuery';
import { useAdminPost, type Loadable } from '../data/useAdminPost';
import { PERIOD_CHOICES, browserTimeZone, periodOf, type Period, type PeriodId } from './period';

export interface OverviewPage {
  state: Loadable<OverviewAnswer & { success?: boolean }>;
  period: Period;
  tz: string;
  /** Another choice; a custom period takes its dates. */
  choose(id: PeriodId, dates?: { from: string; to: string }): void;
  retry(): void;
}

const IDS = PERIOD_CHOICES.map((choice) => choice.id);

/**
 * The Overview of the period in the address (`?period=30d`, `?period=custom&from=…&to=…`; today
 * when absent), in the browser's time zone: POST /admin/overview { from, to, granularity, tz }.
 */
export function useOverview(): OverviewPage {
  const { params, update } = useAddressQuery();
  // The day the page was opened: a page left open past midnight keeps its period until reloaded.
  const [today] = useState(() => new Date());
  const tz = useMemo(browserTimeZone, []);
  const id = oneOf<PeriodId>(params.get('period'), IDS, 'today');
  const from = params.get('from');
  const to = params.get('to');
  const period = useMemo(() => periodOf(id, today, { from, to }), [id, today, from, to]);
  const body = useMemo(() => ({ from: period.from, to: period.to, tz, ...(period.granularity ? { granularity: period.granularity } : {}) }), [period, tz]);
  const { state, retry } = useAdminPost<OverviewAnswer>('/admin/overview', body);

  const choose = useCallback(
    (next: PeriodId, dates?: { from: string; to: string }) =>
      update({ period: next === 'today' ? null : next, from: next === 'custom' ? dates?.from : null, to: next === 'custom' ? dates?.to : null }),
    [update],
  );

  return { state, period, tz, choose, retry };
}
