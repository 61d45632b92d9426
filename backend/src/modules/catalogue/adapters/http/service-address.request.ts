import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ServiceAddressRequest {
  @ApiProperty({ example: 'youtube', description: 'The last segment of a pricing page address, /services/{slug}.' })
  @MaxLength(100, { message: 'slug must be at most 100 characters' })
  @IsNotEmpty({ message: 'slug is required' })
  @IsString({ message: 'slug must be text' })
  slug: string;
}
