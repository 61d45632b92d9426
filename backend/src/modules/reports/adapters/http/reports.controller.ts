import type { ApiSuccess, OverviewAnswer } from '@growth/contracts';
import { Body, Controller, Get, Headers, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentPrincipal } from '../../../../platform/auth/auth.guard';
import type { Principal } from '../../../../platform/auth/principal';
import { type CsvExport, ExportCsvUseCase } from '../../application/export-csv.use-case';
import { GetOverviewUseCase } from '../../application/get-overview.use-case';
import { timeZoneOf } from '../../domain/period';
import { CustomersExportQuery, OrdersExportQuery, OverviewRequest } from './reports.requests';

const TIMEZONE_HEADER = { name: 'X-Timezone', required: false, description: 'IANA time zone of the dates when the request has no tz (the browser’s); default UTC.' };

/**
 * The owner's figures (docs/reports.md): the Overview and the CSV exports. Admin token only.
 */
@ApiTags('reports (admin)')
@Controller('admin')
@Authenticated('admin')
@ApiBadRequestResponse({ description: 'The message names the field (from, to, tz, granularity, status, platform, q).' })
export class ReportsController {
  private readonly logger = new Logger('Reports');

  constructor(
    private readonly overview: GetOverviewUseCase,
    private readonly exports: ExportCsvUseCase,
  ) {}

  @Post('overview')
  @HttpCode(200)
  @ApiHeader(TIMEZONE_HEADER)
  @ApiOkResponse({ description: '{ success: true, period, previousPeriod, currencies, series, breakdown, attention } (docs/reports.md, "The Overview answer")' })
  async figures(@Body() body: OverviewRequest, @Headers('x-timezone') timezone?: string): Promise<ApiSuccess<OverviewAnswer>> {
    const overview = await this.overview.execute({ from: body.from, to: body.to, granularity: body.granularity, tz: timeZoneOf(body.tz, timezone) });
    return { success: true as const, ...overview };
  }

  @Get('export/orders.csv')
  @ApiHeader(TIMEZONE_HEADER)
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'CSV (UTF-8 with BOM, RFC 4180, formulas neutralised): one row per order created in the period, with payment, refund and fulfilment columns.',
  })
  async ordersCsv(
    @CurrentPrincipal() admin: Principal,
    @Query() query: OrdersExportQuery,
    @Headers('x-timezone') timezone: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const csv = this.exports.orders(admin, { ...query, tz: timeZoneOf(query.tz, timezone) });
    await this.send(csv, req, res);
  }

  @Get('export/customers.csv')
  @ApiHeader(TIMEZONE_HEADER)
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'CSV (UTF-8 with BOM, RFC 4180, formulas neutralised): one row per customer registered in the period, with their orders and money per currency.',
  })
  async customersCsv(
    @CurrentPrincipal() admin: Principal,
    @Query() query: CustomersExportQuery,
    @Headers('x-timezone') timezone: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const csv = this.exports.customers(admin, { ...query, tz: timeZoneOf(query.tz, timezone) });
    await this.send(csv, req, res);
  }

  /**
   * Streams the export batch by batch, waiting for the client to take each one (backpressure). A
   * client that goes away stops it: no further batch is read. An error after the first byte can no
   * longer be an error envelope: the response is cut, so the file is visibly incomplete. Either way
   * the export writes its own audit entry (ExportCsvUseCase) before the loop below ends.
   */
  private async send(csv: CsvExport, req: Request, res: Response): Promise<void> {
    const stop = new AbortController();
    const gone = () => stop.abort();
    res.on('close', gone);
    req.on('aborted', gone);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      for await (const chunk of csv.chunks(stop.signal)) {
        if (stop.signal.aborted) break;
        if (!res.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              res.off('drain', done);
              stop.signal.removeEventListener('abort', done);
              resolve();
            };
            res.on('drain', done);
            stop.signal.addEventListener('abort', done);
          });
        }
      }
      if (!stop.signal.aborted) res.end();
    } catch (error) {
      this.logger.error(`CSV export ${csv.filename} stopped: ${(error as Error).message}`);
      res.destroy(error as Error);
    } finally {
      res.off('close', gone);
      req.off('aborted', gone);
    }
  }
}
