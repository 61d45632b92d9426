import { Injectable } from '@nestjs/common';
import { pageCount } from '../../../kernel/paging';
import { type AdminPlanQuery, PlanRepository, type PlanSummary } from './plan.repository.port';

export interface PlanListPage {
  items: PlanSummary[];
  total: number;
  page: number;
  /** Number of pages, at least 1. */
  pages: number;
}

/** The admin's plan list: one page (10 by default), searched by name, slug or platform. */
@Injectable()
export class ListPlansUseCase {
  constructor(private readonly plans: PlanRepository) {}

  async execute(query: AdminPlanQuery): Promise<PlanListPage> {
    const { items, total } = await this.plans.pageForAdmin(query);
    return { items, total, page: query.page, pages: pageCount(total, query.perPage) };
  }
}
