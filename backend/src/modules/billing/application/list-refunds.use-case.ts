import { Injectable } from '@nestjs/common';
import { RefundRepository, type RefundListRow, type RefundListState } from './refund.repository.port';

/** POST /admin/refunds/list: every refund and request, newest first (docs/refunds.md). */
@Injectable()
export class ListRefundsUseCase {
  constructor(private readonly refunds: RefundRepository) {}

  execute(query: { page: number; limit: number; state: RefundListState | null; q: string | null }): Promise<{ items: RefundListRow[]; total: number; hasNext: boolean }> {
    return this.refunds.page(query);
  }
}
