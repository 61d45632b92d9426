import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { withoutBidiControls } from '../../../../kernel/bidi-controls';
import { GENDERS, type Gender, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../domain/user';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom). The
// helper decorators below register theirs in that same bottom-up order.

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** '' and null mean "not given" for optional fields (the client's defaults are empty strings). */
const emptyToUndefined = ({ value }: { value: unknown }) => {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' || trimmed === null ? undefined : trimmed;
};

/**
 * A required e-mail address, trimmed, at most 254 characters, well-formed. `checkFormat: false`
 * leaves the last out where the address only looks up a code already sent (reset-password): there
 * every address that cannot be used, well-formed or not, gets the same refusal as a wrong code.
 */
function EmailField({ checkFormat = true }: { checkFormat?: boolean } = {}) {
  return function (target: object, key: string) {
    IsDefined({ message: 'email is required' })(target, key);
    IsString({ message: 'email must be text' })(target, key);
    IsNotEmpty({ message: 'email is required' })(target, key);
    if (checkFormat) IsEmail({}, { message: 'email must be a valid e-mail address' })(target, key);
    MaxLength(254, { message: 'email must be at most 254 characters' })(target, key);
    Transform(trim)(target, key);
    ApiProperty({ example: 'creator@example.com' })(target, key);
  };
}

/** The six digits of a mailed code. */
function OtpField(description?: string) {
  return function (target: object, key: string) {
    IsDefined({ message: 'otp is required' })(target, key);
    IsString({ message: 'otp must be 6 digits' })(target, key);
    Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })(target, key);
    Transform(trim)(target, key);
    ApiProperty({ example: '042917', ...(description ? { description } : {}) })(target, key);
  };
}

/** A name as staff will read it: without bidi controls (docs/security.md#text-entered-by-customers), trimmed. */
const personName = ({ value }: { value: unknown }) => (typeof value === 'string' ? withoutBidiControls(value).trim() : value);

function RequiredText(field: string, max: number, example: string) {
  return function (target: object, key: string) {
    IsDefined({ message: `${field} is required` })(target, key);
    IsString({ message: `${field} must be text` })(target, key);
    IsNotEmpty({ message: `${field} is required` })(target, key);
    MaxLength(max, { message: `${field} must be at most ${max} characters` })(target, key);
    Transform(personName)(target, key);
    ApiProperty({ example })(target, key);
  };
}

function PhoneField() {
  return function (target: object, key: string) {
    IsDefined({ message: 'phone is required' })(target, key);
    IsString({ message: 'phone must be text' })(target, key);
    IsNotEmpty({ message: 'phone is required' })(target, key);
    Matches(/^\+?[0-9][0-9 ().-]{3,29}$/, { message: 'phone must be a phone number (digits, spaces, + - ( ) allowed)' })(target, key);
    Transform(trim)(target, key);
    ApiProperty({ example: '+1 555 010 0199' })(target, key);
  };
}

function NewPasswordField(field: string) {
  return function (target: object, key: string) {
    IsString({ message: `${field} must be text` })(target, key);
    MinLength(MIN_PASSWORD_LENGTH, { message: `${field} must be at least ${MIN_PASSWORD_LENGTH} characters long` })(target, key);
    MaxLength(MAX_PASSWORD_LENGTH, { message: `${field} must be at most ${MAX_PASSWORD_LENGTH} characters` })(target, key);
  };
}

function CountryIdField(field: string) {
  return function (target: object, key: string) {
    IsOptional()(target, key);
    IsUUID('all', { message: `${field} must be a country _id from /country/getall` })(target, key);
    Transform(emptyToUndefined)(target, key);
    ApiPropertyOptional({ description: `A country's _id from GET /country/getall; '' or null for none.` })(target, key);
  };
}

/** Optional 0 Male, 1 Female, 2 Other; '' or null for none, a one-digit string as its number. */
function GenderField() {
  return function (target: object, key: string) {
    IsOptional()(target, key);
    IsIn(GENDERS as Gender[], { message: 'gender must be 0 (male), 1 (female) or 2 (other)' })(target, key);
    Transform(({ value }) => (value === '' || value === null ? undefined : typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value))(target, key);
    ApiPropertyOptional({ enum: GENDERS, description: '0 Male, 1 Female, 2 Other' })(target, key);
  };
}

