import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { MAX_ADMIN_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH } from '../../domain/admin';

// class-validator checks a field's constraints in the order they were registered and stops at the
// first failure (stopAtFirstError), so each helper registers them from "is it there at all" to the
// most specific (stacked decorators would register bottom-up).

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

function TextField(field: string, max: number, example: string, options: { trim?: boolean } = {}) {
  return function (target: object, key: string) {
    IsDefined({ message: `${field} is required` })(target, key);
    IsString({ message: `${field} must be text` })(target, key);
    IsNotEmpty({ message: `${field} is required` })(target, key);
    MaxLength(max, { message: `${field} must be at most ${max} characters` })(target, key);
    if (options.trim) Transform(trim)(target, key);
    ApiProperty({ example })(target, key);
  };
}

function EmailField(field: string) {
  return function (target: object, key: string) {
    TextField(field, 254, 'admin@example.com', { trim: true })(target, key);
    IsEmail({}, { message: `${field} must be a valid e-mail address` })(target, key);
  };
}

function NewPasswordField(field: string) {
  return function (target: object, key: string) {
    IsDefined({ message: `${field} is required` })(target, key);
    IsString({ message: `${field} must be text` })(target, key);
    MinLength(MIN_ADMIN_PASSWORD_LENGTH, { message: `${field} must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long` })(target, key);
    MaxLength(MAX_ADMIN_PASSWORD_LENGTH, { message: `${field} must be at most ${MAX_ADMIN_PASSWORD_LENGTH} characters` })(target, key);
    ApiProperty({ example: 'a long new secret', minLength: MIN_ADMIN_PASSWORD_LENGTH })(target, key);
  };
}

function OtpField() {
  return function (target: object, key: string) {
    IsDefined({ message: 'otp is required' })(target, key);
    IsString({ message: 'otp must be 6 digits' })(target, key);
    Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })(target, key);
    Transform(trim)(target, key);
    ApiProperty({ example: '042917' })(target, key);
  };
}

export class AdminLoginRequest {
  // Not checked as an address: any text is looked up and fails like a wrong password.
  @TextField('email', 254, 'admin@example.com', { trim: true })
  email: string;

  @TextField('password', MAX_ADMIN_PASSWORD_LENGTH, 'a long secret')
  password: string;
}

export class AdminForgotPasswordRequest {
  @EmailField('email')
  email: string;
}

export class AdminResetPasswordRequest {
  @EmailField('email')
  email: string;

  @OtpField()
  otp: string;

  @NewPasswordField('newPassword')
  newPassword: string;
}

/** The body's adminId: it must be the caller's own (403 otherwise). */
class OwnAdminRequest {
  @TextField('adminId', 64, '3f1c2a7d-9b2f-4a57-9a53-6c1e8a0e5d10', { trim: true })
  adminId: string;
}

export class UpdateEmailRequest extends OwnAdminRequest {
  @EmailField('newEmail')
  newEmail: string;

  @TextField('currentPassword', MAX_ADMIN_PASSWORD_LENGTH, 'the current secret')
  currentPassword: string;
}

export class StopEmailChangeRequest {
  /** `<adminId>.<secret>`, from the link mailed to the old address. */
  @TextField('token', 200, '3f1c2a7d-9b2f-4a57-9a53-6c1e8a0e5d10.q2VdL0m4…', { trim: true })
  token: string;
}

export class VerifyEmailRequest extends OwnAdminRequest {
  @OtpField()
  otp: string;
}

export class UpdatePasswordRequest extends OwnAdminRequest {
  @TextField('oldPassword', MAX_ADMIN_PASSWORD_LENGTH, 'the current secret')
  oldPassword: string;

  @NewPasswordField('newPassword')
  newPassword: string;
}
