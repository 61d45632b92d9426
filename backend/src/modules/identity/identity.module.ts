import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { PasswordHasher } from '../../platform/security/password-hasher';
import { ClientDirectory } from './application/client-directory.port';
import { CountryRepository } from './application/country.repository.port';
import { EmailVerificationRepository } from './application/email-verification.repository.port';
import { CustomerSessionSource } from './adapters/customer-session.source';
import { EndAllSessionsUseCase } from './application/end-all-sessions.use-case';
import { FindCustomerContactUseCase } from './application/find-customer-contact.use-case';
import { GetProfileUseCase } from './application/get-profile.use-case';
import { GoogleIdentityVerifier } from './application/google-identity.verifier.port';
import { GoogleSignInUseCase } from './application/google-sign-in.use-case';
import { ListClientsUseCase } from './application/list-clients.use-case';
import { ListCountriesUseCase } from './application/list-countries.use-case';
import { LoginUseCase } from './application/login.use-case';
import { OtpCodes } from './application/otp-codes';
import { RegisterUserUseCase } from './application/register-user.use-case';
import { RequestOtpUseCase } from './application/request-otp.use-case';
import { PasswordResetCodeRepository } from './application/password-reset-code.repository.port';
import { RequestPasswordResetUseCase } from './application/request-password-reset.use-case';
import { ResetPasswordUseCase } from './application/reset-password.use-case';
import { UpdateProfileUseCase } from './application/update-profile.use-case';
import { UserRepository } from './application/user.repository.port';
import { VerifyOtpUseCase } from './application/verify-otp.use-case';
import { GoogleCertificates, HttpGoogleCertificates } from './adapters/google/google-certificates';
import { PassportGoogleIdentityVerifier } from './adapters/google/passport-google-identity.verifier';
import { AdminClientsController } from './adapters/http/admin-clients.controller';
import { CountryFastPath } from './adapters/http/country-fast-path';
import { CountryController, CountryListCache } from './adapters/http/country.controller';
import { UserController } from './adapters/http/user.controller';
import { TypeOrmClientDirectory } from './adapters/persistence/client-directory.query';
import { CountriesSeeder } from './adapters/persistence/countries.seeder';
import { CountryOrmEntity } from './adapters/persistence/country.orm-entity';
import { TypeOrmCountryRepository } from './adapters/persistence/country.repository';
import { EmailVerificationOrmEntity } from './adapters/persistence/email-verification.orm-entity';
import { PasswordResetCodeOrmEntity } from './adapters/persistence/password-reset-code.orm-entity';
import { TypeOrmPasswordResetCodeRepository } from './adapters/persistence/password-reset-code.repository';
import { TypeOrmEmailVerificationRepository } from './adapters/persistence/email-verification.repository';
import { UserOrmEntity } from './adapters/persistence/user.orm-entity';
import { TypeOrmUserRepository } from './adapters/persistence/user.repository';

/**
 * Identity: customer accounts (OTP-verified registration, password and Google sign-in, password
 * reset by mailed code, profile)
 * and the country list; the admin's clients list. Subscription counters come through identity's
 * SubscriptionCounts port from the module the app hands to forRoot (subscriptions, which implements
 * it): identity imports no other module, so subscriptions and identity do not import each other.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserOrmEntity, EmailVerificationOrmEntity, CountryOrmEntity, PasswordResetCodeOrmEntity])],
  controllers: [UserController, CountryController, AdminClientsController],
  providers: [
    { provide: UserRepository, useClass: TypeOrmUserRepository },
    CustomerSessionSource,
    { provide: EmailVerificationRepository, useClass: TypeOrmEmailVerificationRepository },
    { provide: CountryRepository, useClass: TypeOrmCountryRepository },
    { provide: PasswordResetCodeRepository, useClass: TypeOrmPasswordResetCodeRepository },
    { provide: ClientDirectory, useClass: TypeOrmClientDirectory },
    { provide: PasswordHasher, useValue: new PasswordHasher() },
    { provide: GoogleCertificates, useFactory: () => new HttpGoogleCertificates() },
    {
      provide: GoogleIdentityVerifier,
      inject: [AppConfig, GoogleCertificates],
      useFactory: (config: AppConfig, certificates: GoogleCertificates) => new PassportGoogleIdentityVerifier(config.googleClientId, certificates),
    },
    { provide: CountryListCache, useFactory: () => new CountryListCache({ ttlMs: 60 * 60 * 1000, maxEntries: 1 }) },
    CountryFastPath,
    OtpCodes,
    RequestOtpUseCase,
    VerifyOtpUseCase,
    RegisterUserUseCase,
    LoginUseCase,
    GoogleSignInUseCase,
    GetProfileUseCase,
    FindCustomerContactUseCase,
    UpdateProfileUseCase,
    EndAllSessionsUseCase,
    RequestPasswordResetUseCase,
    ResetPasswordUseCase,
    ListCountriesUseCase,
    ListClientsUseCase,
    CountriesSeeder,
  ],
  exports: [FindCustomerContactUseCase],
})
export class IdentityModule {
  private static readonly wired = new Map<Type<unknown>, DynamicModule>();

  /**
   * Identity with the module that provides its SubscriptionCounts port. The same object for the
   * same module: Nest tells dynamic modules apart by reference, and identity must exist once (the
   * app and billing both import it).
   */
  static forRoot(subscriptionCounts: Type<unknown>): DynamicModule {
    let wired = IdentityModule.wired.get(subscriptionCounts);
    if (!wired) IdentityModule.wired.set(subscriptionCounts, (wired = { module: IdentityModule, imports: [subscriptionCounts] }));
    return wired;
  }
}
