import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { createDataSource, openDatabase } from './open-database';
import { UnitOfWork } from './unit-of-work';

/**
 * The TypeORM connection for the whole app. Modules register their entities with
 * `TypeOrmModule.forFeature`; migrations run on start; the embedded database is closed with the
 * DataSource. `UnitOfWork` runs a transaction across modules' repositories.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => ({ ...(await openDatabase(config.database)).options, autoLoadEntities: true }),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        if (!options) throw new Error('Database options are missing');
        return createDataSource(options).initialize();
      },
    }),
  ],
  providers: [UnitOfWork],
  exports: [UnitOfWork],
})
export class DatabaseModule {}
