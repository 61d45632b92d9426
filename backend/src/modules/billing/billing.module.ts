import { Module } from '@nestjs/common';

/** The billing module: its use cases arrive with the issue that builds them. */
@Module({})
export class BillingModule {}
