import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional, IsString, IsUUID, ValidateBy } from 'class-validator';
import { CONTROL_CHARACTERS } from '../../../../platform/http/validation.pipe';
import type { ContentItemInput } from '../../domain/service-form';
import { isUuid } from '../../../../kernel/uuid';

export const CONTENT_LIST_MESSAGE = 'serviceContent must be a JSON list of {key, value} items';
/** More items than a form could hold are refused before they are looked at one by one. */
const MAX_SENT_ITEMS = 200;
/** What a JSON text that does not parse becomes, so the validator below refuses it. */
const UNPARSABLE = Symbol('unparsable');

/**
 * serviceContent arrives as JSON text in a multipart form (the spec's form), or as a list in a JSON
 * body: text is parsed here, a list is taken as it is.
 */
function parseContentList({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return UNPARSABLE;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list of { key: text, value: text, contentId?: uuid | null } (other fields are ignored). */
function isContentList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length <= MAX_SENT_ITEMS &&
    value.every(
      (item) =>
        isPlainObject(item) &&
        typeof item.key === 'string' &&
        typeof item.value === 'string' &&
        (item.contentId === undefined || item.contentId === null || isUuid(item.contentId)),
    )
  );
}

function IsContentList() {
  return ValidateBy({ name: 'isContentList', validator: { validate: isContentList, defaultMessage: () => CONTENT_LIST_MESSAGE } });
}

/** Escaped control characters (e.g. "\u0000") survive the raw-input check, which sees the JSON text. */
function HasNoControlCharacters() {
  return ValidateBy({
    name: 'hasNoControlCharacters',
    validator: {
      validate: (value: unknown) =>
        (value as Array<{ key: string; value: string }>).every((item) => !CONTROL_CHARACTERS.test(item.key) && !CONTROL_CHARACTERS.test(item.value)),
      defaultMessage: () => 'serviceContent must not contain control characters',
    },
  });
}

/**
 * The add-service form (docs/product.md#api: multipart with serviceHeading, serviceDescription, serviceContent
 * as JSON text and a logo file; or a JSON body without the logo). Only types are checked here; the
 * form's rules and the spec's texts ('Heading and description are required.', 'At least one
 * content item is required.') are the domain's (serviceFormOf).
 */
export class ServiceFormRequest {
  @ApiPropertyOptional({ example: 'Spotify' })
  @IsOptional()
  @IsString({ message: 'serviceHeading must be text' })
  serviceHeading?: string;

  @ApiPropertyOptional({ example: 'Real listeners for your tracks and playlists.' })
  @IsOptional()
  @IsString({ message: 'serviceDescription must be text' })
  serviceDescription?: string;

  @ApiPropertyOptional({
    description: 'JSON text (or, in a JSON body, a list) of { key, value } items; on update an item may carry its contentId.',
    example: '[{"key":"Monthly listeners","value":"1K - 50K"}]',
  })
  @IsOptional()
  @Transform(parseContentList)
  // Checked bottom-up (decorators apply in reverse), stopping at the first failure.
  @HasNoControlCharacters()
  @IsContentList()
  serviceContent?: unknown;

  /** The content items in the shape the use cases take (only key, value and contentId). */
  contentItems(): ContentItemInput[] | undefined {
    const list = this.serviceContent as Array<{ contentId?: string | null; key: string; value: string }> | undefined;
    return list?.map((item) => (item.contentId ? { contentId: item.contentId, key: item.key, value: item.value } : { key: item.key, value: item.value }));
  }
}

/** '' or null: no plan; absent: unchanged (the form's multipart fields are text). */
function planIdOf({ value }: { value: unknown }): unknown {
  return value === '' || value === 'null' ? null : value;
}

/** 'true' in a multipart form, true in a JSON body. */
function booleanOf({ value }: { value: unknown }): unknown {
  return value === 'true' ? true : value === 'false' ? false : value;
}

/** Which plan sells the service (docs/catalogue.md, "Listing rule"): both optional, for create and update. */
export class ServiceSaleRequest extends ServiceFormRequest {
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    description:
      'The plan that sells the service; null or empty: none named (the plan at its address, if any, stands in). Absent: it keeps its plan (a new service: the plan at its address).',
  })
  @IsOptional()
  @Transform(planIdOf)
  @IsUUID('all', { message: 'planId must be a valid id' })
  planId?: string | null;

  @ApiPropertyOptional({ description: 'Save even when the service leaves the public catalogue by it (otherwise 409 service_leaves_catalogue).' })
  @IsOptional()
  @Transform(booleanOf)
  @IsBoolean({ message: 'confirmOffSale must be true or false' })
  confirmOffSale?: boolean;
}

export class UpdateServiceRequest extends ServiceSaleRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'serviceId must be a valid id' })
  @IsDefined({ message: 'serviceId is required' })
  serviceId: string;
}

export class ServiceIdRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'serviceId must be a valid id' })
  @IsDefined({ message: 'serviceId is required' })
  serviceId: string;
}

export class DeleteServiceContentRequest extends ServiceIdRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'contentId must be a valid id' })
  @IsDefined({ message: 'contentId is required' })
  contentId: string;
}
