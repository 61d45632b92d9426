import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** The receipt's address: `/orders/{orderId}/receipt`, the gateway's order id (`order_…`). Checks run bottom-up. */
export class ReceiptRequest {
  @ApiProperty({ example: 'order_Np0fJ3Fq2yXz9A', description: "The order's id, as the checkout and the order card name it." })
  @Matches(/^order_[A-Za-z0-9]+$/, { message: 'orderId must be an order id such as order_Np0fJ3Fq2yXz9A' })
  @MaxLength(100, { message: 'orderId must be at most 100 characters' })
  @IsNotEmpty({ message: 'orderId is required' })
  @IsString({ message: 'orderId must be text' })
  orderId: string;
}
