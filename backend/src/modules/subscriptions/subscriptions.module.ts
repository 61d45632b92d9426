import { Module } from '@nestjs/common';

/** The subscriptions module: its use cases arrive with the issue that builds them. */
@Module({})
export class SubscriptionsModule {}
