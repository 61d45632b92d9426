import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { wholeNumberOrNaN } from '../../../../platform/http/admin-page.request';
import { MAX_ADMIN_PAGE } from '../../../../platform/http/admin-paging';
import { MAX_CURSOR_LENGTH } from '../../../../platform/database/paging';
import { CLIENT_CURSOR_MESSAGE, DEFAULT_CLIENTS_PER_PAGE, MAX_CLIENT_SEARCH_LENGTH, MAX_CLIENTS_PER_PAGE } from '../../application/list-clients.use-case';

// Stacked decorators run bottom-up and validation stops at the first failure (stopAtFirstError), so
// each field lists its checks from the most specific (top) to "is it there at all" (bottom).

const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_ADMIN_PAGE}`;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_CLIENTS_PER_PAGE}`;
/** A blank text is none. */
const blankToUndefined = ({ value }: { value: unknown }) => (value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value);

/** POST /user/getAll (docs/product.md#api: {page, limit 10, search}). */
export class ClientListRequest {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_ADMIN_PAGE, default: 1 })
  @Max(MAX_ADMIN_PAGE, { message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  @Transform(wholeNumberOrNaN())
  @IsOptional()
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CLIENTS_PER_PAGE, default: DEFAULT_CLIENTS_PER_PAGE })
  @Max(MAX_CLIENTS_PER_PAGE, { message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  @Transform(wholeNumberOrNaN())
  @IsOptional()
  limit?: number;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the name, e-mail address or phone number.', maxLength: MAX_CLIENT_SEARCH_LENGTH })
  @MaxLength(MAX_CLIENT_SEARCH_LENGTH, { message: `search must be at most ${MAX_CLIENT_SEARCH_LENGTH} characters` })
  @IsString({ message: 'search must be text' })
  @Transform(blankToUndefined)
  @IsOptional()
  search?: string;

  @ApiPropertyOptional({
    description:
      "Next: the answer's cursors.next; the customers after that one, read from the date index instead of skipping the pages before (send page + 1 too: the page number gives the meta). Absent for a jump to a page number.",
  })
  @MaxLength(MAX_CURSOR_LENGTH, { message: CLIENT_CURSOR_MESSAGE })
  @IsString({ message: CLIENT_CURSOR_MESSAGE })
  @Transform(blankToUndefined)
  @IsOptional()
  after?: string;

  @ApiPropertyOptional({ description: "Previous: the answer's cursors.prev; the customers before that one (send page - 1 too). Not with after." })
  @MaxLength(MAX_CURSOR_LENGTH, { message: CLIENT_CURSOR_MESSAGE })
  @IsString({ message: CLIENT_CURSOR_MESSAGE })
  @Transform(blankToUndefined)
  @IsOptional()
  before?: string;
}
