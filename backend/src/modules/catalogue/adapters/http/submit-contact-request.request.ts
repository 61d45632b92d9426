import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { BIDI_CONTROL_CLASS } from '../../../../kernel/bidi-controls';
import { CONTACT_LIMITS, CONTACT_PLATFORMS, type ContactPlatform, SERVICE_TYPES, type ServiceType } from '../../domain/contact-request';

/**
 * Control characters other than tab and line breaks are dropped: they have no place in a message,
 * and PostgreSQL refuses NUL in text (which would otherwise surface as a 500). So are the bidi
 * controls (kernel/bidi-controls.ts): support reads the name and the message in its inbox, and a
 * U+202E would show them reversed.
 */
const CONTROL = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f${BIDI_CONTROL_CLASS}]`, 'g');

/** Text trimmed and without control characters (line breaks kept). */
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(CONTROL, '').trim() : value);

/** One line of text: as `trimmed`, and runs of white space (line breaks included) become one space. */
const oneLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(CONTROL, '').trim().replace(/\s+/g, ' ') : value);

/** The canonical spelling of an allowed value, matched case-insensitively ('youtube' → 'YouTube'). */
function canonical(allowed: readonly string[]) {
  return ({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const wanted = value.trim().toLowerCase();
    return allowed.find((option) => option.toLowerCase() === wanted) ?? value;
  };
}

/**
 * Body of POST /contact/contact (docs/product.md#catalogue, docs/product.md#validation): all five fields required.
 * Validators apply bottom-up and stop at the first failure, so each field reports one message.
 */
export class SubmitContactRequestRequest {
  @ApiProperty({ example: 'Priya Sharma', maxLength: CONTACT_LIMITS.nameMax })
  @Transform(oneLine)
  @MaxLength(CONTACT_LIMITS.nameMax, { message: `user_name must be at most ${CONTACT_LIMITS.nameMax} characters` })
  @IsNotEmpty({ message: 'user_name is required' })
  @IsString({ message: 'user_name must be text' })
  @IsDefined({ message: 'user_name is required' })
  user_name: string;

  @ApiProperty({ example: 'priya@example.com' })
  @Transform(trimmed)
  @IsEmail({}, { message: 'user_email must be a valid e-mail address' })
  @MaxLength(CONTACT_LIMITS.emailMax, { message: `user_email must be at most ${CONTACT_LIMITS.emailMax} characters` })
  @IsNotEmpty({ message: 'user_email is required' })
  @IsString({ message: 'user_email must be text' })
  @IsDefined({ message: 'user_email is required' })
  user_email: string;

  @ApiProperty({ enum: SERVICE_TYPES })
  @Transform(canonical(SERVICE_TYPES))
  @IsIn(SERVICE_TYPES, { message: `serviceType must be one of ${SERVICE_TYPES.join(', ')}` })
  @IsNotEmpty({ message: 'serviceType is required' })
  @IsString({ message: 'serviceType must be text' })
  @IsDefined({ message: 'serviceType is required' })
  serviceType: ServiceType;

  @ApiProperty({ enum: CONTACT_PLATFORMS })
  @Transform(canonical(CONTACT_PLATFORMS))
  @IsIn(CONTACT_PLATFORMS, { message: `platform must be one of ${CONTACT_PLATFORMS.join(', ')}` })
  @IsNotEmpty({ message: 'platform is required' })
  @IsString({ message: 'platform must be text' })
  @IsDefined({ message: 'platform is required' })
  platform: ContactPlatform;

  @ApiProperty({ minLength: CONTACT_LIMITS.messageMin, maxLength: CONTACT_LIMITS.messageMax })
  @Transform(trimmed)
  @MaxLength(CONTACT_LIMITS.messageMax, { message: `message must be at most ${CONTACT_LIMITS.messageMax} characters` })
  @MinLength(CONTACT_LIMITS.messageMin, { message: `message must be at least ${CONTACT_LIMITS.messageMin} characters` })
  @IsNotEmpty({ message: 'message is required' })
  @IsString({ message: 'message must be text' })
  @IsDefined({ message: 'message is required' })
  message: string;
}
