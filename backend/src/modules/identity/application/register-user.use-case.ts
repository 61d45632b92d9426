import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { isVerifiedForRegistration, OTP_MAX_WRONG_TRIES } from '../domain/email-verification';
import { emailRegistered } from '../domain/identity.errors';
import { assertKnownCountries } from './known-countries';
import { type Gender, normaliseEmail } from '../domain/user';
import { CountryRepository } from './country.repository.port';
import { EmailVerificationRepository } from './email-verification.repository.port';
import { OtpCodes } from './otp-codes';
import { UserRepository } from './user.repository.port';
import { withoutBidiControls } from '../../../kernel/bidi-controls';

export interface Registration {
  email: string;
  password: string;
  name: string;
  phone: string;
  /**
   * The code entered in step 2; it must be the verified one. Without it, anyone could register an
   * address in the 30 minutes after its owner verified it.
   */
  otp: string;
  countryId?: string | null;
  callingId?: string | null;
  address?: string | null;
  gender?: Gender | null;
}

/**
 * Every refusal of the code is this one answer: whether the address was never verified, verified too
 * long ago, its code burned or the code wrong, a guesser learns nothing from it.
 */
const NOT_VERIFIED = () => new AppError('forbidden', 'This code does not match a verified address. Please verify your email again.', 'email_not_verified');

/**
 * Register step 3: create the account of an address verified in the last 30 minutes, given its code.
 * Each entry of the code counts against the same tries as verify-otp (a right one gives its try
 * back), so the code cannot be guessed here either; the account records that its address was proven.
 */
@Injectable()
export class RegisterUserUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly verifications: EmailVerificationRepository,
    private readonly countries: CountryRepository,
    private readonly codes: OtpCodes,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(registration: Registration): Promise<{ userId: string }> {
    const email = normaliseEmail(registration.email);
    const verification = await this.verifications.findByEmail(email);
    const now = this.clock.now();
    if (!isVerifiedForRegistration(verification, now)) throw NOT_VERIFIED();
    const { codeHash } = verification!;
    // Claimed before the comparison, as at verify-otp: parallel guesses cannot exceed the budget.
    if ((await this.verifications.claimTry(email, codeHash, OTP_MAX_WRONG_TRIES)) === null) throw NOT_VERIFIED();
    if (!this.codes.matches(email, registration.otp, codeHash)) throw NOT_VERIFIED();
    await this.verifications.giveBackTry(email, codeHash);
    if (await this.users.findByEmail(email)) {
      throw emailRegistered();
    }
    await assertKnownCountries(this.countries, registration);
    const user = await this.users.create({
      email,
      name: withoutBidiControls(registration.name).trim(),
      phone: registration.phone.trim(),
      countryId: registration.countryId || null,
      callingId: registration.callingId || null,
      address: (registration.address && withoutBidiControls(registration.address).trim()) || null,
      gender: registration.gender ?? null,
      passwordHash: await this.hasher.hash(registration.password),
      googleId: null,
      // The code just proved the address, together with the password being set.
      emailVerifiedAt: now,
    });
    // A verification proves the address once.
    await this.verifications.remove(email);
    return { userId: user.userId };
  }
}
