import { type CallHandler, type ExecutionContext, HttpException, Injectable, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { AppError } from '../../../../platform/errors/app-error';
import { logoTooLarge, MAX_LOGO_BYTES } from '../../domain/logo-image';

/** The file a multipart form carries in its `logo` field (multer's memory storage). */
export interface UploadedLogo {
  buffer: Buffer;
  size: number;
  /** Chosen by the uploader: never trusted (the type is judged by the bytes). */
  mimetype: string;
  originalname: string;
}

/** The field of the logo file. */
export const LOGO_FIELD = 'logo';

/**
 * Limits of the service form's multipart body: one file of at most 1 MiB (multer stops reading
 * beyond it), a handful of small text fields (the content list is the largest: 64 KB, like a JSON
 * body).
 */
const LIMITS = {
  fileSize: MAX_LOGO_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: 12,
};

/** multer's error codes, and what the admin reads instead. */
function uploadError(error: unknown): unknown {
  const cause = error instanceof HttpException ? (error.cause as { code?: string; field?: string } | undefined) : undefined;
  switch (cause?.code) {
    case 'LIMIT_FILE_SIZE':
      return logoTooLarge();
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return new AppError('invalid', `Send at most one file, in the field "${LOGO_FIELD}".`, 'unexpected_file');
    case 'LIMIT_FIELD_VALUE':
      return new AppError('too_large', `${cause.field ?? 'A form field'} is too long.`, 'field_too_long');
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_KEY':
      return new AppError('invalid', 'The form has too many fields, or a field name is too long.', 'too_many_fields');
    case undefined: // not one of multer's refusals
    default:
      return error;
  }
}

/**
 * Reads the service form's multipart body with @nestjs/platform-express's FileInterceptor (multer,
 * files kept in memory, never on disk) under the limits above, and answers multer's refusals with
 * the admin's texts (413 'The logo must be at most 1 MiB.'). A JSON body passes through untouched,
 * so an edit without a new logo may be sent as plain fields.
 */
@Injectable()
export class LogoUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor = new (FileInterceptor(LOGO_FIELD, { limits: LIMITS }))();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      throw uploadError(error);
    }
  }
}
