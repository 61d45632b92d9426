import { Logger as NestLogger } from '@nestjs/common';
import { AbstractLogger, type LogLevel, type LogMessage, type QueryRunner } from 'typeorm';

/**
 * What a bound parameter is, never what it holds: statements are logged (a failed one, a slow one,
 * all of them with `logging: 'all'`) with their parameters, and those carry password hashes,
 * addresses, phone numbers, codes. `$1 <text, 23 chars>` says enough to debug a statement.
 */
export function redactParameter(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `<text, ${value.length} chars>`;
  if (typeof value === 'number' || typeof value === 'bigint') return `<${typeof value}>`;
  if (typeof value === 'boolean') return '<boolean>';
  if (value instanceof Date) return '<timestamp>';
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (Array.isArray(value)) return `<array of ${value.length}>`;
  return '<json>';
}

export function redactParameters(parameters: unknown[] | Record<string, unknown> | undefined): string[] | undefined {
  if (!parameters) return undefined;
  const values = Array.isArray(parameters) ? parameters : Object.values(parameters);
  return values.map((value, index) => `$${index + 1} ${redactParameter(value)}`);
}

/**
 * A database error as a log line may show it: PostgreSQL quotes the value it refused in its message
 * (`invalid input syntax for type uuid: "…"`, `value "…" is out of range`), and `detail` repeats the
 * row (`Key (email)=(ann@example.com) already exists`). The message keeps its words with every quoted
 * part blanked; the SQLSTATE and the schema names (constraint, table, column) say the rest.
 */
export function describeDatabaseError(error: unknown): string {
  const driverError = ((error as { driverError?: unknown })?.driverError ?? error) as {
    message?: unknown;
    code?: unknown;
    constraint?: unknown;
    table?: unknown;
    column?: unknown;
  };
  const message = String(driverError?.message ?? error).replace(/"(?:[^"]|"")*"/g, '"…"');
  const names = (['constraint', 'table', 'column'] as const).filter((key) => typeof driverError?.[key] === 'string').map((key) => `${key} ${String(driverError[key])}`);
  const code = typeof driverError?.code === 'string' ? `SQLSTATE ${driverError.code}` : null;
  const facts = [code, ...names].filter(Boolean).join(', ');
  return facts ? `${message} (${facts})` : message;
}

/** The stack of a database error with its first line (the message, which may quote a value) redacted. */
export function redactedStack(error: Error): string | undefined {
  if (!error.stack) return undefined;
  const [, ...frames] = error.stack.split('\n');
  return [`${error.name}: ${describeDatabaseError(error)}`, ...frames.filter((line) => /^\s+at /.test(line))].join('\n');
}

/**
 * TypeORM's logger for the app: what TypeORM would print (failed and slow statements, migrations,
 * the levels `logging` enables), through Nest's logger, with every parameter redacted
 * (redactParameters) and database errors described by describeDatabaseError.
 */
export class RedactedSqlLog extends AbstractLogger {
  private readonly logger = new NestLogger('Database');

  override logQuery(query: string, parameters?: unknown[], queryRunner?: QueryRunner): void {
    super.logQuery(query, redactParameters(parameters), queryRunner);
  }

  override logQueryError(error: string | Error, query: string, parameters?: unknown[], queryRunner?: QueryRunner): void {
    super.logQueryError(describeDatabaseError(error), query, redactParameters(parameters), queryRunner);
  }

  override logQuerySlow(time: number, query: string, parameters?: unknown[], queryRunner?: QueryRunner): void {
    super.logQuerySlow(time, query, redactParameters(parameters), queryRunner);
  }

  protected override writeLog(level: LogLevel, logMessage: LogMessage | string | number | (LogMessage | string | number)[]): void {
    for (const message of Array.isArray(logMessage) ? logMessage : [logMessage]) {
      const { prefix, message: text, parameters } = typeof message === 'object' ? message : { prefix: undefined, message, parameters: undefined };
      const line = `${prefix ? `${prefix}: ` : ''}${String(text)}${parameters?.length ? ` -- parameters: ${(parameters as string[]).join(', ')}` : ''}`;
      if (level === 'warn' || level === 'error') this.logger.warn(line);
      else if (level === 'query' || level === 'schema') this.logger.debug(line);
      else this.logger.log(line);
    }
  }
}
