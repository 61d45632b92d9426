import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './payment-order.orm-entity';

/** Table `sandbox_payments`: what the sandbox checkout dialog decided, per attempt. */
@Entity({ name: 'sandbox_payments' })
export class SandboxPaymentOrmEntity {
  @PrimaryColumn({ name: 'payment_id', type: 'text' })
  paymentId: string;

  @Column({ name: 'order_id', type: 'text' })
  orderId: string;

  @Column({ name: 'status', type: 'text' })
  status: 'captured' | 'failed';

  @Column({ name: 'amount', type: 'bigint', transformer: bigintAsNumber })
  amount: number;

  @Column({ name: 'currency', type: 'text' })
  currency: string;

  @Column({ name: 'error_description', type: 'text', nullable: true })
  errorDescription: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
