import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import type { AdminTaskPage, AdminTaskQuery } from '../domain/admin-task-list';
import { SubscriptionRepository } from './subscription.repository.port';

/** POST /admin/tasks: one page of every customer's subscriptions, for staff. */
@Injectable()
export class ListAdminTasksUseCase {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(caller: Principal, query: AdminTaskQuery): Promise<AdminTaskPage> {
    ensureAdmin(caller);
    return this.subscriptions.pageForAdmin(query);
  }
}

/** The task list and status changes are staff work (docs/product.md#roles); the route's guard says so first. */
export function ensureAdmin(caller: Principal): void {
  if (caller.role !== 'admin') throw new AppError('forbidden', 'You do not have permission to do this.', 'forbidden');
}
