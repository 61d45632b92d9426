import type { NewOrder, PaymentProof, SandboxCheckout } from '@growth/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

// Decorators run bottom-up and validation stops at the first failure: the most specific check on
// top, "is it there at all" at the bottom (as in identity.requests.ts).

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

function Id(field: string) {
  return function (target: object, key: string) {
    IsDefined({ message: `${field} is required` })(target, key);
    IsString({ message: `${field} must be text` })(target, key);
    IsNotEmpty({ message: `${field} is required` })(target, key);
    IsUUID('all', { message: `${field} must be a valid id` })(target, key);
    Transform(trim)(target, key);
    ApiProperty({ format: 'uuid' })(target, key);
  };
}

/** Razorpay ids and signatures: short ASCII tokens; anything else cannot be ours. */
function GatewayToken(field: string, pattern: RegExp, example: string) {
  return function (target: object, key: string) {
    IsDefined({ message: `${field} is required` })(target, key);
    IsString({ message: `${field} must be text` })(target, key);
    IsNotEmpty({ message: `${field} is required` })(target, key);
    MaxLength(100, { message: `${field} must be at most 100 characters` })(target, key);
    Matches(pattern, { message: `${field} is not valid` })(target, key);
    ApiProperty({ example })(target, key);
  };
}

export class CreateOrderRequest implements NewOrder {
  @Id('userId')
  userId: string;

  @Id('planId')
  planId: string;

  @Id('pricingId')
  pricingId: string;

  @ApiPropertyOptional({ example: 'USD', description: "Defaults to the plan's currency (USD); no other is accepted." })
  @IsOptional()
  @Matches(/^[A-Za-z]{3}$/, { message: 'currency must be a three-letter code such as USD' })
  @IsString({ message: 'currency must be a three-letter code such as USD' })
  currency?: string;

  /** Checked by the use case for the spec's texts ('Profile link is required', 'Please enter a valid URL'). */
  @ApiProperty({ example: 'https://www.youtube.com/@creator' })
  @IsString({ message: 'Please enter a valid URL' })
  @IsDefined({ message: 'Profile link is required' })
  profileLink: string;
}

export class VerifyPaymentRequest implements PaymentProof {
  @GatewayToken('razorpay_order_id', /^order_[A-Za-z0-9]+$/, 'order_Np0fJ3Fq2yXz9A')
  razorpay_order_id: string;

  @GatewayToken('razorpay_payment_id', /^pay_[A-Za-z0-9]+$/, 'pay_Np0fK9xQ7aBc1D')
  razorpay_payment_id: string;

  @GatewayToken('razorpay_signature', /^[0-9a-fA-F]+$/, 'a3f1…(64 hex characters)')
  razorpay_signature: string;
}

export class SandboxCheckoutRequest implements SandboxCheckout {
  @GatewayToken('orderId', /^order_[A-Za-z0-9]+$/, 'order_Np0fJ3Fq2yXz9A')
  orderId: string;

  @ApiProperty({ enum: ['success', 'failure'] })
  @IsIn(['success', 'failure'], { message: "outcome must be 'success' or 'failure'" })
  @IsDefined({ message: 'outcome is required' })
  outcome: 'success' | 'failure';
}
