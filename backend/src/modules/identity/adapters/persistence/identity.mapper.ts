import type { Country } from '../../domain/country';
import type { EmailVerification } from '../../domain/email-verification';
import type { Gender, User } from '../../domain/user';
import type { CountryOrmEntity } from './country.orm-entity';
import type { EmailVerificationOrmEntity } from './email-verification.orm-entity';
import type { UserOrmEntity } from './user.orm-entity';

export function toUser(row: UserOrmEntity): User {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    phone: row.phone,
    countryId: row.countryId,
    callingId: row.callingId,
    address: row.address,
    gender: row.gender === null ? null : (row.gender as Gender),
    passwordHash: row.passwordHash,
    googleId: row.googleId,
    emailVerifiedAt: row.emailVerifiedAt,
    tokenVersion: row.tokenVersion,
    createdAt: row.createdAt,
  };
}

export function toEmailVerification(row: EmailVerificationOrmEntity): EmailVerification {
  return {
    email: row.email,
    codeHash: row.codeHash,
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
    wrongTries: row.tries,
    verifiedAt: row.verifiedAt,
  };
}

export function toCountry(row: CountryOrmEntity): Country {
  return { countryId: row.countryId, code: row.code, name: row.name, callingCode: row.callingCode, flag: row.flag };
}
