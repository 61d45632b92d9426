import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class GetPlanByNameRequest {
  @ApiProperty({ example: 'youtube', description: 'Plan name or platform slug, any case.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  // Checked bottom-up (decorators apply in reverse), stopping at the first failure.
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  @IsNotEmpty({ message: 'name is required' })
  @IsString({ message: 'name must be text' })
  @IsDefined({ message: 'name is required' })
  name: string;
}
