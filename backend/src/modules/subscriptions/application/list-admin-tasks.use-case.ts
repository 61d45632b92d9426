import { Injectable } from '@nestjs/common';
import { ensureRole } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import type { AdminTaskPage, AdminTaskQuery } from '../domain/admin-task-list';
import { SubscriptionRepository } from './subscription.repository.port';

/** POST /admin/tasks: one page of every customer's subscriptions, for staff. */
@Injectable()
export class ListAdminTasksUseCase {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(caller: Principal, query: AdminTaskQuery): Promise<AdminTaskPage> {
    // The task list is staff work (docs/product.md#roles); the route's guard says so first.
    ensureRole(caller, 'admin');
    return this.subscriptions.pageForAdmin(query);
  }
}
