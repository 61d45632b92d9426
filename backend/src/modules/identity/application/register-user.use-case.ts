import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { PasswordHasher } from '../../../platform/security/password-hasher';
import { Clock } from '../../../platform/time/clock';
import { isVerifiedForRegistration } from '../domain/email-verification';
import { type Gender, normaliseEmail } from '../domain/user';
import { CountryRepository } from './country.repository.port';
import { EmailVerificationRepository } from './email-verification.repository.port';
import { OtpCodes } from './otp-codes';
import { UserRepository } from './user.repository.port';

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

/** Register step 3: create the account of an address verified in the last 30 minutes. */
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
    if (!isVerifiedForRegistration(verification, this.clock.now())) {
      throw new AppError('forbidden', 'Please verify your email address with the code we sent before registering.', 'email_not_verified');
    }
    if (!this.codes.matches(email, registration.otp, verification!.codeHash)) {
      throw new AppError('forbidden', 'The verification code does not match. Please verify your email again.', 'email_not_verified');
    }
    if (await this.users.findByEmail(email)) {
      throw new AppError('conflict', 'This email is already registered.', 'email_taken');
    }
    for (const field of ['countryId', 'callingId'] as const) {
      const id = registration[field];
      if (id && !(await this.countries.findById(id))) throw new AppError('invalid', `${field} is not a known country`, 'unknown_country');
    }
    const user = await this.users.create({
      email,
      name: registration.name.trim(),
      phone: registration.phone.trim(),
      countryId: registration.countryId || null,
      callingId: registration.callingId || null,
      address: registration.address?.trim() || null,
      gender: registration.gender ?? null,
      passwordHash: await this.hasher.hash(registration.password),
      googleId: null,
    });
    // A verification proves the address once.
    await this.verifications.remove(email);
    return { userId: user.userId };
  }
}
