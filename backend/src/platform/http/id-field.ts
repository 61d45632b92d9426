import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, IsUUID } from 'class-validator';

/**
 * A required id of a request body or query (the checks in this order, validation stopping at the
 * first failure): there at all and not empty ("<field> is required"), text ("<field> must be text",
 * or `notText` where a route says more), and a UUID ("<field> must be a valid <what>"); trimmed first.
 */
export function IdField(field: string, what: string, doc: { example: string; description?: string; notText?: string }) {
  return function (target: object, key: string) {
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))(target, key);
    IsDefined({ message: `${field} is required` })(target, key);
    IsString({ message: doc.notText ?? `${field} must be text` })(target, key);
    IsNotEmpty({ message: `${field} is required` })(target, key);
    IsUUID('all', { message: `${field} must be a valid ${what}` })(target, key);
    ApiProperty({ example: doc.example, ...(doc.description ? { description: doc.description } : {}) })(target, key);
  };
}
