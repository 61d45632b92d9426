import { Module } from '@nestjs/common';
import { FulfilmentModule } from '../fulfilment/fulfilment.module';
import { ExportCsvUseCase } from './application/export-csv.use-case';
import { ExportSource } from './application/export-source.port';
import { GetOverviewUseCase } from './application/get-overview.use-case';
import { ReportStore } from './application/report-store.port';
import { ReportsController } from './adapters/http/reports.controller';
import { SqlExportSource } from './adapters/persistence/export-source.query';
import { TypeOrmReportStore } from './adapters/persistence/report-store.repository';

/**
 * Reports (docs/reports.md): the owner's Overview, read from rollups the database's triggers keep
 * (migration 1764800000000-reports), and the CSV exports of orders and customers, which read the
 * source tables read-only. Imports fulfilment for its provider overview (the balance), taken only if
 * that module exports it.
 */
@Module({
  imports: [FulfilmentModule],
  controllers: [ReportsController],
  providers: [{ provide: ReportStore, useClass: TypeOrmReportStore }, { provide: ExportSource, useClass: SqlExportSource }, GetOverviewUseCase, ExportCsvUseCase],
})
export class ReportsModule {}
