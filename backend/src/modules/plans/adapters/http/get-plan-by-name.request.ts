import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The longest plan name or slug looked up (after trimming). */
export const MAX_PLAN_NAME_LENGTH = 100;

/**
 * The plan to look up: the body of POST /plan/getByName, and the path parameters of
 * GET /plans/{name} (one class, so both routes accept and refuse exactly the same names).
 */
export class GetPlanByNameRequest {
  @ApiProperty({ example: 'youtube', description: 'Plan name or platform slug, any case.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  // Checked bottom-up (decorators apply in reverse), stopping at the first failure.
  @MaxLength(MAX_PLAN_NAME_LENGTH, { message: `name must be at most ${MAX_PLAN_NAME_LENGTH} characters` })
  @IsNotEmpty({ message: 'name is required' })
  @IsString({ message: 'name must be text' })
  @IsDefined({ message: 'name is required' })
  name: string;
}
