import { Injectable } from '@nestjs/common';
import { ensureRole } from '../../../platform/auth/auth.errors';
import type { Principal } from '../../../platform/auth/principal';
import { userNotFound } from '../domain/identity.errors';
import { UserRepository } from './user.repository.port';

/** "Log out everywhere": every session token of the caller's account ends, this one included. */
@Injectable()
export class EndAllSessionsUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(caller: Principal): Promise<void> {
    ensureRole(caller, 'customer');
    if (!(await this.users.endAllSessions(caller.id))) throw userNotFound();
  }
}
