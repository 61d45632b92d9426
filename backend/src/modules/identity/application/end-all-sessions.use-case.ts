import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { AppError } from '../../../platform/errors/app-error';
import { UserRepository } from './user.repository.port';

/** "Log out everywhere": every session token of the caller's account ends, this one included. */
@Injectable()
export class EndAllSessionsUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(caller: Principal): Promise<void> {
    if (caller.role !== 'customer') throw new AppError('forbidden', 'You do not have permission to do this.', 'forbidden');
    if (!(await this.users.endAllSessions(caller.id))) throw new AppError('not_found', 'User not found', 'user_not_found');
  }
}
