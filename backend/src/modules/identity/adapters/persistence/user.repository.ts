import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { entitySql } from '../../../../platform/database/entity-sql';
import { UnitOfWork } from '../../../../platform/database/unit-of-work';
import { type ProfileUpdate, UserRepository } from '../../application/user.repository.port';
import { emailRegistered } from '../../domain/identity.errors';
import type { NewUser, User } from '../../domain/user';
import { toUser } from './identity.mapper';
import { UserOrmEntity } from './user.orm-entity';
import { isUuid } from '../../../../kernel/uuid';

/**
 * TypeORM implementation of the user repository; every query runs in the caller's UnitOfWork
 * transaction when there is one (an admin's profile edit commits with its audit entry).
 */
@Injectable()
export class TypeOrmUserRepository extends UserRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  private get users() {
    return this.uow.repository(UserOrmEntity);
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.users.findOneBy({ email });
    return row ? toUser(row) : null;
  }

  /** Asked on every signed-in request: plain SQL (platform/database/entity-sql.ts). */
  async findById(userId: string): Promise<User | null> {
    if (!isUuid(userId)) return null;
    const manager = this.uow.manager();
    const [row] = await entitySql(manager, UserOrmEntity).select(manager, 'WHERE "user_id" = $1', [userId]);
    return row ? toUser(row) : null;
  }

  async findByGoogleId(googleId: string): Promise<User | null> {
    const row = await this.users.findOneBy({ googleId });
    return row ? toUser(row) : null;
  }

  async create(user: NewUser): Promise<User> {
    try {
      const result = await this.users.insert({ ...user });
      const created = await this.users.findOneByOrFail({ userId: result.identifiers[0].userId as string });
      return toUser(created);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505') {
        throw emailRegistered();
      }
      throw error;
    }
  }

  async updateProfile(userId: string, changes: ProfileUpdate): Promise<User | null> {
    if (!isUuid(userId)) return null;
    const { passwordHash, ...rest } = changes;
    const result = await this.users.update({ userId }, passwordHash === undefined ? rest : { ...rest, passwordHash, tokenVersion: () => 'token_version + 1' });
    if (!result.affected) return null;
    return this.findById(userId);
  }

  async resetPassword(userId: string, passwordHash: string, at: Date): Promise<User | null> {
    if (!isUuid(userId)) return null;
    const result = await this.users
      .createQueryBuilder()
      .update(UserOrmEntity)
      .set({ passwordHash, tokenVersion: () => 'token_version + 1', emailVerifiedAt: () => 'COALESCE(email_verified_at, :at)' })
      .where('user_id = :userId', { userId, at })
      .execute();
    return result.affected ? this.findById(userId) : null;
  }

  async endAllSessions(userId: string): Promise<User | null> {
    if (!isUuid(userId)) return null;
    const result = await this.users.update({ userId }, { tokenVersion: () => 'token_version + 1' });
    return result.affected ? this.findById(userId) : null;
  }

  async tokenVersionOf(userId: string): Promise<number | null> {
    if (!isUuid(userId)) return null;
    // Asked on every signed-in request: plain SQL, as findById.
    const [row] = (await this.uow.manager().query('SELECT "token_version" FROM "users" WHERE "user_id" = $1', [userId])) as Array<{ token_version: number }>;
    return row ? Number(row.token_version) : null;
  }

  async recordGoogleProof(userId: string, googleId: string, at: Date): Promise<User | null> {
    if (!isUuid(userId)) return null;
    // One UPDATE: every right-hand side reads the row as it was before it.
    const result = await this.users
      .createQueryBuilder()
      .update(UserOrmEntity)
      .set({
        googleId,
        passwordHash: () => 'CASE WHEN email_verified_at IS NULL THEN NULL ELSE password_hash END',
        tokenVersion: () => 'CASE WHEN email_verified_at IS NULL AND password_hash IS NOT NULL THEN token_version + 1 ELSE token_version END',
        emailVerifiedAt: () => 'COALESCE(email_verified_at, :at)',
      })
      .where('user_id = :userId AND (google_id IS NULL OR google_id = :googleId)', { userId, googleId, at })
      .execute();
    return result.affected ? this.findById(userId) : null;
  }
}
