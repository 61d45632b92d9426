import { Module } from '@nestjs/common';

/** The admin module: its use cases arrive with the issue that builds them. */
@Module({})
export class AdminModule {}