export class RequestOtpRequest {
  @EmailField()
  email: string;
}

export class VerifyOtpRequest {
  @EmailField()
  email: string;

  @OtpField()
  otp: string;
}

export class RegisterRequest {
  @EmailField()
  email: string;

  @ApiProperty({ example: 'a long secret', minLength: MIN_PASSWORD_LENGTH })
  @NewPasswordField('password')
  @IsDefined({ message: 'password is required' })
  password: string;

  @RequiredText('name', 100, 'Ada Lovelace')
  name: string;

  @PhoneField()
  phone: string;

  @ApiProperty({ example: '042917', description: 'The code verified in step 2; it must match.' })
  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  @IsString({ message: 'otp must be 6 digits' })
  @IsDefined({ message: 'otp is required' })
  otp: string;

  @CountryIdField('countryId')
  countryId?: string;

  @CountryIdField('callingId')
  callingId?: string;

  @ApiPropertyOptional({ example: '221B Baker Street, London' })
  @Transform(emptyToUndefined)
  @MaxLength(300, { message: 'address must be at most 300 characters' })
  @IsString({ message: 'address must be text' })
  @IsOptional()
  address?: string;

  @GenderField()
  gender?: Gender;
}

export class LoginRequest {
  @ApiProperty({ example: 'creator@example.com' })
  @Transform(trim)
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @IsNotEmpty({ message: 'email is required' })
  @IsString({ message: 'email must be text' })
  @IsDefined({ message: 'email is required' })
  email: string;

  @ApiProperty({ example: 'a long secret' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  @IsNotEmpty({ message: 'password is required' })
  @IsString({ message: 'password must be text' })
  @IsDefined({ message: 'password is required' })
  password: string;
}

export class GoogleSignInRequest {
  @ApiProperty({ description: 'The ID token from Google sign-in (a JWT).' })
  @MaxLength(8192, { message: 'idToken is too long' })
  @IsNotEmpty({ message: 'idToken is required' })
  @IsString({ message: 'idToken must be text' })
  @IsDefined({ message: 'idToken is required' })
  idToken: string;
}

export class UserIdRequest {
  @ApiProperty({ example: '9b2f6c1e-8a0e-4a57-9a53-3f1c2a7d5e10' })
  @Transform(trim)
  @MaxLength(64, { message: 'userId must be at most 64 characters' })
  @IsNotEmpty({ message: 'userId is required' })
  @IsString({ message: 'userId must be text' })
  @IsDefined({ message: 'userId is required' })
  userId: string;
}

export class UpdateProfileRequest extends UserIdRequest {
  @RequiredText('name', 100, 'Ada Lovelace')
  name: string;

  @PhoneField()
  phone: string;

  @ApiPropertyOptional({ description: 'Required (and checked) when newPassword is given.' })
  @Transform(({ value }) => (value === '' || value === null ? undefined : value))
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `oldPassword must be at most ${MAX_PASSWORD_LENGTH} characters` })
  @IsString({ message: 'oldPassword must be text' })
  @IsOptional()
  oldPassword?: string;

  @ApiPropertyOptional({ minLength: MIN_PASSWORD_LENGTH })
  @Transform(({ value }) => (value === '' || value === null ? undefined : value))
  @NewPasswordField('newPassword')
  @ValidateIf((_object, value) => value !== undefined)
  newPassword?: string;

  // The three details sign-up leaves optional: left out, '' or null keep what is stored.
  @CountryIdField('countryId')
  countryId?: string;

  @CountryIdField('callingId')
  callingId?: string;

  @GenderField()
  gender?: Gender;
}

export class ForgotPasswordRequest {
  @EmailField()
  email: string;
}

export class ResetPasswordRequest {
  @EmailField({ checkFormat: false })
  email: string;

  @OtpField('The code mailed by POST /user/forgot-password.')
  otp: string;

  @ApiProperty({ example: 'a new long secret', minLength: MIN_PASSWORD_LENGTH })
  @NewPasswordField('newPassword')
  @IsDefined({ message: 'newPassword is required' })
  newPassword: string;
}
