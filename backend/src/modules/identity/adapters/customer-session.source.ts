import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SessionVersions } from '../../../platform/auth/session-versions';
import { UserRepository } from '../application/user.repository.port';

/** Tells the platform's guard whether a customer token's account still exists, and its token version. */
@Injectable()
export class CustomerSessionSource implements OnModuleInit {
  constructor(
    private readonly versions: SessionVersions,
    private readonly users: UserRepository,
  ) {}

  onModuleInit(): void {
    this.versions.register('customer', (userId) => this.users.tokenVersionOf(userId));
  }
}
