import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../../platform/audit/audit-log.port';
import type { Principal } from '../../../platform/auth/principal';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { AppError } from '../../../platform/errors/app-error';
import { oldPasswordIncorrect } from '../../../platform/auth/auth.errors';
import { SessionTokens } from '../../../platform/auth/session-tokens';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { userNotFound } from '../domain/identity.errors';
import { assertKnownCountries } from './known-countries';
import type { Gender } from '../domain/user';
import { CountryRepository } from './country.repository.port';
import { loadOwnUser, withCountry } from './own-user';
import type { Profile } from './profile';
import { withoutBidiControls } from '../../../kernel/bidi-controls';
import { UserRepository } from './user.repository.port';

export interface ProfileChanges {
  userId: string;
  name: string;
  phone: string;
  oldPassword?: string;
  newPassword?: string;
  /** Left out (undefined): the stored value stays. There is no way to clear one here. */
  countryId?: string;
  callingId?: string;
  gender?: Gender;
}

/**
 * Edit Profile: name and phone; country, calling code and gender when given (sign-up leaves them
 * optional, the profile asks later); and a new password when the old one is given correctly. A new
 * password ends every session of the account (its token version rises), so this one gets a fresh
 * token in the answer. An admin's edit of a customer is an admin write: it is recorded in the audit
 * log (user.update, name, phone and each detail given before and after, whether the password
 * changed, never a secret) in the same transaction.
 */
@Injectable()
export class UpdateProfileUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly countries: CountryRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SessionTokens,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
  ) {}

  async execute(caller: Principal, changes: ProfileChanges): Promise<{ profile: Profile; token: string | null }> {
    const user = await loadOwnUser(this.users, caller, changes.userId);
    let passwordHash: string | undefined;
    if (changes.newPassword) {
      if (!user.passwordHash) {
        throw new AppError('invalid', 'This account signs in with Google and has no password to change.', 'no_password');
      }
      if (!changes.oldPassword) throw new AppError('invalid', 'Old password is required to set a new password.', 'old_password_required');
      if (!(await this.hasher.verify(changes.oldPassword, user.passwordHash))) {
        throw oldPasswordIncorrect();
      }
      passwordHash = await this.hasher.hash(changes.newPassword);
    }
    await assertKnownCountries(this.countries, changes);
    const details: Pick<ProfileChanges, 'countryId' | 'callingId' | 'gender'> = {
      ...(changes.countryId ? { countryId: changes.countryId } : {}),
      ...(changes.callingId ? { callingId: changes.callingId } : {}),
      ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
    };
    const detailKeys = Object.keys(details) as (keyof typeof details)[];
    const before = { name: user.name, phone: user.phone, ...Object.fromEntries(detailKeys.map((key) => [key, user[key]])) };
    const updated = await this.uow.run(async () => {
      const saved = await this.users.updateProfile(user.userId, {
        name: withoutBidiControls(changes.name).trim(),
        phone: changes.phone.trim(),
        ...details,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (!saved) throw userNotFound();
      if (caller.role === 'admin') {
        await this.audit.record(caller, {
          action: 'user.update',
          entity: 'user',
          entityId: saved.userId,
          before,
          after: {
            name: saved.name,
            phone: saved.phone,
            ...Object.fromEntries(detailKeys.map((key) => [key, saved[key]])),
            ...(passwordHash ? { passwordChanged: true } : {}),
          },
        });
      }
      return saved;
    });
    const token = passwordHash && caller.role === 'customer' ? await this.tokens.sign({ id: updated.userId, role: 'customer' }, updated.tokenVersion) : null;
    return { profile: await withCountry(this.countries, updated), token };
  }
}
