import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { createDataSource, openDatabase } from './open-database';
import { UnitOfWork } from './unit-of-work';
import { waitForDatabase, whereOf, type DatabaseWait } from './wait-for-database';

/**
 * The TypeORM connection for the whole app. Modules register their entities with
 * `TypeOrmModule.forFeature`; migrations run on start; the embedded database is closed with the
 * DataSource. `UnitOfWork` runs a transaction across modules' repositories.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => ({
        ...(await openDatabase(config.database)).options,
        autoLoadEntities: true,
        // Waiting for a PostgreSQL that is not up yet is waitForDatabase's (below), with a line per try;
        // Nest's own retry would try again on any error (a failed migration too), with a stack each time.
        toRetry: () => false,
        databaseWait: config.database.kind === 'postgres' ? config.database.wait : undefined,
        databaseWhere: config.database.kind === 'postgres' ? whereOf(config.database.url) : 'PGlite',
      }),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        if (!options) throw new Error('Database options are missing');
        const { databaseWait, databaseWhere, ...dataSourceOptions } = options as DataSourceOptions & { databaseWait?: DatabaseWait; databaseWhere: string };
        if (!databaseWait) return createDataSource(dataSourceOptions).initialize();
        const logger = new Logger('Database');
        return waitForDatabase(() => createDataSource(dataSourceOptions).initialize(), { wait: databaseWait, where: databaseWhere, log: (line) => logger.warn(line) });
      },
    }),
  ],
  providers: [UnitOfWork],
  exports: [UnitOfWork],
})
export class DatabaseModule {}
