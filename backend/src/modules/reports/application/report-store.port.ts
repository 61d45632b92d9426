import type { BucketRow, Dim } from '../domain/overview';
import type { Span } from '../domain/utc-cover';

/** What the attention counters hold (migration 1764800000000-reports). */
export interface AttentionCounts {
  needsReview: number;
  refundRequestsOpen: number;
  inProcess: number;
  /** Of those In Process, the ones created in quarter hours starting at or after `since`. */
  inProcessSince: number;
}

/** The reporting read model: the rollup tables the triggers keep, and nothing else. */
export abstract class ReportStore {
  /** Moves the shards of buckets that ended before `olderThan` into one row each (report_fold); how many rows moved. */
  abstract fold(olderThan: Date): Promise<number>;

  /** The sums of these buckets (all shards added), per dimension value and currency; buckets without sales are left out. */
  abstract bucketRows(reads: Array<{ span: Span; start: number; dim: Dim }>): Promise<BucketRow[]>;

  abstract attentionCounts(since: Date): Promise<AttentionCounts>;
}
