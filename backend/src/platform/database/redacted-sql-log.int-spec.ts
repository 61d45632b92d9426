import { Logger } from '@nestjs/common';
import { QueryFailedError, type DataSource } from 'typeorm';
import { createTestDataSource, testDatabaseKinds } from '../../../test/support/database';
import { toErrorResponse } from '../http/error-envelope.filter';

/**
 * Failed statements reach the log without their parameters: not through TypeORM's logger, nor through
 * the error envelope's lines about database errors.
 * Real: the database (PGlite, and PostgreSQL with DATABASE_URL) with the app's TypeORM options
 * (openDatabase), Nest's logger. Fake: nothing; every line written to the console is captured.
 */
describe.each(testDatabaseKinds())('failed SQL in the log (%s)', (kind) => {
  let dataSource: DataSource;
  let written: string[];

  beforeAll(async () => {
    dataSource = await createTestDataSource([], kind);
  });

  afterAll(() => dataSource?.destroy());

  beforeEach(() => {
    written = [];
    const capture = (...args: unknown[]) => void written.push(args.map(String).join(' '));
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) jest.spyOn(console, method).mockImplementation(capture);
    for (const stream of [process.stdout, process.stderr]) {
      jest.spyOn(stream, 'write').mockImplementation(((chunk: unknown) => (capture(chunk), true)) as typeof stream.write);
    }
  });

  afterEach(() => jest.restoreAllMocks());

  const SECRETS = {
    email: 'ann.secret@example.com',
    hash: 'scrypt$16384$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
    phone: '+1 555 010 4242',
  };

  async function failing<T>(statement: () => Promise<T>): Promise<QueryFailedError> {
    try {
      await statement();
    } catch (error) {
      if (error instanceof QueryFailedError) return error;
      throw error;
    }
    throw new Error('the statement did not fail');
  }

  it('logs a failed statement (a unique violation) with the kind of each parameter, never its value', async () => {
    const insert = () =>
      dataSource.query('INSERT INTO users (email, name, phone, password_hash) VALUES ($1, $2, $3, $4)', [SECRETS.email, 'Ann', SECRETS.phone, SECRETS.hash]);
    await insert();
    const error = await failing(insert);
    const log = written.join('\n');
    expect(log).toContain('INSERT INTO users');
    expect(log).toContain(`$1 <text, ${SECRETS.email.length} chars>`);
    expect(log).toContain('SQLSTATE 23505');
    for (const secret of Object.values(SECRETS)) expect(log).not.toContain(secret);

    // The error envelope's line about it says as little (the 409 itself names no value either).
    const logger = new Logger('Errors');
    expect(toErrorResponse(error, logger).status).toBe(409);
    for (const secret of Object.values(SECRETS)) expect(written.join('\n')).not.toContain(secret);
  });

  it('keeps the refused value out of the lines about a data exception and an unexpected failure', async () => {
    const refused = await failing(() => dataSource.query('SELECT 1 FROM users WHERE user_id = $1', [SECRETS.email]));
    const unexpected = await failing(() => dataSource.query('SELECT no_such_column FROM users WHERE email = $1', [SECRETS.email]));
    written = [];
    const logger = new Logger('Errors');
    expect(toErrorResponse(refused, logger).status).toBe(400);
    expect(toErrorResponse(unexpected, logger).status).toBe(500);
    const log = written.join('\n');
    expect(log).toContain('SQLSTATE 22P02');
    expect(log).toContain('SQLSTATE 42703');
    expect(log).not.toContain(SECRETS.email);
  });
});
