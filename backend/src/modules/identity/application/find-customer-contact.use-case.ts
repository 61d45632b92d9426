import { Injectable } from '@nestjs/common';
import { UserRepository } from './user.repository.port';

export interface CustomerContact {
  userId: string;
  name: string;
  email: string;
}

/**
 * Identity's facade for other modules (billing): who a customer is and where to mail them, or null
 * for an unknown id. Nothing else of the account leaves the module.
 */
@Injectable()
export class FindCustomerContactUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(userId: string): Promise<CustomerContact | null> {
    const user = await this.users.findById(userId);
    return user ? { userId: user.userId, name: user.name, email: user.email } : null;
  }
}
