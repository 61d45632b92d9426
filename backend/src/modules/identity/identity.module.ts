import { Module } from '@nestjs/common';

/** The identity module: its use cases arrive with the issue that builds them. */
@Module({})
export class IdentityModule {}
